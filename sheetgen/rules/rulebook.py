"""What the sheets say, as data computed from the rules in effect.

The score-sheet hints live here, and the rule sheet's prose is built here too,
so no sentence is written twice and nothing variant-dependent is chosen in a
template. This module imports no rendering library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheetgen.rules.boxes import (
    DICE_COUNT,
    FACES,
    FULL_HOUSE_SCORE,
    GAME,
    LOWER_BOXES,
    MAX_GAMES_IN_SERIES,
    MAX_YAHTZEE_BONUSES,
    ROLLS_PER_TURN,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    Box,
    SheetRow,
    Total,
    total_hint,
)
from sheetgen.rules.game import Kind, Scoring, Section
from sheetgen.rules.i18n import N_, _, ngettext, number
from sheetgen.rules.scoring import JOKER_BOXES, Dice, best_total, natural_score, score_in_box
from sheetgen.rules.variants import HouseRule, JokerOrder, Rules, Start


def box_hint(box: Box, rules: Rules) -> str:
    """The one-line reminder printed under a box's name on the score sheet, from its kind and parameters."""
    info = box
    if info.scoring is Scoring.COUNT_FACE:
        return _("count and add only %(face)ss", face=info.face)
    if info.kind is Kind.ANYTHING:
        return _("any dice: add all %(dice)s", dice=info.dice)
    if info.kind is Kind.PAIRS:
        return _(PAIRS_HINTS[info.count])
    if info.kind is Kind.ALIKE and info.scoring is Scoring.MATCHED:
        return _("%(count)s alike: add those %(count)s", count=info.count)
    if info.kind is Kind.FULL_HOUSE and info.scoring is Scoring.DICE_TOTAL:
        return _("3 and 2 alike: add all %(dice)s dice", dice=info.dice)
    if info.scoring is Scoring.DICE_TOTAL:
        return _("%(kind)s alike: add all %(dice)s dice", kind=info.count, dice=info.dice)
    if info.kind is Kind.STRAIGHT and info.faces:
        need = "-".join(str(face) for face in info.faces)
    else:
        need = {
            Kind.FULL_HOUSE: N_("3 and 2 alike"),
            Kind.STRAIGHT: N_("4 in a row") if info.run == 4 else N_("5 in a row"),
            Kind.ALL_ALIKE: N_("%(dice)s alike"),
        }[info.kind]
        if info.kind is Kind.FULL_HOUSE and rules.five_of_a_kind_full_house:
            need = N_("3 and 2, or %(dice)s alike")
        need = _(need, dice=info.dice)
    return _("%(need)s: score %(score)s", need=need, score=info.fixed_score)


PAIRS_HINTS = {1: N_("two alike: add the highest pair"), 2: N_("two pairs: add those 4 dice")}


def row_hint(row: SheetRow, rules: Rules) -> str:
    """The hint of any score-sheet row, box or total."""
    if isinstance(row.key, Total):
        return total_hint(row.key)
    return box_hint(row.key, rules)


def edition_line(rules: Rules) -> str:
    """The footer of every sheet: the edition, the custom variant, the house rules."""
    return " · ".join(edition_parts(rules))


def custom_variant_line(rules: Rules) -> str:
    """How a sheet names a custom variant: its title and its base's, never the file's internal names."""
    base = rules.variant.title
    if rules.custom_title:
        return _("%(title)s, based on %(base)s", title=rules.custom_title, base=base)
    return _("Based on %(base)s", base=base)


def edition_parts(rules: Rules, short: bool = False) -> list[str]:
    """The edition line's phrases; `short`: the house rules only said to be in effect, for a footer
    with no room for their list (the rule sheet lists them in its own section), and a custom variant
    named by its base's title alone, without the base's edition."""
    variant = rules.variant
    edition = variant.edition
    parts = [
        _("House version: %(edition)s", edition=edition) if variant.house_version else capitalize(edition)
    ]
    if rules.custom_name:
        parts = [custom_variant_line(rules)] if short else [custom_variant_line(rules), *parts]
    labels = [rule.label for rule in rules.house_rules]
    none = _("No other house rules") if variant.house_version else _("No house rules")
    if labels and short:
        parts.append(_("House rules in effect"))
    else:
        parts.append(_("House rules: %(rules)s", rules="; ".join(labels)) if labels else none)
    return parts


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


def capitalize(text: str) -> str:
    """The first letter upper-case, the rest as written (str.capitalize lowers 'Yahtzee')."""
    return text[:1].upper() + text[1:]


def _dice(dice: Dice) -> str:
    return "-".join(str(d) for d in dice)


def either(words: list[str], conjunction: str = "or") -> str:
    """'a', 'a or b', 'a, b or c' ('and' for a list of all of them), in the active language."""
    if len(words) == 1:
        return words[0]
    joined = _("%(first)s or %(last)s") if conjunction == "or" else _("%(first)s and %(last)s")
    return joined % {"first": _(", ").join(words[:-1]), "last": words[-1]}


