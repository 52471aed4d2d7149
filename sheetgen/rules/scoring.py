"""The scoring engine: what the dice score in a box, where they may go, totals.

One engine for every game: it reads the game's definition (sheetgen.rules.game)
and scores each box by its kind. A player's card is a column per multiplier
(Yahtzee has one, Triple Yahtzee three) and is immutable: placing a roll gives
a new card, so a game can be replayed and checked turn by turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from types import MappingProxyType

from sheetgen.errors import IllegalPlacementError
from sheetgen.rules.boxes import Total
from sheetgen.rules.game import YAHTZEE, BoxRule, Game, Kind, Scoring, Section
from sheetgen.rules.messages import say, word
from sheetgen.rules.variants import HouseRule, JokerOrder, Rules

Dice = tuple[int, ...]
Slot = tuple[int, BoxRule]  # a box in one column: (column index, box)

# Yahtzee's boxes the Joker rules and the house rules name, found by kind, never by name.
JOKER_BOXES = tuple(box for box in YAHTZEE.boxes if box.joker)
ALL_ALIKE_BOX = YAHTZEE.all_alike_box


def is_yahtzee(dice: Dice) -> bool:
    return len(set(dice)) == 1


def _longest_run(dice: Dice) -> int:
    faces = set(dice)
    return max(
        next(n for n in range(len(faces), 0, -1) if all(f + i in faces for i in range(n))) for f in faces
    )


def _pair_faces(dice: Dice) -> list[int]:
    """The numbers at least two dice show, highest first."""
    return sorted((face for face, count in Counter(dice).items() if count >= 2), reverse=True)


def rule_fits(dice: Dice, rule: BoxRule) -> bool:
    """Whether the dice meet a box rule's need, by its kind and parameters."""
    counts = sorted(Counter(dice).values(), reverse=True)
    if rule.kind is Kind.ALIKE:
        return counts[0] >= rule.count
    if rule.kind is Kind.PAIRS:
        return len(_pair_faces(dice)) >= rule.count
    if rule.kind is Kind.ALL_ALIKE:
        return len(counts) == 1
    if rule.kind is Kind.FULL_HOUSE:
        return counts == [3, 2]
    if rule.kind is Kind.STRAIGHT:
        return set(rule.faces) <= set(dice) if rule.faces else _longest_run(dice) >= rule.run
    return True  # Kind.FACE, Kind.ANYTHING


def _matched(dice: Dice, rule: BoxRule) -> int:
    """The sum of the dice that make the kind: the highest n alike, the highest pairs."""
    if rule.kind is Kind.ALIKE:
        face = max(face for face, count in Counter(dice).items() if count >= rule.count)
        return face * rule.count
    return sum(2 * face for face in _pair_faces(dice)[: rule.count])


def rule_score(dice: Dice, rule: BoxRule) -> int:
    """What the dice score under a box rule, with no Joker."""
    if rule.scoring is Scoring.COUNT_FACE:
        return sum(d for d in dice if d == rule.face)
    if not rule_fits(dice, rule):
        return 0
    if rule.scoring is Scoring.MATCHED:
        return _matched(dice, rule)
    return sum(dice) if rule.scoring is Scoring.DICE_TOTAL else rule.score


fits = rule_fits
natural_score = rule_score


@dataclass(frozen=True)
class ScoreCard:
    """One column of a player's card: the filled boxes and the extra bonuses earned in it."""

    boxes: Mapping[BoxRule, int] = field(default_factory=dict)
    yahtzee_bonuses: int = 0
    game: Game = YAHTZEE

    def __post_init__(self) -> None:
        ordered = {box: self.boxes[box] for box in self.game.boxes if box in self.boxes}
        object.__setattr__(self, "boxes", MappingProxyType(ordered))

    @property
    def open_boxes(self) -> tuple[BoxRule, ...]:
        return tuple(box for box in self.game.boxes if box not in self.boxes)

    @property
    def complete(self) -> bool:
        return not self.open_boxes

    @property
    def whole(self) -> Card:
        """This column as a one-column game's card."""
        return Card(self.game, (self,))

    def is_extra_yahtzee(self, dice: Dice) -> bool:
        return self.whole.is_extra_yahtzee(dice)

    def legal_boxes(self, dice: Dice, rules: Rules) -> tuple[BoxRule, ...]:
        return tuple(box for _, box in self.whole.legal_slots(dice, rules))

    def is_joker(self, dice: Dice) -> bool:
        return self.whole.is_joker(dice)

    def score(self, dice: Dice, box: BoxRule, rules: Rules, *, scratch: bool = False) -> int:
        return self.whole.score(dice, (0, box), rules, scratch=scratch)

    def place(self, dice: Dice, box: BoxRule, rules: Rules, *, scratch: bool = False) -> ScoreCard:
        return self.whole.place(dice, (0, box), rules, scratch=scratch).columns[0]

    @property
    def totals(self) -> Totals:
        return Totals.of(self)


