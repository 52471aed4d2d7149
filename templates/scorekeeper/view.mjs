// The scorekeeper's view: it only draws. `render(screen)` draws what the controller's `screen()`
// decided (numbers and dates already in the page's language), and each `bind…(handler)` hands a
// page event to the controller's action through app.mjs. It keeps no game state and never calls
// the store; what it remembers are the page's own nodes, found once per set of players.
import { fmt } from "./text.mjs";
import { CARD_TOTAL, SCORED } from "./controller.mjs";

/** A new element with its attributes (null, undefined and false ones left out) and text. */
function node(tag, attrs = {}, text) {
  const made = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) made.setAttribute(k, v);
  if (text !== undefined) made.textContent = text;
  return made;
}

/** Writes that touch the page only when the value differs, so a change relays out only what changed. */
function putText(target, text) {
  if (target.textContent !== text) target.textContent = text;
}

function putAttr(target, name, value) {
  if (value === null || value === undefined) {
    if (target.hasAttribute(name)) target.removeAttribute(name);
  } else if (target.getAttribute(name) !== value) target.setAttribute(name, value);
}

/** Redraw `target`'s children only when what they show (`key`) changed. */
function redrawOnce(target, key, draw) {
  if (target.dataset.drawn === key) return;
  target.dataset.drawn = key;
  draw();
}

/** The column (from 0) an element's data-column names (from 1); a one-column game's elements name none. */
function column(element) {
  return element.dataset.column ? Number(element.dataset.column) - 1 : 0;
}

/** Whether a name is cut short in its column head (clamped to two lines, or run out of its height). */
function overflows(span) {
  return span.scrollHeight > span.clientHeight + 1 || span.scrollWidth > span.clientWidth + 1;
}

export class View {
  constructor(model) {
    this.model = model;
    this.T = model.text;
    this.$ = (id) => document.getElementById(id);
    this.act = (name) => document.querySelector(`[data-action="${name}"]`);
    this.boxLabel = Object.fromEntries(model.boxes.map((b) => [b.name, b.label]));
    this.totalRows = new Set(model.totals.map((t) => t.name));
    // A card of several columns (Triple Yahtzee's ×1 ×2 ×3) draws a cell per column of each player's
    // card; its cells, options and typed boxes carry data-column (from 1) beside data-player.
    this.multipliers = model.game.columns;
    this.columns = this.multipliers.length;
    // The page's own title, in its language, whose rules title a loaded game's replaces.
    this.pageTitle = [document.title, this.$("title").textContent];
    this.drawnFor = "";
    this.parts = null; // the card's cells, found once per set of players
    this.historyKey = null;
    this.playing = false;
    this.bindNames();
    window.addEventListener("resize", () => this.fitNames());
  }

  // ---- drawing

  /** Show what an action returned, then draw the screen. */
  show(result, screen) {
    const focused = document.activeElement;
    this.$("alert").textContent = result.alert || "";
    if (result.live || result.status) this.$("status").textContent = result.live || result.status;
    else if (result.alert) this.$("status").textContent = "";
    this.render(screen);
    this.keepFocus(focused);
    return result;
  }

  /**
   * A control the drawing hid, removed or disabled (Cancel the correction, Back to the game) would
   * leave the keyboard's focus on nothing: it goes on to the dice, or to the first name in the setup.
   */
  keepFocus(focused) {
    if (!focused || focused === document.body) return;
    if (document.activeElement !== focused && document.activeElement !== document.body) return; // moved on already
    if (focused.isConnected && !focused.disabled && focused.getClientRects().length) return;
    const next = [this.$("dice"), document.querySelector("#names input")].find((el) => el?.getClientRects().length);
    next?.focus();
  }

  render(s) {
    this.playing = s.playing;
    this.$("setup").hidden = s.playing;
    this.$("game").hidden = !s.playing;
    this.act("back").hidden = !s.hasGame;
    this.$("set-aside").hidden = !s.setAside;
    putText(this.$("set-aside-text"), this.T.set_aside);
    this.drawHistory(s);
    if (!s.playing) {
      if (!this.$("names").children.length) this.drawNames(s.names);
      return;
    }
    const set = s.d.set;
    putText(this.$("title"), set.title);
    putText(this.$("edition"), set.edition);
    const title = this.pageTitle[0].replace(this.pageTitle[1], set.title);
    if (document.title !== title) document.title = title;
    putText(this.$("printed-on"), s.printedOn);
    putText(this.$("game-heading"), s.heading);
    putText(this.$("card-caption"), s.caption);
    this.drawCard(s);
    this.drawSeries(s);
    this.drawTurn(s);
  }

