"""Game records through `sheetgen score`: totals, JSON shape, and every kind of bad input."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from helpers import EXAMPLES, KNOWN_VARIANTS, WORKED_CARD, run_cli

PERFECT_TURNS = [
    {"dice": [6] * 5, "box": "yahtzee"},
    *(
        {"dice": [face] * 5, "box": box}
        for face, box in enumerate(["aces", "twos", "threes", "fours", "fives", "sixes"], 1)
    ),
    *(
        {"dice": [6] * 5, "box": box}
        for box in [
            "three_of_a_kind",
            "four_of_a_kind",
            "full_house",
            "small_straight",
            "large_straight",
            "chance",
        ]
    ),
]


def _write(tmp_path: Path, record, name="record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return path


def _boxes_record(**player):
    return {"players": [{"name": "Ann", "boxes": dict(WORKED_CARD), "yahtzee_bonuses": 1, **player}]}


def test_worked_card_json(tmp_path):
    """The RULES.md card totals 395 in exactly the documented JSON shape."""
    result = run_cli(["score", str(_write(tmp_path, _boxes_record())), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "variant": "official",
        "house_rules": [],
        "games": [
            {
                "players": [
                    {
                        "name": "Ann",
                        "boxes": WORKED_CARD,
                        "upper_subtotal": 69,
                        "upper_bonus": 35,
                        "upper_total": 104,
                        "yahtzee_bonuses": 1,
                        "yahtzee_bonus": 100,
                        "lower_total": 291,
                        "grand_total": 395,
                    }
                ],
                "winners": ["Ann"],
            }
        ],
        "series": {"totals": {"Ann": 395}, "winners": ["Ann"]},
    }


@pytest.mark.parametrize("variant", ["official", "c2406", "free-choice"])
def test_perfect_game_from_turns(tmp_path, variant):
    """Thirteen Yahtzees placed legally give 1,575 under every variant."""
    record = {"variant": variant, "players": [{"name": "Max", "turns": PERFECT_TURNS}]}
    result = run_cli(["score", str(_write(tmp_path, record)), "--json"])
    player = json.loads(result.output)["games"][0]["players"][0]
    assert (player["yahtzee_bonuses"], player["grand_total"]) == (12, 1575)


def test_ties_and_series_totals(tmp_path):
    """A tie lists both players; a series adds each player's grand totals."""
    game = {"players": [{"name": "Ann", "boxes": WORKED_CARD}, {"name": "Bob", "boxes": WORKED_CARD}]}
    record = {"house_rules": ["series"], "games": [game, game, copy.deepcopy(game)]}
    record["games"][2]["players"][1]["boxes"] = {**WORKED_CARD, "chance": 23}
    output = json.loads(run_cli(["score", str(_write(tmp_path, record)), "--json"]).output)
    assert output["games"][0]["winners"] == ["Ann", "Bob"]
    assert output["games"][2]["winners"] == ["Bob"]
    assert output["series"] == {"totals": {"Ann": 885, "Bob": 886}, "winners": ["Bob"]}
    assert output["house_rules"] == ["series"]


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_examples_score(example):
    """Every shipped example is valid, in both output forms."""
    path = str(EXAMPLES / example)
    table = run_cli(["score", path])
    data = run_cli(["score", path, "--json"])
    assert table.exit_code == data.exit_code == 0
    totals = json.loads(data.output)["series"]["totals"]
    for name, total in totals.items():
        assert name in table.output
        assert str(total) in table.output
    assert "GRAND TOTAL" in table.output and "Winner" in table.output


def test_series_example_has_three_games():
    """The shipped series example is a three-game series."""
    data = json.loads(run_cli(["score", str(EXAMPLES / "series.json"), "--json"]).output)
    assert len(data["games"]) == 3


def _turns(n=13):
    return [dict(turn) for turn in PERFECT_TURNS[:n]] + [
        {"dice": [1, 2, 3, 4, 6], "box": "chance"} for _ in range(n - 13)
    ]


def _turn_record(turns, variant="official"):
    return {"variant": variant, "players": [{"name": "Ann", "turns": turns}]}


def _with_turn(index, **turn):
    turns = _turns()
    turns[index] = {**turns[index], **turn}
    return _turn_record(turns)


