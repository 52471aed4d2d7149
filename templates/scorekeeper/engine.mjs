// The scorekeeper's engine: the Python engine (sheetgen/rules/scoring.py, records.py) in JavaScript.
// Pure functions, no DOM: every box, constant and rule comes from the model blob the page
// carries, so Node runs this module in the tests against the Python engine.
import { JsonFloat, REPR, ScoreError, cleanText, listed, located, pyStr, quote, refusal, refusalAt, say, typeName, within, word } from "./text.mjs";

/**
 * @typedef {Object} Model            The JSON blob written by sheetgen/scorekeeper.py.
 * @typedef {number[]} Dice           Five faces.
 * @typedef {{boxes: Object<string, number>, yahtzeeBonuses: number}} Card
 * @typedef {{name: string, label: string, slug: string, variant: string, jokerOrder: string, houseRules: string[],
 *            scratch: boolean, yahtzeeFullHouse: boolean, record: {variant: string, house_rules: string[]}}} Rules
 * @typedef {{player: number, box: string, dice?: Dice, scratch?: boolean, score?: number,
 *            bonus?: boolean}} Entry   One box written, as dice or as a typed score; a typed score
 *            with `bonus` was an extra Yahtzee, ticked by hand (the record's "yahtzee_bonus").
 * @typedef {{entries: Entry[]}} Game
 */

/** @returns {Card} */
export function emptyCard() {
  return { boxes: {}, yahtzeeBonuses: 0 };
}

/** The variant entry called `name` or one of its aliases, or undefined. */
export function findVariant(model, name) {
  const wanted = String(name).trim().toLowerCase();
  return model.variants.find((v) => v.name === wanted || v.aliases.includes(wanted));
}

/**
 * The rules of a variant plus house rules, like variants.Rules.
 * @returns {Rules}
 */
export function makeRules(model, variantName, houseRuleNames = []) {
  const variant = findVariant(model, variantName);
  if (!variant) {
    const known = model.variants.filter((v) => !v.custom).map((v) => v.name);
    throw refusal(model, "unknown_variant", { name: quote(model, variantName, undefined, REPR), known: known.join(", ") });
  }
  const known = model.house_rules.map((r) => r.name);
  const wanted = [...variant.house_rules];
  for (const name of houseRuleNames) {
    const rule = String(name).trim().toLowerCase();
    if (!known.includes(rule)) {
      throw refusal(model, "unknown_house_rule", { name: quote(model, name, undefined, REPR), known: known.join(", ") });
    }
    if (!wanted.includes(rule)) wanted.push(rule);
  }
  const starts = wanted.filter((r) => model.start_rules.includes(r));
  if (starts.length > 1) throw refusal(model, "contradict", { one: word(model, starts[0]), other: word(model, starts[1]) });
  // A start rule the variant already has adds nothing and is left out, as variants.Rules does.
  if (wanted.includes(variant.start_rule)) wanted.splice(wanted.indexOf(variant.start_rule), 1);
  // A custom variant's name stands for its own house rules: only those added are spelled out.
  const ordered = known.filter((r) => wanted.includes(r) && !variant.house_rules.includes(r));
  const slug = [variant.slug, ...ordered].join("-");
  return {
    name: variant.name,
    label: variant.label,
    slug,
    variant: variant.base,
    jokerOrder: variant.joker_order,
    houseRules: wanted,
    scratch: wanted.includes(model.engine.scratch_rule),
    yahtzeeFullHouse: wanted.includes(model.engine.full_house_rule),
    // A custom variant's file cannot travel with a record: its base and house rules can.
    record: { variant: variant.base, house_rules: wanted },
  };
}

/** The title, edition line and row hints of these rules. */
export function ruleset(model, rules) {
  const set = model.rulesets[rules.slug];
  return { title: set.title, edition: set.edition, hints: model.hint_tables[set.hints] };
}

/** Every number a box can hold (scoring.possible_scores): any roll, Jokers, and 0 when scratching is allowed. */
export function possibleScores(model, rules, box) {
  const scores = boxInfo(model, box).possible_scores;
  return canScratch(rules) && !scores.includes(0) ? [0, ...scores] : scores;
}

const extraYahtzeeCache = new WeakMap();

/** Every score an extra Yahtzee can leave in each box under these rules (scoring.extra_yahtzee_scores). */
export function extraYahtzeeScores(model, rules) {
  const known = extraYahtzeeCache.get(model) || new Map();
  extraYahtzeeCache.set(model, known);
  if (!known.has(rules.slug)) known.set(rules.slug, computeExtraYahtzeeScores(model, rules));
  return known.get(rules.slug);
}

