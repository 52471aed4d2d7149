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

from sheetgen.errors import GeometryError, SheetgenError
from sheetgen.files.cache import cached
from sheetgen.files.locales import DEFAULT, paper_for, speaking, translator
from sheetgen.files.resources import FONTS_DIR
from sheetgen.files.stamps import AUTHOR, source_date, stamped_epoch
from sheetgen.layout.fitting import (
    LARGE_NAME_SIZES,
    LINE_VALUE_SIZE,
    Fitted,
    fit_row,
    inner,
    line_baseline,
    line_write_in,
    wrap,
)
from sheetgen.layout.geometry import (
    LARGE_COLUMNS,
    LARGE_PARTS,
    NO_LARGE_HALF_CARDS,
    Card,
    Layout,
    Paper,
    Print,
    Rect,
    SheetGeometry,
    player_pages,
    players_per_page,
    sheet_geometry,
    split_evenly,
)
from sheetgen.layout.glyphs import glyph_warning, undrawable
from sheetgen.pdf.cached import scoresheet_pdf
from sheetgen.pdf.pageimport import Canvas, ImportedPage, TTFont, dump_pages, load_pages, pdfmetrics
from sheetgen.pdf.scoresheet import THICK
from sheetgen.rules import i18n
from sheetgen.rules.arguments import items
from sheetgen.rules.boxes import COLUMNS, CardTotal, Total, card_rows
from sheetgen.rules.records import Game, PlayerGame, Record, quote, record_text
from sheetgen.rules.scoring import ScoreCard
from sheetgen.rules.variants import Rules

FONT = "SheetSans"
BOLD = "SheetSans-Bold"
NAME = "SheetCondensed-Bold"  # the heads' names, as the blank sheet prints them
FONT_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", NAME: "DejaVuSansCondensed-Bold.ttf"}
MIN_SIZE = 8.0  # the floor for every value a reader needs, as for the blank sheet's text
LARGE_MIN_SIZE = 16.0  # large print's floor for values and ticks, and the size the lines' values start at
# The lines' values (title, date, player) in large print may shrink as far as the blank sheet's printed
# names do (LARGE_NAME_SIZES): a date after its 16 pt label on a narrow line needs 13 pt.
TICK_SIZE = 10.0  # ticks are counted, not read as a score: smaller than the values
LEADING = 1.15
PADDING = 3.0  # a value's advance box stays this far inside its cell's edges
CLEAR = 1.5  # white kept between anything drawn and the ink of a rule
TICK_PADDING = THICK / 2 + CLEAR  # the ticks' narrow half (an A4 six-player column) needs every point
RING = 1.2  # the winner's ring's line width
RING_INSET = THICK / 2 + CLEAR + RING / 2  # the ring's stroke centre, from the cell's edges
RING_GAP = 1.0  # white between the ring and what it holds
MIN_STAR = 5.0  # the winner's star's width at its smallest: a mark beside the number the ring marks too
STAR = "\u2605"  # text, so the number copied from the page still says who won
CAP_HEIGHT = 0.73  # DejaVu Sans capitals and digits, as a share of the size
COMMA_DEPTH = 0.142  # DejaVu Sans Bold's comma (1,200) below the baseline, as a share of the size
ASCENDER = 0.76  # DejaVu Sans Bold's b, d, h, k, l: how far a line of text reaches above its baseline
TICK = "\u2713"
ELLIPSIS = "\u2026"
# WHITE VERTICAL RECTANGLE: the empty box .notdef drew before, as a real glyph, since PDF/A forbids drawing
# .notdef; narrower than .notdef, and than the em the fitter counts a missing glyph (layout.fitting).
EMPTY_BOX = "\u25af"


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
def fit_line(
    text: str,
    width: float,
    room: float,
    font: str = BOLD,
    size: float = LINE_VALUE_SIZE,
    floor: float = MIN_SIZE,
) -> tuple[float, tuple[str, ...]]:
    """The largest size, and its lines, at which `text` fits `width` in lines stacked up into `room`.

    `room` is the height from the bottom line's baseline to where the top
    line's ascenders may reach. The text wraps (at spaces, else anywhere) before
    it shrinks from `size`, down to `floor`; what does not fit even then ends in an ellipsis.
    """
    file = FONTS_DIR / FONT_FILES[font]
    while True:
        most = max(1, int((room - size * ASCENDER) / (size * LEADING)) + 1)
        lines = wrap(text, size, width, file) or wrap(text, size, width, file, split_words=True) or ()
        if len(lines) <= most or size <= floor:
            break
        size -= 0.5
    if len(lines) > most:
        last = lines[most - 1]
        while last and pdfmetrics.stringWidth(last + ELLIPSIS, font, size) > width:
            last = last[:-1]
        lines = (*lines[: most - 1], last.rstrip() + ELLIPSIS)
    return size, lines


