"""Where everything sits on a blank score sheet, in PDF points.

The blank sheet's template is laid out from these rectangles and the fill
path draws its numbers into the same ones, so the printed grid and the
written values cannot drift apart. The origin is the page's bottom-left
corner, as in ReportLab and pypdf. This module imports no rendering library.

A cell rectangle runs from grid line to grid line (the lines are drawn
centred on its edges), so a value centred in it is centred in the box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sheetgen.model import SHEET_ROWS, Section, SheetRow, Total

LAYOUTS = ("players", "series")
PAPER_SIZES_PT = {"letter": (612.0, 792.0), "a4": (595.0, 842.0)}  # as templates/paper/a4.css sets it
PAPERS = tuple(PAPER_SIZES_PT)  # Letter first: the default
COLUMNS = 6
POINTS_PER_INCH = 72.0

MARGIN_X = 30.0
MARGIN_TOP = 30.0
MARGIN_BOTTOM = 26.0
COLUMN_WIDTH = {"letter": 68.0, "a4": 66.0}
HEADING_HEIGHT = 22.0
LINES_HEIGHT = 24.0
HEADER_GAP = 10.0
HEAD_HEIGHT = {"players": 40.0, "series": 24.0}
BAND_HEIGHT = 15.0
FOOTER_HEIGHT = 14.0
MAX_ROW_HEIGHT = 32.0
TICK_SHARE = 0.55  # the Yahtzee bonus cell: tick area left, its total right
VALUE_SIZE = 13.0  # a written score, at most half a row high


class GeometryError(ValueError):
    """A layout, paper or column the score sheet does not have."""


@dataclass(frozen=True)
class Rect:
    """A rectangle in PDF points; (x, y) is its bottom-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)

    def contains(self, x: float, y: float, tolerance: float = 0.0) -> bool:
        """Whether a point lies inside, allowing `tolerance` points outside."""
        return (
            self.x - tolerance <= x <= self.right + tolerance
            and self.y - tolerance <= y <= self.top + tolerance
        )

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        """The rectangle shrunk by `dx` left and right and `dy` top and bottom."""
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.width - 2 * dx, self.height - 2 * dy)

    def split(self, share: float) -> tuple[Rect, Rect]:
        """The left `share` of the width and the rest, side by side."""
        left = round(self.width * share, 2)
        return (
            Rect(self.x, self.y, left, self.height),
            Rect(round(self.x + left, 2), self.y, round(self.width - left, 2), self.height),
        )


@dataclass(frozen=True)
class SheetGeometry:
    """Every rectangle of one blank score-sheet page, per layout and paper.

    `cells[slug]` holds one write-in cell per column (0 to 5), for every row
    of `SHEET_ROWS`; the Yahtzee bonus cell is split into `yahtzee_ticks` and
    `yahtzee_totals`. `lines` are the write-in lines above the grid: "title",
    "date" and "game" (players layout) or "player", "title" and "date" (series
    layout). `series_total` is the one cell under Game 6 in the series layout.
    """

    layout: str
    paper: str
    page_width: float
    page_height: float
    heading: Rect
    lines: dict[str, Rect]
    heads: tuple[Rect, ...]
    head_label: Rect
    label_area: Rect
    grid: Rect
    bands: dict[Section, Rect]
    labels: dict[str, Rect]
    cells: dict[str, tuple[Rect, ...]]
    yahtzee_ticks: tuple[Rect, ...]
    yahtzee_totals: tuple[Rect, ...]
    series_total: Rect | None
    series_total_label: Rect | None
    footer: Rect
    row_height: float

    @property
    def page_size(self) -> tuple[float, float]:
        return (self.page_width, self.page_height)

    @property
    def columns(self) -> int:
        return len(self.heads)

    @property
    def value_size(self) -> float:
        """The font size of a score written in a cell, printed or typed."""
        return min(VALUE_SIZE, self.row_height * 0.5)

    def cell(self, row: SheetRow | str, column: int) -> Rect:
        """The write-in cell of a row (a SheetRow or its slug) in a column from 0."""
        slug = row.slug if isinstance(row, SheetRow) else row
        if slug not in self.cells:
            raise GeometryError(f"no row {slug!r} on the score sheet")
        if not 0 <= column < COLUMNS:
            raise GeometryError(f"column {column} is not between 0 and {COLUMNS - 1}")
        return self.cells[slug][column]

    def row_band(self, row: SheetRow | str) -> Rect:
        """The whole row, label and cells, from the grid's left edge to its right."""
        slug = row.slug if isinstance(row, SheetRow) else row
        label = self.labels[slug]
        return Rect(self.grid.x, label.y, self.grid.width, label.height)


