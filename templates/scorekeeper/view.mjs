// The scorekeeper's view: draws what the controller derives and binds the page's events to its
// actions. The card's rows and columns are built once per set of players; a change only rewrites
// the cells' text. Every sentence comes from the model blob (model.text).
import { allowedText, possibleScores, canScratch, isExtraYahtzee } from "./engine.mjs";
import { Store } from "./store.mjs";
import { Controller } from "./controller.mjs";
import { fmt } from "./text.mjs";

const model = JSON.parse(document.getElementById("model").textContent);
const T = model.text;
const K = model.constants;
const TOTAL_ROWS = new Set(model.totals.map((t) => t.name));
const BOX_ROWS = model.rows.filter((r) => !r.total).map((r) => r.key);
const boxLabel = Object.fromEntries(model.boxes.map((b) => [b.name, b.label]));
const $ = (id) => document.getElementById(id);
const act = (name) => document.querySelector(`[data-action="${name}"]`);

/** After the next frame is drawn (or a tenth of a second, in a tab that draws none): a save waits for it. */
function afterFrame(write) {
  const timer = setTimeout(write, 100);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      write();
    }),
  );
}

const store = new Store(model, localStorage, { later: afterFrame, refused: () => show({ alert: T.not_saved }) }).load();
const controller = new Controller(model, store);
const focus = { row: 0, col: 0 };

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Writes that touch the page only when the value differs, so a change relays out only what changed. */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function setAttr(node, name, value) {
  if (value === null || value === undefined) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Redraw `node`'s children only when what they show (`key`) changed. */
function redraw(node, key, draw) {
  if (node.dataset.drawn === key) return;
  node.dataset.drawn = key;
  draw();
}

function dieSvg(face) {
  return $(`die-${face}`).content.firstElementChild.cloneNode(true);
}

/** Show what an action returned, then redraw. */
function show(result = {}) {
  $("alert").textContent = result.alert || "";
  if (result.live || result.status) $("status").textContent = result.live || result.status;
  else if (result.alert) $("status").textContent = "";
  render();
  return result;
}

function download(name, text) {
  const link = el("a", { download: name });
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function exportGame(game) {
  const file = controller.exportFile(game);
  download(file.name, file.text);
  return { status: fmt(T.exported, { name: file.name }) };
}

// ---- setup ----

function drawNames(names) {
  const list = $("names");
  list.replaceChildren();
  names.forEach((name, i) => {
    const item = el("li");
    const id = `name-${i + 1}`;
    item.append(el("label", { for: id }, fmt(T.player_label, { number: i + 1 })));
    const input = el("input", { id, name: "name", "data-input": "player-name", autocomplete: "off", maxlength: K.max_name_length * 2 });
    input.value = name;
    item.append(input);
    if (names.length > 1) {
      const remove = el("button", { type: "button", "aria-label": fmt(T.remove_player, { number: i + 1 }) }, T.remove);
      remove.addEventListener("click", () => {
        const current = typedNames();
        current.splice(i, 1);
        drawNames(current);
        list.querySelector("input").focus();
      });
      item.append(remove);
    }
    list.append(item);
  });
  act("add-player").disabled = names.length >= K.max_players;
}

function typedNames() {
  return [...document.querySelectorAll('#names input[data-input="player-name"]')].map((x) => x.value);
}

// ---- the card ----

let drawnFor = "";
let parts = null; // the card's cells, found once per build

function buildCard(d) {
  const key = JSON.stringify([d.game.players, d.game.rules]);
  if (key === drawnFor) return;
  drawnFor = key;
  const players = d.game.players;
  const table = $("card");
  table.style.setProperty("--players", players.length);
  table.toggleAttribute("data-crowded", players.length > 3); // the narrowest screens turn these names
  const head = el("tr");
  head.append(el("th", { scope: "col", class: "corner" }, T.box));
  players.forEach((name, i) => {
    const th = el("th", { scope: "col", class: "player", "data-head": "", "data-player": i + 1, title: name });
    th.append(el("span", { class: "name" }, name), el("span", { class: "badge" }));
    head.append(th);
  });
  table.tHead.replaceChildren(head);
  // The current player's column is shaded through its <col>: one element changes per turn, not a column of cells.
  const cols = [el("col"), ...players.map(() => el("col", { class: "player-col" }))];
  table.querySelector("colgroup").replaceChildren(...cols);
  const body = table.tBodies[0];
  body.replaceChildren();
  let section = null;
  model.rows.forEach((row, r) => {
    if (row.section !== section) {
      section = row.section;
      const tr = el("tr", { class: "section" });
      tr.append(el("th", { scope: "colgroup", colspan: players.length + 1 }, model.sections.find((s) => s.name === section).label));
      body.append(tr);
    }
    const tr = el("tr", { class: row.total ? `total ${row.key}` : "box" });
    const th = el("th", { scope: "row" });
    const label = row.total ? model.totals.find((t) => t.name === row.key).label : boxLabel[row.key];
    th.append(el("span", { class: "label" }, label), el("span", { class: "hint", "data-hint": r }));
    tr.append(th);
    players.forEach((_, i) => {
      if (row.total) {
        const named = !row.slug.endsWith("_again") && TOTAL_ROWS.has(row.key);
        tr.append(el("td", { "data-player": named ? i + 1 : null, "data-total": named ? row.key : null, "data-again": named ? null : row.key, class: "num" }));
      } else {
        tr.append(el("td", { id: `cell-${i}-${row.key}`, "data-player": i + 1, "data-box": row.key, class: "num cell", role: "gridcell" }));
      }
    });
    body.append(tr);
  });
  parts = {
    cols: cols.slice(1),
    hints: [...table.querySelectorAll("[data-hint]")],
    boxes: [...table.querySelectorAll("td[data-box]")].map((td) => ({ td, i: Number(td.dataset.player) - 1, box: td.dataset.box, shown: null })),
    totals: [...table.querySelectorAll("td[data-total]")].map((td) => ({ td, i: Number(td.dataset.player) - 1, total: td.dataset.total })),
    again: [...table.querySelectorAll("td[data-again]")].map((td) => ({ td, i: td.cellIndex - 1, total: td.dataset.again })),
    heads: [...table.querySelectorAll("th.player")].map((th) => ({ th, badge: th.querySelector(".badge") })),
  };
}

function drawCard(d) {
  buildCard(d);
  const hints = d.set.hints;
  for (const span of parts.hints) setText(span, hints[Number(span.dataset.hint)]);
  const players = d.game.players;
  const correcting = controller.ui.correcting;
  parts.cols.forEach((col, i) => col.classList.toggle("mine", i === d.target));
  for (const cell of parts.boxes) {
    const { td, i, box } = cell;
    const value = d.cards[i].boxes[box];
    const entry = d.byCell.get(`${i}:${box}`);
    const chosen = i === d.target && box === controller.ui.box;
    const fixing = Boolean(correcting && correcting.player === i && correcting.box === box);
    const shown = `${value}|${entry && entry.bonus}|${entry && !entry.dice}|${chosen}|${fixing}`;
    if (cell.shown === shown) continue; // only the cells that changed are touched
    cell.shown = shown;
    setText(td, value === undefined ? "" : String(value));
    setAttr(td, "data-tick", entry && entry.bonus ? "\u2713" : null);
    setAttr(td, "aria-label", fmt(T.cell, { name: players[i], box: boxLabel[box], value: value === undefined ? T.empty : value }));
    td.classList.toggle("typed", Boolean(entry && !entry.dice));
    td.classList.toggle("chosen", chosen);
    td.classList.toggle("correcting", fixing);
  }
  for (const { td, i, total } of parts.totals) {
    const t = d.current[i];
    setText(td, String(t[total]));
    if (total === "upper_bonus") {
      const short = K.upper_bonus_threshold - t.upper_subtotal;
      const open = model.boxes.some((b) => b.section === "upper" && !(b.name in d.cards[i].boxes));
      setAttr(td, "data-note", t.upper_bonus ? "" : open ? `\u2212${short}` : "\u2013");
    }
  }
  for (const { td, i, total } of parts.again) setText(td, String(d.current[i][total]));
  parts.heads.forEach(({ th, badge }, i) => {
    const lead = d.ahead.includes(i);
    const now = !d.finished && i === d.target;
    setText(badge, now ? `\u25B6 ${T.turn_now}` : lead ? (d.finished ? T.wins : T.leads) : "");
    th.classList.toggle("leader", lead);
    th.classList.toggle("next", now);
    setAttr(th, "aria-current", now ? "true" : null);
  });
  const active = $(`cell-${focus.col}-${BOX_ROWS[focus.row]}`);
  for (const { td } of parts.boxes) td.classList.toggle("active", td === active);
  if (active) setAttr($("card"), "aria-activedescendant", active.id);
}

function drawSeries(d) {
  const wrap = $("series");
  wrap.hidden = !d.series;
  if (!d.series) return;
  const table = wrap.querySelector("table");
  redraw(wrap, JSON.stringify([d.game.players, d.allTotals.length]), () => buildSeries(table, d));
  d.allTotals.forEach((gameTotals, g) => gameTotals.forEach((t, i) => setText(table.tBodies[0].rows[g].cells[i + 1], String(t.grand_total))));
  d.series.forEach((n, i) => setText(table.tBodies[0].rows[d.allTotals.length].cells[i + 1], String(n)));
}

/** The series table's rows and columns, for its players and games so far; drawSeries fills the numbers. */
function buildSeries(table, d) {
  const head = el("tr");
  head.append(el("th", { scope: "col" }, T.game));
  for (const name of d.game.players) head.append(el("th", { scope: "col", class: "player", title: name }, name));
  table.tHead.replaceChildren(head);
  const rows = d.allTotals.map((gameTotals, g) => {
    const tr = el("tr");
    tr.append(el("th", { scope: "row" }, fmt(T.game_number, { number: g + 1 })));
    gameTotals.forEach(() => tr.append(el("td", { class: "num" })));
    return tr;
  });
  const tr = el("tr", { class: "total grand_total" });
  tr.append(el("th", { scope: "row" }, model.series_total_label));
  d.series.forEach((_, i) => tr.append(el("td", { class: "num", "data-player": i + 1, "data-total": "series_total" })));
  table.tBodies[0].replaceChildren(...rows, tr);
}

// ---- the entry panel ----

function drawTurn(d) {
  const ui = controller.ui;
  // A finished game names its winners, not the player a next turn would go to (player 1).
  setText($("current-player"), d.finished && !ui.correcting ? d.result : d.game.players[d.target]);
  $("turn-player").value = String(d.target);
  setText($("whose-label"), ui.correcting ? fmt(T.correcting_label, { box: boxLabel[ui.correcting.box] }) : d.finished ? T.finished_label : T.turn_label);
  act("cancel-correction").hidden = !ui.correcting;
  $("turn").classList.toggle("correcting", Boolean(ui.correcting));
  $("typed").classList.toggle("correcting", Boolean(ui.correcting));
  const typed = ui.dice.join("");
  if ($("dice").value.replace(/[\s,-]/g, "") !== typed) $("dice").value = typed;
  const shown = $("dice-shown");
  redraw(shown, typed, () =>
    shown.replaceChildren(
      ...ui.dice.map((face, i) => {
        const button = el("button", { type: "button", class: "die-button", "data-die": i, "aria-label": fmt(T.remove_die, { face }) });
        button.append(dieSvg(face));
        return button;
      }),
    ),
  );
  $("scratch-row").hidden = !canScratch(d.rules);
  $("scratch").checked = ui.scratch;
  const list = $("option-list");
  const card = d.cards[d.target];
  const listed = JSON.stringify([d.finished && !ui.correcting, ui.dice, d.offered, card.boxes[model.yahtzee_box]]);
  redraw(list, listed, () => drawOptions(list, d, card));
  const select = $("score-box");
  if (!select.options.length) select.replaceChildren(...model.boxes.map((b) => el("option", { value: b.name }, b.label)));
  model.boxes.forEach((b, n) => setText(select.options[n], b.name in card.boxes ? `${b.label} (${card.boxes[b.name]})` : b.label));
  const open = model.boxes.find((b) => !(b.name in card.boxes));
  select.value = ui.box || (open ? open.name : model.boxes[0].name);
  const box = select.value;
  setText($("score-help"), fmt(T.holds, { box: boxLabel[box], allowed: allowedText(model, possibleScores(model, d.rules, box)) }));
  act("clear-box").disabled = !(box in card.boxes);
  act("tick-bonus").disabled = !controller.canTick(box);
}

/** Where the roll may go: the boxes offered with their scores, or what is missing. */
function drawOptions(list, d, card) {
  const ui = controller.ui;
  list.replaceChildren();
  if (d.finished && !ui.correcting) {
    list.append(el("p", { class: "help" }, T.every_filled));
  } else if (ui.dice.length < K.dice_count) {
    list.append(el("p", { class: "help" }, fmt(T.dice_count, { have: ui.dice.length, count: K.dice_count })));
  } else {
    if (isExtraYahtzee(model, card, ui.dice) && card.boxes[model.yahtzee_box] === K.yahtzee_score) {
      list.append(el("p", { class: "help" }, fmt(T.extra_yahtzee, { bonus: K.yahtzee_bonus })));
    }
    for (const option of d.offered) {
      if (option.refused) {
        list.append(el("p", { class: "help" }, fmt(T.not_written, { reason: option.refused })));
        continue;
      }
      const button = el("button", { type: "button", class: "option", "data-option": option.box });
      button.append(el("span", {}, boxLabel[option.box]), el("strong", {}, String(option.score)));
      list.append(button);
    }
  }
}

let historyDrawn = null; // the history list and the game viewed last drawn: redrawn only when they change

function drawHistory() {
  if (historyDrawn && historyDrawn[0] === store.history && historyDrawn[1] === controller.ui.viewing) return;
  historyDrawn = [store.history, controller.ui.viewing];
  const list = document.querySelector("[data-history]");
  const items = store.history.map((game) => {
    const s = controller.summary(game);
    const when = new Date(game.started).toLocaleString();
    const item = el("li", { "data-history-game": game.id });
    const state = s.finished ? `${T.finished}, ${fmt(T.history_winner, { names: s.winners.join(T.and) })}` : T.unfinished;
    item.append(
      el("p", { class: "what" }, fmt(T.history_item, { when, players: game.players.join(", ") })),
      el("p", { class: "note" }, fmt(T.history_totals, { totals: game.players.map((n, i) => `${n} ${s.sums[i]}`).join(", "), state })),
    );
    const buttons = el("div", { class: "buttons" });
    if (!s.finished) buttons.append(el("button", { type: "button", "data-action": "resume", "data-id": game.id }, T.resume));
    buttons.append(
      el("button", { type: "button", "data-action": "view-game", "data-id": game.id, "aria-expanded": String(controller.ui.viewing === game.id) }, controller.ui.viewing === game.id ? T.hide : T.view),
      el("button", { type: "button", "data-action": "export-game", "data-id": game.id }, T.export),
      el("button", { type: "button", "data-action": "delete-game", "data-id": game.id }, T.delete),
    );
    item.append(buttons);
    if (controller.ui.viewing === game.id) item.append(pastCard(game, s));
    return item;
  });
  list.replaceChildren(...items);
  list.hidden = !items.length; // no past game: one plain line, not a numbered list of one
  const empty = document.querySelector("[data-history-empty]");
  setText(empty, T.no_history);
  empty.hidden = items.length > 0;
  $("history-heading").textContent = `${$("history-heading").textContent.replace(/ \(\d+\)$/, "")} (${store.history.length})`;
}

/** A past game's last card, to read. */
function pastCard(game, s) {
  const table = el("table", { class: "card past" });
  const head = el("tr");
  head.append(el("th", { scope: "col" }, T.box));
  game.players.forEach((name) => head.append(el("th", { scope: "col", class: "player" }, name)));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (const b of model.boxes) {
    const tr = el("tr");
    tr.append(el("th", { scope: "row" }, b.label));
    s.cards.forEach((c) => tr.append(el("td", { class: "num" }, c.boxes[b.name] === undefined ? "" : String(c.boxes[b.name]))));
    table.tBodies[0].append(tr);
  }
  return table;
}

function render() {
  const d = controller.derived();
  const playing = Boolean(d.game) && !controller.ui.setup;
  $("setup").hidden = playing;
  $("game").hidden = !playing;
  act("back").hidden = !d.game;
  act("new-players").hidden = false;
  $("set-aside").hidden = store.setAside === null;
  setText($("set-aside-text"), T.set_aside);
  drawHistory();
  if (!playing) {
    if (!$("names").children.length) drawNames(d.game ? [...d.game.players] : ["", ""]);
    return;
  }
  setText($("title"), d.set.title);
  setText($("edition"), d.set.edition);
  if (document.title !== `${d.set.title}: scorekeeper`) document.title = `${d.set.title}: scorekeeper`;
  setText($("printed-on"), fmt(T.printed_on, { date: d.game.date || d.game.started.slice(0, 10) }));
  const number = d.game.games.length;
  let heading = number > 1 || d.isSeries ? fmt(T.game_number, { number }) : T.game;
  if (d.finished) heading += `: ${d.result}`;
  setText($("game-heading"), heading);
  setText($("card-caption"), number > 1 ? fmt(T.card_number, { number }) : T.card);
  drawCard(d);
  drawSeries(d);
  drawTurn(d);
}

// ---- events ----

function on(name, handler) {
  act(name).addEventListener("click", (event) => show(handler(event)));
}

function moveFocus(dRow, dCol) {
  const d = controller.derived();
  focus.row = Math.max(0, Math.min(BOX_ROWS.length - 1, focus.row + dRow));
  focus.col = Math.max(0, Math.min(d.game.players.length - 1, focus.col + dCol));
  render();
  $(`cell-${focus.col}-${BOX_ROWS[focus.row]}`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function wire() {
  $("players-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const result = show(controller.start(typedNames()));
    if (!result.alert) {
      $("names").replaceChildren();
      $("dice").focus();
    }
  });
  on("add-player", () => {
    const names = typedNames();
    if (names.length < K.max_players) drawNames([...names, ""]);
    const inputs = document.querySelectorAll("#names input");
    inputs[inputs.length - 1].focus();
    return {};
  });
  on("back", () => {
    $("names").replaceChildren();
    return controller.back();
  });
  on("new-players", () => {
    drawNames(controller.game ? [...controller.game.players] : ["", ""]);
    const result = controller.openSetup();
    setTimeout(() => document.querySelector("#names input").focus());
    return result;
  });
  $("turn").addEventListener("submit", (event) => event.preventDefault());
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const result = show(controller.writeScore($("score-box").value, $("score").value));
    if (!result.alert) $("score").value = "";
  });
  $("dice").addEventListener("input", () => show(controller.typeDice($("dice").value)));
  $("dice").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // Enter never writes a box: it goes to the first box offered
    document.querySelector("#option-list .option")?.focus();
  });
  for (const button of document.querySelectorAll("[data-face]")) {
    button.addEventListener("click", () => show(controller.addDie(Number(button.dataset.face))));
  }
  $("dice-shown").addEventListener("click", (event) => {
    const button = event.target.closest("[data-die]");
    if (button) show(controller.removeDie(Number(button.dataset.die)));
  });
  $("option-list").addEventListener("click", (event) => {
    const button = event.target.closest("[data-option]");
    if (!button) return;
    const result = show(controller.place(button.dataset.option));
    if (!result.alert) $("dice").focus();
  });
  on("clear-dice", () => {
    controller.typeDice("");
    $("dice").focus();
    return {};
  });
  $("scratch").addEventListener("change", () => show(controller.setScratch($("scratch").checked)));
  $("score-box").addEventListener("change", () => show(controller.chooseBox($("score-box").value)));
  on("clear-box", () => controller.clearBox($("score-box").value));
  on("tick-bonus", () => controller.tick($("score-box").value));
  on("undo", () => controller.undo());
  on("cancel-correction", () => controller.cancelCorrection());
  on("new-game", () => controller.newGame());
  on("export", () => exportGame(controller.game));
  on("print", () => {
    window.print();
    return {};
  });
  on("download-set-aside", () => {
    download(`${model.page.slug}-set-aside.json`, store.setAside);
    return {};
  });
  on("dismiss-set-aside", () => {
    store.forgetSetAside();
    return {};
  });
  $("import").addEventListener("change", async (event) => {
    const input = event.target;
    const file = input.files[0];
    if (!file) return;
    input.value = "";
    if (file.size > K.max_import_bytes) {
      show(controller.tooBig(file.name)); // refused unread, as `sheetgen score` refuses it
      return;
    }
    show(controller.importText(await file.text(), file.name));
  });
  document.querySelector("[data-history]").addEventListener("click", (event) => {
    const button = event.target.closest("[data-action][data-id]");
    if (!button) return;
    const id = button.dataset.id;
    const game = store.history.find((g) => g.id === id);
    if (!game) return;
    const action = button.dataset.action;
    if (action === "resume") show(controller.resume(id));
    else if (action === "view-game") show(controller.view(id));
    else if (action === "export-game") show(exportGame(game));
    else if (action === "delete-game") {
      const when = new Date(game.started).toLocaleString();
      if (window.confirm(fmt(T.delete_confirm, { names: game.players.join(", "), when }))) show(controller.remove(id));
    }
  });
  const card = $("card");
  card.addEventListener("click", (event) => {
    const td = event.target.closest("td[data-box]");
    if (!td) return;
    focus.col = Number(td.dataset.player) - 1;
    focus.row = BOX_ROWS.indexOf(td.dataset.box);
    show(controller.tapCell(focus.col, td.dataset.box));
  });
  card.addEventListener("focus", () => {
    const d = controller.derived();
    if (!d.game || d.finished) return;
    focus.col = d.target; // the cursor starts in the column of the player whose turn it is
    render();
  });
  card.addEventListener("keydown", (event) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [-BOX_ROWS.length, 0], End: [BOX_ROWS.length, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      moveFocus(...moves[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      show(controller.tapCell(focus.col, BOX_ROWS[focus.row]));
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey) return;
    const target = event.target;
    if (target.matches?.("input:not([type=checkbox]), select") && target.value) return; // the field's own undo
    if (!controller.game || controller.ui.setup) return;
    event.preventDefault();
    show(controller.undo());
  });
  window.addEventListener("pagehide", () => store.flush());
  document.addEventListener("visibilitychange", () => store.flush());
  window.addEventListener("storage", (event) => {
    if (!event.key || !event.key.startsWith(store.key)) return;
    store.dropPending();
    const before = store.revision;
    store.load();
    if (store.revision === before && event.key === store.key) return;
    controller.resetEntry();
    controller.changed();
    show({ status: T.updated });
  });
}

wire();
show({});
