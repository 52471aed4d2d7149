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
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browsing import missing
from helpers import EXAMPLES, TESTS, node_answers, play

from sheetgen.errors import ConflictingHouseRulesError, SheetgenError
from sheetgen.files.records import checked_record
from sheetgen.rules.boxes import Box
from sheetgen.rules.records import parse_record
from sheetgen.rules.scoring import extra_yahtzee_scores, possible_scores
from sheetgen.rules.text import MAX_LINE, REPR, one_line, printable, quote
from sheetgen.rules.variants import VARIANTS, HouseRule, JokerOrder, Rules
from sheetgen.web.scorekeeper import scorekeeper_data

DRIVER = TESTS / "js" / "agreement.mjs"
GAMES_PER_RULES = 16


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


def scoring_rule_sets() -> list[Rules]:
    """One rules per way of scoring: the variant and the house rules that change a score."""
    scoring = (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE, HouseRule.SCRATCH_ANY_BOX)
    return [r for r in rule_sets() if set(r.house_rules) <= set(scoring)]


def _mutations() -> list[tuple[str, Any]]:
    """Invalid records, each one change away from an example."""
    turns = json.loads((EXAMPLES / "turns.json").read_text())
    boxes = json.loads((EXAMPLES / "boxes.json").read_text())
    series = json.loads((EXAMPLES / "series.json").read_text())

    def change(record: dict, edit: Callable[[dict], None]) -> dict:
        copy = json.loads(json.dumps(record))
        edit(copy)
        return copy

    def first_player(record: dict) -> dict:
        return record["players"][0] if "players" in record else record["games"][0]["players"][0]

    def turn(n: int, **changes: Any) -> Callable[[dict], None]:
        return lambda r: first_player(r)["turns"][n].update(changes)

    first_box = first_player(turns)["turns"][0]["box"]
    yahtzee_turn = next(
        n for n, t in enumerate(first_player(turns)["turns"]) if len(set(t["dice"])) == 1 and n > 0
    )
    return [
        ("not an object", [1, 2]),
        ("unknown key", change(turns, lambda r: r.update(colour="red"))),
        ("unknown variant", change(turns, lambda r: r.update(variant="vegas"))),
        ("variant file", change(turns, lambda r: r.update(variant="house.toml"))),
        ("unknown house rule", change(turns, lambda r: r.update(house_rules=["double-yahtzee"]))),
        ("two starts", change(turns, lambda r: r.update(house_rules=["one-die-start", "five-dice-start"]))),
        ("bad date", change(turns, lambda r: r.update(date="2026-02-30"))),
        ("bad language", change(turns, lambda r: r.update(lang=7))),
        ("no name", change(turns, lambda r: r["players"][0].pop("name"))),
        ("empty title", change(turns, lambda r: r.update(title="  "))),
        ("games and players", change(turns, lambda r: r.update(games=[]))),
        ("seven games", change(series, lambda r: r.update(games=r["games"][:1] * 7))),
        ("renamed in game 2", change(series, lambda r: r["games"][1]["players"][0].update(name="Zed"))),
        ("same name twice", change(turns, lambda r: r["players"][1].update(name="Ann"))),
        ("control character", change(turns, lambda r: r["players"][0].update(name="A\u0007n"))),
        ("long name", change(turns, lambda r: r["players"][0].update(name="x" * 201))),
        ("twelve turns", change(turns, lambda r: first_player(r)["turns"].pop())),
        ("six dice", change(turns, lambda r: first_player(r)["turns"][0]["dice"].append(1))),
        ("a seven", change(turns, turn(0, dice=[7, 1, 1, 1, 1]))),
        ("unknown box", change(turns, turn(0, box="pair"))),
        ("box twice", change(turns, turn(1, box=first_box))),
        ("scratch without the rule", change(turns, turn(0, scratch=True))),
        ("scratch false", change(turns, turn(0, scratch=False))),
        ("joker order", change(turns, turn(yahtzee_turn, box="chance"))),
        ("impossible score", change(boxes, lambda r: first_player(r)["boxes"].update(full_house=20))),
        ("missing box", change(boxes, lambda r: first_player(r)["boxes"].pop("chance"))),
        ("bonus without 50", change(boxes, lambda r: first_player(r)["boxes"].update(yahtzee=0))),
        ("too many bonuses", change(boxes, lambda r: first_player(r).update(yahtzee_bonuses=12))),
        ("bonus count", change(boxes, lambda r: first_player(r).update(yahtzee_bonuses=-1))),
        ("chance 0 without scratching", change(boxes, lambda r: first_player(r)["boxes"].update(chance=0))),
    ]  # fmt: skip