_either = either


def _text(*texts: str) -> Block:
    return Block("text", tuple(Item(text) for text in texts))


def _list(kind: str, *entries: tuple[str, str] | Item) -> Block:
    return Block(kind, tuple(e if isinstance(e, Item) else Item(e[1], e[0]) for e in entries))


def _ruling(text: str) -> Item:
    return Item(text, _("Ruling:"), ruling=True)


def _house_rule(text: str) -> Item:
    return Item(text, _("House rule:"))


def players_text(rules: Rules) -> str:
    """The edition's player count: '1 or more players'."""
    # English says "players" even for "1 or more"; other languages may not.
    return ngettext("%(n)s or more players", "%(n)s or more players", rules.min_players)


START_TEXT = {
    Start.FIVE_DICE: N_("each player rolls all %(dice)s dice, and the highest total goes first"),
    Start.ONE_DIE: N_("each player rolls 1 die, and the highest number goes first"),
}


def start_text(start: Start) -> str:
    """How the first player is found, as a clause: 'each player rolls 1 die, and ...'."""
    return _(START_TEXT[start], dice=DICE_COUNT)


def _setup(rules: Rules) -> SheetSection:
    return SheetSection(
        "setup",
        _("Before you play"),
        (
            _text(
                _(
                    "For %(players)s. Everyone shares %(dice)s six-sided dice; "
                    "each player needs a score sheet and a pencil.",
                    players=players_text(rules),
                    dice=DICE_COUNT,
                )
            ),
            _list(
                "bullets",
                (
                    _("Who starts (house rule):")
                    if rules.start is not rules.variant.start
                    else _("Who starts:"),
                    _("%(start)s; then turns pass to the left.", start=start_text(rules.start)),
                ),
                _ruling(_("the rules do not cover a tie for the first turn; tied players can roll again.")),
            ),
        ),
    )


