// The scorekeeper's store: the game on screen and the history of past games, saved to
// localStorage and read back. Everything read back is checked as an imported record is (names,
// dice, boxes, the undo steps, every count) before the page uses it; what fails is set aside
// under its own key, never deleted, and the page starts clean. No DOM.
import { ScoreError, cleanText, located, quote, refusalAt, say, within, word } from "./text.mjs";
import { checkDate, checkKeys, makeRules, replay } from "./engine.mjs";

/** The saved-game format's version: a state of another version is set aside, never misread. */
export const STATE_VERSION = 1;

/** The start of a state this page saved: its version, then its revision. */
const REVISION_HEAD = new RegExp(`^\\{"version":${STATE_VERSION},"revision":(\\d{1,15}),`);

/** A game the page keeps: who plays, under which rules, and every box written, in order. */
export function freshGame(model, rules, players, now = new Date()) {
  return {
    id: `${now.getTime().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`,
    started: now.toISOString(),
    // The game is written unless it is the default one, so Yahtzee's saved games stay as they were.
    rules: { ...gameKey(model), variant: rules.variant, house_rules: [...rules.house_rules] },
    players: [...players],
    games: [{ entries: [] }],
    undo: [],
    title: null,
    date: null,
  };
}

/** `{game}` for a game other than the default one, else nothing. */
function gameKey(model) {
  return model.game.id === model.default_game ? {} : { game: model.game.id };
}

const GAME_KEYS = ["id", "started", "rules", "players", "games", "undo", "title", "date"];
const ENTRY_KEYS = ["player", "box", "dice", "scratch", "score", "bonus"];
// A card of several columns: every entry names its column, counted from 0 (a one-column game's never do).
const COLUMN_ENTRY_KEYS = ["player", "column", "box", "dice", "scratch", "score", "bonus"];

function boundedList(model, value, where, most) {
  if (!Array.isArray(value) || value.length > most) throw refusalAt(model, where, "list_at_most", { most });
  return value;
}

function shortText(model, value, where, most) {
  if (typeof value !== "string" || value.length > most) throw refusalAt(model, where, "text_at_most", { most });
  return value;
}

/** One entry's shape: the engine's replay then checks what it says. */
function checkEntry(model, where, entry, players) {
  const k = model.constants;
  const columns = model.game.columns.length;
  checkKeys(model, where, entry, columns > 1 ? COLUMN_ENTRY_KEYS : ENTRY_KEYS);
  if (!Number.isInteger(entry.player) || entry.player < 0 || entry.player >= players) throw refusalAt(model, where, "no_player");
  if (columns > 1 && !(Number.isInteger(entry.column) && entry.column >= 0 && entry.column < columns)) {
    throw refusalAt(model, where, "index_range");
  }
  if (!model.boxes.some((b) => b.name === entry.box)) {
    throw refusalAt(model, where, "unknown_box", { name: quote(model, entry.box), boxes: model.boxes.map((b) => b.name).join(", ") });
  }
  if (("dice" in entry) === ("score" in entry)) throw refusalAt(model, where, "dice_or_score_needed");
  if ("dice" in entry) {
    const dice = boundedList(model, entry.dice, where, k.dice_count);
    if (dice.length !== k.dice_count || !dice.every((d) => k.faces.includes(d))) {
      throw refusalAt(model, where, "dice_faces", { count: k.dice_count });
    }
    if ("bonus" in entry) throw refusalAt(model, where, "roll_bonus");
  } else if (!Number.isInteger(entry.score) || "scratch" in entry) {
    throw refusalAt(model, where, "typed_whole");
  }
  for (const key of ["scratch", "bonus"]) {
    if (key in entry && entry[key] !== true) throw refusalAt(model, where, "true_or_absent", { key });
  }
  return entry;
}

