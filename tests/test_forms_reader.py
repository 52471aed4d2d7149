"""The reader trusts nothing a filled sheet says (issue 20).

Printed totals that disagree with the boxes are one warning per column; a
flattened or printed copy, a field there twice or on no page, and embedded
sheet info sheetgen did not write are each one line and exit 2.
"""

from __future__ import annotations

import io
import json
import logging
import shutil
import subprocess
from functools import cache

import pypdf
import pytest
from browsing import missing
from click.testing import CliRunner
from helpers import WORKED_CARD, WORKED_TOTALS, blank_sheet, column_values, fill, full_name
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

from sheetgen.cli import cli
from sheetgen.errors import RecordError
from sheetgen.forms.fields import SHEET_KEY, SheetInfo
from sheetgen.forms.reader import FLATTENED, load_any_record


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def worked(prefix: str, name_field: str | None, name: str = "Ann") -> dict[str, str]:
    values = column_values(prefix, WORKED_CARD, 1)
    return values | ({name_field: name} if name_field else {})


def printed(prefix: str) -> dict[str, str]:
    return {prefix + key: value for key, value in WORKED_TOTALS.items()}


def one_error(result, *words: str) -> str:
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith("Error: ") and all(w in lines[0] for w in words), lines[0]
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return lines[0]


# What the sheet prints


@pytest.mark.parametrize("command", ["score", "record", "fill"])
def test_a_stale_total_is_named_and_the_boxes_win(command, tmp_path):
    """Aces 2 -> 5 after the viewer added up: one warning naming the grand total, the record says 398."""
    values = worked("p1.", "p1.name") | printed("p1.") | {"p1.aces": "5"}
    path = tmp_path / "stale.pdf"
    path.write_bytes(fill(blank_sheet("players", "letter", fillable=True), values))
    printed_record = tmp_path / "printed.pdf"
    args = {
        "score": ["score", str(path), "--json"],
        "record": ["record", str(path)],
        "fill": ["fill", str(path), "-o", str(printed_record), "--no-cache"],
    }[command]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stderr == "Warning: p1 (Ann): the sheet's grand total says 395, its boxes add up to 398\n"
    if command == "fill":
        assert "398" in pypdf.PdfReader(printed_record).pages[0].extract_text()
        return
    data = json.loads(result.stdout)
    if command == "score":
        assert data["games"][0]["players"][0]["grand_total"] == 398
    else:
        assert data["players"][0]["boxes"]["aces"] == 5


def test_a_typed_over_total_and_agreeing_ones(tmp_path):
    """999 typed into one column's grand total is named; a column whose totals agree says nothing."""
    values = worked("p1.", "p1.name") | {"p1.grand_total": "999"}
    values |= worked("p2.", "p2.name", "Bob") | printed("p2.")
    values |= worked("p3.", "p3.name", "Cy") | {"p3.upper_bonus": "0"}
    path = tmp_path / "typed.pdf"
    path.write_bytes(fill(blank_sheet("players", "letter", fillable=True), values))
    result = run("score", str(path))
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "Warning: p1 (Ann): the sheet's grand total says 999, its boxes add up to 395",
        "Warning: p3 (Cy): the sheet's upper bonus says 0, its boxes add up to 35",
    ]


def test_a_series_card_names_the_game_and_its_series_total(tmp_path):
    """On the six-game card a stale game is named by its column, a stale series total by its card."""
    values = worked("g1.", "player") | printed("g1.") | {"g1.chance": "21"} | {"series_total": "400"}
    path = tmp_path / "series.pdf"
    path.write_bytes(fill(blank_sheet("series", "letter", fillable=True), values))
    result = run("score", str(path))
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "Warning: g1 (Ann): the sheet's grand total says 395, its boxes add up to 394",
        "Warning: card1 (Ann): the sheet's series total says 400, its games add up to 394",
    ]


# Copies whose fields are gone


def test_a_printed_copy_is_refused_as_printed(tmp_path):
    """A copy printed to PDF (MuPDF's PDF output: the page drawn again, no fields, no info)."""
    mutool = shutil.which("mutool")
    if mutool is None:
        missing("mutool is not installed (apt-get install -y mupdf-tools)")
    filled = tmp_path / "filled.pdf"
    filled.write_bytes(fill(blank_sheet("players", "letter", fillable=True), worked("p1.", "p1.name")))
    printed_copy = tmp_path / "printed.pdf"
    subprocess.run([mutool, "draw", "-q", "-F", "pdf", "-o", str(printed_copy), str(filled)], check=True)
    assert SHEET_KEY not in (pypdf.PdfReader(printed_copy).metadata or {})
    one_error(run("score", str(printed_copy)), FLATTENED)
    one_error(run("record", str(printed_copy)), FLATTENED)


def test_a_copy_with_its_fields_removed_is_refused_as_flattened(tmp_path):
    """The sheet's info kept, its fields flattened away (as pypdf's flatten leaves it)."""
    writer = pypdf.PdfWriter(
        clone_from=pypdf.PdfReader(io.BytesIO(blank_sheet("players", "letter", fillable=True)))
    )
    for page in writer.pages:
        del page[NameObject("/Annots")]
    writer._root_object[NameObject("/AcroForm")][NameObject("/Fields")] = ArrayObject()
    path = tmp_path / "flat.pdf"
    writer.write(path)
    one_error(run("score", str(path)), FLATTENED)


