"""Filled records measured as a print shop would: every value on its line or centred in its cell.

Each filled PDF is read with PDFium: the blank sheet is one form object, so
every other object on the page is what the fill drew. Its text objects give
their origin (the baseline), size and ink box; its paths are the winners'
rings and stars. Positions are checked against the sheet's own geometry,
and the line labels' baselines against the blank sheet as printed.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from helpers import WORKED_CARD
from reportlab.pdfbase.pdfmetrics import stringWidth

from sheetgen.files.locales import speaking
from sheetgen.layout.fitting import LARGE_NAME_SIZES, line_write_in
from sheetgen.layout.geometry import (
    LARGE_COLUMNS,
    LARGE_PARTS,
    Rect,
    SheetGeometry,
    player_pages,
    sheet_geometry,
    split_evenly,
)
from sheetgen.pdf.fill import BOLD, CAP_HEIGHT, FONT, LARGE_MIN_SIZE, MIN_SIZE, NAME, STAR, Filler
from sheetgen.pdf.scoresheet import THICK
from sheetgen.rules import i18n
from sheetgen.rules.boxes import COLUMNS, SHEET_ROWS, Total
from sheetgen.rules.records import parse_record

SAFE = 72 * 5 / 25.4  # 5 mm, in points: nothing printed nearer a paper's edge
CENTRED = 0.5  # how far off its cell's centre a value may sit, in points
CLEAR = THICK / 2 + 1.0  # a value's ink keeps at least 1 pt of white from a heavy rule's ink
# PDFium's bounds of a stroked path reach a whole line width past it, 0.6 pt past the ring's ink; so
# this keeps 1.4 pt of white between a winner's ring and a heavy rule.
RING_CLEAR = THICK / 2 + 1.4 - 0.6
FONTS = {"DejaVuSans": FONT, "DejaVuSans-Bold": BOLD, "DejaVuSansCondensed-Bold": NAME}
NAMES = ["Ann", "Bob", "Chidi", "Dagny", "Émile", "Farah", "Gus"]
TITLE = "Thanksgiving series at Grandma's, the long weekend with the whole family"


# Every box filled from five alike, so each of the twelve other turns was an extra Yahtzee: 1200 points.
YAHTZEES = {
    "aces": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 25, "sixes": 30, "three_of_a_kind": 30,
    "four_of_a_kind": 30, "full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 50,
    "chance": 30,
}  # fmt: skip


def _card(shift: int, bonuses: int = 1) -> dict:
    """The worked card with its chance raised by `shift` (a tie when two players share one)."""
    return {"boxes": {**WORKED_CARD, "chance": WORKED_CARD["chance"] + shift % 8}, "yahtzee_bonuses": bonuses}


ALL_YAHTZEES = {"boxes": YAHTZEES, "yahtzee_bonuses": 12}


def game_record(players: int, lang: str) -> dict:
    """One game: the first and last players tied for the win with 12 extra Yahtzees (1200 points) each."""
    cards = [_card(n, n % 2) for n in range(players)]
    cards[0] = cards[-1] = ALL_YAHTZEES
    return {
        "lang": lang,
        "title": TITLE,
        "date": "2026-11-26",
        "players": [{"name": name, **card} for name, card in zip(NAMES, cards, strict=False)],
    }


def series_record(lang: str) -> dict:
    """Six games of three players: the first two tied in every game but the third, where one has 1200."""
    games = []
    for game in range(6):
        cards = [_card(game), ALL_YAHTZEES if game == 2 else _card(game), _card(game + 3, 0)]
        games.append({"players": [{"name": n, **c} for n, c in zip(NAMES[:3], cards, strict=True)]})
    return {"lang": lang, "house_rules": ["series"], "title": TITLE, "date": "2026-11-26", "games": games}


@dataclass(frozen=True)
class Drawn:
    """One text object the fill drew: its text, font, size, origin and ink box."""

    text: str
    font: str
    size: float
    x: float
    y: float
    ink: tuple[float, float, float, float]

    @property
    def width(self) -> float:
        return stringWidth(self.text, self.font, self.size)

    def inside(self, rect: Rect, clear: float = 0.0) -> bool:
        left, bottom, right, top = self.ink
        return (
            left >= rect.x + clear
            and right <= rect.right - clear
            and bottom >= rect.y + clear
            and top <= rect.top - clear
        )


def _string(getter, obj, *args, pointer=ctypes.c_char) -> bytes:
    """What a PDFium getter that fills a caller's buffer returns: a font's name, a text object's text."""
    count = getter(obj, *args, None, 0)
    buffer = ctypes.create_string_buffer(count)
    getter(obj, *args, ctypes.cast(buffer, ctypes.POINTER(pointer)), count)
    return buffer.raw


