"""The one-page rule sheet as PDF: the rulebook's prose laid out by templates/rules/.

The body text is as large as the variant's prose allows (up to 10.5 pt), so a
short rule set does not leave the page's foot empty, and still fits one page:
the largest size whose layout is one page is the one written.
"""

from __future__ import annotations

import dataclasses

from sheetgen.errors import SheetgenError
from sheetgen.geometry import PAPER_SIZES_PT
from sheetgen.html import render_document, write_document
from sheetgen.namefit import text_width
from sheetgen.rulebook import rule_sheet
from sheetgen.variants import Rules

TEMPLATE = "rules/rules.html"
STYLESHEETS = ["rules/rules.css"]
BODY_SIZES = (9.0, 9.25, 9.5, 9.75, 10.0, 10.25, 10.5)  # points, smallest first; 9 pt always fits
TITLE_SIZE = 21.0  # as rules.css sets h1
MIN_TITLE_SIZE = 12.0
TITLE_SHARE = 0.6  # of the text width; the tagline takes the rest of the masthead
SHARED_MIN_SIZE = 16.0  # below this, a long title takes the whole line and the tagline goes under it
PAGE_MARGIN = 36.0  # rules.css: @page margin 0.5in


class TitleFitError(SheetgenError):
    """A title too long for the rule sheet's masthead even at its smallest size."""


def title_size(title: str, paper: str) -> float:
    """The masthead title's size: 21 pt, or smaller so it fits beside the tagline, or alone on its line."""
    line = PAPER_SIZES_PT[paper][0] - 2 * PAGE_MARGIN
    for room, smallest in ((line * TITLE_SHARE, SHARED_MIN_SIZE), (line, MIN_TITLE_SIZE)):
        size = TITLE_SIZE
        while text_width(title, size) > room and size >= smallest:
            size -= 0.5
        if size >= smallest:
            return size
    raise TitleFitError(f"the title {title!r} does not fit the rule sheet's masthead; shorten it")


def render_rulesheet(rules: Rules, paper: str = "letter", *, title: str | None = None) -> bytes:
    """The rule sheet for `rules` on `paper` ("letter" or "a4"), as PDF bytes.

    `title` replaces the variant's title. The body size is found by bisection
    over BODY_SIZES: three layouts (four if only 9 pt fits), the largest that
    fits one page.
    """
    if title is not None:
        rules = dataclasses.replace(rules, custom_title=title)
    sheet = rule_sheet(rules)
    heading = title_size(sheet.title, paper)

    def layout(body: float):
        return render_document(TEMPLATE, STYLESHEETS, paper, sheet=sheet, body_size=body, title_size=heading)

    fitting = {}  # index in BODY_SIZES -> its one-page layout
    low, high = 0, len(BODY_SIZES)  # BODY_SIZES[low] fits (9 pt always does); [high:] do not
    while high - low > 1:
        middle = (low + high) // 2
        document = layout(BODY_SIZES[middle])
        if len(document.pages) == 1:
            low, fitting[middle] = middle, document
        else:
            high = middle
    return write_document(fitting[low] if low in fitting else layout(BODY_SIZES[low]))
