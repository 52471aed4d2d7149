"""The record format as a JSON Schema, built from the model so it cannot drift."""

from __future__ import annotations

from typing import Any

from sheetgen.rules.boxes import (
    DICE_COUNT,
    FACES,
    MAX_GAMES_IN_SERIES,
    MAX_YAHTZEE_BONUSES,
    YAHTZEE_SCORE,
    Box,
)
from sheetgen.rules.records import LANG_PATTERN, MAX_NAME_LENGTH, MAX_PLAYERS, MAX_TITLE_LENGTH
from sheetgen.rules.scoring import possible_scores
from sheetgen.rules.variants import OFFICIAL, VARIANTS, HouseRule, Rules

# A variant file may bring any house rule, so the schema allows what any of them allows.
_EVERY_HOUSE_RULE = Rules(house_rules=(HouseRule.SCRATCH_ANY_BOX,))


def _score_schema(box: Box) -> dict[str, Any]:
    values = sorted(possible_scores(box, _EVERY_HOUSE_RULE))
    runs: list[dict[str, Any]] = []
    for value in values:
        if runs and runs[-1]["maximum"] == value - 1:
            runs[-1]["maximum"] = value
        else:
            runs.append({"minimum": value, "maximum": value})
    if all(run["minimum"] == run["maximum"] for run in runs):
        return {"enum": values}
    return {"type": "integer", "anyOf": runs}


def record_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of a game record.

    The rules beyond a schema's reach (Joker order, bonuses needing 50 in the
    Yahtzee box and enough boxes an extra Yahtzee could fill, a 0 in Chance or
    a scratched turn only under scratch-any-box, the same names through a
    series) are checked by sheetgen.
    """
    box_names = [box.value for box in Box]
    name = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "sheetgen game record",
        "description": "A finished game of Yahtzee, or a series of up to "
        f"{MAX_GAMES_IN_SERIES}, for `sheetgen score` and `sheetgen fill`.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
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
            "games": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_GAMES_IN_SERIES,
                "items": {"$ref": "#/$defs/game"},
            },
            "players": {"$ref": "#/$defs/players"},
        },
        "oneOf": [
            {"required": ["games"], "not": {"required": ["players"]}},
            {"required": ["players"], "not": {"required": ["games"]}},
        ],
        "$defs": {
            "game": {
                "type": "object",
                "additionalProperties": False,
                "required": ["players"],
                "properties": {"players": {"$ref": "#/$defs/players"}},
            },
            "players": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_PLAYERS,
                "items": {"oneOf": [{"$ref": "#/$defs/player_turns"}, {"$ref": "#/$defs/player_boxes"}]},
            },
            "player_turns": {
                "description": f"All {len(Box)} turns in the order played: a roll's dice (sheetgen computes "
                "its score and enforces the Joker rules) or a score written by hand in a box.",
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "turns"],
                "properties": {
                    "name": name,
                    "turns": {
                        "type": "array",
                        "minItems": len(Box),
                        "maxItems": len(Box),
                        "items": {"oneOf": [{"$ref": "#/$defs/turn"}, {"$ref": "#/$defs/typed_turn"}]},
                    },
                },
            },
            "turn": {
                "type": "object",
                "additionalProperties": False,
                "required": ["dice", "box"],
                "properties": {
                    "dice": {
                        "description": "The final dice of the turn.",
                        "type": "array",
                        "minItems": DICE_COUNT,
                        "maxItems": DICE_COUNT,
                        "items": {"type": "integer", "minimum": FACES[0], "maximum": FACES[-1]},
                    },
                    "box": {"enum": box_names},
                    "scratch": {
                        "description": f"A 0 written on purpose whatever the dice; only with the house rule "
                        f"{HouseRule.SCRATCH_ANY_BOX.value}.",
                        "const": True,
                    },
                },
            },
            "typed_turn": {
                "description": "A score written by hand in one box, with no dice.",
                "type": "object",
                "additionalProperties": False,
                "required": ["box", "score"],
                "properties": {
                    "box": {"enum": box_names},
                    "score": {"type": "integer", "minimum": 0},
                    "yahtzee_bonus": {
                        "description": "This score was an extra Yahtzee: one bonus, backed by this box, "
                        f"with {YAHTZEE_SCORE} in the Yahtzee box and a score an extra Yahtzee "
                        "can leave here.",
                        "type": "boolean",
                        "default": False,
                    },
                },
            },
            "player_boxes": {
                "description": f"The {len(Box)} numbers as written on paper, and the Yahtzee bonuses.",
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "boxes"],
                "properties": {
                    "name": name,
                    "boxes": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": box_names,
                        "properties": {box.value: _score_schema(box) for box in Box},
                    },
                    "yahtzee_bonuses": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": MAX_YAHTZEE_BONUSES,
                        "default": 0,
                    },
                },
            },
        },
    }
