"""Finished games printed on the very score sheet a player would have used.

The blank sheet of the record's variant, layout and paper is rendered by
WeasyPrint once per run and carried into each ReportLab document as a form
(`sheetgen.pdfform`); ReportLab draws the numbers on top, each centred in its
cell from the shared geometry. User text is drawn as plain strings, never
parsed as markup.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from io import BytesIO

from bidi import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from sheetgen.geometry import COLUMNS, Rect, SheetGeometry, sheet_geometry
from sheetgen.glyphs import glyph_warning
from sheetgen.html import AUTHOR, LANG
from sheetgen.model import SHEET_ROWS, Box, Total
from sheetgen.pdfform import ImportedPage
from sheetgen.records import Game, PlayerGame, Record, quote
from sheetgen.resources import TEMPLATES_DIR
from sheetgen.scoresheet import CAPTION_HEIGHT, line_write_in, render_scoresheet
from sheetgen.variants import Rules

FONT = "SheetSans"
BOLD = "SheetSans-Bold"
FONT_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
TEXT_SIZE = 10.0
MIN_TEXT_SIZE = 3.0
LEADING = 1.15
PADDING = 3.0
CAP_HEIGHT = 0.73  # DejaVu Sans capitals and digits, as a share of the size
TICK = "\u2713"
STAR = "\u2605"


@cache
def _fonts() -> None:
    """Register the sheet's own fonts with ReportLab once per process."""
    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(TEMPLATES_DIR / "fonts" / file)))


