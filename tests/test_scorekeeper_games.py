"""engine.mjs scores every game of the family from its definition, as the Python engine does.

A golden table per game (RULES.md's worked examples among its rows) is scored by both engines, and
random whole games (a column per multiplier) are placed through both and compared turn by turn:
the legal slots, the score in every open slot, each column's totals and the grand total.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from helpers import DATA, blob, node_answers, run_cli, saved_game

from sheetgen.errors import IllegalPlacementError, SheetgenError
from sheetgen.rules.game import GAMES, TRIPLE_YAHTZEE, Game
from sheetgen.rules.records import parse_record
from sheetgen.rules.scoring import Card, ScoreCard, score_in_box
from sheetgen.rules.simulate import roll_turn
from sheetgen.rules.variants import VARIANTS, HouseRule, Rules
from sheetgen.web.scorekeeper import scorekeeper_data

GOLDEN = DATA / "golden_games.txt"
ALIKE_SHARE = 0.3  # of turns forced to five alike, so extra rolls and Jokers come often
GAMES_PER_RULES = {1: 16, 3: 3}  # by the number of columns: a Triple game is 39 turns


def _golden_rows(game: Game) -> list[tuple[list[int], int, str, list[dict[str, int]], int | None]]:
    """The table's rows of `game`: dice, column index, box id, each column's filled boxes, the score."""
    rows = []
    for line in GOLDEN.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, dice, slot, filled, expected = (part.strip() for part in line.split("|"))
        if name != game.id:
            continue
        box, *column = slot.split()
        columns = [
            {item.split("=")[0]: int(item.split("=")[1]) for item in part.split() if item != "-"}
            for part in filled.split("/")
        ]
        score = None if expected == "ILLEGAL" else int(expected)
        rows.append(
            ([int(d) for d in dice.split()], int(column[0]) - 1 if column else 0, box, columns, score)
        )
    return rows


def _rules(game: Game) -> list[Rules]:
    """Every way of scoring the game: each variant with the house rules that change a score."""
    if not game.takes_jokers:
        return [Rules(game=game)]
    scoring = (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE, HouseRule.SCRATCH_ANY_BOX)
    sets = [(), *((rule,) for rule in scoring), scoring]
    return [Rules(variant, house_rules, game=game) for variant in VARIANTS for house_rules in sets]


def _names(rules: Rules) -> dict[str, Any]:
    return {"variant": rules.name, "house_rules": rules.house_rule_names}


@pytest.mark.parametrize("game", [g for g in GAMES.values() if g.id != "yahtzee"], ids=lambda g: g.id)
def test_golden_table_scores_alike_in_python_and_the_browser_engine(game: Game) -> None:
    """Every golden row of the game scores as written in Python and in engine.mjs, or is refused in both."""
    rows = _golden_rows(game)
    assert len(rows) >= 10
    rules = Rules(game=game)
    cases = [
        {**_names(rules), "dice": dice, "column": k, "box": box, "scratch": False, "columns": cols}
        for dice, k, box, cols, _ in rows
    ]
    answers = node_answers({"model": scorekeeper_data(rules), "golden": cases})["golden"]
    for (dice, k, box, columns, expected), answer in zip(rows, answers, strict=True):
        card = Card(
            game,
            tuple(ScoreCard({game.box_set(b): s for b, s in c.items()}, game=game) for c in columns),
        )
        try:
            python = card.score(tuple(dice), (k, game.box_set(box)), rules)
        except IllegalPlacementError:
            python = None
        assert (python, answer) == (expected, expected), (dice, k + 1, box, columns)


def _play(rng: random.Random, rules: Rules) -> tuple[list[dict], list[dict]]:
    """One random whole game's turns and, per turn, the Python engine's answers."""
    game = rules.game
    card = Card.empty(game)
    turns, answers = [], []
    for _ in range(game.turns):
        dice = roll_turn(rng)
        if rng.random() < ALIKE_SHARE:
            dice = (rng.choice(game.faces),) * game.dice
        legal = card.legal_slots(dice, rules)
        joker = card.is_joker(dice)
        scores = {
            f"{k}:{box.value}": score_in_box(dice, box, rules, joker=joker) if (k, box) in legal else None
            for k, column in enumerate(card.columns)
            for box in column.open_boxes
        }
        slot = (
            rng.choice(legal)
            if rng.random() < 0.5
            else max(legal, key=lambda s: scores[f"{s[0]}:{s[1].value}"])
        )
        scratch = rules.scratch_any_box and rng.random() < 0.15
        turns.append({"dice": list(dice), "column": slot[0], "box": slot[1].value, "scratch": scratch})
        card = card.place(dice, slot, rules, scratch=scratch)
        answers.append(
            {
                "legal": [[k, box.value] for k, box in legal],
                "scores": scores,
                "totals": [dataclasses.asdict(column.totals) for column in card.columns],
                "grand_total": card.grand_total,
            }
        )
    return turns, answers


# Yahtzee's turns are compared for every rules by test_scorekeeper_engine.py.
@pytest.mark.parametrize("game", [g for g in GAMES.values() if g.id != "yahtzee"], ids=lambda g: g.id)
def test_whole_games_agree_turn_by_turn(game: Game) -> None:
    """Random whole games of every rules of the game: engine.mjs gives Python's legal slots, scores
    in every open slot, column totals and grand total after every turn, Jokers and extra bonuses included."""
    rng = random.Random(30)
    cases, expected = [], []
    for rules in _rules(game):
        played = [_play(rng, rules) for _ in range(GAMES_PER_RULES[len(game.columns)])]
        cases.append({**_names(rules), "games": [turns for turns, _ in played]})
        expected.append([answers for _, answers in played])
    model = scorekeeper_data(Rules(game=game))
    answers = node_answers({"model": model, "wholes": cases})["wholes"]
    compared = held = 0
    for case, want, got in zip(cases, expected, answers, strict=True):
        for n, (want_game, got_game) in enumerate(zip(want, got, strict=True)):
            for turn, (w, g) in enumerate(zip(want_game, got_game, strict=True)):
                assert g == w, (
                    f"{case['variant']} {case['house_rules']} game {n} turn {turn}: {case['games'][n][turn]}"
                )
                compared += 1
                held += len(w["legal"]) < len(w["scores"])
    assert compared == sum(len(g) for g in expected) * game.turns
    assert game.extra_bonus is None or held >= 20  # the Joker order was walked, across the columns
    print(f"{game.id}: {compared} turns compared, {held} held to the Joker order")


def test_triple_yahtzee_extra_bonus_counts_in_its_column_times_its_multiplier() -> None:
    """Three Yahtzees of 50, then an extra one in column 3's Fives: 100 in that column's total, tripled."""
    rules = Rules(game=TRIPLE_YAHTZEE)
    turns = [{"dice": [5] * 5, "column": k, "box": "yahtzee"} for k in range(3)]
    turns.append({"dice": [5] * 5, "column": 2, "box": "fives"})
    case = {**_names(rules), "games": [turns]}
    answer = node_answers({"model": scorekeeper_data(rules), "wholes": [case]})["wholes"][0][0][-1]
    assert [t["yahtzee_bonus"] for t in answer["totals"]] == [0, 0, 100]
    assert [t["grand_total"] for t in answer["totals"]] == [50, 50, 175]
    assert answer["grand_total"] == 50 + 50 * 2 + 175 * 3


def test_saved_games_of_another_game_are_refused_in_one_line() -> None:
    """Each game's page keeps its games under its own key; a Yahtzee game planted under the Yatzy
    page's key is set aside, and its saved-game file imported there is refused in one line."""
    keys = {scorekeeper_data(Rules(game=game))["page"]["storage_key"] for game in GAMES.values()}
    assert len(keys) == len(GAMES)
    yatzy = scorekeeper_data(Rules(game=GAMES["yatzy"]))
    entries = [{"player": 0, "dice": [4, 4, 4, 4, 2], "box": "fours"}]
    planted = saved_game(["Ann", "Bob"], entries, [{"op": "add"}])
    file_game = {k: v for k, v in planted.items() if k not in ("version", "revision")} | {"undo": []}
    answers = node_answers(
        {
            "model": yatzy,
            "saved": [{yatzy["page"]["storage_key"]: json.dumps(planted)}],
            "imports": [{"name": "yahtzee.json", "data": {yatzy["saved_game_key"]: 1, "game": file_game}}],
        }
    )
    assert answers["saved"][0]["aside"] and not answers["saved"][0]["loaded"]
    alert = answers["imports"][0]["alert"]
    assert alert == (
        "yahtzee.json: saved game: a game of Yahtzee; this page keeps Yatzy: open the scorekeeper of Yahtzee"
    )
    assert "\n" not in alert
    # The same game saved by the Yatzy page (its rules name the game) loads there.
    own = saved_game(["Ann", "Bob"], entries, [{"op": "add"}], rules={"game": "yatzy", **planted["rules"]})
    answer = node_answers({"model": yatzy, "saved": [{yatzy["page"]["storage_key"]: json.dumps(own)}]})
    assert answer["saved"][0]["loaded"] and not answer["saved"][0]["aside"]


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_the_scorekeeper_command_writes_each_game_page(tmp_path, game: Game) -> None:
    """`sheetgen scorekeeper --game ID` writes the game's page (its definition in the blob, its own
    storage key); a card of several columns adds the scored row and the player's grand total."""
    target = tmp_path / "page.html"
    result = run_cli(["scorekeeper", "--game", game.id, "-o", str(target)])
    assert result.exit_code == 0, result.output
    data = blob(target.read_text())
    assert data["game"] == game.to_data()
    assert data["page"]["storage_key"].endswith(Rules(game=game).slug)
    keys = [row["key"] for row in data["rows"]]
    totals = {total["name"]: total["label"] for total in data["totals"]}
    if len(game.columns) > 1:
        assert keys[-3:] == ["grand_total", "scored", "card_total"]
        assert totals["grand_total"] == "Column total" and totals["card_total"] == "Grand total"
    else:
        assert "scored" not in keys and "scored" not in totals and totals["grand_total"] == "Grand total"


