"""Issue 13's engine rules: five of a kind as a full house, scratching, impossible bonus counts."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest
from helpers import WORKED_CARD, run_cli

from sheetgen.errors import IllegalPlacementError, ImpossibleScoreError, RecordShapeError
from sheetgen.files.variants import load_rules
from sheetgen.rules.boxes import Box
from sheetgen.rules.records import parse_record
from sheetgen.rules.scoring import ScoreCard
from sheetgen.rules.simulate import play_game
from sheetgen.rules.variants import VARIANTS, HouseRule

VARIANT_NAMES = [v.name for v in VARIANTS]
FULL_HOUSE_RULE = HouseRule.FIVE_OF_A_KIND_FULL_HOUSE.value
SCRATCH_RULE = HouseRule.SCRATCH_ANY_BOX.value
FOURS = (4,) * 5


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("yahtzee", [50, 0])
@pytest.mark.parametrize(
    ("house_rule", "filled", "box", "scratch", "points"),
    [
        # the case: Fours open, so c2406 would send it to Fours and official too
        (FULL_HOUSE_RULE, {}, Box.FULL_HOUSE, False, 25),
        (FULL_HOUSE_RULE, {Box.FOURS: 12}, Box.FULL_HOUSE, False, 25),
        (SCRATCH_RULE, {}, Box.FOURS, True, 0),
        (SCRATCH_RULE, {Box.FOURS: 12, Box.THREE_OF_A_KIND: 9, Box.FOUR_OF_A_KIND: 0}, Box.CHANCE, True, 0),
    ],
)
def test_extra_yahtzee_under_house_rules_keeps_its_bonus(
    variant, yahtzee, house_rule, filled, box, scratch, points
):
    """An extra Yahtzee in Full House or scratched earns 100 exactly when the Yahtzee box holds 50."""
    rules = load_rules(variant, [house_rule])
    card = ScoreCard({Box.YAHTZEE: yahtzee, **filled}).place(FOURS, box, rules, scratch=scratch)
    assert card.boxes[box] == points
    assert card.yahtzee_bonuses == (yahtzee == 50)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_five_alike_full_house_adds_to_the_joker_order(variant):
    """The house rule adds only Full House to where the variant sends an extra Yahtzee."""
    plain, house = load_rules(variant), load_rules(variant, [FULL_HOUSE_RULE])
    for filled in ({}, {Box.FOURS: 12}, {Box.FOURS: 12, Box.THREE_OF_A_KIND: 9}):
        card = ScoreCard({Box.YAHTZEE: 50, **filled})
        expected = {*card.legal_boxes(FOURS, plain), Box.FULL_HOUSE}
        assert set(card.legal_boxes(FOURS, house)) == expected
        assert card.score(FOURS, Box.FULL_HOUSE, house) == 25


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_scratch_needs_the_house_rule(variant):
    """Without scratch-any-box a scratched turn is refused; with it Chance takes a 0."""
    with pytest.raises(IllegalPlacementError, match=SCRATCH_RULE):
        ScoreCard().score((2, 3, 1, 6, 6), Box.CHANCE, load_rules(variant), scratch=True)
    assert (
        ScoreCard().score((2, 3, 1, 6, 6), Box.CHANCE, load_rules(variant, [SCRATCH_RULE]), scratch=True) == 0
    )


def _turns_with_scratched_chance() -> list[dict]:
    boxes = [box for box in Box if box is not Box.CHANCE]
    turns = [{"dice": [1, 2, 3, 4, 6], "box": box.value} for box in boxes]
    return [*turns, {"dice": [2, 3, 1, 6, 6], "box": "chance", "scratch": True}]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_scratched_turn_scores_zero(variant):
    """A family's scratched Chance prints under scratch-any-box: turns and boxes agree."""
    turns = _turns_with_scratched_chance()
    record = parse_record(
        {"variant": variant, "house_rules": [SCRATCH_RULE], "players": [{"name": "A", "turns": turns}]}
    )
    card = record.games[0].players[0].card
    assert card.boxes[Box.CHANCE] == 0
    boxes = {"name": "A", "boxes": {box.value: score for box, score in card.boxes.items()}}
    assert parse_record({"variant": variant, "house_rules": [SCRATCH_RULE], "players": [boxes]})


