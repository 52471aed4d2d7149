"""Finished games printed on the very score sheet a player would have used.

The blank sheet of the record's variant, layout and paper is rendered by
WeasyPrint once (and kept by `sheetgen.files.cache`) and carried into each
ReportLab document as a form (`sheetgen.pdf.pageimport`); ReportLab draws the
numbers on top, each centred in its cell from the shared geometry. User text
is drawn as plain strings, never parsed as markup.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from io import BytesIO

from bidi import get_display

from sheetgen.errors import SheetgenError
from sheetgen.files.cache import cached
from sheetgen.files.locales import DEFAULT, paper_for, speaking, translator
from sheetgen.files.resources import FONTS_DIR
from sheetgen.files.stamps import AUTHOR, source_date, stamped_epoch
from sheetgen.layout.fitting import LINE_VALUE_SIZE, Fitted, fit_row, inner, line_write_in, wrap
from sheetgen.layout.geometry import (
    Card,
    Paper,
    Rect,
    SheetGeometry,
    player_pages,
    sheet_geometry,
    split_evenly,
)
from sheetgen.layout.glyphs import glyph_warning, undrawable
from sheetgen.pdf.cached import scoresheet_pdf
from sheetgen.pdf.pageimport import Canvas, ImportedPage, TTFont, dump_pages, load_pages, pdfmetrics
from sheetgen.rules import i18n
from sheetgen.rules.arguments import items
from sheetgen.rules.boxes import COLUMNS, SHEET_ROWS, Box, Total
from sheetgen.rules.records import Game, PlayerGame, Record, quote, record_text
from sheetgen.rules.variants import Rules

FONT = "SheetSans"
BOLD = "SheetSans-Bold"
NAME = "SheetCondensed-Bold"  # the heads' names, as the blank sheet prints them
FONT_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", NAME: "DejaVuSansCondensed-Bold.ttf"}
CORNER_STAR_SIZE = 5.5  # the smallest winner's star beside the number; narrower cells put it in a corner
TICK_SIZE = 10.0  # ticks are counted, not read as a score: smaller than the values
TEXT_SIZE = 10.0
MIN_TEXT_SIZE = 3.0
LEADING = 1.15
PADDING = 3.0
CAP_HEIGHT = 0.73  # DejaVu Sans capitals and digits, as a share of the size
TICK = "\u2713"
# WHITE VERTICAL RECTANGLE: the empty box .notdef drew before, as a real glyph, since PDF/A forbids drawing
# .notdef; narrower than .notdef, and than the em the fitter counts a missing glyph (layout.fitting).
EMPTY_BOX = "\u25af"
STAR = "\u2605"


@cache
def _fonts() -> None:
    """Register the sheet's own fonts with ReportLab once per process."""
    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONTS_DIR / file)))


def _visual(text: str, font: str) -> str:
    """The text as drawn: right-to-left runs in the order seen, each character `font` lacks as EMPTY_BOX.

    The canvas draws left to right; PDF/A forbids drawing .notdef.
    """
    for char in undrawable(text, FONTS_DIR / FONT_FILES[font]):
        text = text.replace(char, EMPTY_BOX)
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        return get_display(text)
    return text


@lru_cache(maxsize=1024)
def fit_text(
    text: str, box: Rect, font: str = BOLD, size: float = TEXT_SIZE
) -> tuple[float, tuple[str, ...]]:
    """The largest size, and its lines, at which the whole text fits the box."""
    file = FONTS_DIR / FONT_FILES[font]
    while size > MIN_TEXT_SIZE:
        lines = wrap(text, size, box.width, file, split_words=True) or ()
        if len(lines) * size * LEADING <= box.height:
            return size, lines
        size -= 0.5
    return MIN_TEXT_SIZE, wrap(text, MIN_TEXT_SIZE, box.width, file, split_words=True) or ()


def _placed(lines: Sequence[str], middle: float, size: float, leading: float) -> list[tuple[str, float]]:
    """Each line with its baseline: the block centred on `middle`, capitals centred in each line."""
    top = middle + len(lines) * leading / 2
    return [(line, _centred_baseline(top - (n + 0.5) * leading, size)) for n, line in enumerate(lines)]


