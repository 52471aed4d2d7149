"""The family of games: definitions, the one engine, records and the command line's contract."""

from __future__ import annotations

import json
import random
import shutil

import pytest
from helpers import EXAMPLES, run_cli

from sheetgen.errors import GameDefinitionError, NotOfGameError, RecordError
from sheetgen.files.games import load_game
from sheetgen.rules.boxes import sheet_rows
from sheetgen.rules.game import (
    GAMES,
    TRIPLE_YAHTZEE,
    YACHT,
    YAHTZEE,
    YATZY,
    BoxRule,
    Game,
    Kind,
    Scoring,
    Section,
)
from sheetgen.rules.records import parse_record
from sheetgen.rules.scoring import Card, best_total, possible_scores, rule_fits, rule_score
from sheetgen.rules.simulate import play_game
from sheetgen.rules.variants import C2406, Rules

# RULES.md's facts, box by box: (game, box id, dice, score).
GOLDEN = [
    (YATZY, "one_pair", (3, 3, 5, 5, 6), 10),
    (YATZY, "one_pair", (6, 6, 6, 6, 6), 12),
    (YATZY, "one_pair", (1, 2, 3, 4, 6), 0),
    (YATZY, "two_pairs", (3, 3, 6, 6, 6), 18),
    (YATZY, "two_pairs", (1, 1, 2, 2, 2), 6),
    (YATZY, "two_pairs", (4, 4, 4, 4, 2), 0),  # one number twice is not two pairs
    (YATZY, "three_of_a_kind", (3, 3, 3, 3, 5), 9),
    (YATZY, "four_of_a_kind", (3, 3, 3, 3, 3), 12),
    (YATZY, "four_of_a_kind", (3, 3, 3, 5, 5), 0),
    (YATZY, "small_straight", (1, 2, 3, 4, 5), 15),
    (YATZY, "small_straight", (2, 3, 4, 5, 6), 0),
    (YATZY, "large_straight", (2, 3, 4, 5, 6), 20),
    (YATZY, "large_straight", (1, 2, 3, 4, 5), 0),
    (YATZY, "full_house", (6, 2, 2, 2, 6), 18),
    (YATZY, "full_house", (5, 5, 5, 5, 5), 0),  # five alike is not a full house
    (YATZY, "chance", (6, 5, 4, 2, 2), 19),
    (YATZY, "yatzy", (4, 4, 4, 4, 4), 50),
    (YATZY, "yatzy", (4, 4, 4, 4, 3), 0),
    (YATZY, "fours", (4, 4, 1, 4, 2), 12),
    (YACHT, "full_house", (2, 2, 4, 4, 4), 16),
    (YACHT, "full_house", (2, 2, 2, 2, 2), 0),
    (YACHT, "four_of_a_kind", (3, 3, 3, 3, 5), 12),
    (YACHT, "four_of_a_kind", (3, 3, 3, 3, 3), 12),
    (YACHT, "little_straight", (5, 4, 3, 2, 1), 30),
    (YACHT, "little_straight", (1, 3, 4, 5, 6), 0),
    (YACHT, "big_straight", (4, 6, 2, 5, 3), 30),
    (YACHT, "big_straight", (1, 2, 3, 4, 5), 0),
    (YACHT, "choice", (3, 3, 5, 6, 6), 23),
    (YACHT, "yacht", (4, 4, 4, 4, 4), 50),
    (YACHT, "yacht", (4, 4, 4, 4, 1), 0),
    (YACHT, "ones", (1, 1, 1, 3, 5), 3),
    (YAHTZEE, "three_of_a_kind", (3, 3, 3, 3, 5), 17),  # Yahtzee adds all five
    (YAHTZEE, "small_straight", (1, 3, 4, 5, 6), 30),
    (YAHTZEE, "full_house", (2, 2, 4, 4, 4), 25),
]


@pytest.mark.parametrize(("game", "box", "dice", "score"), GOLDEN, ids=lambda v: getattr(v, "id", str(v)))
def test_each_box_scores_as_the_rules_say(game, box, dice, score):
    assert rule_score(dice, game.box_set(box)) == score


