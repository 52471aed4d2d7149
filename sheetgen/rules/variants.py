"""The registry of rule variants and house rules.

A variant states only how it differs: who starts and where an extra Yahtzee
must go. House rules combine with any variant. A custom variant names a base
variant, house rules and a title (read from TOML by `sheetgen.files.variants`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from sheetgen.errors import (
    ConflictingHouseRulesError,
    NotOfGameError,
    UnknownHouseRuleError,
    UnknownVariantError,
    VariantFileError,
)
from sheetgen.rules.game import YAHTZEE, Game
from sheetgen.rules.i18n import N_, _
from sheetgen.rules.messages import at, say, word
from sheetgen.rules.text import REPR, clean_text, named_member, printable, quote, type_name


class JokerOrder(enum.Enum):
    """Where an extra Yahtzee must be placed."""

    UPPER_THEN_LOWER = "upper, then any lower box"
    UPPER_THEN_KINDS = "upper, then 3 or 4 of a Kind, then any lower box"
    FREE = "any empty box"


class Start(enum.Enum):
    """How the players decide who takes the first turn: dice each one rolls."""

    FIVE_DICE = 5
    ONE_DIE = 1


class HouseRule(enum.Enum):
    """Rules a table may add to any variant."""

    FIVE_OF_A_KIND_FULL_HOUSE = "five-of-a-kind-full-house"
    ONE_DIE_START = "one-die-start"
    FIVE_DICE_START = "five-dice-start"
    SERIES = "series"
    SCRATCH_ANY_BOX = "scratch-any-box"

    @classmethod
    def _missing_(cls, value: object) -> HouseRule:
        """A name in any case or with spaces round it; any other value is an UnknownHouseRuleError."""
        if (rule := named_member(cls, value)) is not None:
            return rule
        known = ", ".join(rule.value for rule in cls)
        shown = quote(value, quotes=REPR) if isinstance(value, str) else type_name(value)
        raise UnknownHouseRuleError(say("unknown_house_rule", name=shown, known=known))

    @property
    def summary(self) -> str:
        return _(HOUSE_RULE_SUMMARIES[self])

    @property
    def label(self) -> str:
        return _(HOUSE_RULE_LABELS[self])


HOUSE_RULE_SUMMARIES = {
    HouseRule.FIVE_OF_A_KIND_FULL_HOUSE: (
        N_("Any five of a kind may go in an empty Full House for 25, whatever else is on the sheet.")
    ),
    HouseRule.ONE_DIE_START: N_("Each player rolls one die to decide who starts."),
    HouseRule.FIVE_DICE_START: N_("Each player rolls all five dice to decide who starts."),
    HouseRule.SERIES: N_("Play up to six games; the highest total over all of them wins."),
    HouseRule.SCRATCH_ANY_BOX: N_("Any box may take a 0 to get rid of a bad roll, Chance included."),
}

HOUSE_RULE_LABELS = {
    HouseRule.FIVE_OF_A_KIND_FULL_HOUSE: N_("five of a kind is a full house"),
    HouseRule.ONE_DIE_START: N_("one die decides who starts"),
    HouseRule.FIVE_DICE_START: N_("five dice decide who starts"),
    HouseRule.SERIES: N_("a series of up to six games"),
    HouseRule.SCRATCH_ANY_BOX: N_("any box may be scratched"),
}

START_RULES = {HouseRule.ONE_DIE_START: Start.ONE_DIE, HouseRule.FIVE_DICE_START: Start.FIVE_DICE}
START_WORDS = {Start.ONE_DIE: "one die", Start.FIVE_DICE: "all five dice"}


GAME_TITLES = {
    "yahtzee": N_("Yahtzee: %(variant)s"),
    "triple-yahtzee": N_("Triple Yahtzee: %(variant)s"),
}
"""The heading of a game with variants: the game, then the variant's title."""

JOKER_ORDER_TEXTS = {
    JokerOrder.UPPER_THEN_LOWER: N_("upper, then any lower box"),
    JokerOrder.UPPER_THEN_KINDS: N_("upper, then 3 or 4 of a Kind, then any lower box"),
    JokerOrder.FREE: N_("any empty box"),
}


def joker_order_text(order: JokerOrder) -> str:
    """Where an extra Yahtzee goes, in the active language (the enum's value is the English)."""
    return _(JOKER_ORDER_TEXTS[order])


@dataclass(frozen=True)
class Variant:
    """A built-in set of rules: a printed edition, or a house version no edition prints.

    `edition` names where the rules come from, as every sheet's footer says it;
    a house version's footer says so first, and only a printed edition
    (`house_version` false) is ever claimed "as written".
    """

    name: str
    title_id: str  # message ids: `title`, `edition` and `summary` are them in the active language
    edition_id: str
    joker_order: JokerOrder
    start: Start
    summary_id: str
    aliases: tuple[str, ...] = ()
    min_players: int = 1  # as the edition prints it
    house_version: bool = False

    @property
    def title(self) -> str:
        return _(self.title_id)

    @property
    def edition(self) -> str:
        return _(self.edition_id)

    @property
    def summary(self) -> str:
        return _(self.summary_id)


