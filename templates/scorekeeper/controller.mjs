// The scorekeeper's controller: it decides. What each action does to the game and the store, and
// everything the view draws (`screen()`): the cards, totals and notes, the card's cursor, the past
// games, every number and date in the page's language. No DOM: every action returns the messages
// to show ({alert, live, status}), and `derived()` computes the cards and totals once per change,
// however often the view draws.
import { ScoreError, fileSlug, fmt, listed, located, oneLine, parseJson } from "./text.mjs";
import {
  allAlikeBox, makeRules, ruleset, totals, leaders, isComplete, parseRecord, toRecord, tickRefusal,
  checkNames, scoreAt, allowedText, possibleScores, canScratch, replayWholes, grandTotal, legalSlots, isExtraWhole,
} from "./engine.mjs";
import { checkGame, freshGame, STATE_VERSION } from "./store.mjs";

/** The game, date, time and players in a file name: yahtzee-2026-12-01-2130-ann-bob.json, yatzy-…. */
export function fileName(model, game) {
  const d = new Date(game.started);
  const pad = (n) => String(n).padStart(2, "0");
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
  const slugs = game.players.map((name) => fileSlug(model, name)).filter(Boolean);
  const names = slugs.join("-").slice(0, model.constants.max_file_name_players).replace(/-$/, "");
  return `${model.game.id}-${stamp}${names ? `-${names}` : ""}.json`;
}

/**
 * Each name's shortest beginning (two letters or more) no other name shares ("Mar…" beside "Mam…"),
 * for a column head too narrow for the whole name; past `most` letters, the beginning and the
 * shortest distinct ending ("Mar…vre" beside "Mar…ire").
 */
export function shortNames(names, most = 6) {
  const fold = names.map((name) => [...name.toLocaleLowerCase()]);
  const distinct = (i, cut) => fold.every((other, j) => j === i || cut(other) !== cut(fold[i]));
  return names.map((name, i) => {
    const chars = [...name];
    if (chars.length <= 2) return name;
    for (let n = 2; n <= most && n < chars.length; n += 1) {
      if (distinct(i, (c) => c.slice(0, n).join(""))) return `${chars.slice(0, n).join("")}\u2026`;
    }
    for (let n = 1; n <= most && n + 3 < chars.length; n += 1) {
      if (distinct(i, (c) => c.slice(-n).join(""))) return `${chars.slice(0, 3).join("")}\u2026${chars.slice(-n).join("")}`;
    }
    return name;
  });
}

// The rows a card of several columns adds under its columns (boxes.CardTotal): each column's total
// times its multiplier, and the player's grand total, one cell across their columns.
export const SCORED = "scored";
export const CARD_TOTAL = "card_total";

/** The id of a cell of the live card: a player's box, in one of their columns on a card of several. */
export function cellId(model, player, column, box) {
  return model.game.columns.length > 1 ? `cell-${player}-${column + 1}-${box}` : `cell-${player}-${box}`;
}

export class Controller {
  /** `lang` is the page's language (its <html lang>): numbers and dates are written as it writes them. */
  constructor(model, store, { lang = model.lang || "en" } = {}) {
    this.model = model;
    this.T = model.text;
    this.store = store;
    this.lang = lang;
    this.numbers = new Intl.NumberFormat(lang);
    this.days = new Intl.DateTimeFormat(lang, { dateStyle: "long" });
    this.times = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
    this.changes = 0;
    this.cache = null;
    // The cards and totals of each game's list of entries. Lists are never changed in place (a change
    // makes a new one), so a finished game of a series is replayed once, not once per write.
    this.scored = new WeakMap();
    this.ruleSets = new Map();
    // A player's card has a column per multiplier of the game (Triple Yahtzee: ×1 ×2 ×3); a slot is a
    // box of one column, counted from 0. Every choice below names one; a one-column game's is always 0.
    this.columns = model.game.columns.length;
    // `written`: the typed score just written ({player, column, box}), which a tick may still reach;
    // `cursor`: the card's keyboard cursor (a box row and a cell column: a player's, or one of their columns).
    this.ui = {
      dice: [], box: null, column: 0, scratch: false, correcting: null, setup: !store.game, viewing: null, written: null,
      cursor: { row: 0, col: 0 },
    };
  }

  /** A number as the page's language writes it (1.575 in German, 1 575 in French). */
  num(n) {
    return this.numbers.format(n);
  }

  /** When a game was started, as the page's language writes a date and time. */
  when(game) {
    return this.times.format(new Date(game.started));
  }

  /** The day a game's card prints: its record's date, else the day it was started. */
  day(game) {
    if (game.date) return this.days.format(new Date(`${game.date}T12:00:00Z`));
    return this.days.format(new Date(game.started));
  }

