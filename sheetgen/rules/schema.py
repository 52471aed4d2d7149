"""The record format as a JSON Schema, built from the model so it cannot drift."""

from __future__ import annotations

from typing import Any

from sheetgen.rules.boxes import MAX_GAMES_IN_SERIES
from sheetgen.rules.game import DEFAULT_GAME, GAMES, BoxRule, Game
from sheetgen.rules.records import LANG_PATTERN, MAX_NAME_LENGTH, MAX_PLAYERS, MAX_TITLE_LENGTH
from sheetgen.rules.scoring import possible_scores
from sheetgen.rules.variants import OFFICIAL, VARIANTS, HouseRule, Rules


def _loosest(game: Game) -> Rules:
    """A variant file may bring any house rule, so the schema allows what any of them allows."""
    house_rules = (HouseRule.SCRATCH_ANY_BOX,) if game.takes_jokers else ()
    return Rules(house_rules=house_rules, game=game)


def _score_schema(box: BoxRule, game: Game) -> dict[str, Any]:
    values = sorted(possible_scores(box, _loosest(game), game))
    runs: list[dict[str, Any]] = []
    for value in values:
        if runs and runs[-1]["maximum"] == value - 1:
            runs[-1]["maximum"] = value
        else:
            runs.append({"minimum": value, "maximum": value})
    if all(run["minimum"] == run["maximum"] for run in runs):
        return {"enum": values}
    return {"type": "integer", "anyOf": runs}


def _prefix(game: Game) -> str:
    """Yahtzee's definitions keep their names; another game's are named after it."""
    return "" if game.id == DEFAULT_GAME else game.id.replace("-", "_") + "_"


def _game_defs(game: Game) -> dict[str, Any]:
    """The players of one game: their turns, or the numbers written in each column."""
    p = _prefix(game)
    box_names = [box.value for box in game.boxes]
    name = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}
    columns = len(game.columns)
    alike = game.all_alike_box
    column = (
        {
            "column": {
                "description": "The column the turn is written in.",
                "type": "integer",
                "minimum": 1,
                "maximum": columns,
            }
        }
        if columns > 1
        else {}
    )
    boxes = {
        "type": "object",
        "additionalProperties": False,
        "required": box_names,
        "properties": {box.value: _score_schema(box, game) for box in game.boxes},
    }
    bonuses = (
        {
            "yahtzee_bonuses": {
                "type": "integer",
                "minimum": 0,
                "maximum": game.extra_bonus.most // columns,
                "default": 0,
            }
        }
        if game.extra_bonus
        else {}
    )
    tick = (
        {
            "yahtzee_bonus": {
                "description": "This score was an extra Yahtzee: one bonus, backed by this box, "
                f"with {alike.score} in every Yahtzee box and a score an extra Yahtzee "
                "can leave here.",
                "type": "boolean",
                "default": False,
            }
        }
        if game.extra_bonus
        else {}
    )
    scratch = (
        {
            "scratch": {
                "description": f"A 0 written on purpose whatever the dice; only with the house rule "
                f"{HouseRule.SCRATCH_ANY_BOX.value}.",
                "const": True,
            }
        }
        if game.takes_jokers
        else {}
    )
    written = (
        {
            f"{p}player_boxes": {
                "description": f"The {len(box_names)} numbers as written on paper, and the Yahtzee bonuses.",
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "boxes"],
                "properties": {"name": name, "boxes": boxes, **bonuses},
            }
        }
        if columns == 1
        else {
            f"{p}player_boxes": {
                "description": f"Each of the {columns} columns as written on paper.",
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "columns"],
                "properties": {
                    "name": name,
                    "columns": {
                        "type": "array",
                        "minItems": columns,
                        "maxItems": columns,
                        "items": {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["boxes"],
                            "properties": {"boxes": boxes, **bonuses},
                        },
                    },
                },
            }
        }
    )
    return {
        f"{p}game": {
            "type": "object",
            "additionalProperties": False,
            "required": ["players"],
            "properties": {"players": {"$ref": f"#/$defs/{p}players"}},
        },
        f"{p}players": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_PLAYERS,
            "items": {"oneOf": [{"$ref": f"#/$defs/{p}player_turns"}, {"$ref": f"#/$defs/{p}player_boxes"}]},
        },
        f"{p}player_turns": {
            "description": f"All {game.turns} turns in the order played: a roll's dice (sheetgen computes "
            "its score and enforces the rules) or a score written by hand in a box.",
            "type": "object",
            "additionalProperties": False,
            "required": ["name", "turns"],
            "properties": {
                "name": name,
                "turns": {
                    "type": "array",
                    "minItems": game.turns,
                    "maxItems": game.turns,
                    "items": {"oneOf": [{"$ref": f"#/$defs/{p}turn"}, {"$ref": f"#/$defs/{p}typed_turn"}]},
                },
            },
        },
        f"{p}turn": {
            "type": "object",
            "additionalProperties": False,
            "required": ["dice", "box", *column],
            "properties": {
                **column,
                "dice": {
                    "description": "The final dice of the turn.",
                    "type": "array",
                    "minItems": game.dice,
                    "maxItems": game.dice,
                    "items": {"type": "integer", "minimum": game.faces[0], "maximum": game.faces[-1]},
                },
                "box": {"enum": box_names},
                **scratch,
            },
        },
        f"{p}typed_turn": {
            "description": "A score written by hand in one box, with no dice.",
            "type": "object",
            "additionalProperties": False,
            "required": ["box", "score", *column],
            "properties": {
                **column,
                "box": {"enum": box_names},
                "score": {"type": "integer", "minimum": 0},
                **tick,
            },
        },
        **written,
    }


