"""What the sheets say, as data computed from the rules in effect.

The score-sheet hints live here, and the rule sheet's prose is built here too,
so no sentence is written twice and nothing variant-dependent is chosen in a
template. This module imports no rendering library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheetgen.rules.boxes import (
    BOX_INFO,
    DICE_COUNT,
    FACES,
    FULL_HOUSE_SCORE,
    KIND_COUNTS,
    LOWER_BOXES,
    MAX_BOX_TOTAL,
    MAX_GAMES_IN_SERIES,
    MAX_YAHTZEE_BONUSES,
    NUMBER_WORDS,
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
from sheetgen.rules.scoring import JOKER_BOXES, Dice, natural_score, score_in_box
from sheetgen.rules.variants import HouseRule, JokerOrder, Rules, Start


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
    variant = rules.variant
    parts = [f"House version: {variant.edition}" if variant.house_version else variant.edition]
    if rules.custom_name:
        parts.insert(0, f"{rules.name} (based on {variant.name})")
    labels = [rule.label for rule in rules.house_rules]
    none = "No other house rules" if variant.house_version else "No house rules"
    parts.append("House rules: " + "; ".join(labels) if labels else none)
    return " · ".join(parts)


@dataclass(frozen=True)
class Item:
    """One paragraph or list entry: an optional bold lead-in, then the text.

    A ruling is sheetgen's answer where the printed rules are silent; sheets
    print it marked as such, never as a rule.
    """

    text: str
    lead: str = ""
    ruling: bool = False


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

    @property
    def rulings(self) -> tuple[Item, ...]:
        """The sentences that answer what the printed rules leave open."""
        return tuple(
            item
            for section in self.sections
            for block in section.blocks
            for item in block.items
            if item.ruling
        )


def _dice(dice: Dice) -> str:
    return "-".join(str(d) for d in dice)


def _either(words: list[str], conjunction: str = "or") -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _thousands(n: int) -> str:
    return f"{n:,}"


def _text(*texts: str) -> Block:
    return Block("text", tuple(Item(text) for text in texts))


def _list(kind: str, *entries: tuple[str, str] | Item) -> Block:
    return Block(kind, tuple(e if isinstance(e, Item) else Item(e[1], e[0]) for e in entries))


def _ruling(text: str) -> Item:
    return Item(text, "Ruling:", ruling=True)


def _house_rule(text: str) -> Item:
    return Item(text, "House rule:")


def players_text(rules: Rules) -> str:
    """The edition's player count: '1 or more players'."""
    return f"{rules.min_players} or more players"


START_TEXT = {
    Start.FIVE_DICE: f"each player rolls all {DICE_COUNT} dice, and the highest total goes first",
    Start.ONE_DIE: "each player rolls 1 die, and the highest number goes first",
}


