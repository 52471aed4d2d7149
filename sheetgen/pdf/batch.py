"""`sheetgen fill` over many records: check all, print the valid, report the rest."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from sheetgen.errors import SheetgenError
from sheetgen.files.inputs import note_input
from sheetgen.files.locales import speaking
from sheetgen.files.output import (
    DEFAULT_OUTPUT_DIR,
    PLAIN,
    STDOUT,
    Reporter,
    check_destination,
    making,
    paper_suffix,
    write_output,
)
from sheetgen.files.records import record_files
from sheetgen.forms.reader import load_any_records
from sheetgen.pdf.fill import Filler
from sheetgen.rules.game import Game
from sheetgen.rules.records import Record
from sheetgen.rules.text import LINE_SPACES, file_stem, printable


def _targets(sources: list[Path], folder: Path, suffixes: list[str]) -> list[Path]:
    """One file per record, named after it, never two alike (see `sheetgen fill --help`).

    A clash takes the record's folder name as a prefix, then a number: r.pdf,
    x-r.pdf, x-r-2.pdf. Whole file names, paper suffix included, are compared
    ignoring case, for folders that do: a.json on A4 and a-a4.json on Letter
    would both be a-a4.pdf, so the second takes its folder's name.
    """
    taken: set[str] = set()
    targets: list[Path] = []
    for source, suffix in zip(sources, suffixes, strict=True):
        stem = (
            source.stem if not source.stem.startswith(".") else file_stem(source.stem, "record")
        )  # never hidden
        if (folder / f"{stem}{suffix}.pdf").resolve() == source.resolve():
            stem = f"{stem}-filled"  # a filled-in sheet is never printed over
        names = (stem, f"{source.parent.name}-{stem}")
        name = next((n for n in names if f"{n}{suffix}.pdf".casefold() not in taken), None)
        number = 2
        while name is None or f"{name}{suffix}.pdf".casefold() in taken:
            name, number = f"{names[1]}-{number}", number + 1
        file_name = f"{name}{suffix}.pdf"
        taken.add(file_name.casefold())
        targets.append(folder / file_name)
    return targets


def fill_records(
    paths: Iterable[Path],
    output: Path | None,
    combine: bool,
    paper: str | None,
    card: str = "full",
    report: Reporter = PLAIN,
    lang: str | None = None,
    print_size: str = "standard",
    game: Game | None = None,
) -> int:
    """Print every valid record; return how many were invalid (each reported on stderr).

    Every destination is checked before anything renders: none may be an
    input of this run, nor exist as anything but a regular file. Records print
    in `lang`, else each in its own "lang"; `paper` None prints each on its
    language's paper (A4, or Letter for English), and names each file so.
    `print_size="large"` prints on the large-print sheet, `-large` before
    the paper in each file's name (r-large.pdf, r-large-a4.pdf).
    """
    paths = list(paths)
    for path in paths:
        note_input(path)
    files = list(record_files(paths))
    to_file = output is not None and (output == STDOUT or output.suffix.lower() == ".pdf")
    if output is not None:
        _check_output(output, to_file, combine or len(files) == 1)
    loaded: list[tuple[Path, Record]] = []
    failures = 0
    checked: list[tuple[Path, Record]] = []

    def stale(line: str) -> None:
        report.note(f"Warning: {printable(line)}")

    for path in files:
        try:
            with speaking(lang):  # its checks in --lang, else in each record's own (files.records)
                records = load_any_records(path, warn=stale, game=game)
        except SheetgenError as error:
            report.note(f"Error: {printable(str(error), LINE_SPACES)}")
            failures += 1
            continue
        if len(records) == 1:
            checked.append((path, records[0]))
        else:  # a combined PDF's records, each named as if a file of its own: comb-1.pdf, comb-2.pdf
            checked.extend(
                (path.with_name(f"{path.stem}-{n}{path.suffix}"), record)
                for n, record in enumerate(records, 1)
            )
    filler = Filler(paper, card, lang, print_size)
    for path, record in checked:
        try:
            filler.check(record)
            loaded.append((path, record))
        except SheetgenError as error:
            report.note(f"Error: {printable(str(error), LINE_SPACES)}")
            failures += 1
    if not loaded:
        return failures
    if output is not None:  # a combined PDF given alone may hold several records
        _check_output(output, to_file, combine or len(loaded) == 1)
    records = [record for _, record in loaded]
    large = "-large" if filler.large else ""
    suffixes = [large + paper_suffix(filler.paper_of(record)) for record in records]
    folder = output if output is not None and not to_file else DEFAULT_OUTPUT_DIR
    if combine:  # a mixed batch's one file is named for its first record's paper
        targets = [output if to_file else folder / f"records{suffixes[0]}.pdf"]
    else:
        targets = [output] if to_file else _targets([path for path, _ in loaded], folder, suffixes)
    for target in targets:
        check_destination(target)
    for record in records:
        if record.rules.redundancy_warning:
            report.note(f"Warning: {record.source}: {record.rules.redundancy_warning}")
        for warning in filler.warnings(record):
            report.note(f"Warning: {printable(warning)}")
    if combine:
        with report.progress(records, "Filling", len(records)) as bar, making(targets[0]):
            pdf = filler.pdf(list(bar))
        _write(targets[0], pdf, report)
        return failures
    with report.progress(zip(records, targets, strict=True), "Filling", len(records)) as bar:
        for record, target in bar:
            with making(target):
                pdf = filler.pdf([record])
            _write(target, pdf, report)
    return failures


def _check_output(output: Path, to_file: bool, one_file: bool) -> None:
    """-o names one PDF for one record or --combine, else a folder; never an input."""
    shown = printable(str(output))
    if to_file and not one_file:
        raise SheetgenError(f"{shown}: one file takes one record; give a folder, or add --combine")
    if to_file or not output.is_dir():
        check_destination(output)
    if not to_file and output.exists() and not output.is_dir():
        raise SheetgenError(f"{shown}: is not a folder; -o takes a folder, or a .pdf file")


def _write(target: Path, pdf: bytes, report: Reporter) -> None:
    write_output(target, pdf)
    if target != STDOUT:
        report.wrote(printable(str(target)))
