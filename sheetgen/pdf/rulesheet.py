"""The one-page rule sheet as PDF: the rulebook's prose laid out by templates/rules/.

The body text grows (up to 10.5 pt) when the variant's prose leaves room, so
no page ends with an empty inch, and shrinks (down to 6.5 pt) when a longer
language overflows it, so the sheet is always one page: laid out at 9 pt
first, the room left at the foot (or the text run onto a second page)
predicts the size to try, and a size that overflows steps down until the
sheet is one page again.

In large print the text is 16 pt and runs onto as many pages as it needs,
the page's foot raised until every page holds about the same amount.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from sheetgen.errors import RuleSheetFitError, TitleFitError
from sheetgen.layout.fitting import text_width
from sheetgen.layout.geometry import PAPER_SIZES_PT, Paper, Print
from sheetgen.pdf.render import render_document, rendering, write_document
from sheetgen.pdf.weasy import Document, placed
from sheetgen.rules.rulebook import rule_sheet
from sheetgen.rules.text import NAME_EXCERPT, REPR, quote
from sheetgen.rules.variants import Rules

TEMPLATE = "rules/rules.html"
STYLESHEETS = ["rules/rules.css"]
BODY_SIZE = 9.0  # points; every variant's English prose fits one page at this size
MAX_BODY_SIZE = 10.5
MIN_BODY_SIZE = 6.5  # the smallest a longer language may shrink to
BODY_STEP = 0.25
# Points of room at the page's foot worth growing into. A4 is 50 pt taller than Letter, so the
# same prose leaves it that much more: growing from 22 pt on A4 fills it as 72 pt does Letter.
EMPTY_FOOT = {"letter": 72.0, "a4": 22.0}
GROWTH = 1.15  # the text's height grows about as the size to this power (lines also rewrap)
PX = 0.75  # points per CSS pixel, WeasyPrint's layout unit
TITLE_SIZE = 21.0  # as rules.css sets h1
MIN_TITLE_SIZE = 12.0
TITLE_SHARE = 0.6  # of the text width; the tagline takes the rest of the masthead
SHARED_MIN_SIZE = 16.0  # below this, a long title takes the whole line and the tagline goes under it
PAGE_MARGIN = 36.0  # rules.css: @page margin 0.5in
LARGE_PRINT = "paper/large-print.css"
LARGE_BODY_SIZE = 16.0
LARGE_TITLE_SIZE = 28.0  # the title wraps rather than shrinks
LARGE_FOOT = 100.0  # points under the page area: the footer (three lines at 14 pt) stands in it


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
    main = placed(document.pages[0], "main")
    return (main.area_bottom - main.top - main.height) * PX


def _overflow(document: Document) -> float:
    """Points of the rules that ran past the first page (0 for a one-page sheet)."""
    return sum(placed(page, "main").height * PX for page in document.pages[1:])


def render_rulesheet(
    rules: Rules,
    paper: Paper | str = Paper.LETTER,
    *,
    title: str | None = None,
    print_size: Print | str = Print.STANDARD,
) -> bytes:
    """The rule sheet for `rules` on `paper` ("letter" or "a4"), as PDF bytes.

    `title` replaces the variant's title. One layout when 9 pt leaves less
    than an inch empty; otherwise usually two or three, also to shrink a
    language that runs onto a second page. `print_size="large"`: 16 pt text
    over as many pages as it takes, each about as full as the others.
    """
    paper = Paper.of(paper)
    if title is not None:
        rules = dataclasses.replace(rules, custom_title=title)
    sheet = rule_sheet(rules)
    heading = title_size(sheet.title, paper)
    if Print.of(print_size) == Print.LARGE:

        def large(foot: float) -> Document:
            return render_document(
                TEMPLATE,
                [*STYLESHEETS, LARGE_PRINT],
                paper,
                sheet=sheet,
                body_size=LARGE_BODY_SIZE,
                title_size=LARGE_TITLE_SIZE,
                large_print=True,
                foot=foot,
            )

        with rendering():
            return write_document(_balanced(large))

    def layout(body: float) -> Document:
        return render_document(
            TEMPLATE, STYLESHEETS, paper, sheet=sheet, body_size=body, title_size=heading, large_print=False
        )

    with rendering():  # the layouts and the write, with no other render between them
        return write_document(_fitted(layout, EMPTY_FOOT[paper]))


def _balanced(layout: Callable[[float], Document]) -> Document:
    """The large-print rules with each page's foot raised so the pages hold about as much as each other.

    Laid out first with the pages full; then the page area is cut to the
    share each page would hold evenly (a line's slack added), and raised
    less while that takes another page.
    """
    full = layout(LARGE_FOOT)
    pages = len(full.pages)
    if pages == 1:
        return full
    heights = [placed(page, "main").height * PX for page in full.pages]
    area = placed(full.pages[0], "main").area_height * PX
    line = LARGE_BODY_SIZE * 1.25
    raise_by = max(0.0, area - sum(heights) / pages - 2 * line)
    while raise_by >= line:
        document = layout(LARGE_FOOT + raise_by)
        if len(document.pages) == pages:
            return document
        raise_by -= line
    return full


def _fitted(layout: Callable[[float], Document], empty_foot: float) -> Document:
    """The rules laid out one page full: at 9 pt, larger if that leaves `empty_foot`, or smaller to fit."""
    best = layout(BODY_SIZE)
    if len(best.pages) > 1:
        return _shrunk(best, layout)
    room = _room(best)
    if room < empty_foot:
        return best
    used = placed(best.pages[0], "main").area_height * PX - room
    predicted = BODY_SIZE * ((used + room) / used) ** (1 / GROWTH)
    size = min(MAX_BODY_SIZE, BODY_STEP * int(predicted / BODY_STEP))
    while size > BODY_SIZE:
        document = layout(size)
        if len(document.pages) == 1:
            return document
        size -= BODY_STEP
    return best


def _shrunk(overflowing: Document, layout: Callable[[float], Document]) -> Document:
    """The largest size under 9 pt at which the rules fit one page: the overflow predicts it."""
    main = placed(overflowing.pages[0], "main")
    room = (main.area_bottom - main.top) * PX  # the first page's room for the rules
    needed = main.height * PX + _overflow(overflowing)
    predicted = BODY_SIZE * (room / needed) ** (1 / GROWTH)
    size = max(MIN_BODY_SIZE, min(BODY_SIZE - BODY_STEP, BODY_STEP * math.ceil(predicted / BODY_STEP)))
    document = layout(size)
    while len(document.pages) > 1:
        if size <= MIN_BODY_SIZE:
            raise RuleSheetFitError(f"the rules do not fit one page even at {MIN_BODY_SIZE:g} pt")
        size -= BODY_STEP
        document = layout(size)
    while size + BODY_STEP < BODY_SIZE:  # the prediction erred small: take the room it left
        larger = layout(size + BODY_STEP)
        if len(larger.pages) > 1:
            break
        size, document = size + BODY_STEP, larger
    return document
