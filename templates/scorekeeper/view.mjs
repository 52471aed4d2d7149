// The scorekeeper's page: reads the state, asks the engine, redraws. The state is one object,
// saved to localStorage under a versioned key after every change; a revision counter and the
// storage event keep a second tab from writing over a newer game.
import {
  ScoreError, makeRules, ruleset, replay, totals, leaders, options, isComplete,
  possibleScores, canScratch, canTickBonus, isExtraYahtzee, checkText, checkNames, parseRecord, toRecord, allowedText,
} from "./engine.mjs";

const model = JSON.parse(document.getElementById("model").textContent);
const K = model.constants;
const STORAGE_KEY = model.page.storage_key;
const STATE_VERSION = 1;
const HISTORY_LIMIT = 500;
const TOTAL_ROWS = new Set(model.totals.map((t) => t.name));
const boxLabel = Object.fromEntries(model.boxes.map((b) => [b.name, b.label]));

const $ = (id) => document.getElementById(id);

/** A sentence in the page's language: its translation from the model blob (the same gettext
 * catalogs as the sheets; English is the text itself), with its %(name)s placeholders filled. */
function T(text, values = {}) {
  const said = (model.strings && model.strings[text]) || text;
  return said.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}
const ui = { player: 0, dice: "", box: null };

/** A fresh state: the page's own rules, no players yet. */
function emptyState() {
  return {
    version: STATE_VERSION,
    revision: 0,
    rules: { variant: model.page.variant, house_rules: [...model.page.house_rules] },
    players: [],
    games: [{ entries: [] }],
    history: [],
    title: null,
    date: null,
  };
}

let state = emptyState();

function rulesOf(s) {
  return makeRules(model, s.rules.variant, s.rules.house_rules);
}

/** Whether saved data is a state this page can use, checked by replaying every game. */
function usable(s) {
  try {
    if (!s || s.version !== STATE_VERSION || !Array.isArray(s.players) || !Array.isArray(s.games)) return false;
    if (!s.games.length || s.games.length > K.max_games || !Array.isArray(s.history)) return false;
    const rules = rulesOf(s);
    // A record may bring more players than the page seats; any checked names are fine.
    s.players.forEach((name, i) => checkText(`player ${i + 1}`, name, "the name", K.max_name_length));
    if (new Set(s.players).size !== s.players.length) return false;
    s.games.forEach((g) => replay(model, rules, g.entries, s.players.length));
    return Number.isInteger(s.revision);
  } catch {
    return false;
  }
}

function readStored() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY));
    return usable(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** Save the state; if another tab saved a newer game first, take that one instead. */
function save() {
  const stored = readStored();
  if (stored && stored.revision > state.revision) {
    state = stored;
    say(T("This game was changed in another tab; that version is shown and your last change was not kept."));
    return false;
  }
  state.revision += 1;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    warn(T("This browser would not save the game; it stays on the page until you close it."));
  }
  return true;
}

// ---- messages ----

function warn(text) {
  $("alert").textContent = text;
}

function say(text) {
  $("status").textContent = text;
}

function clearMessages() {
  warn("");
  say("");
}

// ---- derived values ----

const game = () => state.games[state.games.length - 1];
const cards = () => replay(model, rulesOf(state), game().entries, state.players.length);

/** The player to write next: fewest boxes filled, in turn after whoever wrote last. */
function nextPlayer() {
  const n = state.players.length;
  const filled = Array(n).fill(0);
  for (const e of game().entries) if (!e.bonus) filled[e.player] += 1;
  const last = [...game().entries].reverse().find((e) => !e.bonus);
  const least = Math.min(...filled);
  for (let step = 1; step <= n; step += 1) {
    const p = ((last ? last.player : -1) + step) % n;
    if (filled[p] === least) return p;
  }
  return 0;
}

function parseDice(text) {
  const digits = text.replace(/[\s,-]/g, "");
  if (!/^[1-6]*$/.test(digits)) return { error: T("Dice are the numbers 1 to 6.") };
  if (digits.length > K.dice_count) return { error: T("A roll is %(dice)s dice.", { dice: K.dice_count }) };
  return { dice: [...digits].map(Number), complete: digits.length === K.dice_count };
}

