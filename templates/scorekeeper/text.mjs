// The text checks of sheetgen/rules/text.py in JavaScript: names and titles are trimmed and
// NFC-normalized, and refused when they hold control characters, line or paragraph separators,
// bidi controls, or nothing visible. The character classes come from the model blob, which
// writes them from text.py, and so do the words: every message is a template of the blob's
// text.checks (sheetgen/rules/messages.py's CHECKS, in the page's language), so both sides
// refuse the same text with the same sentence.

/** A one-line error about a record, a name or an entry, shown as it is. */
export class ScoreError extends Error {}

/** A message template from the model blob with its {names} filled in. */
export function fmt(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

/** Items as the language lists them ("Ann, Bob and Cy", "0, 1 or 2"): rulebook.either's catalog words. */
export function listed(model, items, conjunction = "and") {
  if (items.length < 2) return items.join("");
  const last = model.text[conjunction === "or" ? "list_or" : "list_and"];
  return fmt(last, { first: items.slice(0, -1).join(model.text.list_comma), last: items.at(-1) });
}

/** A check's message in the page's language (the blob's text.checks), its {names} filled. */
export function say(model, key, values = {}) {
  return fmt(model.text.checks[key], values);
}

/** A part of the record, a box or a house rule as a message names it: the key in English, else its label (messages.word). */
export function word(model, key) {
  return model.text.words[key] ?? key;
}

/** A message put under `where`: "player 1 ("Ann"), turn 3: ..." (messages.located). */
export function located(model, where, message) {
  return say(model, "at", { where, message });
}

/** A place inside `where` ("player 1, turn 3"); with `where` empty, the place alone (messages.within). */
export function within(model, where, part) {
  return where ? say(model, "within", { where, part }) : part;
}

/** A check's message as a ScoreError. */
export function refusal(model, key, values) {
  return Object.assign(new ScoreError(say(model, key, values)), { key });
}

/** A check's message under `where`, as a ScoreError (messages.at). */
export function refusalAt(model, where, key, values) {
  return new ScoreError(located(model, where, say(model, key, values)));
}

const classCache = new WeakMap();

function classes(model) {
  if (!classCache.has(model)) {
    const t = model.text_rules;
    const category = (names) => new RegExp(`^[${names.map((n) => `\\p{${n}}`).join("")}]$`, "u");
    classCache.set(model, {
      whitespace: new Set(t.whitespace),
      control: category(t.control_categories),
      invisible: category(t.invisible_categories),
      bidi: new Set(t.bidi_controls),
      blank: new Set(t.blank_letters),
    });
  }
  return classCache.get(model);
}

/** The JSON type of a value, as text.JSON_TYPES names it; a missing value is null, as Python's .get() gives. */
function jsonType(value) {
  if (value === null || value === undefined) return "null";
  if (value instanceof JsonFloat) return "number";
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "number";
  return { object: "object", string: "text", boolean: "bool" }[typeof value];
}

/** The JSON type of a value as the messages name it, in the page's language (text.type_name). */
export function typeName(model, value) {
  return model.text.types[jsonType(value)];
}

/** Python's str.strip(): only the characters Python counts as white space. */
function strip(chars, whitespace) {
  let start = 0;
  let end = chars.length;
  while (start < end && whitespace.has(chars[start])) start += 1;
  while (end > start && whitespace.has(chars[end - 1])) end -= 1;
  return chars.slice(start, end);
}

function codePoint(char) {
  return `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** `value` trimmed and NFC-normalized, or a ScoreError saying why it cannot be printed (text.clean_text). */
export function cleanText(model, where, value, what, limit) {
  if (typeof value !== "string") throw refusalAt(model, where, "not_text", { what, found: typeName(model, value) });
  const c = classes(model);
  const text = strip([...value], c.whitespace).join("").normalize("NFC");
  const chars = [...text];
  if (chars.length > limit) throw refusalAt(model, where, "too_long", { what, length: chars.length, limit });
  for (const char of chars) {
    if (c.control.test(char)) throw refusalAt(model, where, "control", { what, char: codePoint(char) });
    if (c.bidi.has(char)) throw refusalAt(model, where, "bidi", { what, char: codePoint(char) });
  }
  if (chars.every((char) => c.invisible.test(char) || c.blank.has(char))) {
    throw refusalAt(model, where, chars.length ? "invisible" : "empty", { what });
  }
  return text;
}

/**
 * A name as a file name's part: accents dropped (Léo → leo, Zoë → zoe, Müller → muller), the letters
 * that have no accent to drop spelt out (the blob's text_rules.ascii_spellings: ß → ss), every other run
 * of characters one "-", none at either end; "" when nothing is left (李).
 */
export function fileSlug(model, name) {
  const spellings = model.text_rules.ascii_spellings;
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\x00-\x7f]/g, (char) => spellings[char] ?? char)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// ---- Quoting: text.printable, text.quote and text.one_line of sheetgen/rules/text.py ----

/** The ranges of code points Python's printable() escapes (the blob's text_rules.unprintable), as [low, high] pairs. */
function unprintableRanges(model) {
  const c = classes(model);
  if (!c.unprintable) {
    c.unprintable = model.text_rules.unprintable.split(",").map((range) => {
      const [low, high = low] = range.split("-").map((hex) => parseInt(hex, 16));
      return [low, high];
    });
  }
  return c.unprintable;
}

/** Whether Python's printable() escapes this code point: a search of the blob's sorted ranges. */
function isUnprintable(model, code) {
  const ranges = unprintableRanges(model);
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < ranges[middle][0]) high = middle - 1;
    else if (code > ranges[middle][1]) low = middle + 1;
    else return true;
  }
  return false;
}

const hex = (code, width) => code.toString(16).padStart(width, "0");

/** A code point escaped as Python writes it: \x07, \u202e, \U0001f3b2. */
function escaped(code) {
  if (code < 0x100) return `\\x${hex(code, 2)}`;
  return code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
}

/** `text` with every control, separator and bidi character escaped, for a one-line message (text.printable). */
export function printable(model, text, keep = "") {
  let shown = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (!isUnprintable(model, code) || keep.includes(char)) shown += char;
    else shown += char === "\n" ? "\\n" : escaped(code);
  }
  return shown;
}

/** `text` whole when it has at most `limit` characters (code points, as Python counts), else its first `limit - 1` and "…". */
function cut(text, limit) {
  const chars = [];
  for (const char of text) {
    if (chars.length > limit) break;
    chars.push(char);
  }
  return chars.length <= limit ? text : `${chars.slice(0, limit - 1).join("")}\u2026`;
}

const JSON_ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** A string as Python's json.dumps(text, ensure_ascii=False) writes it. */
function jsonString(text) {
  const inner = text.replace(/["\\\x00-\x1f]/g, (char) => JSON_ESCAPES[char] ?? `\\u${hex(char.charCodeAt(0), 4)}`);
  return `"${inner}"`;
}

const REPR_ESCAPES = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** A string as Python's repr() writes it: 'vegas', "it's", with its unprintable characters escaped. */
function reprString(model, text) {
  const mark = text.includes("'") && !text.includes('"') ? '"' : "'";
  let inner = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (Object.hasOwn(REPR_ESCAPES, char)) inner += REPR_ESCAPES[char];
    else if (char === mark) inner += `\\${mark}`;
    else if (code < 0x20 || code === 0x7f || (code > 0x7f && isUnprintable(model, code))) inner += escaped(code);
    else inner += char;
  }
  return `${mark}${inner}${mark}`;
}

/** A number as Python writes it: an int as digits, a float (or any `float`) as repr() does (1.5, 3.0, 1e+16, 1e-05). */
function pyNumber(value, style, float = false) {
  if (!float && Number.isSafeInteger(value)) return String(value);
  if (!Number.isFinite(value)) return `${value < 0 ? "-" : ""}${style === "json" ? "Infinity" : "inf"}`;
  const [mantissa, power] = value.toExponential().split("e");
  const e = Number(power);
  const digits = mantissa.replace(/[-.]/g, "");
  let body;
  if (e < -4 || e >= 16) {
    const exponent = String(Math.abs(e)).padStart(2, "0");
    body = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ""}e${e < 0 ? "-" : "+"}${exponent}`;
  } else if (e < 0) {
    body = `0.${"0".repeat(-e - 1)}${digits}`;
  } else {
    body = `${digits.slice(0, e + 1).padEnd(e + 1, "0")}.${digits.slice(e + 1) || "0"}`;
  }
  return `${value < 0 || Object.is(value, -0) ? "-" : ""}${body}`;
}

