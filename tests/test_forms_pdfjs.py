"""The half card in pdf.js with its scripting sandbox (issue 20); the players sheet and the
six-game card are typed into in tests/test_fillable_browser.py.

Card 2's fields hang under the `card2` parent field: pdf.js finds them by their
full names, refuses what cannot make a score as it is typed, and adds up.
"""

from __future__ import annotations

from conftest import WORKED_CARD
from test_fillable_browser import box_key, open_sheet, type_into, value

from sheetgen.files.variants import load_rules
from sheetgen.pdf.scoresheet import render_scoresheet


def tick_key(shown: str, key: str) -> bool:
    """What the tick field takes: a count or tick marks, never both."""
    marks = "xX/\u2713\u2714"
    if key.isdigit():
        return shown == "" or (shown.isdigit() and len(shown) < 2)
    return key in marks and not any(c.isdigit() for c in shown)


def test_pdfjs_adds_up_the_second_half_card(browser_page):
    """The worked card on card 2 with "x1" typed as ticks (the 1 refused): 395, and its series total."""
    pdf = render_scoresheet(load_rules("official"), "series", "letter", card="half", fillable=True)
    browsing, errors = open_sheet(browser_page, pdf)
    page = browsing.page
    for box, score in WORKED_CARD.items():
        type_into(page, f"card2.g1.{box}", str(score), box_key)
    type_into(page, "card2.g1.yahtzee_bonus_ticks", "x1", tick_key)
    type_into(page, "g2.aces", "4x", box_key)
    page.wait_for_function("document.querySelector('input[name=\"card2.series_total\"]').value === '395'")
    assert value(page, "card2.g1.yahtzee_bonus_ticks") == "x" and value(page, "card2.g1.grand_total") == "395"
    assert value(page, "g1.grand_total") == "" and value(page, "series_total") == "4"
    assert errors == [] and browsing.outside_requests == []