OFFICIAL = Variant(
    name="official",
    title_id=N_("Official rules"),
    edition_id=N_("1996 Milton Bradley rules"),
    joker_order=JokerOrder.UPPER_THEN_LOWER,
    start=Start.FIVE_DICE,
    summary_id=N_("The 1996 rules: an extra Yahtzee goes to its upper box, else any lower box."),
    min_players=1,
    aliases=("1996", "milton-bradley", "default"),
)
C2406 = Variant(
    name="c2406",
    title_id=N_("Hasbro rules"),
    edition_id=N_("2016 Hasbro rules (C2406)"),
    joker_order=JokerOrder.UPPER_THEN_KINDS,
    start=Start.ONE_DIE,
    summary_id=N_("The 2016 rules: an extra Yahtzee tries 3 and 4 of a Kind before other lower boxes."),
    min_players=2,
    aliases=("2016", "hasbro"),
)
FREE_CHOICE = Variant(
    name="free-choice",
    title_id=N_("Free choice (house version)"),
    edition_id=N_("1996 Milton Bradley rules with free choice for extra Yahtzees"),
    joker_order=JokerOrder.FREE,
    start=Start.FIVE_DICE,
    summary_id=N_("A house version no edition prints: an extra Yahtzee may go in any empty box."),
    min_players=1,
    aliases=("free",),
    house_version=True,
)

VARIANTS: tuple[Variant, ...] = (OFFICIAL, C2406, FREE_CHOICE)
NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def find_variant(name: str) -> Variant:
    """The built-in variant called `name` or one of its aliases."""
    if isinstance(name, Variant):
        return name
    wanted = name.strip().lower() if isinstance(name, str) else None
    for variant in VARIANTS:
        if wanted == variant.name or wanted in variant.aliases:
            return variant
    known = ", ".join(v.name for v in VARIANTS)
    shown = quote(name, quotes=REPR) if isinstance(name, str) else type_name(name)
    raise UnknownVariantError(say("unknown_variant", name=shown, known=known))


def find_house_rule(name: str | HouseRule) -> HouseRule:
    """The house rule `name` names (any case), or UnknownHouseRuleError naming the known ones."""
    return HouseRule(name)


def house_rule_list(names: object) -> tuple[HouseRule, ...]:
    """House rules from names or members; one name alone is one rule, never its letters."""
    if isinstance(names, str | HouseRule):
        names = (names,)
    if not isinstance(names, Iterable) or isinstance(names, bytes | dict):
        raise UnknownHouseRuleError(f"house rules: expected a list of names, found {type_name(names)}")
    return tuple(find_house_rule(name) for name in names)


