"""Game records read from JSON files, and the variant files a record may name beside it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

from sheetgen.errors import RecordError, RecordShapeError, SheetgenError, UnknownLanguageError
from sheetgen.files.inputs import RECORD_LIMIT, as_path, parse_json, read_input
from sheetgen.files.locales import find_language
from sheetgen.files.variants import load_rules
from sheetgen.rules.messages import located
from sheetgen.rules.records import Record, VariantLoader, parse_record
from sheetgen.rules.text import printable
from sheetgen.rules.variants import builtin_rules


def load_record(path: str | Path) -> Record:
    """Read and check a record file; RecordError says what is wrong and where."""
    path = as_path(path, "record file")
    shown = printable(str(path))
    data = read_input(path, RECORD_LIMIT, "record file", RecordError)
    return checked_record(data, shown, partial(load_rules, base_dir=path.parent))


def checked_record(data: bytes, shown: str, load_variant: VariantLoader = builtin_rules) -> Record:
    """A record's JSON bytes parsed and checked, as any record is: strict JSON, the rules, its language.

    Only a record file may name a variant file beside it; a record read out
    of a PDF (`sheetgen.forms.reader`) takes built-in variants alone.
    """
    record = parse_record(parse_json(data, shown, RecordShapeError), shown, load_variant)
    if record.lang is not None:
        try:
            find_language(record.lang)
        except UnknownLanguageError as error:
            raise RecordShapeError(located(shown, located("lang", str(error)))) from None
    return record


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
