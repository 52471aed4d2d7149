"""Filled-in fillable sheets read back as game records.

The sheet says what it was made for (`sheetgen.forms.fields.SheetInfo`, in its
document information); its fields give names, title, date, boxes and ticks.
From them a boxes-mode record is built and checked exactly like a JSON one.
Anything else handed in as a PDF (not a PDF, encrypted, truncated, huge, a
compression bomb, another program's form) is a one-line SheetgenError, with
the file's size checked before it is read and every stream's decompressed
size capped while it is parsed. A flattened or printed copy (its fields gone),
a field there twice or on no page, and embedded info sheetgen did not write
are refused the same way. What the sheet itself prints in its computed rows
is compared with what its boxes add up to, and each column that disagrees is
one warning: the record is what the boxes say.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

from sheetgen.errors import RecordError, RecordShapeError, SheetgenError
from sheetgen.files.inputs import RECORD_LIMIT, as_path, read_input, starts_with
from sheetgen.files.records import checked_record, load_record
from sheetgen.forms.fields import (
    MAX_BOX_DIGITS,
    NAME,
    SERIES_TOTAL,
    SHEET_KEY,
    TICK_MARKS,
    TICKS,
    Line,
    SheetInfo,
    cards_in,
    column_fields,
    game_column,
    line_field,
    lines_prefix,
    most_fields,
    parse_field,
    player_column,
    player_columns,
    players_in,
    series_total_field,
)
from sheetgen.rules.boxes import MAX_GAMES_IN_SERIES, CardTotal, Total, card_rows
from sheetgen.rules.game import DEFAULT_GAME, YAHTZEE, Game
from sheetgen.rules.messages import located
from sheetgen.rules.records import Record, check_game, parse_record, quote
from sheetgen.rules.scoring import Totals
from sheetgen.rules.text import printable, type_name

# Bytes one field (its dictionary, widget and scripts) takes, decompressed in the form's object
# stream or written out plainly by a program that fills forms: about 2,700 on every layout.
FIELD_BYTES = 4096
MAX_FIELD_TEXT = 200
PDF_MAGIC = b"%PDF-"
FLATTENED = (
    "its form fields are gone: it was flattened or printed; "
    "read the filled-in fillable sheet itself, or type its scores into a JSON record"
)
SHEET_WORDS = ("upper subtotal", "grand total", "yahtzee bonus")  # on every printed sheet, in any case
Warn = Callable[[str], None]


class _Hush(logging.Filter):
    """Drops pypdf's log records from one thread: what it repairs in a broken file is one line of ours."""

    def __init__(self) -> None:
        super().__init__()
        self.thread = threading.get_ident()

    def filter(self, record: logging.LogRecord) -> bool:
        return record.thread != self.thread


@contextmanager
def _pypdf_hushed() -> Iterator[None]:
    """pypdf's warnings from this thread dropped for the block; its loggers are as they were after it.

    A logger's filter sees only records logged on that very logger, so the
    filter goes on each pypdf module's logger (pypdf logs under the module's
    name), not only on "pypdf"; levels, handlers and propagation are untouched.
    """
    hush = _Hush()
    names = {"pypdf", *(name for name in list(sys.modules) if name.startswith("pypdf."))}
    loggers = [logging.getLogger(name) for name in sorted(names)]
    for logger in loggers:
        logger.addFilter(hush)
    try:
        yield
    finally:
        for logger in loggers:
            logger.removeFilter(hush)


def byte_limit() -> int:
    """The most a filled sheet may weigh, and any one of its streams decompress to.

    The largest sheet sheetgen makes (MAX_PLAYERS names) at FIELD_BYTES a
    field: a program that fills a form (pypdf, say) may write every field out
    uncompressed, as large as the compressed sheet's object stream held them.
    """
    return most_fields() * FIELD_BYTES


def is_pdf(path: Path) -> bool:
    """Whether a record path is a PDF: by its suffix, or by the first bytes of a regular file."""
    return path.suffix.lower() == ".pdf" or starts_with(path, PDF_MAGIC)


