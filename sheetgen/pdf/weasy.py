"""The one module that imports WeasyPrint, and the only one that knows its internals.

- Import: WeasyPrint checks the system's fonts when imported and warns
  "Expect ugly output" on a machine without any. sheetgen brings its own
  fonts, so exactly that warning is silenced, for this import only.
- Fonts: `font_configuration` gives a FontConfiguration whose fontconfig
  configuration (templates/fonts/fonts.conf) lists no folder, so a sheet can
  draw only with the fonts its stylesheets load (@font-face): the same bytes
  on any machine, and a character those fonts lack prints as an empty box,
  as sheetgen's warning says, not in some system font.
- Logging: `quiet` keeps WeasyPrint's and fontTools' messages out of the
  host's log for the length of a render, and restores the loggers after.
- Layout boxes: WeasyPrint has no public way to measure an element on a laid
  out page, so `placed` reads `Page._page_box` and the boxes' `position_y`
  and `margin_height()`, `ink_bottom` the border boxes of lines, cells and
  images. They are WeasyPrint 70's; pyproject.toml caps the
  version, and tests/test_render.py fails by name when one moves.
- Opening gaps: spacing a laid-out page out by laying it out again costs a
  whole render, though added space only moves boxes, never rewraps them.
  `opened` moves them itself (the boxes' `translate`, their heights and a
  table cell's bottom padding, as WeasyPrint's table layout sets them) and
  makes the page's Page again, so its bookmarks follow.
- Table headers: WeasyPrint tags a table's header cells TH and links each
  data cell to its headers (/Headers), but drops the HTML's scope;
  `scope_header_cells`, a finisher (write_pdf's public hook, handed the
  pydyf objects before they are written), puts it back as /Scope, so a
  header cell says by itself whether it heads a row or a column.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sheetgen.files.resources import FONTS_DIR
from sheetgen.files.stamps import environment

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", r".*Expect ugly output\.", UserWarning, r"weasyprint\.text\.fonts")
    from weasyprint import CSS, HTML
    from weasyprint.document import Document, Page
    from weasyprint.formatting_structure.boxes import (
        LineBox,
        ParentBox,
        ReplacedBox,
        TableCellBox,
        TableRowBox,
    )
    from weasyprint.text.fonts import FontConfiguration
    from weasyprint.urls import URLFetcher, URLFetcherResponse

__all__ = ["CSS", "HTML", "Document", "URLFetcher", "URLFetcherResponse"]

FONTS_CONF = FONTS_DIR / "fonts.conf"
QUIETED = ("weasyprint", "fontTools")  # their child loggers (fontTools.subset...) follow their levels
# While sheetgen renders, these loggers pass only records at this level or above. The tests lower
# it to WARNING, so that a warning of WeasyPrint's about a sheet fails them.
QUIET_BELOW = logging.ERROR


def font_configuration() -> FontConfiguration:
    """A FontConfiguration that sees no system font, only the ones stylesheets add.

    FontConfiguration() loads the fontconfig configuration named by
    FONTCONFIG_FILE (relative to FONTCONFIG_SYSROOT, if set) when it is
    made; both are set for that moment only.
    """
    with environment({"FONTCONFIG_FILE": str(FONTS_CONF), "FONTCONFIG_SYSROOT": None}):
        return FontConfiguration()


@contextmanager
def quiet() -> Iterator[None]:
    """WeasyPrint's and fontTools' records below QUIET_BELOW dropped while the block runs.

    Their warnings about a sheet are expected (a glyph a name's script lacks,
    which sheetgen reports in its own words) and fontTools reports every font
    subset it makes. The loggers' levels are raised, never lowered, and put
    back afterwards; a host logging through them from another thread meanwhile
    is quieted too.
    """
    loggers = [logging.getLogger(name) for name in QUIETED]
    levels = [logger.level for logger in loggers]
    try:
        for logger in loggers:
            logger.setLevel(max(QUIET_BELOW, logger.getEffectiveLevel()))
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def scope_header_cells(document: Document, pdf: Any) -> None:
    """Give each TH structure element of `pdf` (a pydyf.PDF) its /Scope: Column in a table head, else Row.

    As the sheets' templates write them: a head row's cells say what each
    column holds (scope="col"), a body row's first cell names its row.
    """
    elements = {obj.reference: obj for obj in pdf.objects if isinstance(obj, dict)}
    for element in elements.values():
        if element.get("Type") == "/StructElem" and element.get("S") == "/TH":
            group = elements[elements[element["P"]]["P"]]  # the cell's row, then the row's group
            element["A"]["Scope"] = "/Column" if group.get("S") == "/THead" else "/Row"


@dataclass(frozen=True)
class Placed:
    """Where an element sits on a laid-out page, in CSS pixels."""

    area_height: float  # the page area's height (the page inside its margins)
    area_bottom: float  # the page area's foot, from the top of the page
    top: float  # the element's top margin edge, from the top of the page
    height: float  # the element's margin box's height


def boxes(page: Page) -> Iterator[Any]:
    """Every layout box of a rendered page, the page's own first: what a test measures a sheet by."""
    return page._page_box.descendants()


