"""Blank score sheets: a column per player, or the classic six-game card.

Every box, line and field is placed from `sheetgen.layout.geometry`, the same
rectangles the fill path writes into, so the drawn grid and the geometry
cannot disagree. Labels and hints come from the rulebook and follow the
variant; names are user text and are only ever escaped, never parsed.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sheetgen.errors import GeometryError, TitleFitError
from sheetgen.forms.fields import (
    NAME,
    TICKS,
    Line,
    card_column,
    card_prefix,
    column_fields,
    game_column,
    line_field,
    lines_prefix,
    player_column,
    series_total_field,
)
from sheetgen.layout.fitting import (
    KIND_SIZE,
    LARGE_NAME_SIZES,
    LINE_LABEL_SIZE,
    LINE_LABELS,
    LINE_VALUE_SIZE,
    MIN_SIZE,
    Fitted,
    fit_row,
    line_write_in,
    mark_rise,
    text_width,
)
from sheetgen.layout.footer import Footer, set_footer
from sheetgen.layout.geometry import (
    FOOTER_LEADING,
    FOOTER_PADDING,
    FOOTER_SIZE,
    LARGE_COLUMNS,
    LARGE_PARTS,
    NO_LARGE_HALF_CARDS,
    Card,
    Layout,
    Paper,
    Print,
    Rect,
    SheetGeometry,
    layouts_for,
    page_size,
    players_per_page,
    sheet_geometry,
    split_evenly,
)
from sheetgen.rules.arguments import check_count, check_names, check_rules, check_title
from sheetgen.rules.boxes import (
    COLUMNS,
    MAX_GAMES_IN_SERIES,
    CardTotal,
    SheetRow,
    Total,
    card_rows,
    row_label,
    sheet_total_hint,
)
from sheetgen.rules.game import YAHTZEE, Game, Section
from sheetgen.rules.i18n import N_, _, ngettext
from sheetgen.rules.rulebook import box_hint, edition_line, edition_parts
from sheetgen.rules.text import NAME_EXCERPT, REPR, quote
from sheetgen.rules.variants import Rules

STYLESHEETS = ["scoresheet/scoresheet.css"]
LARGE_PRINT = "paper/large-print.css"  # after the sheet's own stylesheet: large print's sizes and contrast
HEADING_SIZES = {"full": 17.0, "half": 13.0, "large": 24.0}  # the title's size unless it must shrink to fit
MIN_HEADING_SIZES = {"full": 9.0, "half": 9.0, "large": 16.0}
BONUS_CAPTIONS = (N_("ticks"), N_("points"))  # the Yahtzee bonus cell's two halves
WIDE_LABEL = 300.0  # a label column this wide puts each hint beside its label
THIN = 0.6  # every cell edge, in points
THICK = 1.4  # the frame of each block: heads, each section, the grand total
LARGE_WEIGHTS = (1.0, 2.0)  # large print's cell edges and block frames: no rule under 1 pt
FIELD_INSET = 1.5  # a form field stays off the grid lines
SERIES_TOTAL_LABEL = N_("Series total")
SERIES_TOTAL_HINT = N_("add the six grand totals")
CAPTION_HEIGHT = 10.0  # the "Player 1" caption at the top of a head cell
WRITE_IN_RISE = 7.0  # the blank head's write-in line, above the head's foot
# A name field is one line (Okular's Tab cannot leave a multiline one) sized by the viewer to its
# height: one line's band standing on the write-in line gives a short name about the printed
# 12 pt and lets a long one shrink to fit the width.
NAME_FIELD_HEIGHT = 16.0
LARGE_NAME_FIELD_HEIGHT = 22.0  # large print's name field: 16 pt text, under a caption of up to two lines


# Triple Yahtzee's pads hold one game of one player a sheet, in three columns: its players sheet with
# --players 1 is that card, and six games of three columns would not fit a page.
TIMES = "\u00d7"  # the multiplication sign before a column's multiplier
ONE_GAME_A_CARD = "a card of several columns is one game; print the players sheet (--players 1 for one card)"


@dataclass(frozen=True)
class Column:
    """One column of one card: whose it is and the prefix of its field names.

    `name` None leaves a "Player N" write-in head; "" leaves the head empty,
    for a name the fill path prints there.
    """

    caption: str
    name: str | None
    field: str
    multiplier: str | None = None  # "\u00d72" over each column of a card of several columns
    title: str | None = None  # what its fields are called, when not its caption ("Player 1 \u00d72")
    first: bool = True  # the first column of its player's card: the card's grand total field is its


@dataclass(frozen=True)
class SheetCard:
    """One card: a players' page, or one six-game card (a page, or half of one).

    `prefix` is the six-game card's own field prefix (its series total's).
    """

    number: int
    columns: list[Column]
    lines_prefix: str
    player: str | None = None
    prefix: str = ""
    series_total: bool = True  # False on a large-print card's first three games


def _box(rect: Rect, page_height: float) -> str:
    """CSS absolute position of a geometry rectangle (top-left origin)."""
    top = page_height - rect.top
    return f"left:{rect.x:.2f}pt;top:{top:.2f}pt;width:{rect.width:.2f}pt;height:{rect.height:.2f}pt"


def _segments(rect: Rect) -> Iterator[tuple[float, float, float, float]]:
    yield (rect.x, rect.top, rect.right, rect.top)
    yield (rect.x, rect.y, rect.right, rect.y)
    yield (rect.x, rect.y, rect.x, rect.top)
    yield (rect.right, rect.y, rect.right, rect.top)


def _line_style(segment: tuple[float, float, float, float], weight: float, page_height: float) -> str:
    """A grid line as a filled box centred on its segment, so it straddles the cell edge."""
    x1, y1, x2, y2 = segment
    half = weight / 2
    rect = Rect(x1 - half, y1 - half, x2 - x1 + weight, y2 - y1 + weight)
    return _box(rect, page_height)


def _field_style(rect: Rect, kind: str, geometry: SheetGeometry) -> str:
    """A form field inside its write-in area, off the grid lines and the head's caption."""
    large = geometry.print_size == Print.LARGE
    if kind == "head":
        room = rect.height - CAPTION_HEIGHT - WRITE_IN_RISE
        height = LARGE_NAME_FIELD_HEIGHT if large else NAME_FIELD_HEIGHT
        rect = Rect(rect.x, rect.y + WRITE_IN_RISE, rect.width, min(height, room))
    elif kind == "bonus":
        rect = Rect(rect.x, rect.y, rect.width, rect.height - geometry.bonus_caption_height)
    elif kind == "line":
        rect = Rect(rect.x, rect.y + THIN, rect.width, rect.height - 8.0)
    return _box(rect.inset(FIELD_INSET), geometry.page_height)