  // ---- setup: the names typed (the form's own editing, no game in it)

  drawNames(names) {
    const list = this.$("names");
    list.replaceChildren();
    names.forEach((name, i) => {
      const item = node("li");
      const id = `name-${i + 1}`;
      item.append(node("label", { for: id }, fmt(this.T.player_label, { number: i + 1 })));
      const input = node("input", { id, name: "name", "data-input": "player-name", autocomplete: "off", maxlength: this.model.constants.max_name_length * 2 });
      input.value = name;
      item.append(input);
      if (names.length > 1) {
        const label = fmt(this.T.remove_player, { number: i + 1 });
        item.append(node("button", { type: "button", "data-remove": i, "aria-label": label }, this.T.remove));
      }
      list.append(item);
    });
    this.act("add-player").disabled = names.length >= this.model.constants.max_players;
  }

  typedNames() {
    return [...document.querySelectorAll('#names input[data-input="player-name"]')].map((x) => x.value);
  }

  bindNames() {
    this.$("names").addEventListener("click", (event) => {
      const button = event.target.closest("[data-remove]");
      if (!button) return;
      const names = this.typedNames();
      names.splice(Number(button.dataset.remove), 1);
      this.drawNames(names);
      this.$("names").querySelector("input").focus();
    });
    this.act("add-player").addEventListener("click", () => {
      const names = this.typedNames();
      if (names.length < this.model.constants.max_players) this.drawNames([...names, ""]);
      const inputs = document.querySelectorAll("#names input");
      inputs[inputs.length - 1].focus();
    });
  }

  // ---- the card

  buildCard(s) {
    const d = s.d;
    const key = JSON.stringify([d.game.players, d.game.rules]);
    if (key === this.drawnFor) return;
    this.drawnFor = key;
    const players = d.game.players;
    const table = this.$("card");
    const C = this.columns;
    table.style.setProperty("--players", players.length);
    if (C > 1) table.style.setProperty("--columns", C);
    // The narrowest screens turn these names; a name over several columns has room enough.
    table.toggleAttribute("data-crowded", players.length > 3 && C === 1);
    table.tHead.replaceChildren(...this.headRows(players, s.short, (i) => ({ "data-head": "", "data-player": i + 1 }), true));
    // The current player's columns are shaded through their <col>s: a few elements change per turn, not columns of cells.
    const cols = [node("col"), ...players.flatMap((_, i) => this.multipliers.map(() => node("col", { class: "player-col" })))];
    table.querySelector("colgroup").replaceChildren(...cols);
    const parts = { boxes: [], totals: [], again: [] };
    table.tBodies[0].replaceChildren(...this.bodyRows(players.length * C, (row, r, tr) => {
      players.forEach((_, i) => {
        if (row.key === CARD_TOTAL) {
          const td = node("td", { "data-player": i + 1, "data-total": row.key, colspan: C, class: "num" });
          parts.totals.push({ td, i, k: 0, total: row.key });
          tr.append(td);
          return;
        }
        this.multipliers.forEach((_, k) => {
          const column = C > 1 ? k + 1 : null;
          let td;
          if (row.total) {
            const named = !row.slug.endsWith("_again") && this.totalRows.has(row.key);
            td = node("td", { "data-player": named ? i + 1 : null, "data-column": named ? column : null, "data-total": named ? row.key : null, "data-again": named ? null : row.key, class: "num" });
            parts[named ? "totals" : "again"].push({ td, i, k, total: row.key });
          } else {
            const id = C > 1 ? `cell-${i}-${k + 1}-${row.key}` : `cell-${i}-${row.key}`;
            td = node("td", { id, "data-player": i + 1, "data-column": column, "data-box": row.key, class: "num cell", role: "gridcell" });
            parts.boxes.push({ td, i, k, box: row.key, shown: null });
          }
          tr.append(td);
        });
      });
      tr.querySelector("th").append(node("span", { class: "hint", "data-hint": r }));
    }));
    this.parts = {
      ...parts,
      cols: cols.slice(1),
      hints: [...table.querySelectorAll("[data-hint]")],
      heads: [...table.querySelectorAll("th.player")].map((th) => ({ th, badge: th.querySelector(".badge") })),
    };
    this.fitNames();
  }