@pytest.mark.parametrize(
    ("game", "best"),
    [(YAHTZEE, 375), (TRIPLE_YAHTZEE, 375), (YATZY, 374), (YACHT, 297)],
    ids=lambda v: str(v),
)
def test_the_highest_total_each_card_reaches(game, best):
    """RULES.md's figures; Triple Yahtzee's three columns reach 375 x (1 + 2 + 3) = 2,250."""
    assert best_total(game) == best
    if len(game.columns) > 1:
        assert best * sum(game.columns) == 2250


def test_the_games_are_listed_in_the_contract_order():
    assert list(GAMES) == ["yahtzee", "triple-yahtzee", "yatzy", "yacht"]
    assert [line.split()[0] for line in run_cli(["games"]).output.splitlines()] == list(GAMES)


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_a_card_is_its_boxes_in_order_then_the_totals_its_bonuses_call_for(game):
    rows = sheet_rows(game)
    assert [row.key for row in rows if row.is_box] == list(game.boxes)
    slugs = [row.slug for row in rows if not row.is_box]
    assert slugs[-1] == "grand_total"
    assert ("upper_bonus" in slugs) == (game.upper_bonus is not None)
    assert ("yahtzee_bonus" in slugs) == (game.extra_bonus is not None)


def _record(game, seed: int, players=("Ann", "Bob")) -> dict:
    rules = Rules(game=game)
    rng = random.Random(seed)
    return {"game": game.id, "players": [{"name": name, "turns": play_game(rng, rules)} for name in players]}


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_score_json_has_the_contract_shape(game, tmp_path):
    """Every player: name and grand_total; one column: boxes and upper_bonus; Triple Yahtzee: columns."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_record(game, 7)))
    result = run_cli(["score", path, "--json"])
    assert result.exit_code == 0, result.output
    (played,) = json.loads(result.output)["games"]
    record = parse_record(json.loads(path.read_text()))
    for player, checked in zip(played["players"], record.games[0].players, strict=True):
        assert player["name"] == checked.name
        assert player["grand_total"] == checked.grand_total
        if len(game.columns) == 1:
            assert list(player["boxes"]) == [box.id for box in game.boxes]
            assert player["upper_bonus"] in (0, game.upper_bonus.score if game.upper_bonus else 0)
            assert (
                sum(player["boxes"].values()) + player["upper_bonus"] + player.get("yahtzee_bonus", 0)
                == (player["grand_total"])
            )
            continue
        columns = player["columns"]
        assert [c["multiplier"] for c in columns] == [1, 2, 3]
        for column in columns:
            assert list(column["boxes"]) == [box.id for box in game.boxes]
            bonus = column["yahtzee_bonuses"] * game.extra_bonus.score
            assert column["total"] == sum(column["boxes"].values()) + column["upper_bonus"] + bonus
            assert column["scored"] == column["total"] * column["multiplier"]
        assert player["grand_total"] == sum(c["scored"] for c in columns)
        assert "yahtzee_bonus" in player
    best = max(p["grand_total"] for p in played["players"])
    assert played["winners"] == [p["name"] for p in played["players"] if p["grand_total"] == best]


def test_a_triple_yahtzee_turn_names_its_column(tmp_path):
    data = _record(TRIPLE_YAHTZEE, 3, players=("Ann",))
    turns = data["players"][0]["turns"]
    assert len(turns) == 39 and {t["column"] for t in turns} == {1, 2, 3}
    del turns[4]["column"]
    with pytest.raises(RecordError, match=r"turn 5: 'column' must be a whole number from 1 to 3"):
        parse_record(data)


def test_an_extra_yahtzee_in_triple_yahtzee_earns_100_times_its_column():
    """Once all three Yahtzee boxes hold 50, the next Yahtzee's bonus is multiplied with its column."""
    rules = Rules(game=TRIPLE_YAHTZEE)
    yahtzee = TRIPLE_YAHTZEE.all_alike_box
    card = Card.empty(TRIPLE_YAHTZEE)
    for k in range(3):
        card = card.place((2, 2, 2, 2, 2), (k, yahtzee), rules)
    assert card.is_extra_yahtzee((3, 3, 3, 3, 3))
    # The official order: the Threes box, in any column where it is open.
    legal = card.legal_slots((3, 3, 3, 3, 3), rules)
    assert {box.id for _, box in legal} == {"threes"} and len(legal) == 3
    before = card.grand_total
    card = card.place((3, 3, 3, 3, 3), (2, TRIPLE_YAHTZEE.box_set.THREES), rules)
    assert card.columns[2].yahtzee_bonuses == 1
    assert card.grand_total - before == (15 + 100) * 3