// ---- changing the game ----

/** Apply a change to the current game's entries if the whole game still replays; else say why. */
function change(entries, op) {
  try {
    replay(model, rulesOf(state), entries, state.players.length);
  } catch (error) {
    if (error instanceof ScoreError) {
      warn(T("Not written: %(reason)s.", { reason: error.message }));
      return false;
    }
    throw error;
  }
  game().entries = entries;
  state.history.push(op);
  if (state.history.length > HISTORY_LIMIT) state.history.shift();
  clearMessages();
  save();
  return true;
}

function entryIndex(player, box) {
  return game().entries.findIndex((e) => e.player === player && e.box === box);
}

/** Write an entry for `player` in `entry.box`: a new entry, or a correction of the one there. */
function write(player, entry) {
  const entries = [...game().entries];
  const index = entryIndex(player, entry.box);
  const full = { player, ...entry };
  if (index < 0) {
    entries.push(full);
    if (!change(entries, { op: "add" })) return false;
  } else {
    entries[index] = full;
    if (!change(entries, { op: "set", index, before: game().entries[index] })) return false;
  }
  ui.dice = "";
  ui.box = null;
  $("scratch").checked = false;
  ui.player = nextPlayer();
  render();
  $("dice").focus();
  return true;
}

function placeRoll(box) {
  const parsed = parseDice(ui.dice);
  if (!parsed.complete) return;
  write(ui.player, { dice: parsed.dice, box, ...($("scratch").checked ? { scratch: true } : {}) });
}

function writeScore() {
  const box = $("score-box").value;
  const text = $("score").value.trim();
  if (!/^\d+$/.test(text)) {
    warn(T("Type the score as a whole number."));
    return;
  }
  if (write(ui.player, { box, score: Number(text) })) $("score").value = "";
}

function emptyBox() {
  const box = $("score-box").value;
  const index = entryIndex(ui.player, box);
  if (index < 0) {
    warn(T("%(box)s is already empty.", { box: boxLabel[box] }));
    return;
  }
  const entries = game().entries.filter((_, i) => i !== index);
  if (change(entries, { op: "remove", index, before: game().entries[index] })) render();
}

function tickBonus() {
  if (change([...game().entries, { player: ui.player, bonus: true }], { op: "add" })) render();
}

function undo() {
  const op = state.history.pop();
  const entries = [...game().entries];
  if (!op) {
    if (!entries.length) {
      say(T("Nothing to undo."));
      return;
    }
    entries.pop();
  } else if (op.op === "add") {
    entries.pop();
  } else if (op.op === "set") {
    entries[op.index] = op.before;
  } else if (op.op === "remove") {
    entries.splice(op.index, 0, op.before);
  } else if (op.op === "games") {
    state.games = op.games;
  }
  if (op?.op !== "games") game().entries = entries;
  clearMessages();
  say(T("Undone."));
  save();
  ui.player = nextPlayer();
  render();
}

function newGame() {
  const done = cards().every((c) => isComplete(model, c));
  const before = state.games.map((g) => ({ entries: [...g.entries] }));
  if (!game().entries.length) {
    say(T("Game %(n)s has not started yet.", { n: state.games.length }));
    return;
  }
  if (!done) {
    state.games[state.games.length - 1] = { entries: [] };
    say(T("Game %(n)s starts again.", { n: state.games.length }));
  } else if (state.games.length < K.max_games) {
    state.games.push({ entries: [] });
    say(T("Game %(n)s of the series.", { n: state.games.length }));
  } else {
    state.games = [{ entries: [] }];
    say(T("A new series starts."));
  }
  state.history.push({ op: "games", games: before });
  ui.dice = "";
  ui.box = null;
  warn("");
  save();
  ui.player = 0;
  render();
}

function startGame(event) {
  event.preventDefault();
  const names = [...document.querySelectorAll("#names input")].map((i) => i.value.trim());
  try {
    checkNames(model, names);
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    warn(`${error.message[0].toUpperCase()}${error.message.slice(1)}.`);
    return;
  }
  const fresh = emptyState();
  state = { ...fresh, revision: state.revision, players: names };
  ui.dice = "";
  ui.box = null;
  clearMessages();
  save();
  ui.player = 0;
  render();
  $("dice").focus();
}