  /**
   * A card's head: the corner and each player's head (`attrs(i)` adds to it), and on a card of several
   * columns a second row of each column's multiplier (×1 ×2 ×3) under the player's head, which spans them.
   */
  headRows(players, short, attrs, badges) {
    const C = this.columns;
    const head = node("tr");
    head.append(node("th", { scope: "col", class: "corner", rowspan: C > 1 ? 2 : null }, this.T.box));
    players.forEach((name, i) => {
      const th = this.playerHead(name, short[i], { ...attrs(i), colspan: C > 1 ? C : null, scope: C > 1 ? "colgroup" : "col" });
      if (badges) th.append(node("span", { class: "badge" }));
      head.append(th);
    });
    if (C === 1) return [head];
    const times = node("tr", { class: "multipliers" });
    players.forEach((name, i) =>
      this.multipliers.forEach((m, k) => times.append(node("th", { scope: "col", class: "multiplier", "data-player": i + 1, "data-column": k + 1, title: name }, `\u00d7${m}`))),
    );
    return [head, times];
  }

  /** A box as the card and its lists name it: with its column's multiplier on a card of several (its label ×2). */
  slotLabel(box, k) {
    return this.columns > 1 ? `${this.boxLabel[box]} \u00d7${this.multipliers[k]}` : this.boxLabel[box];
  }

  /** A player's column head: the whole name, and its shortest distinct form for a column too narrow for it. */
  playerHead(name, short, attrs = {}) {
    const th = node("th", { scope: "col", class: "player", title: name, ...attrs });
    th.append(node("span", { class: "name" }, name), node("abbr", { class: "short", title: name, "aria-hidden": "true" }, short));
    return th;
  }

  /** A card's rows under their section heads, each with its label; `fill(row, index, tr)` adds the cells. */
  bodyRows(cells, fill) {
    const rows = [];
    let section = null;
    this.model.rows.forEach((row, r) => {
      if (row.section !== section) {
        section = row.section;
        const tr = node("tr", { class: "section" });
        const label = this.model.sections.find((x) => x.name === section).label;
        const th = node("th", { scope: "colgroup", colspan: cells + 1 }, this.columns > 1 ? undefined : label);
        // On a card of several columns, which may scroll sideways, the section's name stays in view at the left.
        if (this.columns > 1) th.append(node("span", { class: "section-name" }, label));
        tr.append(th);
        rows.push(tr);
      }
      const tr = node("tr", { class: row.total ? `total ${row.key}` : "box" });
      const label = row.total ? this.model.totals.find((t) => t.name === row.key).label : this.boxLabel[row.key];
      const th = node("th", { scope: "row" });
      th.append(node("span", { class: "label" }, label));
      tr.append(th);
      fill(row, r, tr);
      rows.push(tr);
    });
    return rows;
  }

  /** Each column head shows the whole name where it fits, else its shortest distinct beginning. */
  fitNames() {
    const heads = [...document.querySelectorAll(".card th.player")].filter((th) => th.querySelector(".short"));
    for (const th of heads) th.removeAttribute("data-cut");
    const cut = heads.map((th) => overflows(th.querySelector(".name"))); // measured first, then marked: one layout
    heads.forEach((th, i) => th.toggleAttribute("data-cut", cut[i]));
  }