def _python_record(name: str, data: Any) -> dict[str, Any]:
    try:
        record = parse_record(data, source=name)
    except SheetgenError as error:
        return {"error": str(error)}
    checked = record.to_json()
    games = [[{k: v for k, v in p.items() if k != "winners"} for p in g["players"]] for g in checked["games"]]
    return {"variant": checked["variant"], "house_rules": checked["house_rules"], "games": games}


@pytest.fixture(scope="module")
def agreement() -> dict[str, Any]:
    """Both engines' answers to the same questions, the JavaScript ones from one node process."""
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    rng = random.Random(9)
    games, expected_games = [], []
    for rules in rule_sets():
        played = [play(rng, rules) for _ in range(GAMES_PER_RULES)]
        names = {"variant": rules.name, "house_rules": rules.house_rule_names}
        games.append({**names, "games": [g[0] for g in played]})
        expected_games.append([g[1] for g in played])
    tables = [{"variant": r.name, "house_rules": r.house_rule_names} for r in scoring_rule_sets()]
    expected_tables = [
        {
            "possible": {box.value: sorted(possible_scores(box, r)) for box in Box},
            "extra_yahtzee": {box.value: sorted(v) for box, v in extra_yahtzee_scores(r).items()},
        }
        for r in scoring_rule_sets()
    ]
    records = [{"name": p.name, "data": json.loads(p.read_text())} for p in sorted(EXAMPLES.glob("*.json"))]
    records = [r for r in records if not r["data"].get("variant", "").endswith(".toml")]
    crowd = json.loads((EXAMPLES / "turns.json").read_text())
    crowd["players"] = [{**p, "name": f"{p['name']} {n}"} for n in range(3) for p in crowd["players"]]
    records.append({"name": "nine players", "data": crowd})  # more than a page seats, still a record
    redundant = {**crowd, "variant": "hasbro", "house_rules": ["series", "One-Die-Start", "series"]}
    records.append({"name": "redundant start", "data": redundant})  # left out, as the variant has it
    records += [{"name": name, "data": data} for name, data in _mutations()]
    expected_records = [_python_record(r["name"], r["data"]) for r in records]
    model = scorekeeper_data(Rules())
    question = {"model": model, "games": games, "tables": tables, "records": records}
    out = subprocess.run(
        [node, str(DRIVER)], input=json.dumps(question), capture_output=True, text=True, check=True
    )
    answers = json.loads(out.stdout)
    return {
        "games": (games, expected_games, answers["games"]),
        "tables": (tables, expected_tables, answers["tables"]),
        "records": (records, expected_records, answers["records"]),
    }


def test_javascript_engine_agrees_with_python_on_every_turn(agreement: dict[str, Any]) -> None:
    """Same legal boxes, same score in every open box, same totals, for every rules and turn."""
    cases, expected, answers = agreement["games"]
    compared = 0
    for case, want, got in zip(cases, expected, answers, strict=True):
        for game, (want_game, got_game) in enumerate(zip(want, got, strict=True)):
            for turn, (w, g) in enumerate(zip(want_game, got_game, strict=True)):
                played = case["games"][game][turn]
                assert g == w, f"{case['variant']} {case['house_rules']} game {game} turn {turn}: {played}"
                compared += 1
    assert compared == len(rule_sets()) * GAMES_PER_RULES * len(Box)
    print(f"{compared} turns compared over {len(cases)} rule sets")