function computeExtraYahtzeeScores(model, rules) {
  const scores = Object.fromEntries(model.boxes.map((b) => [b.name, new Set()]));
  const game = model.game;
  const alike = allAlikeRule(model);
  if (game.extra_bonus) {
    // Only the matching upper box, the kinds, the Joker boxes and the anything boxes decide where an
    // extra all-alike roll may go (scoring.extra_yahtzee_scores).
    const K = model.engine.kinds;
    const decides = game.boxes.filter((b) => b.kind === K.alike || b.kind === K.anything || b.joker).map((b) => b.id);
    for (const face of game.faces) {
      const dice = Array(game.dice).fill(face);
      const deciding = [upperBoxFor(model, face), ...decides];
      for (let mask = 0; mask < 1 << deciding.length; mask += 1) {
        const card = emptyCard();
        card.boxes[alike.id] = alike.score;
        deciding.forEach((box, i) => {
          if (mask & (1 << i)) card.boxes[box] = 0;
        });
        for (const box of legalBoxes(model, card, dice, rules)) {
          scores[box].add(scoreIn(model, card, dice, box, rules));
          if (canScratch(rules)) scores[box].add(0);
        }
      }
    }
  }
  return Object.fromEntries(Object.entries(scores).map(([box, set]) => [box, [...set].sort((a, b) => a - b)]));
}

/**
 * How many Yahtzee bonuses a card's boxes leave room for (records.py's check): each bonus is an
 * extra Yahtzee written in a box of its own, with a score an extra Yahtzee can leave there.
 * Open boxes still count as room.
 */
export function bonusRoom(model, rules, card) {
  const extra = extraYahtzeeScores(model, rules);
  const others = model.boxes.map((b) => b.name).filter((b) => b !== allAlikeBox(model));
  const misfits = others.filter((b) => b in card.boxes && !extra[b].includes(card.boxes[b]));
  return { room: others.length - misfits.length, misfits };
}

function checkBonusRoom(model, rules, card, where) {
  const { room, misfits } = bonusRoom(model, rules, card);
  const bonuses = card.yahtzeeBonuses;
  if (bonuses > room) {
    const shown = misfits.map((b) => `${boxLabel(model, b)} ${card.boxes[b]}`).join(", ");
    throw refusalAt(model, where, "bonus_room", { bonuses, room, rules: rules.label, shown });
  }
}

function boxInfo(model, box) {
  return model.boxes.find((b) => b.name === box);
}

/** How a message names a box: its label in the page's language, without the card's soft hyphens. */
export function boxLabel(model, box) {
  return boxInfo(model, box).label.replaceAll("\u00ad", "");
}

/** A box's rule in the game's definition (sheetgen/rules/game.py's to_data). */
function ruleOf(model, box) {
  return model.game.boxes.find((b) => b.id === box);
}

/** The box every die alike fills (Yahtzee, Yatzy, Yacht), found by kind: extra bonuses hang on it. */
function allAlikeRule(model) {
  return model.game.boxes.find((b) => b.kind === model.engine.kinds.all_alike);
}

/** The all-alike box's id, or undefined for a game without one. */
export function allAlikeBox(model) {
  return allAlikeRule(model)?.id;
}

/** The score the all-alike box holds when filled with its roll: what an extra bonus needs there. */
export function allAlikeScore(model) {
  return allAlikeRule(model)?.score;
}

/** Whether the game's boxes take Jokers, so that the variants' Joker orders and house rules apply. */
export function takesJokers(model) {
  return model.game.boxes.some((b) => b.joker);
}

function upperBoxFor(model, face) {
  return model.game.boxes.find((b) => b.kind === model.engine.kinds.face && b.face === face).id;
}

function faceCounts(dice) {
  const byFace = new Map();
  for (const d of dice) byFace.set(d, (byFace.get(d) || 0) + 1);
  return byFace;
}

function counts(dice) {
  return [...faceCounts(dice).values()].sort((a, b) => b - a);
}

/** The numbers at least two dice show, highest first. */
function pairFaces(dice) {
  return [...faceCounts(dice)].filter(([, n]) => n >= 2).map(([face]) => face).sort((a, b) => b - a);
}

function longestRun(dice) {
  const faces = new Set(dice);
  let best = 0;
  for (const f of faces) {
    let n = 0;
    while (faces.has(f + n)) n += 1;
    best = Math.max(best, n);
  }
  return best;
}

/** @param {Dice} dice */
export function isYahtzee(dice) {
  return new Set(dice).size === 1;
}

/** Whether the dice meet the box's need by its kind and parameters, without any Joker (scoring.rule_fits). */
export function fits(model, dice, box) {
  const rule = ruleOf(model, box);
  const K = model.engine.kinds;
  const c = counts(dice);
  switch (rule.kind) {
    case K.alike:
      return c[0] >= rule.count;
    case K.pairs:
      return pairFaces(dice).length >= rule.count;
    case K.all_alike:
      return c.length === 1;
    case K.full_house:
      return c.length === 2 && c[0] === 3;
    case K.straight:
      return rule.faces.length ? rule.faces.every((f) => dice.includes(f)) : longestRun(dice) >= rule.run;
    default:
      return true; // face, anything
  }
}

/** The sum of the dice that make the kind: the highest n alike, the highest pairs. */
function matched(model, dice, rule) {
  if (rule.kind === model.engine.kinds.alike) {
    const faces = [...faceCounts(dice)].filter(([, n]) => n >= rule.count).map(([face]) => face);
    return Math.max(...faces) * rule.count;
  }
  return pairFaces(dice).slice(0, rule.count).reduce((a, face) => a + 2 * face, 0);
}

