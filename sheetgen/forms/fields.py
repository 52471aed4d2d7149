"""The fillable sheet's field contract: every field name is built and read here, and nowhere else.

A full name is a column prefix plus a key: `p1.aces` (players sheet),
`g3.chance` (six-game card), `p2.g1.aces` (the second of several full
cards), `card2.g1.aces` (the second half card), `series_total`, and the
lines `title`, `date`, `game`, `player` (with `pageN.` or `cardN.` on later
cards). In the PDF each dot is a level of the field tree: `p1` is a parent
field whose kid is called `aces`, since a partial name may hold no period.
The sheet template, the form maker and the reader all take names from here.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import cache

from sheetgen.errors import SheetgenError, SheetInfoError
from sheetgen.layout.geometry import LAYOUTS, PAPERS, split_evenly
from sheetgen.rules.boxes import MAX_GAMES_IN_SERIES, CardTotal, SheetRow, Total, card_rows
from sheetgen.rules.game import DEFAULT_GAME, GAMES, YAHTZEE, Game, game_named
from sheetgen.rules.records import MAX_NAME_LENGTH, MAX_PLAYERS, MAX_TITLE_LENGTH
from sheetgen.rules.text import clean_text
from sheetgen.rules.variants import NAME_PATTERN, Rules, find_house_rule, find_variant

SHEET_KEY = "/SheetgenSheet"  # in the document information: what the sheet was made for, as JSON
TICKS = "yahtzee_bonus_ticks"  # the count of extra Yahtzees: a number, or that many tick marks
TICK_MARKS = "xX/\u2713\u2714"  # x, /, a tick (and their look-alikes) count one each
SERIES_TOTAL = "series_total"
NAME = "name"  # a player's write-in head on the players sheet
MAX_BOX_DIGITS = 4
MAX_TICKS_LENGTH = 12
FORMAT = 1  # of the sheet's embedded info
MAX_INFO_CHARS = 16_000  # the embedded info's JSON; sixty long names fit
MAX_PAGES = MAX_PLAYERS  # a card per page at most


class FieldKind(enum.StrEnum):
    """What a field holds, which decides its font, flags and actions."""

    BOX = "box"  # a score, typed
    TICKS = "ticks"  # the count of extra Yahtzees: digits or tick marks
    TOTAL = "total"  # a computed row or the series total: read-only, calculated
    TEXT = "text"  # a name, title, date, game number or player line


class Line(enum.StrEnum):
    """The write-in lines above a card."""

    TITLE = "title"
    DATE = "date"
    GAME = "game"
    PLAYER = "player"


BOX_KEYS = frozenset(box.value for game in GAMES.values() for box in game.boxes)
TOTAL_KEYS = frozenset(
    [*(row.slug for game in GAMES.values() for row in card_rows(game) if row.is_total), SERIES_TOTAL]
)
FIRST_BOXES = frozenset(game.boxes[0].value for game in GAMES.values())  # a column's first box: it has fields
LINE_KEYS = frozenset(line.value for line in Line)
UPPER_TOTAL_AGAIN = Total.UPPER_TOTAL.value + "_again"

COLUMN_TOTAL = "total"  # a column's own total on a card of several columns: `p1.c2.total`
MAX_CARD_COLUMNS = 3
# The whole grammar: an optional card (pN, cardN or pageN), an optional game or column of a card of
# several columns (`cK`), a key.
_NAME = re.compile(
    r"(?:(?P<card>(?:p|card|page)[1-9]\d{0,2})\.)?(?:g(?P<game>[1-9]\d{0,2})\.)?"
    r"(?:c(?P<part>[1-9])\.)?(?P<key>[a-z_]+)"
)


@dataclass(frozen=True)
class FieldName:
    """A parsed full field name: its column prefix (`p1.`, `card2.g1.`, "") and key."""

    card: str  # "p2", "card2", "page2" or "" (the first card, or the players sheet's lines)
    game: int | None
    key: str
    kind: FieldKind
    part: int | None = None  # the column K of a card of several columns (`p1.c2.aces`)

    @property
    def column(self) -> str:
        return (
            (self.card + "." if self.card else "")
            + (f"g{self.game}." if self.game else "")
            + (f"c{self.part}." if self.part else "")
        )

    @property
    def name(self) -> str:
        return self.column + self.key

    @property
    def card_number(self) -> int:
        """The card's (or player's) number: 1 for the plain names."""
        return int(self.card.lstrip("pcardge")) if self.card else 1


def parse_field(name: str, boxes: frozenset[str] = BOX_KEYS) -> FieldName | None:
    """A full field name read by the contract; None for a name sheetgen never writes.

    `boxes` are the box ids a field may name: the built-in games', or a game file's too.
    """
    match = _NAME.fullmatch(name)
    if match is None:
        return None
    card, game, key = match["card"] or "", match["game"], match["key"]
    if game is not None and int(game) > MAX_GAMES_IN_SERIES:
        return None
    if match["part"] is not None:  # a column of a player's card of several: boxes, ticks, its totals
        part = int(match["part"])
        kind = {**dict.fromkeys(boxes, FieldKind.BOX), TICKS: FieldKind.TICKS}.get(key)
        if kind is None and (key in TOTAL_KEYS or key == COLUMN_TOTAL) and key != SERIES_TOTAL:
            kind = FieldKind.TOTAL
        ok = kind is not None and game is None and card.startswith("p") and not card.startswith("page")
        return FieldName(card, None, key, kind, part) if ok and part <= MAX_CARD_COLUMNS else None
    game_no = int(game) if game else None
    if key in LINE_KEYS:
        page_line = not card.startswith("p") or card.startswith("page")
        legacy_player = card.startswith("p") and key == Line.PLAYER  # `p2.player`, as older sheets named it
        ok = game_no is None and (page_line or legacy_player)
        return FieldName(card, None, key, FieldKind.TEXT) if ok else None
    if card.startswith("page"):
        return None
    if key == NAME:
        kind = FieldKind.TEXT if card.startswith("p") and game_no is None else None
    elif key in boxes:
        kind = FieldKind.BOX
    elif key == TICKS:
        kind = FieldKind.TICKS
    elif key == SERIES_TOTAL:
        kind = FieldKind.TOTAL if game_no is None else None
    elif key in TOTAL_KEYS:
        kind = FieldKind.TOTAL
    else:
        kind = None
    in_column = kind is not FieldKind.TEXT and key != SERIES_TOTAL  # a box or row: `pN.` or a game's
    if kind is None or (in_column and game_no is None and not card.startswith("p")):
        return None
    return FieldName(card, game_no, key, kind)


def partial_names(name: str) -> list[str]:
    """The field tree's levels of a full name: `card2.g1.aces` is card2, g1, aces."""
    return name.split(".")


