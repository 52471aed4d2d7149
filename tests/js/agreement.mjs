// Answers questions sent as JSON on stdin with the scorekeeper's engine, as JSON on stdout;
// tests/test_scorekeeper_engine.py asks the Python engine the same and compares.
//   games:   per turn, the legal boxes, the score in every open box, the totals after the turn
//   tables:  per rules, the scores each box may hold and those an extra Yahtzee can leave
//   records: per record, the checked totals (as `sheetgen score --json`) or the error
//   texts:   per name, the cleaned text or the error (text.clean_text)
//   imports: per file, what the page's controller shows on importing it (a record or a saved game)
//   files:   per file as text ({name, text}), what the page shows on importing it: its JSON read as
//            `sheetgen score` reads it (floats, duplicate keys, depth, digits, syntax), then checked
//   quotes:  per [value, limit, quotes], the value as a message quotes it (text.quote)
//   printable: per text, the text escaped for a message (text.printable)
//   saved:   per planted storage ({key: text}), what the page does with it: set aside or loaded, every
//            Undo to the last, then a roll placed (a new game started first if none is in play)
//   plays:   per list of controller calls ([method, ...arguments]) on an empty page, the game it saves,
//            any alert an action gave, what the last one said, the dice then typed and the winner
//            sentence of a finished game (the end panel's), and the file Export then writes
//   slugs:   per name, the part of an export's file name it becomes (text.fileSlug)
//   roundtrips: per record, the record engine.mjs writes back (toRecord) from the entries it read
//   golden:  per golden-table row ({variant, house_rules, dice, box, scratch, filled}), the score the
//            roll makes in the box on a card holding `filled`, or null where the rules refuse it; with
//            `columns` (a `filled` per column) and `column`, in that column of a whole card
//   wholes:  per rules, games of turns ({dice, column, box, scratch}) placed on a whole card (a column
//            per multiplier): per turn the legal slots, the score in every open slot ("K:box"), each
//            column's totals and the grand total after it
import { readFileSync } from "node:fs";
import { Controller } from "../../templates/scorekeeper/controller.mjs";
import * as engine from "../../templates/scorekeeper/engine.mjs";
import { Store } from "../../templates/scorekeeper/store.mjs";
import { ScoreError, cleanText, fileSlug, printable, quote } from "../../templates/scorekeeper/text.mjs";

const question = JSON.parse(readFileSync(0, "utf8"));
const { model, games = [], tables = [], records = [], texts = [], imports = [] } = question;
const { quotes = [], printables = [], saved = [], plays = [], files = [], slugs = [], golden = [] } = question;
const { wholes = [], roundtrips = [] } = question;

function playGames({ variant, house_rules: houseRules, games: played }) {
  const rules = engine.makeRules(model, variant, houseRules);
  return played.map((turns) => {
    let card = engine.emptyCard();
    return turns.map(({ dice, box, scratch }) => {
      const legal = engine.legalBoxes(model, card, dice, rules);
      const scores = {};
      for (const open of engine.openBoxes(model, card)) {
        try {
          scores[open] = engine.scoreIn(model, card, dice, open, rules);
        } catch (error) {
          if (!(error instanceof ScoreError)) throw error;
          scores[open] = null;
        }
      }
      card = engine.place(model, card, dice, box, rules, Boolean(scratch));
      return { legal, scores, totals: engine.totals(model, card) };
    });
  });
}

function goldenScore({ variant, house_rules: houseRules, dice, box, scratch, filled, columns, column = 0 }) {
  const rules = engine.makeRules(model, variant, houseRules);
  const whole = (columns || [filled]).map((boxes) => ({ boxes, yahtzeeBonuses: 0 }));
  try {
    return engine.scoreAt(model, whole, dice, { column, box }, rules, scratch);
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    return null;
  }
}

function playWholes({ variant, house_rules: houseRules, games: played }) {
  const rules = engine.makeRules(model, variant, houseRules);
  return played.map((turns) => {
    let whole = engine.emptyWhole(model);
    return turns.map(({ dice, column, box, scratch }) => {
      const legal = engine.legalSlots(model, whole, dice, rules).map((s) => [s.column, s.box]);
      const scores = {};
      for (const open of engine.openSlots(model, whole)) {
        try {
          scores[`${open.column}:${open.box}`] = engine.scoreAt(model, whole, dice, open, rules);
        } catch (error) {
          if (!(error instanceof ScoreError)) throw error;
          scores[`${open.column}:${open.box}`] = null;
        }
      }
      whole = engine.placeAt(model, whole, dice, { column, box }, rules, Boolean(scratch));
      return { legal, scores, totals: whole.map((card) => engine.totals(model, card)), grand_total: engine.grandTotal(model, whole) };
    });
  });
}