function newPlayers() {
  $("setup").hidden = false;
  $("game").hidden = true;
  drawNames(state.players.length ? state.players : ["", ""]);
  document.querySelector("#names input").focus();
}

// ---- records ----

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function exportRecord() {
  let result;
  try {
    result = toRecord(model, rulesOf(state), state.players, state.games, {
      title: state.title,
      date: state.date || today(),
    });
    if (model.lang) result.record.lang = model.lang;  // the page's language, which `sheetgen fill` prints in
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    warn(T("Nothing exported: %(reason)s.", { reason: error.message }));
    return;
  }
  const text = JSON.stringify(result.record, null, 2) + "\n";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `yahtzee-${result.record.date}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  const games = result.games === 1 ? T("the game") : T("%(n)s games", { n: result.games });
  warn("");
  say(T("Exported %(games)s as %(file)s.", { games, file: link.download }));
}

async function importRecord(event) {
  const input = event.target;
  const file = input.files[0];
  if (!file) return;
  input.value = "";
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch (error) {
    warn(T("%(file)s: invalid JSON: %(reason)s", { file: file.name, reason: error.message }));
    return;
  }
  let record;
  try {
    record = parseRecord(model, data, file.name, makeRules(model, model.page.variant, model.page.house_rules));
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    warn(error.message);
    return;
  }
  state = {
    ...emptyState(),
    revision: state.revision,
    rules: { variant: record.rules.name, house_rules: record.rules.houseRules },
    players: record.players,
    games: record.games,
    title: record.title,
    date: record.date,
  };
  ui.dice = "";
  ui.box = null;
  clearMessages();
  save();
  say(T("Imported %(file)s.", { file: file.name }));
  ui.player = nextPlayer();
  render();
}

// ---- drawing ----

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawNames(names) {
  const list = $("names");
  list.replaceChildren();
  names.forEach((name, i) => {
    const item = el("li");
    const id = `name-${i + 1}`;
    item.append(el("label", { for: id }, T("Player %(n)s", { n: i + 1 })));
    const input = el("input", { id, name: "name", autocomplete: "off", maxlength: K.max_name_length });
    input.value = name;
    item.append(input);
    if (names.length > 1) {
      const remove = el("button", { type: "button", "aria-label": T("Remove player %(n)s", { n: i + 1 }) }, T("Remove"));
      remove.addEventListener("click", () => {
        const current = [...list.querySelectorAll("input")].map((x) => x.value);
        current.splice(i, 1);
        drawNames(current);
        list.querySelector("input").focus();
      });
      item.append(remove);
    }
    list.append(item);
  });
  document.querySelector('[data-action="add-player"]').disabled = names.length >= K.max_players;
}

let drawnFor = "";

/** The card's rows and columns, drawn again only when the players or the rules change. */
function drawCard(hints) {
  const key = JSON.stringify([state.players, state.rules, hints]);
  if (key === drawnFor) return;
  drawnFor = key;
  const table = $("card");
  const head = el("tr");
  head.append(el("th", { scope: "col" }, T("Box")));
  state.players.forEach((name, i) => {
    const th = el("th", { scope: "col", class: "player" });
    th.append(el("span", { class: "name" }, name), el("span", { class: "badge" }));
    head.append(th);
  });
  table.tHead.replaceChildren(head);
  const body = table.tBodies[0];
  body.replaceChildren();
  let section = null;
  model.rows.forEach((row, r) => {
    if (row.section !== section) {
      section = row.section;
      const label = model.sections.find((s) => s.name === section).label;
      const tr = el("tr", { class: "section" });
      tr.append(el("th", { scope: "colgroup", colspan: state.players.length + 1 }, label));
      body.append(tr);
    }
    const tr = el("tr", { class: row.total ? `total ${row.key}` : "box" });
    const th = el("th", { scope: "row" });
    const label = row.total ? model.totals.find((t) => t.name === row.key).label : boxLabel[row.key];
    th.append(el("span", { class: "label" }, label), el("span", { class: "hint" }, hints[r]));
    tr.append(th);
    state.players.forEach((name, i) => {
      if (row.total) {
        // The upper total shows twice, like the printed sheet; only its first cell is the named one.
        const named = !row.slug.endsWith("_again") && TOTAL_ROWS.has(row.key);
        tr.append(el("td", { "data-player": named ? i + 1 : null, "data-total": named ? row.key : null, class: "num" }));
      } else {
        const td = el("td", { "data-player": i + 1, "data-box": row.key, class: "num" });
        const button = el("button", { type: "button", class: "cell", "data-for-box": row.key, "data-for-player": i });
        td.append(button);
        tr.append(td);
      }
    });
    body.append(tr);
  });
}

function drawSeries(allTotals) {
  const wrap = $("series");
  wrap.hidden = state.games.length < 2;
  if (wrap.hidden) return;
  const table = wrap.querySelector("table");
  const head = el("tr");
  head.append(el("th", { scope: "col" }, T("Game")));
  for (const name of state.players) {
    const th = el("th", { scope: "col", class: "player" });
    th.append(el("span", { class: "name" }, name));
    head.append(th);
  }
  table.tHead.replaceChildren(head);
  const body = table.tBodies[0];
  body.replaceChildren();
  allTotals.forEach((gameTotals, g) => {
    const tr = el("tr");
    tr.append(el("th", { scope: "row" }, T("Game %(n)s", { n: g + 1 })));
    gameTotals.forEach((t) => tr.append(el("td", { class: "num" }, String(t.grand_total))));
    body.append(tr);
  });
  const series = state.players.map((_, i) => allTotals.reduce((sum, g) => sum + g[i].grand_total, 0));
  const tr = el("tr", { class: "total grand_total" });
  tr.append(el("th", { scope: "row" }, model.series_total_label));
  series.forEach((n, i) => tr.append(el("td", { class: "num", "data-player": i + 1, "data-total": "series_total" }, String(n))));
  body.append(tr);
  return series;
}

function render() {
  const rules = rulesOf(state);
  const set = ruleset(model, rules);
  $("title").textContent = set.title;
  $("edition").textContent = set.edition;
  document.title = T("%(title)s: scorekeeper", { title: set.title });
  const playing = state.players.length > 0;
  $("setup").hidden = playing;
  $("game").hidden = !playing;
  if (!playing) {
    if (!$("names").children.length) drawNames(["", ""]);
    return;
  }
  const gameCards = cards();
  const allTotals = state.games.map((g) =>
    replay(model, rules, g.entries, state.players.length).map((c) => totals(model, c)),
  );
  const current = allTotals[allTotals.length - 1];
  const finished = gameCards.every((c) => isComplete(model, c));
  const number = state.games.length;
  $("game-heading").textContent = number > 1 || state.rules.house_rules.includes("series") ? T("Game %(n)s", { n: number }) : T("Game");
  $("card-caption").textContent = number > 1 ? T("Score card, game %(n)s", { n: number }) : T("Score card");
  drawCard(set.hints);

  for (const td of document.querySelectorAll("#card td[data-box]")) {
    const i = Number(td.dataset.player) - 1;
    const box = td.dataset.box;
    const value = gameCards[i].boxes[box];
    const button = td.firstChild;
    button.textContent = value === undefined ? "" : String(value);
    button.setAttribute("aria-label", T("%(player)s, %(box)s: %(value)s", { player: state.players[i], box: boxLabel[box], value: value === undefined ? T("empty") : value }));
    const entry = game().entries.find((e) => e.player === i && e.box === box);
    td.classList.toggle("typed", Boolean(entry && !entry.dice));
    td.classList.toggle("chosen", i === ui.player && box === ui.box);
  }
  for (const td of document.querySelectorAll("#card td[data-total]")) {
    const i = Number(td.dataset.player) - 1;
    const t = current[i];
    td.textContent = String(t[td.dataset.total]);
    if (td.dataset.total === "upper_bonus") {
      const short = K.upper_bonus_threshold - t.upper_subtotal;
      const open = model.boxes.some((b) => b.section === "upper" && !(b.name in gameCards[i].boxes));
      td.dataset.note = t.upper_bonus ? "" : open ? T("%(n)s to go", { n: short }) : T("missed");
    }
    if (td.dataset.total === "yahtzee_bonus") td.dataset.note = "\u2713".repeat(t.yahtzee_bonuses);
  }
  for (const td of document.querySelectorAll("#card tr.upper_total td:not([data-total])")) {
    const i = td.cellIndex - 1;
    td.textContent = String(current[i].upper_total);
  }

  const series = drawSeries(allTotals);
  const grand = current.map((t) => t.grand_total);
  const seriesDone = series && finished;
  const ahead = leaders(seriesDone ? series : grand);
  const anyScore = game().entries.length > 0;
  document.querySelectorAll("#card th.player").forEach((th, i) => {
    const badge = th.querySelector(".badge");
    const lead = anyScore && ahead.includes(i);
    badge.textContent = lead ? (finished ? T("★ wins") : T("leads")) : "";
    th.classList.toggle("leader", lead);
    th.classList.toggle("next", !finished && i === ui.player);
  });
  const names = ahead.map((i) => state.players[i]).join(T(" and "));
  if (finished) {
    const values = { names, score: seriesDone ? series[ahead[0]] : grand[ahead[0]] };
    const tie = ahead.length > 1;
    const said = seriesDone
      ? tie ? T("%(names)s tie the series with %(score)s", values) : T("%(names)s wins the series with %(score)s", values)
      : tie ? T("%(names)s tie with %(score)s", values) : T("%(names)s wins with %(score)s", values);
    $("game-heading").textContent += `: ${said}`;
  }
  drawTurn(rules, gameCards, finished);
}

function drawTurn(rules, gameCards, finished) {
  const select = $("turn-player");
  if (select.options.length !== state.players.length || [...select.options].some((o, i) => o.text !== state.players[i])) {
    select.replaceChildren(...state.players.map((name, i) => el("option", { value: i }, name)));
  }
  select.value = String(ui.player);
  $("turn-legend").textContent = finished ? T("Correct a box: %(player)s", { player: state.players[ui.player] }) : T("Turn: %(player)s", { player: state.players[ui.player] });
  const card = gameCards[ui.player];
  if ($("dice").value !== ui.dice) $("dice").value = ui.dice;
  $("scratch-row").hidden = !canScratch(rules);

  const list = $("option-list");
  list.replaceChildren();
  const parsed = parseDice(ui.dice);
  if (parsed.error) {
    list.append(el("p", { class: "help" }, parsed.error));
  } else if (finished && !ui.box) {
    list.append(el("p", { class: "help" }, T("Every box is filled. To correct one, choose it in the card or below.")));
  } else if (!parsed.complete) {
    list.append(el("p", { class: "help" }, T("%(n)s of %(dice)s dice.", { n: parsed.dice.length, dice: K.dice_count })));
  } else {
    const scratch = $("scratch").checked;
    if (isExtraYahtzee(model, card, parsed.dice) && card.boxes[model.yahtzee_box] === K.yahtzee_score) {
      list.append(el("p", { class: "help" }, T("An extra Yahtzee: %(bonus)s bonus, wherever it goes.", { bonus: K.yahtzee_bonus })));
    }
    const chosen = ui.box && ui.box in card.boxes ? ui.box : null;
    if (chosen) {
      list.append(correction(rules, parsed.dice, chosen, scratch));
    } else {
      for (const { box, score } of options(model, card, parsed.dice, rules)) {
        const shown = scratch ? 0 : score;
        const button = el("button", { type: "button", class: "option", "data-option": box });
        button.append(el("span", {}, boxLabel[box]), el("strong", {}, String(shown)));
        button.addEventListener("click", () => placeRoll(box));
        list.append(button);
      }
    }
  }

  const boxSelect = $("score-box");
  const wanted = model.boxes.map((b) => `${b.name}:${b.name in card.boxes ? card.boxes[b.name] : ""}`).join();
  if (boxSelect.dataset.key !== wanted) {
    boxSelect.dataset.key = wanted;
    boxSelect.replaceChildren(
      ...model.boxes.map((b) =>
        el("option", { value: b.name }, b.name in card.boxes ? T("%(box)s (now %(score)s)", { box: b.label, score: card.boxes[b.name] }) : b.label),
      ),
    );
  }
  const open = model.boxes.find((b) => !(b.name in card.boxes));
  boxSelect.value = ui.box || (open ? open.name : model.boxes[0].name);
  const box = boxSelect.value;
  $("score-help").textContent = `${boxLabel[box]} holds${allowedText(possibleScores(model, rules, box))}.`;
  document.querySelector('[data-action="clear-box"]').disabled = !(box in card.boxes);
  document.querySelector('[data-action="tick-bonus"]').disabled = !canTickBonus(model, card);
}

/** For a filled box: what the roll would score there instead, as a button that writes it. */
function correction(rules, dice, box, scratch) {
  const entries = [...game().entries];
  const index = entryIndex(ui.player, box);
  entries[index] = { player: ui.player, dice, box, ...(scratch ? { scratch: true } : {}) };
  let score;
  try {
    score = replay(model, rules, entries, state.players.length)[ui.player].boxes[box];
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    return el("p", { class: "help" }, T("Not in %(box)s: %(reason)s.", { box: boxLabel[box], reason: error.message }));
  }
  const button = el("button", { type: "button", class: "option", "data-option": box });
  button.append(el("span", {}, T("Correct %(box)s", { box: boxLabel[box] })), el("strong", {}, String(score)));
  button.addEventListener("click", () => placeRoll(box));
  return button;
}

// ---- wiring ----

function on(action, handler) {
  document.querySelector(`[data-action="${action}"]`).addEventListener("click", handler);
}

function wire() {
  $("players-form").addEventListener("submit", startGame);
  on("add-player", () => {
    const names = [...document.querySelectorAll("#names input")].map((x) => x.value);
    if (names.length >= K.max_players) return;
    drawNames([...names, ""]);
    const inputs = document.querySelectorAll("#names input");
    inputs[inputs.length - 1].focus();
  });
  $("turn").addEventListener("submit", (event) => {
    event.preventDefault();
    writeScore();
  });
  $("dice").addEventListener("input", () => {
    ui.dice = $("dice").value;
    render();
  });
  $("dice").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const first = document.querySelector("#option-list .option");
    if (first) first.focus();
  });
  for (const button of document.querySelectorAll("[data-face]")) {
    button.addEventListener("click", () => {
      const parsed = parseDice(ui.dice);
      if (parsed.error || parsed.complete) ui.dice = "";
      ui.dice = parseDice(ui.dice).dice.join("") + button.dataset.face;
      render();
    });
  }
  on("clear-dice", () => {
    ui.dice = "";
    render();
    $("dice").focus();
  });
  $("scratch").addEventListener("change", () => render());
  $("turn-player").addEventListener("change", () => {
    ui.player = Number($("turn-player").value);
    ui.box = null;
    render();
  });
  $("score-box").addEventListener("change", () => {
    ui.box = $("score-box").value;
    render();
  });
  on("clear-box", emptyBox);
  on("tick-bonus", tickBonus);
  on("undo", undo);
  on("new-game", newGame);
  on("export", exportRecord);
  on("print", () => window.print());
  on("new-players", newPlayers);
  $("import").addEventListener("change", importRecord);
  $("card").addEventListener("click", (event) => {
    const button = event.target.closest("button.cell");
    if (!button) return;
    ui.player = Number(button.dataset.forPlayer);
    ui.box = button.dataset.forBox;
    render();
    const filled = ui.box in cards()[ui.player].boxes;
    const where = { player: state.players[ui.player], box: boxLabel[ui.box] };
    say(filled ? T("%(player)s, %(box)s: enter the dice or a score to correct it.", where) : T("%(player)s, %(box)s: enter the dice or a score.", where));
    (parseDice(ui.dice).complete ? document.querySelector("#option-list .option") || $("score") : $("dice")).focus();
  });
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY) return;
    const stored = readStored();
    if (!stored || stored.revision <= state.revision) return;
    state = stored;
    ui.player = nextPlayer();
    say(T("Updated from another tab."));
    render();
  });
}

state = readStored() || emptyState();
ui.player = state.players.length ? nextPlayer() : 0;
wire();
render();
