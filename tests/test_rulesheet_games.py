"""The rule sheets of the family (Yatzy, Yacht, Triple Yahtzee): written from each game's definition,
its boxes scored by the engine, its bonuses and rulings, on one legible page of each paper."""

from __future__ import annotations

import re
import subprocess

import pytest
from helpers import PAPER_SIZES, hyphenation_faults, lines_of, printed_pages, rule_sheet_pdf

from sheetgen.files.locales import languages, speaking
from sheetgen.files.variants import load_rules
from sheetgen.rules.game import TRIPLE_YAHTZEE, YACHT, YAHTZEE, YATZY, BoxRule, Game, Kind, Scoring, Section
from sheetgen.rules.i18n import number
from sheetgen.rules.rulebook import BoxRow, RuleSheet, highest_totals, rule_sheet
from sheetgen.rules.scoring import Card, best_total
from sheetgen.rules.variants import VARIANTS, Rules

NEW_GAMES = (YATZY, YACHT, TRIPLE_YAHTZEE)
EDGE_PT = 5 / 25.4 * 72  # 5 mm
SMALLEST_PT = 8.0

# The example of each lower box and its score, as ../shared/RULES.md works them out ("The family").
EXAMPLES = [
    (YATZY, "one_pair", (3, 3, 5, 5, 6), 10),
    (YATZY, "two_pairs", (3, 3, 6, 6, 6), 18),
    (YATZY, "three_of_a_kind", (3, 3, 3, 3, 5), 9),
    (YATZY, "four_of_a_kind", (3, 3, 3, 3, 3), 12),
    (YATZY, "small_straight", (1, 2, 3, 4, 5), 15),
    (YATZY, "large_straight", (2, 3, 4, 5, 6), 20),
    (YATZY, "full_house", (6, 2, 2, 2, 6), 18),
    (YATZY, "yatzy", (4, 4, 4, 4, 4), 50),
    (YACHT, "four_of_a_kind", (3, 3, 3, 3, 3), 12),
    (YACHT, "little_straight", (1, 2, 3, 4, 5), 30),
    (YACHT, "big_straight", (2, 3, 4, 5, 6), 30),
    (YACHT, "full_house", (6, 2, 2, 2, 6), 18),
    (YACHT, "yacht", (4, 4, 4, 4, 4), 50),
    (TRIPLE_YAHTZEE, "three_of_a_kind", (5, 5, 5, 2, 1), 18),
    (TRIPLE_YAHTZEE, "four_of_a_kind", (4, 4, 4, 4, 2), 18),
    (TRIPLE_YAHTZEE, "full_house", (3, 3, 3, 6, 6), 25),
]
# Highest totals without extra all-alike rolls (RULES.md: 374, 297, 375 x 6) and with one every turn.
HIGHEST = {YAHTZEE: (375, 1575), YATZY: (374, None), YACHT: (297, None), TRIPLE_YAHTZEE: (2250, 9450)}


def _table(sheet: RuleSheet) -> tuple[BoxRow, ...]:
    """The rows of the sheet's table of boxes."""
    (table,) = (block for block in sheet.section("lower").blocks if block.kind == "table")
    return table.rows


def _rows(game: Game) -> dict[str, BoxRow]:
    """The lower section's table rows by label."""
    return {row.label: row for row in _table(rule_sheet(Rules(game=game)))}


@pytest.mark.parametrize(("game", "box_id", "dice", "points"), EXAMPLES, ids=lambda v: getattr(v, "id", v))
def test_each_box_shows_its_example_and_the_engine_score(game: Game, box_id: str, dice, points: int) -> None:
    """The sheet's example roll for a box, and the score it prints, are the ones the rules work out."""
    box = game.box_set(box_id)
    row = _rows(game)[box.label]
    assert (row.dice, row.example_score) == (dice, points)
    assert (row.needs, row.scores) == (box.needs, box.scores)


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_the_table_has_every_lower_box_in_card_order(game: Game) -> None:
    """One row per lower box of the game, none of another game's."""
    assert list(_rows(game)) == [box.label for box in game.in_section(Section.LOWER)]


@pytest.mark.parametrize("game", HIGHEST, ids=lambda g: g.id)
def test_highest_totals(game: Game) -> None:
    """The highest totals the sheets print: the engine's best per column, times the multipliers."""
    assert highest_totals(game) == HIGHEST[game]
    assert best_total(game) * sum(game.columns) == HIGHEST[game][0]