  get game() {
    return this.store.game;
  }

  get seriesRule() {
    return this.model.series_rule;
  }

  changed() {
    this.changes += 1;
  }

  /** Everything the view draws, computed once per change. */
  derived() {
    if (this.cache && this.cache.changes === this.changes) return this.cache;
    const game = this.game;
    if (!game) {
      this.cache = { changes: this.changes, game: null };
      return this.cache;
    }
    const rules = this.rulesOf(game);
    const n = game.players.length;
    const scored = game.games.map((g) => this.score(rules, g.entries, n));
    const allTotals = scored.map((s) => s.totals);
    const { cards, wholes, columnTotals } = scored[scored.length - 1];
    const current = allTotals[allTotals.length - 1];
    const finished = wholes.every((whole) => whole.every((c) => isComplete(this.model, c)));
    const series = game.games.length > 1 ? game.players.map((_, i) => allTotals.reduce((s, t) => s + t[i].grand_total, 0)) : null;
    const entries = this.entries();
    const byCell = new Map(entries.map((e) => [this.cellKey(e.player, e.column ?? 0, e.box), e]));
    const player = this.nextPlayer(entries, n);
    const target = this.ui.correcting ? this.ui.correcting.player : player;
    const ahead = entries.length ? leaders(series && finished ? series : current.map((t) => t.grand_total)) : [];
    const result = finished ? this.result(game, ahead, series ? series : current.map((t) => t.grand_total)) : null;
    let offered = [];
    if (this.ui.dice.length === this.model.constants.dice_count && (!finished || this.ui.correcting)) {
      offered = this.offered(rules, wholes, target);
    }
    const alike = allAlikeBox(this.model);
    const extra = isExtraWhole(this.model, wholes[target], this.ui.dice)
      && wholes[target].every((card) => card.boxes[alike] === this.model.constants.yahtzee_score);
    this.cache = {
      changes: this.changes, game, rules, set: ruleset(this.model, rules), cards, wholes, current, columnTotals, allTotals,
      finished, series, byCell, player, target, ahead, result, offered, isSeries: rules.houseRules.includes(this.seriesRule),
      notes: wholes.map((whole, i) => whole.map((card, k) => this.upperNote(card, columnTotals[i][k]))),
      extraBonus: extra && offered.length > 0,
    };
    return this.cache;
  }

  /** The key of a cell of the card: a player's box in one of their columns. */
  cellKey(player, column, box) {
    return `${player}:${column}:${box}`;
  }

  /** A box as a message names it: its label, with its column's multiplier on a card of several (its label ×2). */
  slotLabel(box, column = 0) {
    const label = this.label(box);
    return this.columns > 1 ? `${label} \u00d7${this.model.game.columns[column]}` : label;
  }

  /** Under the upper bonus: how many points it still needs ("−12"), "–" once out of reach, "" once won. */
  upperNote(card, t) {
    if (t.upper_bonus) return "";
    const open = this.model.boxes.some((b) => b.section === "upper" && !(b.name in card.boxes));
    return open ? `\u2212${this.num(this.model.constants.upper_bonus_threshold - t.upper_subtotal)}` : "\u2013";
  }

  /**
   * Who won a finished game, as a sentence ("Anke wins with 250"; a tie names all): the leaders of
   * the engine's grand totals (of the series once it has more than one game), as `sheetgen score`.
   */
  result(game, ahead, sums) {
    const names = this.list(ahead.map((i) => game.players[i]));
    const what = fmt(game.games.length > 1 ? this.T.series_with : this.T.with_total, { total: this.num(sums[ahead[0]]) });
    return fmt(ahead.length > 1 ? this.T.winners : this.T.winner, { names, what });
  }

  /** Names as the language lists them: "Ann", "Ann and Bob", "Ann, Bob and Cy" (the catalog's words). */
  list(names) {
    return listed(this.model, names);
  }

  /** A game's rules, made once per set of rules (the same object each time, for `score`). */
  rulesOf(game) {
    const key = JSON.stringify([game.rules.variant, game.rules.house_rules]);
    if (!this.ruleSets.has(key)) this.ruleSets.set(key, makeRules(this.model, game.rules.variant, game.rules.house_rules));
    return this.ruleSets.get(key);
  }