/** The score with no Joker: the dice as they fall (scoring.rule_score). */
export function naturalScore(model, dice, box) {
  const rule = ruleOf(model, box);
  const E = model.engine;
  if (rule.scoring === E.count) return dice.filter((d) => d === rule.face).reduce((a, b) => a + b, 0);
  if (!fits(model, dice, box)) return 0;
  if (rule.scoring === E.matched) return matched(model, dice, rule);
  return rule.scoring === E.total ? dice.reduce((a, b) => a + b, 0) : rule.score;
}

/** The score of a roll in a box, as a Joker when `joker` is set. */
export function scoreInBox(model, dice, box, rules, joker = false) {
  const rule = ruleOf(model, box);
  if (rule.kind === model.engine.kinds.full_house && rule.joker && rules.yahtzeeFullHouse && isYahtzee(dice)) {
    return rule.score;
  }
  if (joker && rule.joker) return rule.score;
  return naturalScore(model, dice, box);
}

/** @returns {string[]} the empty boxes of one column, in card order */
export function openBoxes(model, card) {
  return model.boxes.map((b) => b.name).filter((name) => !(name in card.boxes));
}

// ---- A player's whole card: a column per multiplier of the game (scoring.Card) ----
// A slot is {column, box}; `whole` is the list of the player's columns, each a Card.

/** @returns {Card[]} an empty card in every column of the game */
export function emptyWhole(model) {
  return model.game.columns.map(emptyCard);
}

/** The empty slots, column by column, each in card order. */
export function openSlots(model, whole) {
  return whole.flatMap((card, column) => openBoxes(model, card).map((box) => ({ column, box })));
}

/** An all-alike roll once the all-alike box of every column is filled, with its score or with 0. */
export function isExtraWhole(model, whole, dice) {
  const alike = allAlikeBox(model);
  return Boolean(model.game.extra_bonus) && isYahtzee(dice) && whole.every((card) => alike in card.boxes);
}

/** An extra all-alike roll whose upper box is filled in every column scores as if it fit anywhere. */
export function isJokerWhole(model, whole, dice) {
  const upper = upperBoxFor(model, dice[0]);
  return isExtraWhole(model, whole, dice) && whole.every((card) => upper in card.boxes);
}

function jokerSlots(model, whole, dice, rules) {
  const open = openSlots(model, whole);
  if (!isExtraWhole(model, whole, dice) || rules.jokerOrder === model.engine.free_order) return open;
  const K = model.engine.kinds;
  const upper = open.filter((s) => ruleOf(model, s.box).kind === K.face && ruleOf(model, s.box).face === dice[0]);
  if (upper.length) return upper;
  if (rules.jokerOrder === model.engine.kinds_order) {
    const kinds = open.filter((s) => ruleOf(model, s.box).kind === K.alike);
    if (kinds.length) return kinds;
  }
  const lower = open.filter((s) => ruleOf(model, s.box).section === model.engine.lower);
  return lower.length ? lower : open;
}

const sameSlot = (a) => (b) => a.column === b.column && a.box === b.box;

/**
 * The slots the rules let this roll go in, column by column (scoring.Card.legal_slots). Under
 * five-of-a-kind-full-house, five alike may also go in an empty full-house box.
 * @returns {{column: number, box: string}[]}
 */
export function legalSlots(model, whole, dice, rules) {
  const legal = jokerSlots(model, whole, dice, rules);
  if (!(takesJokers(model) && rules.yahtzeeFullHouse && isYahtzee(dice))) return legal;
  const house = model.engine.kinds.full_house;
  return openSlots(model, whole).filter((s) => legal.some(sameSlot(s)) || ruleOf(model, s.box).kind === house);
}

/** Whether these rules let a turn be scratched: 0 in any box it may go in. */
export function canScratch(rules) {
  return rules.scratch;
}

/** What the roll scores in the slot, or a ScoreError saying why it may not go there. */
export function scoreAt(model, whole, dice, slot, rules, scratch = false) {
  const { column, box } = slot;
  if (box in whole[column].boxes) throw refusal(model, "filled", { box: boxLabel(model, box) });
  if (scratch && !canScratch(rules)) throw refusal(model, "scratch_rule", { rule: word(model, model.engine.scratch_rule) });
  const legal = legalSlots(model, whole, dice, rules);
  if (!legal.some(sameSlot(slot))) {
    const boxes = [...new Set(legal.map((s) => boxLabel(model, s.box)))].join(", ");
    throw refusal(model, "joker_sends", { rules: rules.label, boxes, box: boxLabel(model, box) });
  }
  if (scratch) return 0;
  return scoreInBox(model, dice, box, rules, isJokerWhole(model, whole, dice));
}

