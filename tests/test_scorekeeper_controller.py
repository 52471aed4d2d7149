"""The scorekeeper's controller in Node without a browser (issue 28): what Undo says it undid, and
the dice typed for the next roll that it keeps."""

from __future__ import annotations

import pytest
from helpers import node_answers

from sheetgen.rules.boxes import Box
from sheetgen.rules.variants import OFFICIAL, HouseRule, Rules
from sheetgen.web.scorekeeper import scorekeeper_data

PLAIN = Rules(OFFICIAL)
START = [["start", ["Ann", "Bob"]]]
ANN_FOURS = [*START, ["typeDice", "44442"], ["place", "fours"]]
CORRECTED = [*ANN_FOURS, ["tapCell", 0, "fours"], ["typeDice", "44422"], ["place", "fours"]]
TICKED = [
    *START, ["typeDice", "66666"], ["place", "yahtzee"], ["typeDice", "11111"], ["place", "aces"],
    ["writeScore", "full_house", "25"], ["tapCell", 0, "full_house"], ["tick", "full_house"],
]  # fmt: skip
EMPTIED = [*ANN_FOURS, ["tapCell", 0, "fours"], ["clearBox", "fours"]]
ZEROS = [["writeScore", box.value, "5" if box is Box.CHANCE else "0"] for box in Box]  # Chance: 5 at least
SERIES_NEXT = [["start", ["Ann"]], *ZEROS, ["newGame"]]


@pytest.mark.parametrize(
    ("rules", "actions", "said", "dice"),
    [
        (PLAIN, [*ANN_FOURS, ["typeDice", "555"], ["undo"]], "Undone: Ann, Fours 16", [5, 5, 5]),
        (PLAIN, [*CORRECTED, ["undo"]], "Undone: Ann, Fours 12", []),
        (PLAIN, [*TICKED, ["typeDice", "2"], ["undo"]], "Undone: Ann, Yahtzee bonus for Full House", [2]),
        (PLAIN, [*EMPTIED, ["undo"]], "Undone: Ann, Fours emptied", []),
        (Rules(OFFICIAL, (HouseRule.SERIES,)), [*SERIES_NEXT, ["undo"]], "Undone.", []),
        (PLAIN, [*START, ["typeDice", "12"], ["undo"]], "Nothing to undo.", [1, 2]),
    ],
    ids=["roll", "correction", "tick", "emptied", "new-game", "nothing"],
)
def test_undo_says_what_it_undid_and_keeps_the_dice(rules, actions, said, dice):
    answer = node_answers({"model": scorekeeper_data(rules), "plays": [actions]})["plays"][0]
    assert answer["alerts"] == []
    assert (answer["said"], answer["dice"]) == (said, dice)