  /** One game's cards and totals, replayed once per list of entries (and rules). */
  score(rules, entries, n) {
    const kept = this.scored.get(entries);
    if (kept && kept.rules === rules && kept.n === n) return kept;
    const wholes = replayWholes(this.model, rules, entries, n);
    const cards = wholes.map((whole) => whole[0]);
    const columnTotals = wholes.map((whole) => whole.map((c) => totals(this.model, c)));
    // A one-column game's totals are its column's; a card of several adds them, each times its multiplier.
    const playerTotals = this.columns > 1
      ? wholes.map((whole) => ({ grand_total: grandTotal(this.model, whole) }))
      : columnTotals.map((t) => t[0]);
    const scored = { rules, n, cards, wholes, columnTotals, totals: playerTotals };
    this.scored.set(entries, scored);
    return scored;
  }

  /** A slot's `column` as an entry or an option carries it: only on a card of several columns. */
  inColumn(column) {
    return this.columns > 1 ? { column } : {};
  }

  /** The slots the dice may go in for the player written to, with their scores. */
  offered(rules, wholes, target) {
    const dice = this.ui.dice;
    if (!this.ui.correcting) {
      const whole = wholes[target];
      return legalSlots(this.model, whole, dice, rules).map((slot) => ({
        box: slot.box, ...this.inColumn(slot.column), score: this.ui.scratch ? 0 : scoreAt(this.model, whole, dice, slot, rules),
      }));
    }
    const { box, column = 0 } = this.ui.correcting;
    const at = this.inColumn(column);
    const entries = [...this.entries()];
    entries[this.indexOf(target, box, column)] = { player: target, ...at, dice: [...dice], box, ...(this.ui.scratch ? { scratch: true } : {}) };
    try {
      return [{ box, ...at, score: replayWholes(this.model, rules, entries, wholes.length)[target][column].boxes[box] }];
    } catch (error) {
      if (!(error instanceof ScoreError)) throw error;
      return [{ box, ...at, refused: error.message }];
    }
  }

  entries() {
    return this.game.games[this.game.games.length - 1].entries;
  }

  indexOf(player, box, column = 0) {
    return this.entries().findIndex((e) => e.player === player && e.box === box && (e.column ?? 0) === column);
  }

  /** Whose turn it is: fewest boxes filled, in turn after whoever wrote a new box last. */
  nextPlayer(entries, n) {
    const filled = Array(n).fill(0);
    for (const e of entries) filled[e.player] += 1;
    const last = entries.length ? entries[entries.length - 1].player : -1;
    const least = Math.min(...filled);
    for (let step = 1; step <= n; step += 1) {
      const p = (last + step) % n;
      if (filled[p] === least) return p;
    }
    return 0;
  }

  /** Save, unless another tab saved a newer game first: then that one is shown. */
  commit() {
    if (this.store.newerElsewhere()) {
      this.store.load();
      this.resetEntry();
      this.changed();
      return { alert: this.T.other_tab };
    }
    this.changed();
    this.store.saveSoon();
    return {};
  }

  resetEntry() {
    this.ui.dice = [];
    this.ui.box = null;
    this.ui.column = 0;
    this.ui.scratch = false;
    this.ui.correcting = null;
    this.ui.written = null;
  }

  /** Replace the current game's entries if every game still replays; else the engine's reason. */
  change(entries, step) {
    const rules = this.derived().rules;
    try {
      this.score(rules, entries, this.game.players.length);
    } catch (error) {
      if (!(error instanceof ScoreError)) throw error;
      return { alert: fmt(this.T.not_written, { reason: error.message }) };
    }
    this.game.games[this.game.games.length - 1].entries = entries;
    this.game.undo.push(step);
    if (this.game.undo.length > this.model.constants.undo_limit) this.game.undo.shift();
    return null;
  }

  /** Write `entry` in its box for the player written to: a new box, or the correction of one. */
  write(entry) {
    const d = this.derived();
    const player = d.target;
    const column = entry.column ?? 0;
    const full = { player, ...entry };
    const index = this.indexOf(player, entry.box, column);
    const entries = [...this.entries()];
    let refused;
    if (index < 0) {
      entries.push(full);
      refused = this.change(entries, { op: "add" });
    } else {
      entries[index] = full;
      refused = this.change(entries, { op: "set", index, before: this.entries()[index] });
    }
    if (refused) return refused;
    this.resetEntry();
    const saved = this.commit();
    const after = this.derived();
    const whole = after.wholes[player];
    const label = this.slotLabel(entry.box, column);
    const bonuses = (cards) => cards.reduce((sum, c) => sum + c.yahtzeeBonuses, 0);
    const earned = bonuses(whole) - bonuses(d.wholes[player]);
    const wrote = { name: this.game.players[player], box: label, score: this.num(whole[column].boxes[entry.box]) };
    const said = earned > 0
      ? fmt(this.T.wrote_bonus, { ...wrote, bonus: this.num(earned * this.model.constants.yahtzee_bonus) })
      : fmt(this.T.wrote, wrote);
    if (!("dice" in entry)) this.ui.written = { player, ...this.inColumn(column), box: entry.box }; // a tick may follow, on this box
    return { ...saved, live: after.finished ? fmt(this.T.game_over, { said, result: after.result }) : said };
  }

