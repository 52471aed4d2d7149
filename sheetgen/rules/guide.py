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
    BOX_INFO,
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
    Section,
    Total,
)
from sheetgen.rules.rulebook import START_TEXT, Block, Item, RuleSheet, SheetSection, rule_sheet
from sheetgen.rules.scoring import natural_score
from sheetgen.rules.variants import START_RULES, VARIANTS, HouseRule, JokerOrder, Rules

TRADEMARK = "Yahtzee is a trademark of Hasbro."
SHEET_NOTICE = f"{TRADEMARK} This sheet is not affiliated with Hasbro."
SITE_NOTICE = f"{TRADEMARK} This site and its sheets are not affiliated with Hasbro."

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


def _either(words: list[str], conjunction: str = "or") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _dice(dice: tuple[int, ...]) -> str:
    return "-".join(str(d) for d in dice)


def difference(rules: Rules) -> str:
    """One line on what sets these rules apart: the variant's summary, then its house rules."""
    labels = [rule.label for rule in rules.house_rules]
    extra = f" House rules: {'; '.join(labels)}." if labels else ""
    based = f"Based on {rules.variant.title.lower()}. " if rules.custom_name else ""
    return f"{based}{rules.variant.summary}{extra}"


def _quick_start(rules: Rules) -> SheetSection:
    upper = len(UPPER_BOXES)
    lower = len(LOWER_BOXES)
    steps = (
        ("Share", f"{DICE_COUNT} dice; each player keeps a score sheet. First, {START_TEXT[rules.start]}."),
        ("Throw", f"up to {ROLLS_PER_TURN} times a turn, keeping any dice you like between throws."),
        ("Write", "a score in one empty box. A roll that fits none of them costs a 0 somewhere."),
        (
            "Count",
            f"one number in each of the {upper} upper boxes; {UPPER_BONUS_THRESHOLD} or more there earns "
            f"{UPPER_BONUS} extra.",
        ),
        (
            "Collect",
            f"sets, straights and Chance in the {lower} lower boxes. {DICE_COUNT} alike is a Yahtzee for "
            f"{YAHTZEE_SCORE}; every later one earns {YAHTZEE_BONUS} and is placed by the Joker rules.",
        ),
        ("Add up", f"after {len(Box)} turns each. The highest grand total wins."),
    )
    return SheetSection("quick", "Quick start", (Block("steps", tuple(Item(t, lead) for lead, t in steps)),))


def _other_ways(rules: Rules) -> SheetSection:
    """The other built-in variants and the house rules not in effect, so a reader sees the choices."""
    variants = tuple(
        Item(variant.summary, f"{variant.title}.") for variant in VARIANTS if variant is not rules.variant
    )
    unused = tuple(
        Item(rule.summary, f"{rule.label.capitalize()}.")
        for rule in HouseRule
        if rule not in rules.house_rules and START_RULES.get(rule) is not rules.variant.start
    )
    blocks = [Block("bullets", variants)]
    if unused:
        blocks += [Block("text", (Item("House rules any table can add:"),)), Block("bullets", unused)]
    return SheetSection("other", "Other ways to play", tuple(blocks))


def _upper_bonus_mix() -> str:
    """A mix that reaches the bonus without three of every number, computed, never typed."""
    counts = dict.fromkeys(FACES, 3)
    counts[6], counts[5] = 4, 2
    total = sum(face * count for face, count in counts.items())
    return f"four 6s and two 5s with three of every other number make {total}"


def _yahtzee_in_upper() -> str:
    dice = (6,) * DICE_COUNT
    return f"{_dice(dice)} scores {natural_score(dice, Box.SIXES)} in {Box.SIXES.label}"


def _five_alike_full_house(rules: Rules) -> str:
    full = Box.FULL_HOUSE.label
    if rules.five_of_a_kind_full_house:
        return f"Yes, at this table: by house rule it may score {FULL_HOUSE_SCORE} in {full} at any time."
    return f"Not by itself. It scores {FULL_HOUSE_SCORE} in {full} only as a Joker, under the Joker rules."


def _zero_yahtzee(rules: Rules) -> str:
    if rules.joker_order is JokerOrder.FREE:
        where = "put it in any empty box you choose"
    else:
        where = "the Joker rules decide its box"
    return f"You earn no bonus, but it is still an extra Yahtzee: {where}."