def _triple_record(rng: random.Random, rules: Rules) -> dict[str, Any]:
    players = []
    for name in ("Ann", "Bob"):
        turns, _ = _play(rng, rules)
        for turn in turns:
            turn["column"] += 1  # records count columns from 1
            if not turn.pop("scratch"):
                continue
            turn["scratch"] = True
        players.append({"name": name, "turns": turns})
    return {"game": TRIPLE_YAHTZEE.id, **_names(rules), "players": players}


def test_triple_yahtzee_records_check_alike_in_python_and_the_browser_engine() -> None:
    """Triple Yahtzee records of 39 turns with columns: the page's reader gives each column's boxes
    and total and the grand total `sheetgen score --json` gives, and refuses what it refuses, alike."""
    rng = random.Random(39)
    records = [_triple_record(rng, rules) for rules in _rules(TRIPLE_YAHTZEE)[::2]]
    broken = json.loads(json.dumps(records[0]))
    broken["players"][0]["turns"][5]["column"] = 4
    short = json.loads(json.dumps(records[0]))
    short["players"][1]["turns"] = short["players"][1]["turns"][:13]
    records += [broken, short]
    cases = [{"name": f"r{n}.json", "data": data} for n, data in enumerate(records)]
    expected = []
    for case in cases:
        try:
            checked = parse_record(case["data"], source=case["name"]).to_json()
        except SheetgenError as error:
            expected.append({"error": str(error)})
            continue
        players = [
            {
                "name": p["name"],
                "columns": [{"boxes": c["boxes"], "total": c["total"]} for c in p["columns"]],
                "grand_total": p["grand_total"],
            }
            for p in checked["games"][0]["players"]
        ]
        expected.append(
            {"variant": checked["variant"], "house_rules": checked["house_rules"], "games": [players]}
        )
    model = scorekeeper_data(Rules(game=TRIPLE_YAHTZEE))
    answers = node_answers({"model": model, "records": cases})["records"]
    assert answers == expected
    assert "'column' must be a whole number from 1 to 3, found 4" in answers[-2]["error"]
    assert "13 turns; a game is exactly 39" in answers[-1]["error"]


