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
    MAX_GAMES_IN_SERIES,
    Box,
    SheetRow,
    Total,
    total_hint,
)
from sheetgen.rules.game import BoxRule, Game, Kind, Scoring, Section
from sheetgen.rules.i18n import N_, _, ngettext, number
from sheetgen.rules.scoring import Dice, best_total, rule_score, score_in_box
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
    if not rules.game.takes_jokers:  # one set of rules, no house rules
        game = rules.game
        edition = _(GAME_EDITIONS[game.id]) if game.id in GAME_EDITIONS else game.title
        return [edition, _("No house rules")]
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
        parts.append(_("House rules: %(rules)s", rules=_("; ").join(labels)) if labels else none)
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

    @property
    def keys(self) -> tuple[str, ...]:
        """The sections' keys in reading order: which sections this game's sheet has."""
        return tuple(section.key for section in self.sections)

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


def start_text(start: Start, dice: int = DICE_COUNT) -> str:
    """How the first player is found, as a clause: 'each player rolls 1 die, and ...'."""
    return _(START_TEXT[start], dice=dice)


# What a game without variants is played as, where its sources disagree: the footer's edition and the
# ruling that names the rules the sheet follows. A game not listed here (a user's) is its file's rules.
GAME_EDITIONS = {
    "yatzy": N_("Yatzy as Scandinavia plays it"),
    "yacht": N_("Yacht as exercism's yacht exercise scores it"),
}
GAME_SOURCES = {
    "yatzy": N_(
        "Yatzy's rules vary from table to table; this sheet plays it as Scandinavia does, "
        "with the rulings under the boxes."
    ),
    "yacht": N_(
        "this sheet scores Yacht as exercism's yacht exercise does. Other Yacht rule sets "
        "(straights for 15 and 20, a bonus) are house versions, not this game."
    ),
}


def _setup(rules: Rules) -> SheetSection:
    game = rules.game
    if game.takes_jokers:
        start = (
            (
                _("Who starts (house rule):") if rules.start is not rules.variant.start else _("Who starts:"),
                _("%(start)s; then turns pass to the left.", start=start_text(rules.start, game.dice)),
            ),
            _ruling(_("the rules do not cover a tie for the first turn; tied players can roll again.")),
        )
    else:  # no edition says who starts: the sheet offers Yahtzee's way, as a ruling
        start = (
            _ruling(
                _(
                    "the rules do not say who starts: %(start)s, tied players rolling again; "
                    "then turns pass to the left.",
                    start=start_text(Start.FIVE_DICE, game.dice),
                )
            ),
        )
    return SheetSection(
        "setup",
        _("Before you play"),
        (
            _text(
                _(
                    "For %(players)s. Everyone shares %(dice)s six-sided dice; "
                    "each player needs a score sheet and a pencil.",
                    players=players_text(rules),
                    dice=game.dice,
                )
            ),
            _list("bullets", *start),
        ),
    )


def _turn(game: Game) -> SheetSection:
    score = _("the final dice in exactly one empty box of your card.")
    if len(game.columns) > 1:
        score = _(
            "the final dice in exactly one empty box, in any of your card's %(columns)s columns.",
            columns=len(game.columns),
        )
    return SheetSection(
        "turn",
        _("Your turn"),
        (
            _list(
                "steps",
                (_("Roll"), _("all %(dice)s dice.", dice=game.dice)),
                (
                    _("Keep and roll again."),
                    _(
                        "Set aside the dice you want to keep and roll the others; "
                        "you may pick up kept dice again. "
                        "Stop whenever you like, after %(rolls)s rolls at most.",
                        rolls=game.rolls,
                    ),
                ),
                (_("Score"), score),
            ),
        ),
    )


def several_roll(game: Game) -> Dice:
    """A roll that fits several boxes of any card: 4-4-4-4-2 with five dice."""
    return (4,) * (game.dice - 1) + (2,)


def _several_boxes(dice: Dice, game: Game) -> str:
    """Where one roll could go and what it would score: the proof that the box decides."""
    by_score: dict[int, list[str]] = {}
    for box in game.boxes:
        points = rule_score(dice, box)
        if points:
            by_score.setdefault(points, []).append(box.label)
    return _either(
        [
            _("%(points)s in %(boxes)s", points=points, boxes=_either(labels))
            for points, labels in sorted(by_score.items(), reverse=True)
        ]
    )


