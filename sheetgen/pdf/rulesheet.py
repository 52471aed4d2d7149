"""The one-page rule sheet as PDF: the rulebook's prose laid out by templates/rules/.

One type scale per paper: the title 21 pt, the body 9 pt, section heads 1.5 pt
larger, hints, the tagline and the footer 8 pt. The page is filled by the
layout, not by the type: the top band's two columns end level (the shorter
one's sections spaced out), and the room left at the foot is shared out
between sections and bands, so the space above the footer is about the same
on every paper and in every language (more only where a short language
leaves more room than MAX_SPREAD a gap takes). Only a language too long for
one page at 9 pt shrinks its body, in quarter points, never under 8 pt.

In large print the text is 16 pt and runs onto as many pages as it needs,
the page's foot raised until every page holds about the same amount.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from sheetgen.errors import RuleSheetFitError, TitleFitError
from sheetgen.files.resources import FONTS_DIR
from sheetgen.layout.fitting import NAME_FONT, text_width
from sheetgen.layout.footer import Footer, set_footer
from sheetgen.layout.geometry import PAPER_SIZES_PT, Paper, Print
from sheetgen.pdf.render import render_document, rendering, write_document
from sheetgen.pdf.weasy import Document, column_heights, ink_bottom, opened, placed
from sheetgen.rules.rulebook import edition_parts, rule_sheet
from sheetgen.rules.text import NAME_EXCERPT, REPR, quote
from sheetgen.rules.variants import Rules

TEMPLATE = "rules/rules.html"
STYLESHEETS = ["rules/rules.css"]
BODY_SIZE = 9.0  # points: the body of every rule sheet that fits one page at it
MIN_BODY_SIZE = 8.0  # the floor a longer language may shrink to
# Tighter leadings (rules.css sets 1.25) tried at the floor, for the fullest sheets in the longer
# languages (Triple Yahtzee with every house rule in German): closer lines before no sheet at all.
TIGHTER_LEADINGS = (1.2, 1.15, 1.1)
BODY_STEP = 0.25
SMALL_SIZE = 8.0  # rules.css --small-size: hints, tagline, table heads, footer
FOOTER_LINES = 2  # a longer house-rule list gives way to "House rules in effect" (the sheet lists them)
MAX_SPREAD = 20.0  # points added to each gap at the most
# Which sections share a band, and the column each one starts (a sheet without a section skips it). The
# top band's two columns are spaced level: a column's gaps are above each section but its first. A card
# without Joker rules has its end of the game beside the upper section, not in a bottom band.
BANDS = (
    (("setup", "turn", "filling"), ("upper", "extra", "house")),
    (("lower",),),
    (("joker",), ("end",)),
)
BANDS_WITHOUT_JOKERS = (
    (("setup", "turn", "filling"), ("upper", "end", "house")),
    (("lower",),),
)


def sheet_bands(keys: tuple[str, ...]) -> list[list[list[str]]]:
    """The bands of a sheet with these sections: columns of section keys, empty ones left out."""
    layout = BANDS if "joker" in keys else BANDS_WITHOUT_JOKERS
    bands = [[[key for key in column if key in keys] for column in band] for band in layout]
    return [kept for band in bands if (kept := [column for column in band if column])]


GROWTH = 1.15  # the text's height grows about as the size to this power (lines also rewrap)
PX = 0.75  # points per CSS pixel, WeasyPrint's layout unit
TITLE_SIZE = 21.0  # as rules.css sets h1
MIN_TITLE_SIZE = 12.0
TITLE_GAP = 12.0  # points between the title and a tagline beside it
TAGLINE_FONT = FONTS_DIR / "DejaVuSansCondensed.ttf"
PAGE_MARGIN = 36.0  # rules.css: @page margin 0.5in
LARGE_PRINT = "paper/large-print.css"
LARGE_BODY_SIZE = 16.0
LARGE_TITLE_SIZE = 28.0  # the title wraps rather than shrinks
LARGE_FOOT = 100.0  # points under the page area: the footer (three lines at 14 pt) stands in it
LARGE_FOOTER_SIZE = 14.0
LARGE_FOOTER_LINES = 5
LINE = LARGE_BODY_SIZE * 1.25  # a large-print line, in points
BALANCED = 2  # lines: the most the pages' empty feet may differ by, where the text allows
LOWERINGS = 8  # layouts tried at most, half a line apart, to balance the pages


def title_size(title: str, paper: str) -> float:
    """The masthead title's size: 21 pt, smaller only for a title wider than the whole line."""
    line = PAPER_SIZES_PT[paper][0] - 2 * PAGE_MARGIN
    size = TITLE_SIZE
    while text_width(title, size, NAME_FONT) > line:
        size -= 0.5
        if size < MIN_TITLE_SIZE:
            raise TitleFitError(
                f"the title {quote(title, NAME_EXCERPT, REPR)} does not fit "
                "the rule sheet's masthead; shorten it"
            )
    return size


def stacked(title: str, size: float, tagline: str, paper: str) -> bool:
    """Whether the tagline goes under the title, right-aligned, as the two do not share one line."""
    line = PAPER_SIZES_PT[paper][0] - 2 * PAGE_MARGIN
    return (
        text_width(title, size, NAME_FONT) + TITLE_GAP + text_width(tagline, SMALL_SIZE, TAGLINE_FONT) > line
    )