/** The whole card after this roll is written in the slot, with any extra bonus in that column. */
export function placeAt(model, whole, dice, slot, rules, scratch = false) {
  const points = scoreAt(model, whole, dice, slot, rules, scratch);
  const alike = allAlikeRule(model);
  const earned = isExtraWhole(model, whole, dice) && whole.every((card) => card.boxes[alike.id] === alike.score);
  return whole.map((card, k) =>
    k === slot.column
      ? { boxes: { ...card.boxes, [slot.box]: points }, yahtzeeBonuses: card.yahtzeeBonuses + (earned ? 1 : 0) }
      : card,
  );
}

/** Each column's total times its multiplier, added up (scoring.Card.grand_total). */
export function grandTotal(model, whole) {
  return whole.reduce((sum, card, k) => sum + totals(model, card).grand_total * model.game.columns[k], 0);
}

// ---- One column: the card of a one-column game ----

/** A Yahtzee rolled once the Yahtzee box is filled, with 50 or with 0. */
export function isExtraYahtzee(model, card, dice) {
  return isExtraWhole(model, [card], dice);
}

/** An extra Yahtzee whose upper box is filled scores as if it fit anywhere. */
export function isJoker(model, card, dice) {
  return isJokerWhole(model, [card], dice);
}

/**
 * The boxes the rules let this roll go in, in card order.
 * @returns {string[]}
 */
export function legalBoxes(model, card, dice, rules) {
  return legalSlots(model, [card], dice, rules).map((s) => s.box);
}

/** What the roll scores in `box`, or a ScoreError saying why it may not go there. */
export function scoreIn(model, card, dice, box, rules, scratch = false) {
  return scoreAt(model, [card], dice, { column: 0, box }, rules, scratch);
}

/** Every legal box with the score the roll would get there. */
export function options(model, card, dice, rules) {
  return legalBoxes(model, card, dice, rules).map((box) => ({ box, score: scoreIn(model, card, dice, box, rules) }));
}

/** The card after this roll is written in `box`, with any Yahtzee bonus. @returns {Card} */
export function place(model, card, dice, box, rules, scratch = false) {
  return placeAt(model, [card], dice, { column: 0, box }, rules, scratch)[0];
}

/** The computed rows of one column, named as `sheetgen score --json` names them; bonuses from the definition. */
export function totals(model, card) {
  const game = model.game;
  const sum = (section) =>
    game.boxes.filter((b) => b.section === section).reduce((a, b) => a + (card.boxes[b.id] || 0), 0);
  const upper = sum(model.engine.upper);
  const bonus = game.upper_bonus && upper >= game.upper_bonus.threshold ? game.upper_bonus.score : 0;
  const yahtzeeBonus = game.extra_bonus ? game.extra_bonus.score * card.yahtzeeBonuses : 0;
  const lower = sum(model.engine.lower) + yahtzeeBonus;
  return {
    upper_subtotal: upper,
    upper_bonus: bonus,
    upper_total: upper + bonus,
    yahtzee_bonuses: card.yahtzeeBonuses,
    yahtzee_bonus: yahtzeeBonus,
    lower_total: lower,
    grand_total: upper + bonus + lower,
  };
}

/** Indices of everyone with the highest number: a tie is a shared win. */
export function leaders(numbers) {
  const best = Math.max(...numbers);
  return numbers.map((n, i) => (n === best ? i : -1)).filter((i) => i >= 0);
}

/**
 * Why a Yahtzee bonus may not be ticked for `entry` (a box written on `card`), or null when it may:
 * only a typed score, not the Yahtzee box, one an extra Yahtzee can leave there, with 50 in the
 * Yahtzee box, one tick per box.
 */
export function tickRefusal(model, rules, card, entry) {
  const k = model.constants;
  if (!entry) return "noBox";
  if (entry.dice) return "diceBox";
  if (entry.bonus) return "ticked";
  if (entry.box === allAlikeBox(model)) return "yahtzeeBox";
  if (card.boxes[allAlikeBox(model)] !== k.yahtzee_score) return "needsYahtzee";
  if (!extraYahtzeeScores(model, rules)[entry.box].includes(entry.score)) return "misfit";
  return null;
}

function checkTick(model, rules, box, score) {
  if (box === allAlikeBox(model) || !extraYahtzeeScores(model, rules)[box].includes(score)) {
    throw refusal(model, "tick_misfit", { box: boxLabel(model, box), score, rules: rules.label });
  }
}

/**
 * Each player's card after the entries, in order; a ScoreError names the first entry that breaks the rules.
 * @param {Entry[]} entries
 * @returns {Card[]}
 */
export function replay(model, rules, entries, playerCount) {
  return replayWholes(model, rules, entries, playerCount).map((whole) => whole[0]);
}

/**
 * Each player's whole card (a column per multiplier) after the entries, in order; an entry's
 * `column` is its column's index (absent: the first). A ScoreError names the first that breaks the rules.
 * @returns {Card[][]}
 */