def _anything_box(game: Game) -> BoxRule | None:
    return next(iter(game.of_kind(Kind.ANYTHING)), None)


def _filling(rules: Rules) -> SheetSection:
    game = rules.game
    dice = several_roll(game)
    once = _("Each box takes one score for the whole game: %(turns)s turns each.", turns=game.turns)
    entries: list[tuple[str, str] | Item] = [
        (
            _("Zeros."),
            _(
                "If your dice fit none of your empty boxes, write 0 in one of them. You may also write 0 "
                "in a box they do not fit, or take a lower score, to keep a better box open."
            ),
        )
    ]
    anything = _anything_box(game)
    if rules.scratch_any_box:
        entries.append(_house_rule(_("any empty box may take a 0, %(chance)s too.", chance=anything.label)))
        entries.append((_("Once only."), once))
    elif anything is not None:
        never = _("%(chance)s fits any roll, so it never holds a 0.", chance=anything.label)
        entries.append((_("Once only."), f"{once} {never}"))
    else:
        entries.append((_("Once only."), once))
    return SheetSection(
        "filling",
        _("Filling a box"),
        (
            _text(
                _(
                    "You choose the box; the dice decide what it scores. "
                    "One roll often fits several boxes: %(dice)s is worth %(choices)s.",
                    dice=_dice(dice),
                    choices=_several_boxes(dice, game),
                )
            ),
            _list("bullets", *entries),
        ),
    )


def _factors(game: Game) -> str:
    """Each column and what it is multiplied by: 'column 1 x1, column 2 x2 and column 3 x3' (a times sign)."""
    each = enumerate(game.columns, 1)
    return _either([_("column\u00a0%(n)s\u00a0\u00d7%(factor)s", n=n, factor=f) for n, f in each], "and")


def _upper(game: Game) -> SheetSection | None:
    """The upper section's boxes, each counting one face, and its bonus; None for a card without them."""
    faces = [box for box in game.in_section(Section.UPPER) if box.kind is Kind.FACE]
    if not faces:
        return None
    example = next((box for box in faces if box.face == 5), faces[-1])
    ones = next((box for box in faces if box.face == 1), None)
    rows = tuple(
        BoxRow(box.label, box.needs, box.scores, (box.face,), rule_score((box.face,), box)) for box in faces
    )
    three_of_each = sum(rule_score((box.face,) * 3, box) for box in faces)
    bonus = game.upper_bonus
    if bonus is None:
        note = (_("No bonus."), _("The upper boxes earn nothing more, whatever they add up to."))
    elif len(faces) == 6:
        note = (
            _("Bonus %(bonus)s.", bonus=bonus.score),
            _(
                "Add %(bonus)s if the six upper boxes total %(threshold)s or more. "
                "Three of each number make exactly %(three)s; "
                "more high dice can make up for fewer low ones.",
                bonus=bonus.score,
                threshold=bonus.threshold,
                three=three_of_each,
            ),
        )
    else:
        note = (
            _("Bonus %(bonus)s.", bonus=bonus.score),
            _(
                "Add %(bonus)s if the %(count)s upper boxes total %(threshold)s or more.",
                bonus=bonus.score,
                count=len(faces),
                threshold=bonus.threshold,
            ),
        )
    scored = {
        "dice": _dice(example.example),
        "points": rule_score(example.example, example),
        "box": example.label,
    }
    if ones is not None:
        intro = _(
            "Each upper box adds up only the dice showing its number (%(aces)s are the 1s): "
            "%(dice)s scores %(points)s in %(box)s.",
            aces=ones.label,
            **scored,
        )
    else:
        intro = _(
            "Each upper box adds up only the dice showing its number: %(dice)s scores %(points)s in %(box)s.",
            **scored,
        )
    return SheetSection(
        "upper", Section.UPPER.label, (_text(intro), Block("faces", rows=rows), _list("bullets", note))
    )


def _full_house_needs(box: BoxRule, rules: Rules) -> str:
    if box.joker and rules.five_of_a_kind_full_house:
        return _("%(needs)s, or %(dice)s alike (house rule)", needs=box.needs, dice=box.dice)
    return box.needs