def _centred_baseline(middle: float, size: float) -> float:
    """The baseline that centres capitals and digits of `size` on `middle`."""
    return middle - size * CAP_HEIGHT / 2


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
        self.canvas.drawString(x - width / 2, _centred_baseline(y, size), text)

    def block(self, text: str, box: Rect, align: str = "centre") -> None:
        """User text, shrunk and wrapped until all of it fits `box`."""
        inner = box.inset(PADDING, PADDING / 2)
        size, lines = fit_text(_visual(text, BOLD), inner)
        self.canvas.setFont(BOLD, size)
        for line, baseline in _placed(lines, inner.center[1], size, size * LEADING):
            if align == "left":
                self.canvas.drawString(inner.x, baseline, line)
            else:
                self.canvas.drawCentredString(inner.center[0], baseline, line)

    def names(self, fitted: Fitted, boxes: Sequence[Rect]) -> None:
        """Names as `sheetgen.layout.fitting` broke them, centred in their boxes at the row's one size."""
        self.canvas.setFont(NAME, fitted.size)
        for lines, box in zip(fitted.lines, boxes, strict=True):
            area = inner(box)
            for line, baseline in _placed(lines, area.center[1], fitted.size, fitted.leading):
                self.canvas.drawCentredString(area.center[0], baseline, _visual(line, NAME))

    def winner(self, total: int, box: Rect) -> None:
        """A winning total: a star, then the number, with a ring round both, inside the cell.

        In a narrow cell (the half card's) the star shrinks, down to
        CORNER_STAR_SIZE, and then moves into the cell's top-left corner, so
        the number always keeps the values' size.
        """
        inner = box.inset(2.5)
        text = i18n.number(total)  # 1.575 in German, 1 575 in French
        number_width = pdfmetrics.stringWidth(text, BOLD, self.value_size)
        room = inner.width - inner.height * 0.6 - number_width - 1.0  # the ring's rounded ends stay clear
        star_size = self.value_size * 0.8
        while pdfmetrics.stringWidth(STAR, BOLD, star_size) > room and star_size > CORNER_STAR_SIZE:
            star_size -= 0.5
        star_width = pdfmetrics.stringWidth(STAR, BOLD, star_size)
        self.canvas.setFont(BOLD, star_size)
        if star_width <= room:
            x = inner.center[0] - (star_width + 1.0 + number_width) / 2
            self.canvas.drawString(x, _centred_baseline(box.center[1], star_size), STAR)
            self.canvas.setFont(BOLD, self.value_size)
            self.canvas.drawString(
                x + star_width + 1.0, _centred_baseline(box.center[1], self.value_size), text
            )
        else:  # the star in the corner, the ring round the number beside it
            self.canvas.drawString(box.x + 1.0, box.top - star_size - 1.0, STAR)
            left = box.x + 1.5 + star_width
            inner = Rect(left, inner.y, box.right - 2.0 - left, inner.height)
            self.centred(text, inner, BOLD)
        self.canvas.setLineWidth(1.2)
        self.canvas.roundRect(inner.x, inner.y, inner.width, inner.height, inner.height / 2)

    def column(self, column: int, player: PlayerGame, winner: bool) -> None:
        totals = player.totals
        for row in SHEET_ROWS:
            cell = self.geometry.cell(row, column)
            if isinstance(row.key, Box):
                self.centred(i18n.number(player.card.boxes[row.key]), cell)
            elif row.key is Total.YAHTZEE_BONUS:
                ticks, points = self.geometry.bonus_write_ins(column)
                self.ticks(totals.yahtzee_bonuses, ticks)
                self.centred(i18n.number(totals.yahtzee_bonus), points, BOLD)
            elif row.key is Total.GRAND_TOTAL and winner:
                self.winner(totals.grand_total, cell)
            else:
                self.centred(i18n.number(totals[row.key]), cell, BOLD)

    def ticks(self, count: int, box: Rect) -> None:
        if not count:
            return
        marks = TICK * count
        size = min(TICK_SIZE, self.value_size)
        if pdfmetrics.stringWidth(marks, FONT, size) > box.width - 2 * PADDING:
            marks = f"{count}{TICK}"
        self.centred(marks, box, size=size)

    def line(self, key: str, text: str | None) -> None:
        if text:
            self.block(text, line_write_in(self.geometry, key), align="left")

    def player_line(self, name: str) -> None:
        """The series card's player line: the name as the blank sheet would print it."""
        write_in = line_write_in(self.geometry, "player")
        fitted = fit_row([name], write_in, LINE_VALUE_SIZE, "the player line")
        area = inner(write_in)
        self.canvas.setFont(NAME, fitted.size)
        for n, line in enumerate(reversed(fitted.lines[0])):  # the last line sits on the rule
            self.canvas.drawString(
                area.x, area.y + 0.25 * fitted.size + n * fitted.leading, _visual(line, NAME)
            )