def _when(game: Game) -> dict[str, Any]:
    """What a record of `game` must also meet: its players, and no variant where it has none."""
    p = _prefix(game)
    named = {"properties": {"game": {"const": game.id}}}
    then: dict[str, Any] = {
        "properties": {
            "players": {"$ref": f"#/$defs/{p}players"},
            "games": {"items": {"$ref": f"#/$defs/{p}game"}},
        }
    }
    if not game.takes_jokers:
        then["properties"] |= {"variant": False, "house_rules": {"maxItems": 0}}
    return {"if": named if game.id == DEFAULT_GAME else named | {"required": ["game"]}, "then": then}


def record_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of a game record, of any game.

    The rules beyond a schema's reach (Joker order, bonuses needing 50 in the
    Yahtzee box and enough boxes an extra Yahtzee could fill, a 0 in Chance or
    a scratched turn only under scratch-any-box, the same names through a
    series) are checked by sheetgen.
    """
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "sheetgen game record",
        "description": "A finished game of Yahtzee or another game of the family, or a series of up to "
        f"{MAX_GAMES_IN_SERIES}, for `sheetgen score` and `sheetgen fill`.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "game": {
                "description": "The game (`sheetgen games` lists them); absent, the record is Yahtzee. "
                "Variants and house rules belong to the games with Jokers (yahtzee, triple-yahtzee).",
                "anyOf": [{"enum": list(GAMES)}, {"type": "string", "pattern": "\\.toml$"}],
                "default": DEFAULT_GAME,
            },
            "variant": {
                "description": "A built-in variant ("
                + ", ".join(v.name for v in VARIANTS)
                + ") or a variant TOML file's path, relative to the record.",
                "type": "string",
                "minLength": 1,
                "default": OFFICIAL.name,
            },
            "house_rules": {
                "type": "array",
                "items": {"enum": [rule.value for rule in HouseRule]},
                "default": [],
            },
            "title": {"type": "string", "minLength": 1, "maxLength": MAX_TITLE_LENGTH},
            "lang": {
                "description": "The language `sheetgen fill` prints the record in, unless --lang says "
                "otherwise: en (English, the default) or a language sheetgen has a catalog for "
                "(`sheetgen variants` lists them).",
                "type": "string",
                "pattern": "^" + LANG_PATTERN.pattern + "$",
                "default": "en",
            },
            "date": {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
            "games": {"type": "array", "minItems": 1, "maxItems": MAX_GAMES_IN_SERIES},
            "players": {"type": "array"},
        },
        "oneOf": [
            {"required": ["games"], "not": {"required": ["players"]}},
            {"required": ["players"], "not": {"required": ["games"]}},
        ],
        "allOf": [_when(game) for game in GAMES.values()],
        "$defs": {name: schema for game in GAMES.values() for name, schema in _game_defs(game).items()},
    }