def load_any_record(path: str | Path, warn: Warn | None = None, game: Game | None = None) -> Record:
    """A record from a JSON file, a filled fillable sheet or a filled record's PDF, by str or Path.

    `warn` hears stale totals; `game` is the one game accepted, and that of a JSON record naming none.
    """
    (record,) = load_any_records(path, warn, game, one=True)
    return record


def load_any_records(
    path: str | Path, warn: Warn | None = None, game: Game | None = None, *, one: bool = False
) -> list[Record]:
    """Every record a file holds: a JSON record, a filled sheet, or each one a filled record embeds."""
    path = _record_path(path, warn)
    if not is_pdf(path):
        return [load_record(path, game)]
    records = [read_pdf_record(path, warn)] if one else read_pdf_records(path, warn)
    for record in records:
        try:
            check_game(record.game, game)
        except SheetgenError as error:
            raise type(error)(located(printable(str(path)), str(error))) from None
    return records


def _record_path(path: object, warn: object) -> Path:
    path = as_path(path, "record file")
    if warn is not None and not callable(warn):
        raise SheetgenError(f"warn: expected a function taking one line, found {type_name(warn)}")
    return path


def _read_bytes(path: Path) -> bytes:
    """The sheet's bytes, read like any input: a regular file, bounded in size."""
    data = read_input(path, byte_limit(), "filled score sheet", RecordError)
    if PDF_MAGIC not in data[:1024]:
        raise RecordError(f"{printable(str(path))}: not a PDF file")
    return data


def _text_value(field: Any, name: str) -> str:
    """A field's (or widget's) /V as text: "" where it has none."""
    value = field.get("/V")
    if value is None:
        return ""
    value = value.get_object()
    if not isinstance(value, str):
        raise RecordShapeError(f"field {quote(name)}: expected text")
    return value


def _field_values(reader: Any) -> dict[str, str]:
    """Every terminal text field's full name and value, walking /Kids without loops.

    A name met twice, or a field with no widget on any page, is refused: a
    hidden copy must not say something other than what the sheet shows. A
    field with a widget on each page of a large-print card holds its value
    itself, or (as Okular saves it) on the one widget it was typed into.
    """
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

    form = reader.trailer["/Root"].get("/AcroForm")
    form = form.get_object() if form is not None else None
    if not isinstance(form, DictionaryObject) or not isinstance(form.get("/Fields"), ArrayObject):
        raise RecordError(FLATTENED)
    shown = {
        ref.idnum
        for page in reader.pages
        for ref in (page.get("/Annots") or ())
        if isinstance(ref, IndirectObject)
    }
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
        if not isinstance(field, DictionaryObject) or depth > 8 or len(seen) > most_fields():
            raise RecordError("its form fields are malformed")
        partial = field.get("/T")
        name = parent if partial is None else f"{parent}.{partial}" if parent else str(partial)
        kids = field.get("/Kids")
        if isinstance(kids, ArrayObject) and any("/T" in kid.get_object() for kid in kids):
            stack.extend((kid, name, depth + 1) for kid in reversed(kids))
            continue
        if name in values:
            raise RecordError(f"field {quote(name)} is there twice; a sheet has each field once")
        widgets = list(kids) if isinstance(kids, ArrayObject) else [ref]
        if not any(isinstance(w, IndirectObject) and w.idnum in shown for w in widgets):
            raise RecordError(f"field {quote(name)} is on no page; a sheet shows every field it has")
        value = _text_value(field, name)
        if not value and field is not widgets[0].get_object():  # a field shown on several pages
            # Okular (poppler) keeps what was typed on the widget it was typed into.
            typed = {_text_value(w.get_object(), name) for w in widgets} - {""}
            if len(typed) > 1:
                raise RecordError(f"field {quote(name)} shows two values on its pages; make them one")
            value = typed.pop() if typed else ""
        values[name] = value
    if not any(parse_field(name) for name in values):
        raise RecordError(FLATTENED)
    return values