def grid_lines(
    geometry: SheetGeometry, columns: int, series_total: bool = True, game: Game = YAHTZEE
) -> list[tuple[float, float, float, float, float]]:
    """Every line of the grid as (x1, y1, x2, y2, weight), for the `columns` drawn columns.

    Each cell contributes its four edges; collinear edges that touch are merged
    into one line, so the page holds a few dozen lines rather than hundreds.
    """
    cells: list[Rect] = list(geometry.heads[:columns])
    blocks = [_span(geometry.heads[0], geometry.heads[columns - 1])]
    for section in geometry.bands:
        rows = [row for row in card_rows(game) if row.section is section and row.slug in geometry.labels]
        for row in rows:
            cells += [geometry.labels[row.slug], *geometry.cells[row.slug][:columns]]
        blocks.append(_span(geometry.bands[section], geometry.cells[rows[-1].slug][columns - 1]))
    for grand in (Total.GRAND_TOTAL.value, CardTotal.CARD_TOTAL.value):
        if grand in geometry.cells:
            blocks.append(_span(geometry.labels[grand], geometry.cells[grand][columns - 1]))
    width = len(game.columns)
    if width > 1:  # each player's columns framed together, heads to the card's total
        last = [row.slug for row in card_rows(game) if row.slug in geometry.cells][-1]
        for start in range(0, columns, width):
            blocks.append(_span(geometry.heads[start], geometry.cells[last][start + width - 1]))
    if geometry.series_total is not None and series_total:
        blocks.append(geometry.series_total)
    thin, thick = LARGE_WEIGHTS if geometry.print_size == Print.LARGE else (THIN, THICK)
    lines = _merge([s for cell in cells for s in _segments(cell)], thin)
    return lines + _merge([s for block in blocks for s in _segments(block)], thick)


