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

/** A check's message in the page's language (the blob's text.checks), its {names} filled. */
export function say(model, key, values = {}) {
  return fmt(model.text.checks[key], values);
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
  return new ScoreError(say(model, key, values));
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

const QUOTE_LENGTH = 40; // as records.quote cuts a name short in a message

/** A name fit for a one-line message: escaped and cut short (records.quote). */
export function quote(text, limit = QUOTE_LENGTH) {
  const chars = [...text];
  return JSON.stringify(chars.length <= limit ? text : chars.slice(0, limit - 1).join("") + "\u2026");
}