OFFICIAL_EARLY_JOKER = [
    {"dice": [2, 2, 2, 2, 2], "box": "yahtzee"},
    {"dice": [4, 4, 4, 4, 4], "box": "full_house"},
]
C2406_CHANCE_TOO_SOON = [
    {"dice": [2, 2, 2, 2, 2], "box": "yahtzee"},
    {"dice": [4, 4, 4, 4, 1], "box": "fours"},
    {"dice": [4, 4, 4, 4, 4], "box": "chance"},
]

INVALID = [
    # (name, record or raw text, text the one-line message must contain)
    ("not json", "{", "invalid JSON"),
    ("nested too deeply", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("not an object", "[1, 2]", "expected an object"),
    ("unknown top key", {**_boxes_record(), "winner": "Ann"}, 'unknown key "winner"'),
    ("games and players", {**_boxes_record(), "games": []}, "either 'games' or 'players'"),
    ("no players", {"players": []}, "players"),
    ("die of 7", _with_turn(3, dice=[1, 2, 3, 4, 7]), "turn 4: die 7"),
    ("die of 0", _with_turn(0, dice=[0, 6, 6, 6, 6]), "turn 1: die 0"),
    ("float die", _with_turn(2, dice=[1, 2, 3.0, 4, 5]), "turn 3: die 3.0"),
    ("text die", _with_turn(2, dice=[1, 2, "3", 4, 5]), 'turn 3: die "3"'),
    ("true die", _with_turn(2, dice=[1, 2, True, 4, 5]), "turn 3: die true"),
    ("four dice", _with_turn(5, dice=[6, 6, 6, 6]), "turn 6: 4 dice"),
    ("six dice", _with_turn(5, dice=[6, 6, 6, 6, 6, 6]), "turn 6: 6 dice"),
    ("box twice", _with_turn(12, box="aces"), "turn 13: box Aces is used twice"),
    ("unknown box", _with_turn(12, box="bonus"), "turn 13: unknown box"),
    ("extra turn key", _with_turn(1, note="x"), "turn 2: unknown key"),
    ("12 turns", _turn_record(_turns()[:12]), "12 turns"),
    ("14 turns", _turn_record(_turns(14)), "14 turns"),
    (
        "24 in full house",
        _boxes_record(boxes={**WORKED_CARD, "full_house": 24}),
        "box full_house: Full House cannot score 24",
    ),
    ("7 in fours", _boxes_record(boxes={**WORKED_CARD, "fours": 7}), "box fours"),
    ("0 in chance", _boxes_record(boxes={**WORKED_CARD, "chance": 0}), "box chance"),
    ("negative", _boxes_record(boxes={**WORKED_CARD, "aces": -1}), "box aces"),
    ("text score", _boxes_record(boxes={**WORKED_CARD, "aces": "2"}), "box aces"),
    (
        "missing box",
        _boxes_record(boxes={k: v for k, v in WORKED_CARD.items() if k != "chance"}),
        "missing chance",
    ),
    ("13 bonuses", _boxes_record(yahtzee_bonuses=13), "yahtzee_bonuses: 13"),
    ("negative bonuses", _boxes_record(yahtzee_bonuses=-1), "yahtzee_bonuses"),
    ("bonus without 50", _boxes_record(boxes={**WORKED_CARD, "yahtzee": 0}), "need 50 in the Yahtzee box"),
    ("turns and boxes", _boxes_record(turns=[]), "either 'turns' or 'boxes'"),
    (
        "official early joker",
        _turn_record(OFFICIAL_EARLY_JOKER + _turns()[2:]),
        "turn 2: Official rules: this extra Yahtzee goes to",
    ),
    (
        "c2406 chance too soon",
        _turn_record(C2406_CHANCE_TOO_SOON + _turns()[3:], "c2406"),
        "turn 3: Hasbro rules: this extra Yahtzee goes to",
    ),
    ("seven games", {"games": [_boxes_record()] * 7}, "at most 6 games"),
    ("names change", {"games": [_boxes_record(), _boxes_record(name="Bob")]}, "game 2: players"),
    (
        "unknown variant",
        {**_boxes_record(), "variant": "vegas"},
        "unknown variant 'vegas'; known variants: official",
    ),
    ("missing variant file", {**_boxes_record(), "variant": "nope.toml"}, "no such variant file"),
    (
        "unknown house rule",
        {**_boxes_record(), "house_rules": ["sixes-wild"]},
        "house_rules: unknown house rule",
    ),
    (
        "clashing starts",
        {**_boxes_record(), "house_rules": ["one-die-start", "five-dice-start"]},
        "house_rules: house rules one-die-start and five-dice-start contradict",
    ),
    ("name with newline", _boxes_record(name="Ann\nBob"), "control character U+000A"),
    ("empty name", _boxes_record(name="  "), "the name is empty"),
    ("name not text", _boxes_record(name=7), "the name must be text"),
    ("too long name", _boxes_record(name="x" * 201), "at most 200"),
    ("same name twice", {"players": [_boxes_record()["players"][0]] * 2}, "used twice"),
    ("bad date", {**_boxes_record(), "date": "27/11/2026"}, "date: expected a date"),
]


@pytest.mark.parametrize(("record", "message"), [p[1:] for p in INVALID], ids=[p[0] for p in INVALID])
def test_invalid_record(tmp_path, record, message):
    """Bad input: exit 2, one line on stderr naming where and why, no traceback."""
    result = run_cli(["score", str(_write(tmp_path, record))])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert "record.json" in lines[0]
    assert "Traceback" not in result.stderr


def test_missing_file():
    """A record that does not exist is a one-line error too."""
    result = run_cli(["score", "nope.json"])
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == "Error: nope.json: no such record file\n"


def test_custom_variant_file(tmp_path):
    """A TOML variant beside the record: its name, base rules and house rules apply."""
    (tmp_path / "ours.toml").write_text(
        'name = "ours"\nbase = "free-choice"\nhouse_rules = ["five-of-a-kind-full-house"]\ntitle = "Ours"\n'
    )
    turns = [{"dice": [3] * 5, "box": "full_house"}, *_turns()[1:]]
    turns[1:] = [t for t in _turns() if t["box"] != "full_house"][:12]
    record = {"variant": "ours.toml", "house_rules": ["series"], "players": [{"name": "Ann", "turns": turns}]}
    output = json.loads(run_cli(["score", str(_write(tmp_path, record)), "--json"]).output)
    assert output["variant"] == "ours"
    assert output["house_rules"] == ["five-of-a-kind-full-house", "series"]
    assert output["games"][0]["players"][0]["boxes"]["full_house"] == 25


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('name = "Bad Name"', "'name' must be lowercase letters, digits and dashes, at most 40"),
        ('name = "official"', "name 'official' is taken by a built-in variant"),
        ('name = "x"\nbase = "vegas"', f"unknown variant 'vegas'; {KNOWN_VARIANTS}"),
        ('name = "x"\ncolour = "red"', "unknown key 'colour'; allowed: base, house_rules, name, title"),
        ("name = ", "cannot read variant file: Invalid value (at end of document)"),
    ],
)
def test_bad_variant_file(tmp_path, toml, message):
    """A broken variant file is named in a one-line error."""
    (tmp_path / "v.toml").write_text(toml)
    record = _write(tmp_path, {**_boxes_record(), "variant": "v.toml"})
    result = run_cli(["score", str(record)])
    assert result.exit_code == 2
    assert (
        result.stdout == ""
        and result.stderr == f"Error: {record}: variant: {tmp_path / 'v.toml'}: {message}\n"
    )


def test_folder_instead_of_record(tmp_path):
    """A folder given as the record is a one-line error, not a usage dump."""
    result = run_cli(["score", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"Error: {tmp_path}: is a folder, not a record file"]


@pytest.mark.parametrize(
    ("lang", "tag"), [("EN", "en"), ("en", "en"), ("PT-br", "pt-BR"), ("pt_BR", "pt-BR"), ("De", "de")]
)
def test_a_lang_tag_is_kept_in_bcp47_case(lang, tag, tmp_path):
    """Tags ignore case, so a record says "EN" or "en" alike; every path reads the one spelling."""
    from sheetgen.files.records import load_record
    from sheetgen.rules.records import parse_record

    record = _boxes_record() | {"lang": lang}
    assert parse_record(record).lang == tag
    assert load_record(_write(tmp_path, record)).lang == tag


def test_an_unknown_lang_tag_in_any_case_is_still_refused(tmp_path):
    result = run_cli(["score", str(_write(tmp_path, _boxes_record() | {"lang": "XX"}))])
    assert result.exit_code == 2 and "lang: unknown language" in result.output, result.output
