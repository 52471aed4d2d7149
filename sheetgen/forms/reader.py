"""Filled-in fillable sheets read back as game records.

The sheet says what it was made for (`sheetgen.forms.fields.SheetInfo`, in its
document information); its fields give names, title, date, boxes and ticks.
From them a boxes-mode record is built and checked exactly like a JSON one.
Anything else handed in as a PDF (not a PDF, encrypted, truncated, huge, a
compression bomb, another program's form) is a one-line SheetgenError, with
the file's size checked before it is read and every stream's decompressed
size capped while it is parsed.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
import stat
from io import BytesIO
from pathlib import Path
from typing import Any

from sheetgen.errors import RecordError, RecordShapeError, SheetgenError
from sheetgen.files.inputs import read_input
from sheetgen.files.records import load_record
from sheetgen.forms.fields import MAX_BOX_DIGITS, SHEET_KEY, TICK_MARKS, TICKS
from sheetgen.rules.boxes import MAX_GAMES_IN_SERIES, Box
from sheetgen.rules.records import Record, parse_record, quote
from sheetgen.rules.text import printable

MAX_PDF_BYTES = 4 * 1024 * 1024  # a filled sheet is well under 1 MB
MAX_STREAM_BYTES = 8 * 1024 * 1024  # decompressed, per stream
MAX_FIELDS = 2000
MAX_FIELD_TEXT = 200
PDF_MAGIC = b"%PDF-"
BOXES = tuple(box.value for box in Box)

# pypdf reports what it repairs on stderr; a broken file is one line of ours instead.
logging.getLogger("pypdf").setLevel(logging.CRITICAL + 1)


def is_pdf(path: Path) -> bool:
    """Whether a record path is a PDF: by its suffix, or by the first bytes of a regular file."""
    if path.suffix.lower() == ".pdf":
        return True
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False  # never opened here: a FIFO would block; the reader says what it is
        with path.open("rb") as file:
            return file.read(len(PDF_MAGIC)) == PDF_MAGIC
    except OSError:
        return False


def load_any_record(path: Path) -> Record:
    """A record from a JSON file or from a filled fillable sheet."""
    return read_pdf_record(path) if is_pdf(path) else load_record(path)


def _read_bytes(path: Path) -> bytes:
    """The sheet's bytes, read like any input: a regular file, bounded in size."""
    data = read_input(path, MAX_PDF_BYTES, "filled score sheet", RecordError)
    if PDF_MAGIC not in data[:1024]:
        raise RecordError(f"{printable(str(path))}: not a PDF file")
    return data