  /** A tap on a die face: a sixth is refused, the five kept. */
  addDie(face) {
    if (this.ui.dice.length >= this.model.constants.dice_count) return { alert: fmt(this.T.sixth_die, { count: this.model.constants.dice_count }) };
    this.ui.dice = [...this.ui.dice, face];
    this.changed();
    return {};
  }

  removeDie(index) {
    this.ui.dice = this.ui.dice.filter((_, i) => i !== index);
    this.changed();
    return {};
  }

  /** The dice as typed: digits 1 to 6, spaces and commas ignored; more than five refused. */
  typeDice(text) {
    const digits = text.replace(/[\s,-]/g, "");
    const faces = this.model.constants.faces;
    if (![...digits].every((c) => faces.includes(Number(c)))) return { alert: fmt(this.T.dice_faces, { low: faces[0], high: faces[faces.length - 1] }) };
    if (digits.length > this.model.constants.dice_count) return { alert: fmt(this.T.sixth_die, { count: this.model.constants.dice_count }) };
    this.ui.dice = [...digits].map(Number);
    this.changed();
    return {};
  }

  place(box, column = 0) {
    if (this.ui.dice.length !== this.model.constants.dice_count) return { alert: this.T.dice_first };
    return this.write({ ...this.inColumn(column), dice: [...this.ui.dice], box, ...(this.ui.scratch ? { scratch: true } : {}) });
  }

  /**
   * Enter in the dice field: the box the player chose (tapped on the card or picked in the list),
   * else the first box offered, to be focused and so seen before a second Enter writes it; a chosen
   * box the roll may not go in says why. Never writes.
   */
  enterDice() {
    const d = this.derived();
    if (this.ui.dice.length !== this.model.constants.dice_count) return { alert: this.T.dice_first };
    const chosen = this.ui.correcting ? this.ui.correcting.box : this.ui.box;
    const column = this.ui.correcting ? this.ui.correcting.column ?? 0 : this.ui.column;
    const focus = (o) => (o ? { focus: o.box, ...this.inColumn(o.column ?? 0) } : { focus: null });
    if (!chosen) return focus(d.offered.find((o) => !o.refused));
    const offer = d.offered.find((o) => o.box === chosen && (o.column ?? 0) === column);
    if (offer && !offer.refused) return focus(offer);
    let reason = offer?.refused;
    if (!reason) {
      try {
        scoreAt(this.model, d.wholes[d.target], this.ui.dice, { column, box: chosen }, d.rules, this.ui.scratch);
      } catch (error) {
        if (!(error instanceof ScoreError)) throw error;
        reason = error.message;
      }
    }
    return { alert: fmt(this.T.not_written, { reason }), focus: null };
  }

  writeScore(box, text, column = 0) {
    if (!/^\d{1,3}$/.test(text.trim())) return { alert: this.T.whole_number };
    return this.write({ ...this.inColumn(column), box, score: Number(text.trim()) });
  }

  setScratch(on) {
    this.ui.scratch = on;
    this.changed();
    return {};
  }

  chooseBox(box, column = 0) {
    this.ui.box = box;
    this.ui.column = column;
    if (this.ui.written && (this.ui.written.box !== box || (this.ui.written.column ?? 0) !== column)) this.ui.written = null;
    this.changed();
    return {};
  }

  /** Whose `box` a tick goes to: the typed score just written, else the player written to. */
  tickPlayer(box, column = 0) {
    const written = this.ui.written;
    return written && written.box === box && (written.column ?? 0) === column ? written.player : this.derived().target;
  }

  /** Why `box` cannot take a Yahtzee bonus tick now, as a sentence; null when it can. */
  tickRefused(box, column = 0) {
    const d = this.derived();
    const player = this.tickPlayer(box, column);
    const index = this.indexOf(player, box, column);
    const entry = index < 0 ? null : this.entries()[index];
    const reason = tickRefusal(this.model, d.rules, d.wholes[player][column], entry);
    if (!reason) return null;
    const label = this.slotLabel(box, column);
    return fmt(this.T.tick_refused[reason], { box: label, score: entry?.score, yahtzee: this.model.constants.yahtzee_score });
  }

