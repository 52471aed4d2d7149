"""Fillable sheets in the engines people fill forms with (issue 20), each a real program.

MuPDF with JavaScript on (`mutool run`, Debian's mupdf-tools) types the worked
card key by key and reads the totals its own run of the sheet's scripts gives;
pdftk-java `fill_form` and `qpdf --generate-appearances` fill names and
scores as other programs do, flatten, and the text they drew is read back
with poppler's pdftotext. pdf.js (all three sheets) is in tests/test_fillable_browser.py,
Chromium's own viewer in tests/test_forms_chromium.py, Okular in tests/test_forms_okular.py.
Each runs on the players sheet, the six-game card and the half card, and here on the large-print
players sheet and six-game card too (each card over two pages, its lines and name heads on both).
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pypdf
import pytest
from browsing import missing
from click.testing import CliRunner
from helpers import WORKED_CARD, WORKED_TOTALS, full_name, values_only, xfdf

from sheetgen.cli import cli
from sheetgen.files.variants import load_rules
from sheetgen.pdf.scoresheet import render_scoresheet
from sheetgen.rules.boxes import SHEET_ROWS

MUPDF_SCRIPT = Path(__file__).parent / "data" / "mupdf_form.js"
LATIN_NAME, OTHER_NAME, TITLE = "Zoë Müller", "Łukasz Ψ", "Friday night"
SHEETS = {  # (layout, paper, card, print size), and the column prefixes of the columns typed into
    "players": (("players", "letter", "full", "standard"), ["p1.", "p2."]),
    "series": (("series", "a4", "full", "standard"), ["g1.", "g2."]),
    "half": (("series", "letter", "half", "standard"), ["g1.", "card2.g1."]),
    # Large print: each card over two pages, its lines and name heads on both.
    "players, large": (("players", "a4", "full", "large"), ["p1.", "p2."]),
    "series, large": (("series", "letter", "full", "large"), ["g1.", "g2."]),
}


def tool(name: str) -> str:
    """The program's path; where it is missing the test skips, and fails in CI (.ci/run)."""
    found = shutil.which(name)
    if found is None:
        missing(f"{name} is not installed (apt-get install -y mupdf-tools pdftk-java qpdf poppler-utils)")
    return found


@cache
def sheet(kind: str) -> bytes:
    layout, paper, card, print_size = SHEETS[kind][0]
    return render_scoresheet(
        load_rules("official"), layout, paper, card=card, fillable=True, print_size=print_size
    )


def layout_of(kind: str) -> str:
    return SHEETS[kind][0][0]