def test_the_games_walk_every_joker_path(agreement: dict[str, Any]) -> None:
    """Per variant, the compared turns include extra Yahtzees held to the Joker order and scored as Jokers."""
    cases, expected, _ = agreement["games"]
    for variant in VARIANTS:
        held = jokers = 0
        for case, games in zip(cases, expected, strict=True):
            if case["variant"] != variant.name:
                continue
            for turns, answers in zip(case["games"], games, strict=True):
                for turn, answer in zip(turns, answers, strict=True):
                    held += len(answer["legal"]) < len(answer["scores"])
                    jokers += (
                        len(set(turn["dice"])) == 1
                        and answer["scores"].get("large_straight") is not None
                        and answer["scores"]["large_straight"] > 0
                    )
        print(f"{variant.name}: {held} turns held to the Joker order, {jokers} scored as Jokers")
        assert jokers >= 50, variant.name
        assert held >= 50 or variant.joker_order is JokerOrder.FREE, variant.name


def test_javascript_score_tables_agree(agreement: dict[str, Any]) -> None:
    """The numbers a box may hold, and those an extra Yahtzee can leave, per way of scoring."""
    cases, expected, answers = agreement["tables"]
    for case, want, got in zip(cases, expected, answers, strict=True):
        assert got == want, case


def test_javascript_record_checks_agree(agreement: dict[str, Any]) -> None:
    """The examples read the same in both engines; each broken record fails in both with the same line."""
    cases, expected, answers = agreement["records"]
    differ = [(c["name"], w, g) for c, w, g in zip(cases, expected, answers, strict=True) if g != w]
    # A browser cannot open a variant file beside the record: both refuse it, in their own words.
    assert [name for name, *_ in differ] == ["variant file"]
    assert all("error" in w and "error" in g for _, w, g in differ)
    assert sum("error" in a for a in answers) == len(_mutations())


TEXT_CASES = [
    "Ann", "  Ann  ", "\u00a0Bob\u3000", "Zoe\u0301", "Zo\u00e9", "A\u202eB", "A\u2066B", "A\u2028B",
    "A\u2029B",
    "A\u0007B", "\u200b\u200b", "\u3164", "\u2800", "", "   ", "x" * 200, "x" * 201, "e\u0301" * 200,
    "\ufeffAnn", "Ann\u0085", "\u001cAnn", "\U0001f3b2 dice",
]  # fmt: skip


def _mixed_records() -> list[tuple[str, dict]]:
    """Players mixing rolls and typed scores, with ticked bonuses backed or not."""
    typed = {"threes": 9, "fours": 12, "fives": 15, "sixes": 18, "three_of_a_kind": 20, "four_of_a_kind": 0}
    typed |= {"full_house": 25, "small_straight": 30, "large_straight": 40, "chance": 20}
    base = [{"dice": [5] * 5, "box": "yahtzee"}, {"box": "aces", "score": 5, "yahtzee_bonus": True}]
    base += [{"dice": [2] * 5, "box": "twos"}] + [{"box": b, "score": s} for b, s in typed.items()]

    def record(turns: list[dict]) -> dict:
        return {"players": [{"name": "Ann", "turns": turns}]}

    unbacked = [dict(t) for t in base]
    unbacked[3]["yahtzee_bonus"] = True  # threes 9: no extra Yahtzee leaves 9 there
    on_yahtzee = [{"box": "yahtzee", "score": 50, "yahtzee_bonus": True}, *base[1:]]
    without_fifty = [{"dice": [5, 5, 5, 5, 1], "box": "yahtzee"}, *base[1:]]
    both = [{"dice": [5] * 5, "box": "yahtzee", "score": 50}, *base[1:]]
    return [
        ("mixed", record(base)),
        ("unbacked tick", record(unbacked)),
        ("tick on the yahtzee box", record(on_yahtzee)),
        ("tick without 50", record(without_fifty)),
        ("dice and score", record(both)),
        ("sixty-one players", {"players": [{"name": f"P{n}", "turns": base} for n in range(61)]}),
    ]


