"""A fillable sheet in Okular (KDE's viewer: poppler, and KJS for the form scripts), typed into as a
person would (issue 20).

Okular runs in a virtual X display (Xvfb) with a home of its own; xdotool
clicks the name field and types the worked card down the column, some boxes
with keys a score cannot hold, leaving every field with Tab and never
clicking again: each value lands in its box only if Tab goes down the
column. Okular saves the sheet (Ctrl+S); the totals it computed and wrote
must be the worked card's, `sheetgen score` must read 395 from it without a
warning, and Okular's log must hold no script error.
"""

from __future__ import annotations

import io
import json

import pypdf
import pytest
from browsing import SCRIPT_ERROR
from click.testing import CliRunner
from helpers import WORKED_CARD, WORKED_TOTALS, blank_sheet, full_name

from sheetgen.cli import cli
from sheetgen.files.variants import load_rules
from sheetgen.pdf.cached import scoresheet_pdf
from sheetgen.rules.game import TRIPLE_YAHTZEE

SHEETS = {  # (layout, paper, card); the field clicked, the fields Tab passes before the first box
    "players": (("players", "letter", "full"), "p1.name", []),
    "series": (("series", "a4", "full"), "player", ["title", "date"]),
    "half": (("series", "letter", "half"), "player", ["title", "date"]),
}
# What is typed into each box, and what it holds once left: keys no score holds are refused as typed.
TYPED = {"aces": "2a", "fours": "12abc", "fives": "-20", "sixes": "1.8"}
TICKS = ("x1", "x")  # a tick, then a digit that would make a mix


def saved_values(pdf: bytes) -> dict[str, str]:
    """Each field's value; a field with a widget on each page of a large-print card: the value
    Okular saved, which it keeps on the widget typed into (`sheetgen score` reads it there too)."""
    values: dict[str, str] = {}
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    for widget in (a.get_object() for page in reader.pages for a in page.get("/Annots", [])):
        name = full_name(widget)
        field = widget if "/T" in widget else widget["/Parent"].get_object()
        values[name] = str(field.get("/V", "")) or str(widget.get("/V", "")) or values.get(name, "")
    return values


@pytest.mark.parametrize("kind", SHEETS)
def test_okular_adds_up_the_worked_card_typed_down_the_column(kind, okular, tmp_path):
    """The worked card and a name, typed with Tab only: Okular computes and saves 395, refusing stray keys."""
    (layout, paper, card), name_field, passed = SHEETS[kind]
    first = "p1." if kind == "players" else "g1."
    path = tmp_path / "sheet.pdf"
    path.write_bytes(blank_sheet(layout, paper, fillable=True, card=card))
    viewer = okular(path)
    viewer.click(name_field)
    boxes = [TYPED.get(box, str(score)) for box, score in WORKED_CARD.items()]
    viewer.type("Ann", *("" for _ in passed), *boxes, TICKS[0])
    viewer.wait_for_focus("p2.name" if kind == "players" else "g2.aces")  # down the column, then the next
    if kind == "half":
        viewer.click("g6.yahtzee_bonus_ticks")
        viewer.type("")
        viewer.wait_for_focus("card2.player")  # card 1 before card 2
    values = saved_values(viewer.save())
    expected = {first + box: str(score) for box, score in WORKED_CARD.items()}
    expected |= {first + key: shown for key, shown in WORKED_TOTALS.items()}
    expected |= {first + "yahtzee_bonus_ticks": TICKS[1], name_field: "Ann"}
    if kind != "players":
        expected["series_total"] = WORKED_TOTALS["grand_total"]
    assert {key: values[key] for key in expected} == expected
    result = CliRunner().invoke(cli, ["score", str(path), "--json"])
    assert result.exit_code == 0 and result.stderr == "", result.output
    (player,) = json.loads(result.stdout)["games"][0]["players"]
    assert (player["name"], player["grand_total"]) == ("Ann", 395)
    log = viewer.log
    assert SCRIPT_ERROR not in log and '"Keystroke"' in log and '"Calculate"' in log


def test_okular_adds_up_a_large_print_triple_yahtzee_card_s_first_page(okular, tmp_path):
    """A large-print Triple Yahtzee card's first page, typed with Tab only (the name, then the upper boxes
    of its three columns): Okular computes the upper rows there, and on the second page each column's
    total, that total times 1, 2 and 3, and the card's grand total; the name is kept in the field both
    pages show."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(
        scoresheet_pdf(load_rules(game=TRIPLE_YAHTZEE), "players", "a4", fillable=True, print_size="large")
    )
    upper = ["aces", "twos", "threes", "fours", "fives", "sixes"]
    viewer = okular(path)
    viewer.click("p1.name")
    first = [TYPED.get(box, str(WORKED_CARD[box])) for box in upper]
    viewer.type("Ann", *first, "3", "", "", "", "", "", "", "", "", "", "5")  # c2's aces, c3's fives
    viewer.wait_for_focus("p1.c3.sixes")  # down each column, past its computed rows, to the next
    values = saved_values(viewer.save())
    expected = {f"p1.c1.{box}": str(WORKED_CARD[box]) for box in upper} | {"p1.name": "Ann"}
    totals = ("upper_subtotal", "upper_bonus", "upper_total")
    expected |= {f"p1.c1.{key}": WORKED_TOTALS[key] for key in totals}
    expected |= {"p1.c1.total": "104", "p1.c1.scored": "104"}
    expected |= {"p1.c2.aces": "3", "p1.c2.upper_subtotal": "3", "p1.c2.upper_bonus": "", "p1.c2.total": "3"}
    expected |= {"p1.c2.scored": "6", "p1.c3.fives": "5", "p1.c3.total": "5", "p1.c3.scored": "15"}
    expected["p1.grand_total"] = "125"
    assert {key: values[key] for key in expected} == expected
    log = viewer.log
    assert SCRIPT_ERROR not in log and '"Keystroke"' in log and '"Calculate"' in log
