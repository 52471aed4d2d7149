"""The scoring engine against golden tables, the worked checks and the limits."""

from __future__ import annotations

import pytest
from helpers import DATA, node_answers

from sheetgen.errors import IllegalPlacementError
from sheetgen.files.variants import load_rules
from sheetgen.rules.boxes import GAME, LOWER_BOXES, Box, Total
from sheetgen.rules.scoring import ScoreCard, Totals, best_total, possible_scores, winners
from sheetgen.rules.variants import VARIANTS, Rules
from sheetgen.web.scorekeeper import scorekeeper_data

GOLDEN = DATA / "golden_scores.txt"


def _golden_rows() -> list[pytest.param]:
    rows = []
    for number, line in enumerate(GOLDEN.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        spec, dice, box, filled, expected = (part.strip() for part in line.split("|"))
        variant, *house_rules = spec.split("+")
        names = [v.name for v in VARIANTS] if variant == "any" else [variant]
        for name in names:
            rows.append(
                pytest.param(name, house_rules, dice, box, filled, expected, id=f"line{number}-{name}")
            )
    return rows


def _card(filled: str) -> ScoreCard:
    boxes: dict[Box, int] = {}
    for item in filled.split():
        if item == "lower":
            boxes.update({box: 0 for box in LOWER_BOXES if box not in boxes})
        elif item != "-":
            name, value = item.split("=")
            boxes[Box(name)] = int(value)
    return ScoreCard(boxes)


@pytest.mark.parametrize(("variant", "house_rules", "dice", "box", "filled", "expected"), _golden_rows())
def test_golden_score(variant, house_rules, dice, box, filled, expected):
    """Each golden row scores as written, or is refused where the variant forbids it."""
    rules = load_rules(variant, house_rules)
    roll = tuple(int(d) for d in dice.split())
    name, *flags = box.split()
    box, scratch = Box(name), flags == ["scratch"]
    card = _card(filled)
    if expected == "ILLEGAL":
        with pytest.raises(IllegalPlacementError):
            card.score(roll, box, rules, scratch=scratch)
        if rules.scratch_any_box or not scratch:
            assert box not in card.legal_boxes(roll, rules)
    else:
        assert card.score(roll, box, rules, scratch=scratch) == int(expected)
        assert box in card.legal_boxes(roll, rules)


def _python_score(
    rules: Rules, roll: tuple[int, ...], box: Box, scratch: bool, card: ScoreCard
) -> int | None:
    try:
        return card.score(roll, box, rules, scratch=scratch)
    except IllegalPlacementError:
        return None


def test_golden_table_scores_alike_in_python_and_the_browser_engine():
    """Every golden row, scored from the one definition by the Python engine and by engine.mjs
    (fed the scorekeeper's model blob) in one `node` run, gives the table's answer in both."""
    rows = [param.values for param in _golden_rows()]
    cases = []
    for variant, house_rules, dice, box, filled, _expected in rows:
        name, *flags = box.split()
        cases.append(
            {
                "variant": variant,
                "house_rules": house_rules,
                "dice": [int(d) for d in dice.split()],
                "box": name,
                "scratch": flags == ["scratch"],
                "filled": {b.value: score for b, score in _card(filled).boxes.items()},
            }
        )
    answers = node_answers({"model": scorekeeper_data(load_rules("official")), "golden": cases})["golden"]
    for (variant, house_rules, *_), case, answer, (*_, expected) in zip(
        rows, cases, answers, rows, strict=True
    ):
        rules = load_rules(variant, house_rules)
        card = ScoreCard({Box(b): score for b, score in case["filled"].items()})
        python = _python_score(rules, tuple(case["dice"]), Box(case["box"]), case["scratch"], card)
        want = None if expected == "ILLEGAL" else int(expected)
        assert (python, answer) == (want, want), case


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
@pytest.mark.parametrize(
    ("yahtzee", "placed_in", "bonuses"),
    [(50, Box.FOURS, 1), (0, Box.FOURS, 0), (50, Box.ACES, 1)],
)
def test_yahtzee_bonus(variant, yahtzee, placed_in, bonuses):
    """An extra Yahtzee earns 100 only over a 50, even when placed as a 0."""
    rules = load_rules(variant)
    filled = {Box.YAHTZEE: yahtzee}
    if placed_in is Box.ACES:
        filled |= {Box.FOURS: 12} | {box: 0 for box in LOWER_BOXES if box is not Box.YAHTZEE}
    card = ScoreCard(filled).place((4, 4, 4, 4, 4), placed_in, rules)
    assert card.yahtzee_bonuses == bonuses
    assert card.totals.yahtzee_bonus == 100 * bonuses


def test_worked_card_totals():
    """The scoring guide's card: 69, bonus 35, 104; lower 191 + 100; grand total 395."""
    card = ScoreCard(
        {
            Box.ACES: 2,
            Box.TWOS: 8,
            Box.THREES: 9,
            Box.FOURS: 12,
            Box.FIVES: 20,
            Box.SIXES: 18,
            Box.THREE_OF_A_KIND: 24,
            Box.FOUR_OF_A_KIND: 0,
            Box.FULL_HOUSE: 25,
            Box.SMALL_STRAIGHT: 30,
            Box.LARGE_STRAIGHT: 40,
            Box.YAHTZEE: 50,
            Box.CHANCE: 22,
        },
        yahtzee_bonuses=1,
    )
    assert card.totals == Totals(69, 35, 104, 1, 100, 291, 395)
    assert card.totals[Total.GRAND_TOTAL] == 395


def _perfect_game() -> list[tuple[tuple[int, ...], Box]]:
    """A Yahtzee every turn, placed in an order every variant allows."""
    uppers = [((face,) * 5, Box.for_face(face)) for face in range(1, 7)]
    lowers = [
        Box.THREE_OF_A_KIND,
        Box.FOUR_OF_A_KIND,
        Box.FULL_HOUSE,
        Box.SMALL_STRAIGHT,
        Box.LARGE_STRAIGHT,
        Box.CHANCE,
    ]
    return [((6,) * 5, Box.YAHTZEE), *uppers, *(((6,) * 5, box) for box in lowers)]


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_highest_possible_score(variant):
    """A Yahtzee every turn scores 1,575: 375 from the card and 12 bonuses."""
    rules = load_rules(variant)
    card = ScoreCard()
    for dice, box in _perfect_game():
        card = card.place(dice, box, rules)
    assert best_total(GAME) == 375
    assert card.yahtzee_bonuses == 12
    assert card.totals.grand_total == 1575


def test_upper_bonus_threshold():
    """The bonus starts at exactly 63."""
    at = ScoreCard({Box.ACES: 3, Box.TWOS: 6, Box.THREES: 9, Box.FOURS: 12, Box.FIVES: 15, Box.SIXES: 18})
    below = ScoreCard({Box.ACES: 2, Box.TWOS: 6, Box.THREES: 9, Box.FOURS: 12, Box.FIVES: 15, Box.SIXES: 18})
    assert (at.totals.upper_subtotal, at.totals.upper_bonus, at.totals.upper_total) == (63, 35, 98)
    assert (below.totals.upper_subtotal, below.totals.upper_bonus) == (62, 0)


@pytest.mark.parametrize(
    ("box", "accepted", "refused"),
    [
        (Box.FOURS, {0, 4, 8, 12, 16, 20}, {7, 24, -4}),
        (Box.FULL_HOUSE, {0, 25}, {24, 50}),
        (Box.CHANCE, set(range(5, 31)), {0, 4, 31}),
        (Box.THREE_OF_A_KIND, {0, *range(5, 31)}, {1, 4, 31}),
        (Box.FOUR_OF_A_KIND, {0, *range(5, 31)}, {3, 31}),
        (Box.SMALL_STRAIGHT, {0, 30}, {40}),
        (Box.LARGE_STRAIGHT, {0, 40}, {30}),
        (Box.YAHTZEE, {0, 50}, {100}),
    ],
)
def test_possible_scores(box, accepted, refused):
    """What a box can ever hold, Jokers included."""
    assert accepted <= possible_scores(box)
    assert not refused & possible_scores(box)


def test_ties_share_the_win():
    """Every tied player is a winner."""
    assert winners({"Ann": 200, "Bob": 250, "Cy": 250}) == ["Bob", "Cy"]