# Building names: the template and the reader use these, never string pasting of their own.


def player_column(player: int) -> str:
    """The players sheet's column prefix: `p1.`."""
    return f"p{player}."


def card_prefix(card: int, cards: int, half: bool) -> str:
    """A six-game card's prefix: "" for a lone or first half card, `cardN.` or `pN.` otherwise."""
    if half:
        return "" if card == 1 else f"card{card}."
    return f"p{card}." if cards > 1 else ""


def lines_prefix(card: int, half: bool) -> str:
    """The title, date and player lines' prefix: the first card's are plain."""
    if card == 1:
        return ""
    return f"card{card}." if half else f"page{card}."


def game_column(prefix: str, game: int) -> str:
    """A game's column prefix on a six-game card: `g3.`, `card2.g3.`."""
    return f"{prefix}g{game}."


def line_field(prefix: str, line: Line) -> str:
    return prefix + line.value


def row_field(column: str, row: SheetRow) -> str:
    """The field of one row in one column: a box or a computed row (`p1.upper_total_again`)."""
    return column + row.slug


def box_field(column: str, box: SheetRow) -> str:
    return column + box.value


def ticks_field(column: str) -> str:
    return column + TICKS


def name_field(column: str) -> str:
    return column + NAME


def series_total_field(prefix: str) -> str:
    return prefix + SERIES_TOTAL