def _merge(segments: list[tuple[float, float, float, float]], weight: float) -> list[tuple[float, ...]]:
    """Collinear horizontal or vertical segments that touch or overlap, joined into one."""
    runs: dict[tuple[bool, float], list[list[float]]] = {}
    for x1, y1, x2, y2 in segments:
        horizontal = y1 == y2
        at, start, end = (y1, x1, x2) if horizontal else (x1, y1, y2)
        runs.setdefault((horizontal, round(at, 3)), []).append([start, end])
    merged = []
    for (horizontal, at), spans in sorted(runs.items()):
        spans.sort()
        joined = [spans[0]]
        for start, end in spans[1:]:
            if start <= joined[-1][1] + 0.01:
                joined[-1][1] = max(joined[-1][1], end)
            else:
                joined.append([start, end])
        for start, end in joined:
            merged.append((start, at, end, at, weight) if horizontal else (at, start, at, end, weight))
    return merged


def _span(first: Rect, last: Rect) -> Rect:
    """The rectangle from the top-left of `first` to the bottom-right of `last`."""
    return Rect(first.x, last.y, last.right - first.x, first.top - last.y)


def _css_sizes(style: str) -> str:
    """The sizes this module measures with, as CSS custom properties, so the stylesheet cannot drift."""
    sizes = {
        "line-label-size": LINE_LABEL_SIZE[style],
        "kind-size": KIND_SIZE[style],
        "write-in-rise": WRITE_IN_RISE,
    }
    return "; ".join(f"--{name}: {size:g}pt" for name, size in sizes.items())


def sheet_kind(layout: Layout) -> str:
    """What the heading calls the sheet, beside its title, in the active language."""
    if layout == Layout.PLAYERS:
        return _("Score sheet")
    return ngettext("Series card, %(n)s game", "Series card, %(n)s games", MAX_GAMES_IN_SERIES)


def kind_in_corner(geometry: SheetGeometry) -> bool:
    """Whether the kind of sheet stands in the table's top-left corner, above the labels, rather than
    beside the title: on a six-game card, whose corner is empty, so the title keeps the whole line."""
    return geometry.layout == Layout.SERIES and geometry.print_size != Print.LARGE


def heading_size(title: str, geometry: SheetGeometry, kind: str) -> float:
    """The title's size: the one size of its sheet's kind (HEADING_SIZES), smaller only for a title
    wider than its line. The kind shares the line on a players sheet; a six-game card has it in its
    corner, and large print on a line of its own."""
    room = geometry.heading.width - text_width(kind.upper(), KIND_SIZE[geometry.style]) * 1.1 - 12.0
    if geometry.style == "large" or kind_in_corner(geometry):
        room = geometry.heading.width - 4.0
    size = HEADING_SIZES[geometry.style]
    while text_width(title, size) > room:
        size -= 0.5
        if size < MIN_HEADING_SIZES[geometry.style]:
            raise TitleFitError(
                f"the title {quote(title, NAME_EXCERPT, REPR)} does not fit the sheet's heading; shorten it"
            )
    return size


def clean_name(name: str) -> str:
    """A checked name or title on one line: runs of spaces made one, as the heads print them."""
    return " ".join(name.split())