def _impossible_twelve() -> dict:
    """Twelve bonuses with Aces 3: no Yahtzee leaves a 3 in Aces."""
    boxes = {"aces": 3, "twos": 10, "threes": 15, "fours": 20, "fives": 25, "sixes": 30}
    boxes |= {"three_of_a_kind": 30, "four_of_a_kind": 30, "full_house": 25, "small_straight": 30}
    boxes |= {"large_straight": 40, "yahtzee": 50, "chance": 30}
    return boxes


BAD_RECORDS = [
    # (name, record, error, text of the one-line message)
    (
        "scratch without the house rule",
        {"players": [{"name": "Ann", "turns": _turns_with_scratched_chance()}]},
        IllegalPlacementError,
        'record: player 1 ("Ann"), turn 13: a scratched turn needs the house rule scratch-any-box, '
        "which is not part of Official rules here",
    ),
    (
        "scratch false",
        {"house_rules": [SCRATCH_RULE], "players": [{"name": "Ann", "turns": [
            *_turns_with_scratched_chance()[:12], {"dice": [2, 3, 1, 6, 6], "box": "chance", "scratch": False}
        ]}]},
        RecordShapeError,
        'record: player 1 ("Ann"), turn 13: \'scratch\' must be true (leave it out for a scored turn), '
        "found false",
    ),
    (
        "scratch in boxes mode",
        {"house_rules": [SCRATCH_RULE], "players": [{"name": "Ann", "boxes": WORKED_CARD, "scratch": True}]},
        RecordShapeError,
        'record: player 1 ("Ann"): unknown key "scratch"; allowed: name, boxes, yahtzee_bonuses',
    ),
    (
        "0 in chance without the house rule",
        {"players": [{"name": "Ann", "boxes": {**WORKED_CARD, "chance": 0}}]},
        ImpossibleScoreError,
        'record: player 1 ("Ann"), box chance: Chance cannot score 0 (only 5 to 30)',
    ),
    (
        "12 bonuses with aces 3",
        {"players": [{"name": "Ann", "boxes": _impossible_twelve(), "yahtzee_bonuses": 12}]},
        ImpossibleScoreError,
        'record: player 1 ("Ann"), yahtzee_bonuses: 12 bonuses need 12 extra Yahtzees, each written in a '
        "box of its own, but only 11 boxes hold a score an extra Yahtzee can leave under Official rules "
        "(not Aces 3)",
    ),
    (
        "4 bonuses on the worked card",
        {"players": [{"name": "Ann", "boxes": WORKED_CARD, "yahtzee_bonuses": 4}]},
        ImpossibleScoreError,
        'record: player 1 ("Ann"), yahtzee_bonuses: 4 bonuses need 4 extra Yahtzees, each written in a '
        "box of its own, but only 3 boxes hold a score an extra Yahtzee can leave under Official rules "
        "(not Aces 2, Twos 8, Threes 9, Fours 12, Fives 20, Sixes 18, 3 of a Kind 24, "
        "4 of a Kind 0, Chance 22)",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("record", "error", "message"), [b[1:] for b in BAD_RECORDS], ids=[b[0] for b in BAD_RECORDS]
)
def test_impossible_records_are_refused(record, error, message):
    """Each is refused with one line naming the player and the reason."""
    with pytest.raises(error) as caught:
        parse_record(record)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("variant", "house_rules", "boxes", "bonuses"),
    [
        ("official", [], WORKED_CARD, 3),
        ("official", [SCRATCH_RULE], {**WORKED_CARD, "chance": 0}, 4),
        ("official", [], {**_impossible_twelve(), "aces": 5}, 12),
        ("free-choice", [], {**_impossible_twelve(), "aces": 0, "full_house": 0}, 12),
        ("official", [SCRATCH_RULE], {**_impossible_twelve(), "aces": 0, "small_straight": 0}, 12),
    ],
)
def test_possible_bonus_counts_are_accepted(variant, house_rules, boxes, bonuses):
    """Cards a game can reach pass, up to the limit the boxes set."""
    record = {
        "variant": variant,
        "house_rules": house_rules,
        "players": [{"name": "A", "boxes": boxes, "yahtzee_bonuses": bonuses}],
    }
    assert parse_record(record).games[0].players[0].card.yahtzee_bonuses == bonuses