def _rows_by_section() -> dict[Section, list[SheetRow]]:
    rows: dict[Section, list[SheetRow]] = {section: [] for section in Section}
    for row in SHEET_ROWS:
        rows[row.section].append(row)
    return rows


@cache
def sheet_geometry(layout: str, paper: str) -> SheetGeometry:
    """The geometry of a blank sheet: "players" or "series", on "letter" or "a4"."""
    if layout not in LAYOUTS:
        raise GeometryError(f"unknown layout {layout!r}; layouts: {', '.join(LAYOUTS)}")
    if paper not in PAPER_SIZES_PT:
        raise GeometryError(f"unknown paper {paper!r}; papers: {', '.join(PAPER_SIZES_PT)}")
    page_width, page_height = PAPER_SIZES_PT[paper]
    column_width = COLUMN_WIDTH[paper]
    grid_x = MARGIN_X
    grid_width = page_width - 2 * MARGIN_X
    label_width = grid_width - COLUMNS * column_width
    columns_x = [grid_x + label_width + n * column_width for n in range(COLUMNS)]

    top = page_height - MARGIN_TOP  # a cursor running down the page
    heading = Rect(grid_x, top - HEADING_HEIGHT, grid_width, HEADING_HEIGHT)
    top = heading.y
    line_y = top - LINES_HEIGHT
    if layout == "players":
        names, shares = ("title", "date", "game"), (0.5, 0.3, 0.2)
    else:
        names, shares = ("player", "title", "date"), (0.4, 0.35, 0.25)
    lines: dict[str, Rect] = {}
    x = grid_x
    for name, share in zip(names, shares, strict=True):
        width = round(grid_width * share, 2)
        lines[name] = Rect(x, line_y, width - (12.0 if name != names[-1] else 0.0), LINES_HEIGHT)
        x += width
    top = line_y - HEADER_GAP

    head_height = HEAD_HEIGHT[layout]
    heads = tuple(Rect(x, top - head_height, column_width, head_height) for x in columns_x)
    head_label = Rect(grid_x, top - head_height, label_width, head_height)
    grid_top = top
    top -= head_height

    sections = _rows_by_section()
    row_count = len(SHEET_ROWS) + (1 if layout == "series" else 0)
    bottom_limit = MARGIN_BOTTOM + FOOTER_HEIGHT + 6.0
    available = top - bottom_limit - BAND_HEIGHT * len(sections)
    row_height = min(MAX_ROW_HEIGHT, float(int(available / row_count * 2) / 2))

    bands: dict[Section, Rect] = {}
    labels: dict[str, Rect] = {}
    cells: dict[str, tuple[Rect, ...]] = {}
    for section, rows in sections.items():
        bands[section] = Rect(grid_x, top - BAND_HEIGHT, grid_width, BAND_HEIGHT)
        top -= BAND_HEIGHT
        for row in rows:
            y = top - row_height
            labels[row.slug] = Rect(grid_x, y, label_width, row_height)
            cells[row.slug] = tuple(Rect(x, y, column_width, row_height) for x in columns_x)
            top = y
    series_total = series_total_label = None
    if layout == "series":
        y = top - row_height
        series_total = Rect(columns_x[-1], y, column_width, row_height)
        series_total_label = Rect(grid_x, y, columns_x[-1] - grid_x, row_height)
        top = y
    grid = Rect(grid_x, top, grid_width, grid_top - top)
    label_area = Rect(grid_x, top, label_width, grid_top - top)

    bonus = cells[Total.YAHTZEE_BONUS.value]
    ticks, totals = zip(*(cell.split(TICK_SHARE) for cell in bonus), strict=True)
    footer = Rect(grid_x, MARGIN_BOTTOM, grid_width, FOOTER_HEIGHT)
    return SheetGeometry(
        layout=layout,
        paper=paper,
        page_width=page_width,
        page_height=page_height,
        heading=heading,
        lines=lines,
        heads=heads,
        head_label=head_label,
        label_area=label_area,
        grid=grid,
        bands=bands,
        labels=labels,
        cells=cells,
        yahtzee_ticks=tuple(ticks),
        yahtzee_totals=tuple(totals),
        series_total=series_total,
        series_total_label=series_total_label,
        footer=footer,
        row_height=row_height,
    )