  drawCard(s) {
    this.buildCard(s);
    const { d, ui, num } = s;
    const parts = this.parts;
    const hints = d.set.hints;
    for (const span of parts.hints) putText(span, hints[Number(span.dataset.hint)]);
    const players = d.game.players;
    const correcting = ui.correcting;
    parts.cols.forEach((col, n) => col.classList.toggle("mine", Math.floor(n / this.columns) === d.target));
    for (const cell of parts.boxes) {
      const { td, i, k, box } = cell;
      const value = d.wholes[i][k].boxes[box];
      const entry = d.byCell.get(`${i}:${k}:${box}`);
      const chosen = i === d.target && box === ui.box && k === ui.column;
      const fixing = Boolean(correcting && correcting.player === i && correcting.box === box && (correcting.column ?? 0) === k);
      const shown = `${value}|${entry && entry.bonus}|${entry && !entry.dice}|${chosen}|${fixing}`;
      if (cell.shown === shown) continue; // only the cells that changed are touched
      cell.shown = shown;
      putText(td, value === undefined ? "" : num(value));
      putAttr(td, "data-tick", entry && entry.bonus ? "\u2713" : null);
      putAttr(td, "aria-label", fmt(this.T.cell, { name: players[i], box: this.slotLabel(box, k), value: value === undefined ? this.T.empty : num(value) }));
      td.classList.toggle("typed", Boolean(entry && !entry.dice));
      td.classList.toggle("chosen", chosen);
      td.classList.toggle("correcting", fixing);
    }
    for (const { td, i, k, total } of parts.totals) {
      putText(td, num(this.totalValue(d, i, k, total)));
      if (total === "upper_bonus") putAttr(td, "data-note", d.notes[i][k]);
    }
    for (const { td, i, k, total } of parts.again) putText(td, num(d.columnTotals[i][k][total]));
    parts.heads.forEach(({ th, badge }, i) => {
      const lead = d.ahead.includes(i);
      const now = !d.finished && i === d.target;
      putText(badge, now ? `\u25B6 ${this.T.turn_now}` : lead ? (d.finished ? this.T.wins : this.T.leads) : "");
      th.classList.toggle("leader", lead);
      th.classList.toggle("next", now);
      putAttr(th, "aria-current", now ? "true" : null);
    });
    const active = this.$(s.cursor);
    for (const { td } of parts.boxes) td.classList.toggle("active", td === active);
    if (active) putAttr(this.$("card"), "aria-activedescendant", active.id);
  }

  /** A total's cell: its column's total, the scored row's (that times the multiplier), or the player's grand total. */
  totalValue(d, i, k, total) {
    if (total === CARD_TOTAL) return d.current[i].grand_total;
    if (total === SCORED) return d.columnTotals[i][k].grand_total * this.multipliers[k];
    return this.columns > 1 ? d.columnTotals[i][k][total] : d.current[i][total];
  }

  drawSeries(s) {
    const wrap = this.$("series");
    wrap.hidden = !s.seriesRows;
    if (!s.seriesRows) return;
    this.fillSeries(wrap.querySelector("table"), s.d.game.players, s.seriesRows, wrap);
  }

  /** A series table: a row per game and the series total, for `players`; `games` and `sums` are text. */
  fillSeries(table, players, { games, sums }, keyed = null) {
    const build = () => {
      const head = node("tr");
      head.append(node("th", { scope: "col" }, this.T.game));
      for (const name of players) head.append(node("th", { scope: "col", class: "player", title: name }, name));
      table.tHead.replaceChildren(head);
      const rows = games.map((_, g) => {
        const tr = node("tr");
        tr.append(node("th", { scope: "row" }, fmt(this.T.game_number, { number: g + 1 })));
        players.forEach(() => tr.append(node("td", { class: "num" })));
        return tr;
      });
      const tr = node("tr", { class: "total grand_total" });
      tr.append(node("th", { scope: "row" }, this.model.series_total_label));
      players.forEach((_, i) => tr.append(node("td", { class: "num", "data-player": keyed ? i + 1 : null, "data-total": keyed ? "series_total" : null })));
      table.tBodies[0].replaceChildren(...rows, tr);
    };
    if (keyed) redrawOnce(keyed, JSON.stringify([players, games.length]), build);
    else build();
    games.forEach((gameTotals, g) => gameTotals.forEach((t, i) => putText(table.tBodies[0].rows[g].cells[i + 1], t)));
    sums.forEach((n, i) => putText(table.tBodies[0].rows[games.length].cells[i + 1], n));
  }

  // ---- the entry panel