function table({ variant, house_rules: houseRules }) {
  const rules = engine.makeRules(model, variant, houseRules);
  const possible = Object.fromEntries(model.boxes.map((b) => [b.name, engine.possibleScores(model, rules, b.name)]));
  return { possible, extra_yahtzee: engine.extraYahtzeeScores(model, rules) };
}

function checkRecord({ name, data }) {
  try {
    const record = engine.parseRecord(model, data, name);
    return {
      variant: record.rules.record.variant,
      house_rules: record.rules.record.house_rules,
      games: record.games.map((game) =>
        model.game.columns.length > 1
          ? engine.replayWholes(model, record.rules, game.entries, record.players.length).map((whole, i) => ({
              name: record.players[i],
              columns: whole.map((card) => ({ boxes: card.boxes, total: engine.totals(model, card).grand_total })),
              grand_total: engine.grandTotal(model, whole),
            }))
          : engine.replay(model, record.rules, game.entries, record.players.length).map((card, i) => ({
          name: record.players[i],
          boxes: card.boxes,
          ...engine.totals(model, card),
        })),
      ),
    };
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    return { error: error.message };
  }
}

function checkText(value) {
  try {
    return { text: cleanText(model, "player 1", value, "the name", model.constants.max_name_length) };
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    return { error: error.message };
  }
}

/** A localStorage holding `items` ({key: text}). */
function storageOf(items = {}) {
  const kept = new Map(Object.entries(items));
  return {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  };
}

/** A page with an empty localStorage imports the file as its Import button would. */
function importFile({ name, data }) {
  return new Controller(model, new Store(model, storageOf()).load()).load(data, name);
}

/** A page with an empty localStorage imports the file's text as its Import button does. */
function importFileText({ name, text }) {
  return new Controller(model, new Store(model, storageOf()).load()).importText(text, name);
}

/**
 * A page opened on a planted localStorage: whether it set the saved game or history aside, each
 * past game summarized (as the history list draws it), the game on screen (else the newest past
 * one, resumed) undone step by step to the last, then a roll placed. Anything thrown is reported.
 */
function plant(items) {
  const store = new Store(model, storageOf(items)).load();
  const controller = new Controller(model, store);
  const answer = { aside: store.setAside !== null, loaded: Boolean(store.game), history: store.history.length, undone: 0 };
  try {
    for (const game of store.history) controller.summary(game);
    if (!store.game && store.history.length) controller.resume(store.history[0].id);
    controller.derived();
    for (let step = 0; step <= model.constants.undo_limit && controller.undo().live; step += 1) {
      controller.derived();
      answer.undone += 1;
    }
    answer.left = controller.game ? controller.game.games.map((g) => g.entries.length) : null;
    if (!controller.game || controller.derived().finished) controller.start(["Ann", "Bob"]);
    controller.typeDice("44442");
    const placed = controller.place(controller.derived().offered[0].box);
    answer.placed = placed.live ?? null;
    answer.refused = placed.alert ?? null;
  } catch (error) {
    answer.threw = `${error.name}: ${error.message}`;
  }
  return answer;
}

/** The controller's actions on an empty page: the game it then saves, any refusal, what the last
 * action said (alert, live region or status), the dice left in the entry box and who won. */
function playActions(actions) {
  const store = new Store(model, storageOf()).load();
  const controller = new Controller(model, store);
  const results = actions.map(([method, ...args]) => controller[method](...args));
  const last = results[results.length - 1];
  return {
    game: JSON.parse(JSON.stringify(store.game)),
    alerts: results.map((result) => result.alert).filter(Boolean),
    said: last.alert ?? last.live ?? last.status ?? null,
    dice: controller.ui.dice,
    result: controller.derived().result ?? null,
    exported: store.game ? controller.exportFile(store.game) : null,
  };
}

process.stdout.write(
  JSON.stringify({
    games: games.map(playGames),
    tables: tables.map(table),
    records: records.map(checkRecord),
    texts: texts.map(checkText),
    imports: imports.map(importFile),
    files: files.map(importFileText),
    slugs: slugs.map((name) => fileSlug(model, name)),
    quotes: quotes.map(([value, limit, marks]) => quote(model, value, limit, marks)),
    printables: printables.map((text) => printable(model, text)),
    saved: saved.map(plant),
    plays: plays.map(playActions),
    golden: golden.map(goldenScore),
    wholes: wholes.map(playWholes),
    roundtrips: roundtrips.map(({ name, data }) => {
      const record = engine.parseRecord(model, data, name);
      return engine.toRecord(model, record.rules, record.players, record.games, { date: record.date });
    }),
  }),
);