@dataclass(frozen=True)
class Card:
    """A player's whole card: one ScoreCard per column of the game, all filled from the same turns.

    An all-alike roll is an extra one once the all-alike box of every column is filled; the
    variant's Joker order then applies across the columns, as if they were one long card.
    """

    game: Game
    columns: tuple[ScoreCard, ...]

    @classmethod
    def empty(cls, game: Game) -> Card:
        return cls(game, tuple(ScoreCard(game=game) for _ in game.columns))

    def _open(self) -> tuple[Slot, ...]:
        return tuple((k, box) for k, column in enumerate(self.columns) for box in column.open_boxes)

    @property
    def complete(self) -> bool:
        return all(column.complete for column in self.columns)

    def is_extra_yahtzee(self, dice: Dice) -> bool:
        """An all-alike roll once every all-alike box is filled, with its score or with 0."""
        alike = self.game.all_alike_box
        return (
            self.game.extra_bonus is not None
            and is_yahtzee(dice)
            and all(alike in column.boxes for column in self.columns)
        )

    def _face_filled(self, dice: Dice) -> bool:
        face_box = self.game.box_set.for_face(dice[0])
        return all(face_box in column.boxes for column in self.columns)

    def legal_slots(self, dice: Dice, rules: Rules) -> tuple[Slot, ...]:
        """The boxes the variant lets this roll go in.

        Under five-of-a-kind-full-house, five alike may also go in an empty Full House.
        """
        legal = self._joker_slots(dice, rules)
        if not (self.game.takes_jokers and rules.five_of_a_kind_full_house and is_yahtzee(dice)):
            return legal
        houses = {(k, box) for k, box in self._open() if box.kind is Kind.FULL_HOUSE}
        return tuple(slot for slot in self._open() if slot in legal or slot in houses)

    def _joker_slots(self, dice: Dice, rules: Rules) -> tuple[Slot, ...]:
        """The boxes the variant's order for an extra Yahtzee allows (all open boxes otherwise)."""
        open_slots = self._open()
        if not self.is_extra_yahtzee(dice) or rules.joker_order is JokerOrder.FREE:
            return open_slots
        upper = tuple(slot for slot in open_slots if slot[1].kind is Kind.FACE and slot[1].face == dice[0])
        if upper:
            return upper
        if rules.joker_order is JokerOrder.UPPER_THEN_KINDS:
            kinds = tuple(slot for slot in open_slots if slot[1].kind is Kind.ALIKE)
            if kinds:
                return kinds
        lower = tuple(slot for slot in open_slots if slot[1].section is Section.LOWER)
        return lower or open_slots

    def is_joker(self, dice: Dice) -> bool:
        """An extra Yahtzee whose upper box is filled everywhere scores as if it fit anywhere."""
        return self.is_extra_yahtzee(dice) and self._face_filled(dice)

    def score(self, dice: Dice, slot: Slot, rules: Rules, *, scratch: bool = False) -> int:
        """What the roll scores in the slot, or IllegalPlacementError.

        `scratch` writes 0 on purpose, which only the house rule `scratch-any-box`
        allows; the roll must still be one the box may take.
        """
        column, box = slot
        if box in self.columns[column].boxes:
            raise IllegalPlacementError(say("filled", box=box.label))
        if scratch and not rules.scratch_any_box:
            raise IllegalPlacementError(say("scratch_rule", rule=word(HouseRule.SCRATCH_ANY_BOX.value)))
        legal = self.legal_slots(dice, rules)
        if slot not in legal:
            allowed = ", ".join(dict.fromkeys(b.label for _, b in legal))
            raise IllegalPlacementError(say("joker_sends", rules=rules.label, boxes=allowed, box=box.label))
        if scratch:
            return 0
        return score_in_box(dice, box, rules, joker=self.is_joker(dice))

    def place(self, dice: Dice, slot: Slot, rules: Rules, *, scratch: bool = False) -> Card:
        """The card after this roll is written in the slot, with any extra bonus."""
        points = self.score(dice, slot, rules, scratch=scratch)
        alike = self.game.all_alike_box
        earned = self.is_extra_yahtzee(dice) and all(c.boxes[alike] == alike.score for c in self.columns)
        k, box = slot
        old = self.columns[k]
        new = ScoreCard({**old.boxes, box: points}, old.yahtzee_bonuses + earned, self.game)
        return Card(self.game, (*self.columns[:k], new, *self.columns[k + 1 :]))

    @property
    def grand_total(self) -> int:
        """Each column's total times its multiplier, added up."""
        return sum(c.totals.grand_total * m for c, m in zip(self.columns, self.game.columns, strict=True))