def read_page(pdf: pypdfium2.PdfDocument, number: int):
    """The overlay's text objects and path bounds on one page, the page's size, and its label baselines."""
    page = pdf[number]
    textpage = page.get_textpage()
    texts, paths, others = [], [], []
    for obj in page.get_objects(max_depth=0):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
            continue
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            paths.append(obj.get_bounds())
            continue
        if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT:
            others.append(obj.type)
            continue
        font = pdfium_c.FPDFTextObj_GetFont(obj)
        name = _string(pdfium_c.FPDFFont_GetBaseFontName, font).rstrip(b"\0").decode()
        size = ctypes.c_float()
        pdfium_c.FPDFTextObj_GetFontSize(obj, size)
        raw = _string(pdfium_c.FPDFTextObj_GetText, obj, textpage, pointer=ctypes.c_ushort)
        text = raw.decode("utf-16-le").split("\0")[0].strip()
        matrix = obj.get_matrix()
        texts.append(
            Drawn(
                text, FONTS[name.split("+")[-1]], size.value * matrix.a, matrix.e, matrix.f, obj.get_bounds()
            )
        )
    chars = []
    for index in range(textpage.count_chars()):
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(textpage, index, x, y)
        chars.append((chr(pdfium_c.FPDFText_GetUnicode(textpage, index)), x.value, y.value))
    return texts, paths, others, (page.get_width(), page.get_height()), chars


def label_baseline(chars, line: Rect, write_in: Rect) -> float:
    """The baseline of the label the blank sheet printed on a title, date, game or player line."""
    found = {
        round(y, 2) for c, x, y in chars if c.strip() and line.x <= x < write_in.x - 2 and line.contains(x, y)
    }
    assert len(found) == 1, f"the label of the line at {line} has baselines {found}"
    return found.pop()


def pages_of(record: dict, card: str, paper: str) -> list[list[SheetGeometry]]:
    """The geometry of each card on each page, as `Filler` lays the record out."""
    if "games" in record:
        per_page = 2 if card == "half" else 1
        cards = [sheet_geometry("series", paper, COLUMNS, card, slot) for slot in range(per_page)]
        names = len(record["games"][0]["players"])
        return [cards[: names - start] for start in range(0, names, per_page)]
    return [[geometry] for geometry in player_pages(paper, len(record["players"]))]  # one grid for all pages


def large_pages_of(record: dict, paper: str) -> list[list[SheetGeometry]]:
    """The geometry of each page of a large-print record: each card's upper section, then its lower."""
    if "games" in record:
        games = LARGE_COLUMNS["series"]
        card = [sheet_geometry("series", paper, games, print_size="large", part=p) for p in (0, 1)]
        return [
            [geometry]
            for _ in record["games"][0]["players"]
            for _ in range(0, COLUMNS, games)
            for geometry in card
        ]
    cards = player_pages(paper, len(record["players"]), "large")
    return [
        [sheet_geometry("players", paper, card.columns, print_size="large", part=p, grid=cards[0].columns)]
        for card in cards
        for p in range(len(LARGE_PARTS))
    ]


def slots(geometry: SheetGeometry) -> list[tuple[str, Rect]]:
    """Every place the fill may write on a card, by kind: centred cells, heads, lines (a large-print
    page holds one section's rows)."""
    found = [("head", head) for head in geometry.heads]
    for row in SHEET_ROWS:
        if row.slug not in geometry.cells:
            continue
        if row.key is Total.YAHTZEE_BONUS:
            for column in range(geometry.columns):
                found += [("cell", area) for area in geometry.bonus_write_ins(column)]
        else:
            found += [
                ("total" if row.key is Total.GRAND_TOTAL else "cell", c) for c in geometry.cells[row.slug]
            ]
    if geometry.series_total is not None:
        found.append(("total", geometry.series_total))
    return found + [("line:" + key, line_write_in(geometry, key)) for key in geometry.lines]


