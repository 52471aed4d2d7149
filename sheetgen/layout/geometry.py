"""Where everything sits on a blank score sheet, in PDF points.

The blank sheet's template is laid out from these rectangles and the fill
path draws its numbers into the same ones, so the printed grid and the
written values cannot drift apart. The origin is the page's bottom-left
corner, as in ReportLab and pypdf. This module imports no rendering library.

A cell rectangle runs from grid line to grid line (the lines are drawn
centred on its edges), so a value centred in it is centred in the box.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from functools import cache
from typing import Self

from sheetgen.errors import GeometryError
from sheetgen.rules.boxes import COLUMNS, CardTotal, SheetRow, Total, card_rows
from sheetgen.rules.game import YAHTZEE, Game, Section
from sheetgen.rules.text import REPR, named_member, quote, type_name


class _Choice(enum.StrEnum):
    """A closed set of sheet options; a member is its own string, so it names files and keys as before."""

    @classmethod
    def of(cls, value: object) -> Self:
        """The member `value` names, in any case ("A4"); GeometryError, naming the choices, for any other."""
        return cls(value)

    @classmethod
    def _missing_(cls, value: object) -> Self:
        if (member := named_member(cls, value)) is not None:
            return member
        kind = cls.__name__.lower()
        if not isinstance(value, str):
            raise GeometryError(f"{kind}: expected one of {', '.join(cls)}, found {type_name(value)}")
        raise GeometryError(f"unknown {kind} {quote(value, quotes=REPR)}; {kind}s: {', '.join(cls)}")


class Layout(_Choice):
    PLAYERS = "players"  # a column per player
    SERIES = "series"  # one player's card with a column per game


class Card(_Choice):
    FULL = "full"  # a whole page
    HALF = "half"  # two half-page six-game cards side by side


class Print(_Choice):
    STANDARD = "standard"  # first: the default
    LARGE = "large"  # large print: 16 pt text, half-inch rows, each card over two pages


class Paper(_Choice):
    LETTER = "letter"  # first: the default
    A4 = "a4"


LAYOUTS = tuple(Layout)


def layouts_for(game: Game) -> tuple[Layout, ...]:
    """The layouts a game's sheets come in: a card of several columns is one game, so it has no
    six-game card (nor its half cards)."""
    return LAYOUTS if len(game.columns) == 1 else (Layout.PLAYERS,)


CARDS = tuple(Card)
PAPERS = tuple(Paper)
PRINTS = tuple(Print)
PAPER_SIZES_PT = {Paper.LETTER: (612.0, 792.0), Paper.A4: (595.0, 842.0)}  # as templates/paper/*.css set them

# Nothing prints within 5 mm of a paper's edge, where most home printers cannot print (templates/paper/*.css
# say the same as --safe-area); every margin below keeps at least this much clear.
SAFE_AREA = round(5 / 25.4 * 72, 2)  # 14.17 pt
MARGIN_X = 30.0
MARGIN_TOP = 30.0
MARGIN_BOTTOM = 20.0
COLUMN_WIDTH = {"letter": 68.0, "a4": 66.0}  # six players' columns; fewer share the width
MAX_COLUMN_WIDTH = 110.0  # a write-in column wider than this only looks empty
HEADING_HEIGHT = 22.0
LINES_HEIGHT = 24.0
HEADER_GAP = 10.0
HEAD_HEIGHT = {"players": 40.0, "series": 24.0}
BAND_HEIGHT = 15.0
FOOTER_HEIGHT = 22.0  # two lines at 8 pt (sheetgen.layout.footer sets them) and the rule's padding
FOOTER_SIZE = {"full": 8.0, "half": 8.0, "large": 14.0}  # as scoresheet.css and large-print.css set it
FOOTER_LEADING = 1.15
FOOTER_PADDING = 3.0
# The footer stands this far under the table on every standard sheet, so the space between them is the
# same whatever height the rows' rounding leaves over (that goes to the bottom margin); large print keeps
# its footer at the foot, where both pages of a card have it.
FOOTER_GAP = 6.0
LABEL_SHARE = 0.45  # the label column takes at most this share of the table; wider, the columns widen
MAX_ROW_HEIGHT = 32.0
TICK_SHARE = 0.55  # the Yahtzee bonus cell: tick area left, its total right
VALUE_SIZE = 13.0  # a written score, at most half a row high
LARGE_VALUE_SIZE = 18.0  # a large-print score: half of the least large-print row
BONUS_CAPTION_HEIGHT = 9.0  # the "ticks" and "points" captions at the top of the bonus halves
LARGE_BONUS_CAPTION_HEIGHT = 15.0  # the same captions at large print's 14 pt
POINTS_MIN_WIDTH = 44.0  # the bonus total's half holds "1200" at the box values' size
# Large print: at most four players or three games to a page, rows at least half an inch, each
# card's upper section on one page and its lower on the next (twenty such rows do not fit one page).
LARGE_COLUMNS = {"players": 4, "series": 3}
LARGE_LABEL_WIDTH = 248.0  # the widest hint at 14 pt, in every language, and the label's padding
MIN_LARGE_ROW_HEIGHT = 36.0  # half an inch
MAX_LARGE_ROW_HEIGHT = 46.0  # taller rows would only spread the card out
LARGE_HEAD_HEIGHT = {"players": 66.0, "series": 40.0}
LARGE_PARTS = ((Section.UPPER,), (Section.LOWER,))  # the sections on each page of a large-print card
# Why large print has no half cards: the lower section's 13 half-inch rows (468 pt) with its heading,
# write-in lines, head and band (142 pt) need 610 pt, and a half card is 612 pt (A5 595 pt) high
# before its margins and footer; its 248 pt label column would leave room for one game.
# Large print of a card of several columns (Triple Yahtzee): its lower page has three rows more (the
# column total, the scored row, the card's grand total), so it leaves out the repeated upper total (the
# upper page has it, and the column total adds it in) and sets the Yahtzee bonus's ticks beside its
# points in one row: twelve half-inch rows, as Yahtzee's lower page.
COMPACT_LOWER = "a card of several columns leaves out the repeated upper total in large print"
NO_LARGE_HALF_CARDS = "a card's lower section in half-inch rows, with its heading, is taller than a half card"


@dataclass(frozen=True)
class _CardMetrics:
    """The spacing of one kind of card: a whole page, or half a landscape sheet."""

    margin_x: float
    margin_top: float
    margin_bottom: float
    heading: float
    lines: float
    gap: float
    head: float
    band: float
    footer: float
    label_width: float | None  # None: what six columns of COLUMN_WIDTH leave
    bonus_rows: float  # the Yahtzee bonus row's height, in rows
    row_step: float = 0.5  # rows take the height left, rounded down to a multiple of this
    large: bool = False  # large print's sizes: its heads, its tallest rows, its footer at the foot


METRICS = {
    "full": _CardMetrics(
        MARGIN_X,
        MARGIN_TOP,
        MARGIN_BOTTOM,
        HEADING_HEIGHT,
        LINES_HEIGHT,
        HEADER_GAP,
        0.0,
        BAND_HEIGHT,
        FOOTER_HEIGHT,
        None,
        1.0,
    ),
    # Large print: the heading is two lines, the title above the kind of sheet; a head holds
    # "Player 4" on two lines above its write-in line; the Yahtzee bonus row is two rows high,
    # ticks above points, so each caption has the column's width.
    "large": _CardMetrics(24.0, 30.0, 26.0, 48.0, 30.0, 10.0, 0.0, 24.0, 100.0, None, 2.0, large=True),
    # The boxed pad's card: six narrow game columns, so the bonus row is two rows
    # high and holds its ticks above its points.
    # Its footer has three lines: a house version's edition takes two beside the notice's two sentences.
    # Its margins and the gaps above the grid are tight, and its rows keep every quarter point, so the
    # rows get the height (19.5 pt on A5, 20.25 pt on Half Letter) that keeps an 8.5 pt label and its
    # 8 pt hint a point clear of the rules; its label column holds the widest hint (123 pt at 8 pt)
    # with 3 pt either side.
    "half": _CardMetrics(20.0, 16.0, 15.0, 18.0, 20.0, 3.0, 20.0, 13.0, 31.0, 130.0, 2.5, 0.25),
}


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
    """Every rectangle of one blank score-sheet page (or half-page card), per layout and paper.

    `cells[slug]` holds one write-in cell per column (as many as the players
    on the page, or the six games), for every row of `SHEET_ROWS`; the Yahtzee
    bonus cell is split into `yahtzee_ticks` and `yahtzee_totals` (side by
    side; on a half card, ticks above points). `lines` are the write-in lines above the grid: "title",
    "date" and "game" (players layout) or "player", "title" and "date" (series
    layout). `series_total` is the one cell under Game 6 in the series layout.
    """

    layout: str
    paper: str
    card: str
    slot: int
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
    print_size: str = Print.STANDARD

    @property
    def style(self) -> str:
        """Which sizes the sheet's text takes: "large" for large print, else its card ("full", "half")."""
        return "large" if self.print_size == Print.LARGE else self.card

    @property
    def page_size(self) -> tuple[float, float]:
        return (self.page_width, self.page_height)

    @property
    def columns(self) -> int:
        return len(self.heads)

    @property
    def value_size(self) -> float:
        """The font size of a score written in a cell, printed or typed."""
        return min(LARGE_VALUE_SIZE if self.print_size == Print.LARGE else VALUE_SIZE, self.row_height * 0.5)

    def cell(self, row: SheetRow | str, column: int) -> Rect:
        """The write-in cell of a row (a SheetRow or its slug) in a column from 0."""
        slug = row.slug if isinstance(row, SheetRow) else row
        if slug not in self.cells:
            raise GeometryError(f"no row {quote(slug, quotes=REPR)} on the score sheet")
        if not 0 <= column < self.columns:
            raise GeometryError(f"column {column} is not between 0 and {self.columns - 1}")
        return self.cells[slug][column]

    def bonus_write_ins(self, column: int) -> tuple[Rect, Rect]:
        """The Yahtzee bonus ticks and points areas of a column, below their captions."""
        ticks, points = self.yahtzee_ticks[column], self.yahtzee_totals[column]
        caption = self.bonus_caption_height
        return (
            Rect(ticks.x, ticks.y, ticks.width, ticks.height - caption),
            Rect(points.x, points.y, points.width, points.height - caption),
        )

    @property
    def bonus_caption_height(self) -> float:
        """The room the "ticks" and "points" captions take at the top of their halves."""
        return LARGE_BONUS_CAPTION_HEIGHT if self.print_size == Print.LARGE else BONUS_CAPTION_HEIGHT