def _player_columns(number: int, name: str | None, game: Game) -> list[Column]:
    """A player's columns: one, or one per multiplier of a card of several, the name over the first."""
    caption = _("Player %(n)s", n=number)
    if len(game.columns) == 1:
        return [Column(caption, name, player_column(number))]
    return [
        Column(
            caption if k == 1 else "",
            name if k == 1 else "",
            card_column(number, k),
            f"{TIMES}{multiplier}",
            f"{caption} {TIMES}{multiplier}",
            k == 1,
        )
        for k, multiplier in enumerate(game.columns, 1)
    ]


def _cards(
    layout: str, card: str, columns: int, names: Sequence[str], large: bool = False, game: Game = YAHTZEE
) -> list[SheetCard]:
    """The cards to draw: players split evenly over pages, or one six-game card each.

    In large print a card holds at most four players, and each six-game card
    is two cards of three games, the series total on the second. A game of
    several columns gives each player that many columns side by side.
    """
    if layout == "players":
        count = max(columns, len(names))
        cards, start = [], 0
        for number, size in enumerate(split_evenly(count, players_per_page(layout, large, game)), 1):
            page = [
                column
                for n in range(start, start + size)
                for column in _player_columns(n + 1, names[n] if n < len(names) else None, game)
            ]
            cards.append(SheetCard(number, page, lines_prefix(number, half=False)))
            start += size
        return cards
    count = max(columns, len(names))
    half = card == "half"
    if half:  # two to a sheet; the first card's fields keep the plain names
        count += count % 2
    cards = [
        SheetCard(
            n,
            [
                Column(_("Game %(n)s", n=g), None, game_column(card_prefix(n, count, half), g))
                for g in range(1, 7)
            ],
            lines_prefix(n, half),
            names[n - 1] if n <= len(names) else None,
            card_prefix(n, count, half),
        )
        for n in range(1, count + 1)
    ]
    if not large:
        return cards
    games = LARGE_COLUMNS[layout]
    return [
        dataclasses.replace(
            each, columns=each.columns[start : start + games], series_total=start + games == COLUMNS
        )
        for each in cards
        for start in range(0, COLUMNS, games)
    ]


class RowKind(enum.StrEnum):
    """How a row is drawn (and its class in the template)."""

    BOX = "box"
    BONUS = "bonus"
    TOTAL = "total"  # tinted
    GRAND = "grand"  # the heavier grand total


def row_kind(row: SheetRow) -> RowKind:
    if row.key in (Total.GRAND_TOTAL, CardTotal.CARD_TOTAL):
        return RowKind.GRAND
    if row.key in (Total.UPPER_BONUS, Total.YAHTZEE_BONUS):
        return RowKind.BONUS
    return RowKind.TOTAL if row.is_total else RowKind.BOX


def sheet_row_hint(row: SheetRow, rules: Rules) -> str:
    """The hint of any row of the game's sheet, box or total."""
    if row.is_total:
        return sheet_total_hint(row.key, rules.game)
    return box_hint(row.key, rules)


def _rows(rules: Rules) -> list[dict[str, object]]:
    """Each row's label, variant-dependent hint and drawing kind, top to bottom; `rise`: how far (in ems)
    a mark over one of the label's letters rises above plain letters (a total's capitals sit lower anyway)."""
    game = rules.game
    rows = []
    for r in card_rows(game):
        label, kind = row_label(r, game), row_kind(r)
        rise = mark_rise(label) if kind in (RowKind.BOX, RowKind.BONUS) else 0.0
        rows.append(dict(row=r, label=label, hint=sheet_row_hint(r, rules), kind=kind, rise=rise))
    return rows


def _fit_heads(geometry: SheetGeometry, page: list[Column]) -> Fitted | None:
    """One size for every printed name on the page, each name broken into lines."""
    named = [column.name for column in page if column.name]
    if not named:
        return None
    if geometry.print_size == Print.LARGE:
        return fit_row(named, geometry.heads[0], LARGE_NAME_SIZES[0], min_size=LARGE_NAME_SIZES[1])
    return fit_row(named, geometry.heads[0])


