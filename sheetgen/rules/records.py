"""Game records: the JSON a finished game is written in, read and checked.

A record is checked completely before anything is printed from it. Every
failure is a RecordError whose one-line message names the file, the game, the
player, the turn or box, and the reason.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sheetgen.errors import (
    ConflictingHouseRulesError,
    DiceError,
    IllegalPlacementError,
    ImpossibleScoreError,
    RecordError,
    RecordShapeError,
    SheetgenError,
    UnknownHouseRuleError,
)
from sheetgen.rules.boxes import MAX_GAMES_IN_SERIES
from sheetgen.rules.game import DEFAULT_GAME, BoxRule, game_named
from sheetgen.rules.game import Game as GameRules
from sheetgen.rules.messages import at, located, say, within, word
from sheetgen.rules.rulebook import either
from sheetgen.rules.scoring import Card, ScoreCard, Totals, extra_yahtzee_scores, possible_scores, winners
from sheetgen.rules.text import clean_text, quote, type_name
from sheetgen.rules.variants import OFFICIAL, HouseRule, Rules, builtin_rules

MAX_NAME_LENGTH = 200
MAX_TITLE_LENGTH = 200
MAX_PLAYERS = 60  # per game: ten pages of six columns
RECORD_KEYS = ("game", "variant", "house_rules", "title", "date", "lang", "games", "players")
LANG_PATTERN = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?")  # en, pt-BR: a language tag
GAME_KEYS = ("players",)
TURNS_PLAYER_KEYS = ("name", "turns")
BOXES_PLAYER_KEYS = ("name", "boxes", "yahtzee_bonuses")
COLUMNS_PLAYER_KEYS = ("name", "columns")
COLUMN_KEYS = ("boxes", "yahtzee_bonuses")
TURN_KEYS = ("column", "dice", "box", "scratch", "score", "yahtzee_bonus")
DICE_TURN_KEYS = ("column", "dice", "box", "scratch")
TYPED_TURN_KEYS = ("column", "box", "score", "yahtzee_bonus")
DEFAULT_VARIANT = OFFICIAL.name  # a record that names no variant
ALLOWED_SHOWN = 7  # a box's possible scores a message lists one by one; more are said as a range


@dataclass(frozen=True)
class PlayerGame:
    """One player's finished card in one game: a column per multiplier of the game."""

    name: str
    whole: Card

    @property
    def card(self) -> ScoreCard:
        """The first column: a one-column game's whole card."""
        return self.whole.columns[0]

    @cached_property
    def totals(self) -> Totals:
        """The first column's totals (see `grand_total` for the whole card)."""
        return self.card.totals

    @cached_property
    def grand_total(self) -> int:
        return self.whole.grand_total


@dataclass(frozen=True)
class Game:
    players: tuple[PlayerGame, ...]

    @property
    def winners(self) -> list[str]:
        return winners({p.name: p.grand_total for p in self.players})


@dataclass(frozen=True)
class Record:
    """A checked record: one game, or a series of up to six."""

    rules: Rules
    games: tuple[Game, ...]
    game: GameRules = field(default=game_named(DEFAULT_GAME), kw_only=True)
    title: str | None = None
    date: str | None = None
    source: str = "record"
    lang: str | None = None  # the language to print it in; None: English, or the command's --lang
    data: str = field(default="null", compare=False, repr=False)
    """The record's JSON as given (compact), kept to travel inside its filled PDF: see `record_text`."""

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.games[0].players]

    @property
    def is_series(self) -> bool:
        return len(self.games) > 1

    @property
    def series_totals(self) -> dict[str, int]:
        return {
            name: sum(game.players[i].grand_total for game in self.games)
            for i, name in enumerate(self.player_names)
        }

    @property
    def series_winners(self) -> list[str]:
        return winners(self.series_totals)

    def to_json(self) -> dict[str, Any]:
        """The shape `sheetgen score --json` prints."""
        rules = (
            {"variant": self.rules.name, "house_rules": self.rules.house_rule_names}
            if self.game.takes_jokers
            else {}
        )
        return {
            **({} if self.game.id == DEFAULT_GAME else {"game": self.game.id}),
            **rules,
            "games": [
                {
                    "players": [_player_json(player) for player in game.players],
                    "winners": game.winners,
                }
                for game in self.games
            ],
            "series": {"totals": self.series_totals, "winners": self.series_winners},
        }


