"""sheetgen as a library: the README's example runs as written; every bad argument is one SheetgenError
line; nothing is kept between calls; no private name of a dependency is relied on untested (issue 31)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zlib
from io import BytesIO
from pathlib import Path

import pytest
from helpers import EXAMPLES, OUR_HOUSE, ROOT, blank_sheet, run_cli
from pypdf import PdfReader

import sheetgen
from sheetgen.files.output import write_output
from sheetgen.layout.geometry import GeometryError
from sheetgen.rules.arguments import check_names
from sheetgen.rules.records import MAX_PLAYERS


def test_the_readme_library_example_runs(tmp_path: Path) -> None:
    """Load rules, check a record, total it, render three sheets to bytes: the README's words, run."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Library") : readme.index("## Layout")]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    code = code.replace('"examples/', f'"{ROOT / "examples"}/')
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith('record: player 1 ("Ann"), boxes: missing twos, threes')
    assert lines[-2].startswith("series: {")
    players = len(json.loads((ROOT / "examples" / "series.json").read_text())["games"][0]["players"])
    for name, pages in (("rules.pdf", 1), ("blank.pdf", 1), ("filled.pdf", players)):  # a card per player
        assert len(PdfReader(tmp_path / name).pages) == pages, name


RULES = sheetgen.load_rules()
RECORD = sheetgen.load_record(EXAMPLES / "turns.json")
RECORD_SERIES = sheetgen.load_record(EXAMPLES / "series.json")
BAD = {  # each call, and a phrase its one-line error must hold
    "load_record None": (lambda: sheetgen.load_record(None), "expected a file path"),
    "load_any_record int": (lambda: sheetgen.load_any_record(3), "expected a file path"),
    "load_any_record empty": (lambda: sheetgen.load_any_record(""), "an empty path"),
    "load_any_record warn": (lambda: sheetgen.load_any_record(EXAMPLES / "turns.json", warn=3), "warn"),
    "load_rules None": (lambda: sheetgen.load_rules(None), "expected a variant name"),
    "load_rules house rules int": (lambda: sheetgen.load_rules("official", 5), "expected a list"),
    "load_rules a letter": (lambda: sheetgen.load_rules("official", ["s"]), "unknown house rule 's'"),
    "parse_record None": (lambda: sheetgen.parse_record(None), "expected an object"),
    "Rules None": (lambda: sheetgen.Rules(None), "unknown variant"),
    "Rules house rule": (lambda: sheetgen.Rules(house_rules=["nope"]), "unknown house rule"),
    "HouseRule": (lambda: sheetgen.HouseRule("nope"), "unknown house rule"),
    "find_variant None": (lambda: sheetgen.find_variant(None), "unknown variant"),
    "Paper None": (lambda: sheetgen.Paper.of(None), "paper: expected one of letter, a4"),
    "Layout": (lambda: sheetgen.Layout("grid"), "unknown layout"),
    "scoresheet rules None": (lambda: sheetgen.render_scoresheet(None), "rules: expected Rules"),
    "scoresheet columns -1": (lambda: sheetgen.render_scoresheet(RULES, columns=-1), "from 1 to 6, found -1"),
    "scoresheet columns 7": (lambda: sheetgen.render_scoresheet(RULES, columns=7), "from 1 to 6, found 7"),
    "scoresheet columns text": (lambda: sheetgen.render_scoresheet(RULES, columns="2"), "found text"),
    "scoresheet paper": (lambda: sheetgen.render_scoresheet(RULES, paper="b5"), "unknown paper 'b5'"),
    "scoresheet half players": (lambda: sheetgen.render_scoresheet(RULES, card="half"), "half cards"),
    "scoresheet names None": (lambda: sheetgen.render_scoresheet(RULES, names=None), "expected a list"),
    "scoresheet name None": (lambda: sheetgen.render_scoresheet(RULES, names=[None]), "found null"),
    "scoresheet BEL name": (lambda: sheetgen.render_scoresheet(RULES, names=["A\a"]), "control character"),
    "scoresheet RLO name": (lambda: sheetgen.render_scoresheet(RULES, names=["\u202eA"]), "bidi control"),
    "scoresheet isolate": (lambda: sheetgen.render_scoresheet(RULES, names=["\u2066A"]), "bidi control"),
    "scoresheet invisible": (lambda: sheetgen.render_scoresheet(RULES, names=["\u200b"]), "invisible"),
    "scoresheet long name": (lambda: sheetgen.render_scoresheet(RULES, names=["n" * 201]), "at most 200"),
    "scoresheet 61 names": (
        lambda: sheetgen.render_scoresheet(RULES, names=[f"P{n}" for n in range(MAX_PLAYERS + 1)]),
        f"61 names; a sheet takes at most {MAX_PLAYERS}",
    ),
    "scoresheet RLO title": (lambda: sheetgen.render_scoresheet(RULES, title="\u202eX"), "bidi control"),
    "scoresheet ESC title": (lambda: sheetgen.render_scoresheet(RULES, title="\x1b[2J"), "control"),
    "scoresheet long title": (lambda: sheetgen.render_scoresheet(RULES, title="t" * 81), "at most 80"),
    "rulesheet rules None": (lambda: sheetgen.render_rulesheet(None), "rules: expected Rules"),
    "rulesheet RLO title": (lambda: sheetgen.render_rulesheet(RULES, title="\u202eX"), "bidi control"),
    "rulesheet title int": (lambda: sheetgen.render_rulesheet(RULES, title=3), "must be text"),
    "fill_pdf empty": (lambda: sheetgen.fill_pdf([]), "at least one record"),
    "fill_pdf None": (lambda: sheetgen.fill_pdf(None), "expected a list"),
    "fill_pdf a path": (lambda: sheetgen.fill_pdf(["turns.json"]), "expected a list of Record"),
    "fill_pdf paper": (lambda: sheetgen.fill_pdf([RECORD], paper=4), "paper: expected one of"),
    "fill_pdf card": (lambda: sheetgen.fill_pdf([RECORD], card="quarter"), "unknown card 'quarter'"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_bad_argument_is_one_sheetgen_error_line(case):
    """No AttributeError, IndexError or TypeError from inside: one line saying which argument and why."""
    call, phrase = BAD[case]
    with pytest.raises(sheetgen.SheetgenError) as caught:
        call()
    message = str(caught.value)
    assert phrase in message and "\n" not in message and len(message) <= 300, message


def test_geometry_errors_are_sheetgen_errors():
    assert issubclass(GeometryError, sheetgen.SheetgenError)


@pytest.mark.parametrize("kind", [str, Path])
def test_a_path_may_be_a_str_or_a_path(kind):
    """load_record took a str and load_any_record did not: now every path argument takes both."""
    for load in (sheetgen.load_record, sheetgen.load_any_record):
        assert load(kind(EXAMPLES / "series.json")).to_json() == RECORD_SERIES.to_json()
    assert sheetgen.load_rules(kind(OUR_HOUSE)).name == "our-house"


def test_one_text_where_a_list_is_expected_is_one_item():
    """ "series" is the house rule series, never the letters s, e, r, i, e, s; one name is one name."""
    assert sheetgen.load_rules("official", "series").house_rule_names == ["series"]
    assert sheetgen.Rules(house_rules="SERIES").house_rule_names == ["series"]
    assert check_names("Ann, Bob") == ["Ann, Bob"]
    assert sheetgen.fill_pdf(RECORD) == sheetgen.fill_pdf([RECORD])


def test_a_program_may_write_a_file_it_read_and_a_run_may_not(tmp_path):
    """The inputs a command reads belong to that run: the library remembers none of them."""
    record = tmp_path / "r.json"
    shutil.copy(EXAMPLES / "turns.json", record)
    sheetgen.load_any_record(record)
    write_output(record, b"%PDF-1.7\n")  # refused, as an input of the process's one run, before
    assert record.read_bytes() == b"%PDF-1.7\n"
    variant = tmp_path / "v.toml"
    shutil.copy(OUR_HOUSE, variant)
    result = run_cli(["rules", "--variant", variant, "-o", variant])
    assert result.exit_code == 2 and "is an input of this run" in result.output, result.output
    sheetgen.load_rules(variant)
    write_output(variant, b"after the run\n")
    assert variant.read_bytes() == b"after the run\n"


def test_fill_works_in_a_deleted_working_folder(tmp_path):
    """ReportLab asks for the working folder as it is imported; fill with absolute paths still works."""
    gone, out = tmp_path / "gone", tmp_path / "out.pdf"
    gone.mkdir()
    fill = ["sheetgen", "fill", str(EXAMPLES / "turns.json"), "-o", str(out)]
    script = (
        f"import os, sys; os.rmdir(os.getcwd()); sys.argv = {fill!r}; from sheetgen.cli import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=gone, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert not gone.exists() and out.read_bytes().startswith(b"%PDF-")


def test_reportlab_still_keeps_the_document_where_the_adapter_reads_it():
    """The one private name sheetgen reads (Canvas._doc, for page import): fails when ReportLab moves it."""
    from reportlab.pdfbase.pdfdoc import PDFDocument

    from sheetgen.pdf.pageimport import Canvas, canvas_document

    assert isinstance(canvas_document(Canvas(BytesIO())), PDFDocument)


def test_streams_are_copied_as_stored_through_public_pypdf_calls():
    """Each stream's stored bytes, taken from what write_to_stream writes, inflate to what pypdf decodes."""
    from pypdf.generic import StreamObject

    from sheetgen.pdf.pageread import stored_data

    reader = PdfReader(BytesIO(blank_sheet("players", "letter")))
    streams = [
        obj
        for number in range(1, int(reader.trailer["/Size"]))
        if isinstance(obj := reader.get_object(number), StreamObject) and obj.get("/Filter") == "/FlateDecode"
    ]
    assert len(streams) >= 3  # the page's content and the fonts
    for stream in streams:
        assert zlib.decompress(stored_data(stream)) == stream.get_data()
