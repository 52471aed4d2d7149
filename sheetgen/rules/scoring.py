"""The scoring engine: what five dice score in a box, where they may go, totals.

A score card is immutable: placing a roll gives a new card, so a game can be
replayed and checked turn by turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from types import MappingProxyType

from sheetgen.errors import IllegalPlacementError
from sheetgen.rules.boxes import (
    BOX_INFO,
    DICE_COUNT,
    FACES,
    GAME,
    LOWER_BOXES,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    Box,
    Total,
)
from sheetgen.rules.game import BoxRule, Kind, Scoring
from sheetgen.rules.messages import say, word
from sheetgen.rules.variants import HouseRule, JokerOrder, Rules

Dice = tuple[int, ...]


def _boxes(kind: Kind) -> tuple[Box, ...]:
    return tuple(Box(rule.id) for rule in GAME.of_kind(kind))


# The boxes the Joker rules and the house rules name, found by kind, never by name.
JOKER_BOXES = tuple(Box(rule.id) for rule in GAME.boxes if rule.joker)
(ALL_ALIKE_BOX,) = _boxes(Kind.ALL_ALIKE)  # Yahtzee's own box
(FULL_HOUSE_BOX,) = _boxes(Kind.FULL_HOUSE)
ALIKE_BOXES = _boxes(Kind.ALIKE)  # where c2406 sends an extra Yahtzee after its upper box
ANYTHING_BOXES = _boxes(Kind.ANYTHING)
ALL_ALIKE_SCORE = BOX_INFO[ALL_ALIKE_BOX].fixed_score


def is_yahtzee(dice: Dice) -> bool:
    return len(set(dice)) == 1


def _longest_run(dice: Dice) -> int:
    faces = set(dice)
    return max(
        next((n for n in range(len(FACES), 0, -1) if all(f + i in faces for i in range(n))), 0) for f in faces
    )


def rule_fits(dice: Dice, rule: BoxRule) -> bool:
    """Whether the dice meet a box rule's need, by its kind and parameters."""
    counts = sorted(Counter(dice).values(), reverse=True)
    if rule.kind is Kind.ALIKE:
        return counts[0] >= rule.count
    if rule.kind is Kind.ALL_ALIKE:
        return len(counts) == 1
    if rule.kind is Kind.FULL_HOUSE:
        return counts == [3, 2]
    if rule.kind is Kind.STRAIGHT:
        return set(rule.faces) <= set(dice) if rule.faces else _longest_run(dice) >= rule.run
    return True  # Kind.FACE, Kind.ANYTHING


def rule_score(dice: Dice, rule: BoxRule) -> int:
    """What the dice score under a box rule, with no Joker."""
    if rule.scoring is Scoring.COUNT_FACE:
        return sum(d for d in dice if d == rule.face)
    if not rule_fits(dice, rule):
        return 0
    return sum(dice) if rule.scoring is Scoring.DICE_TOTAL else rule.score


def fits(dice: Dice, box: Box) -> bool:
    """Whether the dice meet the box's need, without any Joker."""
    return rule_fits(dice, BOX_INFO[box].rule)


def natural_score(dice: Dice, box: Box) -> int:
    """The score with no Joker: the dice as they fall."""
    return rule_score(dice, BOX_INFO[box].rule)


@dataclass(frozen=True)
class ScoreCard:
    """One player's card: the filled boxes and the Yahtzee bonuses earned."""

    boxes: Mapping[Box, int] = field(default_factory=dict)
    yahtzee_bonuses: int = 0

    def __post_init__(self) -> None:
        ordered = {box: self.boxes[box] for box in Box if box in self.boxes}
        object.__setattr__(self, "boxes", MappingProxyType(ordered))

    @property
    def open_boxes(self) -> tuple[Box, ...]:
        return tuple(box for box in Box if box not in self.boxes)

    @property
    def complete(self) -> bool:
        return not self.open_boxes

    def is_extra_yahtzee(self, dice: Dice) -> bool:
        """A Yahtzee rolled once the Yahtzee box is filled, with 50 or with 0."""
        return is_yahtzee(dice) and ALL_ALIKE_BOX in self.boxes

    def legal_boxes(self, dice: Dice, rules: Rules) -> tuple[Box, ...]:
        """The boxes the variant lets this roll go in.

        Under five-of-a-kind-full-house, five alike may also go in an empty Full House.
        """
        legal = self._joker_boxes(dice, rules)
        if rules.five_of_a_kind_full_house and is_yahtzee(dice) and FULL_HOUSE_BOX not in self.boxes:
            return tuple(box for box in Box if box in legal or box is FULL_HOUSE_BOX)
        return legal

    def _joker_boxes(self, dice: Dice, rules: Rules) -> tuple[Box, ...]:
        """The boxes the variant's order for an extra Yahtzee allows (all open boxes otherwise)."""
        open_boxes = self.open_boxes
        if not self.is_extra_yahtzee(dice) or rules.joker_order is JokerOrder.FREE:
            return open_boxes
        upper = Box.for_face(dice[0])
        if upper in open_boxes:
            return (upper,)
        if rules.joker_order is JokerOrder.UPPER_THEN_KINDS:
            kinds = tuple(b for b in ALIKE_BOXES if b in open_boxes)
            if kinds:
                return kinds
        lower = tuple(box for box in open_boxes if box in LOWER_BOXES)
        return lower or open_boxes

    def is_joker(self, dice: Dice) -> bool:
        """An extra Yahtzee whose upper box is filled scores as if it fit anywhere."""
        return self.is_extra_yahtzee(dice) and Box.for_face(dice[0]) in self.boxes

    def score(self, dice: Dice, box: Box, rules: Rules, *, scratch: bool = False) -> int:
        """What the roll scores in `box`, or IllegalPlacementError.

        `scratch` writes 0 on purpose, which only the house rule `scratch-any-box`
        allows; the roll must still be one the box may take.
        """
        if box in self.boxes:
            raise IllegalPlacementError(say("filled", box=box.label))
        if scratch and not rules.scratch_any_box:
            raise IllegalPlacementError(say("scratch_rule", rule=word(HouseRule.SCRATCH_ANY_BOX.value)))
        legal = self.legal_boxes(dice, rules)
        if box not in legal:
            allowed = ", ".join(b.label for b in legal)
            raise IllegalPlacementError(say("joker_sends", rules=rules.label, boxes=allowed, box=box.label))
        if scratch:
            return 0
        return score_in_box(dice, box, rules, joker=self.is_joker(dice))

    def place(self, dice: Dice, box: Box, rules: Rules, *, scratch: bool = False) -> ScoreCard:
        """The card after this roll is written in `box`, with any Yahtzee bonus."""
        points = self.score(dice, box, rules, scratch=scratch)
        earned = self.is_extra_yahtzee(dice) and self.boxes[ALL_ALIKE_BOX] == ALL_ALIKE_SCORE
        return ScoreCard({**self.boxes, box: points}, self.yahtzee_bonuses + earned)

    @property
    def totals(self) -> Totals:
        return Totals.of(self)