def _player_json(player: PlayerGame) -> dict[str, Any]:
    """One-column games: the boxes and the card's totals; games of several columns: each column's
    boxes, bonus and total, times its multiplier. An extra bonus is part of its column's total, so
    it is multiplied with it; `yahtzee_bonus` says how much of the grand total it brought."""
    game = player.whole.game
    if len(game.columns) > 1:
        columns = [
            {
                "boxes": {box.value: score for box, score in column.boxes.items()},
                "upper_bonus": column.totals.upper_bonus,
                **({"yahtzee_bonuses": column.yahtzee_bonuses} if game.extra_bonus else {}),
                "total": column.totals.grand_total,
                "multiplier": multiplier,
                "scored": column.totals.grand_total * multiplier,
            }
            for column, multiplier in zip(player.whole.columns, game.columns, strict=True)
        ]
        bonus = sum(
            c.totals.yahtzee_bonus * m for c, m in zip(player.whole.columns, game.columns, strict=True)
        )
        return {
            "name": player.name,
            "columns": columns,
            "yahtzee_bonus": bonus,
            "grand_total": player.grand_total,
        }
    totals = player.totals
    return {
        "name": player.name,
        "boxes": {box.value: score for box, score in player.card.boxes.items()},
        "upper_subtotal": totals.upper_subtotal,
        "upper_bonus": totals.upper_bonus,
        "upper_total": totals.upper_total,
        **(
            {"yahtzee_bonuses": totals.yahtzee_bonuses, "yahtzee_bonus": totals.yahtzee_bonus}
            if game.extra_bonus
            else {}
        ),
        "lower_total": totals.lower_total,
        "grand_total": totals.grand_total,
    }