def widget_names(pdf: bytes) -> list[list[str]]:
    """Each page's widgets' full field names, in /Annots order."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [[full_name(a.get_object()) for a in page.get("/Annots", [])] for page in reader.pages]


def name_lines(kind: str) -> dict[str, str]:
    """Where a filler writes the names and title on this sheet."""
    if layout_of(kind) == "players":
        return {"title": TITLE, "p1.name": LATIN_NAME, "date": "2026-12-01"}
    if kind != "half":
        return {"title": TITLE, "player": LATIN_NAME, "date": "2026-12-01"}
    return {"title": TITLE, "player": LATIN_NAME, "card2.player": "Renée", "card2.title": TITLE}


def worked_card(prefix: str, ticks: str = "x") -> dict[str, str]:
    return {prefix + box: str(score) for box, score in WORKED_CARD.items()} | {
        prefix + "yahtzee_bonus_ticks": ticks
    }


def mupdf(pdf: bytes, typed: list[tuple[str, str]], read: list[str], tmp_path: Path, save: bool = False):
    """The sheet typed into in MuPDF with JavaScript on: the values read, the alerts, the saved copy."""
    mutool = tool("mutool")
    (tmp_path / "sheet.pdf").write_bytes(pdf)
    spec = {"names": widget_names(pdf), "type": typed, "read": read}
    if save:
        spec["save"] = str(tmp_path / "saved.pdf")
    (tmp_path / "spec.json").write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    result = subprocess.run(
        [mutool, "run", str(MUPDF_SCRIPT), str(tmp_path / "sheet.pdf"), str(tmp_path / "spec.json")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    errors = [line for line in result.stderr.splitlines() if "ICC support" not in line]
    assert errors == [], errors  # a script that throws is reported here by MuPDF
    out = json.loads(result.stdout.strip().splitlines()[-1])
    return out["values"], out["alerts"]


def score(path: Path) -> tuple[dict, str]:
    result = CliRunner().invoke(cli, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), result.stderr


@pytest.mark.parametrize("kind", SHEETS)
def test_mupdf_adds_up_the_worked_card_as_it_is_typed(kind, tmp_path):
    """Typed key by key in MuPDF: 395 with one tick, letters and mixed ticks refused; saved, it scores."""
    first, second = SHEETS[kind][1]
    typed = [
        *worked_card(first).items(),
        (second + "aces", "12abc"),  # the letters are refused as they are typed
        (second + "twos", "1.5"),
        (second + "yahtzee_bonus_ticks", "x1"),  # a tick, then a digit that would make a mix
    ]
    read = [first + key for key in WORKED_TOTALS] + [
        second + k for k in ("aces", "twos", "yahtzee_bonus_ticks")
    ]
    read += [second + "upper_subtotal"] + (["series_total"] if layout_of(kind) == "series" else [])
    values, alerts = mupdf(sheet(kind), typed, read, tmp_path, save=True)
    assert {key: values[first + key] for key in WORKED_TOTALS} == WORKED_TOTALS
    assert (values[second + "aces"], values[second + "twos"], values[second + "upper_subtotal"]) == (
        "12",
        "15",
        "27",
    )
    assert values[second + "yahtzee_bonus_ticks"] == "x" and alerts == []
    if layout_of(kind) == "series":
        # the first card's: on the six-game card games 1 and 2 (27 and one tick), on the half card game 1
        assert values["series_total"] == ("395" if kind == "half" else "522")
    mupdf(sheet(kind), list(worked_card(first).items()), [first + "grand_total"], tmp_path, save=True)
    scored, warnings = score(tmp_path / "saved.pdf")
    assert scored["games"][0]["players"][0]["grand_total"] == 395 and warnings == ""


@pytest.mark.parametrize("kind", SHEETS)
def test_mupdf_keeps_names_outside_latin_1(kind, tmp_path):
    """A name MuPDF types (Łukasz Ψ) is kept as typed, and read back as the player's name."""
    field = "p1.name" if layout_of(kind) == "players" else "player"
    first = SHEETS[kind][1][0]
    values, _ = mupdf(
        sheet(kind), [(field, OTHER_NAME), *worked_card(first).items()], [field], tmp_path, save=True
    )
    assert values[field] == OTHER_NAME
    scored, _ = score(tmp_path / "saved.pdf")
    assert scored["games"][0]["players"][0]["name"] == OTHER_NAME