  drawTurn(s) {
    const { d, ui } = s;
    putText(this.$("current-player"), s.whoText);
    this.$("turn-player").value = String(d.target);
    putText(this.$("whose-label"), s.whoLabel);
    this.act("cancel-correction").hidden = !ui.correcting;
    this.$("turn").classList.toggle("correcting", Boolean(ui.correcting));
    this.$("typed").classList.toggle("correcting", Boolean(ui.correcting));
    const typed = ui.dice.join("");
    if (this.$("dice").value.replace(/[\s,-]/g, "") !== typed) this.$("dice").value = typed;
    const shown = this.$("dice-shown");
    redrawOnce(shown, typed, () =>
      shown.replaceChildren(
        ...ui.dice.map((face, i) => {
          const button = node("button", { type: "button", class: "die-button", "data-die": i, "aria-label": fmt(this.T.remove_die, { face }) });
          button.append(this.$(`die-${face}`).content.firstElementChild.cloneNode(true));
          return button;
        }),
      ),
    );
    this.$("scratch-row").hidden = !s.canScratch;
    this.$("scratch").checked = ui.scratch;
    const list = this.$("option-list");
    const chosen = ui.correcting ? ui.correcting.box : ui.box;
    const column = ui.correcting ? ui.correcting.column ?? 0 : ui.column;
    redrawOnce(list, JSON.stringify([d.finished && !ui.correcting, ui.dice, d.offered, d.extraBonus, chosen, column]), () => this.drawOptions(list, s, chosen, column));
    const select = this.$("score-box");
    if (!select.options.length) select.replaceChildren(...s.boxList.map((b) => node("option", this.boxOption(b.name, b.column))));
    s.boxList.forEach((b, n) => putText(select.options[n], b.text));
    select.value = this.boxOption(s.box, s.column).value;
    putText(this.$("score-help"), s.holds);
    this.act("clear-box").disabled = !s.canClear;
    this.act("tick-bonus").disabled = Boolean(s.tickRefused);
    putText(this.$("tick-help"), s.tickRefused || "");
  }

  /** A typed-score list's option for a box (of a column, on a card of several): its value and data- attributes. */
  boxOption(box, k) {
    if (this.columns === 1) return { value: box };
    return { value: `${k + 1}:${box}`, "data-box": box, "data-column": k + 1 };
  }

  /** The box chosen in the typed-score list, and its column (from 0). */
  listedSlot() {
    const option = this.$("score-box").selectedOptions[0];
    if (this.columns === 1 || !option) return [this.$("score-box").value, 0];
    return [option.dataset.box, Number(option.dataset.column) - 1];
  }

  /** Where the roll may go: the boxes offered with their scores (the one chosen marked), or what is missing. */
  drawOptions(list, s, chosen, column = 0) {
    const { d, ui } = s;
    const K = this.model.constants;
    list.replaceChildren();
    if (d.finished && !ui.correcting) {
      list.append(node("p", { class: "help" }, this.T.every_filled));
    } else if (ui.dice.length < K.dice_count) {
      list.append(node("p", { class: "help" }, fmt(this.T.dice_count, { have: ui.dice.length, count: K.dice_count })));
    } else {
      if (d.extraBonus) list.append(node("p", { class: "help" }, fmt(this.T.extra_yahtzee, { bonus: s.num(K.yahtzee_bonus) })));
      for (const option of d.offered) {
        if (option.refused) {
          list.append(node("p", { class: "help" }, fmt(this.T.not_written, { reason: option.refused })));
          continue;
        }
        const k = option.column ?? 0;
        const mine = option.box === chosen && k === column;
        const attrs = { type: "button", class: mine ? "option chosen" : "option", "data-option": option.box, "data-column": this.columns > 1 ? k + 1 : null };
        const button = node("button", { ...attrs, "aria-current": mine ? "true" : null });
        button.append(node("span", {}, this.slotLabel(option.box, k)), node("strong", {}, s.num(option.score)));
        list.append(button);
      }
    }
  }

  // ---- the past games