  /** Tick a Yahtzee bonus for the typed score in `box`: the one just written, else the player written to's. */
  tick(box, column = 0) {
    const refusedTick = this.tickRefused(box, column);
    if (refusedTick) return { alert: refusedTick };
    const player = this.tickPlayer(box, column);
    const index = this.indexOf(player, box, column);
    const entry = this.entries()[index];
    const label = this.slotLabel(box, column);
    const entries = [...this.entries()];
    entries[index] = { ...entry, bonus: true };
    const refused = this.change(entries, { op: "set", index, before: entry });
    if (refused) return refused;
    this.ui.correcting = null;
    this.ui.written = null;
    return { ...this.commit(), live: fmt(this.T.ticked, { name: this.game.players[player], box: label }) };
  }

  /** Whether a tick for `box` would be taken now (the view disables the button otherwise). */
  canTick(box, column = 0) {
    return !this.tickRefused(box, column);
  }

  /** The slot the typed-score list shows: the one chosen or being corrected, the typed one just written, else the first open. */
  listedSlot() {
    const d = this.derived();
    if (this.ui.box) return { box: this.ui.box, column: this.ui.column };
    if (this.ui.written) return { box: this.ui.written.box, column: this.ui.written.column ?? 0 };
    for (const [column, card] of d.wholes[d.target].entries()) {
      const open = this.model.boxes.find((b) => !(b.name in card.boxes));
      if (open) return { box: open.name, column };
    }
    return { box: this.model.boxes[0].name, column: 0 };
  }

  listedBox() {
    return this.listedSlot().box;
  }

  clearBox(box, column = 0) {
    const d = this.derived();
    const index = this.indexOf(d.target, box, column);
    const label = this.slotLabel(box, column);
    if (index < 0) return { alert: fmt(this.T.already_empty, { box: label }) };
    const before = this.entries()[index];
    const refused = this.change(this.entries().filter((_, i) => i !== index), { op: "remove", index, before });
    if (refused) return refused;
    this.resetEntry();
    return { ...this.commit(), live: fmt(this.T.emptied, { name: this.game.players[d.target], box: label }) };
  }

  /** Undo the last step, saying what it undid; the dice typed for the next roll stay. */
  undo() {
    if (!this.game) return { status: this.T.nothing_to_undo };
    const step = this.game.undo.pop();
    if (!step) return { status: this.T.nothing_to_undo };
    const said = this.undoneText(step);
    const entries = [...this.entries()];
    if (step.op === "add") entries.pop();
    else if (step.op === "set") entries[step.index] = step.before;
    else if (step.op === "remove") entries.splice(step.index, 0, step.before);
    if (step.op === "games") this.game.games = step.games;
    else this.game.games[this.game.games.length - 1].entries = entries;
    const dice = this.ui.dice;
    this.resetEntry();
    this.ui.dice = dice;
    return { ...this.commit(), live: said };
  }

  /** What undoing `step` takes back, said before it is undone: the player, the box and its score. */
  undoneText(step) {
    if (step.op === "games") return this.T.undone;
    const entry = step.op === "add" ? this.entries()[this.entries().length - 1] : step.op === "set" ? this.entries()[step.index] : step.before;
    const name = this.game.players[entry.player];
    const column = entry.column ?? 0;
    const box = this.slotLabel(entry.box, column);
    if (step.op === "remove") return fmt(this.T.undone_emptied, { name, box });
    if (step.op === "set" && entry.bonus && !step.before.bonus) return fmt(this.T.undone_ticked, { name, box });
    return fmt(this.T.undone_wrote, { name, box, score: this.derived().wholes[entry.player][column].boxes[entry.box] });
  }

  /** Cells: a filled box opens its correction; an empty box of the player whose turn it is is chosen. */
  tapCell(player, box, column = 0) {
    const d = this.derived();
    this.ui.cursor = { row: this.boxRows().indexOf(box), col: player * this.columns + column };
    this.ui.written = null;
    this.changed();
    const label = this.slotLabel(box, column);
    if (d.byCell.has(this.cellKey(player, column, box))) {
      this.ui.correcting = { player, ...this.inColumn(column), box };
      this.ui.box = box;
      this.ui.column = column;
      this.changed();
      return { status: fmt(this.T.correcting, { name: this.game.players[player], box: label }) };
    }
    if (player !== d.player || this.ui.correcting) {
      return { status: fmt(this.T.not_their_turn, { name: this.game.players[d.player] }) };
    }
    this.ui.box = box;
    this.ui.column = column;
    this.changed();
    return { status: fmt(this.T.chosen, { name: this.game.players[player], box: label }) };
  }

  cancelCorrection() {
    this.ui.correcting = null;
    this.ui.box = null;
    this.ui.column = 0;
    this.changed();
    return { status: this.T.correction_cancelled };
  }

