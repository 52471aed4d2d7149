"""The web rules page as data: the rule sheet's own sections plus what a page has room for.

The page shows every section of the one-page rule sheet, the very same
sentences (`rulebook.rule_sheet`), and adds a quick start, other ways to play,
rule questions, a glossary and what you need. Those are built here from the
same model constants, so the page and the PDF cannot disagree. The trademark
notice printed on every sheet and page lives here too. This module imports no
rendering library.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.rules.boxes import (
    COLUMNS,
    DICE_COUNT,
    FACES,
    FULL_HOUSE_SCORE,
    LOWER_BOXES,
    MAX_GAMES_IN_SERIES,
    NUMBER_WORDS,
    ROLLS_PER_TURN,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    Box,
    Total,
)
from sheetgen.rules.game import YAHTZEE, Game, Section
from sheetgen.rules.i18n import N_, _
from sheetgen.rules.rulebook import (
    Block,
    Item,
    RuleSheet,
    SheetSection,
    capitalize,
    either,
    rule_sheet,
    start_text,
)
from sheetgen.rules.scoring import natural_score
from sheetgen.rules.variants import START_RULES, VARIANTS, HouseRule, JokerOrder, Rules

SITE_NOTICE = N_("Yahtzee is a trademark of Hasbro. This site and its sheets are not affiliated with Hasbro.")


def site_notice() -> str:
    """The trademark notice every web page prints, in the active language."""
    return _(SITE_NOTICE)


# Where each added section stands among the sheet's, in the order a reader needs them.
PAGE_ORDER = (
    "quick",
    "setup",
    "turn",
    "filling",
    "upper",
    "lower",
    "extra",
    "joker",
    "end",
    "house",
    "other",
    "questions",
    "words",
    "need",
)


_either = either


def _dice(dice: tuple[int, ...]) -> str:
    return "-".join(str(d) for d in dice)


def difference(rules: Rules) -> str:
    """One line on what sets these rules apart: the variant's summary, then its house rules."""
    if not rules.game.takes_jokers:
        return rules.game.summary
    labels = [rule.label for rule in rules.house_rules]
    extra = " " + _("House rules: %(rules)s.", rules=_("; ").join(labels)) if labels else ""
    based = _("Based on %(variant)s.", variant=rules.variant.title) + " " if rules.custom_name else ""
    game = rules.game.summary + " " if rules.game.summary else ""
    return f"{game}{based}{rules.variant.summary}{extra}"


def _quick_start(rules: Rules) -> SheetSection:
    upper = len(UPPER_BOXES)
    lower = len(LOWER_BOXES)
    steps = (
        (
            _("Share"),
            _(
                "%(dice)s dice; each player keeps a score sheet. First, %(start)s.",
                dice=DICE_COUNT,
                start=start_text(rules.start),
            ),
        ),
        (
            _("Throw"),
            _(
                "up to %(rolls)s times a turn, keeping any dice you like between throws.",
                rolls=ROLLS_PER_TURN,
            ),
        ),
        (_("Write"), _("a score in one empty box. A roll that fits none of them costs a 0 somewhere.")),
        (
            _("Count"),
            _(
                "one number in each of the %(upper)s upper boxes; %(threshold)s or more there earns "
                "%(bonus)s extra.",
                upper=upper,
                threshold=UPPER_BONUS_THRESHOLD,
                bonus=UPPER_BONUS,
            ),
        ),
        (
            _("Collect"),
            _(
                "sets, straights and %(chance)s in the %(lower)s lower boxes. "
                "%(dice)s alike is a Yahtzee for %(score)s; "
                "every later one earns %(bonus)s and is placed by the Joker rules.",
                chance=Box.CHANCE.label,
                lower=lower,
                dice=DICE_COUNT,
                score=YAHTZEE_SCORE,
                bonus=YAHTZEE_BONUS,
            ),
        ),
        (_("Add up"), _("after %(turns)s turns each. The highest grand total wins.", turns=len(Box))),
    )
    return SheetSection(
        "quick", _("Quick start"), (Block("steps", tuple(Item(t, lead) for lead, t in steps)),)
    )


def _other_ways(rules: Rules) -> SheetSection:
    """The other built-in variants and the house rules not in effect, so a reader sees the choices."""
    variants = tuple(
        Item(variant.summary, _("%(rule)s.", rule=variant.title))
        for variant in VARIANTS
        if variant is not rules.variant
    )
    unused = tuple(
        Item(rule.summary, _("%(rule)s.", rule=capitalize(rule.label)))
        for rule in HouseRule
        if rule not in rules.house_rules and START_RULES.get(rule) is not rules.variant.start
    )
    blocks = [Block("bullets", variants)]
    if unused:
        blocks += [Block("text", (Item(_("House rules any table can add:")),)), Block("bullets", unused)]
    return SheetSection("other", _("Other ways to play"), tuple(blocks))