def record_text(data: Any) -> str:
    """A record's JSON as `sheetgen record` writes it, and a filled record's PDF embeds it."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


VariantLoader = Callable[[str, Iterable[str]], Rules]
"""Rules from a record's `variant` and `house_rules`: built-in names only, unless the
caller (`sheetgen.files.records`) lets a record name a TOML file beside it."""


GameLoader = Callable[[str], GameRules]
"""A game from a record's `game`: a built-in id only, unless the caller (`sheetgen.files.records`)
lets a record name a game file beside it."""


def parse_record(
    data: Any,
    source: str = "record",
    load_variant: VariantLoader = builtin_rules,
    game: GameRules | None = None,
    load_game: GameLoader = game_named,
) -> Record:
    """Check decoded JSON against the format and the rules.

    `game` (a command's --game) is the game of a record that names none, and the only one it accepts.
    """
    try:
        return _Parser(load_variant, load_game).record(data, source, game)
    except SheetgenError as error:
        raise type(error)(located(source, str(error))) from None


def keys_for(game: GameRules, keys: tuple[str, ...]) -> tuple[str, ...]:
    """The keys the game allows: a column only where there are several, bonuses only where it has them."""
    return tuple(
        key
        for key in keys
        if (key != "column" or len(game.columns) > 1)
        and (key not in ("yahtzee_bonus", "yahtzee_bonuses") or game.extra_bonus is not None)
    )


def check_game(game: GameRules, wanted: GameRules | None) -> None:
    """A record of `game` where a command asked for `wanted` (its --game): refused in one line."""
    if wanted is not None and game.id != wanted.id:
        raise RecordShapeError(at(word("game"), "other_game", game=game.id, wanted=wanted.id))


def language_tag(tag: str) -> str:
    """A language tag in BCP 47's own case ("EN" is en, "PT_br" is pt-BR): tags ignore case, so one
    record prints the same language on the same paper under the same file name however it spells it."""
    language, *subtags = tag.replace("_", "-").split("-")
    cased = [
        part.upper() if len(part) == 2 or part.isdigit() else part.title() if len(part) == 4 else part.lower()
        for part in subtags
    ]
    return "-".join([language.lower(), *cased])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_keys(where: str, obj: Any, allowed: tuple[str, ...]) -> None:
    if not isinstance(obj, dict):
        raise RecordShapeError(at(where, "not_object", found=type_name(obj)))
    for key in obj:
        if key not in allowed:
            raise RecordShapeError(at(where, "unknown_key", key=quote(key), allowed=", ".join(allowed)))


def check_text(where: str, value: Any, what: str, limit: int) -> str:
    """Names and titles: printable text (see sheetgen.rules.text.clean_text), trimmed and NFC."""
    return clean_text(where, value, what, limit, RecordShapeError)


class _Parser:
    def __init__(self, load_variant: VariantLoader, load_game: GameLoader = game_named) -> None:
        self.load_variant = load_variant
        self.load_game = load_game
        self.game_rules = game_named(DEFAULT_GAME)

    def record(self, data: Any, source: str, wanted: GameRules | None = None) -> Record:
        top = say("top_level")
        _check_keys(top, data, RECORD_KEYS)
        named = data.get("game")
        if named is not None and not isinstance(named, str):
            raise RecordShapeError(at(word("game"), "not_text", what=word("game"), found=type_name(named)))
        try:
            self.game_rules = (wanted or game_named(DEFAULT_GAME)) if named is None else self.load_game(named)
        except SheetgenError as error:
            raise RecordShapeError(located(word("game"), str(error))) from None
        check_game(self.game_rules, wanted)
        rules = self.rules(data)
        title = data.get("title")
        if title is not None:
            title = check_text(word("title"), title, say("the_title"), MAX_TITLE_LENGTH)
        date = data.get("date")
        if date is not None:
            date = self.date(date)
        if ("games" in data) == ("players" in data):
            raise RecordShapeError(at(top, "games_or_players"))
        if "players" in data:
            games_data = [{"players": data["players"]}]
        else:
            games_data = data["games"]
            if not isinstance(games_data, list) or not games_data:
                raise RecordShapeError(at(word("games"), "games_list", most=MAX_GAMES_IN_SERIES))
            if len(games_data) > MAX_GAMES_IN_SERIES:
                raise RecordShapeError(
                    at(word("games"), "series_games", most=MAX_GAMES_IN_SERIES, count=len(games_data))
                )
        single = "players" in data
        games = tuple(
            self.game("" if single else say("game", number=n), game, rules)
            for n, game in enumerate(games_data, 1)
        )
        first = [p.name for p in games[0].players]
        for n, game in enumerate(games[1:], 2):
            names = [p.name for p in game.players]
            if names != first:
                raise RecordShapeError(
                    at(
                        say("game", number=n),
                        "series_players",
                        names=", ".join(map(quote, names)),
                        first=", ".join(map(quote, first)),
                    )
                )
        lang = data.get("lang")
        if lang is not None and not (isinstance(lang, str) and LANG_PATTERN.fullmatch(lang)):
            raise RecordShapeError(at(word("lang"), "lang_tag", found=quote(lang)))
        if rules.custom_name is not None:  # its variant file may not travel with it: name what it holds
            data = {**data, "variant": rules.variant.name, "house_rules": list(rules.house_rule_names)}
        kept = json.dumps(data, ensure_ascii=False)  # compact: C-fast, and a copy no caller can change
        return Record(
            rules, games, title, date, source, lang and language_tag(lang), kept, game=self.game_rules
        )

    def rules(self, data: dict[str, Any]) -> Rules:
        variant = data.get("variant", DEFAULT_VARIANT)
        house_rules = data.get("house_rules", [])
        game = self.game_rules
        if not game.takes_jokers:  # one set of rules: the definition's own
            for key in ("variant", "house_rules"):
                if data.get(key, []) != []:
                    found = (
                        quote(data[key]) if isinstance(data[key], str) else ", ".join(map(quote, data[key]))
                    )
                    raise RecordShapeError(
                        at(word(key), "not_of_game", what=word(key), name=found, game=game.title)
                    )
            return Rules(game=game)
        if not isinstance(variant, str) or not variant.strip():
            raise RecordShapeError(at(word("variant"), "variant_name"))
        if not isinstance(house_rules, list) or not all(isinstance(r, str) for r in house_rules):
            raise RecordShapeError(at(word("house_rules"), "house_rule_names"))
        try:
            return self.load_variant(variant, house_rules).for_game(game)
        except (UnknownHouseRuleError, ConflictingHouseRulesError) as error:
            raise RecordShapeError(located(word("house_rules"), str(error))) from None
        except SheetgenError as error:
            raise RecordShapeError(located(word("variant"), str(error))) from None

    @staticmethod
    def date(value: Any) -> str:
        try:
            datetime.date.fromisoformat(value)
        except (TypeError, ValueError):
            raise RecordShapeError(at(word("date"), "date", found=quote(str(value)))) from None
        if len(value) != len("YYYY-MM-DD"):
            raise RecordShapeError(at(word("date"), "date", found=quote(value)))
        return value

    def game(self, where: str, data: Any, rules: Rules) -> Game:
        _check_keys(where or say("top_level"), data, GAME_KEYS)
        players_data = data.get("players")
        if not isinstance(players_data, list) or not players_data:
            raise RecordShapeError(at(within(where, word("players")), "players_list"))
        if len(players_data) > MAX_PLAYERS:
            raise RecordShapeError(
                at(within(where, word("players")), "game_players", most=MAX_PLAYERS, count=len(players_data))
            )
        players: list[PlayerGame] = []
        names: set[str] = set()
        for n, player_data in enumerate(players_data, 1):
            seat = within(where, say("player", number=n))
            player = self.player(seat, player_data, rules)
            if player.name in names:
                raise RecordShapeError(at(seat, "name_twice", name=quote(player.name)))
            names.add(player.name)
            players.append(player)
        return Game(tuple(players))

    def player(self, where: str, data: Any, rules: Rules) -> PlayerGame:
        if not isinstance(data, dict):
            raise RecordShapeError(at(where, "not_object", found=type_name(data)))
        name = check_text(where, data.get("name"), say("the_name"), MAX_NAME_LENGTH)
        where = say("named", where=where, name=quote(name))
        game = self.game_rules
        written = "boxes" if len(game.columns) == 1 else "columns"
        if ("turns" in data) == (written in data):
            raise RecordShapeError(at(where, "turns_or_boxes", boxes=written))
        if "turns" in data:
            _check_keys(where, data, TURNS_PLAYER_KEYS)
            return PlayerGame(name, self.turns(where, data["turns"], rules))
        if len(game.columns) > 1:
            _check_keys(where, data, COLUMNS_PLAYER_KEYS)
            return PlayerGame(name, self.columns(where, data["columns"], rules))
        _check_keys(where, data, self._keys(BOXES_PLAYER_KEYS))
        column = self.boxes(where, data["boxes"], data.get("yahtzee_bonuses", 0), rules)
        return PlayerGame(name, Card(game, (column,)))

    def _keys(self, keys: tuple[str, ...]) -> tuple[str, ...]:
        return keys_for(self.game_rules, keys)

    def columns(self, where: str, columns: Any, rules: Rules) -> Card:
        game = self.game_rules
        count = len(game.columns)
        if not isinstance(columns, list) or len(columns) != count:
            raise RecordShapeError(at(within(where, word("columns")), "columns_list", count=count))
        cards = []
        for k, column in enumerate(columns, 1):
            here = within(where, say("column", number=k))
            _check_keys(here, column, COLUMN_KEYS)
            if "boxes" not in column:
                raise RecordShapeError(at(here, "missing_boxes", missing=word("boxes"), count=1))
            cards.append(self.boxes(here, column["boxes"], column.get("yahtzee_bonuses", 0), rules))
        alike = game.all_alike_box
        for k, column in enumerate(cards, 1):
            held = [c.boxes[alike] for c in cards]
            if column.yahtzee_bonuses and any(score != alike.score for score in held):
                here = within(within(where, say("column", number=k)), word("yahtzee_bonuses"))
                shown = ", ".join(map(str, held))
                raise ImpossibleScoreError(at(here, "bonuses_need_yahtzee", yahtzee=alike.score, held=shown))
        return Card(game, tuple(cards))

    def turns(self, where: str, turns: Any, rules: Rules) -> Card:
        game = self.game_rules
        if not isinstance(turns, list):
            raise RecordShapeError(at(where, "turns_list", count=game.turns))
        if len(turns) != game.turns:
            raise RecordShapeError(at(where, "turns_count", count=len(turns), boxes=game.turns))
        card = Card.empty(game)
        for n, turn in enumerate(turns, 1):
            here = within(where, say("turn", number=n))
            _check_keys(here, turn, self._keys(TURN_KEYS))
            if "dice" in turn and "score" in turn:
                raise RecordShapeError(at(here, "dice_or_score"))
            if "box" not in turn or ("dice" not in turn and "score" not in turn):
                raise RecordShapeError(at(here, "needs_box"))
            column = self.column(here, turn)
            box = self.box_name(here, turn["box"])
            if box in card.columns[column].boxes:
                raise RecordError(at(here, "box_twice", box=box.label))
            if "score" in turn:
                _check_keys(here, turn, self._keys(TYPED_TURN_KEYS))
                card = self.typed_turn(here, turn, (column, box), rules, card)
                continue
            _check_keys(here, turn, self._keys(DICE_TURN_KEYS))
            dice = self.dice(here, turn["dice"])
            scratch = self.scratch(here, turn, rules)
            try:
                card = card.place(dice, (column, box), rules, scratch=scratch)
            except IllegalPlacementError as error:
                raise IllegalPlacementError(located(here, str(error))) from None
        ticked = [turn for turn in turns if turn.get("yahtzee_bonus") is True]
        alike = game.all_alike_box
        held = [column.boxes.get(alike) for column in card.columns]
        if ticked and any(score != alike.score for score in held):
            shown = ", ".join(say("nothing") if score is None else str(score) for score in held)
            raise ImpossibleScoreError(at(where, "tick_needs_yahtzee", yahtzee=alike.score, held=shown))
        return card

    def column(self, where: str, turn: dict[str, Any]) -> int:
        """The column a turn is written in, from 0: always the first in a one-column game."""
        count = len(self.game_rules.columns)
        if count == 1:
            return 0
        value = turn.get("column")
        if not _is_int(value) or not 1 <= value <= count:
            raise RecordShapeError(at(where, "column_number", most=count, found=quote(value)))
        return value - 1

    def typed_turn(
        self, where: str, turn: dict[str, Any], slot: tuple[int, BoxRule], rules: Rules, card: Card
    ) -> Card:
        """A score written by hand in one box; with `"yahtzee_bonus": true` it was an extra Yahtzee.

        The tick is backed by this box alone: one per box, never on the Yahtzee box, and only
        with a score an extra Yahtzee can leave there, so no bonus lacks its roll.
        """
        game = self.game_rules
        k, box = slot
        value = turn["score"]
        if not _is_int(value):
            raise ImpossibleScoreError(at(where, "not_whole", value=quote(value)))
        if value not in possible_scores(box, rules, game):
            raise ImpossibleScoreError(_cannot_score(where, box, value, rules, game))
        tick = turn.get("yahtzee_bonus", False)
        if tick is not False and tick is not True:
            raise RecordShapeError(at(where, "tick_bool", found=quote(tick)))
        if tick and (box is game.all_alike_box or value not in extra_yahtzee_scores(rules, game)[box]):
            misfit = at(where, "tick_misfit", box=box.label, score=value, rules=rules.label)
            raise ImpossibleScoreError(misfit)
        old = card.columns[k]
        new = ScoreCard({**old.boxes, box: value}, old.yahtzee_bonuses + tick, game)
        return Card(game, (*card.columns[:k], new, *card.columns[k + 1 :]))

    @staticmethod
    def scratch(where: str, turn: dict[str, Any], rules: Rules) -> bool:
        """A turn's `"scratch": true`: a 0 on purpose, only under scratch-any-box."""
        if "scratch" not in turn:
            return False
        if turn["scratch"] is not True:
            raise RecordShapeError(at(where, "scratch_true", found=quote(turn["scratch"])))
        if not rules.scratch_any_box:
            raise IllegalPlacementError(
                at(
                    where,
                    "scratch_without_rule",
                    rule=word(HouseRule.SCRATCH_ANY_BOX.value),
                    rules=rules.label,
                )
            )
        return True

    def dice(self, where: str, dice: Any) -> tuple[int, ...]:
        count, faces = self.game_rules.dice, self.game_rules.faces
        if not isinstance(dice, list):
            raise DiceError(at(where, "dice_list", count=count, found=type_name(dice)))
        if len(dice) != count:
            raise DiceError(at(where, "dice_count", count=len(dice), dice=count))
        for die in dice:
            if not _is_int(die) or die not in faces:
                raise DiceError(at(where, "die", die=quote(die), low=faces[0], high=faces[-1]))
        return tuple(dice)

    def box_name(self, where: str, name: Any) -> BoxRule:
        boxes = self.game_rules.box_set
        try:
            return boxes(name)
        except ValueError:
            known = ", ".join(b.value for b in boxes)
            raise RecordShapeError(at(where, "unknown_box", name=quote(name), boxes=known)) from None

    def boxes(self, where: str, boxes: Any, bonuses: Any, rules: Rules) -> ScoreCard:
        game = self.game_rules
        column = within(where, word("boxes"))
        _check_keys(column, boxes, tuple(b.value for b in game.boxes))
        missing = [word(box.value) for box in game.boxes if box.value not in boxes]
        if missing:
            raise RecordShapeError(
                at(column, "missing_boxes", missing=", ".join(missing), count=len(game.boxes))
            )
        scores: dict[BoxRule, int] = {}
        for box in game.boxes:
            value = boxes[box.value]
            here = within(where, say("box", box=word(box.value)))
            if not _is_int(value):
                raise ImpossibleScoreError(at(here, "not_whole", value=quote(value)))
            if value not in possible_scores(box, rules, game):
                raise ImpossibleScoreError(_cannot_score(here, box, value, rules, game))
            scores[box] = value
        if game.extra_bonus is None:
            return ScoreCard(scores, 0, game)
        here = within(where, word("yahtzee_bonuses"))
        most = game.extra_bonus.most // len(game.columns)
        if not _is_int(bonuses) or not 0 <= bonuses <= most:
            raise ImpossibleScoreError(at(here, "bonus_count", value=quote(bonuses), most=most))
        alike = game.all_alike_box
        if bonuses and scores[alike] != alike.score:
            raise ImpossibleScoreError(
                at(here, "bonuses_need_yahtzee", yahtzee=alike.score, held=scores[alike])
            )
        _check_extra_yahtzees(here, scores, bonuses, rules, game)
        return ScoreCard(scores, bonuses, game)


def _check_extra_yahtzees(
    where: str, scores: dict[BoxRule, int], bonuses: int, rules: Rules, game: GameRules
) -> None:
    """Each bonus is an extra Yahtzee written in a box of its own, with a score it can leave there."""
    possible = extra_yahtzee_scores(rules, game)
    alike = game.all_alike_box
    misfits = [box for box in game.boxes if box is not alike and scores[box] not in possible[box]]
    room = len(game.boxes) - 1 - len(misfits)
    if bonuses > room:
        shown = ", ".join(f"{box.label} {scores[box]}" for box in misfits)
        raise ImpossibleScoreError(
            at(where, "bonus_room", bonuses=bonuses, room=room, rules=rules.label, shown=shown)
        )


def _cannot_score(where: str, box: BoxRule, value: int, rules: Rules, game: GameRules) -> str:
    """ "Full House cannot score 20 (only 0 or 25)": the numbers the box may hold, briefly."""
    values = sorted(possible_scores(box, rules, game))
    if len(values) <= ALLOWED_SHOWN:
        allowed = say("only_these", values=either([str(v) for v in values], "or"))
    elif values[0] == 0:
        allowed = say("only_zero_or_range", zero=values[0], low=values[1], high=values[-1])
    else:
        allowed = say("only_range", low=values[0], high=values[-1])
    return at(where, "cannot_score", box=box.label, score=value, allowed=allowed)