def score_in_box(dice: Dice, box: Box, rules: Rules, *, joker: bool = False) -> int:
    """The score of a roll in a box, as a Joker when `joker` is set."""
    if box is FULL_HOUSE_BOX and rules.five_of_a_kind_full_house and is_yahtzee(dice):
        return BOX_INFO[box].fixed_score
    if joker and box in JOKER_BOXES:
        return BOX_INFO[box].fixed_score
    return natural_score(dice, box)


@dataclass(frozen=True)
class Totals:
    """The computed rows of a finished (or part-filled) card."""

    upper_subtotal: int
    upper_bonus: int
    upper_total: int
    yahtzee_bonuses: int
    yahtzee_bonus: int
    lower_total: int
    grand_total: int

    @classmethod
    def of(cls, card: ScoreCard) -> Totals:
        upper = sum(card.boxes.get(box, 0) for box in UPPER_BOXES)
        bonus = UPPER_BONUS if upper >= UPPER_BONUS_THRESHOLD else 0
        yahtzee_bonus = YAHTZEE_BONUS * card.yahtzee_bonuses
        lower = sum(card.boxes.get(box, 0) for box in LOWER_BOXES) + yahtzee_bonus
        return cls(
            upper, bonus, upper + bonus, card.yahtzee_bonuses, yahtzee_bonus, lower, upper + bonus + lower
        )

    def __getitem__(self, total: Total) -> int:
        return getattr(self, total.value)


def all_rolls() -> Iterable[Dice]:
    """Every distinct roll, as sorted dice (252 of them)."""
    return combinations_with_replacement(FACES, DICE_COUNT)


@cache
def possible_scores(box: Box, rules: Rules | None = None) -> frozenset[int]:
    """Every number the box can hold under any variant, Jokers included.

    With `rules`, a 0 is added wherever their house rules let any box be scratched.
    """
    scores = frozenset(
        score_in_box(dice, box, _ANY_RULES, joker=joker)
        for dice in all_rolls()
        for joker in ((False, True) if is_yahtzee(dice) else (False,))
    )
    return scores | {0} if rules is not None and rules.scratch_any_box else scores


@cache
def extra_yahtzee_scores(rules: Rules) -> Mapping[Box, frozenset[int]]:
    """Every score an extra Yahtzee can leave in each box under `rules`.

    Each Yahtzee bonus is one extra Yahtzee written in a box of its own, so a
    card's bonus count needs as many boxes holding such a score. Only the
    matching upper box, the kinds, the Joker boxes and Chance decide where an
    extra Yahtzee may go, so trying every way of filling those covers every card.
    """
    scores: dict[Box, set[int]] = {box: set() for box in Box}
    for face in FACES:
        dice = (face,) * DICE_COUNT
        deciding = (Box.for_face(face), *ALIKE_BOXES, *JOKER_BOXES, *ANYTHING_BOXES)
        for count in range(len(deciding) + 1):
            for filled in combinations(deciding, count):
                card = ScoreCard({ALL_ALIKE_BOX: ALL_ALIKE_SCORE, **dict.fromkeys(filled, 0)})
                for box in card.legal_boxes(dice, rules):
                    scores[box].add(card.score(dice, box, rules))
                    if rules.scratch_any_box:
                        scores[box].add(0)
    return MappingProxyType({box: frozenset(values) for box, values in scores.items()})


def winners(totals: Mapping[str, int]) -> list[str]:
    """Everyone with the highest total: a tie is a shared win."""
    best = max(totals.values())
    return [name for name, total in totals.items() if total == best]


_ANY_RULES = Rules()