def pdftotext(path: Path) -> str:
    result = subprocess.run(
        [tool("pdftotext"), "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return result.stdout


def flattened_refused(path: Path) -> None:
    result = CliRunner().invoke(cli, ["score", str(path)])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "form fields are gone" in lines[0] and "flattened or printed" in lines[0]


@pytest.mark.parametrize("kind", SHEETS)
def test_pdftk_fills_names_that_print_and_scores_that_read_back(kind, tmp_path):
    """pdftk fill_form: Latin-1 names and the title show, also flattened; the filled form scores 395."""
    pdftk = tool("pdftk")
    first = SHEETS[kind][1][0]
    values = name_lines(kind) | worked_card(first, "1")
    (tmp_path / "sheet.pdf").write_bytes(sheet(kind))
    (tmp_path / "data.xfdf").write_text(xfdf(values), encoding="utf-8")
    for flatten in ([], ["flatten"]):
        out = tmp_path / f"filled{len(flatten)}.pdf"
        command = [
            pdftk,
            str(tmp_path / "sheet.pdf"),
            "fill_form",
            str(tmp_path / "data.xfdf"),
            "output",
            str(out),
        ]
        subprocess.run(command + flatten, capture_output=True, check=True, timeout=120)
        text = pdftotext(out)
        assert LATIN_NAME in text and TITLE in text, text[:600]
    scored, _ = score(tmp_path / "filled0.pdf")
    player = scored["games"][0]["players"][0]
    assert (player["name"], player["grand_total"]) == (LATIN_NAME, 395)
    flattened_refused(tmp_path / "filled1.pdf")


@pytest.mark.parametrize("kind", SHEETS)
def test_qpdf_generates_appearances_that_print_latin_1_names(kind, tmp_path):
    """Values set without appearances, then `qpdf --generate-appearances`, then flattened: the names show."""
    qpdf = tool("qpdf")
    first = SHEETS[kind][1][0]
    values = name_lines(kind) | worked_card(first, "1")
    (tmp_path / "values.pdf").write_bytes(values_only(sheet(kind), values))
    out = tmp_path / "flat.pdf"
    command = [
        qpdf,
        "--generate-appearances",
        "--flatten-annotations=all",
        str(tmp_path / "values.pdf"),
        str(out),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode in (0, 3), result.stderr  # 3: warnings only
    assert "not" not in result.stderr.lower() or result.stderr == "", result.stderr
    text = pdftotext(out)
    assert LATIN_NAME in text and TITLE in text and "50" in text, text[:600]
    flattened_refused(out)


# The field tree, the order of the fields, the sizes

ROWS = [row.slug for row in SHEET_ROWS]


def contract_names(kind: str) -> list[str]:
    """Every terminal field's full name, in the sheet's order: the names are the contract."""

    def column(prefix: str, head: bool) -> list[str]:
        rows = [prefix + slug for slug in ROWS]
        at = rows.index(prefix + "yahtzee_bonus")
        rows.insert(at, prefix + "yahtzee_bonus_ticks")
        return ([prefix + "name"] if head else []) + rows

    if kind == "players":
        return ["title", "date", "game", *(n for p in range(1, 7) for n in column(f"p{p}.", True))]
    cards = [""] if kind == "series" else ["", "card2."]
    names = []
    for card in cards:
        names += [card + line for line in ("player", "title", "date")]
        names += [n for g in range(1, 7) for n in column(f"{card}g{g}.", False)] + [card + "series_total"]
    return names


@pytest.mark.parametrize("kind", SHEETS)
def test_the_fields_are_a_tree_with_every_full_name_as_before(kind):
    """Parents per column and game (and card2); no partial name holds a period; full names unchanged
    (a large-print card's: tests/test_large_print.py)."""
    reader = pypdf.PdfReader(io.BytesIO(sheet(kind)))
    pages = widget_names(sheet(kind))
    if "large" not in kind:
        assert pages == [contract_names(kind)]  # also the tab order: down each column, card 1 before 2
    for annotation in (a for page in reader.pages for a in page["/Annots"]):
        field = annotation.get_object()
        while field is not None:
            assert "." not in str(field.get("/T", "")), full_name(annotation.get_object())
            field = field["/Parent"].get_object() if "/Parent" in field else None
    roots = {str(ref.get_object()["/T"]) for ref in reader.trailer["/Root"]["/AcroForm"]["/Fields"]}
    expected = {"players": {"p1", "p6", "title"}, "series": {"g1", "g6", "series_total"}}
    assert expected.get(kind.removesuffix(", large"), {"g1", "card2", "player"}) <= roots
    assert not any("." in root for root in roots)


@pytest.mark.parametrize(
    ("kind", "limit"), [("players", 80), ("series", 80), ("half", 100), ("players, large", 100)]
)
def test_fillable_sheets_stay_small(kind, limit):
    assert len(sheet(kind)) <= limit * 1024, len(sheet(kind))
