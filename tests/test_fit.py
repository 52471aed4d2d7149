"""Sheets that fit the game: columns per player, even splits, half cards, names and titles that fit."""

from __future__ import annotations

import json
import math
from collections import Counter
from functools import cache
from io import BytesIO

import pypdfium2
import pypdfium2.raw as pdfium
import pytest
from helpers import EXAMPLES, WORKED_CARD, blank_sheet, run_cli
from pypdf import PdfReader

from sheetgen.files.records import load_record
from sheetgen.files.variants import load_rules
from sheetgen.layout.fitting import MIN_SIZE, inner
from sheetgen.layout.geometry import (
    LABEL_SHARE,
    MAX_COLUMN_WIDTH,
    PAPER_SIZES_PT,
    PAPERS,
    player_pages,
    sheet_geometry,
)
from sheetgen.pdf.fill import Filler
from sheetgen.pdf.rulesheet import render_rulesheet
from sheetgen.pdf.scoresheet import THICK
from sheetgen.rules.records import parse_record

OFFICIAL = load_rules("official")
NAMES = ("Renée Müller-Lüdenscheid", "Bob", "Fitzgerald-Smythe", "Ann Lee", "Jean-Luc Picard", "Zoë")


@cache
def filler(paper: str = "letter", card: str = "full") -> Filler:
    return Filler(paper, card)


# A Yahtzee every turn: every box holds what an extra Yahtzee can leave there, so 12 bonuses can happen.
ALL_YAHTZEES = {
    "aces": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 25, "sixes": 30, "three_of_a_kind": 30,
    "four_of_a_kind": 30, "full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 50,
    "chance": 30,
}  # fmt: skip


def record(count: int, names: tuple[str, ...] = (), bonuses: int = 1):
    names = names or tuple(f"P{n}" for n in range(1, count + 1))
    boxes = ALL_YAHTZEES if bonuses == 12 else WORKED_CARD
    players = [{"name": name, "boxes": boxes, "yahtzee_bonuses": bonuses} for name in names]
    return parse_record({"players": players})


def runs(pdf: bytes, page: int = 0) -> list[tuple[str, float, float, float]]:
    """(text, x, baseline y, size) of every text run, in PDF points, whoever drew it."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            a, b, _, d, e, f = cm
            scale = math.hypot(tm[0], tm[1]) * math.hypot(a, b)  # turned text ("cut here") too
            found.append((text.strip(), tm[4] * a + e, tm[5] * d + f, size * scale))

    PdfReader(BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def path_bounds(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The bounding box (left, bottom, right, top) of every drawn path: rules, bands, tints."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [obj.get_bounds() for obj in document[page].get_objects(filter=[pdfium.FPDF_PAGEOBJ_PATH])]
    finally:
        document.close()


def name_width(text: str, size: float) -> float:
    from sheetgen.layout.fitting import text_width

    return text_width(text, size)


# Columns follow the players


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", range(1, 7))
def test_columns_share_the_full_width(players, paper):
    """N players: N equal columns; the drawn table's edges are the geometry's, at the printable width."""
    geometry = sheet_geometry("players", paper, players)
    page_width = PAPER_SIZES_PT[paper][0]
    assert len(geometry.heads) == players
    widths = {round(head.width, 2) for head in geometry.heads}
    assert len(widths) == 1
    # No column wider than MAX_COLUMN_WIDTH, unless the label column would take more than its share.
    assert (
        widths.pop() <= MAX_COLUMN_WIDTH
        or geometry.label_area.width <= LABEL_SHARE * geometry.grid.width + 0.01
    )
    assert geometry.heads[-1].right == pytest.approx(geometry.grid.right)
    assert geometry.grid.x == pytest.approx(30.0) and geometry.grid.right == pytest.approx(page_width - 30.0)
    pdf = blank_sheet("players", paper, fillable=True, columns=players)
    assert len(PdfReader(BytesIO(pdf)).pages) == 1
    table = [b for b in path_bounds(pdf) if b[1] >= geometry.grid.y - 1 and b[3] <= geometry.grid.top + 1]
    assert min(b[0] for b in table) == pytest.approx(geometry.grid.x - THICK / 2, abs=0.2)
    assert max(b[2] for b in table) == pytest.approx(geometry.grid.right + THICK / 2, abs=0.2)
    heads = [b for b in table if b[1] >= geometry.heads[0].y - 1]  # the head row's own lines
    assert max(b[2] for b in heads) == pytest.approx(geometry.grid.right + THICK / 2, abs=0.2)
    captions = [text for text, *_ in runs(pdf) if text.startswith("Player ")]
    assert captions == [f"Player {n}" for n in range(1, players + 1)]


@pytest.mark.parametrize(
    ("count", "split"),
    [(1, [1]), (3, [3]), (6, [6]), (7, [4, 3]), (8, [4, 4]), (12, [6, 6])],
)
def test_fill_prints_n_players_in_n_columns(count, split):
    """A record's players fill exactly their columns; more than six split evenly over pages."""
    game = record(count)
    pdf = filler().pdf([game])
    assert len(PdfReader(BytesIO(pdf)).pages) == len(split)
    number = 0
    pages = player_pages("letter", count)  # every page on the first one's grid, as the blank sheet
    assert [geometry.columns for geometry in pages] == split
    for page, (columns, geometry) in enumerate(zip(split, pages, strict=True)):
        texts = runs(pdf, page)
        assert not any(text.startswith("Player ") for text, *_ in texts)  # the name alone, no caption
        for column in range(columns):
            number += 1
            head = geometry.heads[column]
            assert [t for t, x, y, _ in texts if head.contains(x, y)] == [f"P{number}"]
            grand = geometry.cell("grand_total", column)
            assert any(t == "395" and grand.contains(x, y) for t, x, y, _ in texts)


