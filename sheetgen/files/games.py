"""Game files: a user's own game, written in TOML from the built-in games' box kinds."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from sheetgen.errors import GameDefinitionError
from sheetgen.files.inputs import VARIANT_LIMIT, parse_toml, read_input
from sheetgen.files.variants import inside
from sheetgen.rules.game import Game, game_from_data, game_named
from sheetgen.rules.scoring import all_rolls, rule_score
from sheetgen.rules.text import printable
from sheetgen.rules.variants import is_variant_file


def load_game(spec: str | Path, base_dir: Path | None = None) -> Game:
    """A built-in game by id, or a game file by path; beside a record (`base_dir`) only below its folder."""
    if isinstance(spec, str) and not is_variant_file(spec):
        return game_named(spec)
    path = Path(spec) if base_dir is None else inside(base_dir, str(spec), GameDefinitionError)
    shown = printable(str(path))
    data = parse_toml(
        read_input(path, VARIANT_LIMIT, "game file", GameDefinitionError), shown, GameDefinitionError
    )
    return _with_examples(game_from_data(data, shown))


def _with_examples(game: Game) -> Game:
    """Each box's example, for the rule sheet: its best roll, the first in order among equals."""
    boxes = tuple(
        dataclasses.replace(
            box, example=max(all_rolls(game), key=lambda dice, box=box: rule_score(dice, box))
        )
        for box in game.boxes
    )
    return dataclasses.replace(game, boxes=boxes)
