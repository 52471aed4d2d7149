"""What the sheets say, as data computed from the rules in effect.

The score-sheet hints live here, and the rule sheet's prose is built here too,
so no sentence is written twice and nothing variant-dependent is chosen in a
template. This module imports no rendering library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheetgen.model import (
    BOX_INFO,
    DICE_COUNT,
    FACES,
    FULL_HOUSE_SCORE,
    KIND_COUNTS,
    LOWER_BOXES,
    MAX_BOX_TOTAL,
    MAX_GAMES_IN_SERIES,
    MAX_YAHTZEE_BONUSES,
    ROLLS_PER_TURN,
    TOTAL_HINTS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    Box,
    Scoring,
    SheetRow,
    Total,
)
from sheetgen.scoring import JOKER_BOXES, Dice, natural_score, score_in_box
from sheetgen.variants import JokerOrder, Rules, Start


def box_hint(box: Box, rules: Rules) -> str:
    """The one-line reminder printed under a box's name on the score sheet."""
    info = BOX_INFO[box]
    if info.scoring is Scoring.COUNT_FACE:
        return f"count and add only {info.face}s"
    if box is Box.CHANCE:
        return f"any dice: add all {DICE_COUNT}"
    if info.scoring is Scoring.DICE_TOTAL:
        return f"{KIND_COUNTS[box]} alike: add all {DICE_COUNT} dice"
    need = {
        Box.FULL_HOUSE: "3 and 2 alike",
        Box.SMALL_STRAIGHT: "4 in a row",
        Box.LARGE_STRAIGHT: "5 in a row",
        Box.YAHTZEE: f"{DICE_COUNT} alike",
    }[box]
    if box is Box.FULL_HOUSE and rules.five_of_a_kind_full_house:
        need = f"3 and 2, or {DICE_COUNT} alike"
    return f"{need}: score {info.fixed_score}"


def row_hint(row: SheetRow, rules: Rules) -> str:
    """The hint of any score-sheet row, box or total."""
    if isinstance(row.key, Total):
        return TOTAL_HINTS[row.key]
    return box_hint(row.key, rules)


def edition_line(rules: Rules) -> str:
    """The footer of every sheet: the edition, the custom variant, the house rules."""
    parts = [rules.variant.edition]
    if rules.custom_name:
        parts.insert(0, f"{rules.name} (based on {rules.variant.name})")
    labels = [rule.label for rule in rules.house_rules]
    parts.append("House rules: " + "; ".join(labels) if labels else "No house rules")
    return " · ".join(parts)


@dataclass(frozen=True)
class Item:
    """One paragraph or list entry: an optional bold lead-in, then the text."""

    text: str
    lead: str = ""


@dataclass(frozen=True)
class BoxRow:
    """One box as the rule sheet shows it: its needs, its score and a roll that fits."""

    label: str
    needs: str
    scores: str
    dice: Dice
    example_score: int


@dataclass(frozen=True)
class Block:
    """A run of content in a section; the template draws it by `kind`.

    Kinds: "text" (paragraphs), "bullets", "steps" (numbered), "faces" (a strip
    of the upper boxes) and "table" (the lower boxes).
    """

    kind: str
    items: tuple[Item, ...] = ()
    rows: tuple[BoxRow, ...] = ()


@dataclass(frozen=True)
class SheetSection:
    """A headed part of the rule sheet."""

    key: str
    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class RuleSheet:
    """Everything the one-page rule sheet prints, computed from the rules in effect."""

    title: str
    tagline: str
    sections: tuple[SheetSection, ...]
    footer: str

    def section(self, key: str) -> SheetSection:
        """The section called `key`, so a template can place each one where its layout wants it."""
        return next(section for section in self.sections if section.key == key)

    @property
    def text(self) -> str:
        """All the printed words in reading order, for search and tests."""
        parts = [self.title, self.tagline]
        for section in self.sections:
            parts.append(section.heading)
            for block in section.blocks:
                parts.extend(f"{item.lead} {item.text}".strip() for item in block.items)
                parts.extend(f"{row.label} {row.needs} {row.scores}" for row in block.rows)
        parts.append(self.footer)
        return "\n".join(parts)


def _dice(dice: Dice) -> str:
    return "-".join(str(d) for d in dice)


def _either(words: list[str], conjunction: str = "or") -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _thousands(n: int) -> str:
    return f"{n:,}"


def _text(*texts: str) -> Block:
    return Block("text", tuple(Item(text) for text in texts))


def _list(kind: str, *entries: tuple[str, str]) -> Block:
    return Block(kind, tuple(Item(text, lead) for lead, text in entries))


START_TEXT = {
    Start.FIVE_DICE: f"each player rolls all {DICE_COUNT} dice, and the highest total goes first.",
    Start.ONE_DIE: "each player rolls 1 die, and the highest number goes first.",
}