def card_column(player: int, part: int) -> str:
    """A column of a player's card of several columns: `p1.c2.`."""
    return f"{player_column(player)}c{part}."


def player_columns(player: int, game: Game) -> list[str]:
    """The column prefixes of one player's card on the players sheet: `p1.`, or `p1.c1.` to `p1.c3.`."""
    if len(game.columns) == 1:
        return [player_column(player)]
    return [card_column(player, part) for part in range(1, len(game.columns) + 1)]


def column_fields(column: str, game: Game = YAHTZEE) -> dict[str, str]:
    """Every field name one column of the game's card has, by row slug, plus its name head and ticks.

    On a card of several columns (`p1.c2.`) a column's grand total is its `total`, and the card's
    grand total and name belong to the player (`p1.grand_total`, `p1.name`).
    """
    fields = {row.slug: row_field(column, row) for row in card_rows(game)}
    if len(game.columns) > 1:
        player = re.sub(r"c\d\.$", "", column)
        fields[Total.GRAND_TOTAL.value] = column + COLUMN_TOTAL
        fields[CardTotal.CARD_TOTAL.value] = player + Total.GRAND_TOTAL.value
        return fields | {NAME: name_field(player), TICKS: ticks_field(column)}
    return fields | {NAME: name_field(column), TICKS: ticks_field(column)}


def players_in(names: Iterable[str]) -> list[int]:
    """The players sheet's column numbers that have fields, in order."""
    found = (parse_field(n) for n in names)
    return sorted({f.card_number for f in found if f and f.key in FIRST_BOXES and f.game is None and f.card})


def cards_in(names: Iterable[str]) -> list[str]:
    """The six-game cards' prefixes that have fields ("", `card2.`, `p1.`...), in card order."""
    found = (parse_field(n) for n in names)
    cards = {f.card for f in found if f and f.game == 1 and f.key in FIRST_BOXES}
    return [c + "." if c else "" for c in sorted(cards, key=lambda c: (c != "", int(c.lstrip("pcard") or 0)))]