def _centred_baseline(middle: float, size: float) -> float:
    """The baseline that centres capitals and digits of `size` on `middle`."""
    return middle - size * CAP_HEIGHT / 2


@lru_cache(maxsize=4096)
def _centred_fit(
    text: str, width: float, font: str, size: float, floor: float = MIN_SIZE
) -> tuple[float, float]:
    """The size (shrunk if need be, not under `floor`) and width of a value; scores repeat, so cache."""
    drawn = pdfmetrics.stringWidth(text, font, size)
    while drawn > width and size > floor:
        size = max(floor, size - 0.5)
        drawn = pdfmetrics.stringWidth(text, font, size)
    return size, drawn


def _ring_room(ring: Rect, radius: float, size: float) -> float:
    """The width that capitals of `size`, centred in a ring of `radius`, may take clear of its line."""
    reach = size * CAP_HEIGHT / 2 + RING_GAP + RING / 2  # from the middle up to where the ring may come
    straight = ring.height / 2 - radius  # the height of the ring's straight ends, either side of the middle
    bend = 0.0
    if reach > straight:
        rise = min(reach - straight, radius)
        bend = radius - (radius * radius - rise * rise) ** 0.5
    return ring.width - 2 * (bend + RING / 2 + RING_GAP)


def _ringed(text: str, ring: Rect, size: float, floor: float = MIN_SIZE) -> tuple[float, float, float, float]:
    """The number's size, the ring's corner radius, the star's width (0: none) and the number's width.

    The star keeps its place beside the number while the number can shrink
    to make room (not under `floor`); only then does the ring go without it.
    """
    radii = (ring.height / 2, ring.height / 3, ring.height / 5)
    largest = size
    while True:
        number = pdfmetrics.stringWidth(text, BOLD, size)
        for radius in radii:
            star = min(size * 0.8, _ring_room(ring, radius, size) - number - 1.0)
            if star >= MIN_STAR:
                return size, radius, star, number
        if size <= floor:
            break
        size = max(floor, size - 0.5)
    size = largest
    while True:
        number = pdfmetrics.stringWidth(text, BOLD, size)
        for radius in radii:
            if number <= _ring_room(ring, radius, size) or size <= floor:
                return size, radius, 0.0, number
        size = max(floor, size - 0.5)