def _looks_printed(reader: Any) -> bool:
    """Whether the first page reads like a score sheet: a printed or flattened copy of one."""
    try:
        text = reader.pages[0].extract_text() if len(reader.pages) else ""
    except Exception:
        return False
    return all(word in text.lower() for word in SHEET_WORDS)


RECORD_NAME = "record.json"
EMBEDDED_SHAPE = (
    "a filled record embeds its game as record.json alone "
    "(a combined one record-1.json, record-2.json ..., one per record)"
)
Embedded = list[tuple[str, bytes]]  # the JSON files a filled record embeds, by name, in page order


def record_names(count: int) -> list[str]:
    """The names a PDF of `count` records gives their JSON files, in page order.

    Numbers are padded to one width (record-01.json ... record-12.json), as a
    name tree lists its names in byte order.
    """
    if count == 1:
        return [RECORD_NAME]
    width = len(str(count))
    return [f"record-{n:0{width}d}.json" for n in range(1, count + 1)]


def _embedded(reader: Any) -> Embedded | None:
    """The records a filled record embeds, as bytes; None when the PDF embeds no files.

    Only the shape `sheetgen.pdf.archive` writes is read: one flat list of
    names, as `record_names` gives them, each a file of at most RECORD_LIMIT
    bytes and all together at most `byte_limit()` (each stream's decompressed
    size is capped while it is read, see `_open`).
    """
    from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

    root = reader.trailer["/Root"]
    names = root.get("/Names")
    names = names.get_object() if names is not None else None
    tree = names.get("/EmbeddedFiles") if isinstance(names, DictionaryObject) else None
    if tree is None and "/AF" not in root:
        return None
    tree = tree.get_object() if tree is not None else None
    entries = tree.get("/Names") if isinstance(tree, DictionaryObject) and "/Kids" not in tree else None
    entries = entries.get_object() if entries is not None else None
    if not isinstance(entries, ArrayObject) or not entries or len(entries) % 2:
        raise RecordError(f"its embedded files are not in the shape sheetgen writes: {EMBEDDED_SHAPE}")
    found = [entries[n] for n in range(0, len(entries), 2)]
    if not all(isinstance(name, str) for name in found):
        raise RecordError(f"an embedded file's name is not text: {EMBEDDED_SHAPE}")
    twice = next((name for n, name in enumerate(found) if name in found[:n]), None)
    if twice is not None:
        raise RecordError(f"it embeds {quote(twice)} twice: {EMBEDDED_SHAPE}")
    if found != record_names(len(found)):
        listed = ", ".join(quote(name) for name in found[:3]) + (" ..." if len(found) > 3 else "")
        raise RecordError(f"it embeds {listed}: {EMBEDDED_SHAPE}")
    records: Embedded = []
    total = 0
    for name, spec in zip(found, entries[1::2], strict=True):
        spec = spec.get_object()
        files = spec.get("/EF") if isinstance(spec, DictionaryObject) else None
        files = files.get_object() if files is not None else None
        stream = files.get("/F") if isinstance(files, DictionaryObject) else None
        stream = stream.get_object() if stream is not None else None
        if not isinstance(stream, StreamObject):
            raise RecordError(f"{name}: the embedded file has no content")
        data = stream.get_data()
        total += len(data)
        if len(data) > RECORD_LIMIT:
            raise RecordError(
                f"{name}: more than {RECORD_LIMIT // (1024 * 1024)} MB; a record may be at most that"
            )
        if total > byte_limit():
            raise RecordError("its embedded records are too large together")
        records.append((name, data))
    return records


