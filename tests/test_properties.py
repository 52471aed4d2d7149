"""Properties of the engine over random legal games (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.rules.boxes import UPPER_BOXES, Box
from sheetgen.rules.records import parse_record
from sheetgen.rules.scoring import ScoreCard, possible_scores
from sheetgen.rules.variants import VARIANTS, HouseRule, Rules

dice_strategy = st.tuples(*[st.integers(1, 6)] * 5)
rules_strategy = st.builds(
    Rules,
    st.sampled_from(VARIANTS),
    st.sets(
        st.sampled_from(
            [HouseRule.FIVE_OF_A_KIND_FULL_HOUSE, HouseRule.ONE_DIE_START, HouseRule.SCRATCH_ANY_BOX]
        )
    ).map(tuple),
)
# Yahtzees are rare at random; mix them in so the Joker paths are exercised.
roll_strategy = st.one_of(dice_strategy, st.integers(1, 6).map(lambda face: (face,) * 5))


@st.composite
def legal_games(draw):
    rules = draw(rules_strategy)
    card = ScoreCard()
    turns = []
    for _ in Box:
        dice = draw(roll_strategy)
        box = draw(st.sampled_from(card.legal_boxes(dice, rules)))
        scratch = rules.scratch_any_box and draw(st.booleans())
        card = card.place(dice, box, rules, scratch=scratch)
        turns.append({"dice": list(dice), "box": box.value, **({"scratch": True} if scratch else {})})
    return rules, card, turns


@settings(max_examples=300, deadline=None)
@given(legal_games())
def test_grand_total_is_the_sum_of_the_rows(game):
    """The grand total equals the boxes plus both bonuses, row by row."""
    _rules, card, _turns = game
    totals = card.totals
    rows = sum(card.boxes.values()) + totals.upper_bonus + totals.yahtzee_bonus
    assert card.complete
    assert totals.grand_total == rows == totals.upper_total + totals.lower_total
    assert totals.upper_subtotal == sum(card.boxes[box] for box in UPPER_BOXES)


@settings(max_examples=500, deadline=None)
@given(
    rules_strategy,
    st.dictionaries(st.sampled_from(list(Box)), st.integers(0, 50), max_size=12),
    roll_strategy,
)
def test_a_roll_always_has_a_legal_box(rules, filled, dice):
    """While any box is open, every roll has somewhere legal to go."""
    card = ScoreCard(filled)
    legal = card.legal_boxes(dice, rules)
    assert legal
    assert set(legal) <= set(card.open_boxes)
    for box in legal:
        card.score(dice, box, rules)


@settings(max_examples=200, deadline=None)
@given(legal_games())
def test_engine_scores_pass_the_boxes_validator(game):
    """Every card the engine fills is accepted as a `boxes` record, with the same totals."""
    rules, card, turns = game
    assert all(score in possible_scores(box, rules) for box, score in card.boxes.items())
    player = {
        "name": "P",
        "boxes": {box.value: score for box, score in card.boxes.items()},
        "yahtzee_bonuses": card.yahtzee_bonuses,
    }
    variant = {"variant": rules.variant.name, "house_rules": rules.house_rule_names}
    as_boxes = parse_record({**variant, "players": [player]})
    as_turns = parse_record({**variant, "players": [{"name": "P", "turns": turns}]})
    assert as_boxes.games[0].players[0].totals == as_turns.games[0].players[0].totals == card.totals