  /** Put the game on screen into the history (if anything was written), saying if the oldest had to go. */
  keepCurrent() {
    const game = this.game;
    if (!game || !game.games.some((g) => g.entries.length)) return {};
    const dropped = this.store.keep(game);
    return dropped ? { status: fmt(this.T.history_full, { limit: this.model.constants.history_limit }) } : {};
  }

  openSetup() {
    this.ui.setup = true;
    this.changed();
    return {};
  }

  back() {
    if (!this.game) return {};
    this.ui.setup = false;
    this.changed();
    return {};
  }

  /** New players: the game on screen goes to the history, a new one starts. */
  start(names) {
    let clean;
    try {
      clean = checkNames(this.model, names);
    } catch (error) {
      if (!(error instanceof ScoreError)) throw error;
      return { alert: error.message };
    }
    const kept = this.keepCurrent();
    this.store.game = freshGame(this.model, this.model.page, clean);
    this.resetEntry();
    this.ui.setup = false;
    return { ...kept, ...this.commit(), live: fmt(this.T.started, { names: this.list(clean) }) };
  }

  /** A series page goes on to the next game; else the game goes to the history and a new one starts. */
  newGame() {
    const d = this.derived();
    if (!this.entries().length) return { status: this.T.not_started };
    if (d.isSeries && d.finished && this.game.games.length < this.model.constants.max_games) {
      const before = this.game.games.map((g) => ({ entries: [...g.entries] }));
      this.game.games.push({ entries: [] });
      this.game.undo.push({ op: "games", games: before });
      this.resetEntry();
      return { ...this.commit(), live: fmt(this.T.next_in_series, { number: this.game.games.length }) };
    }
    const kept = this.keepCurrent();
    const { rules, players, title } = this.game;
    this.store.game = { ...freshGame(this.model, rules, players), title };
    this.resetEntry();
    return { ...kept, ...this.commit(), live: this.T.new_game };
  }

  /** A file past the import limit, refused unread as `sheetgen score` refuses it. */
  tooBig(name) {
    return { alert: oneLine(this.model, fmt(this.T.too_big, { name })) };
  }

  /** A file's text: JSON read as `sheetgen score` reads it, then a record or a saved game (`load`); every refusal one escaped line. */
  importText(text, name) {
    let data;
    try {
      data = parseJson(this.model, text, name);
    } catch (error) {
      if (!(error instanceof ScoreError)) throw error;
      return { alert: oneLine(this.model, error.message) };
    }
    return this.load(data, name);
  }

  /**
   * A record or a saved-game file: checked in full, then it becomes the game on screen. A refusal is
   * one escaped line of at most the command line's length, however long the values it quotes.
   */
  load(data, name) {
    let game;
    try {
      if (data && typeof data === "object" && this.model.saved_game_key in data) {
        if (data[this.model.saved_game_key] !== STATE_VERSION) throw new ScoreError(located(this.model, name, this.T.unknown_saved));
        try {
          game = checkGame(this.model, data.game);
        } catch (error) {
          if (error instanceof ScoreError) throw new ScoreError(located(this.model, name, error.message));
          throw error;
        }
        game = { ...game, undo: [] };
      } else {
        const pageRules = makeRules(this.model, this.model.page.variant, this.model.page.house_rules);
        const record = parseRecord(this.model, data, name, pageRules);
        if (record.players.length > this.model.constants.max_players) {
          const values = { name, count: record.players.length, seats: this.model.constants.max_players, command: this.model.fill_command };
          return { alert: oneLine(this.model, fmt(this.T.too_many_seats, values)) };
        }
        game = freshGame(this.model, { variant: record.rules.name, house_rules: record.rules.houseRules }, record.players);
        game.games = record.games;
        game.title = record.title;
        game.date = record.date;
      }
    } catch (error) {
      if (!(error instanceof ScoreError)) throw error;
      return { alert: oneLine(this.model, error.message) };
    }
    const kept = this.keepCurrent();
    this.store.game = game;
    this.resetEntry();
    this.ui.setup = false;
    return { ...kept, ...this.commit(), status: oneLine(this.model, fmt(this.T.imported, { name })) };
  }

  /** Any game as a file: a finished one as a record `sheetgen score` reads, else a saved game the page loads. */
  exportFile(game) {
    const rules = makeRules(this.model, game.rules.variant, game.rules.house_rules);
    const finished = game.games.every((g) =>
      replayWholes(this.model, rules, g.entries, game.players.length).every((whole) => whole.every((c) => isComplete(this.model, c))),
    );
    let data;
    if (finished) {
      data = toRecord(this.model, rules, game.players, game.games, { title: game.title, date: game.date || game.started.slice(0, 10) });
    } else {
      data = { [this.model.saved_game_key]: STATE_VERSION, game: { ...game, undo: [] } };
    }
    return { name: fileName(this.model, game), text: `${JSON.stringify(data, null, 2)}\n`, finished };
  }