def _setup(rules: Rules) -> SheetSection:
    return SheetSection(
        "setup",
        "Before you play",
        (
            _text(
                f"For 1 player or more. Everyone shares {DICE_COUNT} six-sided dice; "
                "each player needs a score sheet and a pencil."
            ),
            _list(
                "bullets",
                (
                    "Who starts:",
                    START_TEXT[rules.start] + " Players tied for the top roll again.",
                ),
                ("Then", "turns pass to the left, one player at a time."),
            ),
        ),
    )


def _turn() -> SheetSection:
    return SheetSection(
        "turn",
        "Your turn",
        (
            _list(
                "steps",
                ("Roll", f"all {DICE_COUNT} dice."),
                (
                    "Keep and roll again.",
                    "Set aside any dice you like, your keepers, and throw the rest. "
                    "Any die may go back in the cup, even one you kept earlier. "
                    f"You have {ROLLS_PER_TURN} throws at most and may stop after any of them.",
                ),
                ("Score", "the final dice in exactly one empty box of your card."),
            ),
        ),
    )


def _several_boxes(dice: Dice) -> str:
    """Where one roll could go and what it would score: the proof that the box decides."""
    by_score: dict[int, list[str]] = {}
    for box in Box:
        points = natural_score(dice, box)
        if points:
            by_score.setdefault(points, []).append(box.label)
    return _either(
        [f"{points} in {_either(labels)}" for points, labels in sorted(by_score.items(), reverse=True)]
    )


def _filling() -> SheetSection:
    dice = BOX_INFO[Box.FOUR_OF_A_KIND].example
    return SheetSection(
        "filling",
        "Filling a box",
        (
            _text(
                "You never choose the number: the box and the dice decide it. "
                f"One roll often fits several boxes; {_dice(dice)} is worth {_several_boxes(dice)}."
            ),
            _list(
                "bullets",
                (
                    "Zeros.",
                    "If the dice fit none of your empty boxes, write 0 in one of them. "
                    "You may also take a 0, or a smaller score, on purpose to keep a box open.",
                ),
                (
                    "Once only.",
                    f"Each box takes one score for the whole game: {len(Box)} turns each. "
                    f"{Box.CHANCE.label} fits any roll and never holds a 0.",
                ),
            ),
        ),
    )


def _upper() -> SheetSection:
    fives = BOX_INFO[Box.FIVES]
    rows = tuple(
        BoxRow(box.label, box.info.needs, box.info.scores, (face,), natural_score((face,), box))
        for face, box in zip(FACES, UPPER_BOXES, strict=True)
    )
    three_of_each = sum(natural_score((face,) * 3, box) for face, box in zip(FACES, UPPER_BOXES, strict=True))
    return SheetSection(
        "upper",
        "Upper section",
        (
            _text(
                f"{_either([box.label for box in UPPER_BOXES], 'and')}: each box adds up only the dice "
                f"showing its number (Aces are the 1s). {_dice(fives.example)} scores "
                f"{natural_score(fives.example, Box.FIVES)} in {fives.label}."
            ),
            Block("faces", rows=rows),
            _list(
                "bullets",
                (
                    f"Bonus {UPPER_BONUS}.",
                    f"If the six upper boxes add up to {UPPER_BONUS_THRESHOLD} or more, add {UPPER_BONUS}. "
                    f"Three of each number makes exactly {three_of_each}; "
                    "extra high dice can make up for a number that fell short.",
                ),
            ),
        ),
    )


def _full_house_needs(rules: Rules) -> str:
    needs = BOX_INFO[Box.FULL_HOUSE].needs
    return f"{needs}, or {DICE_COUNT} alike (house rule)" if rules.five_of_a_kind_full_house else needs


def _lower(rules: Rules) -> SheetSection:
    needs = {box: BOX_INFO[box].needs for box in LOWER_BOXES} | {Box.FULL_HOUSE: _full_house_needs(rules)}
    rows = tuple(
        BoxRow(box.label, needs[box], box.info.scores, box.info.example, natural_score(box.info.example, box))
        for box in LOWER_BOXES
    )
    five = f"{DICE_COUNT} alike"
    if rules.five_of_a_kind_full_house:
        note = Item(
            f"{five} may score {FULL_HOUSE_SCORE} in {Box.FULL_HOUSE.label} at any time, Joker or not.",
            "House rule:",
        )
    else:
        note = Item(
            f"{five} is not a {Box.FULL_HOUSE.label}, except when it is played as a Joker (see Joker rules)."
        )
    return SheetSection("lower", "Lower section", (Block("table", rows=rows), Block("text", (note,))))


def _extra_yahtzees() -> SheetSection:
    return SheetSection(
        "extra",
        "Extra Yahtzees",
        (
            _text(
                f"An extra Yahtzee is {DICE_COUNT} alike rolled when your {Box.YAHTZEE.label} box is "
                "already filled. It must follow the Joker rules."
            ),
            _list(
                "bullets",
                (
                    f"Bonus {YAHTZEE_BONUS}:",
                    f"if the {Box.YAHTZEE.label} box holds {YAHTZEE_SCORE}, tick the bonus row once for each "
                    f"extra Yahtzee (up to {MAX_YAHTZEE_BONUSES} in a game). "
                    "The bonus counts even when the roll itself goes down as a 0.",
                ),
                ("No bonus", "if it holds a 0."),
                (
                    "Box still empty?",
                    "Then it is no extra Yahtzee and no Joker rule applies: score it like any other roll.",
                ),
            ),
        ),
    )