# Names that fit


@pytest.mark.parametrize("path", ["blank", "filled"])
def test_a_row_of_long_names_uses_one_size_and_stays_inside(path):
    """Every head of a row has one size; each line lies inside its head, broken only at spaces and hyphens."""
    geometry = sheet_geometry("players", "letter", 6)
    pdf = (
        blank_sheet("players", "letter", fillable=True, names=NAMES)
        if path == "blank"
        else filler().pdf([record(6, NAMES)])
    )
    texts = runs(pdf)
    sizes = set()
    for name, head in zip(NAMES, geometry.heads, strict=True):
        area = inner(head)
        lines = [(t, x, y, s) for t, x, y, s in texts if head.contains(x, y)]
        joined = ""
        for text, x, y, size in lines:
            sizes.add(round(size, 2))
            assert area.contains(x, y - size * 0.25, tolerance=0.5), (name, text)
            assert area.contains(x + name_width(text, size), y + size * 0.8, tolerance=0.5), (name, text)
            joined += text if not joined or joined.endswith("-") else " " + text
        assert joined == name
    assert len(sizes) == 1 and sizes.pop() >= MIN_SIZE


def test_a_name_that_cannot_fit_is_an_error_for_its_record_alone(tmp_path):
    """fill: an unbreakable name too wide for its column is one line naming it; other records still print."""
    long = "Wolfeschlegelsteinhausenbergerdorff"
    players = [{"name": name, "boxes": WORKED_CARD} for name in (long, "B", "C", "D", "E", "F")]
    (tmp_path / "long.json").write_text(json.dumps({"players": players}))
    (tmp_path / "good.json").write_text((EXAMPLES / "boxes.json").read_text())
    result = run_cli(["fill", "long.json", "good.json"], tmp_path)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"Error: long.json: the name {long!r} does not fit its column even at 8 pt; shorten it"
    ]
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["good.pdf"]


# Half-page cards


@pytest.mark.parametrize("paper", PAPERS)
def test_half_cards_two_to_a_sheet_with_a_cut_line(paper):
    """--card half: the paper turned, two six-game cards, a cut line down the middle, fields for both."""
    pdf = blank_sheet("series", paper, fillable=True, card="half")
    reader = PdfReader(BytesIO(pdf))
    (page,) = reader.pages
    width, height = PAPER_SIZES_PT[paper][::-1]
    assert [float(v) for v in page.mediabox] == [0, 0, width, height]
    cut = [b for b in path_bounds(pdf) if abs(b[0] - width / 2) < 1 and b[3] - b[1] > height * 0.95]
    assert cut, "no cut line down the middle"
    left, right = (sheet_geometry("series", paper, card="half", slot=slot) for slot in (0, 1))
    assert left.grid.right < width / 2 < right.grid.x
    texts = runs(pdf)
    assert sum(1 for t, *_ in texts if t == OFFICIAL.title) == 2
    fields = reader.get_fields()
    assert {"g1.aces", "player", "series_total", "card2.g1.aces", "card2.player"} <= set(fields)
    for annotation in page["/Annots"]:
        widget = annotation.get_object()
        x = (float(widget["/Rect"][0]) + float(widget["/Rect"][2])) / 2
        top = widget
        while "/Parent" in top:  # the field tree's root names the card: card2, or a first-card name
            top = top["/Parent"].get_object()
        assert (x > width / 2) == (top["/T"] == "card2"), widget["/T"]


