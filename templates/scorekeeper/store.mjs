// The scorekeeper's store: the game on screen and the history of past games, saved to
// localStorage and read back. Everything read back is checked as an imported record is (names,
// dice, boxes, the undo steps, every count) before the page uses it; what fails is set aside
// under its own key, never deleted, and the page starts clean. No DOM.
import { ScoreError, cleanText } from "./text.mjs";
import { makeRules, replay } from "./engine.mjs";

/** The saved-game format's version: a state of another version is set aside, never misread. */
export const STATE_VERSION = 1;

/** The start of a state this page saved: its version, then its revision. */
const REVISION_HEAD = new RegExp(`^\\{"version":${STATE_VERSION},"revision":(\\d{1,15}),`);

/** A game the page keeps: who plays, under which rules, and every box written, in order. */
export function freshGame(model, rules, players, now = new Date()) {
  return {
    id: `${now.getTime().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`,
    started: now.toISOString(),
    rules: { variant: rules.variant, house_rules: [...rules.house_rules] },
    players: [...players],
    games: [{ entries: [] }],
    undo: [],
    title: null,
    date: null,
  };
}

const GAME_KEYS = ["id", "started", "rules", "players", "games", "undo", "title", "date"];
const ENTRY_KEYS = ["player", "box", "dice", "scratch", "score", "bonus"];

function fail(what) {
  throw new ScoreError(what);
}

function plainObject(value, where, keys) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) fail(`${where}: expected an object`);
  for (const key of Object.keys(value)) if (!keys.includes(key)) fail(`${where}: unknown key ${JSON.stringify(key)}`);
  return value;
}

function boundedList(value, where, most) {
  if (!Array.isArray(value) || value.length > most) fail(`${where}: expected a list of at most ${most}`);
  return value;
}

function shortText(value, where, most) {
  if (typeof value !== "string" || value.length > most) fail(`${where}: expected text of at most ${most} characters`);
  return value;
}

/** One entry's shape: the engine's replay then checks what it says. */
function checkEntry(model, where, entry, players) {
  plainObject(entry, where, ENTRY_KEYS);
  if (!Number.isInteger(entry.player) || entry.player < 0 || entry.player >= players) fail(`${where}: no such player`);
  if (!model.boxes.some((b) => b.name === entry.box)) fail(`${where}: no such box`);
  if (("dice" in entry) === ("score" in entry)) fail(`${where}: needs dice or a score`);
  if ("dice" in entry) {
    const dice = boundedList(entry.dice, where, model.constants.dice_count);
    if (dice.length !== model.constants.dice_count || !dice.every((d) => model.constants.faces.includes(d))) {
      fail(`${where}: dice must be ${model.constants.dice_count} faces`);
    }
    if ("bonus" in entry) fail(`${where}: a roll earns its own bonus`);
  } else if (!Number.isInteger(entry.score) || "scratch" in entry) {
    fail(`${where}: a typed score is a whole number`);
  }
  if ("scratch" in entry && entry.scratch !== true) fail(`${where}: scratch is true or left out`);
  if ("bonus" in entry && entry.bonus !== true) fail(`${where}: bonus is true or left out`);
  return entry;
}