class Filler:
    """Prints records; takes each blank sheet from the cache (or renders it) once per run.

    `card="half"` prints each series player's card on half a sheet, two to a
    page; a single game always prints on the players' sheet. Each record
    prints in `lang`, else in its own "lang", else in English; with `paper`
    None, each on its language's paper (Letter for English, else A4).
    """

    def __init__(
        self, paper: Paper | str | None = Paper.LETTER, card: Card | str = Card.FULL, lang: str | None = None
    ) -> None:
        self.chosen_paper = None if paper is None else Paper.of(paper)
        self.paper = self.chosen_paper or Paper.LETTER  # the paper of the record being checked or drawn
        self.card = Card.of(card)
        self.lang = lang
        self._blanks: dict[tuple[Rules, str, int, str], list[ImportedPage]] = {}
        _fonts()

    def blank(self, rules: Rules, layout: str, columns: int = COLUMNS) -> list[ImportedPage]:
        """The blank sheet's pages, read once per rules, layout and player count.

        Players' sheets number their pages ("Page 2 of 2") and split the
        players evenly, so a record of seven players uses a 4 + 3 blank; its
        heads are left empty for the names printed on them. The cache keeps
        the pages as read, so a warm run needs neither WeasyPrint nor pypdf.
        """
        key = (rules, layout, columns, i18n.lang())
        if key not in self._blanks:
            sheet = {"rules": rules, "layout": layout, "paper": self.paper}
            if layout == "players":
                sheet["names"] = [""] * columns
            else:
                sheet.update(columns=1, card=self.card)
            pages = len(split_evenly(columns)) if layout == "players" else 1

            def read() -> bytes:
                from sheetgen.pdf.pageread import read_page

                pdf = scoresheet_pdf(**sheet)
                return dump_pages([read_page(pdf, n) for n in range(pages)])

            self._blanks[key] = cached("blank", read, load_pages, sheet=sheet, pages=pages)
        return self._blanks[key]

    def language(self, record: Record) -> str:
        """The language `record` prints in."""
        return self.lang or record.lang or DEFAULT

    def paper_of(self, record: Record) -> Paper:
        """The paper `record` prints on: the one chosen, else its language's."""
        return self.chosen_paper or Paper.of(paper_for(self.language(record)))

    def warnings(self, record: Record) -> list[str]:
        """One line per name or title with characters the font cannot draw."""
        texts = [("the title", record.title or "")] + [(f"player {quote(n)}", n) for n in record.player_names]
        font = FONTS_DIR / FONT_FILES[BOLD]  # ReportLab draws with it alone: no fallback=True
        found = (glyph_warning(f"{record.source}: {what}", text, font, False) for what, text in texts)
        return [line for line in found if line]

    def check(self, record: Record) -> None:
        """Raise a one-line error if a player's name cannot fit its head, before anything prints."""
        self.paper = self.paper_of(record)
        try:
            if record.is_series:
                for name in record.player_names:
                    write_in = line_write_in(self._series_geometry(0), "player")
                    fit_row([name], write_in, LINE_VALUE_SIZE, "the player line")
            else:
                for names, geometry in self._game_pages(record.games[0]):
                    fit_row(names, geometry.heads[0])
        except SheetgenError as error:
            raise type(error)(f"{record.source}: {error}") from None

    def _game_pages(self, game: Game) -> list[tuple[list[str], SheetGeometry]]:
        pages, start = [], 0
        for geometry in player_pages(self.paper, len(game.players)):  # the blank sheet's pages, one grid
            names = [player.name for player in game.players[start : start + geometry.columns]]
            pages.append((names, geometry))
            start += geometry.columns
        return pages

    def _series_geometry(self, slot: int) -> SheetGeometry:
        return sheet_geometry("series", self.paper, COLUMNS, self.card, slot)

    def draw(self, canvas: Canvas, record: Record) -> None:
        """Every page of one record, appended to `canvas`."""
        self.check(record)
        if record.is_series:
            self._draw_series(canvas, record)
        else:
            self._draw_game(canvas, record, record.games[0])

    def _start(self, canvas: Canvas, record: Record, blank: ImportedPage) -> None:
        canvas.setPageSize(blank.size)
        blank.draw(canvas)

    def _lines(self, drawn: _Page, record: Record) -> None:
        drawn.line("title", record.title)
        drawn.line("date", i18n.active().date(record.date) if record.date else record.date)

    def _draw_game(self, canvas: Canvas, record: Record, game: Game) -> None:
        winners = set(game.winners)
        blanks = self.blank(record.rules, "players", len(game.players))
        start = 0
        for blank, (names, geometry) in zip(blanks, self._game_pages(game), strict=True):
            self._start(canvas, record, blank)
            drawn = _Page(canvas, geometry)
            self._lines(drawn, record)
            drawn.line("game", "1")
            drawn.names(fit_row(names, geometry.heads[0]), geometry.heads)
            for column, player in enumerate(game.players[start : start + len(names)]):
                drawn.column(column, player, player.name in winners)
            start += len(names)
            canvas.showPage()

    def _draw_series(self, canvas: Canvas, record: Record) -> None:
        series_winners = set(record.series_winners)
        (blank,) = self.blank(record.rules, "series")
        per_page = 2 if self.card == "half" else 1
        names = record.player_names
        for start in range(0, len(names), per_page):
            self._start(canvas, record, blank)
            for slot, name in enumerate(names[start : start + per_page]):
                index = start + slot
                drawn = _Page(canvas, self._series_geometry(slot))
                self._lines(drawn, record)
                drawn.player_line(name)
                for column, game in enumerate(record.games):
                    drawn.column(column, game.players[index], name in game.winners)
                if name in series_winners:
                    drawn.winner(record.series_totals[name], drawn.geometry.series_total)
                else:
                    drawn.centred(i18n.number(record.series_totals[name]), drawn.geometry.series_total, BOLD)
            canvas.showPage()

    @source_date()
    def pdf(self, records: Sequence[Record]) -> bytes:
        """One PDF/A-3b of the given records in order, each embedded as JSON; the sheet is stored once."""
        from sheetgen.pdf.archive import archived

        buffer = BytesIO()
        first = records[0]
        with speaking(self.language(first)):  # the viewer's title bar in the first record's language
            title = first.title or first.rules.title if len(records) == 1 else i18n._("Yahtzee game records")
        canvas = Canvas(buffer, invariant=1, pageCompression=1, lang=translator(self.language(first)).lang)
        canvas.setTitle(title)
        canvas.setAuthor(AUTHOR)
        canvas.setCreator(AUTHOR)
        for record in records:
            with speaking(self.language(record)):
                self.draw(canvas, record)
        canvas.save()
        embedded = [record_text(json.loads(record.data)) for record in records]
        return archived(buffer.getvalue(), embedded, title, stamped_epoch())


def fill_pdf(
    records: Sequence[Record] | Record,
    paper: Paper | str | None = Paper.LETTER,
    card: Card | str = Card.FULL,
) -> bytes:
    """Finished games printed on their score sheet, in order, as one PDF (the library's `sheetgen fill`).

    `records` are checked records (`sheetgen.load_record`, `parse_record`), at
    least one; a single record is one. `paper` None prints each on its own
    language's paper. Anything else is a SheetgenError. The PDF is PDF/A-3b
    and carries each record's JSON (`sheetgen.pdf.archive`), which
    `sheetgen.load_any_record` reads back.
    """
    checked = items(records, "records", Record)
    if not checked:
        raise SheetgenError("records: expected at least one record, found none")
    filler = Filler(paper, card)
    return filler.pdf(checked)