def test_javascript_text_and_mixed_record_checks_agree() -> None:
    """Names are cleaned or refused alike (trim, NFC, controls, bidi, separators, invisible, length);
    mixed records and ticked bonuses read alike; same-after-NFC names are one name in both."""
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    from sheetgen.rules.records import check_text

    expected_texts = []
    for value in TEXT_CASES:
        try:
            expected_texts.append({"text": check_text("player 1", value, "the name", 200)})
        except SheetgenError as error:
            expected_texts.append({"error": str(error)})
    records = _mixed_records()
    twins = {"players": [{"name": n, "boxes": {b.value: 0 for b in Box}} for n in ("Zo\u00e9", "Zoe\u0301")]}
    twins["players"][0]["boxes"] |= {"chance": 5}
    twins["players"][1]["boxes"] |= {"chance": 5}
    records.append(("nfc twins", twins))
    question = {
        "model": scorekeeper_data(Rules()),
        "texts": TEXT_CASES,
        "records": [{"name": name, "data": data} for name, data in records],
    }
    out = subprocess.run(
        [node, str(DRIVER)], input=json.dumps(question), capture_output=True, text=True, check=True
    )
    answers = json.loads(out.stdout)
    assert answers["texts"] == expected_texts
    assert sum("error" in t for t in expected_texts) == 11
    expected_records = [_python_record(name, data) for name, data in records]
    assert answers["records"] == expected_records
    assert "error" not in expected_records[0] and expected_records[0]["games"][0][0]["yahtzee_bonuses"] == 2
    assert all("error" in r for r in expected_records[1:])
    assert "used twice" in expected_records[-1]["error"]


MILLION = 1_000_000
DEPTH = 300  # nested lists: deep, yet within what Python's json reads


def _nested(depth: int) -> list:
    value: list = [1]
    for _ in range(depth):
        value = [value]
    return value


