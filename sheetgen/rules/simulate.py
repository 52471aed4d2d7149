"""Plausible legal games, played by a simple greedy player.

Used to make example records, benchmark batches and property tests: every
game it returns is legal under the rules it was played with.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from sheetgen.rules.game import YAHTZEE, Game
from sheetgen.rules.scoring import Card, Dice
from sheetgen.rules.variants import Rules


def roll_turn(rng: random.Random, game: Game = YAHTZEE) -> Dice:
    """Three rolls, keeping the most common face each time."""
    dice = [rng.choice(game.faces) for _ in range(game.dice)]
    for _ in range(game.rolls - 1):
        keep, _count = Counter(dice).most_common(1)[0]
        dice = [d if d == keep else rng.choice(game.faces) for d in dice]
    return tuple(dice)


def play_game(rng: random.Random, rules: Rules, greed: float = 0.8) -> list[dict[str, Any]]:
    """A whole game's turns as record JSON: the best legal box, or with chance 1-greed any legal box.

    Under scratch-any-box, half of those random choices are scratched to 0. A game of several
    columns names each turn's column.
    """
    game = rules.game
    card = Card.empty(game)
    turns = []
    for _ in range(game.turns):
        dice = roll_turn(rng, game)
        legal = card.legal_slots(dice, rules)
        scratch = False
        if rng.random() < greed:
            slot = max(legal, key=lambda s: card.score(dice, s, rules))
        else:
            slot = rng.choice(legal)
            scratch = rules.scratch_any_box and rng.random() < 0.5
        card = card.place(dice, slot, rules, scratch=scratch)
        column = {"column": slot[0] + 1} if len(game.columns) > 1 else {}
        turns.append(
            {**column, "dice": list(dice), "box": slot[1].value, **({"scratch": True} if scratch else {})}
        )
    return turns