def _lower_rulings(game: Game) -> list[Item]:
    """What the boxes' parameters decide where the family's sources disagree, said as rulings."""
    rulings = []
    straights = [box for box in game.of_kind(Kind.STRAIGHT) if box.faces]
    if straights:
        rulings.append(
            _ruling(
                _(
                    "a straight needs exactly its faces (%(straights)s); any other run scores 0 there.",
                    straights=_either([f"{box.label} {_dice(box.faces)}" for box in straights], "and"),
                )
            )
        )
    matched = [box for box in game.of_kind(Kind.ALIKE) if box.scoring is Scoring.MATCHED]
    if matched:
        example = matched[0]
        rulings.append(
            _ruling(
                _(
                    "only the dice alike count in %(boxes)s, not all %(dice)s: %(roll)s scores "
                    "%(points)s in %(box)s.",
                    boxes=_either([box.label for box in matched], "and"),
                    dice=game.dice,
                    roll=_dice(example.example),
                    points=rule_score(example.example, example),
                    box=example.label,
                )
            )
        )
    for box in game.of_kind(Kind.FULL_HOUSE):
        if not box.joker:
            rulings.append(
                _ruling(
                    _("five of a kind is not a %(full)s: it needs two different numbers.", full=box.label)
                )
            )
    return rulings


def _lower(rules: Rules) -> SheetSection:
    game = rules.game
    lower = [box for box in game.boxes if box.kind is not Kind.FACE]  # the lower section, in a built-in game
    needs = {
        box: _full_house_needs(box, rules) if box.kind is Kind.FULL_HOUSE else box.needs for box in lower
    }
    rows = tuple(
        BoxRow(box.label, needs[box], box.scores, box.example, rule_score(box.example, box)) for box in lower
    )
    notes: list[Item] = []
    for full in (box for box in game.of_kind(Kind.FULL_HOUSE) if box.joker):
        if rules.five_of_a_kind_full_house:
            notes.append(
                _house_rule(
                    _(
                        "any five of a kind may go in an empty %(full)s for %(score)s, "
                        "whatever else is on your card.",
                        full=full.label,
                        score=full.score,
                    )
                )
            )
        else:
            notes.append(
                Item(
                    _(
                        "Five of a kind is not a %(full)s, except when it is played as a Joker "
                        "(see Joker rules).",
                        full=full.label,
                    )
                )
            )
    notes.extend(_lower_rulings(game))
    return SheetSection(
        "lower", Section.LOWER.label, (Block("table", rows=rows), Block("text", tuple(notes)))
    )


def _extra_yahtzees(game: Game) -> SheetSection:
    alike = game.all_alike_box
    bonus = game.extra_bonus.score
    if len(game.columns) == 1:
        return SheetSection(
            "extra",
            _("Extra Yahtzees"),
            (
                _text(
                    _(
                        "An extra Yahtzee is one rolled after your %(box)s box is filled, "
                        "with %(score)s or 0. The Joker rules say where it goes.",
                        box=alike.label,
                        score=alike.score,
                    )
                ),
                _list(
                    "bullets",
                    (
                        _("Bonus %(bonus)s:", bonus=bonus),
                        _(
                            "if your %(box)s box holds %(score)s, tick the bonus row for each "
                            "extra Yahtzee; there is no limit. "
                            "You get the bonus even when the roll itself goes down as a 0.",
                            box=alike.label,
                            score=alike.score,
                        ),
                    ),
                    (_("No bonus"), _("if it holds a 0.")),
                    (
                        _("%(box)s box still empty?", box=alike.label),
                        _("Then the Joker rules do not apply: score the roll like any other."),
                    ),
                ),
            ),
        )
    # Several columns: the sources disagree on when a roll is extra and when it earns a bonus.
    values = _either([number(bonus * factor) for factor in game.columns])
    return SheetSection(
        "extra",
        _("Extra Yahtzees"),
        (
            Block(
                "text",
                (
                    _ruling(
                        _(
                            "a Yahtzee is extra once the %(box)s box of every column is filled, with "
                            "%(score)s or 0. The Joker rules then treat your columns as one card: the "
                            "upper box they name may be in any column, and a roll is a Joker only once "
                            "that box is filled in every column.",
                            box=alike.label,
                            score=alike.score,
                        )
                    ),
                ),
            ),
            _list(
                "bullets",
                (
                    _("Bonus %(bonus)s:", bonus=bonus),
                    _(
                        "only while all %(columns)s %(box)s boxes hold %(score)s. Tick it in the column "
                        "the roll goes in, which multiplies it: %(values)s. There is no limit, and the "
                        "roll may itself go down as a 0.",
                        columns=len(game.columns),
                        box=alike.label,
                        score=alike.score,
                        values=values,
                    ),
                ),
                (_("No bonus"), _("if any of them holds a 0.")),
                (
                    _("A %(box)s box still empty?", box=alike.label),
                    _("Then the Joker rules do not apply: score the roll like any other."),
                ),
            ),
        ),
    )