def _hostile_records() -> list[tuple[str, dict]]:
    """Records whose values are huge, hold controls, bidi, lone surrogates or `__proto__`, or are null."""
    turns = json.loads((EXAMPLES / "turns.json").read_text())
    boxes = json.loads((EXAMPLES / "boxes.json").read_text())

    def change(record: dict, **top: Any) -> dict:
        return {**json.loads(json.dumps(record)), **top}

    def turn(n: int, **changes: Any) -> dict:
        copy = change(turns)
        copy["players"][0]["turns"][n] = {**copy["players"][0]["turns"][n], **changes}
        return copy

    def typed(**changes: Any) -> dict:
        return turn(0, **{"dice": None, "box": "chance", "score": 5, **changes})

    def player(record: dict, **changes: Any) -> dict:
        copy = change(record)
        copy["players"][0].update(changes)
        return copy

    def without_dice(record: dict) -> dict:
        record["players"][0]["turns"][0].pop("dice")
        return record

    long_names = change(turns)
    for n, seat in enumerate(long_names["players"]):
        seat["name"] = f"{n}" + "\u00e9" * 199
    series = json.loads((EXAMPLES / "series.json").read_text())
    renamed = change(series)
    renamed["games"][1]["players"][0]["name"] = "\u202e" + "z" * 150
    return [
        ("variant of 100", change(turns, variant="x" * 100)),
        ("variant with a bell", change(turns, variant="vegas\u0007")),
        ("variant of a million", change(turns, variant="v" * MILLION)),
        ("variant it's", change(turns, variant="it's")),
        ("variant with both quotes", change(turns, variant='it\'s "x"')),
        ("variant with bidi", change(turns, variant="\u202eabc\u2066")),
        ("variant with a lone surrogate", change(turns, variant="\ud800x")),
        ("variant of dice", change(turns, variant="\U0001f3b2" * 50)),
        ("variant with controls", change(turns, variant="a\tc\x7f\x85\xa0\xad")),
        ("house rule of a million", change(turns, house_rules=["h" * MILLION])),
        ("house rule with a newline", change(turns, house_rules=["a\nb\u2028c"])),
        ("key of a million", change(turns, **{"k" * MILLION: 1})),
        ("key with an escape code", change(turns, **{"\u001b[31mred": 1})),
        ("__proto__ key", change(turns, __proto__={"variant": "x"})),
        ("__proto__ key in a turn", turn(0, __proto__=1)),
        ("constructor key", change(turns, constructor=1)),
        ("die of a million", turn(0, dice=["x" * MILLION, 1, 1, 1, 1])),
        ("die with a bell", turn(0, dice=["\u0007", 1, 1, 1, 1])),
        ("die nested deep", turn(0, dice=[_nested(DEPTH), 1, 1, 1, 1])),
        ("die of a fraction", turn(0, dice=[1.5, 1, 1, 1, 1])),
        ("die past a float", turn(0, dice=[1e300, 1, 1, 1, 1])),
        ("die tiny", turn(0, dice=[1e-7, 1, 1, 1, 1])),
        ("die of 2**60", turn(0, dice=[1.2e18, 1, 1, 1, 1])),
        ("die object", turn(0, dice=[{"a": [1, None, True, "\u0007"], "b": {}}, 1, 1, 1, 1])),
        ("box of a million", turn(0, box="b" * MILLION)),
        ("box __proto__", turn(0, box="__proto__")),
        ("box constructor", turn(0, box="constructor")),
        ("box null", turn(0, box=None)),
        ("score of a million", without_dice(typed(score="s" * MILLION))),
        ("score of a fraction", without_dice(typed(score=2.5))),
        ("score list", without_dice(typed(score=[5] * 100))),
        ("tick of a million", without_dice(typed(yahtzee_bonus="t" * MILLION))),
        ("tick null", without_dice(typed(yahtzee_bonus=None))),
        ("scratch of a million", turn(0, scratch="s" * MILLION)),
        ("bonus count of a million", player(boxes, yahtzee_bonuses="b" * MILLION)),
        ("bonus count null", player(boxes, yahtzee_bonuses=None)),
        ("language of a million", change(turns, lang="l" * MILLION)),
        ("language list", change(turns, lang=["en", 1])),
        ("language null", change(turns, lang=None)),
        ("date of a million", change(turns, date="d" * MILLION)),
        ("date as a list", change(turns, date=[2026, "12", None, True])),
        ("date as an object", change(turns, date={"y": 2026, "it's": "\u0007"})),
        ("date true", change(turns, date=True)),
        ("date null", change(turns, date=None)),
        ("title null", change(turns, title=None)),
        ("title with bidi", change(turns, title="A\u202eB")),
        ("title of a million", change(turns, title="t" * MILLION)),
        ("variant null", change(turns, variant=None)),
        ("house rules null", change(turns, house_rules=None)),
        ("name of a million", player(turns, name="n" * MILLION)),
        ("name with a lone surrogate", player(turns, name="A\udc00")),
        ("markup name", player(turns, name="<img src=x onerror=alert(1)>")),
        ("long names twice", player(long_names, name=long_names["players"][1]["name"])),
        ("long names renamed in game 2", renamed),
    ]


def test_hostile_values_are_quoted_alike_and_make_short_lines():
    """Huge values, controls, bidi, lone surrogates, `__proto__` keys and nulls: the page's engine refuses
    (or reads) each record with Python's very message, a value quoted as a short escaped excerpt; the
    page's import shows `one_line` of it, as the command line does, never past MAX_LINE characters."""
    cases = _hostile_records()
    model = scorekeeper_data(Rules())
    names = ["r.json"] * (len(cases) - 1) + ["\u202e" * 100 + "\u0007.json"]  # a file name of controls too
    records = [{"name": name, "data": data} for name, (_, data) in zip(names, cases, strict=True)]
    answers = node_answers({"model": model, "records": records, "imports": records})
    expected = [_python_record(r["name"], r["data"]) for r in records]
    for (case, _), want, got in zip(cases, expected, answers["records"], strict=True):
        assert got == want, case
    refused = 0
    for (case, _), want, shown in zip(cases, expected, answers["imports"], strict=True):
        if "error" not in want:
            assert "alert" not in shown, case
            continue
        refused += 1
        assert shown["alert"] == one_line(want["error"]), case
        assert len(shown["alert"]) <= MAX_LINE and shown["alert"].isprintable(), case
    assert refused == len(cases) - 4  # all but the null title, date and language, and the markup name
    longest = max(len(w["error"]) for w in expected if "error" in w)
    print(f"{refused} refusals alike; the longest message {longest} characters before its one line")