def test_a_series_fills_half_cards_two_players_a_sheet():
    """fill --card half: three players' cards on two sheets, each name on its own card's player line."""
    series = load_record(EXAMPLES / "series.json")
    pdf = filler("a4", "half").pdf([series])
    assert len(PdfReader(BytesIO(pdf)).pages) == 2
    for index, name in enumerate(series.player_names):
        page, slot = divmod(index, 2)
        geometry = sheet_geometry("series", "a4", card="half", slot=slot)
        texts = runs(pdf, page)
        assert any(t == name and geometry.lines["player"].contains(x, y) for t, x, y, _ in texts)
        total = str(series.series_totals[name])
        assert any(t == total and geometry.series_total.contains(x, y) for t, x, y, _ in texts)


# Options people expect


def test_title_and_paper_options(tmp_path):
    """--title prints in the heading of both sheets; --paper A4 works in any case."""
    result = run_cli(["scoresheet", "--title", "Cottage Cup 2026", "--paper", "A4"], tmp_path)
    assert result.exit_code == 0, result.output
    sheet = PdfReader(tmp_path / "output" / "scoresheet-players-official-a4.pdf")
    assert [float(v) for v in sheet.pages[0].mediabox] == [0, 0, 595, 842]
    assert "Cottage Cup 2026" in sheet.pages[0].extract_text()
    result = run_cli(["rules", "--title", "Cottage Cup rules", "--paper", "A4"], tmp_path)
    assert result.exit_code == 0, result.output
    assert (
        "Cottage Cup rules"
        in PdfReader(tmp_path / "output" / "rules-official-a4.pdf").pages[0].extract_text()
    )
    result = run_cli(["fill", str(EXAMPLES / "boxes.json"), "--paper", "A4", "-o", "x.pdf"], tmp_path)
    assert result.exit_code == 0 and PdfReader(tmp_path / "x.pdf").pages[0].mediabox[2] == 595


@pytest.mark.parametrize("command", ["scoresheet", "rules"])
def test_a_title_too_long_to_fit_is_one_line(command, tmp_path):
    """A title within the length limit but too wide for the heading is refused, not clipped."""
    result = run_cli([command, "--title", "W" * 80], tmp_path)
    assert result.exit_code == 2 and not (tmp_path / "output").exists()
    where = {"scoresheet": "the sheet's heading", "rules": "the rule sheet's masthead"}[command]
    assert result.stdout == ""
    shown = "'" + "W" * 59 + "…'"  # a long value is quoted cut short
    assert result.stderr == f"Error: --title: the title {shown} does not fit {where}; shorten it\n"


def test_custom_variant_files_are_named_after_the_variant(tmp_path):
    """The TOML name stands for its own house rules; only rules added on top are spelled out."""
    toml = str(EXAMPLES / "our-house.toml")
    assert load_rules(toml).slug == "our-house"
    assert load_rules(toml, ["series"]).slug == "our-house-series"
    assert load_rules(toml, ["five-of-a-kind-full-house"]).slug == "our-house"
    result = run_cli(["scoresheet", "--variant", toml, "--paper", "a4"], tmp_path)
    assert result.output.strip() == "output/scoresheet-players-our-house-a4.pdf"


# Legibility


def test_captions_hints_and_bonus_halves_are_legible():
    """All blank-sheet text is 8 pt or more; each bonus half is captioned, blank and filled."""
    pdf = blank_sheet("players", "letter", fillable=True, columns=3)
    for sheet in (pdf, blank_sheet("series", "letter", fillable=True, card="half")):
        assert min(size for *_, size in runs(sheet)) >= 8.0 - 0.01
    game = record(3, bonuses=12)
    filled = filler().pdf([game])
    geometry = sheet_geometry("players", "letter", 3)
    for texts in (runs(pdf), runs(filled)):
        for column in range(3):
            halves = (geometry.yahtzee_ticks[column], geometry.yahtzee_totals[column])
            for caption, half in zip(("ticks", "points"), halves, strict=True):
                assert any(t == caption and half.contains(x, y) for t, x, y, _ in texts)
    texts = runs(filled)
    aces = geometry.cell("aces", 0)
    (value_size,) = Counter(round(s, 2) for t, x, y, s in texts if t == "5" and aces.contains(x, y))
    points = geometry.bonus_write_ins(0)[1]
    (bonus,) = [(t, s) for t, x, y, s in texts if points.contains(x, y) and t != "points"]
    assert bonus[0] == "1,200" and bonus[1] >= value_size  # grouped the English way


def test_rule_sheet_fills_the_room_left_with_space_not_larger_type():
    """On A4 the official rules keep the 9 pt body and leave less than an inch empty: the layout spaces
    the sections out (issue 27: one type scale); still one page."""
    pdf = render_rulesheet(OFFICIAL, "a4")
    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == 1
    texts = runs(pdf)
    body = Counter(round(size, 2) for *_, size in texts).most_common(1)[0][0]
    assert body == 9.0
    footer_top = min(y for *_, y, size in texts) + 8.5
    lowest_body = min(y for *_, y, size in texts if y > footer_top)
    assert lowest_body - footer_top < 72.0