def check_page(
    texts, paths, size, chars, cards: list[SheetGeometry], winners: int, floors=(MIN_SIZE, MIN_SIZE)
) -> None:
    """Every measurement of one filled page; `winners` is how many rings it should hold; `floors` the
    least sizes of the values in cells and of the names and lines' values."""
    width, height = size
    rings = paths  # the fill draws no other path
    assert len(rings) == winners
    for left, bottom, right, top in paths + [t.ink for t in texts]:
        assert left >= SAFE and bottom >= SAFE and right <= width - SAFE and top <= height - SAFE
    for ring in rings:
        cells = [r for g in cards for kind, r in slots(g) if kind == "total" and r.contains(*_centre(ring))]
        assert len(cells) == 1, f"ring {ring} is in no grand or series total"
        assert _within(ring, cells[0], RING_CLEAR), f"ring {ring} touches the rules of {cells[0]}"
    for text in texts:
        if text.text == STAR:  # a mark beside a ringed number, not a value to read: inside its ring
            assert any(text.inside(_rect(ring), 1.0) for ring in rings), f"a star at {text.ink}"
            continue
        origin = (text.x + min(text.width, 1.0), text.y + text.size * CAP_HEIGHT / 2)
        places = [(kind, rect, g) for g in cards for kind, rect in slots(g) if rect.contains(*origin)]
        assert len(places) == 1, f"{text.text!r} at {origin} is in {len(places)} places"
        kind, rect, geometry = places[0]
        floor = floors[1] if kind == "head" or kind.startswith("line:") else floors[0]
        assert text.size >= floor - 0.01, f"{text.text!r} at {text.size} pt"
        if kind.startswith("line:"):
            key = kind[5:]
            line = geometry.lines[key]
            assert text.y == pytest.approx(label_baseline(chars, line, rect), abs=0.05) or _upper(text, texts)
            assert text.x == pytest.approx(rect.x, abs=0.05)
            assert text.ink[2] <= rect.right + 0.5 and text.ink[3] <= line.top
        elif kind == "head":
            assert text.inside(rect, 1.0)
        else:
            ring = next((r for r in rings if _rect(r).contains(*origin)), None)
            if ring is None:
                assert text.x + text.width / 2 == pytest.approx(rect.center[0], abs=CENTRED), text.text
                middle = text.y + text.size * CAP_HEIGHT / 2
                assert middle == pytest.approx(rect.center[1], abs=CENTRED), text.text
                assert text.inside(rect, CLEAR), f"{text.text!r} {text.ink} touches the rules of {rect}"
            else:
                inner = Rect(ring[0] + 1.0, ring[1] + 1.0, ring[2] - ring[0] - 2.0, ring[3] - ring[1] - 2.0)
                assert text.inside(inner), f"{text.text!r} {text.ink} touches its ring {ring}"


def _upper(text: Drawn, texts: list[Drawn]) -> bool:
    """A wrapped line's upper line: one leading above another line of the same value."""
    return any(o.x == text.x and text.y - o.y == pytest.approx(o.size * 1.15, abs=0.05) for o in texts)


def _rect(box) -> Rect:
    return Rect(box[0], box[1], box[2] - box[0], box[3] - box[1])


