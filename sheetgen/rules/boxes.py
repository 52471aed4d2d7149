"""The score card as data: boxes, sections, bonuses and sheet rows (Yahtzee's, and any game's).

Every label, hint and number a sheet prints about a box comes from here, so
the rule sheet, the blank score sheets, the filled records and the terminal
table cannot disagree. This module imports no rendering library.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from sheetgen.rules.game import YAHTZEE, BoxRule, Game, Kind, Section
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

Box = GAME.box_set
"""Yahtzee's 13 boxes in card order, read like an enum: `Box.ACES`, `Box("chance")`, `list(Box)`."""

UPPER_BOXES: tuple[BoxRule, ...] = GAME.in_section(Section.UPPER)
LOWER_BOXES: tuple[BoxRule, ...] = GAME.in_section(Section.LOWER)
FACE_BOXES = {rule.face: rule for rule in GAME.of_kind(Kind.FACE)}
STRAIGHT_LENGTHS = {rule: rule.run for rule in GAME.of_kind(Kind.STRAIGHT)}
KIND_COUNTS = {
    rule: DICE_COUNT if rule.kind is Kind.ALL_ALIKE else rule.count
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


def total_hint(total: Total, game: Game = GAME) -> str:
    """The hint printed beside a total's label, in the active language."""
    upper, extra = game.upper_bonus, game.extra_bonus
    return _(
        TOTAL_HINTS[total],
        bonus=upper and upper.score,
        threshold=upper and upper.threshold,
        yahtzee_bonus=extra and extra.score,
    )


class CardTotal(enum.Enum):
    """The rows a card of several columns adds under its columns' grand totals (Triple Yahtzee's)."""

    SCORED = "scored"  # a column's total times its multiplier
    CARD_TOTAL = "card_total"  # the scored totals added: the player's grand total

    @property
    def label(self) -> str:
        return _(CARD_TOTAL_LABELS[self])


CARD_TOTAL_LABELS = {CardTotal.SCORED: N_("Scored"), CardTotal.CARD_TOTAL: N_("Grand total")}
CARD_TOTAL_HINTS = {
    CardTotal.SCORED: N_("column total times its multiplier"),
    CardTotal.CARD_TOTAL: N_("add the scored totals"),
}
COLUMN_TOTAL = N_("Column total")  # a column's grand total, on a card of several columns
LOWER_BOXES_TOTAL = N_("add the lower boxes")  # the lower total of a game with no extra bonus
EVERY_BOX_TOTAL = N_("add every box above")  # the grand total of a game with no upper bonus


@dataclass(frozen=True)
class SheetRow:
    """One row of the score sheet: a box to fill or a total to work out."""

    key: BoxRule | Total | CardTotal
    section: Section
    repeat: bool = False  # the upper total again, at the foot of the card

    @property
    def label(self) -> str:
        return self.key.label

    @property
    def is_total(self) -> bool:
        return isinstance(self.key, (Total, CardTotal))

    @property
    def is_box(self) -> bool:
        return isinstance(self.key, BoxRule)

    @property
    def slug(self) -> str:
        return self.key.value + ("_again" if self.repeat else "")


def sheet_rows(game: Game) -> tuple[SheetRow, ...]:
    """The card's rows, top to bottom: the boxes, and the totals the game's bonuses call for.

    A game with no upper bonus adds its boxes up in one grand total.
    """
    upper, lower = game.in_section(Section.UPPER), game.in_section(Section.LOWER)
    if game.upper_bonus is None:
        return (
            *(SheetRow(box, Section.UPPER) for box in upper),
            *(SheetRow(box, Section.LOWER) for box in lower),
            SheetRow(Total.GRAND_TOTAL, Section.LOWER),
        )
    return (
        *(SheetRow(box, Section.UPPER) for box in upper),
        SheetRow(Total.UPPER_SUBTOTAL, Section.UPPER),
        SheetRow(Total.UPPER_BONUS, Section.UPPER),
        SheetRow(Total.UPPER_TOTAL, Section.UPPER),
        *(SheetRow(box, Section.LOWER) for box in lower),
        *((SheetRow(Total.YAHTZEE_BONUS, Section.LOWER),) if game.extra_bonus else ()),
        SheetRow(Total.LOWER_TOTAL, Section.LOWER),
        SheetRow(Total.UPPER_TOTAL, Section.LOWER, repeat=True),
        SheetRow(Total.GRAND_TOTAL, Section.LOWER),
    )


SHEET_ROWS = sheet_rows(GAME)


def card_rows(game: Game) -> tuple[SheetRow, ...]:
    """A sheet's rows for one player's card: `sheet_rows`, and on a card of several columns the
    scored row (each column's total times its multiplier) and the card's grand total under them."""
    rows = sheet_rows(game)
    if len(game.columns) == 1:
        return rows
    return (*rows, SheetRow(CardTotal.SCORED, Section.LOWER), SheetRow(CardTotal.CARD_TOTAL, Section.LOWER))


def row_label(row: SheetRow, game: Game) -> str:
    """A row's label on the game's sheet: a column's grand total is its column total on a card of several."""
    if row.key is Total.GRAND_TOTAL and len(game.columns) > 1:
        return _(COLUMN_TOTAL)
    return row.label


def sheet_total_hint(total: Total | CardTotal, game: Game) -> str:
    """A total's hint as the game's sheet prints it: what the game's own card adds up."""
    if isinstance(total, CardTotal):
        return _(CARD_TOTAL_HINTS[total])
    if total is Total.LOWER_TOTAL and game.extra_bonus is None:
        return _(LOWER_BOXES_TOTAL)
    if total is Total.GRAND_TOTAL and game.upper_bonus is None:
        return _(EVERY_BOX_TOTAL)
    return total_hint(total, game)