def test_a_yahtzee_before_every_yahtzee_box_is_filled_is_no_extra_in_triple_yahtzee():
    rules = Rules(game=TRIPLE_YAHTZEE)
    card = Card.empty(TRIPLE_YAHTZEE).place((2,) * 5, (0, TRIPLE_YAHTZEE.all_alike_box), rules)
    assert not card.is_extra_yahtzee((2,) * 5)
    assert len(card.legal_slots((2,) * 5, rules)) == 3 * 13 - 1


@pytest.mark.parametrize("game", [YATZY, YACHT], ids=lambda g: g.id)
def test_games_without_jokers_take_no_variant_or_house_rule(game, tmp_path):
    with pytest.raises(NotOfGameError):
        Rules(C2406, game=game)
    with pytest.raises(NotOfGameError):
        Rules(house_rules=("series",), game=game)
    data = _record(game, 1) | {"variant": "c2406"}
    with pytest.raises(RecordError, match="variant"):
        parse_record(data)
    for args in (["--variant", "c2406"], ["--house-rule", "series"]):
        result = run_cli(["rules", "--game", game.id, *args, "-o", tmp_path / "x.pdf"])
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_an_unknown_game_is_one_line_and_exit_2():
    result = run_cli(["rules", "--game", "kniffel"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: --game: unknown game 'kniffel'; known games: yahtzee, triple-yahtzee, yatzy, yacht"
    ]


def test_a_record_of_one_game_is_refused_as_another(tmp_path):
    path = tmp_path / "yatzy.json"
    path.write_text(json.dumps(_record(YATZY, 2)))
    assert run_cli(["score", "--game", "yatzy", path]).exit_code == 0
    result = run_cli(["score", "--game", "yacht", path])
    assert result.exit_code == 2 and "a record of yatzy, not of yacht" in result.output
    undeclared = json.loads(path.read_text())
    del undeclared["game"]
    path.write_text(json.dumps(undeclared))
    assert run_cli(["score", "--game", "yatzy", path]).exit_code == 0  # read as the --game given
    assert run_cli(["score", path]).exit_code == 2  # read as Yahtzee, whose boxes differ


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_every_score_written_by_hand_is_one_the_box_can_hold(game):
    """A boxes record is checked box by box against what the engine can score there."""
    if len(game.columns) > 1:
        boxes = {box.id: rule_score((6, 6, 6, 6, 6), box) for box in game.boxes}
        data = {"game": game.id, "players": [{"name": "A", "columns": [{"boxes": boxes} for _ in range(3)]}]}
        assert (
            parse_record(data).games[0].players[0].grand_total == (30 + 30 + 30 + 50 + 30) * 6
        )  # sixes, the kinds, Yahtzee, Chance
        data["players"][0]["columns"][1]["boxes"] = boxes | {"chance": 31}
        with pytest.raises(RecordError, match=r"column 2, box chance: Chance cannot score 31"):
            parse_record(data)
        return
    box = game.of_kind(Kind.FULL_HOUSE)[0]
    boxes = {b.id: 0 for b in game.boxes}
    impossible = next(n for n in range(1, 40) if n not in possible_scores(box, None, game))
    data = {"game": game.id, "players": [{"name": "A", "boxes": boxes | {box.id: impossible}}]}
    with pytest.raises(RecordError, match=f"cannot score {impossible}"):
        parse_record(data)


def test_a_definition_that_does_not_hold_together_is_refused():
    def box(box_id, **kw):
        return BoxRule(box_id, Section.LOWER, Kind.ANYTHING, Scoring.DICE_TOTAL, "x", "x", (1,) * 5, **kw)

    with pytest.raises(GameDefinitionError, match="stands twice"):
        Game("g", "G", 5, YAHTZEE.faces, 3, (box("a"), box("a")), None, None)
    with pytest.raises(GameDefinitionError, match="kind"):
        BoxRule("p", Section.LOWER, Kind.PAIRS, Scoring.MATCHED, "x", "x", (1,) * 5, count=3)
    with pytest.raises(GameDefinitionError, match="threshold"):
        YAHTZEE.__class__(
            "g", "G", 5, YAHTZEE.faces, 3, YATZY.boxes, YAHTZEE.upper_bonus.__class__(200, 5), None
        )


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_the_fits_of_every_box_agree_with_its_score(game):
    """A box that does not fit scores 0, and every fitting roll (but an upper box's) scores more."""
    from itertools import combinations_with_replacement

    for box in game.boxes:
        for dice in combinations_with_replacement(game.faces, game.dice):
            if not rule_fits(dice, box):
                assert rule_score(dice, box) == 0, (box, dice)
            elif box.kind is not Kind.FACE:
                assert rule_score(dice, box) > 0, (box, dice)


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda g: g.id)
def test_the_schema_takes_each_games_records_and_refuses_another_games_boxes(game):
    """`sheetgen schema` describes every game: a played record validates, Yahtzee's boxes in it do not."""
    import jsonschema

    schema = json.loads(run_cli(["schema"]).output)
    data = _record(game, 11)
    jsonschema.validate(data, schema)
    wrong = next(
        other for other in GAMES.values() if {b.id for b in other.boxes} != {b.id for b in game.boxes}
    )
    data["players"][0]["turns"][0]["box"] = next(
        b.id for b in wrong.boxes if b.id not in {own.id for own in game.boxes}
    )
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)
    if not game.takes_jokers:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(_record(game, 11) | {"variant": "c2406"}, schema)