def _centre(box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _within(box, rect: Rect, clear: float) -> bool:
    left, bottom, right, top = box
    return (
        left >= rect.x + clear
        and bottom >= rect.y + clear
        and right <= rect.right - clear
        and top <= rect.top - clear
    )


def _winners(record) -> list[int]:
    """The rings on each page: one per winner of each game on it, and the series winner."""
    if not record.is_series:
        winners = set(record.games[0].winners)
        names = record.player_names
        counts, start = [], 0
        for count in split_evenly(len(names)):
            counts.append(sum(name in winners for name in names[start : start + count]))
            start += count
        return counts
    per_card = [
        sum(name in game.winners for game in record.games) + (name in record.series_winners)
        for name in record.player_names
    ]
    return per_card


KINDS = {
    "one player": (lambda lang: game_record(1, lang), "full"),
    "six players": (lambda lang: game_record(6, lang), "full"),
    "seven players": (lambda lang: game_record(7, lang), "full"),
    "six-game card": (series_record, "full"),
    "half cards": (series_record, "half"),
}
PRINTS = [("letter", "en"), ("a4", "de"), ("letter", "fr"), ("a4", "pt-BR")]


@pytest.mark.parametrize(("paper", "lang"), PRINTS)
@pytest.mark.parametrize("kind", KINDS)
def test_filled_values_sit_in_their_cells(kind, paper, lang):
    """Values centred in their cells, clear of the rules, line values on their labels' baselines,
    nothing under 8 pt, nothing within 5 mm of an edge, every winner's ring inside its cell, each
    ringed number and star inside its ring."""
    make, card = KINDS[kind]
    data = make(lang)
    record = parse_record(data)
    pdf = pypdfium2.PdfDocument(Filler(paper, card).pdf([record]))
    layout = pages_of(data, card, paper)
    rings = _winners(record)
    if record.is_series:  # two cards to a half sheet: their rings add up
        step = len(layout[0])
        rings = [sum(rings[n : n + step]) for n in range(0, len(rings), step)]
    assert len(pdf) == len(layout) == len(rings)
    with speaking(lang):  # 1,200 in English, 1.200 in German, 1 200 in French
        twelve_hundred = i18n.number(1200)
    drawn = []
    for number, cards in enumerate(layout):
        texts, paths, others, size, chars = read_page(pdf, number)
        assert not others
        with speaking(lang):  # the labels, and so where the lines' values start, are in the record's language
            check_page(texts, paths, size, chars, cards, rings[number])
        drawn += [t.text for t in texts]
        for text in (t for t in texts if t.text == twelve_hundred):
            check_bonus_points(text, cards)
    assert twelve_hundred in drawn and any(text.endswith("\u2713") for text in drawn)


LARGE_PRINTS = [("letter", "en"), ("a4", "de")]


def large_rings(record) -> list[int]:
    """The rings on each large-print page: none on an upper section's page; on a lower one, a ring per
    winner of the game in its columns, and the series winner's under the last three games."""
    if not record.is_series:
        winners, names, rings, start = set(record.games[0].winners), record.player_names, [], 0
        for count in split_evenly(len(names), LARGE_COLUMNS["players"]):
            rings += [0, sum(name in winners for name in names[start : start + count])]
            start += count
        return rings
    games, rings = LARGE_COLUMNS["series"], []
    for name in record.player_names:
        for first in range(0, COLUMNS, games):
            won = sum(name in game.winners for game in record.games[first : first + games])
            rings += [0, won + (first + games == COLUMNS and name in record.series_winners)]
    return rings


@pytest.mark.parametrize(("paper", "lang"), LARGE_PRINTS)
@pytest.mark.parametrize("kind", ["six players", "six-game card"])
def test_large_print_values_sit_in_their_cells(kind, paper, lang):
    """As test_filled_values_sit_in_their_cells, on the large-print sheet: each card's upper section on
    one page and its lower on the next, every value at 16 pt or more centred in its cell, names and
    lines' values at the blank sheet's 12 pt or more, winners' rings inside their cells."""
    data = KINDS[kind][0](lang)
    record = parse_record(data)
    pdf = pypdfium2.PdfDocument(Filler(paper, print_size="large").pdf([record]))
    layout = large_pages_of(data, paper)
    rings = large_rings(record)
    assert len(pdf) == len(layout) == len(rings)
    drawn = []
    for number, cards in enumerate(layout):
        texts, paths, others, size, chars = read_page(pdf, number)
        assert not others
        with speaking(lang):
            check_page(texts, paths, size, chars, cards, rings[number], (LARGE_MIN_SIZE, LARGE_NAME_SIZES[1]))
        drawn += [t.text for t in texts]
    with speaking(lang):
        twelve_hundred = i18n.number(1200)
    assert twelve_hundred in drawn and any(text.endswith("\u2713") for text in drawn)


def check_bonus_points(text: Drawn, cards: list[SheetGeometry]) -> None:
    """A Yahtzee-bonus figure centred in its cell's points half (beside the ticks on a whole page, under
    them on a half card), never on the whole column's centre, and clear of the half's rules."""
    centre = (text.x + text.width / 2, text.y + text.size * CAP_HEIGHT / 2)
    halves = [
        (geometry.bonus_write_ins(column)[1], geometry.cell(Total.YAHTZEE_BONUS.value, column))
        for geometry in cards
        for column in range(geometry.columns)
    ]
    (points, cell), *_others = [(p, c) for p, c in halves if p.contains(*centre)]
    assert centre[0] == pytest.approx(points.center[0], abs=CENTRED)
    assert centre[1] == pytest.approx(points.center[1], abs=CENTRED)
    if points.width < cell.width:  # side by side: the points half's centre is not the column's
        assert abs(centre[0] - cell.center[0]) > 4 * CENTRED
    assert text.inside(points, CLEAR) and text.size >= MIN_SIZE


def test_a_title_too_long_for_two_lines_ends_in_an_ellipsis_at_the_floor():
    """A title wraps before it shrinks, and never under 8 pt: what does not fit ends in '…'."""
    data = {**series_record("en"), "title": "A very long title " * 11}
    pdf = pypdfium2.PdfDocument(Filler("letter", "half").pdf([parse_record(data)]))
    start = line_write_in(sheet_geometry("series", "letter", COLUMNS, "half"), "title").x
    title = sorted((t for t in read_page(pdf, 0)[0] if t.x == pytest.approx(start)), key=lambda t: -t.y)
    assert [t.size for t in title] == [MIN_SIZE, MIN_SIZE]
    assert title[0].text.startswith("A very long") and title[1].text.endswith("\u2026")
