"""The scorekeeper's controller and store in Node, without a browser (issue 28, items 8 and 9): every
action the view binds and what it says, every refusal, the store's saves and refusals, and the
numbers and dates in the page's language (issue 26, item 2). tests/js/keeper.mjs runs the steps."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest
from babel import Locale
from babel.dates import format_date
from helpers import EXAMPLES, saved_game

from sheetgen.files.locales import speaking, translator
from sheetgen.rules import i18n
from sheetgen.rules.rulebook import either
from sheetgen.rules.variants import OFFICIAL, Rules
from sheetgen.web.scorekeeper import STORAGE_KEY, scorekeeper_data

KEEPER = Path(__file__).parent / "js" / "keeper.mjs"
KEY = STORAGE_KEY + "official"
START = [["c", "start", ["Ann", "Bob"]]]
ANN_FOURS = [*START, ["c", "typeDice", "44442"], ["c", "place", "fours"]]
ANN_YAHTZEE = [*START, ["c", "typeDice", "66666"], ["c", "place", "yahtzee"]]
ANN_YAHTZEE += [["c", "typeDice", "11111"], ["c", "place", "aces"]]  # Bob's turn: Ann's again next
# One player's 1,575: a Yahtzee, then every box the score an extra Yahtzee leaves there, each ticked.
MOST = {
    "aces": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 25, "sixes": 30, "three_of_a_kind": 30,
    "four_of_a_kind": 30, "full_house": 25, "small_straight": 30, "large_straight": 40, "chance": 30,
}  # fmt: skip
HIGHEST = [["c", "start", ["Ann"]], ["c", "writeScore", "yahtzee", "50"]] + [
    step for box, score in MOST.items() for step in (["c", "writeScore", box, str(score)], ["c", "tick", box])
]


def model(lang: str = "en", **constants: int) -> dict:
    with i18n.using(translator(lang)):
        data = scorekeeper_data(Rules(OFFICIAL))
    data["constants"] = data["constants"] | constants
    return data


def run(steps: list, storage: dict | None = None, lang: str = "en", data: dict | None = None) -> dict:
    node = shutil.which("node")
    if node is None:
        from browsing import missing

        missing("node is not installed")
    question = {
        "model": data or model(lang),
        "lang": lang,
        "runs": [{"steps": steps, "storage": storage or {}}],
    }
    done = subprocess.run(
        [node, str(KEEPER)], input=json.dumps(question), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)[0]


def said(result: dict | None) -> str | None:
    result = result or {}
    return result.get("alert") or result.get("live") or result.get("status")


def entries(answer: dict) -> list[dict]:
    return answer["saved"][KEY]["games"][-1]["entries"]


RECORD = json.loads((EXAMPLES / "boxes.json").read_text())
SEVEN = json.dumps(RECORD | {"players": [RECORD["players"][0] | {"name": f"P{n}"} for n in range(7)]})


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        (
            [*START, ["c", "typeDice", "44442"], ["c", "addDie", 3]],
            "A roll is 5 dice: tap a die above to take it back first.",
        ),
        ([*START, ["c", "typeDice", "17"]], "Dice are the numbers 1 to 6."),
        ([*START, ["c", "typeDice", "123456"]], "A roll is 5 dice: tap a die above to take it back first."),
        ([*START, ["c", "place", "aces"]], "Enter the dice first."),
        ([*START, ["c", "enterDice"]], "Enter the dice first."),
        (
            [*ANN_YAHTZEE, ["c", "typeDice", "44444"], ["c", "place", "chance"]],
            "Not written: Official rules: this extra Yahtzee goes to Fours, not Chance.",
        ),
        ([*START, ["c", "writeScore", "chance", "abc"]], "Type the score as a whole number."),
        (
            [*START, ["c", "writeScore", "full_house", "20"]],
            "Not written: Full House cannot score 20 (only 0 or 25).",
        ),
        (
            [*START, ["c", "setScratch", True], ["c", "typeDice", "12345"], ["c", "place", "aces"]],
            "Not written: a scratched turn needs the house rule scratch-any-box.",
        ),
        ([*START, ["c", "tick", "chance"]], "No Yahtzee bonus: write Chance first, as a typed score."),
        (
            [*ANN_FOURS, ["c", "tapCell", 0, "fours"], ["c", "tick", "fours"]],
            "No Yahtzee bonus for Fours: its dice are on the card, and they earn their own bonus.",
        ),
        (
            [*START, ["c", "writeScore", "yahtzee", "50"], ["c", "tick", "yahtzee"]],
            "No Yahtzee bonus for the Yahtzee box itself.",
        ),
        (
            [*START, ["c", "writeScore", "full_house", "25"], ["c", "tick", "full_house"]],
            "No Yahtzee bonus yet: the Yahtzee box must hold 50.",
        ),
        (
            [*ANN_YAHTZEE, ["c", "writeScore", "chance", "7"], ["c", "tick", "chance"]],
            "No Yahtzee bonus for Chance 7: no extra Yahtzee leaves that score there.",
        ),
        (
            [
                *ANN_YAHTZEE,
                ["c", "writeScore", "full_house", "25"],
                ["c", "tick", "full_house"],
                ["c", "tapCell", 0, "full_house"],
                ["c", "tick", "full_house"],
            ],
            "Full House already has its Yahtzee bonus: one per box.",
        ),
        ([*START, ["c", "clearBox", "aces"]], "Aces is already empty."),
        ([*START, ["c", "undo"]], "Nothing to undo."),
        ([["c", "undo"]], "Nothing to undo."),
        ([*START, ["c", "tapCell", 1, "aces"]], "It is Ann's turn; to correct a box, tap a filled one."),
        ([*START, ["c", "newGame"]], "This game has not started yet."),
        ([["c", "start", ["Ann", "Ann"]]], 'player 2: the name "Ann" is used twice'),
        ([["c", "start", []]], "give 1 to 6 players"),
        ([["c", "importText", "{oops", "x.json"]], "x.json: invalid JSON at line 1, column 2: "),
        ([["c", "tooBig", "big.json"]], "big.json: more than 5 MB; a record file may be at most that."),
        (
            [["c", "importText", '{"sheetgen_saved_game": 2, "game": {}}', "s.json"]],
            "s.json: a saved game from another version of this page",
        ),
        (
            [["c", "importText", SEVEN, "seven.json"]],
            "seven.json: 7 players; this page seats 6. `sheetgen fill game.json` prints it.",
        ),
        (
            [*ANN_YAHTZEE, ["c", "tapCell", 0, "chance"], ["c", "typeDice", "44444"], ["c", "enterDice"]],
            "Not written: Official rules: this extra Yahtzee goes to Fours, not Chance.",
        ),
    ],
    ids=[
        "sixth-die",
        "faces",
        "six-typed",
        "place-no-dice",
        "enter-no-dice",
        "joker-sends",
        "typed-not-number",
        "typed-impossible",
        "scratch-without-rule",
        "tick-no-box",
        "tick-dice-box",
        "tick-yahtzee-box",
        "tick-needs-yahtzee",
        "tick-misfit",
        "tick-twice",
        "clear-empty",
        "undo-nothing",
        "undo-no-game",
        "not-their-turn",
        "new-game-unstarted",
        "name-twice",
        "no-names",
        "invalid-json",
        "too-big",
        "other-version",
        "too-many-seats",
        "enter-chosen-box-closed",
    ],
)
def test_every_refusal_says_why_and_changes_nothing(steps, message):
    """Each refusal is one sentence (startswith: a JSON error's own reason follows) and the game saved
    is the one before the refused step."""
    answer = run(steps)
    before = run(steps[:-1])
    assert said(answer["results"][-1]).startswith(message), said(answer["results"][-1])
    assert answer["saved"].get(KEY, {}).get("games") == before["saved"].get(KEY, {}).get("games")


@pytest.mark.parametrize(
    ("steps", "message", "check"),
    [
        ([*START, ["c", "addDie", 4], ["c", "addDie", 2]], None, lambda a: a["ui"]["dice"] == [4, 2]),
        (
            [*START, ["c", "typeDice", "1 2,3-4 5"], ["c", "removeDie", 0]],
            None,
            lambda a: a["ui"]["dice"] == [2, 3, 4, 5],
        ),
        (
            ANN_FOURS,
            "Ann: Fours 16",
            lambda a: entries(a) == [{"player": 0, "dice": [4, 4, 4, 4, 2], "box": "fours"}],
        ),
        (
            [*START, ["c", "writeScore", "full_house", "25"]],
            "Ann: Full House 25",
            lambda a: (
                a["ui"]["written"] == {"player": 0, "box": "full_house"}
                and a["screen"]["box"] == "full_house"
            ),
        ),
        ([*START, ["c", "setScratch", True]], None, lambda a: a["ui"]["scratch"] is True),
        (
            [*START, ["c", "chooseBox", "chance"]],
            None,
            lambda a: a["screen"]["box"] == "chance" and a["ui"]["box"] == "chance",
        ),
        (
            [*START, ["c", "tapCell", 0, "chance"]],
            "Ann, Chance: enter the dice or a score.",
            lambda a: a["ui"]["box"] == "chance" and a["ui"]["cursor"] == {"row": 12, "col": 0},
        ),
        (
            [*ANN_FOURS, ["c", "tapCell", 0, "fours"]],
            "Correcting Ann's Fours: enter the dice or a score, or cancel.",
            lambda a: (
                a["ui"]["correcting"] == {"player": 0, "box": "fours"} and a["screen"]["whoText"] == "Ann"
            ),
        ),
        (
            [*ANN_FOURS, ["c", "tapCell", 0, "fours"], ["c", "cancelCorrection"]],
            "Correction cancelled.",
            lambda a: a["ui"]["correcting"] is None and a["screen"]["whoText"] == "Bob",
        ),
        (
            [*ANN_FOURS, ["c", "tapCell", 0, "fours"], ["c", "clearBox", "fours"]],
            "Ann: Fours emptied",
            lambda a: entries(a) == [],
        ),
        ([*ANN_FOURS, ["c", "undo"]], "Undone: Ann, Fours 16", lambda a: entries(a) == []),
        (
            [*START, ["c", "openSetup"]],
            None,
            lambda a: a["screen"]["playing"] is False and a["screen"]["hasGame"],
        ),
        ([*START, ["c", "openSetup"], ["c", "back"]], None, lambda a: a["screen"]["playing"] is True),
        (START, "New game: Ann and Bob.", lambda a: a["saved"][KEY]["players"] == ["Ann", "Bob"]),
        (
            [*ANN_FOURS, ["c", "newGame"]],
            "New game; the last one is in the past games.",
            lambda a: len(a["saved"][KEY + "/history"]["games"]) == 1 and entries(a) == [],
        ),
        (
            [["c", "importText", (EXAMPLES / "boxes.json").read_text(), "boxes.json"]],
            "Imported boxes.json.",
            lambda a: (
                a["saved"][KEY]["players"] == ["Ann", "Bob"] and a["screen"]["heading"].startswith("Game: ")
            ),
        ),
        (
            [*ANN_FOURS, ["c", "exportGame"]],
            "Exported as yahtzee-",
            lambda a: a["results"][-1]["finished"] is False,
        ),
        (
            [*ANN_FOURS, ["c", "newGame"], ["c", "view", "$past"]],
            None,
            lambda a: (
                a["ui"]["viewing"] == a["saved"][KEY + "/history"]["games"][0]["id"]
                and a["screen"]["history"][0]["rows"]
            ),
        ),
        (
            [*ANN_FOURS, ["c", "newGame"], ["c", "view", "$past"], ["c", "view", "$past"]],
            None,
            lambda a: a["ui"]["viewing"] is None and a["screen"]["history"][0]["rows"] is None,
        ),
        (
            [*START, ["c", "moveCursor", 3, 1]],
            None,
            lambda a: a["ui"]["cursor"] == {"row": 3, "col": 1} and a["screen"]["cursor"] == "cell-1-fours",
        ),
        ([*START, ["c", "moveCursor", -5, -5]], None, lambda a: a["ui"]["cursor"] == {"row": 0, "col": 0}),
        ([*START, ["c", "moveCursor", 99, 99]], None, lambda a: a["ui"]["cursor"] == {"row": 12, "col": 1}),
        ([*ANN_FOURS, ["c", "cursorToTurn"]], None, lambda a: a["ui"]["cursor"]["col"] == 1),
        (
            [*START, ["c", "moveCursor", 12, 0], ["c", "tapCursor"]],
            "Ann, Chance: enter the dice or a score.",
            lambda a: a["ui"]["box"] == "chance",
        ),
        (
            [*START, ["c", "typeDice", "66543"], ["c", "enterDice"]],
            None,
            lambda a: a["results"][-1] == {"focus": "aces"},
        ),
        (
            [*START, ["c", "tapCell", 0, "chance"], ["c", "typeDice", "66543"], ["c", "enterDice"]],
            None,
            lambda a: a["results"][-1] == {"focus": "chance"} and entries(a) == [],
        ),
    ],
    ids=[
        "add-die",
        "remove-die",
        "place",
        "write-score",
        "scratch",
        "choose-box",
        "tap-empty",
        "tap-filled",
        "cancel-correction",
        "clear-box",
        "undo",
        "open-setup",
        "back",
        "start",
        "new-game",
        "import",
        "export",
        "view",
        "hide",
        "cursor-move",
        "cursor-low",
        "cursor-high",
        "cursor-to-turn",
        "tap-cursor",
        "enter-first-offered",
        "enter-chosen",
    ],
)
def test_every_action_does_what_it_says(steps, message, check):
    answer = run(steps)
    result = answer["results"][-1]
    assert "alert" not in (result or {}), result
    if message is not None:
        assert said(result).startswith(message), said(result)
    assert check(answer), answer["ui"]


def test_a_typed_score_is_ticked_at_once_on_the_box_just_written():
    """Bob's turn has come, yet the list stays on Ann's Full House and its tick goes to Ann (issue 28, 3)."""
    steps = [*ANN_YAHTZEE, ["c", "writeScore", "full_house", "25"]]
    written = run(steps)
    assert written["screen"]["box"] == "full_house" and written["screen"]["tickRefused"] is None
    ticked = run([*steps, ["c", "tick", "full_house"]])
    assert said(ticked["results"][-1]) == "Ann: Yahtzee bonus for Full House"
    assert {"player": 0, "box": "full_house", "score": 25, "bonus": True} in entries(ticked)
    assert (
        ticked["screen"]["tickRefused"] == "No Yahtzee bonus: write Twos first, as a typed score."
    )  # Bob's first open box
    moved = run(
        [*steps, ["c", "chooseBox", "chance"], ["c", "chooseBox", "full_house"], ["c", "tick", "full_house"]]
    )
    assert said(moved["results"][-1]).startswith("No Yahtzee bonus")  # chosen again: Bob's box, not Ann's


def test_a_past_game_shows_every_row_and_totals_equal_to_its_summary():
    answer = run([*HIGHEST, ["c", "newGame"], ["c", "view", "$past"]])
    past = answer["screen"]["history"][0]
    keys = [row["key"] for row in past["rows"]]
    assert keys == [row["key"] for row in model()["rows"]]  # boxes, bonuses, totals: the live card's rows
    grand = next(row for row in past["rows"] if row["key"] == "grand_total")
    assert grand["values"] == ["1,575"] and "Ann 1,575" in past["note"]
    assert next(row for row in past["rows"] if row["key"] == "yahtzee_bonus")["values"] == ["1,200"]


@pytest.mark.parametrize("lang", ["en", "de", "sv"])
def test_players_are_listed_as_the_language_lists(lang):
    """Three players read "Ann, Bob and Cy" in the language's words, as the rule sheets list boxes."""
    with speaking(lang):
        listed = either(["Ann", "Bob", "Cy"], "and")
    answer = run([["c", "start", ["Ann", "Bob", "Cy"]]], lang=lang, data=model(lang))
    assert listed in said(answer["results"][-1]) and "Ann, Bob, Cy" not in said(answer["results"][-1])


@pytest.mark.parametrize("lang", ["en", "de", "fr", "pt-BR"])
def test_numbers_and_dates_in_the_pages_language(lang):
    """The controller writes numbers and dates as the page's language (its <html lang>) does, in the
    forms sheetgen's Python side writes (Babel), whatever Node's own locale: never 1575 or an ISO date."""
    answer = run([*HIGHEST, ["c", "newGame"]], lang=lang, data=model(lang))
    number = translator(lang).number
    assert said(answer["results"][-3]).endswith(f"{number(1475)}.")  # the last write, before its tick
    past = answer["screen"]["history"][0]
    assert f"Ann {number(1575)}" in past["note"]
    locale = Locale.parse(lang.replace("-", "_"))
    assert format_date(date.today(), "medium", locale=locale) in past["what"], past["what"]
    printed = run([*START], lang=lang, data=model(lang))["screen"]["printedOn"]
    assert printed == format_date(date.today(), "long", locale=locale)


def test_another_tabs_newer_game_wins_and_this_tab_says_so():
    planted = saved_game(
        ["Cy", "Dee"], [{"player": 0, "dice": [4, 4, 4, 4, 2], "box": "fours"}], [{"op": "add"}]
    )
    newer = json.dumps(planted | {"revision": 99})
    answer = run([*START, ["other", KEY, newer], ["c", "typeDice", "12345"], ["c", "place", "aces"]])
    assert said(answer["results"][-1]) == (
        "This game was changed in another tab; that version is shown, your last change is not kept."
    )
    assert answer["saved"][KEY]["players"] == ["Cy", "Dee"]
    synced = run([*START, ["other", KEY, newer], ["c", "storageChanged", KEY]])
    assert said(synced["results"][-1]) == "Updated from another tab." and synced["screen"]["names"] == [
        "Cy",
        "Dee",
    ]
    assert run([*START, ["c", "storageChanged", "elsewhere"]])["results"][-1] is None
    assert run([*START, ["c", "storageChanged", KEY]])["results"][-1] is None  # its own save: nothing new


def test_the_store_sets_aside_what_fails_and_says_when_the_browser_refuses():
    aside = run([["c", "setAsideFile"], ["c", "forgetSetAside"]], storage={KEY: "{not json"})
    assert aside["results"][0] == {"name": "official-set-aside.json", "text": "{not json"}
    assert aside["screen"]["setAside"] is False and KEY + "/set-aside" not in aside["saved"]
    kept = run([], storage={KEY: "{not json"})
    assert kept["screen"]["setAside"] is True and kept["saved"][KEY + "/set-aside"] == "{not json"
    broken = run(
        [*START, ["broken", True], ["c", "typeDice", "44442"], ["c", "place", "fours"], ["c", "flush"]]
    )
    assert broken["refused"] == 1
    assert run([["broken", True], ["s", "save"]])["results"][-1] is False
    assert run([["s", "save"]])["results"][-1] is True


def test_the_history_keeps_its_limit_and_gives_games_back():
    data = model(history_limit=2)
    keep = [["s", "keep", saved_game(["Ann"], [], [], id=name)] for name in "abc"]
    answer = run([*keep, ["s", "take", "b"], ["s", "take", "nothing"], ["s", "save"]], data=data)
    dropped = [result and result["id"] for result in answer["results"][:5]]
    assert dropped == [None, None, "a", "b", None]  # "a" dropped past the limit, "b" taken back
    assert [g["id"] for g in answer["saved"][KEY + "/history"]["games"]] == ["c"]


def test_a_deleted_game_is_asked_about_with_its_date_and_gone():
    steps = [*ANN_FOURS, ["c", "newGame"], ["c", "deleteQuestion", "$past"], ["c", "remove", "$past"]]
    answer = run([*steps, ["c", "deleteQuestion", "gone"]])
    question, removed, gone = answer["results"][-3:]
    assert (
        question.startswith("Delete the game of Ann and Bob from ")
        and "T" not in question.split(" from ")[1][:10]
    )
    assert removed["status"] == "Deleted the game of Ann and Bob." and gone is None
    assert answer["saved"][KEY + "/history"]["games"] == []


def test_resume_brings_a_past_game_back():
    steps = [*ANN_FOURS, ["c", "newGame"], ["c", "typeDice", "12345"], ["c", "place", "chance"]]
    answer = run([*steps, ["c", "resume", "$past"]])
    assert said(answer["results"][-1]) == "Resumed: Ann and Bob."
    assert entries(answer) == [{"player": 0, "dice": [4, 4, 4, 4, 2], "box": "fours"}]
    assert len(answer["saved"][KEY + "/history"]["games"]) == 1  # the game on screen went to the history


def test_short_names_tell_every_column_apart():
    answer = run([["c", "start", ["Marie-Christine", "Maman", "Jürgen", "Anke", "Léo", "Zoë"]]])
    assert answer["screen"]["short"] == [
        "Mar\u2026",
        "Mam\u2026",
        "Jü\u2026",
        "An\u2026",
        "Lé\u2026",
        "Zo\u2026",
    ]
    long = run([["c", "start", ["Marie-Christine Dupont-Lefebvre", "Marie-Christine Dupont-Lemaire", "Al"]]])
    assert long["screen"]["short"] == ["Mar\u2026vre", "Mar\u2026ire", "Al"]