def _footer(rules: Rules, geometry: SheetGeometry, number: int, pages: int) -> Footer:
    """A card's footer: the page number (on a sheet of pages) and the edition left, the notice right."""
    size = FOOTER_SIZE[geometry.style]
    lines = int((geometry.footer.height - FOOTER_PADDING) / (size * FOOTER_LEADING))
    page = [_("Page %(page)s of %(pages)s", page=number, pages=pages)] if pages > 1 else []
    game = [] if rules.game is YAHTZEE else [rules.game.title]  # Yahtzee's title says so already
    edition = (
        (edition_parts(rules), edition_parts(rules, short=True)) if rules.game.takes_jokers else ([], [])
    )
    return set_footer(
        page + game + edition[0],
        page + game + edition[1],
        rules.game.notice,
        geometry.footer.width,
        size,
        lines,
    )


def card_context(geometry: SheetGeometry, card: SheetCard, game: Game = YAHTZEE) -> dict[str, object]:
    """What one card's template needs: its columns, heads, lines and field names."""
    page = card.columns
    fitted = _fit_heads(geometry, page)
    named = iter(fitted.lines if fitted else ())
    heads = []
    for column, rect in zip(page, geometry.heads, strict=False):
        lines = next(named) if column.name else ()
        heads.append({"column": column, "rect": rect, "lines": lines})
    lines = []
    for key, rect in geometry.lines.items():
        write_in = line_write_in(geometry, key)
        value = card.player if key == "player" else None
        sizes = LARGE_NAME_SIZES if geometry.print_size == Print.LARGE else (LINE_VALUE_SIZE, MIN_SIZE)
        fit = fit_row([value], write_in, sizes[0], "the player line", sizes[1]) if value else None
        lines.append(
            {
                "label": _(LINE_LABELS[key]),
                "rect": rect,
                "write_in": write_in,
                "field": line_field(card.lines_prefix, Line(key)),
                "value": fit.lines[0] if fit else None,
                "size": fit.size if fit else None,
            }
        )
    series_field = None
    if geometry.layout == "series":
        series_field = series_total_field(card.prefix)
    last = geometry.heads[len(page) - 1]
    bands = {
        section: _span(band, Rect(last.x, band.y, last.width, band.height))
        for section, band in geometry.bands.items()
    }
    tints = [
        (row_kind(row), _span(geometry.labels[row.slug], geometry.cells[row.slug][len(page) - 1]))
        for row in card_rows(game)
        if row_kind(row) in (RowKind.TOTAL, RowKind.GRAND) and row.slug in geometry.labels
    ]
    return {
        "geometry": geometry,
        "number": card.number,
        "bands": bands,
        "tints": tints,
        "columns": page,
        "heads": heads,
        "name_size": fitted.size if fitted else None,
        "lines": lines,
        "grid_lines": grid_lines(geometry, len(page), card.series_total, game),
        "series_field": series_field,
        "series_total": geometry.series_total is not None and card.series_total,
        "fields": [column_fields(column.field, game) for column in page],
    }