@dataclass
class _Page:
    """Drawing helpers for one page of the overlay."""

    canvas: Canvas
    geometry: SheetGeometry
    value_size: float = field(init=False)
    floor: float = field(init=False)  # no value or tick smaller
    line_size: float = field(init=False)  # the lines' values at their largest
    line_floor: float = field(init=False)  # and at their smallest
    tick_size: float = field(init=False)

    def __post_init__(self) -> None:
        large = self.geometry.print_size == Print.LARGE
        self.floor = LARGE_MIN_SIZE if large else MIN_SIZE
        self.value_size = max(self.floor, self.geometry.value_size)
        self.line_size = self.line_size_of(self.geometry)
        self.line_floor = LARGE_NAME_SIZES[1] if large else MIN_SIZE
        self.tick_size = self.value_size if large else max(MIN_SIZE, min(TICK_SIZE, self.value_size))

    @staticmethod
    def line_size_of(geometry: SheetGeometry) -> float:
        """The size the lines' values start at on a page of `geometry`."""
        return LARGE_MIN_SIZE if geometry.print_size == Print.LARGE else LINE_VALUE_SIZE

    def centred(
        self, text: str, box: Rect, font: str = FONT, size: float | None = None, padding: float = PADDING
    ) -> None:
        size, width = _centred_fit(text, box.width - 2 * padding, font, size or self.value_size, self.floor)
        self.canvas.setFont(font, size)
        x, y = box.center
        self.canvas.drawString(x - width / 2, _centred_baseline(y, size), text)

    def names(self, fitted: Fitted, boxes: Sequence[Rect]) -> None:
        """Names as `sheetgen.layout.fitting` broke them, centred in their boxes at the row's one size."""
        self.canvas.setFont(NAME, fitted.size)
        for lines, box in zip(fitted.lines, boxes, strict=True):
            area = inner(box)
            top = area.center[1] + len(lines) * fitted.leading / 2
            for n, line in enumerate(lines):
                baseline = _centred_baseline(top - (n + 0.5) * fitted.leading, fitted.size)
                self.canvas.drawCentredString(area.center[0], baseline, _visual(line, NAME))

    def winner(self, total: int, box: Rect) -> None:
        """A winning total: a star, then the number, with a ring round both, clear of the cell's rules.

        In a narrow cell (the half card's) the ring's ends round less and the
        star shrinks (`_ringed`), then the number, never under the floor.
        """
        ring = box.inset(RING_INSET)
        text = i18n.number(total)  # 1.575 in German, 1 575 in French
        middle = box.center[1]
        size, radius, star, number = _ringed(text, ring, self.value_size, self.floor)
        gap = 1.0 if star else 0.0
        x = ring.center[0] - (star + gap + number) / 2
        if star:
            star_size = star / pdfmetrics.stringWidth(STAR, BOLD, 1.0)
            self.canvas.setFont(BOLD, star_size)
            self.canvas.drawString(x, _centred_baseline(middle, star_size), STAR)
        self.canvas.setFont(BOLD, size)
        self.canvas.drawString(x + star + gap, _centred_baseline(middle, size), text)
        self.canvas.setLineWidth(RING)
        self.canvas.roundRect(ring.x, ring.y, ring.width, ring.height, radius)

    def column(self, column: int, player: PlayerGame, winner: bool) -> None:
        """A player's (or a game's) columns, `column` counting players: the rows this page holds (one
        section of a large-print card). A card of several columns fills one per multiplier, each
        column's total scored times its multiplier, and the card's grand total once across them."""
        whole = player.whole
        width = len(whole.columns)
        for k, (card, multiplier) in enumerate(zip(whole.columns, whole.game.columns, strict=True)):
            self._column(column * width + k, card, multiplier, winner and width == 1)
        total = CardTotal.CARD_TOTAL.value
        if total in self.geometry.cells:
            cell = self.geometry.cell(total, column * width)
            if winner:
                self.winner(player.grand_total, cell)
            else:
                self.centred(i18n.number(player.grand_total), cell, BOLD)

    def _column(self, column: int, card: ScoreCard, multiplier: int, winner: bool) -> None:
        """One column of a card, its boxes and totals; its grand total ringed for a one-column winner."""
        totals = card.totals
        for row in card_rows(card.game):
            if row.slug not in self.geometry.cells or row.key is CardTotal.CARD_TOTAL:
                continue
            cell = self.geometry.cell(row, column)
            if row.key is CardTotal.SCORED:
                self.centred(i18n.number(totals.grand_total * multiplier), cell, BOLD)
            elif row.is_box:
                self.centred(i18n.number(card.boxes[row.key]), cell)
            elif row.key is Total.YAHTZEE_BONUS:
                ticks, points = self.geometry.bonus_write_ins(column)
                self.ticks(totals.yahtzee_bonuses, ticks)
                self.centred(i18n.number(totals.yahtzee_bonus), points, BOLD, self._points_size(points))
            elif row.key is Total.GRAND_TOTAL and winner:
                self.winner(totals.grand_total, cell)
            else:
                self.centred(i18n.number(totals[row.key]), cell, BOLD)

    def _points_size(self, points: Rect) -> float:
        """The Yahtzee bonus points' size: in large print, at most what keeps a comma's tail clear of
        the rule under the half a caption leaves (never under the floor); else the value size."""
        if self.geometry.print_size != Print.LARGE:
            return self.value_size
        fits = (points.height / 2 - TICK_PADDING) / (CAP_HEIGHT / 2 + COMMA_DEPTH)
        return max(self.floor, min(self.value_size, int(fits * 2) / 2))

    def ticks(self, count: int, box: Rect) -> None:
        """A tick per extra Yahtzee, or the count and one tick where they do not fit at the floor."""
        if not count:
            return
        marks = TICK * count
        size = self.tick_size
        room = box.width - 2 * TICK_PADDING
        while pdfmetrics.stringWidth(marks, FONT, size) > room and size > self.floor:
            size -= 0.5
        if pdfmetrics.stringWidth(marks, FONT, size) > room:
            marks, size = f"{count}{TICK}", self.tick_size
        self.centred(marks, box, size=size, padding=TICK_PADDING)

    def lines(self, values: dict[str, str], name: str | None = None) -> None:
        """The lines' values (and the series card's player), at one size, each on its label's baseline.

        The size is the largest at which every value fits after its label,
        wrapping upwards from the baseline before it shrinks; never under the floor.
        """
        places = {
            key: (line_write_in(self.geometry, key), line_baseline(self.geometry, key)) for key in values
        }
        fits = {
            key: fit_line(
                _visual(text, BOLD), *self._line_room(*places[key]), BOLD, self.line_size, self.line_floor
            )
            for key, text in values.items()
        }
        size = min([fitted[0] for fitted in fits.values()] + [self.line_size])
        if name is not None:
            write_in = line_write_in(self.geometry, "player")
            size = min(size, _player_line(name, self.geometry, self.line_size).size)
            fitted = _player_line(name, self.geometry, size)
            visual = [_visual(line, NAME) for line in fitted.lines[0]]
            self._stacked(visual, NAME, size, write_in.x, line_baseline(self.geometry, "player"))
        for key, text in values.items():
            write_in, baseline = places[key]
            room = self._line_room(write_in, baseline)
            lines = fits[key][1] if fits[key][0] == size else _lines_at(_visual(text, BOLD), size, *room)
            self._stacked(lines, BOLD, size, write_in.x, baseline)

    def _line_room(self, write_in: Rect, baseline: float) -> tuple[float, float]:
        return write_in.width - PADDING, write_in.top - baseline

    def _stacked(self, lines: Sequence[str], font: str, size: float, x: float, baseline: float) -> None:
        """Lines upwards from `baseline`: the last line on it, as on a ruled line."""
        self.canvas.setFont(font, size)
        for n, line in enumerate(reversed(lines)):
            self.canvas.drawString(x, baseline + n * size * LEADING, line)