def _field_values(reader: Any) -> dict[str, str]:
    """Every terminal text field's full name and value, walking /Kids without loops."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

    form = reader.trailer["/Root"].get("/AcroForm")
    form = form.get_object() if form is not None else None
    if not isinstance(form, DictionaryObject) or not isinstance(form.get("/Fields"), ArrayObject):
        raise RecordError("it has no form fields; give a filled-in fillable score sheet")
    values: dict[str, str] = {}
    seen: set[int] = set()
    stack: list[tuple[Any, str, int]] = [(ref, "", 0) for ref in reversed(form["/Fields"])]
    while stack:
        ref, parent, depth = stack.pop()
        if isinstance(ref, IndirectObject):
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
        field = ref.get_object()
        if not isinstance(field, DictionaryObject) or depth > 8 or len(seen) > MAX_FIELDS:
            raise RecordError("its form fields are malformed")
        partial = field.get("/T")
        name = parent if partial is None else f"{parent}.{partial}" if parent else str(partial)
        kids = field.get("/Kids")
        if isinstance(kids, ArrayObject) and any("/T" in kid.get_object() for kid in kids):
            stack.extend((kid, name, depth + 1) for kid in reversed(kids))
            continue
        value = field.get("/V")
        if value is None:
            values.setdefault(name, "")
            continue
        value = value.get_object()
        if not isinstance(value, str):
            raise RecordShapeError(f"field {quote(name)}: expected text")
        values[name] = value
    return values


def _open(path: Path) -> tuple[Any, dict[str, str]]:
    """The sheet's information and field values, within fixed limits of size and work."""
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import PyPdfError

    data = _read_bytes(path)
    limits = {
        name: MAX_STREAM_BYTES
        for name in (
            "maximum_declared_stream_length",
            "array_based_stream_maximum_output_length",
            "jbig2_maximum_output_length",
            "lzw_maximum_output_length",
            "run_length_maximum_output_length",
            "zlib_maximum_output_length",
            "brotli_maximum_output_length",
            "stream_decoding_work_maximum_length",
            "xfa_decoding_work_maximum_length",
        )
    }
    try:
        with apply_configuration(**limits, form_fields_maximum_entries=MAX_FIELDS):
            reader = PdfReader(BytesIO(data), strict=False)
            if reader.is_encrypted:
                raise RecordError(f"{path}: the PDF is encrypted; save an unencrypted copy and try again")
            info = reader.metadata
            stored = info.get(SHEET_KEY) if info is not None else None
            if not isinstance(stored, str):
                raise RecordError(
                    f"{path}: not a sheetgen score sheet (make one with: sheetgen scoresheet --fillable)"
                )
            from sheetgen.forms.fields import SheetInfo

            sheet = SheetInfo.from_json(stored)
            values = _field_values(reader)
    except SheetgenError as error:
        message = str(error)
        raise type(error)(message if message.startswith(f"{path}:") else f"{path}: {message}") from None
    except (PyPdfError, ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as error:
        reason = " ".join(str(error).split())[:120] or type(error).__name__
        raise RecordError(f"{path}: cannot read the PDF: {reason}") from None
    except MemoryError:
        raise RecordError(f"{path}: cannot read the PDF: it needs too much memory") from None
    return sheet, values


def _ticks(text: str, where: str) -> int:
    """A count of extra Yahtzees: a number, or that many tick marks (x, /, a tick)."""
    marks = "".join(text.split())
    if marks.isdigit() and marks.isascii():
        return int(marks)
    if marks and all(m in TICK_MARKS for m in marks):
        return len(marks)
    raise RecordShapeError(f"{where}, yahtzee bonus ticks: {quote(text)} is not a count or tick marks")


def _column(values: dict[str, str], prefix: str, name: str, where: str) -> dict[str, Any] | None:
    """One column's player as a boxes-mode record entry; None when the column is empty."""
    boxes = {box: values.get(prefix + box, "").strip() for box in BOXES}
    ticks = values.get(prefix + TICKS, "").strip()
    if not any(boxes.values()) and not ticks:
        return None
    where = f"{where} ({quote(name)})"
    missing = [box for box, text in boxes.items() if not text]
    if missing:
        raise RecordError(f"{where}: missing {', '.join(missing)}; fill every box, or clear the column")
    scores: dict[str, int] = {}
    for box, text in boxes.items():
        if not (text.isdigit() and text.isascii() and len(text) <= MAX_BOX_DIGITS):
            raise RecordShapeError(f"{where}, box {box}: {quote(text)} is not a score")
        scores[box] = int(text)
    return {"name": name, "boxes": scores, "yahtzee_bonuses": _ticks(ticks, where) if ticks else 0}


def _text(values: dict[str, str], key: str) -> str | None:
    text = " ".join(values.get(key, "").split())
    return text or None


def _numbers(values: dict[str, str], pattern: str) -> list[int]:
    """The column or card numbers that field names matching `pattern` (one group) carry."""
    return sorted({int(m[1]) for name in values if (m := re.fullmatch(pattern, name))})


def _players(values: dict[str, str], names: tuple[str, ...]) -> list[dict[str, Any]]:
    """The players sheet: one player per filled column, named as printed or typed."""
    players = []
    for n in _numbers(values, r"p(\d+)\.aces"):
        printed = names[n - 1] if n <= len(names) else None
        name = printed or _text(values, f"p{n}.name") or f"Player {n}"
        player = _column(values, f"p{n}.", name, f"player {n}")
        if player is not None:
            players.append(player)
    if not players:
        raise RecordError("no column is filled in")
    return players


def _series(values: dict[str, str], names: tuple[str, ...]) -> list[dict[str, Any]]:
    """The six-game card (one player's games), or several cards played side by side.

    Cards on pages of their own have `pN.` fields and a `pageN.player` line;
    half-page cards, two to a sheet, keep the plain names on the first card
    and `cardN.` on the others.
    """
    if "g1.aces" in values:
        halves = _numbers(values, r"card(\d+)\.g1\.aces")
        cards = [(1, "", ["player"]), *((n, f"card{n}.", [f"card{n}.player"]) for n in halves)]
    else:
        pages = _numbers(values, r"p(\d+)\.g1\.aces")
        cards = [(n, f"p{n}.", ["player"] if n == 1 else [f"page{n}.player", f"p{n}.player"]) for n in pages]
    played_cards = []
    for card, prefix, lines in cards:
        printed = names[card - 1] if card <= len(names) else None
        typed = next((_text(values, line) for line in lines if _text(values, line)), None)
        name = printed or typed or (f"Player {card}" if len(cards) > 1 else "Player")
        games = [
            _column(values, f"{prefix}g{g}.", name, f"game {g}") for g in range(1, MAX_GAMES_IN_SERIES + 1)
        ]
        if any(games):
            played_cards.append(games)
    played = [g for g in range(MAX_GAMES_IN_SERIES) if any(games[g] for games in played_cards)]
    if not played:
        raise RecordError("no game column is filled in")
    result = []
    for g in played:
        empty = next((games for games in played_cards if games[g] is None), None)
        if empty is not None:
            name = next(p for p in empty if p)["name"]
            raise RecordError(f"game {g + 1} ({quote(name)}): the column is empty; fill it or clear it")
        result.append({"players": [games[g] for games in played_cards]})
    return result


def sheet_record(path: Path) -> tuple[dict[str, Any], Any]:
    """The boxes-mode record a filled sheet holds (as JSON data), and the sheet's info."""
    sheet, values = _open(path)
    too_long = next((k for k, v in values.items() if len(v) > MAX_FIELD_TEXT), None)
    if too_long is not None:
        raise RecordShapeError(f"{path}: field {quote(too_long)} holds more than {MAX_FIELD_TEXT} characters")
    data: dict[str, Any] = {"variant": sheet.base, "house_rules": list(sheet.house_rules)}
    for key in ("title", "date"):
        if _text(values, key):
            data[key] = _text(values, key)
    try:
        if sheet.layout == "players":
            data["players"] = _players(values, sheet.names)
        else:
            data["games"] = _series(values, sheet.names)
    except SheetgenError as error:
        raise type(error)(f"{path}: {error}") from None
    return data, sheet


def read_pdf_record(path: Path) -> Record:
    """A filled sheet as a checked record, under the rules the sheet was made for."""
    data, sheet = sheet_record(path)
    record = parse_record(data, source=str(path))
    return dataclasses.replace(record, rules=sheet.rules())


def record_json(path: Path) -> dict[str, Any]:
    """The record `sheetgen record` writes: checked first, so it loads again as it is."""
    data, _ = sheet_record(path)
    parse_record(data, source=str(path))
    return data
