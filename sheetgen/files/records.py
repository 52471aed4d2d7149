"""Game records read from JSON files, and the variant files a record may name beside it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

from sheetgen.errors import RecordError, RecordShapeError, SheetgenError, UnknownLanguageError
from sheetgen.files.games import load_game
from sheetgen.files.inputs import RECORD_LIMIT, as_path, parse_json, read_input
from sheetgen.files.locales import DEFAULT, find_language, speaking
from sheetgen.files.variants import load_rules
from sheetgen.rules.game import Game, game_named
from sheetgen.rules.i18n import active
from sheetgen.rules.messages import located, word
from sheetgen.rules.records import GameLoader, Record, VariantLoader, parse_record
from sheetgen.rules.text import printable
from sheetgen.rules.variants import builtin_rules


def load_record(path: str | Path, game: Game | None = None) -> Record:
    """Read and check a record file; RecordError says what is wrong and where.

    `game` is the game of a record that names none, and the only one accepted (None: yahtzee, any).
    """
    path = as_path(path, "record file")
    shown = printable(str(path))
    data = read_input(path, RECORD_LIMIT, "record file", RecordError)
    beside = partial(load_game, base_dir=path.parent)
    return checked_record(data, shown, partial(load_rules, base_dir=path.parent), game, beside)


def checked_record(
    data: bytes,
    shown: str,
    load_variant: VariantLoader = builtin_rules,
    game: Game | None = None,
    load_game_file: GameLoader = game_named,
) -> Record:
    """A record's JSON bytes parsed and checked, as any record is: strict JSON, the rules, its language.

    The checks speak the active language, or, when that is English (no
    --lang), the record's own "lang".

    Only a record file may name a variant file beside it; a record read out
    of a PDF (`sheetgen.forms.reader`) takes built-in variants alone.
    """
    decoded = parse_json(data, shown, RecordShapeError)
    with speaking(_own_language(decoded) if active().lang == DEFAULT else active().lang):
        record = parse_record(decoded, shown, load_variant, game, load_game_file)
        if record.lang is not None:
            try:
                find_language(record.lang)
            except UnknownLanguageError as error:
                raise RecordShapeError(located(shown, located(word("lang"), str(error)))) from None
    return record


def _own_language(data: object) -> str | None:
    """The known language a record names, for its checks to speak (a command's --lang speaks first);
    None, English, when it names none or one this sheetgen lacks (which the checks then refuse)."""
    lang = data.get("lang") if isinstance(data, dict) else None
    if not isinstance(lang, str):
        return None
    try:
        return find_language(lang)
    except UnknownLanguageError:
        return None


def record_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Record files as given, and the *.json files of any folder, in name order."""
    for path in paths:
        if path.is_dir():
            found = sorted(path.glob("*.json"))
            if not found:
                raise SheetgenError(f"{printable(str(path))}: no *.json records in this folder")
            yield from found
        else:
            yield path
