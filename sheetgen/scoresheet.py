"""Blank score sheets: six players to a page, or the classic six-game card.

Every box, line and field is placed from `sheetgen.geometry`, the same
rectangles the fill path writes into, so the drawn grid and the geometry
cannot disagree. Labels and hints come from the rulebook and follow the
variant; names are user text and are only ever escaped, never parsed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from fontTools.ttLib import TTFont

from sheetgen.fillable import SheetInfo, make_fillable
from sheetgen.geometry import COLUMNS, LAYOUTS, Rect, SheetGeometry, sheet_geometry
from sheetgen.html import TEMPLATES_DIR, render_pdf
from sheetgen.model import MAX_GAMES_IN_SERIES, SHEET_ROWS, Section, SheetRow, Total
from sheetgen.rulebook import edition_line, row_hint
from sheetgen.variants import Rules

STYLESHEETS = ["scoresheet/scoresheet.css"]
NAME_FONT = TEMPLATES_DIR / "fonts" / "DejaVuSansCondensed-Bold.ttf"  # "Sheet Condensed" bold
NAME_SIZES = (12.0, 11.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0)
NAME_LEADING = 1.15
NAME_PADDING = 2.5
THIN = 0.6  # every cell edge, in points
THICK = 1.4  # the frame of each block: heads, each section, the grand total
FIELD_INSET = 1.5  # a form field stays off the grid lines
SERIES_TOTAL_LABEL = "Series total"
SERIES_TOTAL_HINT = "add the six grand totals"
LINE_LABEL_SIZE = 9.0  # matches .line-label in scoresheet.css
CAPTION_HEIGHT = 10.0  # the "Player 1" caption at the top of a head cell
LINE_LABELS = {"title": "Title", "date": "Date", "game": "Game no.", "player": "Player"}


@dataclass(frozen=True)
class Column:
    """One column of one page: whose it is and the prefix of its field names."""

    caption: str
    name: str | None
    field: str


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


def _field_style(rect: Rect, kind: str, page_height: float) -> str:
    """A form field inside its write-in area, off the grid lines and the head's caption."""
    if kind == "head":
        rect = Rect(rect.x, rect.y, rect.width, rect.height - CAPTION_HEIGHT)
    elif kind == "line":
        rect = Rect(rect.x, rect.y + THIN, rect.width, rect.height - 8.0)
    return _box(rect.inset(FIELD_INSET), page_height)


def grid_lines(geometry: SheetGeometry, columns: int) -> list[tuple[float, float, float, float, float]]:
    """Every line of the grid as (x1, y1, x2, y2, weight), for the `columns` drawn columns.

    Each cell contributes its four edges; collinear edges that touch are merged
    into one line, so the page holds a few dozen lines rather than hundreds.
    """
    cells: list[Rect] = list(geometry.heads[:columns])
    blocks = [_span(geometry.heads[0], geometry.heads[columns - 1])]
    for section in Section:
        rows = [row for row in SHEET_ROWS if row.section is section]
        for row in rows:
            cells += [geometry.labels[row.slug], *geometry.cells[row.slug][:columns]]
        blocks.append(_span(geometry.bands[section], geometry.cells[rows[-1].slug][columns - 1]))
    grand = geometry.cells[Total.GRAND_TOTAL.value]
    blocks.append(_span(geometry.labels[Total.GRAND_TOTAL.value], grand[columns - 1]))
    if geometry.series_total is not None:
        blocks.append(geometry.series_total)
    lines = _merge([s for cell in cells for s in _segments(cell)], THIN)
    return lines + _merge([s for block in blocks for s in _segments(block)], THICK)


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


@cache
def _name_font() -> tuple[dict[int, str], dict[str, tuple[int, int]], int]:
    font = TTFont(NAME_FONT, lazy=True)
    return font.getBestCmap(), dict(font["hmtx"].metrics), font["head"].unitsPerEm


def text_width(text: str, size: float) -> float:
    """The width of `text` in the name font; a glyph it lacks counts a full em."""
    cmap, metrics, units = _name_font()
    total = 0.0
    for char in text:
        glyph = cmap.get(ord(char))
        if glyph is None or unicodedata.east_asian_width(char) in "WF":
            total += units
        else:
            total += metrics[glyph][0]
    return total * size / units


def _lines_needed(name: str, size: float, width: float) -> int:
    """Lines the name takes when wrapped at spaces, or anywhere in a too-long word."""
    lines, used = 1, 0.0
    space = text_width(" ", size)
    for word in name.split(" "):
        word_width = text_width(word, size)
        if used and used + space + word_width <= width:
            used += space + word_width
            continue
        if used:
            lines, used = lines + 1, 0.0
        for char in word:
            char_width = text_width(char, size)
            if used + char_width > width and used:
                lines, used = lines + 1, 0.0
            used += char_width
    return lines


def name_size(name: str, cell: Rect) -> float:
    """The largest font size at which a name fits its head cell, wrapped if need be."""
    width = cell.width - 2 * NAME_PADDING - 1.0
    height = cell.height - 2 * NAME_PADDING
    for size in NAME_SIZES:
        if _lines_needed(name, size, width) * size * NAME_LEADING <= height:
            return size
    return NAME_SIZES[-1]