export function replayWholes(model, rules, entries, playerCount) {
  const wholes = Array.from({ length: playerCount }, () => emptyWhole(model));
  const ticked = new Set();
  for (const entry of entries) {
    const slot = { column: entry.column ?? 0, box: entry.box };
    const whole = wholes[entry.player];
    if (entry.dice) {
      wholes[entry.player] = placeAt(model, whole, entry.dice, slot, rules, Boolean(entry.scratch));
    } else {
      const card = whole[slot.column];
      if (entry.box in card.boxes) throw refusal(model, "filled", { box: boxLabel(model, entry.box) });
      const scores = possibleScores(model, rules, entry.box);
      if (!scores.includes(entry.score)) {
        throw cannotScore(model, null, entry.box, entry.score, scores);
      }
      if (entry.bonus) {
        checkTick(model, rules, entry.box, entry.score);
        ticked.add(entry.player);
      }
      const bonuses = card.yahtzeeBonuses + (entry.bonus ? 1 : 0);
      const written = { boxes: { ...card.boxes, [entry.box]: entry.score }, yahtzeeBonuses: bonuses };
      wholes[entry.player] = whole.map((c, k) => (k === slot.column ? written : c));
    }
  }
  for (const player of ticked) {
    const held = heldAlike(model, wholes[player]);
    if (held) throw refusal(model, "tick_needs_yahtzee", { yahtzee: allAlikeScore(model), held });
  }
  return wholes;
}

/** What the all-alike boxes hold ("50, nothing, 0") when one lacks its score, which ticked bonuses need; else null. */
function heldAlike(model, whole) {
  const held = whole.map((card) => card.boxes[allAlikeBox(model)]);
  if (held.every((h) => h === allAlikeScore(model))) return null;
  return held.map((h) => h ?? say(model, "nothing")).join(", ");
}

/** The column a record's turn is written in, from 0: always the first in a one-column game (records.column). */
function turnColumn(model, where, turn) {
  const count = model.game.columns.length;
  if (count === 1) return 0;
  const value = turn.column;
  if (!isInt(value) || value < 1 || value > count) {
    throw refusalAt(model, where, "column_number", { most: count, found: quote(model, value) });
  }
  return value - 1;
}

/** " (only 0 or 25)" or " (only 0 or 5 to 30)": the numbers a box may hold, briefly. */
export function allowedText(model, values) {
  const last = values[values.length - 1];
  if (values.length <= model.constants.allowed_shown) {
    const shown = listed(model, values, "or");
    return say(model, "only_these", { values: shown });
  }
  if (values[0] === 0) return say(model, "only_zero_or_range", { zero: values[0], low: values[1], high: last });
  return say(model, "only_range", { low: values[0], high: last });
}

/** A box that cannot take the score ("… cannot score 20 (only 0, 25)"), under `where` when it is given (records._cannot_score). */
function cannotScore(model, where, box, score, scores) {
  const values = { box: boxLabel(model, box), score, allowed: allowedText(model, scores) };
  return where ? refusalAt(model, where, "cannot_score", values) : refusal(model, "cannot_score", values);
}

/** Whether a card has all its boxes filled. */
export function isComplete(model, card) {
  return openBoxes(model, card).length === 0;
}

// ---- Records: the JSON `sheetgen score` and `sheetgen fill` read (sheetgen/records.py) ----

/** `obj`, an object with only the `allowed` keys (records._check_keys). */
export function checkKeys(model, where, obj, allowed) {
  if (!isObject(obj)) {
    throw refusalAt(model, where, "not_object", { found: typeName(model, obj) });
  }
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) throw refusalAt(model, where, "unknown_key", { key: quote(model, key), allowed: allowed.join(", ") });
  }
  return obj;
}

/** Names and titles, checked and cleaned as records.check_text does. */
export function checkText(model, where, value, what, limit) {
  return cleanText(model, where, value, what, limit);
}

/** The players' names as the page takes them: cleaned like record names, no two alike once cleaned. */
export function checkNames(model, names) {
  const k = model.constants;
  const t = model.text.checks;
  if (names.length < 1 || names.length > k.max_players) throw refusal(model, "players", { most: k.max_players });
  const where = (i) => say(model, "player", { number: i + 1 });
  const clean = names.map((name, i) => checkText(model, where(i), name, t.the_name, k.max_name_length));
  clean.forEach((name, i) => {
    if (clean.indexOf(name) !== i) throw refusalAt(model, where(i), "name_twice", { name: quote(model, name) });
  });
  return clean;
}

/** A JSON object: not null, a list or a number read as a float. */
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof JsonFloat);
}

function isInt(value) {
  return Number.isInteger(value);
}

function checkDice(model, where, dice) {
  const n = model.constants.dice_count;
  const faces = model.constants.faces;
  if (!Array.isArray(dice)) throw refusalAt(model, where, "dice_list", { count: n, found: typeName(model, dice) });
  if (dice.length !== n) throw refusalAt(model, where, "dice_count", { count: dice.length, dice: n });
  for (const die of dice) {
    if (!isInt(die) || !faces.includes(die)) {
      throw refusalAt(model, where, "die", { die: quote(model, die), low: faces[0], high: faces[faces.length - 1] });
    }
  }
  return dice;
}

function checkBoxName(model, where, name) {
  const names = model.boxes.map((b) => b.name);
  if (!names.includes(name)) {
    throw refusalAt(model, where, "unknown_box", { name: quote(model, name), boxes: names.join(", ") });
  }
  return name;
}