def _joker_values() -> str:
    fixed = [f"{box.label} {box.info.fixed_score}" for box in JOKER_BOXES]
    totals = [box.label for box in LOWER_BOXES if box.info.scoring is Scoring.DICE_TOTAL]
    return f"scores as if the dice fit: {_either(fixed, 'and')}; {_either(totals, 'and')} the dice total."


def _upper_step(dice: Dice) -> tuple[str, str]:
    box = Box.for_face(dice[0])
    return (
        "Its upper box,",
        f"if empty, for the dice total: {_dice(dice)} scores {natural_score(dice, box)} in {box.label}.",
    )


def _official_steps(dice: Dice) -> list[tuple[str, str]]:
    return [_upper_step(dice), ("Else any empty lower box,", "as a Joker.")]


def _c2406_steps(dice: Dice) -> list[tuple[str, str]]:
    kinds = [Box.THREE_OF_A_KIND.label, Box.FOUR_OF_A_KIND.label]
    return [
        _upper_step(dice),
        (f"Else {_either(kinds)},", "whichever is empty, for the dice total."),
        ("Only when both are filled,", "any other empty lower box, as a Joker."),
    ]


JOKER_STEPS: dict[JokerOrder, Callable[[Dice], list[tuple[str, str]]]] = {
    JokerOrder.UPPER_THEN_LOWER: _official_steps,
    JokerOrder.UPPER_THEN_KINDS: _c2406_steps,
}


def _joker(rules: Rules) -> SheetSection:
    dice = (4,) * DICE_COUNT
    heading = "Joker rules"
    values = ("A Joker", _joker_values())
    if rules.joker_order is JokerOrder.FREE:
        upper = Box.for_face(dice[0])
        missed = [box for box in JOKER_BOXES if score_in_box(dice, box, rules) == 0]
        natural = f"0 in {_either([box.label for box in missed], 'and')}"
        if rules.five_of_a_kind_full_house:
            natural += f", though {Box.FULL_HOUSE.label} still takes {FULL_HOUSE_SCORE} by house rule"
        return SheetSection(
            "joker",
            heading,
            (
                _text("Put an extra Yahtzee in any empty box you choose."),
                _list(
                    "bullets",
                    (
                        "Joker or not?",
                        "It is a Joker only once the upper box for its number is filled. "
                        f"Until then it scores as it falls: {_dice(dice)} is {natural_score(dice, upper)} "
                        f"in {upper.label}, {natural}.",
                    ),
                    values,
                ),
            ),
        )
    steps = [*JOKER_STEPS[rules.joker_order](dice), ("Else a 0", "in any empty upper box.")]
    return SheetSection(
        "joker",
        heading,
        (
            _text("An extra Yahtzee goes in the first of these places that is open:"),
            _list("steps", *steps),
            _list("bullets", values),
        ),
    )


def _end() -> SheetSection:
    best = MAX_BOX_TOTAL + MAX_YAHTZEE_BONUSES * YAHTZEE_BONUS
    blocks = (
        _text(f"The game ends when every player has filled all {len(Box)} boxes. Then add up each card:"),
        _list(
            "bullets",
            (
                f"{Total.UPPER_TOTAL.label}:",
                f"the six upper boxes, plus {UPPER_BONUS} if they reach {UPPER_BONUS_THRESHOLD}.",
            ),
            (
                f"{Total.LOWER_TOTAL.label}:",
                f"the seven lower boxes, plus {YAHTZEE_BONUS} for each Yahtzee bonus tick.",
            ),
            (f"{Total.GRAND_TOTAL.label}:", "upper total plus lower total."),
        ),
        _text(
            "The highest grand total wins. There is no tie-break: tied players share the win. "
            f"The most a card can score is {MAX_BOX_TOTAL}, or {_thousands(best)} with a Yahtzee every turn."
        ),
    )
    return SheetSection("end", "End of the game", blocks)


def _house_rules(rules: Rules) -> SheetSection:
    if rules.house_rules:
        block = _list(
            "bullets", *((f"{rule.label.capitalize()}.", rule.summary) for rule in rules.house_rules)
        )
    else:
        block = _text(f"None: this sheet follows the {rules.variant.edition} as written.")
    return SheetSection("house", "House rules in effect", (block,))


def rule_sheet(rules: Rules) -> RuleSheet:
    """The one-page rule sheet for `rules`: every variant-dependent sentence is chosen here."""
    tagline = f"1 or more players · {DICE_COUNT} dice · {len(Box)} turns each"
    if rules.series:
        tagline += f" · series of up to {MAX_GAMES_IN_SERIES} games"
    sections = (
        _setup(rules),
        _turn(),
        _filling(),
        _upper(),
        _lower(rules),
        _extra_yahtzees(),
        _joker(rules),
        _end(),
        _house_rules(rules),
    )
    return RuleSheet(rules.title, tagline, sections, edition_line(rules))