def _turn() -> SheetSection:
    return SheetSection(
        "turn",
        _("Your turn"),
        (
            _list(
                "steps",
                (_("Roll"), _("all %(dice)s dice.", dice=DICE_COUNT)),
                (
                    _("Keep and roll again."),
                    _(
                        "Set aside the dice you want to keep and roll the others; "
                        "you may pick up kept dice again. "
                        "Stop whenever you like, after %(rolls)s rolls at most.",
                        rolls=ROLLS_PER_TURN,
                    ),
                ),
                (_("Score"), _("the final dice in exactly one empty box of your card.")),
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
        [
            _("%(points)s in %(boxes)s", points=points, boxes=_either(labels))
            for points, labels in sorted(by_score.items(), reverse=True)
        ]
    )


def _filling(rules: Rules) -> SheetSection:
    dice = Box.FOUR_OF_A_KIND.example
    once = _("Each box takes one score for the whole game: %(turns)s turns each.", turns=len(Box))
    entries: list[tuple[str, str] | Item] = [
        (
            _("Zeros."),
            _(
                "If your dice fit none of your empty boxes, write 0 in one of them. You may also write 0 "
                "in a box they do not fit, or take a lower score, to keep a better box open."
            ),
        )
    ]
    chance = Box.CHANCE.label
    if rules.scratch_any_box:
        entries.append(_house_rule(_("any empty box may take a 0, %(chance)s too.", chance=chance)))
        entries.append((_("Once only."), once))
    else:
        never = _("%(chance)s fits any roll, so it never holds a 0.", chance=chance)
        entries.append((_("Once only."), f"{once} {never}"))
    return SheetSection(
        "filling",
        _("Filling a box"),
        (
            _text(
                _(
                    "You choose the box; the dice decide what it scores. "
                    "One roll often fits several boxes: %(dice)s is worth %(choices)s.",
                    dice=_dice(dice),
                    choices=_several_boxes(dice),
                )
            ),
            _list("bullets", *entries),
        ),
    )


def _upper() -> SheetSection:
    fives = Box.FIVES
    rows = tuple(
        BoxRow(box.label, box.needs, box.scores, (face,), natural_score((face,), box))
        for face, box in zip(FACES, UPPER_BOXES, strict=True)
    )
    three_of_each = sum(natural_score((face,) * 3, box) for face, box in zip(FACES, UPPER_BOXES, strict=True))
    return SheetSection(
        "upper",
        Section.UPPER.label,
        (
            _text(
                _(
                    "Each upper box adds up only the dice showing its number (%(aces)s are the 1s): "
                    "%(dice)s scores %(points)s in %(box)s.",
                    aces=Box.ACES.label,
                    dice=_dice(fives.example),
                    points=natural_score(fives.example, Box.FIVES),
                    box=fives.label,
                )
            ),
            Block("faces", rows=rows),
            _list(
                "bullets",
                (
                    _("Bonus %(bonus)s.", bonus=UPPER_BONUS),
                    _(
                        "Add %(bonus)s if the six upper boxes total %(threshold)s or more. "
                        "Three of each number make exactly %(three)s; "
                        "more high dice can make up for fewer low ones.",
                        bonus=UPPER_BONUS,
                        threshold=UPPER_BONUS_THRESHOLD,
                        three=three_of_each,
                    ),
                ),
            ),
        ),
    )


def _full_house_needs(rules: Rules) -> str:
    needs = Box.FULL_HOUSE.needs
    if rules.five_of_a_kind_full_house:
        return _("%(needs)s, or %(dice)s alike (house rule)", needs=needs, dice=DICE_COUNT)
    return needs


def _lower(rules: Rules) -> SheetSection:
    needs = {box: box.needs for box in LOWER_BOXES} | {Box.FULL_HOUSE: _full_house_needs(rules)}
    rows = tuple(
        BoxRow(box.label, needs[box], box.scores, box.example, natural_score(box.example, box))
        for box in LOWER_BOXES
    )
    full = Box.FULL_HOUSE.label
    if rules.five_of_a_kind_full_house:
        note = _house_rule(
            _(
                "any five of a kind may go in an empty %(full)s for %(score)s, "
                "whatever else is on your card.",
                full=full,
                score=FULL_HOUSE_SCORE,
            )
        )
    else:
        note = Item(
            _(
                "Five of a kind is not a %(full)s, except when it is played as a Joker (see Joker rules).",
                full=full,
            )
        )
    return SheetSection("lower", Section.LOWER.label, (Block("table", rows=rows), Block("text", (note,))))


def _extra_yahtzees() -> SheetSection:
    return SheetSection(
        "extra",
        _("Extra Yahtzees"),
        (
            _text(
                _(
                    "An extra Yahtzee is one rolled after your %(box)s box is filled, "
                    "with %(score)s or 0. The Joker rules say where it goes.",
                    box=Box.YAHTZEE.label,
                    score=YAHTZEE_SCORE,
                )
            ),
            _list(
                "bullets",
                (
                    _("Bonus %(bonus)s:", bonus=YAHTZEE_BONUS),
                    _(
                        "if your %(box)s box holds %(score)s, tick the bonus row for each "
                        "extra Yahtzee; there is no limit. "
                        "You get the bonus even when the roll itself goes down as a 0.",
                        box=Box.YAHTZEE.label,
                        score=YAHTZEE_SCORE,
                    ),
                ),
                (_("No bonus"), _("if it holds a 0.")),
                (
                    _("%(box)s box still empty?", box=Box.YAHTZEE.label),
                    _("Then the Joker rules do not apply: score the roll like any other."),
                ),
            ),
        ),
    )


def _joker_values() -> str:
    fixed = [f"{box.label} {box.fixed_score}" for box in JOKER_BOXES]
    totals = [box.label for box in LOWER_BOXES if box.scoring is Scoring.DICE_TOTAL]
    return _(
        "scores as if the dice fit: %(fixed)s; %(totals)s the dice total.",
        fixed=_either(fixed, "and"),
        totals=_either(totals, "and"),
    )


def _upper_step(dice: Dice) -> tuple[str, str]:
    box = Box.for_face(dice[0])
    return (
        _("Its upper box,"),
        _(
            "if empty, for the dice total: %(dice)s scores %(points)s in %(box)s.",
            dice=_dice(dice),
            points=natural_score(dice, box),
            box=box.label,
        ),
    )


def _official_steps(dice: Dice) -> list[tuple[str, str]]:
    return [_upper_step(dice), (_("Else any empty lower box,"), _("as a Joker."))]


def _c2406_steps(dice: Dice) -> list[tuple[str, str]]:
    kinds = [Box.THREE_OF_A_KIND.label, Box.FOUR_OF_A_KIND.label]
    return [
        _upper_step(dice),
        (_("Else %(boxes)s,", boxes=_either(kinds)), _("whichever is empty, for the dice total.")),
        (_("Only when both are filled,"), _("any other empty lower box, as a Joker.")),
    ]


JOKER_STEPS: dict[JokerOrder, Callable[[Dice], list[tuple[str, str]]]] = {
    JokerOrder.UPPER_THEN_LOWER: _official_steps,
    JokerOrder.UPPER_THEN_KINDS: _c2406_steps,
}


def _joker(rules: Rules) -> SheetSection:
    dice = (4,) * DICE_COUNT
    heading = _("Joker rules")
    values = (_("A Joker"), _joker_values())
    if rules.joker_order is JokerOrder.FREE:
        upper = Box.for_face(dice[0])
        missed = [box for box in JOKER_BOXES if score_in_box(dice, box, rules) == 0]
        natural = _("0 in %(boxes)s", boxes=_either([box.label for box in missed], "and"))
        if rules.five_of_a_kind_full_house:
            natural += _(
                ", though %(full)s still takes %(score)s by house rule",
                full=Box.FULL_HOUSE.label,
                score=FULL_HOUSE_SCORE,
            )
        return SheetSection(
            "joker",
            heading,
            (
                _text(_("Put an extra Yahtzee in any empty box you choose.")),
                _list(
                    "bullets",
                    (
                        _("Joker or not?"),
                        _(
                            "It is a Joker only once the upper box for its number is filled. "
                            "Until then it scores as it falls: "
                            "%(dice)s is %(points)s in %(box)s, %(others)s.",
                            dice=_dice(dice),
                            points=natural_score(dice, upper),
                            box=upper.label,
                            others=natural,
                        ),
                    ),
                    values,
                ),
            ),
        )
    steps = [*JOKER_STEPS[rules.joker_order](dice), (_("Else a 0"), _("in any empty upper box."))]
    notes: list[tuple[str, str] | Item] = [values]
    if rules.five_of_a_kind_full_house:
        notes.append(
            _house_rule(
                _(
                    "it may also go in an empty %(full)s for %(score)s.",
                    full=Box.FULL_HOUSE.label,
                    score=FULL_HOUSE_SCORE,
                )
            )
        )
    return SheetSection(
        "joker",
        heading,
        (
            _text(_("An extra Yahtzee goes in the first of these places that is open:")),
            _list("steps", *steps),
            _list("bullets", *notes),
        ),
    )


def _end() -> SheetSection:
    best = best_total(GAME) + MAX_YAHTZEE_BONUSES * YAHTZEE_BONUS
    blocks = (
        _text(
            _(
                "The game ends when every player has filled all %(boxes)s boxes. Then add up each card:",
                boxes=len(Box),
            )
        ),
        _list(
            "bullets",
            (
                _("%(label)s:", label=Total.UPPER_TOTAL.label),
                _(
                    "six upper boxes, plus %(bonus)s if they reach %(threshold)s.",
                    bonus=UPPER_BONUS,
                    threshold=UPPER_BONUS_THRESHOLD,
                ),
            ),
            (
                _("%(label)s:", label=Total.LOWER_TOTAL.label),
                _("seven lower boxes, plus %(bonus)s per Yahtzee bonus.", bonus=YAHTZEE_BONUS),
            ),
            (_("%(label)s:", label=Total.GRAND_TOTAL.label), _("upper total plus lower total.")),
        ),
        _text(_("The highest grand total wins.")),
        Block(
            "text",
            (
                _ruling(
                    _(
                        "the rules do not say how to break a tie; "
                        "players often share the win or play one more game."
                    )
                ),
            ),
        ),
        _text(
            _(
                "Highest possible: %(most)s, or %(best)s with a Yahtzee every turn.",
                most=number(best_total(GAME)),
                best=number(best),
            )
        ),
    )
    return SheetSection("end", _("End of the game"), blocks)


# House rules the sheet spells out where they apply; its house-rules section only names them.
SPELLED_OUT = {
    HouseRule.FIVE_OF_A_KIND_FULL_HOUSE,
    HouseRule.ONE_DIE_START,
    HouseRule.FIVE_DICE_START,
    HouseRule.SCRATCH_ANY_BOX,
}


def _house_rule_entry(rule: HouseRule) -> Item:
    label = _("%(rule)s.", rule=capitalize(rule.label))
    return Item(label) if rule in SPELLED_OUT else Item(rule.summary, label)


def _house_rules(rules: Rules) -> SheetSection:
    """The house rules, and whether the sheet is an edition as written or a house version."""
    variant = rules.variant
    blocks = []
    if variant.house_version:
        blocks.append(_text(_("No edition prints these rules: they are a house version.")))
    if rules.house_rules:
        blocks.append(Block("bullets", tuple(_house_rule_entry(rule) for rule in rules.house_rules)))
    elif variant.house_version:
        blocks.append(_text(_("No other house rules.")))
    else:
        blocks.append(
            _text(_("None: this sheet follows the %(edition)s as written.", edition=variant.edition))
        )
    return SheetSection("house", _("House rules in effect"), tuple(blocks))


def rule_sheet(rules: Rules) -> RuleSheet:
    """The one-page rule sheet for `rules`: every variant-dependent sentence is chosen here."""
    dice = _("%(dice)s dice", dice=DICE_COUNT)
    tagline = f"{players_text(rules)} · {dice}"
    if rules.series:
        tagline += " · " + ngettext(
            "series of up to %(n)s game", "series of up to %(n)s games", MAX_GAMES_IN_SERIES
        )
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
