"""The scorekeeper's controller in Node without a browser (issue 28): what Undo says it undid, and
the dice typed for the next roll that it keeps; what a write says (its bonus, the winner at the end)."""

from __future__ import annotations

import pytest
from helpers import node_answers

from sheetgen.rules.boxes import Box
from sheetgen.rules.game import TRIPLE_YAHTZEE
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

ANN_YAHTZEE = [*START, ["typeDice", "66666"], ["place", "yahtzee"]]
ANN_FOURS_ROLL = [["typeDice", "44444"], ["place", "fours"]]  # Ann's extra Yahtzee, after Bob's turn


def both_zero_but_chance(ann: int, bob: int) -> list[list]:
    """A whole game of two in turn: every box 0 but Chance, where Ann then Bob write the last scores."""
    rows = [a for box in Box if box is not Box.CHANCE for a in (["writeScore", box.value, "0"],) * 2]
    return [*START, *rows, ["writeScore", "chance", str(ann)], ["writeScore", "chance", str(bob)]]


@pytest.mark.parametrize(
    ("rules", "actions", "said", "dice"),
    [
        (PLAIN, [*ANN_FOURS, ["typeDice", "555"], ["undo"]], "Undone: Ann, Fours 16", [5, 5, 5]),
        (PLAIN, [*CORRECTED, ["undo"]], "Undone: Ann, Fours 12", []),
        (PLAIN, [*TICKED, ["typeDice", "2"], ["undo"]], "Undone: Ann, Yahtzee bonus for Full House", [2]),
        (PLAIN, [*EMPTIED, ["undo"]], "Undone: Ann, Fours emptied", []),
        (Rules(OFFICIAL, (HouseRule.SERIES,)), [*SERIES_NEXT, ["undo"]], "Undone.", []),
        (PLAIN, [*START, ["typeDice", "12"], ["undo"]], "Nothing to undo.", [1, 2]),
        # A card of three columns: the roll, its correction and the undo name the cell's column (times 2).
        (
            Rules(game=TRIPLE_YAHTZEE),
            [
                *START,
                ["typeDice", "44442"],
                ["place", "fours", 1],
                ["typeDice", "11111"],
                ["place", "aces", 2],
                ["tapCell", 0, "fours", 1],
                ["typeDice", "44422"],
                ["place", "fours", 1],
                ["undo"],
            ],
            "Undone: Ann, Fours \u00d72 12",
            [],
        ),
    ],
    ids=["roll", "correction", "tick", "emptied", "new-game", "nothing", "column-correction"],
)
def test_undo_says_what_it_undid_and_keeps_the_dice(rules, actions, said, dice):
    answer = node_answers({"model": scorekeeper_data(rules), "plays": [actions]})["plays"][0]
    assert answer["alerts"] == []
    assert (answer["said"], answer["dice"]) == (said, dice)


@pytest.mark.parametrize(
    ("actions", "said", "result"),
    [
        (both_zero_but_chance(5, 30), "Bob: Chance 30. Game over: Bob wins with 30.", "Bob wins with 30"),
        (both_zero_but_chance(30, 5), "Bob: Chance 5. Game over: Ann wins with 30.", "Ann wins with 30"),
        (
            both_zero_but_chance(7, 7),
            "Bob: Chance 7. Game over: Ann and Bob tie with 7.",
            "Ann and Bob tie with 7",
        ),
        (ANN_YAHTZEE, "Ann: Yahtzee 50", None),
        (
            [*ANN_YAHTZEE, ["typeDice", "11111"], ["place", "aces"], *ANN_FOURS_ROLL],
            "Ann: Fours 20, Yahtzee bonus +100",
            None,
        ),
        (
            [*START, ["typeDice", "22222"], ["place", "twos"], ["typeDice", "22222"], ["place", "twos"]],
            "Bob: Twos 10",
            None,
        ),
    ],
    ids=["second-wins", "first-wins", "tie", "first-yahtzee", "extra-yahtzee", "yahtzee-shape-no-bonus"],
)
def test_a_write_says_its_bonus_and_the_last_one_the_winner(actions, said, result):
    """The winner is the engine's (the highest grand total, a tie naming all), never the player a
    next turn would go to; an extra Yahtzee entered as dice says the bonus it earned."""
    answer = node_answers({"model": scorekeeper_data(PLAIN), "plays": [actions]})["plays"][0]
    assert answer["alerts"] == []
    assert (answer["said"], answer["result"]) == (said, result)
