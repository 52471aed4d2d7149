// Replays games sent as JSON on stdin through the scorekeeper's engine and prints, per turn,
// what the engine says: the legal boxes, the score in every open box, the totals after the turn.
// tests/test_scorekeeper_engine.py compares these answers with the Python engine's.
import { readFileSync } from "node:fs";
import * as engine from "../../templates/scorekeeper/engine.mjs";

const { model, cases } = JSON.parse(readFileSync(0, "utf8"));
const answers = cases.map(({ variant, house_rules: houseRules, games }) => {
  const rules = engine.makeRules(model, variant, houseRules);
  return games.map((turns) => {
    let card = engine.emptyCard();
    return turns.map(({ dice, box, scratch }) => {
      const legal = engine.legalBoxes(model, card, dice, rules);
      const scores = {};
      for (const open of engine.openBoxes(model, card)) {
        try {
          scores[open] = engine.scoreIn(model, card, dice, open, rules);
        } catch (error) {
          if (!(error instanceof engine.ScoreError)) throw error;
          scores[open] = null;
        }
      }
      card = engine.place(model, card, dice, box, rules, Boolean(scratch));
      return { legal, scores, totals: engine.totals(model, card) };
    });
  });
});
process.stdout.write(JSON.stringify(answers));