def _visual(text: str) -> str:
    """Right-to-left runs put in the order they are seen, for a left-to-right canvas."""
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        return get_display(text)
    return text


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break at spaces where possible, inside a word where it must."""
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and pdfmetrics.stringWidth(candidate, font, size) <= width:
            lines[-1] = candidate
            continue
        piece = ""
        for char in word:
            if piece and pdfmetrics.stringWidth(piece + char, font, size) > width:
                lines.append(piece)
                piece = ""
            piece += char
        lines.append(piece)
    return lines


@lru_cache(maxsize=1024)
def fit_text(
    text: str, box: Rect, font: str = BOLD, size: float = TEXT_SIZE
) -> tuple[float, tuple[str, ...]]:
    """The largest size, and its lines, at which the whole text fits the box."""
    width, height = box.width, box.height
    while size > MIN_TEXT_SIZE:
        lines = _wrap(text, font, size, width)
        if len(lines) * size * LEADING <= height:
            return size, tuple(lines)
        size -= 0.5
    return MIN_TEXT_SIZE, tuple(_wrap(text, font, MIN_TEXT_SIZE, width))


@lru_cache(maxsize=4096)
def _centred_fit(text: str, width: float, font: str, size: float) -> tuple[float, float]:
    """The size (shrunk if need be) and width of a value; scores repeat, so cache."""
    drawn = pdfmetrics.stringWidth(text, font, size)
    while drawn > width and size > MIN_TEXT_SIZE:
        size -= 0.5
        drawn = pdfmetrics.stringWidth(text, font, size)
    return size, drawn


@dataclass
class _Page:
    """Drawing helpers for one page of the overlay."""

    canvas: Canvas
    geometry: SheetGeometry
    value_size: float = field(init=False)

    def __post_init__(self) -> None:
        self.value_size = self.geometry.value_size

    def centred(self, text: str, box: Rect, font: str = FONT, size: float | None = None) -> None:
        size, width = _centred_fit(text, box.width - 2 * PADDING, font, size or self.value_size)
        self.canvas.setFont(font, size)
        x, y = box.center
        self.canvas.drawString(x - width / 2, y - size * CAP_HEIGHT / 2, text)

    def block(self, text: str, box: Rect, align: str = "centre") -> None:
        """User text, shrunk and wrapped until all of it fits `box`."""
        inner = box.inset(PADDING, PADDING / 2)
        size, lines = fit_text(_visual(text), inner)
        self.canvas.setFont(BOLD, size)
        leading = size * LEADING
        top = inner.center[1] + len(lines) * leading / 2
        for n, line in enumerate(lines):
            baseline = top - (n + 1) * leading + (leading - size * CAP_HEIGHT) / 2
            if align == "left":
                self.canvas.drawString(inner.x, baseline, line)
            else:
                self.canvas.drawCentredString(inner.center[0], baseline, line)

    def winner(self, total: int, box: Rect) -> None:
        """A winning total: a star, then the number, with a ring round both, inside the cell."""
        inner = box.inset(3.0)
        star_size = self.value_size * 0.8
        star_x = inner.x + inner.height / 3
        self.canvas.setFont(BOLD, star_size)
        self.canvas.drawString(star_x, box.center[1] - star_size * CAP_HEIGHT / 2, STAR)
        number_x = star_x + pdfmetrics.stringWidth(STAR, BOLD, star_size)
        number_right = inner.right - inner.height / 3
        self.centred(str(total), Rect(number_x, box.y, number_right - number_x, box.height), BOLD)
        self.canvas.setLineWidth(1.2)
        self.canvas.roundRect(inner.x, inner.y, inner.width, inner.height, inner.height / 2)

    def column(self, column: int, player: PlayerGame, winner: bool) -> None:
        totals = player.totals
        for row in SHEET_ROWS:
            cell = self.geometry.cell(row, column)
            if isinstance(row.key, Box):
                self.centred(str(player.card.boxes[row.key]), cell)
            elif row.key is Total.YAHTZEE_BONUS:
                self.ticks(totals.yahtzee_bonuses, self.geometry.yahtzee_ticks[column])
                self.centred(str(totals.yahtzee_bonus), self.geometry.yahtzee_totals[column], BOLD)
            elif row.key is Total.GRAND_TOTAL and winner:
                self.winner(totals.grand_total, cell)
            else:
                self.centred(str(totals[row.key]), cell, BOLD)

    def ticks(self, count: int, box: Rect) -> None:
        if not count:
            return
        marks = TICK * count
        if pdfmetrics.stringWidth(marks, FONT, self.value_size) > box.width - 2 * PADDING:
            marks = f"{count}{TICK}"
        self.centred(marks, box)

    def line(self, key: str, text: str | None) -> None:
        if text:
            self.block(text, line_write_in(self.geometry, key), align="left")


class Filler:
    """Prints records; renders each blank sheet once per run and reuses it."""

    def __init__(self, paper: str = "letter") -> None:
        self.paper = paper
        self._blanks: dict[tuple[Rules, str, int], list[ImportedPage]] = {}
        _fonts()

    def blank(self, rules: Rules, layout: str, pages: int = 1) -> list[ImportedPage]:
        """The blank sheet's pages, rendered once per rules, layout and page count.

        Players' sheets number their pages and captions ("Player 7", "Page 2
        of 2"), so a record of seven players uses a two-page blank.
        """
        key = (rules, layout, pages)
        if key not in self._blanks:
            columns = COLUMNS * pages if layout == "players" else 1
            pdf = render_scoresheet(rules, layout, self.paper, columns=columns)
            self._blanks[key] = [ImportedPage(pdf, n) for n in range(pages)]
        return self._blanks[key]

    def warnings(self, record: Record) -> list[str]:
        """One line per name or title with characters the font cannot draw."""
        texts = [("the title", record.title or "")] + [(f"player {quote(n)}", n) for n in record.player_names]
        font = TEMPLATES_DIR / "fonts" / FONT_FILES[BOLD]
        found = (glyph_warning(f"{record.source}: {what}", text, font) for what, text in texts)
        return [line for line in found if line]

    def draw(self, canvas: Canvas, record: Record) -> None:
        """Every page of one record, appended to `canvas`."""
        if record.is_series:
            self._draw_series(canvas, record)
        else:
            self._draw_game(canvas, record, record.games[0])

    def _start(self, canvas: Canvas, record: Record, blank: ImportedPage, layout: str) -> _Page:
        canvas.setPageSize(blank.size)
        blank.draw(canvas)
        drawn = _Page(canvas, sheet_geometry(layout, self.paper))
        drawn.line("title", record.title)
        drawn.line("date", record.date)
        return drawn

    def _draw_game(self, canvas: Canvas, record: Record, game: Game) -> None:
        winners = set(game.winners)
        blanks = self.blank(record.rules, "players", math.ceil(len(game.players) / COLUMNS))
        for blank, start in zip(blanks, range(0, len(game.players), COLUMNS), strict=True):
            drawn = self._start(canvas, record, blank, "players")
            drawn.line("game", "1")
            for column, player in enumerate(game.players[start : start + COLUMNS]):
                head = drawn.geometry.heads[column]
                drawn.block(player.name, Rect(head.x, head.y, head.width, head.height - CAPTION_HEIGHT))
                drawn.column(column, player, player.name in winners)
            canvas.showPage()

    def _draw_series(self, canvas: Canvas, record: Record) -> None:
        series_winners = set(record.series_winners)
        (blank,) = self.blank(record.rules, "series")
        for index, name in enumerate(record.player_names):
            drawn = self._start(canvas, record, blank, "series")
            drawn.line("player", name)
            for column, game in enumerate(record.games):
                drawn.column(column, game.players[index], name in game.winners)
            if name in series_winners:
                drawn.winner(record.series_totals[name], drawn.geometry.series_total)
            else:
                drawn.centred(str(record.series_totals[name]), drawn.geometry.series_total, BOLD)
            canvas.showPage()

    def pdf(self, records: Sequence[Record]) -> bytes:
        """One PDF holding the given records in order; the sheet is stored once."""
        buffer = BytesIO()
        canvas = Canvas(buffer, invariant=1, pageCompression=1, lang=LANG)
        first = records[0]
        canvas.setTitle(first.title or first.rules.title if len(records) == 1 else "Yahtzee game records")
        canvas.setAuthor(AUTHOR)
        canvas.setCreator(AUTHOR)
        for record in records:
            self.draw(canvas, record)
        canvas.save()
        return buffer.getvalue()