/**
 * The start of a decoded JSON value as Python writes it, json.dumps(value, ensure_ascii=False)
 * ("json") or str(value) ("str"): at least its first `most` characters, so a message can cut it as
 * Python does without writing out a 5 MB value (or recursing through a deep one).
 */
function pyText(model, value, style, most) {
  const budget = 2 * most + 2; // UTF-16 units: at least `most` + 1 code points
  const parts = [];
  let length = 0;
  const put = (text) => {
    parts.push(text);
    length += text.length;
    return length > budget;
  };
  const text = (string) => {
    const head = cut(string, budget);
    return style === "json" ? jsonString(head) : reprString(model, head);
  };
  const walk = (item, top) => {
    if (item === null || item === undefined) return put(style === "json" ? "null" : "None"); // a missing value is None, as .get() gives
    if (typeof item === "boolean") return put(style === "json" ? String(item) : item ? "True" : "False");
    if (typeof item === "number") return put(pyNumber(item, style));
    if (item instanceof JsonFloat) return put(pyNumber(item.value, style, true));
    if (typeof item === "string") return put(top && style === "str" ? cut(item, budget) : text(item));
    const list = Array.isArray(item);
    if (put(list ? "[" : "{")) return true;
    let first = true;
    for (const key of list ? item.keys() : Object.keys(item)) {
      if (!first && put(", ")) return true;
      first = false;
      if (!list && put(`${text(key)}: `)) return true;
      if (walk(item[key], false)) return true;
    }
    return put(list ? "]" : "}");
  };
  walk(value, true);
  return parts.join("");
}