def _rows_by_section(game: Game = YAHTZEE) -> dict[Section, list[SheetRow]]:
    rows: dict[Section, list[SheetRow]] = {section: [] for section in Section}
    for row in card_rows(game):
        rows[row.section].append(row)
    return rows


def page_size(paper: str, card: str = "full") -> tuple[float, float]:
    """The sheet's size: the paper upright, or turned for two half-page cards."""
    width, height = PAPER_SIZES_PT[paper]
    return (height, width) if card == "half" else (width, height)


def split_evenly(count: int, per_page: int = COLUMNS) -> list[int]:
    """Columns on each page: as few pages as fit, the columns shared evenly (7 -> 4 + 3)."""
    pages = -(-count // per_page)
    return [count // pages + (1 if n < count % pages else 0) for n in range(pages)]


@cache
def sheet_geometry(
    layout: str,
    paper: str,
    columns: int = COLUMNS,
    card: str = "full",
    slot: int = 0,
    print_size: str = "standard",
    part: int = 0,
    grid: int | None = None,
    game: Game = YAHTZEE,
) -> SheetGeometry:
    """The geometry of a blank sheet: "players" or "series", on "letter" or "a4".

    The players layout has `columns` (1 to 6) columns sharing the full width,
    none wider than MAX_COLUMN_WIDTH (the label column takes the rest, but
    never more than LABEL_SHARE of it: then the columns widen). `grid` is the
    column count the page is laid out for, when it draws fewer (the last
    page of seven players: three columns on the four-column grid of the
    first), so every page of a sheet has the same label and column widths
    (`player_pages` gives each page's). The
    series layout always has six game columns; with `card="half"` it is one of
    two half-page cards on a landscape sheet, `slot` 0 (left) or 1 (right).
    In large print (`print_size="large"`) a page holds up to four players or
    three games and one section: `part` 0 the upper, 1 the lower. `game` gives the rows
    (`card_rows`); a game of several columns has them side by side for each player.
    """
    layout, paper, card = Layout.of(layout), Paper.of(paper), Card.of(card)
    grid = columns if grid is None else grid
    if grid != columns and not columns <= grid <= (
        LARGE_COLUMNS[layout] if print_size == Print.LARGE else COLUMNS
    ):
        raise GeometryError(f"{columns} columns cannot be drawn on a grid of {grid}")
    if Print.of(print_size) == Print.LARGE:
        return _large_geometry(layout, paper, columns, card, part, grid, game)
    if (card == Card.HALF and layout != Layout.SERIES) or slot not in ((0, 1) if card == "half" else (0,)):
        raise GeometryError(
            f"no {quote(card, quotes=REPR)} card in slot {slot} for the {layout} layout; "
            "half cards are series cards"
        )
    if not 1 <= columns <= COLUMNS or (layout == "series" and columns != COLUMNS):
        raise GeometryError(f"the {layout} layout cannot have {columns} columns")
    metrics = METRICS[card]
    card_width = page_size(paper, card)[0] / (2 if card == "half" else 1)
    grid_width = card_width - 2 * metrics.margin_x
    if metrics.label_width is None:
        natural = min(MAX_COLUMN_WIDTH, round(COLUMNS * COLUMN_WIDTH[paper] / grid, 2))
        column_width = _proportioned(natural, grid, grid_width)
    else:
        column_width = round((grid_width - metrics.label_width) / grid, 2)
    rows = len(card_rows(game)) + (1 if layout == "series" else 0) + _extra_bonus_rows(metrics, game)
    return _place(
        layout, paper, card, slot, columns, column_width, metrics, tuple(Section), rows, grid, game=game
    )


def _extra_bonus_rows(metrics: _CardMetrics, game: Game) -> float:
    """The rows the Yahtzee bonus row takes beyond one: none for a game with no extra bonus."""
    return metrics.bonus_rows - 1 if game.extra_bonus is not None else 0.0


def _spanned(cells: tuple[Rect, ...], width: int) -> tuple[Rect, ...]:
    """Each cell widened to its group of `width` columns (every column of the group gets the same cell)."""
    spans = []
    for start in range(0, len(cells), width):
        group = cells[start : start + width]
        span = Rect(group[0].x, group[0].y, group[-1].right - group[0].x, group[0].height)
        spans += [span] * len(group)
    return tuple(spans)


def _proportioned(column_width: float, grid: int, grid_width: float) -> float:
    """`column_width`, or wider so the label column keeps to LABEL_SHARE of the table."""
    least = round(grid_width * (1 - LABEL_SHARE) / grid, 2)
    return max(column_width, least)


def player_pages(
    paper: str, players: int, print_size: str = "standard", game: Game = YAHTZEE
) -> list[SheetGeometry]:
    """Each page of a players sheet for `players` players, split evenly, all on the first page's grid."""
    large = Print.of(print_size) == Print.LARGE
    width = len(game.columns)
    counts = split_evenly(players, players_per_page(Layout.PLAYERS, large, game))
    return [
        sheet_geometry(
            Layout.PLAYERS, paper, count * width, print_size=print_size, grid=counts[0] * width, game=game
        )
        for count in counts
    ]


def players_per_page(layout: str, large: bool, game: Game = YAHTZEE) -> int:
    """How many players (or games) a page holds: its columns shared by each player's card's columns."""
    return (LARGE_COLUMNS[layout] if large else COLUMNS) // len(game.columns)


def _large_geometry(
    layout: Layout, paper: Paper, columns: int, card: Card, part: int, grid: int, game: Game = YAHTZEE
) -> SheetGeometry:
    """One page of a large-print card: `part` 0 its upper section, 1 its lower. The lower section's rows
    are as tall as the page allows; the upper section's nine grow to fill the height down to the grand
    total, so both pages' grids end level (a series card's total alone hangs below, on its last page)."""
    if card != Card.FULL or part not in (0, 1):
        raise GeometryError(
            f"no large-print {card} card, part {part}; large print has full cards, parts 0 and 1"
        )
    most = players_per_page(layout, True, game) * len(game.columns)
    if not 1 <= columns <= most or (layout == "series" and columns != most):
        raise GeometryError(f"the large-print {layout} layout cannot have {columns} columns")
    grid_width = PAPER_SIZES_PT[paper][0] - 2 * METRICS["large"].margin_x
    # The label column keeps LARGE_LABEL_WIDTH even past LABEL_SHARE (45.3 % on one-player A4).
    widest = round((grid_width - LARGE_LABEL_WIDTH) / grid, 2)
    width = min(
        widest, _proportioned(round((grid_width - LARGE_LABEL_WIDTH) / max(grid, 2), 2), grid, grid_width)
    )
    metrics = METRICS["large"]
    sections = _rows_by_section(game)
    if len(game.columns) > 1:  # a card of several columns: see COMPACT_LOWER
        metrics = dataclasses.replace(metrics, bonus_rows=1.0)
        sections[Section.LOWER] = [row for row in sections[Section.LOWER] if not row.repeat]
    rows = len(sections[Section.LOWER]) + _extra_bonus_rows(metrics, game)  # to the grand total
    series = 1 if layout == "series" else 0  # and a series card's total, under the last three games
    geometry = _place(
        layout,
        paper,
        card,
        0,
        columns,
        width,
        metrics,
        LARGE_PARTS[1],
        rows + series,
        grid,
        game=game,
    )
    if geometry.row_height < MIN_LARGE_ROW_HEIGHT:
        raise GeometryError(f"large-print rows of {geometry.row_height:g} pt are under half an inch")
    if part == 0:  # the upper section's fewer rows grow, so its grid ends level with the grand total
        upper = len(sections[Section.UPPER])
        grown = geometry.row_height * rows / upper
        geometry = _place(
            layout, paper, card, 0, columns, width, metrics, LARGE_PARTS[0], upper, grid, grown, game
        )
    return dataclasses.replace(geometry, print_size=Print.LARGE)


def _place(
    layout: Layout,
    paper: Paper,
    card: Card,
    slot: int,
    columns: int,
    column_width: float,
    metrics: _CardMetrics,
    drawn: tuple[Section, ...],
    row_count: float,
    grid_columns: int,
    row_height: float | None = None,
    game: Game = YAHTZEE,
) -> SheetGeometry:
    """Every rectangle of a card whose `drawn` sections share the height left as `row_count` rows
    (or rows of `row_height`); `columns` of the `grid_columns` columns the label column leaves room
    for are drawn."""
    page_width, page_height = page_size(paper, card)
    card_width = page_width / 2 if card == "half" else page_width
    grid_x = slot * card_width + metrics.margin_x
    grid_width = card_width - 2 * metrics.margin_x
    label_width = round(grid_width - grid_columns * column_width, 2)
    columns_x = [round(grid_x + label_width + n * column_width, 2) for n in range(columns)]

    top = page_height - metrics.margin_top  # a cursor running down the page
    heading = Rect(grid_x, top - metrics.heading, grid_width, metrics.heading)
    top = heading.y
    line_y = top - metrics.lines
    if layout == "players":
        names, shares = ("title", "date", "game"), (0.5, 0.3, 0.2)
    else:
        names, shares = ("player", "title", "date"), (0.4, 0.35, 0.25)
    lines: dict[str, Rect] = {}
    x = grid_x
    for name, share in zip(names, shares, strict=True):
        width = round(grid_width * share, 2)
        lines[name] = Rect(x, line_y, width - (12.0 if name != names[-1] else 0.0), metrics.lines)
        x += width
    top = line_y - metrics.gap

    large = metrics.large
    head_height = metrics.head or (LARGE_HEAD_HEIGHT if large else HEAD_HEIGHT)[layout]
    heads = tuple(Rect(x, top - head_height, column_width, head_height) for x in columns_x)
    head_label = Rect(grid_x, top - head_height, label_width, head_height)
    grid_top = top
    top -= head_height

    sections = {section: rows for section, rows in _rows_by_section(game).items() if section in drawn}
    if large and len(game.columns) > 1:  # see COMPACT_LOWER
        sections = {section: [row for row in rows if not row.repeat] for section, rows in sections.items()}
    bonus_slug = Total.YAHTZEE_BONUS.value
    bottom_limit = metrics.margin_bottom + metrics.footer + FOOTER_GAP
    available = top - bottom_limit - metrics.band * len(sections)
    most = MAX_LARGE_ROW_HEIGHT if large else MAX_ROW_HEIGHT
    if row_height is None:
        row_height = min(most, float(int(available / row_count / metrics.row_step) * metrics.row_step))

    bands: dict[Section, Rect] = {}
    labels: dict[str, Rect] = {}
    cells: dict[str, tuple[Rect, ...]] = {}
    for section, rows in sections.items():
        bands[section] = Rect(grid_x, top - metrics.band, grid_width, metrics.band)
        top -= metrics.band
        for row in rows:
            height = row_height * (metrics.bonus_rows if row.slug == bonus_slug else 1.0)
            y = top - height
            labels[row.slug] = Rect(grid_x, y, label_width, height)
            cells[row.slug] = tuple(Rect(x, y, column_width, height) for x in columns_x)
            if row.key is CardTotal.CARD_TOTAL:  # one cell across each player's columns
                cells[row.slug] = _spanned(cells[row.slug], len(game.columns))
            top = y
    series_total = series_total_label = None
    if layout == "series" and Section.LOWER in sections:
        y = top - row_height
        series_total = Rect(columns_x[-1], y, column_width, row_height)
        series_total_label = Rect(grid_x, y, columns_x[-1] - grid_x, row_height)
        top = y
    grid = Rect(grid_x, top, grid_width, grid_top - top)
    label_area = Rect(grid_x, top, label_width, grid_top - top)

    if bonus_slug not in cells:  # a large-print card's upper page
        halves = []
    elif metrics.bonus_rows > 1:  # ticks above, points below
        halves = [
            (Rect(c.x, c.y + c.height / 2, c.width, c.height / 2), Rect(c.x, c.y, c.width, c.height / 2))
            for c in cells[bonus_slug]
        ]
    else:
        share = min(TICK_SHARE, 1 - POINTS_MIN_WIDTH / column_width)
        halves = [cell.split(share) for cell in cells[bonus_slug]]
    ticks, totals = tuple(zip(*halves, strict=True)) or ((), ())
    footer_y = metrics.margin_bottom if large else top - FOOTER_GAP - metrics.footer
    footer = Rect(grid_x, footer_y, grid_width, metrics.footer)
    return SheetGeometry(
        layout=layout,
        paper=paper,
        card=card,
        slot=slot,
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