def test_a_plain_blank_sheet_is_still_not_a_fillable_one(tmp_path):
    from sheetgen.files.variants import load_rules
    from sheetgen.pdf.scoresheet import render_scoresheet

    path = tmp_path / "plain.pdf"
    path.write_bytes(render_scoresheet(load_rules(), "players", "letter"))
    one_error(run("score", str(path)), "not a sheetgen score sheet")


# Fields that are not what they seem


def _with_hidden_copy(pdf: bytes, keep_visible: bool) -> bytes:
    """A second `p1.aces` saying 5 under `p1`, on no page; or the visible one taken off its page."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    page = writer.pages[0]
    annots = page["/Annots"]
    visible = next(a for a in annots if full_name(a.get_object()) == "p1.aces")
    parent = visible.get_object()["/Parent"]
    if keep_visible:
        hidden = DictionaryObject(
            {
                NameObject("/T"): TextStringObject("aces"),
                NameObject("/FT"): NameObject("/Tx"),
                NameObject("/V"): TextStringObject("5"),
                NameObject("/Parent"): parent,
            }
        )
        parent.get_object()["/Kids"].append(writer._add_object(hidden))
    else:
        annots.remove(visible)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(("keep_visible", "why"), [(True, "twice"), (False, "on no page")])
def test_a_field_twice_or_on_no_page_is_an_error_naming_it(keep_visible, why, tmp_path):
    filled = fill(blank_sheet("players", "letter", fillable=True), worked("p1.", "p1.name"))
    path = tmp_path / "odd.pdf"
    path.write_bytes(_with_hidden_copy(filled, keep_visible))
    one_error(run("score", str(path)), '"p1.aces"', why)


# The embedded sheet info


@cache
def _filled_sheet() -> bytes:
    return fill(blank_sheet("players", "letter", fillable=True), worked("p1.", "p1.name"))


def _with_info(text: str, tmp_path) -> str:
    """The filled players sheet with `text` as its sheetgen information."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(_filled_sheet())))
    writer.add_metadata({SHEET_KEY: TextStringObject(text)})
    path = tmp_path / "info.pdf"
    writer.write(path)
    return str(path)


def _info(**changes) -> str:
    info = json.loads(SheetInfo("players", "letter", "official", "official", (), None, ()).to_json())
    return json.dumps(info | changes)  # ASCII: a lone surrogate travels as its escape


HOSTILE_INFO = {
    "escape-title": (_info(title="\x1b]0;owned\x07\x1b[2J"), "control character"),
    "bidi-name": (_info(names=["\u202eAnn"]), "bidi control"),
    "surrogate-name": (_info(names=["Ann\ud800"]), "control character U+D800"),
    "path-base": (_info(base="/etc/passwd"), "variant or house rule sheetgen does not have"),
    "alias-base": (_info(base="classic"), "variant or house rule"),
    "odd-variant": (_info(variant="\x1b[31mred"), "variant name"),
    "unknown-key": (_info(extra=1), "unknown key"),
    "house-rule": (_info(house_rules=["../../x"]), "variant or house rule"),
    "long-title": (_info(title="T" * 500), "at most 200"),
    "many-names": (_info(names=["A"] * 61), "names"),
    "huge": (_info(title="T" * 20000), "longer than"),
}


@pytest.mark.parametrize("case", HOSTILE_INFO)
@pytest.mark.parametrize("command", ["score", "record", "fill"])
def test_hostile_sheet_info_is_one_line_exit_2(case, command, tmp_path, monkeypatch):
    """Known keys only, every text through the one text checker, the base from the registry: else one line."""
    monkeypatch.chdir(tmp_path)
    text, words = HOSTILE_INFO[case]
    path = _with_info(text, tmp_path)
    line = one_error(run(command, path), "sheetgen information", words)
    assert "\x1b" not in line and "\u202e" not in line


def test_reading_hushes_pypdf_only_while_it_reads(tmp_path):
    """pypdf's note on a cut-short sheet is not printed, yet its loggers are as they were, and speak after."""
    heard: list[str] = []

    class Ear(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            heard.append(record.getMessage())

    loggers = [logging.getLogger(name) for name in ("pypdf", "pypdf._reader")]

    def state() -> list[tuple]:
        return [(lg.level, list(lg.filters), list(lg.handlers), lg.propagate, lg.disabled) for lg in loggers]

    ear = Ear()
    loggers[0].addHandler(ear)
    try:
        before = state()
        path = tmp_path / "cut.pdf"
        path.write_bytes(blank_sheet("players", "letter", fillable=True)[:20000])
        with pytest.raises(RecordError, match="cannot read the PDF"):
            load_any_record(path)
        assert heard == [] and state() == before
        assert loggers[0].level == logging.NOTSET  # sheetgen sets no level of pypdf's
        loggers[1].warning("the host's own pypdf warning")
        assert heard == ["the host's own pypdf warning"]
    finally:
        loggers[0].removeHandler(ear)
