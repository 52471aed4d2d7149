"""The score card of Yahtzee as data: boxes, sections, bonuses and sheet rows.

Every label, hint and number a sheet prints about a box comes from here, so
the rule sheet, the blank score sheets, the filled records and the terminal
table cannot disagree. This module imports no rendering library.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sheetgen.errors import GameDefinitionError
from sheetgen.rules.game import YAHTZEE, BoxRule, Kind, Scoring, Section
from sheetgen.rules.i18n import N_, _

GAME = YAHTZEE
DICE_COUNT = GAME.dice
FACES = GAME.faces
ROLLS_PER_TURN = GAME.rolls
UPPER_BONUS_THRESHOLD = GAME.upper_bonus.threshold
UPPER_BONUS = GAME.upper_bonus.score
YAHTZEE_BONUS = GAME.extra_bonus.score
MAX_YAHTZEE_BONUSES = GAME.extra_bonus.most
(_ALL_ALIKE,) = GAME.of_kind(Kind.ALL_ALIKE)
(_FULL_HOUSE,) = GAME.of_kind(Kind.FULL_HOUSE)
YAHTZEE_SCORE = _ALL_ALIKE.score
FULL_HOUSE_SCORE = _FULL_HOUSE.score
SMALL_STRAIGHT_SCORE, LARGE_STRAIGHT_SCORE = (box.score for box in GAME.of_kind(Kind.STRAIGHT))
MAX_GAMES_IN_SERIES = 6
COLUMNS = 6  # a score sheet's columns: six players, or the six games of a series
MAX_DICE_TOTAL = DICE_COUNT * max(FACES)

NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six")}


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
        return FACE_BOXES[face]

    def __repr__(self) -> str:
        return f"Box.{self.name}"


@dataclass(frozen=True)
class BoxInfo:
    """What the card, the rule sheet and the table say about one box, from its rule in the game."""

    rule: BoxRule

    @property
    def label_id(self) -> str:
        """The message id; `label` is it in the active language."""
        return self.rule.label_id

    @property
    def section(self) -> Section:
        return self.rule.section

    @property
    def scoring(self) -> Scoring:
        return self.rule.scoring

    @property
    def face(self) -> int | None:
        return self.rule.face

    @property
    def fixed_score(self) -> int | None:
        return self.rule.score

    @property
    def example(self) -> tuple[int, ...]:
        return self.rule.example

    @property
    def label(self) -> str:
        return _(self.label_id)

    @property
    def needs(self) -> str:
        """What the dice must show, in words: 'at least 3 dice alike'."""
        return _(self.rule.needs_id, face=self.face, dice=DICE_COUNT)

    @property
    def scores(self) -> str:
        """What the box scores, in words: 'total of all 5 dice', '25'."""
        if self.scoring is Scoring.COUNT_FACE:
            return _("total of the %(face)ss only", face=self.face)
        if self.scoring is Scoring.DICE_TOTAL:
            return _("total of all %(dice)s dice", dice=DICE_COUNT)
        return str(self.fixed_score)


BOX_INFO: dict[Box, BoxInfo] = {Box(rule.id): BoxInfo(rule) for rule in GAME.boxes}
if list(BOX_INFO) != list(Box):
    raise GameDefinitionError(f"game {GAME.id}: Box must list its boxes in card order")

UPPER_BOXES: tuple[Box, ...] = tuple(b for b in Box if b.section is Section.UPPER)
LOWER_BOXES: tuple[Box, ...] = tuple(b for b in Box if b.section is Section.LOWER)
FACE_BOXES = {rule.face: Box(rule.id) for rule in GAME.of_kind(Kind.FACE)}
STRAIGHT_LENGTHS = {Box(rule.id): rule.run for rule in GAME.of_kind(Kind.STRAIGHT)}
KIND_COUNTS = {
    Box(rule.id): DICE_COUNT if rule.kind is Kind.ALL_ALIKE else rule.count
    for rule in GAME.boxes
    if rule.kind in (Kind.ALIKE, Kind.ALL_ALIKE)
}


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


def _most(info: BoxInfo) -> int:
    """The highest score a box can hold without a Joker."""
    if info.scoring is Scoring.COUNT_FACE:
        return DICE_COUNT * info.face
    return MAX_DICE_TOTAL if info.scoring is Scoring.DICE_TOTAL else info.fixed_score


MAX_BOX_TOTAL = UPPER_BONUS + sum(_most(info) for info in BOX_INFO.values())
