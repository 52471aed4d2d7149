"""Saved games planted in the scorekeeper's localStorage (issues 28 and 31), in Node without a browser.

The page reads its saved game and history back as it reads an imported record: a planted one either
loads, and then every Undo step undoes without throwing down to the last, or it is set aside whole.
Either way the page can place a roll afterwards. The undo steps below are the controller's own
shapes ("add", "set", "remove", "games"), some made as the page makes them, some bent.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from helpers import node_answers, saved_game

from sheetgen.rules.boxes import Box
from sheetgen.rules.variants import OFFICIAL, HouseRule, Rules
from sheetgen.web.scorekeeper import STORAGE_KEY, UNDO_LIMIT, scorekeeper_data

KEY = STORAGE_KEY + "official"
HISTORY = KEY + "/history"
ANN_FOURS = {"player": 0, "dice": [4, 4, 4, 4, 2], "box": "fours"}
ANN_FOURS_CORRECTED = {"player": 0, "dice": [4, 4, 4, 2, 2], "box": "fours"}
BOB_FIVES = {"player": 1, "dice": [5, 5, 5, 1, 1], "box": "fives"}
ANN_ACES = {"player": 0, "dice": [1, 1, 2, 3, 3], "box": "aces"}
BOB_YAHTZEE = {"player": 1, "dice": [6] * 5, "box": "yahtzee"}
BOB_CHANCE = {"player": 1, "box": "chance", "score": 30}


ANN_STRAIGHT = {"player": 0, "dice": [1, 2, 3, 4, 5], "box": "large_straight"}
ADD = {"op": "add"}
# What a family does on the page, as the controller's calls: the game `played` is what it saves.
ACTIONS = [
    ["start", ["Ann", "Bob"]], ["typeDice", "44442"], ["place", "fours"], ["typeDice", "55511"],
    ["place", "fives"], ["typeDice", "11233"], ["place", "aces"], ["typeDice", "66666"], ["place", "yahtzee"],
    ["tapCell", 0, "fours"], ["typeDice", "44422"], ["place", "fours"], ["typeDice", "12345"],
    ["place", "large_straight"], ["writeScore", "chance", "30"], ["tapCell", 1, "chance"], ["tick", "chance"],
    ["clearBox", "aces"],
]  # fmt: skip
SERIES_ACTIONS = [
    ["start", ["Ann"]],
    *[["writeScore", box.value, "5" if box is Box.CHANCE else "0"] for box in Box],
    ["newGame"], ["typeDice", "44442"], ["place", "fours"],
]  # fmt: skip


def played() -> tuple[list[dict], list[dict]]:
    """A game as the page leaves it: four rolls, a correction, a roll, a typed Chance and its tick,
    then Ann's Aces emptied; with the undo step each of those actions pushed (ACTIONS)."""
    entries = [ANN_FOURS_CORRECTED, BOB_FIVES, BOB_YAHTZEE, ANN_STRAIGHT, {**BOB_CHANCE, "bonus": True}]
    undo = [ADD, ADD, ADD, ADD, {"op": "set", "index": 0, "before": ANN_FOURS}, ADD, ADD]
    undo += [
        {"op": "set", "index": 5, "before": BOB_CHANCE},
        {"op": "remove", "index": 2, "before": ANN_ACES},
    ]
    return entries, undo


def series() -> dict:
    """A series page's game 2 begun: game 1 typed in full, New game (a "games" step), one roll."""
    first = [{"player": 0, "box": box.value, "score": 5 if box is Box.CHANCE else 0} for box in Box]
    game = saved_game(
        ["Ann"], [ANN_FOURS], [ADD] * len(Box) + [{"op": "games", "games": [{"entries": first}]}, ADD]
    )
    game["rules"]["house_rules"] = [HouseRule.SERIES.value]
    game["games"].insert(0, {"entries": first})
    return json.loads(json.dumps(game))  # the step's games a copy, as the page's are


def past(game: dict) -> dict:
    """A game as the history keeps it: without the saved state's version and revision."""
    return {key: value for key, value in game.items() if key not in ("version", "revision")}


def bent(step: dict, entries: list[dict] | None = None) -> dict:
    """The played game with its last undo step replaced by `step` (and other entries, if given)."""
    played_entries, undo = played()
    return saved_game(["Ann", "Bob"], played_entries if entries is None else entries, [*undo[:-1], step])