QUOTED = [
    "Ann", "x" * 39, "x" * 40, "x" * 41, "x" * 100, "a\u0007b", "\u202eevil", "\ud800", "it's", 'say "hi"',
    "it's \"both\"", "back\\slash", "\x7f\x85\xa0\xad", "\U0001f3b2" * 50, "\u00e9" * 45, "\n\t\r\b\f\x00",
    "\u2028" * 60, "\U000e0001", "\u0378", "\U00031350", "", 1.5, 1e16, 1e-5, 123.456, -0.5, 1e300, 2.5e-300,
    True, False, None, 7, -12, [1, "a", None], {"k": [1, {"__proto__": "\u0007"}]}, ["x" * 100],
    {"it's": "\"", "\U0001f3b2": [True]},
]  # fmt: skip


def test_javascript_quotes_and_escapes_as_python():
    """`quote` in text.mjs is text.quote: the same excerpt, escapes and quotes for every value, limit and
    style; `printable` escapes exactly the code points Python's does, all 1,114,112 of them (the blob
    carries them, so a browser with a newer Unicode escapes nothing Python does not)."""
    styles = [(limit, marks) for limit in (40, 60, 5) for marks in ('"', REPR)]
    asked = [[value, limit, marks] for value in QUOTED for limit, marks in styles]
    # A lone surrogate is followed by a letter: two side by side would be one character in JavaScript.
    every = "".join(chr(code) + "x" * (0xD800 <= code < 0xE000) for code in range(0x110000))
    answers = node_answers({"model": scorekeeper_data(Rules()), "quotes": asked, "printables": [every]})
    want = [quote(value, limit, marks) for value, limit, marks in asked]
    differ = [(a, w, g) for a, w, g in zip(asked, want, answers["quotes"], strict=True) if w != g]
    assert differ == []
    assert answers["printables"] == [printable(every)]


MUTATED = 600  # seeded records, each one or two values changed
MUTANTS = [
    None, 0, -1, 1, 2, 5, 1.5, "", "x" * 500, "__proto__", "constructor", "fours", [], {}, [1], True, False,
    "<b>", "\u0007\u202e", [4, 4, 4, 4, 2], "official", "series", "\ud800", "e\u0301", 3.5e-7,
    {"a": [None, "\u0085"]}, [[[["deep"]]]],
]  # fmt: skip


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every place in a decoded JSON value, as a path of keys and indexes."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _paths(item, (*path, key))


def _mutated_records() -> list[dict]:
    """The examples with values replaced, keys dropped or added (`__proto__`, long, with controls)."""
    rng = random.Random(5)
    bases = [json.loads((EXAMPLES / f"{name}.json").read_text()) for name in ("turns", "boxes", "series")]
    records = []
    for n in range(MUTATED):
        record = json.loads(json.dumps(bases[n % len(bases)]))
        for _ in range(rng.randint(1, 2)):
            path = rng.choice([p for p in _paths(record) if p])
            parent = record
            for key in path[:-1]:
                parent = parent[key]
            roll = rng.random()
            if roll < 0.2 and isinstance(parent, dict):
                del parent[path[-1]]
            elif roll < 0.3 and isinstance(parent, dict):
                parent[rng.choice(["__proto__", "x" * 100, "k\u0007"])] = rng.choice(MUTANTS)
            else:
                parent[path[-1]] = json.loads(json.dumps(rng.choice(MUTANTS)))
        records.append({"name": "r.json", "data": record})
    return records


def test_mutated_records_are_refused_alike():
    """Seeded mutations of the examples: the page's engine reads or refuses each exactly as Python does,
    with the same message (integral floats such as 3.0 left out: JavaScript's JSON.parse cannot tell them
    from integers)."""
    records = _mutated_records()
    answers = node_answers({"model": scorekeeper_data(Rules()), "records": records})["records"]
    expected = [_python_record(r["name"], r["data"]) for r in records]
    differ = [(r["data"], w, g) for r, w, g in zip(records, expected, answers, strict=True) if w != g]
    assert differ == []
    assert MUTATED * 0.9 < sum("error" in w for w in expected) < MUTATED