/** Python's str() of a decoded JSON value, enough of it for a message (text as it is, None, True, [1, 2]). */
export function pyStr(model, value) {
  return pyText(model, value, "str", model.constants.excerpt);
}

/** The quotes of a value quoted as Python's repr() shows it (text.REPR). */
export const REPR = "'";

/**
 * A value as a message shows it (text.quote): escaped, cut to about `limit` characters, text in
 * JSON's quotes or, with `quotes` REPR, as Python's repr() shows it. A 1 MB value makes a short line.
 */
export function quote(model, value, limit = model.constants.excerpt, quotes = '"') {
  if (typeof value !== "string") return cut(printable(model, pyText(model, value, "json", limit)), limit);
  const short = cut(value, limit);
  const quoted = printable(model, quotes === REPR ? reprString(model, short) : jsonString(short));
  const chars = [...quoted];
  return chars.length <= 3 * limit ? quoted : `${chars.slice(0, 3 * limit - 2).join("")}\u2026${chars[0]}`;
}

/** A message escaped and, past the blob's line limit, cut: what the page shows, as the command line does (text.one_line). */
export function oneLine(model, message, limit = model.constants.max_line) {
  return cut(printable(model, message, model.text_rules.line_spaces), limit);
}

// ---- Reading JSON as `sheetgen score` reads it (files/inputs.parse_json and Python's json) ----

/** A JSON number written with a fraction or an exponent (3.0, 1e2): Python reads it as a float, which
 * no count or score may be, though JavaScript would take it for the integer 3. */
export class JsonFloat {
  constructor(value) {
    this.value = value;
  }
}