  resume(id) {
    const chosen = this.store.history.find((g) => g.id === id);
    if (!chosen) return {};
    const kept = this.keepCurrent();
    this.store.take(id);
    this.store.game = chosen;
    this.resetEntry();
    this.ui.setup = false;
    this.ui.viewing = null;
    return { ...kept, ...this.commit(), live: fmt(this.T.resumed, { names: this.list(chosen.players) }) };
  }

  view(id) {
    this.ui.viewing = this.ui.viewing === id ? null : id;
    this.changed();
    return {};
  }

  remove(id) {
    const game = this.store.take(id);
    if (this.ui.viewing === id) this.ui.viewing = null;
    return { ...this.commit(), status: fmt(this.T.deleted, { names: game ? this.list(game.players) : "" }) };
  }

  /** A past game's summary: when, who, totals, winners, finished or not, and its last card's rows. */
  summary(game) {
    const rules = this.rulesOf(game);
    const all = game.games.map((g) => this.score(rules, g.entries, game.players.length));
    const last = all[all.length - 1];
    const finished = last.wholes.every((whole) => whole.every((c) => isComplete(this.model, c)));
    const sums = game.players.map((_, i) => all.reduce((s, scored) => s + scored.totals[i].grand_total, 0));
    const best = leaders(sums);
    return {
      finished, sums, winners: best.map((i) => game.players[i]), cards: last.cards,
      rows: this.cardRows(last),
      series: all.length > 1 ? all.map((scored) => scored.totals.map((t) => this.num(t.grand_total))) : null,
    };
  }

  /**
   * Every row of a card as the live card shows it, boxes and totals, each player's value as text: one
   * per player, or one per column of each player's card (a player's grand total once, spanning them).
   */
  cardRows(scored) {
    return this.model.rows.map((row) => {
      const label = row.total
        ? this.model.totals.find((t) => t.name === row.key).label
        : this.model.boxes.find((b) => b.name === row.key).label;
      const values = scored.wholes.flatMap((whole, i) => {
        if (row.key === CARD_TOTAL) return [this.num(scored.totals[i].grand_total)];
        return whole.map((card, k) => {
          const value = this.cellValue(row, card, scored.columnTotals[i][k], k);
          return value === undefined ? "" : this.num(value);
        });
      });
      return { key: row.key, total: row.total, section: row.section, label, values, span: row.key === CARD_TOTAL ? this.columns : 1 };
    });
  }

  /** What a row shows in one column of a card: its box, its total, or (the scored row) its total times its multiplier. */
  cellValue(row, card, columnTotals, column) {
    if (!row.total) return card.boxes[row.key];
    if (row.key === SCORED) return columnTotals.grand_total * this.model.game.columns[column];
    return columnTotals[row.key];
  }

  /** The past games as the history lists them, newest first; the one viewed with its card. */
  pastGames() {
    return this.store.history.map((game) => {
      const s = this.summary(game);
      const state = s.finished ? `${this.T.finished}, ${fmt(this.T.history_winner, { names: this.list(s.winners) })}` : this.T.unfinished;
      const viewing = this.ui.viewing === game.id;
      return {
        id: game.id, finished: s.finished, viewing, players: game.players, short: shortNames(game.players),
        what: fmt(this.T.history_item, { when: this.when(game), players: this.list(game.players) }),
        note: fmt(this.T.history_totals, { totals: game.players.map((n, i) => `${n} ${this.num(s.sums[i])}`).join(", "), state }),
        rows: viewing ? s.rows : null,
        series: viewing && s.series ? { games: s.series, sums: s.sums.map((n) => this.num(n)) } : null,
      };
    });
  }

  /** The question asked before a past game is deleted. */
  deleteQuestion(id) {
    const game = this.store.history.find((g) => g.id === id);
    return game ? fmt(this.T.delete_confirm, { names: this.list(game.players), when: this.when(game) }) : null;
  }

  /** The game on screen (no id) or a past one as a file to download, and what the page then says. */
  exportGame(id = null) {
    const game = id === null ? this.game : this.store.history.find((g) => g.id === id);
    if (!game) return null;
    const file = this.exportFile(game);
    return { ...file, status: fmt(this.T.exported, { name: file.name }) };
  }

  /** The text set aside (saved data that failed its checks), to download, with its file name. */
  setAsideFile() {
    return { name: `${this.model.page.slug}-set-aside.json`, text: this.store.setAside };
  }

