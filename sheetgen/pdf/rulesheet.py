"""The one-page rule sheet as PDF: the rulebook's prose laid out by templates/rules/.

The body text grows (up to 10.5 pt) when the variant's prose leaves room, so
no page ends with an empty inch, and still fits one page: laid out at 9 pt
first, the room left at the foot predicts the size to try, and a size that
overflows steps back down until the sheet is one page again.
"""

from __future__ import annotations

import dataclasses

from weasyprint.document import Document

from sheetgen.errors import TitleFitError
from sheetgen.layout.fitting import text_width
from sheetgen.layout.geometry import PAPER_SIZES_PT, Paper
from sheetgen.pdf.render import render_document, write_document
from sheetgen.rules.rulebook import rule_sheet
from sheetgen.rules.text import NAME_EXCERPT, REPR, quote
from sheetgen.rules.variants import Rules

TEMPLATE = "rules/rules.html"
STYLESHEETS = ["rules/rules.css"]
BODY_SIZE = 9.0  # points; every variant's prose fits one page at this size
MAX_BODY_SIZE = 10.5
BODY_STEP = 0.25
EMPTY_FOOT = 72.0  # points: the room at the page's foot worth growing into
GROWTH = 1.15  # the text's height grows about as the size to this power (lines also rewrap)
PX = 0.75  # points per CSS pixel, WeasyPrint's layout unit
TITLE_SIZE = 21.0  # as rules.css sets h1
MIN_TITLE_SIZE = 12.0
TITLE_SHARE = 0.6  # of the text width; the tagline takes the rest of the masthead
SHARED_MIN_SIZE = 16.0  # below this, a long title takes the whole line and the tagline goes under it
PAGE_MARGIN = 36.0  # rules.css: @page margin 0.5in


def title_size(title: str, paper: str) -> float:
    """The masthead title's size: 21 pt, or smaller so it fits beside the tagline, or alone on its line."""
    line = PAPER_SIZES_PT[paper][0] - 2 * PAGE_MARGIN
    for room, smallest in ((line * TITLE_SHARE, SHARED_MIN_SIZE), (line, MIN_TITLE_SIZE)):
        size = TITLE_SIZE
        while text_width(title, size) > room and size >= smallest:
            size -= 0.5
        if size >= smallest:
            return size
    raise TitleFitError(
        f"the title {quote(title, NAME_EXCERPT, REPR)} does not fit the rule sheet's masthead; shorten it"
    )


def _room(document: Document) -> float:
    """Points left empty between the end of the rules and the foot of the first page."""
    page = document.pages[0]._page_box
    main = next(box for box in page.descendants() if getattr(box, "element_tag", None) == "main")
    bottom = page.height + page.margin_top  # the page area's foot, in pixels from the top
    return (bottom - main.position_y - main.margin_height()) * PX


def render_rulesheet(rules: Rules, paper: Paper | str = Paper.LETTER, *, title: str | None = None) -> bytes:
    """The rule sheet for `rules` on `paper` ("letter" or "a4"), as PDF bytes.

    `title` replaces the variant's title. One layout when 9 pt leaves less
    than an inch empty; otherwise usually two or three.
    """
    paper = Paper.of(paper)
    if title is not None:
        rules = dataclasses.replace(rules, custom_title=title)
    sheet = rule_sheet(rules)
    heading = title_size(sheet.title, paper)

    def layout(body: float) -> Document:
        return render_document(TEMPLATE, STYLESHEETS, paper, sheet=sheet, body_size=body, title_size=heading)

    best = layout(BODY_SIZE)
    room = _room(best)
    if len(best.pages) > 1 or room < EMPTY_FOOT:
        return write_document(best)
    page = best.pages[0]._page_box
    used = page.height * PX - room
    predicted = BODY_SIZE * ((used + room) / used) ** (1 / GROWTH)
    size = min(MAX_BODY_SIZE, BODY_STEP * int(predicted / BODY_STEP))
    while size > BODY_SIZE:
        document = layout(size)
        if len(document.pages) == 1:
            return write_document(document)
        size -= BODY_STEP
    return write_document(best)