  drawHistory(s) {
    const [history, viewing] = s.historyKey;
    if (this.historyKey && this.historyKey[0] === history && this.historyKey[1] === viewing) return;
    this.historyKey = s.historyKey;
    const list = document.querySelector("[data-history]");
    // The button the user was on is focused again once the list is redrawn (focus stays where it was).
    const was = document.activeElement?.closest?.("[data-history] [data-action][data-id]");
    const again = was ? [was.dataset.action, was.dataset.id] : null;
    const items = s.history().map((game) => {
      const item = node("li", { "data-history-game": game.id });
      item.append(node("p", { class: "what" }, game.what), node("p", { class: "note" }, game.note));
      const buttons = node("div", { class: "buttons" });
      const button = (action, text, attrs = {}) => node("button", { type: "button", "data-action": action, "data-id": game.id, ...attrs }, text);
      if (!game.finished) buttons.append(button("resume", this.T.resume));
      buttons.append(
        button("view-game", game.viewing ? this.T.hide : this.T.view, { "aria-expanded": String(game.viewing) }),
        button("export-game", this.T.export),
        button("delete-game", this.T.delete),
      );
      item.append(buttons);
      if (game.rows) {
        const card = this.pastCard(game);
        // A card of several columns scrolls sideways in its own box, as the live one does.
        const scroll = this.columns > 1 ? node("div", { class: "card-scroll" }) : null;
        if (scroll) scroll.append(card);
        item.append(scroll || card);
      }
      if (game.series) {
        const table = node("table", { class: "card series past" });
        table.append(node("thead"), node("tbody"));
        this.fillSeries(table, game.players, game.series);
        item.append(table);
      }
      return item;
    });
    list.replaceChildren(...items);
    if (items.some((item) => item.querySelector("table.past"))) this.fitNames();
    if (again) {
      const target = [...list.querySelectorAll("[data-action][data-id]")].find((b) => b.dataset.action === again[0] && b.dataset.id === again[1]);
      (target || list.closest("details").querySelector("summary")).focus();
    }
    list.hidden = !items.length; // no past game: one plain line, not a numbered list of one
    const empty = document.querySelector("[data-history-empty]");
    putText(empty, this.T.no_history);
    empty.hidden = items.length > 0;
    putText(this.$("history-count"), `(${history.length})`);
  }

  /** A past game's last card, to read: every row the live card shows, boxes, bonuses and totals. */
  pastCard(game) {
    // Crowded as the live card is: on the narrowest screens four or more names run up their columns.
    const table = node("table", { class: "card past", "data-crowded": game.players.length > 3 && this.columns === 1 });
    table.append(node("thead"), node("tbody"));
    table.tHead.append(...this.headRows(game.players, game.short, () => ({}), false));
    const rows = game.rows;
    table.tBodies[0].append(...this.bodyRows(game.players.length * this.columns, (_, r, tr) => {
      const { span, values } = rows[r];
      values.forEach((value, n) => {
        // One value per player, or per column of each player's card; a value spanning them is the player's own.
        const [i, k] = span > 1 || this.columns === 1 ? [n, null] : [Math.floor(n / this.columns), (n % this.columns) + 1];
        const attrs = { class: "num", "data-player": i + 1, "data-column": k, colspan: span > 1 ? span : null };
        tr.append(node("td", { ...attrs, [rows[r].total ? "data-total" : "data-box"]: rows[r].key }, value));
      });
    }));
    return table;
  }

  // ---- files

  download({ name, text }) {
    const link = node("a", { download: name });
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  confirm(question) {
    return window.confirm(question);
  }

  // ---- bindings: each hands a page event to `handler`, which returns what the action said

  on(name, handler) {
    this.act(name).addEventListener("click", (event) => handler(event));
  }

  bindStart(handler) {
    this.$("players-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const result = handler(this.typedNames());
      if (!result.alert) {
        this.$("names").replaceChildren();
        this.$("dice").focus();
      }
    });
  }

  bindBack(handler) {
    this.on("back", () => {
      this.$("names").replaceChildren();
      handler();
    });
  }

  bindNewPlayers(handler) {
    this.on("new-players", () => {
      this.$("names").replaceChildren();
      handler();
      document.querySelector("#names input").focus();
    });
  }

