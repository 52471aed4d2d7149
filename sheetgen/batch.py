"""`sheetgen fill` over many records: check all, print the valid, report the rest."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from pathlib import Path

import click

from sheetgen.errors import SheetgenError
from sheetgen.fill import Filler
from sheetgen.output import DEFAULT_OUTPUT_DIR, paper_suffix, write_atomic
from sheetgen.pdfrecord import load_any_record
from sheetgen.records import Record

PROGRESS_FROM = 10  # records; fewer finish before a bar would be worth drawing


def expand(paths: Iterable[Path]) -> Iterator[Path]:
    """Record files as given, and the *.json files of any folder, in name order."""
    for path in paths:
        if path.is_dir():
            found = sorted(path.glob("*.json"))
            if not found:
                raise SheetgenError(f"{path}: no *.json records in this folder")
            yield from found
        else:
            yield path


def _targets(records: list[Record], folder: Path, suffix: str) -> list[Path]:
    """One file per record, named after it; a clash gets the folder name too."""
    targets: list[Path] = []
    for record in records:
        source = Path(record.source)
        target = folder / f"{source.stem}{suffix}.pdf"
        if target.resolve() == source.resolve():  # a filled-in sheet is never printed over
            target = folder / f"{source.stem}-filled{suffix}.pdf"
        if target in targets:
            target = folder / f"{source.parent.name}-{source.stem}{suffix}.pdf"
        targets.append(target)
    return targets


def _progress(items: list, label: str):
    if sys.stderr.isatty() and len(items) >= PROGRESS_FROM:
        return click.progressbar(items, label=label, file=sys.stderr)
    return nullcontext(items)


def fill_records(paths: Iterable[Path], output: Path | None, combine: bool, paper: str) -> int:
    """Print every valid record; return how many were invalid (each reported on stderr)."""
    files = list(expand(paths))
    to_file = output is not None and output.suffix.lower() == ".pdf"
    if to_file and not combine and len(files) > 1:
        raise SheetgenError(f"{output}: one file takes one record; give a folder, or add --combine")
    records: list[Record] = []
    failures = 0
    for path in files:
        try:
            records.append(load_any_record(path))
        except SheetgenError as error:
            click.echo(f"Error: {error}", err=True)
            failures += 1
    filler = Filler(paper)
    for record in records:
        for warning in filler.warnings(record):
            click.echo(f"Warning: {warning}", err=True)
    suffix = paper_suffix(paper)
    folder = output if output is not None and not to_file else DEFAULT_OUTPUT_DIR
    if not records:
        return failures
    if combine:
        target = output if to_file else folder / f"records{suffix}.pdf"
        with _progress(records, "Filling") as bar:
            pdf = filler.pdf(list(bar))
        click.echo(write_atomic(target, pdf))
        return failures
    targets = [output] if to_file else _targets(records, folder, suffix)
    with _progress(list(zip(records, targets, strict=True)), "Filling") as bar:
        for record, target in bar:
            click.echo(write_atomic(target, filler.pdf([record])))
    return failures