/** The games of a saved game, or of an undo step under `where`: each one's entries replayed. */
function checkGames(model, rules, where, games, players) {
  const list = where || word(model, "games");
  boundedList(model, games, list, model.constants.max_games);
  if (!games.length) throw refusalAt(model, list, "no_game");
  games.forEach((g, i) => {
    const at = within(model, where, say(model, "game", { number: i + 1 }));
    checkKeys(model, at, g, ["entries"]);
    boundedList(model, g.entries, at, players * model.boxes.length * model.game.columns.length);
    g.entries.forEach((e, n) => checkEntry(model, within(model, at, say(model, "entry", { number: n + 1 })), e, players));
    replay(model, rules, g.entries, players);
  });
  return games;
}

/**
 * A saved game checked as an imported record: rules known, names clean and distinct, at most as
 * many players as the page seats, every game replayed, every undo step one the page could have made.
 * Throws a ScoreError naming the first fault.
 */
export function checkGame(model, game) {
  const k = model.constants;
  const saved = say(model, "saved_game");
  checkKeys(model, saved, game, GAME_KEYS);
  for (const key of GAME_KEYS) if (!(key in game)) throw refusalAt(model, saved, "missing_key", { key });
  shortText(model, game.id, "id", k.max_id_length);
  shortText(model, game.started, "started", k.max_id_length);
  if (Number.isNaN(Date.parse(game.started))) throw refusalAt(model, "started", "not_a_time");
  checkKeys(model, "rules", game.rules, ["game", "variant", "house_rules"]);
  // A saved game of another game (Yahtzee's under a Yatzy page's key) is refused in one line.
  const savedGame = game.rules.game ?? model.default_game;
  if (savedGame !== model.game.id) {
    const shown = model.games.includes(savedGame)
      ? model.game_titles[savedGame]
      : quote(model, String(savedGame).slice(0, k.max_id_length));
    throw refusalAt(model, saved, "other_game_page", { game: shown, wanted: model.game_title });
  }
  shortText(model, game.rules.variant, word(model, "variant"), k.max_name_length);
  boundedList(model, game.rules.house_rules, word(model, "house_rules"), model.house_rules.length).forEach((r) =>
    shortText(model, r, word(model, "house_rules"), k.max_name_length),
  );
  const rules = makeRules(model, game.rules.variant, game.rules.house_rules);
  const players = boundedList(model, game.players, word(model, "players"), k.max_players);
  if (!players.length) throw refusalAt(model, word(model, "players"), "players_list");
  players.forEach((name, i) => {
    const seat = say(model, "player", { number: i + 1 });
    if (cleanText(model, seat, name, say(model, "the_name"), k.max_name_length) !== name) throw refusalAt(model, seat, "not_clean");
    if (players.indexOf(name) !== i) throw refusalAt(model, seat, "name_twice", { name: quote(model, name) });
  });
  if (game.title !== null && cleanText(model, word(model, "title"), game.title, say(model, "the_title"), k.max_title_length) !== game.title) {
    throw refusalAt(model, word(model, "title"), "not_clean");
  }
  if (game.date !== null) checkDate(model, word(model, "date"), shortText(model, game.date, word(model, "date"), 10));
  checkGames(model, rules, "", game.games, players.length);
  checkUndo(model, rules, game);
  return game;
}

/** The fields of each kind of undo step the controller makes. */
const STEP_KEYS = { add: ["op"], set: ["op", "index", "before"], remove: ["op", "index", "before"], games: ["op", "games"] };

/**
 * The undo steps, undone from the last as the page's Undo undoes them: each must find the card it
 * was made on (an entry to take back, the same player's box to restore, an empty next game of a
 * series after the same games) and leave entries that replay, so Undo never meets a step it cannot undo.
 */