export function checkDate(model, where, value) {
  const match = typeof value === "string" && /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  if (!match || date.getUTCMonth() !== +match[2] - 1 || date.getUTCDate() !== +match[3] || +match[1] < 1) {
    throw refusalAt(model, where, "date", { found: quote(model, pyStr(model, value)) });
  }
  return value;
}

/** The record's game ("game", absent: the default one): the page's own, else refused in one line. */
function recordGame(model, data) {
  if (!("game" in data)) return model.default_game === model.game.id ? null : otherGame(model, model.default_game);
  const name = typeof data.game === "string" ? data.game.trim().toLowerCase() : null;
  if (!model.games.includes(name)) {
    const shown = typeof data.game === "string" ? quote(model, data.game, undefined, REPR) : pyStr(model, data.game);
    throw refusalAt(model, word(model, "game"), "unknown_game", { name: shown, known: model.games.join(", ") });
  }
  return name === model.game.id ? null : otherGame(model, name);
}

function otherGame(model, name) {
  const game = model.game_titles[name];
  throw refusalAt(model, word(model, "game"), "other_game_page", { game, wanted: model.game_title });
}

const HOUSE_RULE_FAULTS = ["unknown_house_rule", "contradict"];

function recordRules(model, data, pageRules) {
  if (!takesJokers(model)) {
    // One set of rules, the definition's own: a variant or house rule is refused, as records.py does.
    for (const key of ["variant", "house_rules"]) {
      const value = data[key] ?? [];
      if (!(Array.isArray(value) && value.length === 0)) {
        const found = Array.isArray(value) ? value.map((v) => quote(model, v)).join(", ") : quote(model, value);
        throw refusalAt(model, word(model, key), "not_of_game", { what: word(model, key), name: found, game: model.game_title });
      }
    }
    return makeRules(model, model.page.variant, []);
  }
  // Present but null is refused, as Python's data.get() gives None for it.
  const variant = "variant" in data ? data.variant : model.default_variant;
  const houseRules = "house_rules" in data ? data.house_rules : [];
  if (typeof variant !== "string" || !variant.trim()) throw refusalAt(model, word(model, "variant"), "variant_name");
  if (!Array.isArray(houseRules) || !houseRules.every((r) => typeof r === "string")) {
    throw refusalAt(model, word(model, "house_rules"), "house_rule_names");
  }
  let name = variant;
  if (variant.endsWith(".toml") || variant.includes("/") || variant.includes("\\")) {
    // A page made for a custom variant reads records that name its file.
    const stem = variant.split(/[/\\]/).pop().replace(/\.toml$/, "");
    if (!pageRules || stem !== pageRules.name || !findVariant(model, stem)?.custom) {
      throw refusalAt(model, word(model, "variant"), "variant_file", { variant: quote(model, variant) });
    }
    name = stem;
  }
  try {
    return makeRules(model, name, houseRules);
  } catch (error) {
    if (!(error instanceof ScoreError)) throw error;
    const about = HOUSE_RULE_FAULTS.includes(error.key) ? "house_rules" : "variant";  // as records.py
    throw new ScoreError(located(model, word(model, about), error.message));
  }
}

/**
 * Check a decoded record as `sheetgen score` does, and turn it into games of entries.
 * Each player's turns (or boxes) are entered in turn, round by round.
 * @returns {{rules: Rules, title: ?string, date: ?string, players: string[], games: Game[]}}
 */
export function parseRecord(model, data, source = "record", pageRules = null) {
  try {
    return readRecord(model, data, pageRules);
  } catch (error) {
    if (error instanceof ScoreError) throw new ScoreError(located(model, source, error.message));
    throw error;
  }
}

function readRecord(model, data, pageRules) {
  const keys = model.record_keys;
  const k = model.constants;
  const top = say(model, "top_level");
  checkKeys(model, top, data, keys.record);
  recordGame(model, data);
  const rules = recordRules(model, data, pageRules);
  // A null title, date or language is left out, as Python's data.get() reads it.
  const title = (data.title ?? null) === null ? null : checkText(model, word(model, "title"), data.title, say(model, "the_title"), k.max_title_length);
  const date = (data.date ?? null) === null ? null : checkDate(model, word(model, "date"), data.date);
  if (("games" in data) === ("players" in data)) throw refusalAt(model, top, "games_or_players");
  const single = "players" in data;
  const gamesData = single ? [{ players: data.players }] : data.games;
  if (!single) {
    if (!Array.isArray(gamesData) || !gamesData.length) throw refusalAt(model, word(model, "games"), "games_list", { most: k.max_games });
    if (gamesData.length > k.max_games) {
      throw refusalAt(model, word(model, "games"), "series_games", { most: k.max_games, count: gamesData.length });
    }
  }
  const games = gamesData.map((game, i) => readGame(model, single ? "" : say(model, "game", { number: i + 1 }), game, rules));
  const first = games[0].names;
  games.forEach((game, i) => {
    if (game.names.join("\u0000") !== first.join("\u0000")) {
      const names = game.names.map((n) => quote(model, n)).join(", ");
      throw refusalAt(model, say(model, "game", { number: i + 1 }), "series_players", { names, first: first.map((n) => quote(model, n)).join(", ") });
    }
  });
  const lang = data.lang ?? null;
  if (lang !== null && !(typeof lang === "string" && new RegExp(`^(?:${model.lang_pattern})$`).test(lang))) {
    throw refusalAt(model, word(model, "lang"), "lang_tag", { found: quote(model, lang) });
  }
  // A language this sheetgen has, as `sheetgen fill` needs to print it (locales.find_language).
  const wanted = lang === null ? null : lang.trim().replace(/_/g, "-").toLowerCase();
  if (wanted !== null && !model.languages.some((known) => known.toLowerCase() === wanted)) {
    throw refusalAt(model, word(model, "lang"), "unknown_language", { name: quote(model, lang, undefined, REPR), known: model.languages.join(", ") });
  }
  return { rules, title, date, players: first, games: games.map((g) => ({ entries: g.entries })) };
}

