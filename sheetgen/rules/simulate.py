"""Plausible legal games, played by a simple greedy player.

Used to make example records, benchmark batches and property tests: every
game it returns is legal under the rules it was played with.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from sheetgen.rules.boxes import DICE_COUNT, FACES, ROLLS_PER_TURN, Box
from sheetgen.rules.scoring import Dice, ScoreCard
from sheetgen.rules.variants import Rules


def roll_turn(rng: random.Random) -> Dice:
    """Three rolls, keeping the most common face each time."""
    dice = [rng.choice(FACES) for _ in range(DICE_COUNT)]
    for _ in range(ROLLS_PER_TURN - 1):
        keep, _count = Counter(dice).most_common(1)[0]
        dice = [d if d == keep else rng.choice(FACES) for d in dice]
    return tuple(dice)


def play_game(rng: random.Random, rules: Rules, greed: float = 0.8) -> list[dict[str, Any]]:
    """13 turns as record JSON: the best legal box, or with chance 1-greed any legal box.

    Under scratch-any-box, half of those random choices are scratched to 0.
    """
    card = ScoreCard()
    turns = []
    for _ in Box:
        dice = roll_turn(rng)
        legal = card.legal_boxes(dice, rules)
        scratch = False
        if rng.random() < greed:
            box = max(legal, key=lambda b: card.score(dice, b, rules))
        else:
            box = rng.choice(legal)
            scratch = rules.scratch_any_box and rng.random() < 0.5
        card = card.place(dice, box, rules, scratch=scratch)
        turns.append({"dice": list(dice), "box": box.value, **({"scratch": True} if scratch else {})})
    return turns
