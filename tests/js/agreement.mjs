// Answers questions sent as JSON on stdin with the scorekeeper's engine, as JSON on stdout;
// tests/test_scorekeeper_engine.py asks the Python engine the same and compares.
//   games:   per turn, the legal boxes, the score in every open box, the totals after the turn
//   tables:  per rules, the scores each box may hold and those an extra Yahtzee can leave
//   records: per record, the checked totals (as `sheetgen score --json`) or the error
//   texts:   per name, the cleaned text or the error (text.clean_text)
//   imports: per file, what the page's controller shows on importing it (a record or a saved game)
import { readFileSync } from "node:fs";
import { Controller } from "../../templates/scorekeeper/controller.mjs";
import * as engine from "../../templates/scorekeeper/engine.mjs";
import { Store } from "../../templates/scorekeeper/store.mjs";
import { ScoreError, cleanText } from "../../templates/scorekeeper/text.mjs";

const { model, games = [], tables = [], records = [], texts = [], imports = [] } = JSON.parse(readFileSync(0, "utf8"));

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
        engine.replay(model, record.rules, game.entries, record.players.length).map((card, i) => ({
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

/** A page with an empty localStorage imports the file as its Import button would. */
function importFile({ name, data }) {
  const kept = new Map();
  const storage = {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  };
  return new Controller(model, new Store(model, storage).load()).load(data, name);
}

process.stdout.write(
  JSON.stringify({
    games: games.map(playGames),
    tables: tables.map(table),
    records: records.map(checkRecord),
    texts: texts.map(checkText),
    imports: imports.map(importFile),
  }),
);