const JSON_SPACE = new Set([" ", "\t", "\n", "\r"]);
const JSON_STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/g; // inputs._JSON_SKIP: strings, skipped when counting brackets
const SIMPLE_ESCAPES = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const NUMBER = /(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const CONSTANTS = [["NaN", "N"], ["Infinity", "I"], ["-Infinity", "-"]];
const WORDS = [["null", null], ["true", true], ["false", false]];

/**
 * `text` decoded as Python's json.loads reads it for `sheetgen score`, or a ScoreError under `where`
 * with its very message: nested at most max_depth deep, no duplicate key, no NaN, integers of at most
 * max_digits digits, an integral float kept as a JsonFloat, a syntax error at Python's line and column.
 */
export function parseJson(model, text, where) {
  const k = model.constants;
  const fail = (key, values) => refusalAt(model, where, key, values);
  let depth = 0;
  for (const char of text.replace(JSON_STRING, "")) {
    if (char === "[" || char === "{") depth += 1;
    else if (char === "]" || char === "}") depth -= 1;
    if (depth > k.max_depth) throw fail("too_deep", { most: k.max_depth });
  }
  // Python counts lines and columns in code points.
  const invalid = (reason, at) => {
    const before = [...text.slice(0, at)];
    const line = before.filter((c) => c === "\n").length + 1;
    const column = before.length - before.lastIndexOf("\n");
    return fail("invalid_json", { line, column, reason: model.text.checks[reason] });
  };
  const end = text.length;
  const space = (at) => {
    while (at < end && JSON_SPACE.has(text[at])) at += 1;
    return at;
  };
  const hex4 = (at) => {
    const digits = text.slice(at, at + 4);
    return /^[0-9a-fA-F]{4}$/.test(digits) ? parseInt(digits, 16) : -1;
  };
  const string = (at) => {
    const begin = at - 1;
    let value = "";
    for (;;) {
      let next = at;
      while (next < end && text[next] !== '"' && text[next] !== "\\" && text.charCodeAt(next) > 0x1f) next += 1;
      if (next >= end) throw invalid("json_unterminated", begin);
      if (text.charCodeAt(next) <= 0x1f) throw invalid("json_control", next);
      value += text.slice(at, next);
      if (text[next] === '"') return [value, next + 1];
      if (next === end - 1) throw invalid("json_unterminated", begin);
      const escape = text[next + 1];
      if (escape !== "u") {
        if (!Object.hasOwn(SIMPLE_ESCAPES, escape)) throw invalid("json_escape", next);
        value += SIMPLE_ESCAPES[escape];
        at = next + 2;
        continue;
      }
      // Python wants a character after the four digits, and reports a bad escape at its "u".
      const code = next + 6 < end ? hex4(next + 2) : -1;
      if (code < 0) throw invalid("json_unicode", next + 1);
      at = next + 6;
      if (code >= 0xd800 && code <= 0xdbff && at + 6 < end && text[at] === "\\" && text[at + 1] === "u") {
        const low = hex4(at + 2);
        if (low < 0) throw invalid("json_unicode", at + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          value += String.fromCharCode(code, low);
          at += 6;
          continue;
        }
      }
      value += String.fromCharCode(code);
    }
  };
  const number = (at) => {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (!match) return null;
    const [whole, integer, fraction, exponent] = match;
    if (fraction || exponent) {
      const value = Number(whole);
      return [Number.isInteger(value) ? new JsonFloat(value) : value, at + whole.length];
    }
    if (integer.replace("-", "").length > k.max_digits) throw fail("too_many_digits", { count: integer.length, most: k.max_digits });
    return [Number(integer), at + whole.length];
  };
  const value = (at) => {
    const char = text[at];
    if (at >= end) throw invalid("json_value", at);
    if (char === '"') return string(at + 1);
    if (char === "{") return object(at + 1);
    if (char === "[") return array(at + 1);
    for (const [word, meaning] of WORDS) if (text.startsWith(word, at)) return [meaning, at + word.length];
    for (const [name, first] of CONSTANTS) if (char === first && text.startsWith(name, at)) throw fail("not_json_number", { name });
    const read = number(at);
    if (!read) throw invalid("json_value", at);
    return read;
  };
  const object = (at) => {
    const pairs = [];
    at = space(at);
    if (at >= end || text[at] !== "}") {
      while (at < end) {
        if (text[at] !== '"') throw invalid("json_name", at);
        let key;
        [key, at] = string(at + 1);
        at = space(at);
        if (at >= end || text[at] !== ":") throw invalid("json_colon", at);
        let item;
        [item, at] = value(space(at + 1));
        pairs.push([key, item]);
        at = space(at);
        if (at < end && text[at] === "}") break;
        if (at >= end || text[at] !== ",") throw invalid("json_comma", at);
        at = space(at + 1);
      }
      if (at >= end || text[at] !== "}") throw invalid("json_name", at);
    }
    const seen = new Set();
    for (const [key] of pairs) {
      if (seen.has(key)) throw fail("duplicate_key", { key: quote(model, key) });
      seen.add(key);
    }
    return [Object.fromEntries(pairs), at + 1];
  };
  const array = (at) => {
    const items = [];
    at = space(at);
    if (at >= end || text[at] !== "]") {
      while (at < end) {
        let item;
        [item, at] = value(at);
        items.push(item);
        at = space(at);
        if (at < end && text[at] === "]") break;
        if (at >= end || text[at] !== ",") throw invalid("json_comma", at);
        at = space(at + 1);
      }
      if (at >= end || text[at] !== "]") throw invalid("json_value", at);
    }
    return [items, at + 1];
  };
  if (text.startsWith("\ufeff")) throw invalid("json_bom", 0);
  const [result, after] = value(space(0));
  if (space(after) !== end) throw invalid("json_extra", space(after));
  return result;
}