def test_a_game_file_defines_a_game_a_record_can_name(tmp_path):
    """examples/our-game.toml: a game of our own from the same kinds, scored with no code of its own."""
    shutil.copy(EXAMPLES / "our-game.toml", tmp_path)
    game = load_game(tmp_path / "our-game.toml")
    assert (game.id, game.columns, len(game.boxes)) == ("pairs-and-runs", (1, 2), 12)
    turns = play_game(random.Random(5), Rules(game=game))
    record = tmp_path / "ours.json"
    record.write_text(json.dumps({"game": "our-game.toml", "players": [{"name": "Ann", "turns": turns}]}))
    result = run_cli(["score", record, "--json"])
    assert result.exit_code == 0, result.output
    (player,) = json.loads(result.output)["games"][0]["players"]
    assert [c["multiplier"] for c in player["columns"]] == [1, 2]
    assert player["grand_total"] == sum(c["scored"] for c in player["columns"])


GOOD_BOX = 'id = "chance"\nkind = "anything"\nneeds = "any dice"'
BAD_GAME_FILES = [
    (f'name = "g"\n[[boxes]]\n{GOOD_BOX}\n[[boxes]]\n{GOOD_BOX}\n', "boxes[1].id: 'chance' stands twice"),
    ('name = "g"\n[[boxes]]\nid = "x"\nkind = "poker"\nneeds = "?"\n', "boxes[0].kind: unknown 'poker'"),
    (
        'name = "g"\nupper_bonus = { threshold = 64, score = 5 }\n'
        f'[[boxes]]\nid = "sixes"\nkind = "face"\nface = 6\n[[boxes]]\n{GOOD_BOX}\n',
        "no card reaches the upper bonus threshold",
    ),
    (f'name = "yatzy"\n[[boxes]]\n{GOOD_BOX}\n', "name: 'yatzy' is a built-in game"),
    (f'name = "g"\ndice = 0\n[[boxes]]\n{GOOD_BOX}\n', "dice: expected a whole number from 2 to 10"),
    ('name = "g"\n[[boxes]]\nid = "p"\nkind = "pairs"\ncount = 3\nneeds = "?"\n', "boxes[0]: the parameters"),
    (f'name = "g"\ncolour = "red"\n[[boxes]]\n{GOOD_BOX}\n', "colour: unknown key"),
    ('name = "g"\n[[boxes]]\nid = "p"\n', "boxes[0].kind: missing"),
]