function checkUndo(model, rules, game) {
  const players = game.players.length;
  let games = game.games.map((g) => g.entries);
  const steps = boundedList(model, game.undo, "undo", model.constants.undo_limit);
  for (let n = steps.length - 1; n >= 0; n -= 1) {
    const step = steps[n];
    const where = say(model, "undo_step", { number: n + 1 });
    checkKeys(model, where, step, ["op", "index", "before", "games"]);
    if (typeof step.op !== "string" || !Object.hasOwn(STEP_KEYS, step.op)) throw refusalAt(model, where, "unknown_step");
    checkKeys(model, where, step, STEP_KEYS[step.op]);
    for (const key of STEP_KEYS[step.op]) if (!(key in step)) throw refusalAt(model, where, "missing_key", { key });
    const entries = games[games.length - 1];
    if (step.op === "games") {
      const before = checkGames(model, rules, where, step.games, players).map((g) => g.entries);
      const same = games.length === before.length + 1 && JSON.stringify(games.slice(0, -1)) === JSON.stringify(before);
      if (entries.length || !same) throw refusalAt(model, where, "unknown_step");
      games = before;
      continue;
    }
    const undone = [...entries];
    if (step.op === "add") {
      if (!entries.length) throw refusalAt(model, where, "index_range");
      undone.pop();
    } else {
      const last = step.op === "set" ? entries.length - 1 : entries.length;
      if (!Number.isInteger(step.index) || step.index < 0 || step.index > last) throw refusalAt(model, where, "index_range");
      const before = checkEntry(model, where, step.before, players);
      if (step.op === "remove") undone.splice(step.index, 0, before);
      else if (
        entries[step.index].player !== before.player || entries[step.index].box !== before.box || entries[step.index].column !== before.column
      ) {
        throw refusalAt(model, where, "unknown_step");
      } else undone[step.index] = before;
    }
    try {
      replay(model, rules, undone, players);
    } catch (error) {
      if (!(error instanceof ScoreError)) throw error;
      throw new ScoreError(located(model, where, error.message));
    }
    games = [...games.slice(0, -1), undone];
  }
}

/**
 * The page's storage: `state` is the game on screen (or null), `history` the games kept before it,
 * newest first. A revision counter and the storage event keep a second tab from writing over a newer game.
 */
export class Store {
  /**
   * `later(write)` runs a write once the page has drawn (the view schedules it after the frame) and
   * `refused()` hears that the browser would not keep it; without them, saves are written at once.
   */
  constructor(model, storage, { later = (write) => write(), refused = () => {} } = {}) {
    this.model = model;
    this.storage = storage;
    this.later = later;
    this.refused = refused;
    this.pending = false;
    this.key = model.page.storage_key;
    this.keys = { history: `${this.key}/history`, setAside: `${this.key}/set-aside` };
    this.revision = 0;
    this.game = null;
    this.history = [];
    this.setAside = null; // the text of saved data that failed its checks, to offer as a download
    this.refusedText = null; // the saved game's text as it failed its checks, left in place
    this.savedHistory = null; // the history as last written, so a write of the game alone skips it
  }

  /** Read the saved game and history back; what fails its checks is moved aside. */
  load() {
    this.pending = false;
    const k = this.model.constants;
    const state = this.readChecked(this.key, k.max_state_chars, (value) => this.checkState(value));
    if (state) {
      this.game = state.game;
      this.revision = state.revision;
    }
    const history = this.readChecked(this.keys.history, k.max_history_chars, (value) => this.checkHistory(value));
    this.history = history ?? [];
    this.savedHistory = history;
    let aside = null;
    try {
      aside = this.storage.getItem(this.keys.setAside);
    } catch {
      // a browser that refuses storage has nothing set aside
    }
    this.setAside = aside === null ? this.setAside : aside;
    return this;
  }

  /** A saved state: this version's, with its revision and a game that passes checkGame. */
  checkState(value) {
    if (value === null || typeof value !== "object" || value.version !== STATE_VERSION || !Number.isInteger(value.revision)) {
      throw this.otherVersion();
    }
    const { version, revision, ...game } = value;
    return { game: checkGame(this.model, game), revision };
  }

