"""A dice game's card as data: dice, sections, boxes of a few kinds, bonuses, columns.

The scoring engines (Python here, the scorekeeper's engine.mjs, the fillable
forms' scripts) read a definition and score each box by its kind, so a card
is written once. Yahtzee is the one game defined so far; its variants and
house rules (sheetgen.rules.variants) choose the Joker order and the rulings.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sheetgen.errors import GameDefinitionError
from sheetgen.rules.i18n import N_, _


class Section(enum.Enum):
    """The two halves of the card; the upper one earns the upper bonus."""

    UPPER = "upper"
    LOWER = "lower"

    @property
    def label(self) -> str:
        return _(SECTION_LABELS[self.value])


SECTION_LABELS = {"upper": N_("Upper section"), "lower": N_("Lower section")}


class Kind(enum.Enum):
    """What the dice must show for a box to score."""

    FACE = "face"  # anything; counts the dice showing `face`
    ALIKE = "alike"  # at least `count` dice alike
    FULL_HOUSE = "full_house"  # three of one face and two of another
    STRAIGHT = "straight"  # `run` faces in a row, or exactly the faces `faces`
    ANYTHING = "anything"  # any dice
    ALL_ALIKE = "all_alike"  # every die alike: the box extra bonuses and Jokers hang on


class Scoring(enum.Enum):
    """How a box turns the dice into points once they fit."""

    COUNT_FACE = "count"  # the sum of the dice showing the box's face
    DICE_TOTAL = "total"  # the sum of all the dice
    FIXED = "fixed"  # a set score


@dataclass(frozen=True)
class BoxRule:
    """One box: its kind and parameters, how it scores, and what the card says of it."""

    id: str
    section: Section
    kind: Kind
    scoring: Scoring
    label_id: str  # message ids, translated where they are shown
    needs_id: str
    example: tuple[int, ...]
    face: int | None = None
    count: int | None = None
    run: int | None = None
    faces: tuple[int, ...] = ()
    score: int | None = None  # the fixed score
    joker: bool = False  # an extra all-alike roll played as a Joker scores `score` here

    def __post_init__(self) -> None:
        needed = {
            Kind.FACE: self.face is not None and self.scoring is Scoring.COUNT_FACE,
            Kind.ALIKE: self.count is not None,
            Kind.STRAIGHT: (self.run is None) != (not self.faces),
        }.get(self.kind, True)
        fixed = (self.scoring is Scoring.FIXED) == (self.score is not None)
        if not needed or not fixed or (self.joker and self.score is None):
            raise GameDefinitionError(f"box {self.id}: the parameters do not fit kind {self.kind.value}")


@dataclass(frozen=True)
class UpperBonus:
    """Points for an upper section adding up to at least `threshold`."""

    threshold: int
    score: int


@dataclass(frozen=True)
class ExtraBonus:
    """Points for each all-alike roll after the all-alike box holds its score, at most `most` times."""

    score: int
    most: int


@dataclass(frozen=True)
class Game:
    """A whole card: boxes in card order, bonuses, and a multiplier per column."""

    id: str
    dice: int
    faces: tuple[int, ...]
    rolls: int
    boxes: tuple[BoxRule, ...]
    upper_bonus: UpperBonus
    extra_bonus: ExtraBonus
    columns: tuple[int, ...] = (1,)

    def __post_init__(self) -> None:
        ids = [box.id for box in self.boxes]
        if len(set(ids)) != len(ids):
            raise GameDefinitionError(f"game {self.id}: a box id stands twice")

    def of_kind(self, kind: Kind) -> tuple[BoxRule, ...]:
        """The boxes of `kind`, in card order."""
        return tuple(box for box in self.boxes if box.kind is kind)


FACE_NAMES = {1: N_("Aces"), 2: N_("Twos"), 3: N_("Threes"), 4: N_("Fours"), 5: N_("Fives"), 6: N_("Sixes")}
_FACES = (1, 2, 3, 4, 5, 6)


def _upper(face: int) -> BoxRule:
    return BoxRule(
        FACE_NAMES[face].lower(),
        Section.UPPER,
        Kind.FACE,
        Scoring.COUNT_FACE,
        FACE_NAMES[face],
        N_("any %(face)ss"),
        example=(face, face, face, *[f for f in _FACES if f != face][:2]),
        face=face,
    )


YAHTZEE = Game(
    id="yahtzee",
    dice=5,
    faces=_FACES,
    rolls=3,
    boxes=(
        *(_upper(face) for face in _FACES),
        BoxRule(
            "three_of_a_kind",
            Section.LOWER,
            Kind.ALIKE,
            Scoring.DICE_TOTAL,
            N_("3 of a Kind"),
            N_("at least 3 dice alike"),
            example=(5, 5, 5, 2, 1),
            count=3,
        ),
        BoxRule(
            "four_of_a_kind",
            Section.LOWER,
            Kind.ALIKE,
            Scoring.DICE_TOTAL,
            N_("4 of a Kind"),
            N_("at least 4 dice alike"),
            example=(4, 4, 4, 4, 2),
            count=4,
        ),
        BoxRule(
            "full_house",
            Section.LOWER,
            Kind.FULL_HOUSE,
            Scoring.FIXED,
            N_("Full House"),
            N_("3 of one number and 2 of another"),
            example=(3, 3, 3, 6, 6),
            score=25,
            joker=True,
        ),
        BoxRule(
            "small_straight",
            Section.LOWER,
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Small Straight"),
            N_("4 in a row: 1-2-3-4, 2-3-4-5 or 3-4-5-6"),
            example=(3, 4, 5, 6, 6),
            run=4,
            score=30,
            joker=True,
        ),
        BoxRule(
            "large_straight",
            Section.LOWER,
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Large Straight"),
            N_("5 in a row: 1-2-3-4-5 or 2-3-4-5-6"),
            example=(1, 2, 3, 4, 5),
            run=5,
            score=40,
            joker=True,
        ),
        BoxRule(
            "yahtzee",
            Section.LOWER,
            Kind.ALL_ALIKE,
            Scoring.FIXED,
            N_("Yahtzee"),
            N_("all 5 dice alike"),
            example=(6, 6, 6, 6, 6),
            score=50,
        ),
        BoxRule(
            "chance",
            Section.LOWER,
            Kind.ANYTHING,
            Scoring.DICE_TOTAL,
            N_("Chance"),
            N_("any 5 dice"),
            example=(6, 5, 4, 2, 2),
        ),
    ),
    upper_bonus=UpperBonus(threshold=63, score=35),
    extra_bonus=ExtraBonus(score=100, most=12),
)
"""Yahtzee: 13 boxes in one column."""