def score_in_box(dice: Dice, box: BoxRule, rules: Rules, *, joker: bool = False) -> int:
    """The score of a roll in a box, as a Joker when `joker` is set."""
    if box.kind is Kind.FULL_HOUSE and box.joker and rules.five_of_a_kind_full_house and is_yahtzee(dice):
        return box.score
    if joker and box.joker:
        return box.score
    return rule_score(dice, box)


@dataclass(frozen=True)
class Totals:
    """The computed rows of one column of a finished (or part-filled) card."""

    upper_subtotal: int
    upper_bonus: int
    upper_total: int
    yahtzee_bonuses: int
    yahtzee_bonus: int
    lower_total: int
    grand_total: int

    @classmethod
    def of(cls, card: ScoreCard) -> Totals:
        game = card.game
        upper = sum(card.boxes.get(box, 0) for box in game.in_section(Section.UPPER))
        reached = game.upper_bonus is not None and upper >= game.upper_bonus.threshold
        bonus = game.upper_bonus.score if reached else 0
        yahtzee_bonus = game.extra_bonus.score * card.yahtzee_bonuses if game.extra_bonus else 0
        lower = sum(card.boxes.get(box, 0) for box in game.in_section(Section.LOWER)) + yahtzee_bonus
        return cls(
            upper, bonus, upper + bonus, card.yahtzee_bonuses, yahtzee_bonus, lower, upper + bonus + lower
        )

    def __getitem__(self, total: Total) -> int:
        return getattr(self, total.value)


def all_rolls(game: Game = YAHTZEE) -> Iterable[Dice]:
    """Every distinct roll, as sorted dice (252 of them with five six-sided dice)."""
    return combinations_with_replacement(game.faces, game.dice)


@cache
def possible_scores(box: BoxRule, rules: Rules | None = None, game: Game = YAHTZEE) -> frozenset[int]:
    """Every number the box can hold under any variant, Jokers included.

    With `rules`, a 0 is added wherever their house rules let any box be scratched.
    """
    jokers = (False, True) if game.takes_jokers else (False,)
    scores = frozenset(
        score_in_box(dice, box, _ANY_RULES, joker=joker)
        for dice in all_rolls(game)
        for joker in (jokers if is_yahtzee(dice) else (False,))
    )
    return scores | {0} if rules is not None and rules.scratch_any_box else scores


@cache
def best_total(game: Game) -> int:
    """The highest total one column can reach, bonuses included, without extra all-alike rolls."""
    best = {box: max(rule_score(dice, box) for dice in all_rolls(game)) for box in game.boxes}
    return sum(best.values()) + (game.upper_bonus.score if game.upper_bonus else 0)


@cache
def extra_yahtzee_scores(rules: Rules, game: Game = YAHTZEE) -> Mapping[BoxRule, frozenset[int]]:
    """Every score an extra Yahtzee can leave in each box under `rules`.

    Each Yahtzee bonus is one extra Yahtzee written in a box of its own, so a
    card's bonus count needs as many boxes holding such a score. Only the
    matching upper box, the kinds, the Joker boxes and Chance decide where an
    extra Yahtzee may go, so trying every way of filling those covers every card.
    """
    scores: dict[BoxRule, set[int]] = {box: set() for box in game.boxes}
    if game.extra_bonus is None:
        return MappingProxyType({box: frozenset() for box in game.boxes})
    alike = game.all_alike_box
    deciding_kinds = (Kind.ALIKE, Kind.ANYTHING)
    for face in game.faces:
        dice = (face,) * game.dice
        deciding = (
            game.box_set.for_face(face),
            *(box for box in game.boxes if box.kind in deciding_kinds or box.joker),
        )
        for count in range(len(deciding) + 1):
            for filled in combinations(deciding, count):
                card = ScoreCard({alike: alike.score, **dict.fromkeys(filled, 0)}, game=game)
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