def _upper_bonus_mix() -> str:
    """A mix that reaches the bonus without three of every number, computed, never typed."""
    counts = dict.fromkeys(FACES, 3)
    counts[6], counts[5] = 4, 2
    total = sum(face * count for face, count in counts.items())
    return _("four 6s and two 5s with three of every other number make %(total)s", total=total)


def _yahtzee_in_upper() -> str:
    dice = (6,) * DICE_COUNT
    return _(
        "%(dice)s scores %(points)s in %(box)s",
        dice=_dice(dice),
        points=natural_score(dice, Box.SIXES),
        box=Box.SIXES.label,
    )


def _five_alike_full_house(rules: Rules) -> str:
    full = Box.FULL_HOUSE.label
    if rules.five_of_a_kind_full_house:
        return _(
            "Yes, at this table: by house rule it may score %(score)s in %(full)s at any time.",
            score=FULL_HOUSE_SCORE,
            full=full,
        )
    return _(
        "Not by itself. It scores %(score)s in %(full)s only as a Joker, under the Joker rules.",
        score=FULL_HOUSE_SCORE,
        full=full,
    )


def _zero_yahtzee(rules: Rules) -> str:
    if rules.joker_order is JokerOrder.FREE:
        where = _("put it in any empty box you choose")
    else:
        where = _("the Joker rules decide its box")
    return _("You earn no bonus, but it is still an extra Yahtzee: %(where)s.", where=where)


def _questions(rules: Rules) -> SheetSection:
    entries = (
        (
            _("Must I take the best score my dice allow?"),
            _("No. Any empty box will do, for what the dice score there; a box they do not fit takes a 0."),
        ),
        (
            _("Can a first Yahtzee go in another box?"),
            _(
                "Yes, it is scored like any roll: %(example)s. "
                "The %(box)s box then stays open for a later one.",
                example=_yahtzee_in_upper(),
                box=Box.YAHTZEE.label,
            ),
        ),
        (
            _("Is %(dice)s alike a %(full)s?", dice=DICE_COUNT, full=Box.FULL_HOUSE.label),
            _five_alike_full_house(rules),
        ),
        (_("My %(box)s box holds a 0. What if I roll another?", box=Box.YAHTZEE.label), _zero_yahtzee(rules)),
        (
            _("Do I need three of every number for the upper bonus?"),
            _(
                "No, only a total of %(threshold)s: %(mix)s.",
                threshold=UPPER_BONUS_THRESHOLD,
                mix=_upper_bonus_mix(),
            ),
        ),
        (
            _("Is there a limit on Yahtzee bonuses?"),
            _(
                "The rules set none. With %(turns)s turns, at most %(extra)s can follow the first Yahtzee.",
                turns=len(Box),
                extra=len(Box) - 1,
            ),
        ),
    )
    if rules.series:
        entries += (
            (
                _("How does a series end?"),
                _(
                    "After %(games)s games at most; each player's grand totals are added up.",
                    games=MAX_GAMES_IN_SERIES,
                ),
            ),
        )
    return SheetSection(
        "questions", _("Rule questions"), (Block("questions", tuple(Item(a, q) for q, a in entries)),)
    )


def _box_term(box: Box) -> tuple[str, str]:
    info = box
    if info.fixed_score:
        return box.label, _("%(needs)s; worth %(score)s.", needs=capitalize(info.needs), score=info.scores)
    return box.label, _("%(needs)s; worth the %(score)s.", needs=capitalize(info.needs), score=info.scores)