def test_a_yahtzee_every_turn_reaches_the_printed_triple_best() -> None:
    """Played through the engine, 39 Yahtzees (Yahtzee boxes first, then each face's upper boxes, then
    the lower boxes as Jokers) make exactly the total the Triple Yahtzee sheet prints."""
    rules, game = Rules(game=TRIPLE_YAHTZEE), TRIPLE_YAHTZEE
    card = Card.empty(game)
    alike = game.all_alike_box
    for column in range(len(game.columns)):
        card = card.place((6,) * 5, (column, alike), rules)
    for face in game.faces:
        for column in range(len(game.columns)):
            card = card.place((face,) * 5, (column, game.box_set.for_face(face)), rules)
    for box in game.in_section(Section.LOWER):
        for column in range(len(game.columns)):
            if box is not alike:
                card = card.place((6,) * 5, (column, box), rules)
    assert card.complete
    assert card.grand_total == highest_totals(game)[1]


def _text(game: Game, rules: Rules | None = None) -> str:
    return rule_sheet(rules or Rules(game=game)).text


def test_yatzy_rulings() -> None:
    """Yatzy's sheet rules on what its sources disagree on: exact straights, only the matching dice in
    the kinds, five alike no full house, and its 50-point upper bonus; no Joker, no extra bonus."""
    sheet = rule_sheet(Rules(game=YATZY))
    rulings = " ".join(item.text for item in sheet.rulings)
    assert (
        "a straight needs exactly its faces (Small Straight 1-2-3-4-5 and Large Straight 2-3-4-5-6)"
        in rulings
    )
    assert (
        "only the dice alike count in 3 of a Kind and 4 of a Kind, not all 5: 3-3-3-3-5 scores 9" in rulings
    )
    assert "five of a kind is not a Full House" in rulings
    assert "Add 50 if the six upper boxes total 63 or more." in sheet.text
    assert "A second Yatzy earns no bonus" in sheet.text
    for absent in ("Joker", "Yahtzee bonus", "1996 Milton Bradley"):
        assert absent not in sheet.text
    assert sheet.footer == "Yatzy as Scandinavia plays it · No house rules"


def test_yacht_rulings() -> None:
    """Yacht scores as exercism's exercise does and says other rule sets are house versions; no bonus."""
    sheet = rule_sheet(Rules(game=YACHT))
    rulings = " ".join(item.text for item in sheet.rulings)
    assert "this sheet scores Yacht as exercism's yacht exercise does" in rulings
    assert "are house versions, not this game" in rulings
    assert "No bonus. The upper boxes earn nothing more" in sheet.text
    assert "Grand total: all 12 boxes." in sheet.text
    assert "Upper total" not in sheet.text and "Joker" not in sheet.text


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_triple_yahtzee_keeps_the_variant_and_rules_on_extra_yahtzees(variant) -> None:
    """Triple Yahtzee's sheet is Yahtzee's for the variant (its Joker order word for word) plus the
    columns: extra once every column's Yahtzee box is filled, one card for the Joker order, the bonus
    multiplied with its column, only while all three Yahtzee boxes hold 50."""
    yahtzee, triple = rule_sheet(Rules(variant)), rule_sheet(Rules(variant, game=TRIPLE_YAHTZEE))
    assert triple.section("joker") == yahtzee.section("joker")
    assert triple.section("house") == yahtzee.section("house")
    (ruling,) = (item.text for item in triple.section("extra").blocks[0].items if item.ruling)
    assert "once the Yahtzee box of every column is filled" in ruling
    assert "treat your columns as one card" in ruling
    text = triple.text
    assert "only while all 3 Yahtzee boxes hold 50" in text and "100, 200 or 300" in text
    assert "column\u00a01\u00a0\u00d71, column\u00a02\u00a0\u00d72 and column\u00a03\u00a0\u00d73" in text
    assert "all 39 boxes" in text


# ---- the printed page: a render per game and paper in English and German (12 renders), and one in
# each other language, the games and papers taking turns (9 renders), so every language's words for
# these games are laid out on one of their sheets.

_OTHERS = [lang for lang in languages() if lang not in ("en", "de")]
PAGES = [
    pytest.param(game, paper, lang, id=f"{game.id}-{paper}-{lang}")
    for game in NEW_GAMES
    for paper in PAPER_SIZES
    for lang in ("en", "de")
] + [
    pytest.param(game, paper, lang, id=f"{game.id}-{paper}-{lang}")
    for turn, lang in enumerate(_OTHERS)
    for game, paper in [(NEW_GAMES[turn % len(NEW_GAMES)], tuple(PAPER_SIZES)[turn % 2])]
]


def _printed(game: Game, paper: str, lang: str):
    (page,) = printed_pages(rule_sheet_pdf(Rules(game=game), paper, lang))
    return page