function readGame(model, where, data, rules) {
  const keys = model.record_keys;
  checkKeys(model, where || say(model, "top_level"), data, keys.game);
  const players = data.players;
  const list = within(model, where, word(model, "players"));
  if (!Array.isArray(players) || !players.length) throw refusalAt(model, list, "players_list");
  const most = model.constants.max_record_players;
  if (players.length > most) throw refusalAt(model, list, "game_players", { most, count: players.length });
  const names = [];
  const columns = players.map((player, i) => {
    const seat = within(model, where, say(model, "player", { number: i + 1 }));
    const column = readPlayer(model, seat, player, rules, i);
    if (names.includes(column.name)) throw refusalAt(model, seat, "name_twice", { name: quote(model, column.name) });
    names.push(column.name);
    return column.entries;
  });
  const entries = [];
  const rounds = Math.max(...columns.map((c) => c.length));
  for (let round = 0; round < rounds; round += 1) {
    for (const column of columns) if (round < column.length) entries.push(column[round]);
  }
  return { names, entries };
}

function readPlayer(model, where, data, rules, index) {
  const keys = model.record_keys;
  const k = model.constants;
  if (!isObject(data)) {
    throw refusalAt(model, where, "not_object", { found: typeName(model, data) });
  }
  const name = checkText(model, where, data.name, say(model, "the_name"), k.max_name_length);
  where = say(model, "named", { where, name: quote(model, name) });
  if (("turns" in data) === ("boxes" in data)) throw refusalAt(model, where, "turns_or_boxes", { boxes: "boxes" });
  const entries = [];
  const boxCount = model.boxes.length;
  if ("turns" in data) {
    checkKeys(model, where, data, keys.turns_player);
    const turns = data.turns;
    const turnCount = boxCount * model.game.columns.length;
    const multi = model.game.columns.length > 1;
    if (!Array.isArray(turns)) throw refusalAt(model, where, "turns_list", { count: turnCount });
    if (turns.length !== turnCount) throw refusalAt(model, where, "turns_count", { count: turns.length, boxes: turnCount });
    let whole = emptyWhole(model);
    turns.forEach((turn, n) => {
      const at = within(model, where, say(model, "turn", { number: n + 1 }));
      checkKeys(model, at, turn, keys.turn);
      if ("dice" in turn && "score" in turn) throw refusalAt(model, at, "dice_or_score");
      if (!("box" in turn) || (!("dice" in turn) && !("score" in turn))) throw refusalAt(model, at, "needs_box");
      const column = turnColumn(model, at, turn);
      const box = checkBoxName(model, at, turn.box);
      const card = whole[column];
      const inColumn = multi ? { column } : {};
      if (box in card.boxes) throw refusalAt(model, at, "box_twice", { box: boxLabel(model, box) });
      if ("score" in turn) {
        checkKeys(model, at, turn, keys.typed_turn);
        const value = turn.score;
        const scores = possibleScores(model, rules, box);
        if (!isInt(value)) throw refusalAt(model, at, "not_whole", { value: quote(model, value) });
        if (!scores.includes(value)) throw cannotScore(model, at, box, value, scores);
        const tick = "yahtzee_bonus" in turn ? turn.yahtzee_bonus : false;
        if (typeof tick !== "boolean") throw refusalAt(model, at, "tick_bool", { found: quote(model, tick) });
        if (tick) {
          try {
            checkTick(model, rules, box, value);
          } catch (error) {
            throw new ScoreError(located(model, at, error.message));
          }
        }
        const written = { boxes: { ...card.boxes, [box]: value }, yahtzeeBonuses: card.yahtzeeBonuses + (tick ? 1 : 0) };
        whole = whole.map((c, k) => (k === column ? written : c));
        entries.push({ player: index, ...inColumn, box, score: value, ...(tick ? { bonus: true } : {}) });
        return;
      }
      checkKeys(model, at, turn, keys.dice_turn);
      const dice = checkDice(model, at, turn.dice);
      if ("scratch" in turn) {
        if (turn.scratch !== true) throw refusalAt(model, at, "scratch_true", { found: quote(model, turn.scratch) });
        if (!canScratch(rules)) throw refusalAt(model, at, "scratch_without_rule", { rule: word(model, model.engine.scratch_rule), rules: rules.label });
      }
      try {
        whole = placeAt(model, whole, dice, { column, box }, rules, turn.scratch === true);
      } catch (error) {
        if (!(error instanceof ScoreError)) throw error;
        throw new ScoreError(located(model, at, error.message));
      }
      entries.push({ player: index, ...inColumn, dice: [...dice], box, ...(turn.scratch === true ? { scratch: true } : {}) });
    });
    const held = heldAlike(model, whole);
    if (entries.some((e) => e.bonus) && held) {
      throw refusalAt(model, where, "tick_needs_yahtzee", { yahtzee: k.yahtzee_score, held });
    }
    return { name, entries };
  }
  checkKeys(model, where, data, keys.boxes_player);
  const boxes = data.boxes;
  const names = model.boxes.map((b) => b.name);
  const column = within(model, where, word(model, "boxes"));
  checkKeys(model, column, boxes, names);
  const missing = names.filter((b) => !(b in boxes));
  if (missing.length) throw refusalAt(model, column, "missing_boxes", { missing: missing.map((b) => word(model, b)).join(", "), count: boxCount });
  for (const box of names) {
    const value = boxes[box];
    const at = within(model, where, say(model, "box", { box: word(model, box) }));
    const scores = possibleScores(model, rules, box);
    if (!isInt(value)) throw refusalAt(model, at, "not_whole", { value: quote(model, value) });
    if (!scores.includes(value)) throw cannotScore(model, at, box, value, scores);
    entries.push({ player: index, box, score: value });
  }
  const bonuses = "yahtzee_bonuses" in data ? data.yahtzee_bonuses : 0;
  const at = within(model, where, word(model, "yahtzee_bonuses"));
  if (!isInt(bonuses) || bonuses < 0 || bonuses > k.max_yahtzee_bonuses) {
    throw refusalAt(model, at, "bonus_count", { value: quote(model, bonuses), most: k.max_yahtzee_bonuses });
  }
  if (bonuses && boxes[allAlikeBox(model)] !== k.yahtzee_score) {
    throw refusalAt(model, at, "bonuses_need_yahtzee", { yahtzee: k.yahtzee_score, held: boxes[allAlikeBox(model)] });
  }
  const card = { boxes: Object.fromEntries(names.map((b) => [b, boxes[b]])), yahtzeeBonuses: bonuses };
  checkBonusRoom(model, rules, card, at);
  // Each bonus is tied to a box of its own that an extra Yahtzee could have filled: the first ones in card order.
  const extra = extraYahtzeeScores(model, rules);
  let left = bonuses;
  for (const entry of entries) {
    if (left && entry.box !== allAlikeBox(model) && extra[entry.box].includes(entry.score)) {
      entry.bonus = true;
      left -= 1;
    }
  }
  return { name, entries };
}