@dataclass(frozen=True)
class Rules:
    """A game, and for a game with Jokers a variant and house rules: what every sheet is made for.

    A game without Jokers (Yatzy, Yacht) has one set of rules, its definition's: no variant but the
    default and no house rule belong to it.
    """

    variant: Variant = OFFICIAL
    house_rules: tuple[HouseRule, ...] = ()
    custom_name: str | None = None
    custom_title: str | None = None
    custom_house_rules: tuple[HouseRule, ...] = ()  # those the variant file itself names
    redundant_house_rules: tuple[HouseRule, ...] = field(default=(), init=False, compare=False)
    """House rules asked for that the variant already has: left out, so sheets name the variant alone."""
    game: Game = field(default=YAHTZEE, kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", find_variant(self.variant))  # a Variant, or its name
        object.__setattr__(self, "house_rules", house_rule_list(self.house_rules))
        object.__setattr__(self, "custom_house_rules", house_rule_list(self.custom_house_rules))
        for text in (self.custom_name, self.custom_title):
            if text is not None and not isinstance(text, str):
                raise VariantFileError(f"a variant's name and title are text, not {type_name(text)}")
        unique = tuple(dict.fromkeys(self.house_rules))
        starts = [rule for rule in unique if rule in START_RULES]
        if len(starts) > 1:  # there are two start rules: these are both
            one, other = (word(rule.value) for rule in starts)
            raise ConflictingHouseRulesError(say("contradict", one=one, other=other))
        redundant = tuple(rule for rule in unique if START_RULES.get(rule) is self.variant.start)
        object.__setattr__(self, "house_rules", tuple(rule for rule in unique if rule not in redundant))
        object.__setattr__(self, "redundant_house_rules", redundant)
        if not self.game.takes_jokers:
            if self.custom_name is not None or self.variant is not OFFICIAL:
                shown = quote(self.custom_name or self.variant.name, quotes=REPR)
                raise NotOfGameError(
                    say("not_of_game", what=word("variant"), name=shown, game=self.game.title)
                )
            if unique:
                shown = quote(unique[0].value, quotes=REPR)
                raise NotOfGameError(
                    say("not_of_game", what=word("house_rules"), name=shown, game=self.game.title)
                )

    @property
    def redundancy_warning(self) -> str | None:
        """One line saying which house rules were left out and why, or None."""
        if not self.redundant_house_rules:
            return None
        names = " and ".join(rule.value for rule in self.redundant_house_rules)
        return (
            f"house rule {names} adds nothing to {self.name}, whose players already roll "
            f"{START_WORDS[self.variant.start]} to decide who starts; it is left out"
        )

    @property
    def name(self) -> str:
        return self.custom_name or self.variant.name

    @property
    def label(self) -> str:
        """How a message names these rules, in the active language ("Official rules")."""
        if not self.game.takes_jokers:
            return self.game.title
        return self.custom_title or self.variant.title

    @property
    def title(self) -> str:
        """The heading a sheet prints."""
        if not self.game.takes_jokers:
            return self.game.title
        if self.custom_title:
            return self.custom_title
        return _(GAME_TITLES.get(self.game.id, GAME_TITLES["yahtzee"]), variant=self.variant.title)

    @property
    def start(self) -> Start:
        for rule in self.house_rules:
            if rule in START_RULES:
                return START_RULES[rule]
        return self.variant.start

    @property
    def min_players(self) -> int:
        return self.variant.min_players

    @property
    def joker_order(self) -> JokerOrder:
        return self.variant.joker_order

    @property
    def five_of_a_kind_full_house(self) -> bool:
        return HouseRule.FIVE_OF_A_KIND_FULL_HOUSE in self.house_rules

    @property
    def scratch_any_box(self) -> bool:
        return HouseRule.SCRATCH_ANY_BOX in self.house_rules

    @property
    def series(self) -> bool:
        return HouseRule.SERIES in self.house_rules

    @property
    def house_rule_names(self) -> list[str]:
        return [rule.value for rule in self.house_rules]

    @property
    def slug(self) -> str:
        """A file-name part: the variant, then its house rules in registry order.

        A custom variant's name already stands for the house rules its file
        names, so only rules added on top of those are spelled out.
        """
        ordered = [
            rule.value
            for rule in HouseRule
            if rule in self.house_rules and rule not in self.custom_house_rules
        ]
        if not self.game.takes_jokers:
            return self.game.id
        game = [] if self.game is YAHTZEE else [self.game.id]
        return "-".join([*game, self.name, *ordered])

    def with_house_rules(self, names: Iterable[str] | str) -> Rules:
        """These rules plus house rules by name; a single name is one rule."""
        added = house_rule_list(names)
        kept = (*self.house_rules, *self.redundant_house_rules, *added)
        return Rules(
            self.variant, kept, self.custom_name, self.custom_title, self.custom_house_rules, game=self.game
        )

    def for_game(self, game: Game) -> Rules:
        """These rules for `game`: NotOfGameError where they do not belong to it."""
        kept = (*self.house_rules, *self.redundant_house_rules)
        return Rules(
            self.variant, kept, self.custom_name, self.custom_title, self.custom_house_rules, game=game
        )


def is_variant_file(spec: str) -> bool:
    """Whether a --variant value names a TOML file rather than a built-in variant."""
    return spec.endswith(".toml") or "/" in spec or "\\" in spec


def builtin_rules(spec: str = OFFICIAL.name, house_rules: Iterable[str] = (), game: Game = YAHTZEE) -> Rules:
    """Rules from a built-in variant name plus house rules; a file name is refused, never read."""
    if isinstance(spec, str) and is_variant_file(spec):
        raise VariantFileError(f"{printable(spec)}: a variant file can only be named in a record file")
    return Rules(find_variant(spec)).with_house_rules(house_rules).for_game(game)


VARIANT_FILE_KEYS = {"name", "base", "house_rules", "title"}
MAX_VARIANT_TITLE = 80


def custom_rules(data: dict, shown: str) -> Rules:
    """A custom variant from its decoded TOML: `name`, `base`, `house_rules` and `title`.

    `shown` names the file in messages; reading it is `sheetgen.files.variants`' job.
    """
    unknown = sorted(set(data) - VARIANT_FILE_KEYS)
    if unknown:
        allowed = ", ".join(sorted(VARIANT_FILE_KEYS))
        raise VariantFileError(at(shown, "unknown_key", key=quote(unknown[0], quotes=REPR), allowed=allowed))
    name = data.get("name")
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise VariantFileError(f"{shown}: 'name' must be lowercase letters, digits and dashes, at most 40")
    if any(name == v.name or name in v.aliases for v in VARIANTS):
        raise VariantFileError(f"{shown}: name {quote(name, quotes=REPR)} is taken by a built-in variant")
    base = data.get("base", OFFICIAL.name)
    title = data.get("title")
    rules = data.get("house_rules", [])
    if not isinstance(base, str):
        raise VariantFileError(f"{shown}: 'base' must be the name of a built-in variant")
    if title is not None:
        title = clean_text(shown, title, "'title'", MAX_VARIANT_TITLE, VariantFileError)
    if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
        raise VariantFileError(f"{shown}: 'house_rules' must be a list of names")
    try:
        variant = find_variant(base)
        own = tuple(find_house_rule(r) for r in rules)
        return Rules(variant, own, name, title, own)
    except (UnknownVariantError, UnknownHouseRuleError, ConflictingHouseRulesError) as error:
        raise VariantFileError(f"{shown}: {error}") from None