def render_scoresheet(
    rules: Rules,
    layout: Layout | str = Layout.PLAYERS,
    paper: Paper | str = Paper.LETTER,
    *,
    columns: int | None = None,
    names: Sequence[str] = (),
    title: str | None = None,
    card: Card | str = Card.FULL,
    fillable: bool = False,
    print_size: Print | str = Print.STANDARD,
) -> bytes:
    """A blank score sheet as PDF bytes.

    `columns` is the number of players (players layout, 1 to 6, default 6)
    or of series cards (series layout, 1 to 6, default 1, or the two of one
    sheet of half cards); given names add columns or cards as needed, up to
    60. Players share the page's width, six at most to a page, more split
    evenly over pages. `title` replaces the variant's title in the heading.
    Names and title are checked as `sheetgen scoresheet` checks --names and
    --title (an empty name leaves its head blank); any bad argument is a
    SheetgenError, such as NameFitError or TitleFitError for a name or title
    that cannot fit. `print_size="large"` makes the large-print sheet: 16 pt
    text and half-inch rows, four players or three games to a page, each
    card's upper section on one page and its lower on the next.
    """
    rules = check_rules(rules)
    layout, paper, card = Layout.of(layout), Paper.of(paper), Card.of(card)
    if card == Card.HALF and layout != Layout.SERIES:
        raise GeometryError(f"no half card for the {layout} layout; half cards are series cards")
    large = Print.of(print_size) == Print.LARGE
    if large and card == Card.HALF:
        raise GeometryError(f"large print has no half cards: {NO_LARGE_HALF_CARDS}")
    if layout not in layouts_for(rules.game):
        raise GeometryError(f"{rules.game.title} has no six-game card: {ONE_GAME_A_CARD}")
    if columns is not None:
        columns = check_count(columns, "columns", 1, COLUMNS)
    names = [clean_name(name) for name in check_names(names, blank=True)]
    title = check_title(title)
    from sheetgen.pdf.render import render_pdf, rendering  # WeasyPrint: only when a sheet is drawn

    if title is not None:
        rules = dataclasses.replace(rules, custom_title=clean_name(title))
    game = rules.game
    default = COLUMNS // len(game.columns) if layout == "players" else 1  # a page of players
    cards = _cards(layout, card, columns or (0 if names else default), names, large, game)
    kind = sheet_kind(layout)
    per_page = 2 if card == "half" else 1
    pages = []
    for start in range(0, len(cards), per_page):
        for part in range(len(LARGE_PARTS)) if large else (0,):
            drawn = []
            for slot, each in enumerate(cards[start : start + per_page]):
                count = len(each.columns) if layout == "players" or large else COLUMNS
                grid = len(cards[0].columns) if layout == "players" else count  # every page on one grid
                geometry = sheet_geometry(layout, paper, count, card, slot, print_size, part, grid, game)
                drawn.append(card_context(geometry, each, game))
            pages.append({"number": len(pages) + 1, "cards": drawn})
    for page in pages:
        for each in page["cards"]:
            each["footer"] = _footer(rules, each["geometry"], page["number"], len(pages))
    first = pages[0]["cards"][0]["geometry"]
    width, height = page_size(paper, card)
    pdf = render_pdf(
        "scoresheet/scoresheet.html",
        [*STYLESHEETS, LARGE_PRINT] if large else STYLESHEETS,
        paper,
        forms=fillable,
        title=rules.title,
        title_size=heading_size(rules.title, first, kind),
        document_title=_("%(title)s — %(kind)s", title=rules.title, kind=kind),  # never lowered: German nouns
        kind=kind,
        kind_in_corner=kind_in_corner(first),
        card=card,
        sizes=_css_sizes(first.style),
        large_print=large,
        page_width=width,
        edition=edition_line(rules),
        layout=layout,
        rows=_rows(rules),
        pages=pages,
        fillable=fillable,
        box=lambda rect: _box(rect, height),
        line=lambda line: _line_style(line[:4], line[4], height),
        field=_field_style,
        series_total_label=_(SERIES_TOTAL_LABEL),
        series_total_hint=_(SERIES_TOTAL_HINT),
        bonus_captions=[_(caption) for caption in BONUS_CAPTIONS],
        wide_label=float("inf") if large else WIDE_LABEL,  # large print: each hint under its label
        sections={section: section.label for section in Section},
        yahtzee_bonus=Total.YAHTZEE_BONUS.value,
        card_total=CardTotal.CARD_TOTAL.value,
        ticks_key=TICKS,
        name_key=NAME,
    )
    if not fillable:
        return pdf
    from sheetgen.forms.fields import SheetInfo
    from sheetgen.forms.maker import make_fillable  # pypdf: only for a form

    with rendering():  # the form's font subset too: fontTools' report quiet, SOURCE_DATE_EPOCH set
        return make_fillable(pdf, SheetInfo.of(rules, layout, paper, tuple(names)), print_size, rules.game)