def _questions(rules: Rules) -> SheetSection:
    entries = (
        (
            "Must I take the best score my dice allow?",
            "No. Any empty box will do, for what the dice score there; a box they do not fit takes a 0.",
        ),
        (
            "Can a first Yahtzee go in another box?",
            f"Yes, it is scored like any roll: {_yahtzee_in_upper()}. "
            f"The {Box.YAHTZEE.label} box then stays open for a later one.",
        ),
        (f"Is {DICE_COUNT} alike a {Box.FULL_HOUSE.label}?", _five_alike_full_house(rules)),
        (f"My {Box.YAHTZEE.label} box holds a 0. What if I roll another?", _zero_yahtzee(rules)),
        (
            "Do I need three of every number for the upper bonus?",
            f"No, only a total of {UPPER_BONUS_THRESHOLD}: {_upper_bonus_mix()}.",
        ),
        (
            "Is there a limit on Yahtzee bonuses?",
            f"The rules set none. With {len(Box)} turns, at most {len(Box) - 1} can follow "
            "the first Yahtzee.",
        ),
    )
    if rules.series:
        entries += (
            (
                "How does a series end?",
                f"After {MAX_GAMES_IN_SERIES} games at most; each player's grand totals are added up.",
            ),
        )
    return SheetSection(
        "questions", "Rule questions", (Block("questions", tuple(Item(a, q) for q, a in entries)),)
    )


def _box_term(box: Box) -> tuple[str, str]:
    info = BOX_INFO[box]
    worth = info.scores if info.fixed_score else f"the {info.scores}"
    return box.label, f"{info.needs[0].upper()}{info.needs[1:]}; worth {worth}."


def _glossary() -> SheetSection:
    upper = [box.label for box in UPPER_BOXES]
    lower = [box.label for box in LOWER_BOXES]
    terms = (
        (
            "Score sheet",
            f"The card each player fills in, also called a score card: {len(Box)} boxes and the totals.",
        ),
        (Section.UPPER.label, f"{_either(upper, 'and')}: each box counts only the dice showing its number."),
        (
            Section.LOWER.label,
            f"{_either(lower, 'and')}: sets of alike dice, straights, and a box for any roll.",
        ),
        (Box.ACES.label, f"The 1s. {BOX_INFO[Box.ACES].label} scores 1 for each die showing 1."),
        ("Keepers", "Dice set aside between throws. Any of them may still be thrown again."),
        *(_box_term(box) for box in LOWER_BOXES),
        (
            f"Upper {Total.UPPER_BONUS.label.lower()}",
            f"{UPPER_BONUS} points for {UPPER_BONUS_THRESHOLD} or more in the upper section.",
        ),
        (
            "Extra Yahtzee",
            f"{DICE_COUNT} alike rolled when the {Box.YAHTZEE.label} box is already filled.",
        ),
        (
            Total.YAHTZEE_BONUS.label,
            f"{YAHTZEE_BONUS} points for each extra Yahtzee while the {Box.YAHTZEE.label} box "
            f"holds {YAHTZEE_SCORE}.",
        ),
        ("Joker", "An extra Yahtzee placed by the Joker rules. In a lower box it scores as if the dice fit."),
        ("Scratch", "To write a 0 in a box, because nothing fits or to keep a better box open."),
        (Total.GRAND_TOTAL.label, "The upper total plus the lower total, bonuses included."),
        ("House rule", "A change a table agrees on before play, printed on its sheets."),
    )
    return SheetSection(
        "words",
        "Words used in Yahtzee",
        (Block("terms", tuple(Item(meaning, word) for word, meaning in terms)),),
    )


def _what_you_need(rules: Rules) -> SheetSection:
    card = (
        f"one six-game card per player for a series of up to {MAX_GAMES_IN_SERIES} games"
        if rules.series
        else f"one score sheet for up to {NUMBER_WORDS[COLUMNS]} players, "
        "or a six-game card each for a series"
    )
    items = (
        Item(f"{DICE_COUNT} standard six-sided dice, shared by everyone. A cup to shake them is optional."),
        Item(f"Score sheets to print: {card}."),
        Item("A pencil for each player."),
        Item("These rules, printed on one page if you like."),
    )
    return SheetSection("need", "What you need", (Block("bullets", items),))


@dataclass(frozen=True)
class RulesPage:
    """Everything the rules page shows: the rule sheet's sections and the page's own, in page order."""

    sheet: RuleSheet
    difference: str
    sections: tuple[SheetSection, ...]
    notice: str = SITE_NOTICE

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
    added = (
        _quick_start(rules),
        _other_ways(rules),
        _questions(rules),
        _glossary(),
        _what_you_need(rules),
    )
    by_key = {section.key: section for section in (*sheet.sections, *added)}
    ordered = tuple(by_key.pop(key) for key in PAGE_ORDER if key in by_key)
    return RulesPage(sheet, difference(rules), ordered + tuple(by_key.values()))