def clean_name(name: str) -> str:
    """A name on one line: control characters dropped, runs of spaces made one."""
    printable = "".join(" " if unicodedata.category(c).startswith("C") else c for c in name)
    return " ".join(printable.split())


def _pages(layout: str, columns: int, names: Sequence[str]) -> list[list[Column]]:
    """The columns of each page: players six to a page, or one series card per player."""
    if layout == "players":
        count = max(columns, len(names))
        pages = []
        for start in range(0, count, COLUMNS):
            pages.append(
                [
                    Column(
                        f"Player {n + 1}",
                        names[n] if n < len(names) else None,
                        f"p{n + 1}.",
                    )
                    for n in range(start, min(start + COLUMNS, count))
                ]
            )
        return pages
    cards = max(columns, len(names))
    return [
        [Column(f"Game {g}", None, f"p{card + 1}.g{g}." if cards > 1 else f"g{g}.") for g in range(1, 7)]
        for card in range(cards)
    ]


def row_kind(row: SheetRow) -> str:
    """How a row is drawn: a box, a bonus, a tinted total or the heavier grand total."""
    if row.key is Total.GRAND_TOTAL:
        return "grand"
    if row.key in (Total.UPPER_BONUS, Total.YAHTZEE_BONUS):
        return "bonus"
    return "total" if row.is_total else "box"


def _rows(rules: Rules) -> list[dict[str, object]]:
    """Each row's label, variant-dependent hint and drawing kind, top to bottom."""
    return [dict(row=r, label=r.label, hint=row_hint(r, rules), kind=row_kind(r)) for r in SHEET_ROWS]


def line_write_in(geometry: SheetGeometry, key: str) -> Rect:
    """The part of a title, date, game or player line after its printed label."""
    rect = geometry.lines[key]
    label_width = text_width(LINE_LABELS[key], LINE_LABEL_SIZE) + 4.0
    return Rect(rect.x + label_width, rect.y, rect.width - label_width, rect.height)


def page_context(
    geometry: SheetGeometry, page: list[Column], number: int, names: Sequence[str]
) -> dict[str, object]:
    """What one page's template needs: its columns, heads and field names."""
    heads = []
    for column, rect in zip(page, geometry.heads, strict=False):
        size = name_size(column.name, rect) if column.name else None
        heads.append({"column": column, "rect": rect, "size": size})
    prefix = "" if number == 1 else f"page{number}."
    player = None
    if geometry.layout == "series" and number <= len(names):
        player = names[number - 1]
    lines = []
    for key, rect in geometry.lines.items():
        write_in = line_write_in(geometry, key)
        value = player if key == "player" else None
        size = name_size(value, write_in) if value else None
        lines.append(
            {
                "label": LINE_LABELS[key],
                "rect": rect,
                "write_in": write_in,
                "field": prefix + key,
                "value": value,
                "size": size,
            }
        )
    series_field = None
    if geometry.layout == "series":
        series_field = page[0].field.removesuffix("g1.") + "series_total"
    last = geometry.heads[len(page) - 1]
    bands = {
        section: _span(band, Rect(last.x, band.y, last.width, band.height))
        for section, band in geometry.bands.items()
    }
    tints = [
        (row_kind(row), _span(geometry.labels[row.slug], geometry.cells[row.slug][len(page) - 1]))
        for row in SHEET_ROWS
        if row_kind(row) in ("total", "grand")
    ]
    return {
        "number": number,
        "bands": bands,
        "tints": tints,
        "columns": page,
        "heads": heads,
        "lines": lines,
        "grid_lines": grid_lines(geometry, len(page)),
        "series_field": series_field,
    }


def render_scoresheet(
    rules: Rules,
    layout: str = "players",
    paper: str = "letter",
    *,
    columns: int | None = None,
    names: Sequence[str] = (),
    fillable: bool = False,
) -> bytes:
    """A blank score sheet as PDF bytes.

    `columns` is the number of players (players layout, default 6) or of
    series cards (series layout, default 1); given names add columns or
    cards as needed, six players to a page.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; layouts: {', '.join(LAYOUTS)}")
    names = [clean_name(name) for name in names]
    default = COLUMNS if layout == "players" else 1
    geometry = sheet_geometry(layout, paper)
    pages = _pages(layout, columns or (0 if names else default), names)
    kind = "Score sheet" if layout == "players" else f"Series card, {MAX_GAMES_IN_SERIES} games"
    page_height = geometry.page_height
    pdf = render_pdf(
        "scoresheet/scoresheet.html",
        STYLESHEETS,
        paper,
        forms=fillable,
        title=rules.title,
        document_title=f"{rules.title} — {kind.lower()}",
        kind=kind,
        edition=edition_line(rules),
        geometry=geometry,
        rows=_rows(rules),
        pages=[page_context(geometry, page, n, names) for n, page in enumerate(pages, 1)],
        fillable=fillable,
        box=lambda rect: _box(rect, page_height),
        line=lambda line: _line_style(line[:4], line[4], page_height),
        field=lambda rect, kind: _field_style(rect, kind, page_height),
        series_total_label=SERIES_TOTAL_LABEL,
        series_total_hint=SERIES_TOTAL_HINT,
        sections={section: section.label for section in Section},
        yahtzee_bonus=Total.YAHTZEE_BONUS.value,
    )
    if not fillable:
        return pdf
    return make_fillable(pdf, SheetInfo.of(rules, layout, paper, tuple(names)))