def test_a_yatzy_page_reads_yatzy_records_and_refuses_others_in_one_line() -> None:
    """Yatzy records (as sheetgen score reads them) load on the Yatzy page with Python's totals; a
    record naming no game (Yahtzee's) or a variant is refused in one line, as the command line words it."""
    rules = Rules(game=GAMES["yatzy"])
    rng = random.Random(15)
    players = [{"name": name, "turns": _play(rng, rules)[0]} for name in ("Ann", "Bob")]
    for player in players:
        for turn in player["turns"]:
            del turn["column"], turn["scratch"]
    record = {"game": "yatzy", "players": players}
    yahtzee = {k: v for k, v in record.items() if k != "game"}
    variant = {**record, "variant": "official"}
    cases = [
        {"name": f"{n}.json", "data": data} for n, data in (("y", record), ("h", yahtzee), ("v", variant))
    ]
    answers = node_answers({"model": scorekeeper_data(rules), "records": cases})["records"]
    checked = parse_record(record, source="y.json").to_json()["games"][0]["players"]
    assert [p["grand_total"] for p in answers[0]["games"][0]] == [p["grand_total"] for p in checked]
    assert answers[1] == {
        "error": "h.json: game: a game of Yahtzee; this page keeps Yatzy: open the scorekeeper of Yahtzee"
    }
    with pytest.raises(SheetgenError) as python:
        parse_record(variant, source="v.json")
    assert answers[2] == {"error": str(python.value)}


def test_triple_yahtzee_records_written_back_by_the_page_score_alike() -> None:
    """A Triple Yahtzee record read by the page and written back (its Export) keeps every turn's
    column, dice and box, and `sheetgen score` gives it the same totals."""
    rules = Rules(game=TRIPLE_YAHTZEE)
    record = {**_triple_record(random.Random(3), rules), "date": "2026-12-03"}
    model = scorekeeper_data(rules)
    written = node_answers({"model": model, "roundtrips": [{"name": "t.json", "data": record}]})[
        "roundtrips"
    ][0]
    assert written["game"] == TRIPLE_YAHTZEE.id
    assert [p["turns"] for p in written["players"]] == [p["turns"] for p in record["players"]]
    assert parse_record(written).to_json() == parse_record(record).to_json()