def _hostile_files() -> list[tuple[str, str]]:
    """Record files whose JSON only Python's reader tells apart from a good one: integral floats,
    duplicate and `__proto__` keys, deep nesting, long integers, NaN, and syntax errors."""
    boxes = (EXAMPLES / "boxes.json").read_text()
    turns = (EXAMPLES / "turns.json").read_text()
    aces = re.search(r'"aces": (\d+)', boxes)
    assert aces
    at_aces = aces.start(1)
    first_die = turns.index('"dice": [') + len('"dice": [')
    return [
        ("aces 3.0", boxes[:at_aces] + "3.0" + boxes[aces.end(1) :]),
        ("aces 3e0", boxes[:at_aces] + "3e0" + boxes[aces.end(1) :]),
        ("aces -0.0", boxes[:at_aces] + "-0.0" + boxes[aces.end(1) :]),
        ("die 2.0", turns[:first_die] + "2.0, " + turns[first_die + 3 :]),
        ("bonuses 1.0", boxes.replace('"yahtzee_bonuses": 1', '"yahtzee_bonuses": 1.0', 1)),
        ("whole record 3.0", "3.0"),
        ("players 1e2", '{"players": 1e2}'),
        ("title 1e16", '{"title": 1e16, "players": []}'),
        ("duplicate key", '{"players": [], "players": []}'),
        ("duplicate __proto__", '{"__proto__": 1, "__proto__": 2}'),
        ("__proto__ key", '{"__proto__": {"variant": "x"}, "players": []}'),
        ("too deep", "[" * 17 + "]" * 17),
        ("deep in a string", '{"title": "' + "[" * 40 + '", "players": 1}'),
        ("16 digits", '{"players": 1234567890123456}'),
        ("-15 digits", '{"players": -123456789012345}'),
        ("NaN", '{"players": NaN}'),
        ("-Infinity", '{"players": -Infinity}'),
        ("1e400", '{"players": [1e400]}'),
        ("trailing comma", '{"players": [1,]}'),
        ("unterminated", '{"players": "abc'),
        ("bad escape", '{"players": "a\\q"}'),
        ("bad unicode", '{"pl\\u00e9x": 1, "p": "\\ud83c\\u12"}'),
        ("control", '{"players": "a\nb"}'),
        ("extra", "{}\n  x"),
        ("BOM", "\ufeff{}"),
        ("empty", ""),
        ("not JSON", "Hello, world"),
        ("markup", "<b>" * 2000),
        ("unknown language", turns.replace("{", '{"lang": "xx",', 1)),
        ("language of a thousand", turns.replace("{", '{"lang": "' + "x" * 1000 + '",', 1)),
        ("a million-character key twice", '{"' + "k" * MILLION + '": 1, "' + "k" * MILLION + '": 2}'),
    ]


def test_imported_files_are_read_as_sheetgen_score_reads_them():
    """The page reads an imported file's JSON as `sheetgen score` reads it: `"aces": 3.0` is a float and
    refused, duplicate keys, deep nesting, long integers and NaN are refused, a syntax error is placed
    at Python's line and column; each with the command line's very message, one line of at most MAX_LINE."""
    cases = _hostile_files()
    files = [{"name": "r.json", "text": text} for _, text in cases]
    answers = node_answers({"model": scorekeeper_data(Rules()), "files": files})["files"]
    for (case, text), shown in zip(cases, answers, strict=True):
        with pytest.raises(SheetgenError) as refused:
            checked_record(text.encode(), "r.json")
        assert shown.get("alert") == one_line(str(refused.value)), case
        assert len(shown["alert"]) <= MAX_LINE, case
    assert answers[0]["alert"] == 'r.json: player 1 ("Ann"), box aces: 3.0 is not a whole number'