def _joker_boxes(game: Game) -> tuple[BoxRule, ...]:
    return tuple(box for box in game.boxes if box.joker)


def _joker_values(game: Game) -> str:
    fixed = [f"{box.label} {box.fixed_score}" for box in _joker_boxes(game)]
    lower = game.in_section(Section.LOWER)
    totals = [box.label for box in lower if box.scoring is Scoring.DICE_TOTAL]
    return _(
        "scores as if the dice fit: %(fixed)s; %(totals)s the dice total.",
        fixed=_either(fixed, "and"),
        totals=_either(totals, "and"),
    )


def _upper_step(dice: Dice, game: Game) -> tuple[str, str]:
    box = game.box_set.for_face(dice[0])
    return (
        _("Its upper box,"),
        _(
            "if empty, for the dice total: %(dice)s scores %(points)s in %(box)s.",
            dice=_dice(dice),
            points=rule_score(dice, box),
            box=box.label,
        ),
    )


def _official_steps(dice: Dice, game: Game) -> list[tuple[str, str]]:
    return [_upper_step(dice, game), (_("Else any empty lower box,"), _("as a Joker."))]


def _c2406_steps(dice: Dice, game: Game) -> list[tuple[str, str]]:
    kinds = [box.label for box in game.of_kind(Kind.ALIKE)]
    return [
        _upper_step(dice, game),
        (_("Else %(boxes)s,", boxes=_either(kinds)), _("whichever is empty, for the dice total.")),
        (_("Only when both are filled,"), _("any other empty lower box, as a Joker.")),
    ]


JOKER_STEPS: dict[JokerOrder, Callable[[Dice, Game], list[tuple[str, str]]]] = {
    JokerOrder.UPPER_THEN_LOWER: _official_steps,
    JokerOrder.UPPER_THEN_KINDS: _c2406_steps,
}