def _glossary() -> SheetSection:
    upper = [box.label for box in UPPER_BOXES]
    lower = [box.label for box in LOWER_BOXES]
    terms = (
        (
            _("Score sheet"),
            _(
                "The card each player fills in, also called a score card: %(boxes)s boxes and the totals.",
                boxes=len(Box),
            ),
        ),
        (
            Section.UPPER.label,
            _(
                "%(boxes)s: each box counts only the dice showing its number.",
                boxes=_either(upper, "and"),
            ),
        ),
        (
            Section.LOWER.label,
            _(
                "%(boxes)s: sets of alike dice, straights, and a box for any roll.",
                boxes=_either(lower, "and"),
            ),
        ),
        (Box.ACES.label, _("The 1s. %(box)s scores 1 for each die showing 1.", box=Box.ACES.label)),
        (_("Keepers"), _("Dice set aside between throws. Any of them may still be thrown again.")),
        *(_box_term(box) for box in LOWER_BOXES),
        (
            _("Upper bonus"),
            _(
                "%(bonus)s points for %(threshold)s or more in the upper section.",
                bonus=UPPER_BONUS,
                threshold=UPPER_BONUS_THRESHOLD,
            ),
        ),
        (
            _("Extra Yahtzee"),
            _(
                "%(dice)s alike rolled when the %(box)s box is already filled.",
                dice=DICE_COUNT,
                box=Box.YAHTZEE.label,
            ),
        ),
        (
            Total.YAHTZEE_BONUS.label,
            _(
                "%(bonus)s points for each extra Yahtzee while the %(box)s box holds %(score)s.",
                bonus=YAHTZEE_BONUS,
                box=Box.YAHTZEE.label,
                score=YAHTZEE_SCORE,
            ),
        ),
        (
            _("Joker"),
            _("An extra Yahtzee placed by the Joker rules. In a lower box it scores as if the dice fit."),
        ),
        (_("Scratch"), _("To write a 0 in a box, because nothing fits or to keep a better box open.")),
        (Total.GRAND_TOTAL.label, _("The upper total plus the lower total, bonuses included.")),
        (_("House rule"), _("A change a table agrees on before play, printed on its sheets.")),
    )
    return SheetSection(
        "words",
        _("Words used in Yahtzee"),
        (Block("terms", tuple(Item(meaning, word) for word, meaning in terms)),),
    )


def _game_glossary(game: Game) -> SheetSection:
    """The words of another game's card, from its definition: its boxes, bonus and totals."""
    terms = (
        (
            _("Score sheet"),
            _(
                "The card each player fills in, also called a score card: %(boxes)s boxes and the totals.",
                boxes=len(game.boxes) * len(game.columns),
            ),
        ),
        *(_box_term(box) for box in game.boxes),
        *(
            (
                (
                    _("Upper bonus"),
                    _(
                        "%(bonus)s points for %(threshold)s or more in the upper section.",
                        bonus=game.upper_bonus.score,
                        threshold=game.upper_bonus.threshold,
                    ),
                ),
            )
            if game.upper_bonus
            else ()
        ),
        (_("Keepers"), _("Dice set aside between throws. Any of them may still be thrown again.")),
        (_("Scratch"), _("To write a 0 in a box, because nothing fits or to keep a better box open.")),
    )
    return SheetSection(
        "words",
        _("Words used in %(game)s", game=game.title),
        (Block("terms", tuple(Item(meaning, word) for word, meaning in terms)),),
    )


def _what_you_need(rules: Rules) -> SheetSection:
    card = (
        _("one six-game card per player for a series of up to %(games)s games", games=MAX_GAMES_IN_SERIES)
        if rules.series
        else _(
            "one score sheet for up to %(players)s players, or a six-game card each for a series",
            players=_(NUMBER_WORDS[COLUMNS]),
        )
    )
    items = (
        Item(
            _(
                "%(dice)s standard six-sided dice, shared by everyone. A cup to shake them is optional.",
                dice=DICE_COUNT,
            )
        ),
        Item(_("Score sheets to print: %(card)s.", card=card)),
        Item(_("A pencil for each player.")),
        Item(_("These rules, printed on one page if you like.")),
    )
    return SheetSection("need", _("What you need"), (Block("bullets", items),))


@dataclass(frozen=True)
class RulesPage:
    """Everything the rules page shows: the rule sheet's sections and the page's own, in page order."""

    sheet: RuleSheet
    difference: str
    sections: tuple[SheetSection, ...]
    notice: str

    @property
    def text(self) -> str:
        """All the words of the sections in reading order, for tests."""
        parts = [self.sheet.title, self.difference]
        for section in self.sections:
            parts.append(section.heading)
            for block in section.blocks:
                parts.extend(f"{item.lead} {item.text}".strip() for item in block.items)
        return "\n".join(parts)


def rules_page(rules: Rules) -> RulesPage:
    """The rules page for `rules`: the sheet's sections, word for word, and the page's additions."""
    sheet = rule_sheet(rules)
    if rules.game is YAHTZEE:
        added = (
            _quick_start(rules),
            _other_ways(rules),
            _questions(rules),
            _glossary(),
            _what_you_need(rules),
        )
    else:  # the quick start, the questions and the words above are written for Yahtzee's own card
        added = (*((_other_ways(rules),) if rules.game.takes_jokers else ()), _game_glossary(rules.game))
    by_key = {section.key: section for section in (*sheet.sections, *added)}
    ordered = tuple(by_key.pop(key) for key in PAGE_ORDER if key in by_key)
    return RulesPage(sheet, difference(rules), ordered + tuple(by_key.values()), site_notice())