def with_steps(entries: list[dict], undo: list[dict]) -> dict:
    return saved_game(["Ann", "Bob"], entries, undo)


def text(data: Any) -> str:
    return json.dumps(data)


def _series_swapped() -> dict:
    game = series()
    game["undo"][-2:] = reversed(game["undo"][-2:])
    return game


def _series_other_games() -> dict:
    game = series()
    game["undo"][-2]["games"][0]["entries"][-1] = {"player": 0, "box": "chance", "score": 6}
    return game


DEEP = "[" * 100_000 + "]" * 100_000
SCRATCHED = {**ANN_FOURS, "scratch": True}  # a scratch the official rules do not allow

# name, what is planted ({key: text}), set aside?, undo steps the page then undoes, entries left per game
CASES: list[tuple[str, dict[str, str], bool, int, list[int] | None]] = [
    ("page's own steps", {KEY: text(saved_game(["Ann", "Bob"], *played()))}, False, 9, [0]),
    ("a series' new game", {KEY: text(series())}, False, len(Box) + 2, [0]),
    ("imported, nothing to undo", {KEY: text(with_steps([ANN_FOURS, BOB_FIVES], []))}, False, 0, [2]),
    ("markup and __proto__ names", {KEY: text(saved_game(
        ["<img src=x onerror=alert(1)>", "__proto__"], [ANN_FOURS], [ADD],
        title="</script><b>x</b>", id="__proto__"))}, False, 1, [0]),
    ("constructor and toString names", {KEY: text(with_steps([ANN_FOURS], [ADD]) | {
        "players": ["constructor", "toString"]})}, False, 1, [0]),
    ("a past game resumed", {HISTORY: text({"version": 1, "games": [past(saved_game(["Ann", "Bob"],
                                                                                    *played()))]})},
     False, 9, [0]),
    # Undo steps that look like the page's own but cannot be undone on this card
    ("add on an empty card", {KEY: text(with_steps([], [ADD]))}, True, 0, None),
    ("add twice for one entry", {KEY: text(with_steps([ANN_FOURS], [ADD, ADD]))}, True, 0, None),
    ("set past the end", {KEY: text(bent({"op": "set", "index": 7, "before": ANN_FOURS}))}, True, 0, None),
    ("set of another box", {KEY: text(bent({"op": "set", "index": 0, "before": {**BOB_FIVES, "player": 0}}))},
     True, 0, None),
    ("set of another player", {KEY: text(bent({"op": "set", "index": 0,
                                                "before": {**ANN_FOURS, "player": 1}}))},
     True, 0, None),
    ("remove of a filled box", {KEY: text(bent({"op": "remove", "index": 0, "before": ANN_FOURS}))},
     True, 0, None),
    ("remove far past the end", {KEY: text(bent({"op": "remove", "index": 20, "before": ANN_ACES}))},
     True, 0, None),
    ("negative index", {KEY: text(bent({"op": "remove", "index": -1, "before": ANN_ACES}))}, True, 0, None),
    ("fractional index", {KEY: text(bent({"op": "remove", "index": 1.5, "before": ANN_ACES}))},
     True, 0, None),
    ("text index", {KEY: text(bent({"op": "remove", "index": "2", "before": ANN_ACES}))}, True, 0, None),
    ("a step replay refuses", {KEY: text(bent({"op": "remove", "index": 2, "before": SCRATCHED}))},
     True, 0, None),
    ("set without its entry", {KEY: text(bent({"op": "set", "index": 0}))}, True, 0, None),
    ("add with an index", {KEY: text(with_steps([ANN_FOURS], [{"op": "add", "index": 0}]))}, True, 0, None),
    ("__proto__ step", {KEY: text(with_steps([ANN_FOURS], [{"op": "__proto__"}]))}, True, 0, None),
    ("constructor step", {KEY: text(with_steps([ANN_FOURS], [{"op": "constructor"}]))}, True, 0, None),
    ("toString step", {KEY: text(with_steps([ANN_FOURS], [{"op": "toString"}]))}, True, 0, None),
    ("numbered step", {KEY: text(with_steps([ANN_FOURS], [{"op": 5}]))}, True, 0, None),
    ("step without op", {KEY: text(with_steps([ANN_FOURS], [{}]))}, True, 0, None),
    ("step with __proto__", {KEY: text(with_steps([ANN_FOURS], [{"op": "add", "__proto__": {"op": "set"}}]))},
     True, 0, None),
    ("__proto__ box in a step", {KEY: text(bent({"op": "remove", "index": 2, "before": {**ANN_ACES,
                                                  "box": "__proto__"}}))}, True, 0, None),
    ("constructor box", {KEY: text(with_steps([{**ANN_FOURS, "box": "constructor"}], [ADD]))}, True, 0, None),
    ("an entry without its box", {KEY: text(with_steps([{"player": 0, "dice": [4, 4, 4, 4, 2]}], [ADD]))},
     True, 0, None),
    ("games step before its game's rolls are undone", {KEY: text(_series_swapped())}, True, 0, None),
    ("games step naming other games", {KEY: text(_series_other_games())}, True, 0, None),
    ("a past game with a bent step", {HISTORY: text({"version": 1, "games": [
        past(bent({"op": "set", "index": 0, "before": {**BOB_FIVES, "player": 0}}))]})}, True, 0, None),
    # Garbage
    ("not JSON", {KEY: "{not json"}, True, 0, None),
    ("a list", {KEY: "[]"}, True, 0, None),
    ("a number", {KEY: "5"}, True, 0, None),
    ("text", {KEY: '"x"'}, True, 0, None),
    ("deeply nested", {KEY: DEEP}, True, 0, None),
    ("an empty object", {KEY: "{}"}, True, 0, None),
    ("__proto__ holding the version", {KEY: text({"__proto__": {"version": 1, "revision": 1}})},
     True, 0, None),
    ("__proto__ in the game", {KEY: text(with_steps([ANN_FOURS], [ADD]) | {"__proto__": {"x": 1}})},
     True, 0, None),
    ("text version", {KEY: text(with_steps([ANN_FOURS], [ADD]) | {"version": "1"})}, True, 0, None),
    ("undo steps past the limit", {KEY: text(with_steps([ANN_FOURS], [ADD] * (UNDO_LIMIT + 1)))},
     True, 0, None),
    ("history of garbage", {HISTORY: text({"version": 1, "games": [None, 5, "x"]})}, True, 0, None),
]  # fmt: skip