HOUSE_RULE_SETS = [(), (FULL_HOUSE_RULE,), (SCRATCH_RULE,), (FULL_HOUSE_RULE, SCRATCH_RULE)]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("house_rules", HOUSE_RULE_SETS, ids="+".join)
def test_every_simulated_game_passes_as_boxes(variant, house_rules):
    """No game that can happen is refused: simulated games, turns and boxes, score the same."""
    rules = load_rules(variant, house_rules)
    rng = random.Random(f"{variant}{house_rules}")
    seen_bonus = seen_scratch = 0
    for _ in range(150):
        turns = play_game(rng, rules, greed=rng.choice([0.0, 0.5, 0.9]))
        as_turns = parse_record(
            {"variant": variant, "house_rules": list(house_rules), "players": [{"name": "A", "turns": turns}]}
        )
        card = as_turns.games[0].players[0].card
        boxes = {
            "name": "A",
            "boxes": {b.value: s for b, s in card.boxes.items()},
            "yahtzee_bonuses": card.yahtzee_bonuses,
        }
        as_boxes = parse_record({"variant": variant, "house_rules": list(house_rules), "players": [boxes]})
        assert as_boxes.games[0].players[0].totals == card.totals
        seen_bonus += card.yahtzee_bonuses
        seen_scratch += sum("scratch" in turn for turn in turns)
    assert seen_bonus
    assert seen_scratch or SCRATCH_RULE not in house_rules


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_schema_allows_a_scratched_turn(variant):
    """The published schema takes `"scratch": true` on a turn and a 0 in Chance."""
    schema = json.loads(run_cli(["schema"]).output)
    turns = _turns_with_scratched_chance()
    record = {"variant": variant, "house_rules": [SCRATCH_RULE], "players": [{"name": "A", "turns": turns}]}
    jsonschema.validate(record, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(
            {**record, "players": [{"name": "A", "turns": [*turns[:12], {**turns[12], "scratch": False}]}]},
            schema,
        )


def test_scratched_paper_record_prints(tmp_path):
    """A family's record with a scratched Chance and Yahtzee prints under scratch-any-box."""
    boxes = {**WORKED_CARD, "chance": 0, "yahtzee": 0}
    record = {"house_rules": [SCRATCH_RULE], "players": [{"name": "Ann", "boxes": boxes}]}
    path = tmp_path / "family.json"
    path.write_text(json.dumps(record))
    target = tmp_path / "family.pdf"
    result = run_cli(["fill", str(path), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes().startswith(b"%PDF")
    path.write_text(json.dumps({**record, "house_rules": []}))
    strict = run_cli(["fill", str(path), "-o", str(tmp_path / "strict.pdf")])
    assert strict.exit_code == 2
    assert "box chance: Chance cannot score 0" in strict.stderr
    assert not (tmp_path / "strict.pdf").exists()


def test_redundant_house_rule_in_a_record(tmp_path):
    """A record naming the start its variant already has: a warning, and the variant alone in the JSON."""
    record = {
        "variant": "c2406",
        "house_rules": ["one-die-start"],
        "players": [{"name": "A", "boxes": WORKED_CARD}],
    }
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    result = run_cli(["score", str(path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["house_rules"] == []
    (warning,) = result.stderr.splitlines()
    assert warning.startswith(f"Warning: {path}: house rule one-die-start adds nothing to c2406")


def test_variants_name_free_choice_a_house_version():
    """`sheetgen variants` says which variant no edition prints."""
    lines = run_cli(["variants"]).stdout.splitlines()
    assert [line.split()[1] for line in lines if "house version" in line] == ["free-choice"]