def _open(path: Path) -> tuple[SheetInfo, dict[str, str]] | Embedded:
    """The sheet's information and field values, or the records it embeds, within fixed limits."""
    from pypdf import PdfReader, apply_configuration
    from pypdf.errors import PyPdfError

    data = _read_bytes(path)
    shown = printable(str(path))
    limits = {
        name: byte_limit()
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
        with apply_configuration(**limits, form_fields_maximum_entries=most_fields()), _pypdf_hushed():
            reader = PdfReader(BytesIO(data), strict=False)
            if reader.is_encrypted:
                raise RecordError(f"{shown}: the PDF is encrypted; save an unencrypted copy and try again")
            info = reader.metadata
            stored = info.get(SHEET_KEY) if info is not None else None
            embedded = _embedded(reader)
            if embedded is not None:
                if stored is not None or "/AcroForm" in reader.trailer["/Root"]:
                    raise RecordError(
                        "it holds both form fields and an embedded record; sheetgen writes one or the other"
                    )
                return embedded
            if not isinstance(stored, str):
                plain = info is not None and info.get("/Author") == "sheetgen"  # a blank sheetgen wrote
                if not plain and "/AcroForm" not in reader.trailer["/Root"] and _looks_printed(reader):
                    raise RecordError(FLATTENED)
                raise RecordError(
                    f"{shown}: not a sheetgen score sheet (make one with: sheetgen scoresheet --fillable)"
                )
            sheet = SheetInfo.from_json(stored)
            values = _field_values(reader)
    except SheetgenError as error:
        message = str(error)
        raise type(error)(message if message.startswith(f"{shown}:") else f"{shown}: {message}") from None
    except (PyPdfError, ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as error:
        reason = " ".join(str(error).split())[:120] or type(error).__name__
        raise RecordError(f"{shown}: cannot read the PDF: {reason}") from None
    except MemoryError:
        raise RecordError(f"{shown}: cannot read the PDF: it needs too much memory") from None
    return sheet, values


def _ticks(text: str, where: str) -> int:
    """A count of extra Yahtzees: a number, or that many tick marks (x, /, a tick)."""
    marks = "".join(text.split())
    if marks.isdigit() and marks.isascii():
        return int(marks)
    if marks and all(m in TICK_MARKS for m in marks):
        return len(marks)
    raise RecordShapeError(f"{where}, yahtzee bonus ticks: {quote(text)} is not a count or tick marks")


def _column(
    values: dict[str, str], prefix: str, name: str, where: str, game: Game = YAHTZEE
) -> dict[str, Any] | None:
    """One column's player as a boxes-mode record entry; None when the column is empty."""
    fields = column_fields(prefix, game)
    boxes = {box.value: values.get(fields[box.value], "").strip() for box in game.boxes}
    ticks = values.get(fields[TICKS], "").strip() if game.extra_bonus else ""
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
    if not game.extra_bonus:
        return {"name": name, "boxes": scores}
    return {"name": name, "boxes": scores, "yahtzee_bonuses": _ticks(ticks, where) if ticks else 0}


def _card(values: dict[str, str], player: int, name: str, game: Game) -> dict[str, Any] | None:
    """One player's card on the players sheet: a column, or a column per multiplier (`columns`)."""
    where = f"player {player}"
    if len(game.columns) == 1:
        return _column(values, player_column(player), name, where, game)
    parts = player_columns(player, game)
    columns = [_column(values, part, name, f"{where}, column {k}", game) for k, part in enumerate(parts, 1)]
    if not any(columns):
        return None
    empty = next((k for k, column in enumerate(columns, 1) if column is None), None)
    if empty is not None:
        raise RecordError(
            f"{where} ({quote(name)}), column {empty}: the column is empty; fill it or clear the card"
        )
    return {"name": name, "columns": [{k: v for k, v in c.items() if k != "name"} for c in columns]}


def _text(values: dict[str, str], key: str) -> str | None:
    text = " ".join(values.get(key, "").split())
    return text or None


GAMES = range(1, MAX_GAMES_IN_SERIES + 1)
Columns = list[tuple[str, str]]  # (column prefix, player name), in the record's player order


def _players(
    values: dict[str, str], names: tuple[str, ...], game: Game = YAHTZEE
) -> tuple[list[dict[str, Any]], Columns]:
    """The players sheet: one player per filled column, named as printed or typed."""
    players, columns = [], []
    for n in players_in(values):
        column = player_column(n)
        printed = names[n - 1] if n <= len(names) else None
        name = printed or _text(values, column + NAME) or f"Player {n}"
        player = _card(values, n, name, game)
        if player is not None:
            players.append(player)
            columns.append((column, name))
    if not players:
        raise RecordError("no column is filled in")
    return players, columns


def _player_lines(prefix: str, card: int) -> list[str]:
    """Where a six-game card's player is written: its player line (an older sheet's `pN.player` too)."""
    half = prefix.startswith("card")
    lines = [line_field(lines_prefix(card, half), Line.PLAYER)]
    return [*lines, line_field(prefix, Line.PLAYER)] if prefix and not half and card > 1 else lines


def _series(
    values: dict[str, str], names: tuple[str, ...], game: Game = YAHTZEE
) -> tuple[list[dict[str, Any]], list[Columns], Columns]:
    """The six-game card (one player's games), or several cards played side by side.

    Cards on pages of their own have `pN.` fields and a `pageN.player` line;
    half-page cards, two to a sheet, keep the plain names on the first card
    and `cardN.` on the others. Also each game's columns and the cards themselves.
    """
    prefixes = cards_in(values)
    played_cards, cards = [], []
    for prefix in prefixes:
        card = parse_field(game_column(prefix, 1) + game.boxes[0].value).card_number
        printed = names[card - 1] if card <= len(names) else None
        typed = next(
            (_text(values, line) for line in _player_lines(prefix, card) if _text(values, line)), None
        )
        name = printed or typed or (f"Player {card}" if len(prefixes) > 1 else "Player")
        games = [
            _column(values, game_column(prefix, g), name, f"game {g}", game)
            for g in range(1, MAX_GAMES_IN_SERIES + 1)
        ]
        if any(games):
            played_cards.append(games)
            cards.append((prefix, name))
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
    columns = [[(game_column(prefix, g + 1), name) for prefix, name in cards] for g in played]
    return result, columns, cards


@dataclass(frozen=True)
class SheetRead:
    """A filled sheet as read: the record's JSON data, the sheet's info and what it printed where."""

    data: dict[str, Any]
    sheet: SheetInfo
    values: dict[str, str]
    columns: list[Columns]  # per game
    cards: Columns  # the six-game cards (prefix, player); empty on the players sheet


def sheet_record(path: str | Path) -> SheetRead:
    """The boxes-mode record a filled sheet holds (as JSON data), with where each column is."""
    path = as_path(path, "filled score sheet")
    read = _read(path)
    if not isinstance(read, SheetRead):
        raise RecordError(f"{printable(str(path))}: it is a filled record, not a fillable sheet")
    return read


def _read(path: Path) -> SheetRead | list[Record]:
    """A filled-in fillable sheet as read, or the records a filled record's PDF embeds, checked."""
    shown = printable(str(path))
    opened = _open(path)
    if isinstance(opened, list):
        return [checked_record(data, f"{shown}: {name}") for name, data in opened]
    sheet, values = opened
    too_long = next((k for k, v in values.items() if len(v) > MAX_FIELD_TEXT), None)
    if too_long is not None:
        raise RecordShapeError(
            f"{shown}: field {quote(too_long)} holds more than {MAX_FIELD_TEXT} characters"
        )
    game = sheet.game_rules
    data: dict[str, Any] = {"variant": sheet.base, "house_rules": list(sheet.house_rules)}
    if game.id != DEFAULT_GAME:  # the record names its game; a game without Jokers takes no variant
        data = {"game": game.id, **(data if game.takes_jokers else {})}
    for line in (Line.TITLE, Line.DATE):
        if _text(values, line.value):
            data[line.value] = _text(values, line.value)
    cards: Columns = []
    try:
        if sheet.layout == "players":
            data["players"], columns = _players(values, sheet.names, game)
            games = [columns]
        else:
            data["games"], games, cards = _series(values, sheet.names, game)
    except SheetgenError as error:
        raise type(error)(f"{shown}: {error}") from None
    return SheetRead(data, sheet, values, games, cards)


def _says(printed: str, own: int) -> str | None:
    """How a printed total differs from the boxes' own, or None when it agrees or is blank."""
    shown = "".join(printed.split())
    if not shown or shown == str(own):
        return None
    return shown if shown.isdigit() and shown.isascii() else quote(printed)


def stale_totals(record: Record, read: SheetRead) -> list[str]:
    """One line per column whose printed totals differ from what its boxes add up to.

    A viewer computed them before a box was changed, or someone typed over
    one; the grand total is named where it is one of them.
    """
    lines = []
    for game, columns in zip(record.games, read.columns, strict=True):
        for player, (column, name) in zip(game.players, columns, strict=True):
            wrong = []
            rules = record.game
            several = len(rules.columns) > 1
            parts = player_columns(parse_field(column + NAME).card_number, rules) if several else [column]
            for part, card, multiplier in zip(parts, player.whole.columns, rules.columns, strict=True):
                totals = Totals.of(card)
                fields = column_fields(part, rules)
                for row in (row for row in card_rows(rules) if row.is_total):
                    if row.key is CardTotal.SCORED:
                        own = totals.grand_total * multiplier
                    elif row.key is CardTotal.CARD_TOTAL:
                        own = player.grand_total
                    else:
                        own = totals[row.key]
                    if says := _says(read.values.get(fields[row.slug], ""), own):
                        wrong.append((row, says, own))
            wrong.sort(key=lambda item: item[0].key not in (CardTotal.CARD_TOTAL, Total.GRAND_TOTAL))
            if wrong:
                row, says, own = wrong[0]
                label = column_fields(column, record.game)[row.slug].rsplit(".", 1)[-1].replace("_", " ")
                lines.append(
                    f"{column.rstrip('.')} ({quote(name)[1:-1]}): the sheet's {label} says {says}, "
                    f"its boxes add up to {own}"
                )
    for index, (prefix, name) in enumerate(read.cards):
        own = sum(Totals.of(game.players[index].card).grand_total for game in record.games)
        says = _says(read.values.get(series_total_field(prefix), ""), own)
        if says:
            card = prefix.rstrip(".") or "card1"
            lines.append(
                f"{card} ({quote(name)[1:-1]}): the sheet's {SERIES_TOTAL.replace('_', ' ')} says {says}, "
                f"its games add up to {own}"
            )
    return lines


def read_pdf_records(path: str | Path, warn: Warn | None = None) -> list[Record]:
    """Every record a PDF holds, checked: a filled sheet's (under its own rules), or those it embeds."""
    path = as_path(path, "filled score sheet")
    read = _read(path)
    if isinstance(read, list):
        return read
    record = parse_record(read.data, source=str(path))
    for line in stale_totals(record, read) if warn else ():
        warn(line)
    return [dataclasses.replace(record, rules=read.sheet.rules())]


def read_pdf_record(path: str | Path, warn: Warn | None = None) -> Record:
    """The one record a PDF holds: a filled sheet's, or the one a filled record embeds."""
    records = read_pdf_records(path, warn)
    if len(records) > 1:
        raise RecordError(
            f"{printable(str(path))}: holds {len(records)} records (a combined PDF); "
            "sheetgen fill reads them all, score and record read a PDF of one"
        )
    return records[0]


def record_json(path: str | Path, warn: Warn | None = None, game: Game | None = None) -> dict[str, Any]:
    """The record `sheetgen record` writes: checked first, so it loads again as it is.

    From a filled record's PDF that is the JSON it embeds, as it was given to
    `sheetgen fill` (a custom variant named by its base and house rules).
    """
    path = _record_path(path, warn)
    record = read_pdf_record(path, warn)
    try:
        check_game(record.game, game)
    except SheetgenError as error:
        raise type(error)(located(printable(str(path)), str(error))) from None
    return json.loads(record.data)