  /** The dice typed, and Enter in their field: it goes to the box chosen (or the first offered), never writes. */
  bindDice(typed, enter) {
    const dice = this.$("dice");
    dice.addEventListener("input", () => typed(dice.value));
    dice.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      const result = enter();
      const column = result.column === undefined ? "" : `[data-column="${result.column + 1}"]`;
      if (result.focus) document.querySelector(`#option-list [data-option="${result.focus}"]${column}`)?.focus();
    });
  }

  bindFaces(add, remove) {
    for (const button of document.querySelectorAll("[data-face]")) button.addEventListener("click", () => add(Number(button.dataset.face)));
    this.$("dice-shown").addEventListener("click", (event) => {
      const button = event.target.closest("[data-die]");
      if (button) remove(Number(button.dataset.die));
    });
  }

  bindClearDice(handler) {
    this.on("clear-dice", () => {
      handler();
      this.$("dice").focus();
    });
  }

  bindPlace(handler) {
    this.$("option-list").addEventListener("click", (event) => {
      const button = event.target.closest("[data-option]");
      if (button && !handler(button.dataset.option, column(button)).alert) this.$("dice").focus();
    });
  }

  bindScratch(handler) {
    this.$("scratch").addEventListener("change", () => handler(this.$("scratch").checked));
  }

  bindChooseBox(handler) {
    this.$("score-box").addEventListener("change", () => handler(...this.listedSlot()));
  }

  bindWriteScore(handler) {
    this.$("turn").addEventListener("submit", (event) => event.preventDefault());
    this.$("typed").addEventListener("submit", (event) => {
      event.preventDefault();
      const [box, k] = this.listedSlot();
      if (!handler(box, this.$("score").value, k).alert) this.$("score").value = "";
    });
  }

  bindBoxButtons(clear, tick) {
    this.on("clear-box", () => clear(...this.listedSlot()));
    this.on("tick-bonus", () => tick(...this.listedSlot()));
  }

  /** The Undo button, and Ctrl+Z or Cmd+Z outside a field that has its own undo. */
  bindUndo(handler) {
    this.on("undo", () => handler());
    document.addEventListener("keydown", (event) => {
      if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey) return;
      const target = event.target;
      if (target.matches?.("input:not([type=checkbox]), select") && target.value) return; // the field's own undo
      if (!this.playing) return;
      event.preventDefault();
      handler();
    });
  }

  bindButtons(handlers) {
    for (const [name, handler] of Object.entries(handlers)) this.on(name, () => handler());
    this.on("print", () => window.print());
  }

  bindImport(handler) {
    this.$("import").addEventListener("change", (event) => {
      const input = event.target;
      const file = input.files[0];
      input.value = "";
      if (file) handler(file);
    });
  }

  /** The past games' buttons: `handlers` by data-action (resume, view-game, export-game, delete-game), given the game's id. */
  bindHistory(handlers) {
    document.querySelector("[data-history]").addEventListener("click", (event) => {
      const button = event.target.closest("[data-action][data-id]");
      if (button && handlers[button.dataset.action]) handlers[button.dataset.action](button.dataset.id);
    });
  }

  /** The card: a tap on a cell, the arrow keys moving its cursor, Enter or Space on the cell under it. */
  bindCard({ tap, move, focus, enter }) {
    const card = this.$("card");
    card.addEventListener("click", (event) => {
      const td = event.target.closest("td[data-box]");
      if (td) tap(Number(td.dataset.player) - 1, td.dataset.box, column(td));
    });
    card.addEventListener("focus", () => focus());
    const rows = this.model.rows.filter((r) => !r.total).length;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [-rows, 0], End: [rows, 0] };
    card.addEventListener("keydown", (event) => {
      if (moves[event.key]) {
        event.preventDefault();
        move(...moves[event.key]);
        document.getElementById(card.getAttribute("aria-activedescendant"))?.scrollIntoView({ block: "nearest", inline: "nearest" });
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        enter();
      }
    });
  }

  /** The page hidden or closed (`leave`), and another tab's save (`storage`, given its key). */
  bindPage(leave, storage) {
    window.addEventListener("pagehide", () => leave());
    document.addEventListener("visibilitychange", () => leave());
    window.addEventListener("storage", (event) => storage(event.key));
  }
}