  forgetSetAside() {
    this.store.forgetSetAside();
    return {};
  }

  /** Write what waits to be saved now: the page is being hidden or closed. */
  flush() {
    this.store.flush();
  }

  /**
   * Another tab saved under `key`: the newer game (or history) is read back and shown, and what
   * this tab was about to write is dropped. Null when it was nothing of this page's, or nothing new.
   */
  storageChanged(key) {
    if (!key || !key.startsWith(this.store.key)) return null;
    this.store.dropPending();
    const before = this.store.revision;
    this.store.load();
    if (this.store.revision === before && key === this.store.key) return null;
    this.resetEntry();
    this.changed();
    return { status: this.T.updated };
  }

  // ---- the card's keyboard cursor: a box row and a player's column

  boxRows() {
    return this.model.rows.filter((r) => !r.total).map((r) => r.key);
  }

  /** Move the cursor by rows and cell columns (each column of each player's card), kept on the card. */
  moveCursor(rows, cols) {
    const n = (this.game ? this.game.players.length : 1) * this.columns;
    const last = this.boxRows().length - 1;
    const { row, col } = this.ui.cursor;
    this.ui.cursor = { row: Math.max(0, Math.min(last, row + rows)), col: Math.max(0, Math.min(n - 1, col + cols)) };
    this.changed();
    return {};
  }

  /** The card reached from the keyboard: the cursor starts in the column of the player whose turn it is. */
  cursorToTurn() {
    const d = this.derived();
    if (d.game && !d.finished) this.ui.cursor = { ...this.ui.cursor, col: d.target * this.columns };
    this.changed();
    return {};
  }

  /** Enter or Space on the card: as a tap on the cell under the cursor. */
  tapCursor() {
    const { row, col } = this.ui.cursor;
    return this.tapCell(Math.floor(col / this.columns), this.boxRows()[row], col % this.columns);
  }

  /** The id of the cell under the cursor (the card's aria-activedescendant). */
  cursorCell() {
    const { row, col } = this.ui.cursor;
    return cellId(this.model, Math.floor(col / this.columns), col % this.columns, this.boxRows()[row]);
  }

  /**
   * Everything the view draws, as text and flags: the game's numbers come formatted in the page's
   * language, and what the entry panel lists (boxes, the tick's reason) is decided here.
   */
  screen() {
    const d = this.derived();
    const ui = this.ui;
    const playing = Boolean(d.game) && !ui.setup;
    const screen = {
      playing, hasGame: Boolean(d.game), setAside: this.store.setAside !== null,
      history: () => this.pastGames(), historyKey: [this.store.history, ui.viewing], names: d.game ? [...d.game.players] : ["", ""],
    };
    if (!playing) return screen;
    const game = d.game;
    const number = game.games.length;
    let heading = number > 1 || d.isSeries ? fmt(this.T.game_number, { number }) : this.T.game;
    if (d.finished) heading = fmt(this.T.game_result, { game: heading, result: d.result });
    const { box, column } = this.listedSlot();
    const whole = d.wholes[d.target];
    const card = whole[column];
    return {
      ...screen, d, ui, heading, box, column, num: (n) => this.num(n),
      printedOn: fmt(this.T.printed_on, { date: this.day(game) }),
      caption: number > 1 ? fmt(this.T.card_number, { number }) : this.T.card,
      short: shortNames(game.players),
      whoText: d.finished && !ui.correcting ? d.result : game.players[d.target],
      whoLabel: ui.correcting ? fmt(this.T.correcting_label, { box: this.slotLabel(ui.correcting.box, ui.correcting.column ?? 0) }) : d.finished ? this.T.finished_label : this.T.turn_label,
      canScratch: canScratch(d.rules),
      // The typed-score list: every box of every column, with what it holds.
      boxList: whole.flatMap((c, k) => this.model.boxes.map((b) => {
        const label = this.slotLabel(b.name, k);
        return { name: b.name, column: k, text: b.name in c.boxes ? `${label} (${this.num(c.boxes[b.name])})` : label };
      })),
      holds: fmt(this.T.holds, { box: this.slotLabel(box, column), allowed: allowedText(this.model, possibleScores(this.model, d.rules, box)) }),
      canClear: box in card.boxes,
      tickRefused: this.tickRefused(box, column),
      cursor: this.cursorCell(),
      seriesRows: d.series ? { games: d.allTotals.map((t) => t.map((x) => this.num(x.grand_total))), sums: d.series.map((n) => this.num(n)) } : null,
    };
  }

  label(box) {
    return this.model.boxes.find((b) => b.name === box).label;
  }
}