def rule_footer(rules: Rules, paper: str, large: bool = False) -> Footer:
    """The rule sheet's footer: the edition left, the notice right, in two lines at most."""
    width = PAPER_SIZES_PT[paper][0] - 2 * PAGE_MARGIN
    size, lines = (LARGE_FOOTER_SIZE, LARGE_FOOTER_LINES) if large else (SMALL_SIZE, FOOTER_LINES)
    return set_footer(
        edition_parts(rules), edition_parts(rules, short=True), rules.game.notice, width, size, lines
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
    large_print = Print.of(print_size) == Print.LARGE
    heading = title_size(sheet.title, paper)
    bands = sheet_bands(sheet.keys)
    common = {
        "sheet": sheet,
        "bands": bands,
        "footer": rule_footer(rules, paper, large_print),
        "stacked": stacked(sheet.title, heading, sheet.tagline, paper),
    }
    if large_print:

        def large(foot: float) -> Document:
            return render_document(
                TEMPLATE,
                [*STYLESHEETS, LARGE_PRINT],
                paper,
                body_size=LARGE_BODY_SIZE,
                leading=None,
                title_size=LARGE_TITLE_SIZE,
                large_print=True,
                foot=foot,
                **common,
            )

        with rendering():
            return write_document(_balanced(large))

    def layout(body: float, leading: float | None = None) -> Document:
        return render_document(
            TEMPLATE,
            STYLESHEETS,
            paper,
            body_size=body,
            leading=leading,
            title_size=heading,
            large_print=False,
            **common,
        )

    with rendering():  # the layouts and the write, with no other render between them
        return write_document(_fitted(layout, bands[0], len(bands)))


def _balanced(layout: Callable[[float], Document]) -> Document:
    """The large-print rules with the pages' foot raised so each page ends within a couple of lines of
    the others.

    Laid out first with the pages full; the foot is then raised to where the
    pages would hold the text evenly and lowered half a line at a time, until
    the text is back on as many pages and their feet differ by at most
    BALANCED lines (or LOWERINGS layouts are spent: the most even one seen).
    Blocks kept whole (a paragraph, a list item, a heading with what follows
    it) move from page to page as the foot moves, so the feet are measured on
    each layout, never predicted.
    """
    full = layout(LARGE_FOOT)
    pages = len(full.pages)
    if pages == 1:
        return full
    main = placed(full.pages[0], "main")
    top = (main.area_bottom - main.area_height) * PX
    text = sum(ink_bottom(page, "main") * PX - top for page in full.pages)
    best, spread = full, _spread(full)
    raise_by = math.floor((main.area_height * PX - text / pages) / LINE) * LINE  # pages just even
    for _ in range(LOWERINGS):
        if spread <= BALANCED * LINE or raise_by <= 0:
            break
        document = layout(LARGE_FOOT + raise_by)
        raise_by -= LINE / 2
        if len(document.pages) == pages and (uneven := _spread(document)) < spread:
            best, spread = document, uneven
    return best


def _spread(document: Document) -> float:
    """Points between the emptiest page's foot and the fullest's."""
    ends = [ink_bottom(page, "main") * PX for page in document.pages]
    return max(ends) - min(ends)


def _fitted(layout: Callable[..., Document], columns: list[list[str]], bands: int) -> Document:
    """The rules on one page at 9 pt (or the largest size under it that fits, down to 8 pt), the top
    band's columns ending level and the room left at the foot shared out between sections and bands.

    Gaps only move text, never rewrap it, so the one layout is spaced out as it stands (`opened`),
    not laid out again.
    """
    document = layout(BODY_SIZE)
    if len(document.pages) > 1:
        document = _shrunk(document, layout)
    heights = [height * PX for height in column_heights(document.pages[0])[:2]]
    gaps = [len(column) - 1 for column in columns]
    inner = max(gaps)  # gaps down the (then level) top band
    spread = min(MAX_SPREAD, _room(document) / (inner + bands - 1))  # and those between the bands
    # The column that ends higher once every gap has its spread takes the difference in its own gaps.
    ends = [height + gap * spread for height, gap in zip(heights, gaps, strict=True)]
    s, t = (1, 0) if ends[1] < ends[0] else (0, 1)
    level = (heights[t] - heights[s] + (gaps[t] - gaps[s]) * spread) / gaps[s] if gaps[s] else 0.0
    spaced = {key: spread + (level if key in columns[s] else 0.0) for column in columns for key in column[1:]}

    bands = []

    def space_above(element: Any) -> float:
        classes = (element.get("class") or "").split()
        if element.tag == "section":
            return spaced.get(classes[0], 0.0) / PX
        if "band" in classes:
            bands.append(element)
            return spread / PX if len(bands) > 1 else 0.0
        return 0.0

    return opened(document, space_above)


def _shrunk(overflowing: Document, layout: Callable[..., Document]) -> Document:
    """The rules laid out at the largest size under 9 pt at which they fit one page: the overflow
    predicts it. At the floor, the lines come closer (TIGHTER_LEADINGS) before the sheet is refused."""
    main = placed(overflowing.pages[0], "main")
    room = (main.area_bottom - main.top) * PX  # the first page's room for the rules
    needed = main.height * PX + _overflow(overflowing)
    predicted = BODY_SIZE * (room / needed) ** (1 / GROWTH)
    size = max(MIN_BODY_SIZE, min(BODY_SIZE - BODY_STEP, BODY_STEP * math.ceil(predicted / BODY_STEP)))
    document = layout(size)
    while len(document.pages) > 1:
        if size <= MIN_BODY_SIZE:
            for leading in TIGHTER_LEADINGS:
                if len((document := layout(size, leading)).pages) == 1:
                    return document
            raise RuleSheetFitError(f"the rules do not fit one page even at {MIN_BODY_SIZE:g} pt")
        size -= BODY_STEP
        document = layout(size)
    while size + BODY_STEP < BODY_SIZE:  # the prediction erred small: take the room it left
        larger = layout(size + BODY_STEP)
        if len(larger.pages) > 1:
            break
        size, document = size + BODY_STEP, larger
    return document
