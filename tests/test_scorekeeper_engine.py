"""The scorekeeper's JavaScript engine agrees with the Python engine, turn by turn.

Every variant and every consistent set of house rules plays simulated games
(with many extra Yahtzees, to walk every Joker path) through both engines in
one `node` process: the legal boxes, the score of the roll in every open box
and the totals after every turn must be the same.
"""

from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from sheetgen.errors import ConflictingHouseRulesError, IllegalPlacementError
from sheetgen.model import DICE_COUNT, FACES, Box
from sheetgen.scorekeeper import scorekeeper_data
from sheetgen.scoring import ScoreCard
from sheetgen.simulate import roll_turn
from sheetgen.variants import VARIANTS, HouseRule, Rules

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "tests" / "js" / "agreement.mjs"
GAMES_PER_RULES = 24
YAHTZEE_SHARE = 0.3  # of turns forced to five alike, so extra Yahtzees and Jokers come often


def rule_sets() -> list[Rules]:
    """Every built-in variant with every set of house rules that holds together."""
    found = []
    for variant in VARIANTS:
        for size in range(len(HouseRule) + 1):
            for house_rules in itertools.combinations(HouseRule, size):
                try:
                    found.append(Rules(variant, house_rules))
                except ConflictingHouseRulesError:
                    continue
    return found


def _scratch_allowed(rules: Rules) -> bool:
    return "scratch-any-box" in rules.house_rule_names


def _score(card: ScoreCard, dice: tuple[int, ...], box: Box, rules: Rules) -> int | None:
    try:
        return card.score(dice, box, rules)
    except IllegalPlacementError:
        return None


def play(rng: random.Random, rules: Rules) -> tuple[list[dict], list[dict]]:
    """One game's turns and, per turn, the Python engine's answers."""
    card = ScoreCard()
    turns, answers = [], []
    for _ in Box:
        dice = roll_turn(rng)
        if rng.random() < YAHTZEE_SHARE:
            dice = (rng.choice(FACES),) * DICE_COUNT
        legal = card.legal_boxes(dice, rules)
        scores = {box.value: _score(card, dice, box, rules) for box in card.open_boxes}
        box = rng.choice(legal) if rng.random() < 0.5 else max(legal, key=lambda b: scores[b.value])
        turn = {"dice": list(dice), "box": box.value}
        if _scratch_allowed(rules) and rng.random() < 0.15:
            turn["scratch"] = True
            card = card.place(dice, box, rules, scratch=True)  # type: ignore[call-arg]
        else:
            card = card.place(dice, box, rules)
        totals = card.totals
        answers.append(
            {
                "legal": [b.value for b in legal],
                "scores": scores,
                "totals": {
                    name: getattr(totals, name)
                    for name in (
                        "upper_subtotal",
                        "upper_bonus",
                        "upper_total",
                        "yahtzee_bonuses",
                        "yahtzee_bonus",
                        "lower_total",
                        "grand_total",
                    )
                },
            }
        )
        turns.append(turn)
    return turns, answers


@pytest.fixture(scope="module")
def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.skip("node is not installed")
    return path


def test_javascript_engine_agrees_with_python(node: str) -> None:
    """Same legal boxes, same score in every open box, same totals, for every rules and turn."""
    rng = random.Random(9)
    cases, expected = [], []
    for rules in rule_sets():
        games = [play(rng, rules) for _ in range(GAMES_PER_RULES)]
        cases.append(
            {"variant": rules.name, "house_rules": rules.house_rule_names, "games": [g[0] for g in games]}
        )
        expected.append([g[1] for g in games])
    model = scorekeeper_data(Rules())
    out = subprocess.run(
        [node, str(DRIVER)],
        input=json.dumps({"model": model, "cases": cases}),
        capture_output=True,
        text=True,
        check=True,
    )
    answers = json.loads(out.stdout)
    compared = 0
    for case, want, got in zip(cases, expected, answers, strict=True):
        for game, (want_game, got_game) in enumerate(zip(want, got, strict=True)):
            for turn, (w, g) in enumerate(zip(want_game, got_game, strict=True)):
                where = f"{case['variant']} {case['house_rules']} game {game} turn {turn}: {case['games'][game][turn]}"
                assert g == w, where
                compared += 1
    assert compared == len(cases) * GAMES_PER_RULES * len(Box)
    print(f"{compared} turns compared over {len(cases)} rule sets")


def test_agreement_covers_every_joker_path() -> None:
    """The simulated games reach extra Yahtzees with filled upper boxes (Jokers) in every variant."""
    rng = random.Random(9)
    for variant in VARIANTS:
        rules = Rules(variant)
        jokers = 0
        for _ in range(GAMES_PER_RULES):
            card = ScoreCard()
            for turn in play(rng, rules)[0]:
                dice = tuple(turn["dice"])
                jokers += card.is_joker(dice)
                card = card.place(dice, Box(turn["box"]), rules)
        assert jokers >= 10, variant.name