/** One player's column of a game as the record writes it: boxes when every box was typed, else turns. */
function playerJson(model, name, mine, whole) {
  const multi = model.game.columns.length > 1;
  if (!multi && mine.length && mine.every((e) => !e.dice)) {
    const card = whole[0];
    const boxes = Object.fromEntries(model.boxes.map((b) => [b.name, card.boxes[b.name]]));
    return { name, boxes, yahtzee_bonuses: card.yahtzeeBonuses };
  }
  // A game of several columns always writes turns, each with its column counted from 1.
  const turns = mine.map((e) => ({
    ...(multi ? { column: (e.column ?? 0) + 1 } : {}),
    ...(e.dice
      ? { dice: [...e.dice], box: e.box, ...(e.scratch ? { scratch: true } : {}) }
      : { box: e.box, score: e.score, ...(e.bonus ? { yahtzee_bonus: true } : {}) }),
  }));
  return { name, turns };
}

/**
 * A finished game or series as a record: every box entered as dice keeps its dice, typed scores
 * stay typed (with their ticked bonus), in the page's language. A ScoreError when a game is unfinished.
 */
export function toRecord(model, rules, players, games, extra = {}) {
  const gameJson = games.map((game) => {
    const wholes = replayWholes(model, rules, game.entries, players.length);
    if (!wholes.every((whole) => whole.every((c) => isComplete(model, c)))) {
      throw refusal(model, "not_finished", { count: model.boxes.length * model.game.columns.length });
    }
    return {
      players: players.map((name, i) => playerJson(model, name, game.entries.filter((e) => e.player === i), wholes[i])),
    };
  });
  // The game, unless it is the default one (as records.py writes it); variants only where the game has them.
  const record = model.game.id === model.default_game ? {} : { game: model.game.id };
  if (takesJokers(model)) Object.assign(record, { variant: rules.record.variant, house_rules: [...rules.record.house_rules] });
  if (extra.title) record.title = extra.title;
  if (extra.date) record.date = extra.date;
  record.lang = model.lang; // the page's language: `sheetgen fill` prints it in that language, on its paper
  if (gameJson.length === 1) record.players = gameJson[0].players;
  else record.games = gameJson;
  return record;
}