function checkGames(model, rules, where, games, players) {
  const k = model.constants;
  boundedList(games, where, k.max_games);
  if (!games.length) fail(`${where}: no game`);
  games.forEach((g, i) => {
    plainObject(g, `${where} ${i + 1}`, ["entries"]);
    boundedList(g.entries, `${where} ${i + 1}`, players * model.boxes.length);
    g.entries.forEach((e, n) => checkEntry(model, `${where} ${i + 1}, entry ${n + 1}`, e, players));
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
  plainObject(game, "game", GAME_KEYS);
  for (const key of GAME_KEYS) if (!(key in game)) fail(`game: missing ${key}`);
  shortText(game.id, "id", k.max_id_length);
  shortText(game.started, "started", k.max_id_length);
  if (Number.isNaN(Date.parse(game.started))) fail("started: not a time");
  plainObject(game.rules, "rules", ["variant", "house_rules"]);
  shortText(game.rules.variant, "variant", k.max_name_length);
  boundedList(game.rules.house_rules, "house rules", model.house_rules.length).forEach((r) =>
    shortText(r, "house rule", k.max_name_length),
  );
  const rules = makeRules(model, game.rules.variant, game.rules.house_rules);
  const players = boundedList(game.players, "players", k.max_players);
  if (!players.length) fail("players: none");
  players.forEach((name, i) => {
    if (cleanText(model, `player ${i + 1}`, name, "the name", k.max_name_length) !== name) fail(`player ${i + 1}: not clean`);
  });
  if (new Set(players).size !== players.length) fail("players: a name is used twice");
  if (game.title !== null && cleanText(model, "title", game.title, "the title", k.max_title_length) !== game.title) {
    fail("title: not clean");
  }
  if (game.date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(shortText(game.date, "date", 10))) fail("date: not a date");
  checkGames(model, rules, "game", game.games, players.length);
  boundedList(game.undo, "undo", k.undo_limit).forEach((step, n) => {
    const where = `undo step ${n + 1}`;
    plainObject(step, where, ["op", "index", "before", "games"]);
    if (step.op === "add") return;
    if (step.op === "games") {
      checkGames(model, rules, where, step.games, players.length);
      return;
    }
    if (step.op !== "set" && step.op !== "remove") fail(`${where}: unknown step`);
    if (!Number.isInteger(step.index) || step.index < 0 || step.index >= players.length * model.boxes.length) {
      fail(`${where}: index out of range`);
    }
    checkEntry(model, where, step.before, players.length);
  });
  return game;
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
    this.savedHistory = null; // the history as last written, so a write of the game alone skips it
  }

  /** Read the saved game and history back; what fails its checks is moved aside. */
  load() {
    this.pending = false;
    const saved = this.read(this.key, this.model.constants.max_state_chars);
    if (saved.ok && saved.value !== null) {
      try {
        if (saved.value.version !== STATE_VERSION || !Number.isInteger(saved.value.revision)) fail("version");
        const { version, revision, ...game } = saved.value;
        this.game = checkGame(this.model, game);
        this.revision = revision;
      } catch (error) {
        if (!(error instanceof ScoreError)) throw error;
        this.putAside(saved.text);
      }
    } else if (!saved.ok) this.putAside(saved.text);
    const history = this.read(this.keys.history, this.model.constants.max_history_chars);
    this.history = [];
    this.savedHistory = null;
    if (history.ok && history.value !== null) {
      try {
        const list = plainObject(history.value, "history", ["version", "games"]);
        if (list.version !== STATE_VERSION) fail("version");
        boundedList(list.games, "history", this.model.constants.history_limit);
        this.history = list.games.map((g) => checkGame(this.model, g));
        this.savedHistory = this.history;
      } catch (error) {
        if (!(error instanceof ScoreError)) throw error;
        this.putAside(history.text);
      }
    } else if (!history.ok) this.putAside(history.text);
    const aside = this.storage.getItem(this.keys.setAside);
    this.setAside = aside === null ? this.setAside : aside;
    return this;
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
    if (text.length > most) return { ok: false, text: text.slice(0, most) };
    try {
      return { ok: true, value: JSON.parse(text), text };
    } catch {
      return { ok: false, text };
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
   * first, so it is read from the text's start; a state written otherwise is parsed in full.
   */
  newerElsewhere() {
    let text;
    try {
      text = this.storage.getItem(this.key);
    } catch {
      return false;
    }
    if (text === null) return false;
    const head = REVISION_HEAD.exec(text.slice(0, 64));
    if (head) return Number(head[1]) > this.revision;
    const saved = this.read(this.key, this.model.constants.max_state_chars);
    return saved.ok && saved.value && Number.isInteger(saved.value.revision) && saved.value.revision > this.revision;
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