def placed(page: Page, tag: str) -> Placed:
    """The first `tag` element on `page` (a page of a rendered Document) and the page area around it."""
    box = page._page_box
    element = next(child for child in boxes(page) if getattr(child, "element_tag", None) == tag)
    return Placed(box.height, box.height + box.margin_top, element.position_y, element.margin_height())


def ink_bottom(page: Page, tag: str) -> float:
    """Where the first `tag` element's printed content ends on `page`, in CSS pixels from the top of the
    page: its last line, table cell or image. A box split over pages fills the page area whatever it
    holds, so its own height says nothing of how full the page is."""
    element = next(child for child in boxes(page) if getattr(child, "element_tag", None) == tag)
    return max(
        box.border_box_y() + box.border_height()
        for box in element.descendants()
        if isinstance(box, LineBox | ReplacedBox | TableCellBox)
    )


def column_heights(page: Page) -> list[float]:
    """The height of the content of each `class="column"` element on `page`, in CSS pixels, in order:
    how far each column's text runs, whatever the height of the table cell holding it."""
    heights = []
    for box in boxes(page):
        element = getattr(box, "element", None)
        if element is None or "column" not in (element.get("class") or "").split():
            continue
        if getattr(box, "element_tag", None) != "div" or not getattr(box, "children", None):
            continue
        bottom = max(child.position_y + child.margin_height() for child in box.children)
        heights.append(bottom - box.content_box_y())
    return heights


def opened(document: Document, space_above: Callable[[Any], float]) -> Document:
    """`document` with `space_above(element)` CSS pixels added above each element of its first page,
    everything below moved down with it and every box holding it made that much taller: what laying
    it out again with larger top margins would give, without a second layout.

    The caller keeps the page's content above its foot; boxes out of the flow (a fixed footer) stay.
    """
    page_box = document.pages[0]._page_box
    _open(page_box, space_above, set())
    document.pages[0] = Page(page_box)  # its bookmarks and links gathered again where the boxes are now
    return document


def _open(box: Any, space_above: Callable[[Any], float], seen: set[int]) -> float:
    """Open the space inside `box`, its in-flow children stacked top to bottom; how much it grew."""
    if isinstance(box, TableRowBox):  # cells side by side: the row grows as its tallest cell's content
        grown = [_open(cell, space_above, seen) for cell in box.children]
        heights = [cell.height for cell in box.children]
        row = max(map(sum, zip(heights, grown, strict=True)), default=0.0) - max(heights, default=0.0)
        for cell, cell_grown in zip(box.children, grown, strict=True):
            cell.height += cell_grown
            cell.padding_bottom += row - cell_grown  # as table layout stretches a cell to its row
        box.height += row
        return row
    growth = 0.0
    for child in box.children:
        if child.is_absolutely_positioned():
            continue
        if not isinstance(child, ParentBox) or isinstance(child, LineBox):
            child.translate(0, growth)
            continue
        element = getattr(child, "element", None)
        if element is not None and id(element) not in seen:  # an element's outermost box takes its space
            seen.add(id(element))
            growth += space_above(element)
        child.translate(0, growth)
        inner = _open(child, space_above, seen)
        if not isinstance(child, TableRowBox):
            child.height += inner
        growth += inner
    return growth