@pytest.mark.parametrize(
    ("text", "why"), BAD_GAME_FILES, ids=[why.split(":")[0] for _, why in BAD_GAME_FILES]
)
def test_a_bad_game_file_is_one_line_naming_the_key(tmp_path, text, why):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = run_cli(["rules", "--game", path, "-o", tmp_path / "out.pdf"])
    assert result.exit_code == 2
    (line,) = result.output.strip().splitlines()
    assert line.startswith(f"Error: --game: {path}: ") and why in line, line
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("game", [TRIPLE_YAHTZEE, YATZY, YACHT], ids=lambda g: g.id)
def test_each_games_rules_page_speaks_of_its_own_card(game):
    """The page's words come from the game's definition: its boxes, its turns, none of Yahtzee's 13."""
    from sheetgen.rules.guide import rules_page

    text = rules_page(Rules(game=game)).text
    for box in game.boxes:
        assert box.label in text
    assert f"{game.turns} turns" in text
    assert "13 turns" not in text and "13 boxes" not in text
    assert ("Yahtzee bonus" in text) == (game.extra_bonus is not None)


def test_the_build_makes_a_set_of_sheets_and_pages_for_every_game():
    """Every game by default; variants alone keep the build Yahtzee's; a game of several columns
    has no six-game card."""
    from sheetgen.build import JobKind, plan

    jobs = [job for job in plan() if job.kind not in (JobKind.RECORDS, JobKind.APP)]
    assert {job.game for job in jobs} == set(GAMES)
    for game in GAMES.values():
        own = [job for job in jobs if job.game == game.id]
        assert {job.rules.game for job in own} == {game}
        layouts = {job.layout for job in own if job.kind == JobKind.SCORESHEET}
        assert layouts == ({"players", "series"} if len(game.columns) == 1 else {"players"})
        assert {job.kind for job in own} == {
            JobKind.PAGE,
            JobKind.SCOREKEEPER,
            JobKind.RULES,
            JobKind.SCORESHEET,
        }
    names = [name for job in jobs for name in job.outputs]
    assert len(names) == len(set(names))
    assert (
        "rules-yatzy.pdf" in names and "scoresheet-players-triple-yahtzee-official-a4-fillable.pdf" in names
    )
    assert {job.game for job in plan(["official"])} == {"yahtzee"}
    assert {
        job.variant for job in plan(["c2406"], games=["triple-yahtzee"]) if job.kind == JobKind.RULES
    } == {"c2406"}


def test_a_house_rule_for_a_game_without_jokers_stops_the_build(tmp_path):
    result = run_cli(["build", "--game", "yatzy", "--house-rule", "series", "-o", tmp_path / "site"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: house_rules 'series' is not a rule of Yatzy; Yatzy has no variants or house rules"
    ]
    assert not (tmp_path / "site").exists()


def test_a_game_files_fillable_sheet_names_its_own_boxes(tmp_path):
    """A game file's boxes are fields like a built-in game's: pN.cK.BOX on a card of several columns."""
    from pypdf import PdfReader

    shutil.copy(EXAMPLES / "our-game.toml", tmp_path)
    out = tmp_path / "ours.pdf"
    result = run_cli(
        ["scoresheet", "--game", "our-game.toml", "--players", "1", "--fillable", "-o", out], cwd=tmp_path
    )
    assert result.exit_code == 0, result.output
    fields = PdfReader(out).get_fields()
    assert {f"p1.c{k}.{box}" for k in (1, 2) for box in ("run_of_four", "two_pairs", "five_alike")} <= set(
        fields
    )
    assert "p1.grand_total" in fields