def _joker(rules: Rules) -> SheetSection:
    game = rules.game
    dice = (4,) * game.dice
    heading = _("Joker rules")
    values = (_("A Joker"), _joker_values(game))
    full_houses = [box for box in game.of_kind(Kind.FULL_HOUSE) if box.joker]
    if rules.joker_order is JokerOrder.FREE:
        upper = game.box_set.for_face(dice[0])
        missed = [box for box in _joker_boxes(game) if score_in_box(dice, box, rules) == 0]
        natural = _("0 in %(boxes)s", boxes=_either([box.label for box in missed], "and"))
        for full in full_houses if rules.five_of_a_kind_full_house else ():
            natural += _(
                ", though %(full)s still takes %(score)s by house rule",
                full=full.label,
                score=full.score,
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
                            points=rule_score(dice, upper),
                            box=upper.label,
                            others=natural,
                        ),
                    ),
                    values,
                ),
            ),
        )
    steps = [*JOKER_STEPS[rules.joker_order](dice, game), (_("Else a 0"), _("in any empty upper box."))]
    notes: list[tuple[str, str] | Item] = [values]
    for full in full_houses if rules.five_of_a_kind_full_house else ():
        notes.append(
            _house_rule(
                _(
                    "it may also go in an empty %(full)s for %(score)s.",
                    full=full.label,
                    score=full.score,
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


def highest_totals(game: Game) -> tuple[int, int | None]:
    """The highest card total without extra all-alike rolls, and with one every turn (None: no such bonus).

    Every box of a Joker card reaches its best with five alike, so an all-alike roll each turn scores
    every box's best and earns a bonus in each turn but the first per column.
    """
    factor = sum(game.columns)
    most = best_total(game) * factor
    extra = game.extra_bonus
    if extra is None:
        return most, None
    per_column = extra.most // len(game.columns)
    return most, (best_total(game) + extra.score * per_column) * factor


def _end(game: Game) -> SheetSection:
    most, best = highest_totals(game)
    upper, extra = game.upper_bonus, game.extra_bonus
    lower = game.in_section(Section.LOWER)
    several = len(game.columns) > 1
    adding: list[tuple[str, str]] = []
    if upper is not None:
        count = len(game.in_section(Section.UPPER))
        upper_text = (
            _(
                "six upper boxes, plus %(bonus)s if they reach %(threshold)s.",
                bonus=upper.score,
                threshold=upper.threshold,
            )
            if count == 6
            else _(
                "the %(count)s upper boxes, plus %(bonus)s if they reach %(threshold)s.",
                count=count,
                bonus=upper.score,
                threshold=upper.threshold,
            )
        )
        adding.append((_("%(label)s:", label=Total.UPPER_TOTAL.label), upper_text))
        if extra is not None and len(lower) == 7:  # the sentence as Yahtzee's sheets have always said it
            lower_text = _("seven lower boxes, plus %(bonus)s per Yahtzee bonus.", bonus=extra.score)
        elif extra is not None:
            lower_text = _(
                "the %(count)s lower boxes, plus %(bonus)s per bonus.", count=len(lower), bonus=extra.score
            )
        else:
            lower_text = _("the %(count)s lower boxes.", count=len(lower))
        adding.append((_("%(label)s:", label=Total.LOWER_TOTAL.label), lower_text))
        adding.append((_("%(label)s:", label=Total.GRAND_TOTAL.label), _("upper total plus lower total.")))
    else:
        adding.append(
            (_("%(label)s:", label=Total.GRAND_TOTAL.label), _("all %(count)s boxes.", count=len(game.boxes)))
        )
    intro = _(
        "The game ends when every player has filled all %(boxes)s boxes. Then add up each card:",
        boxes=game.turns,
    )
    if several:
        intro = _(
            "The game ends when every player has filled all %(boxes)s boxes. Then add up each column:",
            boxes=game.turns,
        )
    blocks: list[Block] = [_text(intro), _list("bullets", *adding)]
    if several:
        blocks.append(
            _text(
                _(
                    "Multiply each column's grand total by its factor (%(factors)s) and add the "
                    "results: the highest sum wins.",
                    factors=_factors(game),
                )
            )
        )
    else:
        blocks.append(_text(_("The highest grand total wins.")))
    blocks.append(
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
        )
    )
    alike = game.all_alike_box
    if best is not None:
        highest = _(
            "Highest possible: %(most)s, or %(best)s with a Yahtzee every turn.",
            most=number(most),
            best=number(best),
        )
    elif alike is not None:
        highest = _(
            "A second %(box)s earns no bonus: it goes in another box like any roll. "
            "Highest possible: %(most)s.",
            box=alike.label,
            most=number(most),
        )
    else:
        highest = _("Highest possible: %(most)s.", most=number(most))
    blocks.append(_text(highest))
    return SheetSection("end", _("End of the game"), tuple(blocks))


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
    if not rules.game.takes_jokers:  # one set of rules: where its sources disagree, the sheet's choice
        blocks.append(_text(_("None: no variant or house rule belongs to %(game)s.", game=rules.game.title)))
        if rules.game.id in GAME_SOURCES:
            blocks.append(Block("text", (_ruling(_(GAME_SOURCES[rules.game.id])),)))
        return SheetSection("house", _("House rules in effect"), tuple(blocks))
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
    """The one-page rule sheet for `rules` and its game: every game- and variant-dependent sentence is
    chosen here, from the game's definition."""
    game = rules.game
    dice = _("%(dice)s dice", dice=game.dice)
    tagline = f"{players_text(rules)} · {dice}"
    if rules.series:
        tagline += " · " + ngettext(
            "series of up to %(n)s game", "series of up to %(n)s games", MAX_GAMES_IN_SERIES
        )
    jokers = game.takes_jokers
    sections = (
        _setup(rules),
        _turn(game),
        _filling(rules),
        *filter(None, (_upper(game),)),
        _lower(rules),
        *((_extra_yahtzees(game), _joker(rules)) if jokers else ()),
        _end(game),
        _house_rules(rules),
    )
    return RuleSheet(rules.title, tagline, sections, edition_line(rules))
