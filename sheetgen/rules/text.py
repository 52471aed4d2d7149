"""The one checker for text that reaches a sheet or a terminal, and the escaper for messages.

Names and titles come from records, TOML files and options. A control
character would reach the terminal as an escape code, a bidi override would
reorder what a sheet shows, and a name of only zero-width spaces would print
as nothing, so all of them are refused; NFC makes look-alike spellings one name.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.rules.i18n import active
from sheetgen.rules.messages import TYPE_NAMES, at

# Bidi embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters that draw nothing: Hangul fillers and the blank braille pattern.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
INVISIBLE_CATEGORIES = frozenset({"Cf", "Zs", "Mn", "Me"})
CONTROL_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Zl", "Zp"})
EXCERPT = 40  # characters of a value a message shows
REPR = "'"  # quote(..., quotes=REPR): text quoted as Python shows it, for messages that always did
NAME_EXCERPT = 60  # a name or title that does not fit: shown whole up to the longest that could
MAX_LINE = 300  # characters in any one message line, whatever the input
# Letters that decomposing (NFKD) and dropping accents leave outside ASCII, spelt as their languages
# spell them without the letter: a file name made from a name (the scorekeeper's exports) uses these.
ASCII_SPELLINGS = {
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ħ": "h",
    "\u0131": "i",  # the dotless i
}  # fmt: skip


# Letters NFKD leaves whole, written as their languages spell them in plain letters.
PLAIN_LETTERS = str.maketrans(
    {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "\u0131": "i"}
)
NOT_PLAIN = re.compile(r"[^a-z0-9]+")


def file_stem(text: str, fallback: str) -> str:
    """`text` as a plain file-name part, so every file system and URL takes it whole: Léo -> leo,
    Zoë -> zoe, Müller -> muller, "Ann & Bob" -> ann-bob. Never empty and never a hidden file
    (no leading dot): `fallback` where no plain letter or digit is left."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(PLAIN_LETTERS))
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return NOT_PLAIN.sub("-", plain).strip("-") or fallback


JSON_TYPES = {dict: "object", list: "list", str: "text", bool: "bool", int: "int", float: "number"}


def type_name(value: object) -> str:
    """How a message names the JSON type of `value` in the active language, as the page's typeName
    does (a TOML date by its Python name)."""
    kind = "null" if value is None else JSON_TYPES.get(type(value))
    return active().gettext(TYPE_NAMES[kind]) if kind else type(value).__name__


def clean_text(
    where: str, value: object, what: str, limit: int, error: type[SheetgenError] = SheetgenError
) -> str:
    """`value` trimmed and NFC-normalized, or `error` saying why it cannot be printed."""
    if not isinstance(value, str):
        raise error(at(where, "not_text", what=what, found=type_name(value)))
    text = unicodedata.normalize("NFC", value.strip())
    if len(text) > limit:
        raise error(at(where, "too_long", what=what, length=len(text), limit=limit))
    for char in text:
        if unicodedata.category(char) in CONTROL_CATEGORIES:
            raise error(at(where, "control", what=what, char=f"U+{ord(char):04X}"))
        if char in BIDI_CONTROLS:
            raise error(at(where, "bidi", what=what, char=f"U+{ord(char):04X}"))
    if all(unicodedata.category(c) in INVISIBLE_CATEGORIES or c in BLANK_LETTERS for c in text):
        raise error(at(where, "invisible" if text else "empty", what=what))
    return text


# The no-break spaces a translated message's own typography uses (French puts them before : ; ! ?):
# a whole message line keeps them, though a quoted value still shows them escaped.
LINE_SPACES = "\u00a0\u202f"


def printable(text: str, keep: str = "") -> str:
    """`text` with every control, separator and bidi character escaped, for a one-line message.

    File names may hold a newline or an escape code; a message shows them as `\\n` or `\\x1b`
    so it stays one line and never drives the terminal. Characters in `keep` are left as they are.
    """
    if text.isprintable() and not BIDI_CONTROLS.intersection(text):
        return text
    shown = []
    for char in text:
        if (char.isprintable() and char not in BIDI_CONTROLS) or char in keep:
            shown.append(char)
        elif char == "\n":
            shown.append("\\n")
        elif ord(char) < 0x100:
            shown.append(f"\\x{ord(char):02x}")
        else:
            shown.append(f"\\u{ord(char):04x}" if ord(char) < 0x10000 else f"\\U{ord(char):08x}")
    return "".join(shown)


def quote(value: object, limit: int = EXCERPT, quotes: str = '"') -> str:
    """A value as a message shows it: escaped, cut to about `limit` characters, text in `quotes`.

    The one way messages quote input, so a 1 MB value still makes a short line.
    Text is quoted as JSON writes it, or as Python does with quotes=REPR.
    """
    if not isinstance(value, str):
        shown = printable(json.dumps(value, ensure_ascii=False, default=str))
        return shown if len(shown) <= limit else shown[: limit - 1] + "…"
    cut = value if len(value) <= limit else value[: limit - 1] + "…"
    quoted = printable(json.dumps(cut, ensure_ascii=False) if quotes == '"' else repr(cut))
    return quoted if len(quoted) <= 3 * limit else quoted[: 3 * limit - 2] + "…" + quoted[0]


def one_line(message: str, limit: int = MAX_LINE) -> str:
    """`message` escaped and, past `limit` characters, cut: the last guard before a terminal."""
    shown = printable(message, LINE_SPACES)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def named_member(choices: Iterable[Any], value: object) -> Any:
    """The member of a string-valued enum that `value` names in any case, spaces round it; else None."""
    if isinstance(value, str):
        wanted = value.strip().lower()
        return next((member for member in choices if member.value == wanted), None)
    return None