def _player_line(name: str, geometry: SheetGeometry, size: float) -> Fitted:
    """The series card's player on its line, at `size` or smaller (in large print to the blank's 12 pt)."""
    least = {"min_size": LARGE_NAME_SIZES[1]} if geometry.print_size == Print.LARGE else {}
    return fit_row([name], line_write_in(geometry, "player"), size, "the player line", **least)


def _heads(names: Sequence[str], geometry: SheetGeometry) -> Fitted:
    """The names in a page's heads at one size, as the blank sheet fits them (large print: 20 to 12 pt)."""
    if geometry.print_size == Print.LARGE:
        return fit_row(names, geometry.heads[0], LARGE_NAME_SIZES[0], min_size=LARGE_NAME_SIZES[1])
    return fit_row(names, geometry.heads[0])


def _lines_at(text: str, size: float, width: float, room: float) -> tuple[str, ...]:
    """`text` wrapped at `size` (smaller than it needed), in as many lines as the room holds."""
    file = FONTS_DIR / FONT_FILES[BOLD]
    most = max(1, int((room - size * ASCENDER) / (size * LEADING)) + 1)
    lines = wrap(text, size, width, file) or wrap(text, size, width, file, split_words=True) or ()
    return lines[:most]


class Filler:
    """Prints records; takes each blank sheet from the cache (or renders it) once per run.

    `card="half"` prints each series player's card on half a sheet, two to a
    page; a single game always prints on the players' sheet. Each record
    prints in `lang`, else in its own "lang", else in English; with `paper`
    None, each on its language's paper (Letter for English, else A4).
    `print_size="large"` prints on the large-print sheet: four players or
    three games to a card, each card's upper section on one page and its
    lower on the next (no half cards: GeometryError).
    """

    def __init__(
        self,
        paper: Paper | str | None = Paper.LETTER,
        card: Card | str = Card.FULL,
        lang: str | None = None,
        print_size: Print | str = Print.STANDARD,
    ) -> None:
        self.chosen_paper = None if paper is None else Paper.of(paper)
        self.paper = self.chosen_paper or Paper.LETTER  # the paper of the record being checked or drawn
        self.card = Card.of(card)
        self.lang = lang
        self.large = Print.of(print_size) == Print.LARGE
        if self.large and self.card == Card.HALF:
            raise GeometryError(f"large print has no half cards: {NO_LARGE_HALF_CARDS}")
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
        per_page = players_per_page(layout, self.large, rules.game)
        if key not in self._blanks:
            sheet = {"rules": rules, "layout": layout, "paper": self.paper}
            if layout == "players":
                sheet["names"] = [""] * columns
            else:
                sheet.update(columns=1, card=self.card)
            if self.large:  # a standard sheet's key stays as it was
                sheet["print_size"] = Print.LARGE.value
                cards = len(split_evenly(columns, per_page)) if layout == "players" else 2
                pages = cards * len(LARGE_PARTS)
            else:
                pages = len(split_evenly(columns, per_page)) if layout == "players" else 1

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
            if record.is_series and len(record.game.columns) == 1:
                geometry = self._series_geometry(record, 0)
                for name in record.player_names:
                    _player_line(name, geometry, _Page.line_size_of(geometry))
            else:
                for _start, names, geometry in self._game_pages(record.games[0], record):
                    _heads(names, geometry)
        except SheetgenError as error:
            raise type(error)(f"{record.source}: {error}") from None

    def _game_pages(self, game: Game, record: Record) -> list[tuple[int, list[str], SheetGeometry]]:
        """Each page's first player, names and geometry, as the blank sheet's pages hold them (one grid;
        in large print each card's upper section, then its lower)."""
        pages, start = [], 0
        print_size = Print.LARGE if self.large else Print.STANDARD
        rules = record.game
        width = len(rules.columns)
        cards = player_pages(self.paper, len(game.players), print_size, rules)
        for card in cards:
            players = card.columns // width
            names = [player.name for player in game.players[start : start + players]]
            if self.large:
                grid = cards[0].columns
                for part in range(len(LARGE_PARTS)):
                    geometry = sheet_geometry(
                        Layout.PLAYERS,
                        self.paper,
                        card.columns,
                        print_size=print_size,
                        part=part,
                        grid=grid,
                        game=rules,
                    )
                    pages.append((start, names, geometry))
            else:
                pages.append((start, names, card))
            start += players
        return pages

    def _series_geometry(self, record: Record, slot: int, part: int = 0) -> SheetGeometry:
        if self.large:
            games = LARGE_COLUMNS[Layout.SERIES]
            return sheet_geometry(
                Layout.SERIES, self.paper, games, print_size=Print.LARGE, part=part, game=record.game
            )
        return sheet_geometry("series", self.paper, COLUMNS, self.card, slot, game=record.game)

    def draw(self, canvas: Canvas, record: Record) -> None:
        """Every page of one record, appended to `canvas`."""
        self.check(record)
        if record.is_series and len(record.game.columns) > 1:  # no six-game card: a players sheet a game
            for number, game in enumerate(record.games, 1):
                self._draw_game(canvas, record, game, number)
        elif record.is_series:
            self._draw_series(canvas, record)
        else:
            self._draw_game(canvas, record, record.games[0])

    def _start(self, canvas: Canvas, record: Record, blank: ImportedPage) -> None:
        canvas.setPageSize(blank.size)
        blank.draw(canvas)

    def _lines(self, drawn: _Page, record: Record, **more: str) -> dict[str, str]:
        """The record's title and date (and `more`) for the lines, leaving out any the record lacks."""
        date = i18n.active().date(record.date) if record.date else record.date
        return {key: text for key, text in {"title": record.title, "date": date, **more}.items() if text}

    def _draw_game(self, canvas: Canvas, record: Record, game: Game, number: int = 1) -> None:
        winners = set(game.winners)
        blanks = self.blank(record.rules, "players", len(game.players))
        width = len(record.game.columns)
        for blank, (start, names, geometry) in zip(blanks, self._game_pages(game, record), strict=True):
            self._start(canvas, record, blank)
            drawn = _Page(canvas, geometry)
            drawn.lines(self._lines(drawn, record, game=str(number)))
            drawn.names(_heads(names, geometry), geometry.heads[::width])
            for column, player in enumerate(game.players[start : start + len(names)]):
                drawn.column(column, player, player.name in winners)
            canvas.showPage()

    def _draw_series(self, canvas: Canvas, record: Record) -> None:
        if self.large:
            self._draw_large_series(canvas, record)
            return
        series_winners = set(record.series_winners)
        (blank,) = self.blank(record.rules, "series")
        per_page = 2 if self.card == "half" else 1
        names = record.player_names
        for start in range(0, len(names), per_page):
            self._start(canvas, record, blank)
            for slot, name in enumerate(names[start : start + per_page]):
                index = start + slot
                drawn = _Page(canvas, self._series_geometry(record, slot))
                drawn.lines(self._lines(drawn, record), name)
                for column, game in enumerate(record.games):
                    drawn.column(column, game.players[index], name in game.winners)
                if name in series_winners:
                    drawn.winner(record.series_totals[name], drawn.geometry.series_total)
                else:
                    drawn.centred(i18n.number(record.series_totals[name]), drawn.geometry.series_total, BOLD)
            canvas.showPage()

    def _draw_large_series(self, canvas: Canvas, record: Record) -> None:
        """Each player's six games on two large-print cards of three, each over two pages (upper section,
        lower section), the series total under the last game."""
        series_winners = set(record.series_winners)
        blanks = self.blank(record.rules, "series")
        games = LARGE_COLUMNS[Layout.SERIES]
        pages = [(first, part) for first in range(0, COLUMNS, games) for part in range(len(LARGE_PARTS))]
        for index, name in enumerate(record.player_names):
            for blank, (first, part) in zip(blanks, pages, strict=True):
                self._start(canvas, record, blank)
                drawn = _Page(canvas, self._series_geometry(record, 0, part))
                drawn.lines(self._lines(drawn, record), name)
                for column, game in enumerate(record.games[first : first + games]):
                    drawn.column(column, game.players[index], name in game.winners)
                if part == len(LARGE_PARTS) - 1 and first + games == COLUMNS:
                    total = record.series_totals[name]
                    if name in series_winners:
                        drawn.winner(total, drawn.geometry.series_total)
                    else:
                        drawn.centred(i18n.number(total), drawn.geometry.series_total, BOLD)
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
    print_size: Print | str = Print.STANDARD,
) -> bytes:
    """Finished games printed on their score sheet, in order, as one PDF (the library's `sheetgen fill`).

    `records` are checked records (`sheetgen.load_record`, `parse_record`), at
    least one; a single record is one. `paper` None prints each on its own
    language's paper. `print_size="large"` prints on the large-print sheet
    (no half cards). Anything else is a SheetgenError. The PDF is PDF/A-3b
    and carries each record's JSON (`sheetgen.pdf.archive`), which
    `sheetgen.load_any_record` reads back.
    """
    checked = items(records, "records", Record)
    if not checked:
        raise SheetgenError("records: expected at least one record, found none")
    filler = Filler(paper, card, print_size=print_size)
    return filler.pdf(checked)