  /** The saved history: this version's list of at most the limit of games, each passing checkGame. */
  checkHistory(value) {
    const list = checkKeys(this.model, "history", value, ["version", "games"]);
    if (list.version !== STATE_VERSION) throw this.otherVersion();
    boundedList(this.model, list.games, "history", this.model.constants.history_limit);
    return list.games.map((g) => checkGame(this.model, g));
  }

  otherVersion() {
    return new ScoreError(this.model.text.unknown_saved);
  }

  /** What `check` makes of the text under `key`, or null when there is none or it fails (then it is set aside). */
  readChecked(key, most, check) {
    const saved = this.read(key, most);
    if (saved.ok) {
      if (saved.value === null) return null;
      try {
        return check(saved.value);
      } catch (error) {
        if (!(error instanceof ScoreError)) throw error;
      }
    }
    this.putAside(saved.text);
    // Left where it is until the page saves over it, but never again taken for another tab's newer game.
    if (key === this.key) this.refusedText = saved.whole;
    return null;
  }

  /** The stored text under `key`, parsed; refused unread when longer than `most` characters. */
  read(key, most) {
    let text = null;
    try {
      text = this.storage.getItem(key);
    } catch {
      return { ok: true, value: null, text: null };
    }
    if (text === null) return { ok: true, value: null, text };
    if (text.length > most) return { ok: false, text: text.slice(0, most), whole: text };
    try {
      return { ok: true, value: JSON.parse(text), text };
    } catch {
      return { ok: false, text, whole: text };
    }
  }

  putAside(text) {
    this.setAside = text;
    try {
      this.storage.setItem(this.keys.setAside, text);
    } catch {
      // kept on the page for its download only
    }
    return text;
  }

  forgetSetAside() {
    this.setAside = null;
    this.storage.removeItem(this.keys.setAside);
  }

  /**
   * Whether another tab saved a newer game than the one on screen. The page writes the revision
   * first, so it is read from the text's start; a text written otherwise, or a newer one, is read
   * and checked in full: a state that fails is set aside, never shown in place of the game on screen.
   */
  newerElsewhere() {
    let text;
    try {
      text = this.storage.getItem(this.key);
    } catch {
      return false;
    }
    if (text === null || text === this.refusedText) return false;
    const head = REVISION_HEAD.exec(text.slice(0, 64));
    if (head && Number(head[1]) <= this.revision) return false;
    const state = this.readChecked(this.key, this.model.constants.max_state_chars, (value) => this.checkState(value));
    return state !== null && state.revision > this.revision;
  }

  /** Save after the page has drawn: a tap redraws the totals first. One write however many changes. */
  saveSoon() {
    this.revision += 1;
    if (this.pending) return;
    this.pending = true;
    this.later(() => this.flush());
  }

  /** Write what waits now (the page is being hidden or closed, or the frame is out). */
  flush() {
    if (!this.pending) return;
    this.pending = false;
    if (!this.write()) this.refused();
  }

  /** Another tab's newer save wins: what waits here is dropped, as the page then shows that one. */
  dropPending() {
    this.pending = false;
  }

  /** Write the game, and the history if it changed; false when the browser refused (full or off). */
  save() {
    this.revision += 1;
    this.pending = false;
    return this.write();
  }

  write() {
    try {
      if (this.game) this.storage.setItem(this.key, JSON.stringify({ version: STATE_VERSION, revision: this.revision, ...this.game }));
      else this.storage.removeItem(this.key);
      if (this.history !== this.savedHistory) {
        this.storage.setItem(this.keys.history, JSON.stringify({ version: STATE_VERSION, games: this.history }));
        this.savedHistory = this.history;
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Put a game at the top of the history; past the limit the oldest goes. @returns the game dropped, if any */
  keep(game) {
    const copy = { ...game, undo: [] };
    this.history = [copy, ...this.history.filter((g) => g.id !== game.id)];
    return this.history.length > this.model.constants.history_limit ? this.history.pop() : null;
  }

  take(id) {
    const game = this.history.find((g) => g.id === id);
    this.history = this.history.filter((g) => g.id !== id);
    return game;
  }
}