@pytest.fixture(scope="module")
def planted() -> list[dict]:
    """What the page's store and controller did with each planted storage, from one node process."""
    question = {"model": scorekeeper_data(Rules(OFFICIAL)), "saved": [items for _, items, *_ in CASES]}
    return node_answers(question)["saved"]


@pytest.mark.parametrize("n", range(len(CASES)), ids=[case[0] for case in CASES])
def test_a_planted_saved_game_loads_and_undoes_or_is_set_aside(planted, n):
    """Set aside whole, or loaded and undone step by step to its last step; then a roll is placed."""
    name, items, aside, undone, left = CASES[n]
    answer = planted[n]
    assert "threw" not in answer, answer["threw"]
    assert answer["aside"] is aside, name
    assert answer["loaded"] or answer["history"] == (not aside and HISTORY in items), name
    assert answer["undone"] == undone, name
    assert answer["left"] == left, name
    assert answer["refused"] is None and re.fullmatch(r".+: .+ \d+", answer["placed"]), (
        name
    )  # "Ann: Fours 16"


def test_the_valid_cases_are_what_the_controller_saves():
    """The planted games that must load are the controller's own: the same actions in Node save
    exactly those entries and undo steps (so the table tests what the page writes, not a guess)."""
    official = node_answers({"model": scorekeeper_data(Rules(OFFICIAL)), "plays": [ACTIONS]})["plays"][0]
    entries, undo = played()
    assert official["alerts"] == []
    assert official["game"]["games"] == [{"entries": entries}] and official["game"]["undo"] == undo
    series_rules = Rules(OFFICIAL, (HouseRule.SERIES,))
    answer = node_answers({"model": scorekeeper_data(series_rules), "plays": [SERIES_ACTIONS]})["plays"][0]
    assert answer["alerts"] == []
    assert {key: answer["game"][key] for key in ("games", "undo")} == {
        key: series()[key] for key in ("games", "undo")
    }