def _setup(rules: Rules) -> SheetSection:
    return SheetSection(
        "setup",
        "Before you play",
        (
            _text(
                f"For {players_text(rules)}. Everyone shares {DICE_COUNT} six-sided dice; "
                "each player needs a score sheet and a pencil."
            ),
            _list(
                "bullets",
                (
                    "Who starts (house rule):" if rules.start is not rules.variant.start else "Who starts:",
                    f"{START_TEXT[rules.start]}; then turns pass to the left.",
                ),
                _ruling("the rules do not cover a tie for the first turn; tied players can roll again."),
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
                    "Set aside the dice you want to keep and roll the others; "
                    "you may pick up kept dice again. "
                    f"Stop whenever you like, after {ROLLS_PER_TURN} rolls at most.",
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


def _filling(rules: Rules) -> SheetSection:
    dice = BOX_INFO[Box.FOUR_OF_A_KIND].example
    once = f"Each box takes one score for the whole game: {len(Box)} turns each."
    entries: list[tuple[str, str] | Item] = [
        (
            "Zeros.",
            "If your dice fit none of your empty boxes, write 0 in one of them. You may also write 0 "
            "in a box they do not fit, or take a lower score, to keep a better box open.",
        )
    ]
    if rules.scratch_any_box:
        entries.append(_house_rule(f"any empty box may take a 0, {Box.CHANCE.label} too."))
        entries.append(("Once only.", once))
    else:
        entries.append(("Once only.", f"{once} {Box.CHANCE.label} fits any roll, so it never holds a 0."))
    return SheetSection(
        "filling",
        "Filling a box",
        (
            _text(
                "You choose the box; the dice decide what it scores. "
                f"One roll often fits several boxes: {_dice(dice)} is worth {_several_boxes(dice)}."
            ),
            _list("bullets", *entries),
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
                "Each upper box adds up only the dice showing its number (Aces are the 1s): "
                f"{_dice(fives.example)} scores {natural_score(fives.example, Box.FIVES)} in {fives.label}."
            ),
            Block("faces", rows=rows),
            _list(
                "bullets",
                (
                    f"Bonus {UPPER_BONUS}.",
                    f"Add {UPPER_BONUS} if the six upper boxes total {UPPER_BONUS_THRESHOLD} or more. "
                    f"Three of each number make exactly {three_of_each}; "
                    "more high dice can make up for fewer low ones.",
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
    five = f"{NUMBER_WORDS[DICE_COUNT]} of a kind"
    if rules.five_of_a_kind_full_house:
        note = _house_rule(
            f"any {five} may go in an empty {Box.FULL_HOUSE.label} for {FULL_HOUSE_SCORE}, "
            "whatever else is on your card."
        )
    else:
        note = Item(
            f"{five.capitalize()} is not a {Box.FULL_HOUSE.label}, except when it is played as a Joker "
            "(see Joker rules)."
        )
    return SheetSection("lower", "Lower section", (Block("table", rows=rows), Block("text", (note,))))


def _extra_yahtzees() -> SheetSection:
    return SheetSection(
        "extra",
        "Extra Yahtzees",
        (
            _text(
                f"An extra Yahtzee is one rolled after your {Box.YAHTZEE.label} box is filled, "
                f"with {YAHTZEE_SCORE} or 0. The Joker rules say where it goes."
            ),
            _list(
                "bullets",
                (
                    f"Bonus {YAHTZEE_BONUS}:",
                    f"if your {Box.YAHTZEE.label} box holds {YAHTZEE_SCORE}, tick the bonus row for each "
                    "extra Yahtzee; there is no limit. "
                    "You get the bonus even when the roll itself goes down as a 0.",
                ),
                ("No bonus", "if it holds a 0."),
                (
                    f"{Box.YAHTZEE.label} box still empty?",
                    "Then the Joker rules do not apply: score the roll like any other.",
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
    notes: list[tuple[str, str] | Item] = [values]
    if rules.five_of_a_kind_full_house:
        notes.append(
            _house_rule(f"it may also go in an empty {Box.FULL_HOUSE.label} for {FULL_HOUSE_SCORE}.")
        )
    return SheetSection(
        "joker",
        heading,
        (
            _text("An extra Yahtzee goes in the first of these places that is open:"),
            _list("steps", *steps),
            _list("bullets", *notes),
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
                f"six upper boxes, plus {UPPER_BONUS} if they reach {UPPER_BONUS_THRESHOLD}.",
            ),
            (
                f"{Total.LOWER_TOTAL.label}:",
                f"seven lower boxes, plus {YAHTZEE_BONUS} per Yahtzee bonus.",
            ),
            (f"{Total.GRAND_TOTAL.label}:", "upper total plus lower total."),
        ),
        _text("The highest grand total wins."),
        Block(
            "text",
            (
                _ruling(
                    "the rules do not say how to break a tie; "
                    "players often share the win or play one more game."
                ),
            ),
        ),
        _text(f"Highest possible: {MAX_BOX_TOTAL}, or {_thousands(best)} with a Yahtzee every turn."),
    )
    return SheetSection("end", "End of the game", blocks)


# House rules the sheet spells out where they apply; its house-rules section only names them.
SPELLED_OUT = {
    HouseRule.FIVE_OF_A_KIND_FULL_HOUSE,
    HouseRule.ONE_DIE_START,
    HouseRule.FIVE_DICE_START,
    HouseRule.SCRATCH_ANY_BOX,
}


def _house_rule_entry(rule: HouseRule) -> Item:
    label = f"{rule.label.capitalize()}."
    return Item(label) if rule in SPELLED_OUT else Item(rule.summary, label)


def _house_rules(rules: Rules) -> SheetSection:
    """The house rules, and whether the sheet is an edition as written or a house version."""
    variant = rules.variant
    blocks = []
    if variant.house_version:
        blocks.append(_text("No edition prints these rules: they are a house version."))
    if rules.house_rules:
        blocks.append(Block("bullets", tuple(_house_rule_entry(rule) for rule in rules.house_rules)))
    elif variant.house_version:
        blocks.append(_text("No other house rules."))
    else:
        blocks.append(_text(f"None: this sheet follows the {variant.edition} as written."))
    return SheetSection("house", "House rules in effect", tuple(blocks))


def rule_sheet(rules: Rules) -> RuleSheet:
    """The one-page rule sheet for `rules`: every variant-dependent sentence is chosen here."""
    tagline = f"{players_text(rules)} · {DICE_COUNT} dice"
    if rules.series:
        tagline += f" · series of up to {MAX_GAMES_IN_SERIES} games"
    sections = (
        _setup(rules),
        _turn(),
        _filling(rules),
        _upper(),
        _lower(rules),
        _extra_yahtzees(),
        _joker(rules),
        _end(),
        _house_rules(rules),
    )
    return RuleSheet(rules.title, tagline, sections, edition_line(rules))