@pytest.mark.parametrize(("game", "paper", "lang"), PAGES)
def test_one_legible_page_with_every_box_and_the_best_total(game: Game, paper: str, lang: str) -> None:
    """One page of the paper; each box's label printed, each lower box on one line with its example
    score; the highest total printed; nothing within 5 mm of an edge, no character under 8 pt; the
    lines broken as a typesetter would (three letters either side of a hyphenated break, two in a row
    at most, no dice sequence split)."""
    page = _printed(game, paper, lang)
    pdf = rule_sheet_pdf(Rules(game=game), paper, lang)  # the one _printed read (cached)
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    assert hyphenation_faults(text) == []
    assert not re.search(r"\d-\n\d", text), "a dice sequence broken at its hyphen"
    assert (round(page.width), round(page.height)) == PAPER_SIZES[paper]
    lines = ["".join(c.text for c in line) for line in lines_of(page.chars)]
    with speaking(lang):
        sheet = rule_sheet(Rules(game=game))
        best = number(highest_totals(game)[0])
        labels = [box.label for box in game.boxes]
    squeezed = "".join("".join(lines).split())
    assert "".join(best.split()) in squeezed
    assert ("Hasbro" in squeezed) == bool(game.notice_id)  # Yatzy and Yacht are nobody's trademark
    for label in labels:
        assert page.find(label), label
    (table,) = (block for block in sheet.section("lower").blocks if block.kind == "table")
    for row in table.rows:
        label = "".join(row.label.split())
        assert any(
            "".join(line.split()).startswith(label) and line.endswith(str(row.example_score))
            for line in lines
        ), row.label
    for x0, y0, x1, y1 in (*page.marks, *((c.x0, c.y0, c.x1, c.y1) for c in page.chars if c.text.strip())):
        assert x0 >= EDGE_PT and x1 <= page.width - EDGE_PT, (x0, x1)
        assert y0 >= EDGE_PT and y1 <= page.height - EDGE_PT, (y0, y1)
    assert min(c.size for c in page.chars if c.text.strip()) >= SMALLEST_PT - 0.01


def test_a_card_of_any_shape_gets_a_sheet() -> None:
    """A game with no upper section, two columns and no bonus (as a game file may define) gets a sheet
    from its definition: its boxes in the table, its columns, its highest total, no Yahtzee words."""
    boxes = (
        BoxRule(
            "pair", Section.LOWER, Kind.PAIRS, Scoring.MATCHED, "Pair", "two alike", (2, 2, 3, 4, 5), count=1
        ),
        BoxRule(
            "run",
            Section.LOWER,
            Kind.STRAIGHT,
            Scoring.FIXED,
            "Run",
            "4 in a row",
            (1, 2, 3, 4, 6),
            run=4,
            score=25,
        ),
        BoxRule("any", Section.LOWER, Kind.ANYTHING, Scoring.DICE_TOTAL, "Any", "any dice", (6, 5, 4, 2, 2)),
    )
    game = Game("runs", "Runs", 5, (1, 2, 3, 4, 5, 6), 3, boxes, None, None, columns=(1, 2))
    sheet = rule_sheet(Rules(game=game))
    assert sheet.keys == ("setup", "turn", "filling", "lower", "end", "house")
    assert [(row.label, row.example_score) for row in _table(sheet)] == [
        ("Pair", 4),
        ("Run", 25),
        ("Any", 19),
    ]
    assert "any of your card's 2 columns" in sheet.text and "all 6 boxes" in sheet.text
    assert f"Highest possible: {(12 + 25 + 30) * 3}." in sheet.text
    assert "Yahtzee" not in sheet.text and "Upper" not in sheet.text


def test_the_fullest_triple_sheet_fits_a_letter_page_in_a_long_language() -> None:
    """Triple Yahtzee with free choice and every house rule, the fullest sheet there is, in German on
    Letter: one page at 8 pt with closer lines (it ran onto a second page before, as in Italian, French,
    Swedish and Spanish), every character at least 8 pt and clear of the edges, the breaks a
    typesetter's."""
    lang = "de"
    every = ("five-of-a-kind-full-house", "one-die-start", "series", "scratch-any-box")  # one start rule
    rules = load_rules("free-choice", every).for_game(TRIPLE_YAHTZEE)
    pdf = rule_sheet_pdf(rules, "letter", lang)
    (page,) = printed_pages(pdf)
    assert min(c.size for c in page.chars if c.text.strip()) >= SMALLEST_PT - 0.01
    for x0, y0, x1, y1 in ((c.x0, c.y0, c.x1, c.y1) for c in page.chars if c.text.strip()):
        assert x0 >= EDGE_PT and x1 <= page.width - EDGE_PT and y0 >= EDGE_PT and y1 <= page.height - EDGE_PT
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    assert hyphenation_faults(text) == []