def sheet_field_names(layout: str, count: int, half: bool = False, game: Game = YAHTZEE) -> list[str]:
    """Every field a fillable sheet of `count` players (or six-game cards) may have, at most.

    Each column's every row, name head and ticks, each card's every line and
    its series total: as many as the template can make, or more, never fewer.
    """
    if layout == "players":
        pages = len(split_evenly(count, 6 // len(game.columns)))
        columns = [column for n in range(1, count + 1) for column in player_columns(n, game)]
        lines = [lines_prefix(page, half=False) for page in range(1, pages + 1)]
        totals: list[str] = []
    else:
        count += count % 2 if half else 0
        prefixes = [card_prefix(card, count, half) for card in range(1, count + 1)]
        columns = [game_column(prefix, g) for prefix in prefixes for g in range(1, MAX_GAMES_IN_SERIES + 1)]
        lines = [lines_prefix(card, half) for card in range(1, count + 1)]
        totals = [series_total_field(prefix) for prefix in prefixes]
    fields = [name for column in columns for name in column_fields(column, game).values()]
    return fields + [line_field(prefix, line) for prefix in lines for line in Line] + totals


def field_tree_size(names: Iterable[str]) -> int:
    """The field objects a form of these full names holds: each terminal and each parent level."""
    return len(
        {".".join(parts[:depth]) for parts in map(partial_names, names) for depth in range(1, len(parts) + 1)}
    )


@cache
def most_fields() -> int:
    """The field objects of the largest fillable sheet sheetgen makes (MAX_PLAYERS names, any layout).

    The reader accepts this many and no more, so every sheet sheetgen writes
    reads back, and nothing much larger is ever walked.
    """
    return max(
        field_tree_size(sheet_field_names(layout, MAX_PLAYERS, half, game))
        for layout, half in (("players", False), ("series", False), ("series", True))
        for game in GAMES.values()
        if layout == "players" or len(game.columns) == 1
    )


@dataclass(frozen=True)
class SheetInfo:
    """What a fillable sheet was made for, stored in it so a filled sheet reads back alone.

    `names` are the names printed in heads or on cards, in column order;
    the columns themselves are read from the field names.
    """

    layout: str
    paper: str
    variant: str
    base: str
    house_rules: tuple[str, ...]
    title: str | None
    names: tuple[str, ...]
    game: str = DEFAULT_GAME  # stored only for another game, so a Yahtzee sheet's info is as it was

    @classmethod
    def of(cls, rules: Rules, layout: str, paper: str, names: tuple[str, ...]) -> SheetInfo:
        return cls(
            layout,
            paper,
            rules.name,
            rules.variant.name,
            tuple(rules.house_rule_names),
            rules.custom_title,
            names,
            rules.game.id,
        )

    @property
    def game_rules(self) -> Game:
        return game_named(self.game)

    def to_json(self) -> str:
        data = asdict(self)
        if self.game == DEFAULT_GAME:
            del data["game"]
        return json.dumps({"format": FORMAT, **data}, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> SheetInfo:
        """The stored info, parsed like any input; SheetInfoError naming what is wrong.

        Known keys only, every text through the one text checker, the base
        variant and house rules from the registry (never a file), sizes bounded.
        """
        where = "its sheetgen information"
        if len(text) > MAX_INFO_CHARS:
            raise SheetInfoError(f"{where} is longer than {MAX_INFO_CHARS} characters")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise SheetInfoError(f"{where} is not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SheetInfoError(f"{where} has an unknown format")
        keys = {"format", *cls.__dataclass_fields__}
        unknown = sorted(set(data) - keys)
        missing = sorted(keys - set(data) - {"game"})
        if missing:
            raise SheetInfoError(f"{where} is incomplete")
        if unknown:
            raise SheetInfoError(f"{where} has an unknown key")
        layout, paper, variant, base = (data[k] for k in ("layout", "paper", "variant", "base"))
        game = data.get("game", DEFAULT_GAME)
        if not isinstance(game, str) or game not in GAMES:
            raise SheetInfoError(f"{where} names a game sheetgen does not have")
        if layout not in LAYOUTS or paper not in PAPERS:
            raise SheetInfoError(f"{where} is damaged: unknown layout or paper")
        house_rules, names, title = data["house_rules"], data["names"], data["title"]
        if not isinstance(house_rules, list) or not isinstance(names, list) or len(names) > MAX_PLAYERS:
            raise SheetInfoError(f"{where} is damaged: house rules or names are not a short list")
        if not isinstance(base, str) or not isinstance(variant, str) or len(house_rules) > 8:
            raise SheetInfoError(f"{where} is damaged: the variant is not named")
        try:
            known = find_variant(base)
            rules = tuple(find_house_rule(r) if isinstance(r, str) else None for r in house_rules)
        except SheetgenError:
            raise SheetInfoError(f"{where} names a variant or house rule sheetgen does not have") from None
        if known.name != base or None in rules or [r.value for r in rules] != house_rules:
            raise SheetInfoError(f"{where} names a variant or house rule sheetgen does not have")
        if variant != base and not NAME_PATTERN.fullmatch(variant):
            raise SheetInfoError(f"{where} is damaged: its variant name is not a variant name")
        if title is not None:
            title = clean_text(where, title, "the title", MAX_TITLE_LENGTH, SheetInfoError)
        names = [n and clean_text(where, n, "a name", MAX_NAME_LENGTH, SheetInfoError) for n in names]
        return cls(layout, paper, variant, base, tuple(house_rules), title, tuple(names), game)

    def rules(self) -> Rules:
        """The rules the sheet was made for; a custom variant keeps its name and title."""
        base = Rules(find_variant(self.base), tuple(find_house_rule(r) for r in self.house_rules))
        if self.variant != base.name:
            base = Rules(base.variant, base.house_rules, self.variant, self.title)
        return base if self.game == DEFAULT_GAME else base.for_game(self.game_rules)
