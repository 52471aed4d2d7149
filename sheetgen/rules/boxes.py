"""The score card of Yahtzee as data: boxes, sections, bonuses and sheet rows.

Every label, hint and number a sheet prints about a box comes from here, so
the rule sheet, the blank score sheets, the filled records and the terminal
table cannot disagree. This module imports no rendering library.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sheetgen.rules.i18n import N_, _

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

FACE_NAMES = {1: N_("Aces"), 2: N_("Twos"), 3: N_("Threes"), 4: N_("Fours"), 5: N_("Fives"), 6: N_("Sixes")}
NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}
SECTION_LABELS = {"upper": N_("Upper section"), "lower": N_("Lower section")}


class Section(enum.Enum):
    """The two halves of the card; the upper one earns the 35-point bonus."""

    UPPER = "upper"
    LOWER = "lower"

    @property
    def label(self) -> str:
        return _(SECTION_LABELS[self.value])


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

    label_id: str  # the message id; `label` is it in the active language
    section: Section
    scoring: Scoring
    needs_id: str
    face: int | None = None
    fixed_score: int | None = None
    example: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return _(self.label_id)

    @property
    def needs(self) -> str:
        """What the dice must show, in words: 'at least 3 dice alike'."""
        return _(self.needs_id, face=self.face, dice=DICE_COUNT)

    @property
    def scores(self) -> str:
        """What the box scores, in words: 'total of all 5 dice', '25'."""
        if self.scoring is Scoring.COUNT_FACE:
            return _("total of the %(face)ss only", face=self.face)
        if self.scoring is Scoring.DICE_TOTAL:
            return _("total of all %(dice)s dice", dice=DICE_COUNT)
        return str(self.fixed_score)


def _upper(face: int) -> BoxInfo:
    return BoxInfo(
        label_id=FACE_NAMES[face],
        section=Section.UPPER,
        scoring=Scoring.COUNT_FACE,
        needs_id=N_("any %(face)ss"),
        face=face,
        example=(face, face, face, *[f for f in FACES if f != face][:2]),
    )


BOX_INFO: dict[Box, BoxInfo] = {
    **{box: _upper(face) for face, box in zip(FACES, list(Box)[:6], strict=True)},
    Box.THREE_OF_A_KIND: BoxInfo(
        N_("3 of a Kind"),
        Section.LOWER,
        Scoring.DICE_TOTAL,
        N_("at least 3 dice alike"),
        example=(5, 5, 5, 2, 1),
    ),
    Box.FOUR_OF_A_KIND: BoxInfo(
        N_("4 of a Kind"),
        Section.LOWER,
        Scoring.DICE_TOTAL,
        N_("at least 4 dice alike"),
        example=(4, 4, 4, 4, 2),
    ),
    Box.FULL_HOUSE: BoxInfo(
        N_("Full House"),
        Section.LOWER,
        Scoring.FIXED,
        N_("3 of one number and 2 of another"),
        fixed_score=FULL_HOUSE_SCORE,
        example=(3, 3, 3, 6, 6),
    ),
    Box.SMALL_STRAIGHT: BoxInfo(
        N_("Small Straight"),
        Section.LOWER,
        Scoring.FIXED,
        N_("4 in a row: 1-2-3-4, 2-3-4-5 or 3-4-5-6"),
        fixed_score=SMALL_STRAIGHT_SCORE,
        example=(3, 4, 5, 6, 6),
    ),
    Box.LARGE_STRAIGHT: BoxInfo(
        N_("Large Straight"),
        Section.LOWER,
        Scoring.FIXED,
        N_("5 in a row: 1-2-3-4-5 or 2-3-4-5-6"),
        fixed_score=LARGE_STRAIGHT_SCORE,
        example=(1, 2, 3, 4, 5),
    ),
    Box.YAHTZEE: BoxInfo(
        N_("Yahtzee"),
        Section.LOWER,
        Scoring.FIXED,
        N_("all 5 dice alike"),
        fixed_score=YAHTZEE_SCORE,
        example=(6, 6, 6, 6, 6),
    ),
    Box.CHANCE: BoxInfo(
        N_("Chance"),
        Section.LOWER,
        Scoring.DICE_TOTAL,
        N_("any 5 dice"),
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
        return _(TOTAL_LABELS[self])


TOTAL_LABELS = {
    Total.UPPER_SUBTOTAL: N_("Upper subtotal"),
    Total.UPPER_BONUS: N_("Bonus"),
    Total.UPPER_TOTAL: N_("Upper total"),
    Total.YAHTZEE_BONUS: N_("Yahtzee bonus"),
    Total.LOWER_TOTAL: N_("Lower total"),
    Total.GRAND_TOTAL: N_("Grand total"),
}

TOTAL_HINTS = {
    Total.UPPER_SUBTOTAL: N_("add the six boxes above"),
    Total.UPPER_BONUS: N_("score %(bonus)s if %(threshold)s or more"),
    Total.UPPER_TOTAL: N_("subtotal plus bonus"),
    Total.YAHTZEE_BONUS: N_("tick each extra Yahtzee, %(yahtzee_bonus)s each"),
    Total.LOWER_TOTAL: N_("lower boxes plus Yahtzee bonus"),
    Total.GRAND_TOTAL: N_("upper total plus lower total"),
}


def total_hint(total: Total) -> str:
    """The hint printed beside a total's label, in the active language."""
    return _(
        TOTAL_HINTS[total], bonus=UPPER_BONUS, threshold=UPPER_BONUS_THRESHOLD, yahtzee_bonus=YAHTZEE_BONUS
    )


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
