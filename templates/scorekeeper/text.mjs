// The text checks of sheetgen/rules/text.py in JavaScript: names and titles are trimmed and
// NFC-normalized, and refused when they hold control characters, line or paragraph separators,
// bidi controls, or nothing visible. The character classes come from the model blob, which
// writes them from text.py, so both sides refuse the same text with the same words.

/** A one-line error about a record, a name or an entry, shown as it is. */
export class ScoreError extends Error {}

/** A message template from the model blob with its {names} filled in. */
export function fmt(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
}

/** A check's message in the page's language (the blob's text.checks), as a ScoreError. */
export function refusal(model, key, values) {
  return new ScoreError(fmt(model.text.checks[key], values));
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

/** The JSON type of a value as the messages name it (text.type_name). */
export function typeName(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "a number";
  return { object: "an object", string: "text", boolean: "true/false" }[typeof value] || typeof value;
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
  if (typeof value !== "string") throw refusal(model, "not_text", { where, what, found: typeName(value) });
  const c = classes(model);
  const text = strip([...value], c.whitespace).join("").normalize("NFC");
  const chars = [...text];
  if (chars.length > limit) throw refusal(model, "too_long", { where, what, length: chars.length, limit });
  for (const char of chars) {
    if (c.control.test(char)) throw refusal(model, "control", { where, what, char: codePoint(char) });
    if (c.bidi.has(char)) throw refusal(model, "bidi", { where, what, char: codePoint(char) });
  }
  if (chars.every((char) => c.invisible.test(char) || c.blank.has(char))) {
    throw refusal(model, chars.length ? "invisible" : "empty", { where, what });
  }
  return text;
}

const QUOTE_LENGTH = 40; // as records.quote cuts a name short in a message

/** A name fit for a one-line message: escaped and cut short (records.quote). */
export function quote(text, limit = QUOTE_LENGTH) {
  const chars = [...text];
  return JSON.stringify(chars.length <= limit ? text : chars.slice(0, limit - 1).join("") + "\u2026");
}
