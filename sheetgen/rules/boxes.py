"""The score card of Yahtzee as data: boxes, sections, bonuses and sheet rows.

Every label, hint and number a sheet prints about a box comes from here, so
the rule sheet, the blank score sheets, the filled records and the terminal
table cannot disagree. This module imports no rendering library.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

DICE_COUNT = 5
FACES = (1, 2, 3, 4, 5, 6)
ROLLS_PER_TURN = 3
UPPER_BONUS_THRESHOLD = 63
UPPER_BONUS = 35
YAHTZEE_SCORE = 50
YAHTZEE_BONUS = 100
MAX_YAHTZEE_BONUSES = 12
FULL_HOUSE_SCORE = 25
SMALL_STRAIGHT_SCORE = 30
LARGE_STRAIGHT_SCORE = 40
MAX_GAMES_IN_SERIES = 6
COLUMNS = 6  # a score sheet's columns: six players, or the six games of a series
MAX_DICE_TOTAL = DICE_COUNT * 6

FACE_NAMES = {1: "Aces", 2: "Twos", 3: "Threes", 4: "Fours", 5: "Fives", 6: "Sixes"}
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


class Section(enum.Enum):
    """The two halves of the card; the upper one earns the 35-point bonus."""

    UPPER = "upper"
    LOWER = "lower"

    @property
    def label(self) -> str:
        return f"{self.value.capitalize()} section"


class Box(enum.Enum):
    """The 13 boxes, in the order they stand on the card."""

    ACES = "aces"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    YAHTZEE = "yahtzee"
    CHANCE = "chance"

    @property
    def info(self) -> BoxInfo:
        return BOX_INFO[self]

    @property
    def section(self) -> Section:
        return self.info.section

    @property
    def label(self) -> str:
        return self.info.label

    @property
    def face(self) -> int | None:
        """The number an upper box counts; None for the lower boxes."""
        return self.info.face

    @classmethod
    def for_face(cls, face: int) -> Box:
        return UPPER_BOXES[face - 1]

    def __repr__(self) -> str:
        return f"Box.{self.name}"


class Scoring(enum.Enum):
    """How a box turns five dice into points."""

    COUNT_FACE = "count"  # the sum of the dice showing the box's number
    DICE_TOTAL = "total"  # the sum of all five dice
    FIXED = "fixed"  # a set score when the dice fit


@dataclass(frozen=True)
class BoxInfo:
    """What the card, the rule sheet and the table say about one box."""

    label: str
    section: Section
    scoring: Scoring
    needs: str
    face: int | None = None
    fixed_score: int | None = None
    example: tuple[int, ...] = ()

    @property
    def scores(self) -> str:
        """What the box scores, in words: 'total of all 5 dice', '25'."""
        if self.scoring is Scoring.COUNT_FACE:
            return f"total of the {self.face}s only"
        if self.scoring is Scoring.DICE_TOTAL:
            return f"total of all {DICE_COUNT} dice"
        return str(self.fixed_score)


def _upper(face: int) -> BoxInfo:
    return BoxInfo(
        label=FACE_NAMES[face],
        section=Section.UPPER,
        scoring=Scoring.COUNT_FACE,
        needs=f"any {face}s",
        face=face,
        example=(face, face, face, *[f for f in FACES if f != face][:2]),
    )


BOX_INFO: dict[Box, BoxInfo] = {
    **{box: _upper(face) for face, box in zip(FACES, list(Box)[:6], strict=True)},
    Box.THREE_OF_A_KIND: BoxInfo(
        "3 of a Kind",
        Section.LOWER,
        Scoring.DICE_TOTAL,
        "at least 3 dice alike",
        example=(5, 5, 5, 2, 1),
    ),
    Box.FOUR_OF_A_KIND: BoxInfo(
        "4 of a Kind",
        Section.LOWER,
        Scoring.DICE_TOTAL,
        "at least 4 dice alike",
        example=(4, 4, 4, 4, 2),
    ),
    Box.FULL_HOUSE: BoxInfo(
        "Full House",
        Section.LOWER,
        Scoring.FIXED,
        "3 of one number and 2 of another",
        fixed_score=FULL_HOUSE_SCORE,
        example=(3, 3, 3, 6, 6),
    ),
    Box.SMALL_STRAIGHT: BoxInfo(
        "Small Straight",
        Section.LOWER,
        Scoring.FIXED,
        "4 in a row: 1-2-3-4, 2-3-4-5 or 3-4-5-6",
        fixed_score=SMALL_STRAIGHT_SCORE,
        example=(3, 4, 5, 6, 6),
    ),
    Box.LARGE_STRAIGHT: BoxInfo(
        "Large Straight",
        Section.LOWER,
        Scoring.FIXED,
        "5 in a row: 1-2-3-4-5 or 2-3-4-5-6",
        fixed_score=LARGE_STRAIGHT_SCORE,
        example=(1, 2, 3, 4, 5),
    ),
    Box.YAHTZEE: BoxInfo(
        "Yahtzee",
        Section.LOWER,
        Scoring.FIXED,
        "all 5 dice alike",
        fixed_score=YAHTZEE_SCORE,
        example=(6, 6, 6, 6, 6),
    ),
    Box.CHANCE: BoxInfo(
        "Chance",
        Section.LOWER,
        Scoring.DICE_TOTAL,
        "any 5 dice",
        example=(6, 5, 4, 2, 2),
    ),
}

UPPER_BOXES: tuple[Box, ...] = tuple(b for b in Box if b.section is Section.UPPER)
LOWER_BOXES: tuple[Box, ...] = tuple(b for b in Box if b.section is Section.LOWER)
STRAIGHT_LENGTHS = {Box.SMALL_STRAIGHT: 4, Box.LARGE_STRAIGHT: 5}
KIND_COUNTS = {Box.THREE_OF_A_KIND: 3, Box.FOUR_OF_A_KIND: 4, Box.YAHTZEE: 5}


class Total(enum.Enum):
    """The computed rows of the card, which nobody rolls for."""

    UPPER_SUBTOTAL = "upper_subtotal"
    UPPER_BONUS = "upper_bonus"
    UPPER_TOTAL = "upper_total"
    YAHTZEE_BONUS = "yahtzee_bonus"
    LOWER_TOTAL = "lower_total"
    GRAND_TOTAL = "grand_total"

    @property
    def label(self) -> str:
        return TOTAL_LABELS[self]


TOTAL_LABELS = {
    Total.UPPER_SUBTOTAL: "Upper subtotal",
    Total.UPPER_BONUS: "Bonus",
    Total.UPPER_TOTAL: "Upper total",
    Total.YAHTZEE_BONUS: "Yahtzee bonus",
    Total.LOWER_TOTAL: "Lower total",
    Total.GRAND_TOTAL: "Grand total",
}

TOTAL_HINTS = {
    Total.UPPER_SUBTOTAL: "add the six boxes above",
    Total.UPPER_BONUS: f"score {UPPER_BONUS} if {UPPER_BONUS_THRESHOLD} or more",
    Total.UPPER_TOTAL: "subtotal plus bonus",
    Total.YAHTZEE_BONUS: f"tick each extra Yahtzee, {YAHTZEE_BONUS} each",
    Total.LOWER_TOTAL: "lower boxes plus Yahtzee bonus",
    Total.GRAND_TOTAL: "upper total plus lower total",
}


@dataclass(frozen=True)
class SheetRow:
    """One row of the score sheet: a box to fill or a total to work out."""

    key: Box | Total
    section: Section
    repeat: bool = False  # the upper total again, at the foot of the card

    @property
    def label(self) -> str:
        return self.key.label

    @property
    def is_total(self) -> bool:
        return isinstance(self.key, Total)

    @property
    def slug(self) -> str:
        return self.key.value + ("_again" if self.repeat else "")


SHEET_ROWS: tuple[SheetRow, ...] = (
    *(SheetRow(box, Section.UPPER) for box in UPPER_BOXES),
    SheetRow(Total.UPPER_SUBTOTAL, Section.UPPER),
    SheetRow(Total.UPPER_BONUS, Section.UPPER),
    SheetRow(Total.UPPER_TOTAL, Section.UPPER),
    *(SheetRow(box, Section.LOWER) for box in LOWER_BOXES),
    SheetRow(Total.YAHTZEE_BONUS, Section.LOWER),
    SheetRow(Total.LOWER_TOTAL, Section.LOWER),
    SheetRow(Total.UPPER_TOTAL, Section.LOWER, repeat=True),
    SheetRow(Total.GRAND_TOTAL, Section.LOWER),
)

MAX_BOX_TOTAL = (
    sum(5 * face for face in FACES)
    + UPPER_BONUS
    + 3 * MAX_DICE_TOTAL  # 3 of a Kind, 4 of a Kind, Chance
    + FULL_HOUSE_SCORE
    + SMALL_STRAIGHT_SCORE
    + LARGE_STRAIGHT_SCORE
    + YAHTZEE_SCORE
)
