"""The scorekeeper in a real browser: whole games, reloads, undo, records in and out, layout, keyboard.

Every number the page shows is checked against the Python engine, and every
exported record against `sheetgen score --json`. Screenshots go to a temporary
folder, or to SHEETGEN_SCREENSHOTS when set, to be looked at.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pypdfium2
import pytest
from browsing import DESKTOP_WIDTH, PHONE_WIDTH, export, open_page, reload, score_json, start
from helpers import EXAMPLES, WORKED_CARD, play, run_cli, scorekeeper_urls

from sheetgen.errors import SheetgenError
from sheetgen.files.records import load_record
from sheetgen.files.variants import load_rules
from sheetgen.rules.boxes import Box, Total
from sheetgen.rules.records import parse_record
from sheetgen.rules.scoring import ScoreCard
from sheetgen.rules.variants import C2406, FREE_CHOICE, OFFICIAL, HouseRule, Rules

TOTALS = [t.value for t in Total]
NAMES = ["Ann", "Bob"]
OPTION_NAMES = "buttons => buttons.map((b) => b.dataset.option)"
FILLED = "([player, box]) => document.querySelector(`[data-player='${player}'][data-box='${box}']`).innerText"
GAME_RULES = {
    "official": Rules(OFFICIAL),
    "c2406": Rules(C2406),
    "free-choice": Rules(FREE_CHOICE),
    "c2406-house": Rules(C2406, (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE, HouseRule.SCRATCH_ANY_BOX)),
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    """The scorekeeper of each rules under test, written to disk, as file:// URLs."""
    rules = {**GAME_RULES, "our-house": load_rules(str(EXAMPLES / "our-house.toml"))}
    return scorekeeper_urls(tmp_path_factory.mktemp("scorekeeper"), rules)


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("SHEETGEN_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("shots")


def enter_roll(page, dice: list[int], box: str, scratch: bool = False) -> None:
    page.fill("#dice", "".join(map(str, dice)))
    if scratch:
        page.check("#scratch")
    page.click(f'#option-list [data-option="{box}"]')


def import_record(page, path: Path) -> str:
    """Choose a record in the import field; the page reads it, then says so or shows the error."""
    page.set_input_files('input[type=file][data-action="import"]', str(path))
    page.wait_for_function(
        "name => document.getElementById('alert').textContent.startsWith(name) ||"
        " document.getElementById('status').textContent === `Imported ${name}.`",
        arg=path.name,
    )
    return page.inner_text("[role=alert]")


def cell(page, player: int, box: str) -> str:
    return page.inner_text(f'[data-player="{player}"][data-box="{box}"]').strip()


def page_totals(page, player: int) -> dict[str, int]:
    return {t: int(page.inner_text(f'[data-player="{player}"][data-total="{t}"]')) for t in TOTALS}


def card_totals(card: ScoreCard) -> dict[str, int]:
    return {t: card.totals[Total(t)] for t in TOTALS}


def assert_cards(page, cards: list[ScoreCard]) -> None:
    """Every box cell and computed cell of every player shows what the Python engine says."""
    for n, card in enumerate(cards, 1):
        shown = {box.value: cell(page, n, box.value) for box in Box}
        assert shown == {box.value: str(card.boxes[box]) if box in card.boxes else "" for box in Box}
        assert page_totals(page, n) == card_totals(card)


def game_with_jokers(rules: Rules) -> list[list[dict]]:
    """Two players' simulated turns, the first seed where both play a Joker (extra Yahtzee, upper filled)."""
    for seed in range(200):
        rng = random.Random(seed)
        turns = [play(rng, rules)[0] for _ in NAMES]
        jokers = 0
        for mine in turns:
            card = ScoreCard()
            for turn in mine:
                jokers += card.is_joker(tuple(turn["dice"]))
                card = card.place(tuple(turn["dice"]), Box(turn["box"]), rules, scratch="scratch" in turn)
        if jokers >= 2:
            return turns
    raise AssertionError("no simulated game with Jokers")


@pytest.mark.parametrize("key", GAME_RULES)
def test_whole_game_with_reload_undo_and_export(browser_page, pages, key, tmp_path):
    """Two players, every turn as dice; reload and undo midway; the export is the game, in turns mode."""
    rules = GAME_RULES[key]
    turns = game_with_jokers(rules)
    browsing = open_page(browser_page, pages[key])
    page = browsing.page
    start(page, NAMES)
    cards = [ScoreCard() for _ in NAMES]
    for n in range(len(Box)):
        for p, mine in enumerate(turns):
            turn = mine[n]
            dice, box, scratch = turn["dice"], turn["box"], turn.get("scratch", False)
            assert page.input_value("#turn-player") == str(p)  # the page knows whose turn it is
            page.fill("#dice", "".join(map(str, dice)))
            shown = page.eval_on_selector_all("#option-list [data-option]", OPTION_NAMES)
            assert shown == [b.value for b in cards[p].legal_boxes(tuple(dice), rules)]
            enter_roll(page, dice, box, scratch)
            cards[p] = cards[p].place(tuple(dice), Box(box), rules, scratch=scratch)
            if (n, p) == (6, 1):
                reload(page)
                assert_cards(page, cards)
            if (n, p) == (9, 0):
                page.click('[data-action="undo"]')
                assert cell(page, 1, box) == ""
                page.click('[data-action="undo"]')
                assert cell(page, 2, turns[1][n - 1]["box"]) == ""
                assert page.input_value("#turn-player") == "1"
                before = turns[1][n - 1]
                enter_roll(page, before["dice"], before["box"], "scratch" in before)
                enter_roll(page, dice, box, scratch)
    assert_cards(page, cards)
    panel, heard = page.inner_text("[data-current-player]"), page.inner_text("#status")
    record, path = export(page, tmp_path)
    assert all("turns" in player for player in record["players"])
    assert [player["turns"] for player in record["players"]] == turns
    assert record["variant"] == rules.name and record["house_rules"] == rules.house_rule_names
    checked = score_json(path)
    for n, player in enumerate(checked["games"][0]["players"], 1):
        assert {t: player[t] for t in TOTALS} == page_totals(page, n)
    winners = checked["games"][0]["winners"]
    assert all(name in page.inner_text("#game-heading") for name in winners)
    # The end panel and the live region name `sheetgen score`'s winners, not the next player in turn.
    said = f"{' and '.join(winners)} {'tie' if len(winners) > 1 else 'wins'} with"
    assert panel.startswith(said) and f"Game over: {said}" in heard
    assert browsing.errors == [] and browsing.outside_requests == []


EXAMPLE_FILES = [p for p in sorted(EXAMPLES.glob("*.json")) if p.stem != "custom-variant"]


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_import_shows_the_totals_of_sheetgen_score(browser_page, pages, path, tmp_path):
    """An example record imported shows `sheetgen score`'s numbers; exported again, it scores the same."""
    page = open_page(browser_page, pages["official"]).page
    import_record(page, path)
    want = score_json(path)
    last = want["games"][-1]["players"]
    for n, player in enumerate(last, 1):
        assert page_totals(page, n) == {t: player[t] for t in TOTALS}
        assert {b.value: int(cell(page, n, b.value)) for b in Box} == player["boxes"]
    if len(want["games"]) > 1:
        cells = page.locator('[data-total="series_total"]')
        series = [int(cells.nth(i).inner_text()) for i in range(cells.count())]
        assert series == list(want["series"]["totals"].values())
    record, exported = export(page, tmp_path)
    assert score_json(exported) == want
    original = json.loads(path.read_text())
    players = original.get("players") or original["games"][0]["players"]
    mine = record.get("players") or record["games"][0]["players"]
    assert ["turns" in p for p in mine] == ["turns" in p for p in players]  # turns stay turns, boxes boxes
    assert page.inner_text("#alert") == ""


def test_custom_variant_record_needs_its_own_page(browser_page, pages, tmp_path):
    """A record naming a variant file loads in that variant's scorekeeper, and only there."""
    path = EXAMPLES / "custom-variant.json"
    page = open_page(browser_page, pages["official"]).page
    assert import_record(page, path) == (
        'custom-variant.json: variant: "our-house.toml" is a variant file; open the scorekeeper made from it'
    )
    page = open_page(browser_page, pages["our-house"]).page
    import_record(page, path)
    want = score_json(path)["games"][0]["players"]
    for n, player in enumerate(want, 1):
        assert page_totals(page, n) == {t: player[t] for t in TOTALS}
    record, exported = export(page, tmp_path)
    assert record["variant"] == "free-choice"  # the file does not travel; its base and house rules do
    assert [p["grand_total"] for p in score_json(exported)["games"][0]["players"]] == [
        p["grand_total"] for p in want
    ]


BROKEN = [
    ("not-json.json", "{", "invalid JSON"),
    ("bad-score.json", {"players": [{"name": "Ann", "boxes": {"full_house": 20}}]}, "missing"),
    ("vegas.json", {"variant": "vegas", "players": []}, "unknown variant 'vegas'"),
]


def test_invalid_records_leave_the_game_untouched(browser_page, pages, tmp_path):
    """Each broken record: one line in role=alert naming the file and the fault; the game stays."""
    page = open_page(browser_page, pages["official"]).page
    import_record(page, EXAMPLES / "turns.json")
    before = page.inner_text("#card")
    data = json.loads((EXAMPLES / "turns.json").read_text())
    data["players"][1]["turns"][3]["box"] = "sixes"  # Bob's 4-4-4-4-4 must go in his empty Fours
    broken = [*BROKEN, ("joker.json", data, "Official rules: this extra Yahtzee goes to Fours, not Sixes")]
    for name, content, fragment in broken:
        path = tmp_path / name
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        alert = import_record(page, path)
        assert alert.startswith(name) and fragment in alert and "\n" not in alert
        assert page.inner_text("#card") == before
        with pytest.raises(SheetgenError):
            load_record(path)  # sheetgen refuses it too


def test_series_new_game_and_undo(browser_page, pages):
    """A series shows series totals; New game starts the next game; Undo takes it back."""
    browsing = open_page(browser_page, pages["official"])
    page = browsing.page
    import_record(page, EXAMPLES / "series.json")
    want = score_json(EXAMPLES / "series.json")["series"]["totals"]
    assert browsing.axe_violations() == []
    series = page.locator('[data-total="series_total"]')
    assert [int(series.nth(i).inner_text()) for i in range(series.count())] == list(want.values())
    page.click('[data-action="new-game"]')
    assert page.inner_text("#game-heading").startswith("Game 4")
    assert all(cell(page, 1, b.value) == "" for b in Box) and page_totals(page, 1)["grand_total"] == 0
    assert [int(series.nth(i).inner_text()) for i in range(series.count())] == list(want.values())
    enter_roll(page, [6, 6, 6, 6, 6], "yahtzee")
    page.click('[data-action="undo"]')
    assert cell(page, 1, "yahtzee") == ""
    page.click('[data-action="undo"]')
    assert page.inner_text("#game-heading").startswith("Game 3")
    third = score_json(EXAMPLES / "series.json")["games"][2]["players"][0]
    assert page_totals(page, 1)["grand_total"] == third["grand_total"]


def test_typed_scores_corrections_and_boxes_export(browser_page, pages, tmp_path):
    """Scores typed straight in are checked; a box can be corrected; the export is in boxes mode."""
    page = open_page(browser_page, pages["official"]).page
    start(page, ["Cy"])
    page.select_option("#score-box", "full_house")
    page.fill("#score", "20")
    page.click('[data-action="write-score"]')
    assert "Full House cannot score 20" in page.inner_text("[role=alert]")
    assert cell(page, 1, "full_house") == ""

    for box, score in WORKED_CARD.items():
        page.select_option("#score-box", box)
        page.fill("#score", str(score))
        page.click('[data-action="write-score"]')
    page.select_option("#score-box", "twos")
    page.fill("#score", "6")
    page.click('[data-action="write-score"]')  # a correction: 8 becomes 6
    assert cell(page, 1, "twos") == "6" and page_totals(page, 1)["upper_subtotal"] == 67
    page.click('[data-action="undo"]')
    assert cell(page, 1, "twos") == "8"
    assert page.is_disabled('[data-action="tick-bonus"]')  # twos 8: no extra Yahtzee leaves 8 there
    page.select_option(
        "#score-box", "full_house"
    )  # a tick is tied to a typed box an extra Yahtzee could fill
    page.click('[data-action="tick-bonus"]')
    assert page_totals(page, 1) == {
        "upper_subtotal": 69, "upper_bonus": 35, "upper_total": 104, "yahtzee_bonus": 100,
        "lower_total": 291, "grand_total": 395,
    }  # fmt: skip
    record, path = export(page, tmp_path)
    assert record["players"] == [{"name": "Cy", "boxes": WORKED_CARD, "yahtzee_bonuses": 1}]
    assert score_json(path)["games"][0]["players"][0]["grand_total"] == 395


def test_two_tabs_share_one_game(browser_page, pages):
    """A second tab follows the first through the storage event and never writes over it."""
    first = open_page(browser_page, pages["official"]).page
    start(first, NAMES)
    second = first.context.new_page()
    second.goto(pages["official"])
    enter_roll(first, [1, 2, 3, 4, 5], "large_straight")
    second.wait_for_function(FILLED, arg=[1, "large_straight"])
    assert cell(second, 1, "large_straight") == "40"
    enter_roll(second, [2, 2, 2, 3, 3], "full_house")
    first.wait_for_function(FILLED, arg=[2, "full_house"])
    first.reload()
    assert cell(first, 1, "large_straight") == "40" and cell(first, 2, "full_house") == "25"
    saved = json.loads(first.evaluate("localStorage.getItem('sheetgen-scorekeeper/v1/official')"))
    assert saved["version"] == 1 and len(saved["games"][0]["entries"]) == 2


def test_keyboard_alone_plays_a_game(browser_page, pages, tmp_path):
    """Names, dice, boxes, a typed score, undo and export, with Tab, typing and Enter only."""
    rules = GAME_RULES["official"]
    turns = game_with_jokers(rules)[0]
    page = open_page(browser_page, pages["official"]).page
    keyboard = page.keyboard

    def tab_to(selector: str, key: str = "Tab", limit: int = 60) -> None:
        for _ in range(limit):
            keyboard.press(key)
            if page.evaluate(f"document.activeElement.matches({json.dumps(selector)})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("#name-1")
    keyboard.type("Dee")
    tab_to('[aria-label="Remove player 2"]')
    keyboard.press("Enter")  # one player only
    tab_to('[data-action="start"]')
    keyboard.press("Enter")
    card = ScoreCard()
    for turn in turns[:-1]:
        assert page.evaluate("document.activeElement.id") == "dice"
        keyboard.type("".join(map(str, turn["dice"])))
        keyboard.press("Enter")  # to the first place the roll may go
        for _ in range(len(Box)):
            if page.evaluate("document.activeElement.dataset.option") == turn["box"]:
                break
            keyboard.press("Tab")
        keyboard.press("Enter")
        card = card.place(tuple(turn["dice"]), Box(turn["box"]), rules)
    last = turns[-1]
    score = card.score(tuple(last["dice"]), Box(last["box"]), rules)
    tab_to("#score-box")
    for _ in range(len(Box)):
        if page.input_value("#score-box") == last["box"]:
            break
        keyboard.press("ArrowDown")
    tab_to("#score")
    keyboard.type(str(score))
    keyboard.press("Enter")
    assert cell(page, 1, last["box"]) == str(score)
    tab_to('[data-action="undo"]')
    keyboard.press("Enter")
    assert cell(page, 1, last["box"]) == ""
    tab_to("#score", "Shift+Tab")
    keyboard.type(str(score))
    keyboard.press("Enter")
    card = card.place(tuple(last["dice"]), Box(last["box"]), rules)
    assert_cards(page, [card])
    tab_to('[data-action="export"]')
    with page.expect_download() as download:
        keyboard.press("Enter")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    assert score_json(path)["games"][0]["players"][0]["grand_total"] == card.totals.grand_total
    result = run_cli(["fill", str(path), "-o", str(tmp_path / "game.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "game.pdf").read_bytes().startswith(b"%PDF")


def _small_text(page) -> list[str]:
    """Visible text (and the notes drawn after cells) set smaller than 14 CSS pixels."""
    return page.evaluate(
        """() => {
        const small = [];
        for (const el of document.querySelectorAll('body *')) {
          if (!el.getClientRects().length) continue;
          const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
          if (own && parseFloat(getComputedStyle(el).fontSize) < 14) small.push(el.tagName + el.textContent);
          const after = getComputedStyle(el, '::after');
          if (after.content && after.content !== 'none' && after.content !== '""' &&
              parseFloat(after.fontSize) < 14) small.push('::after ' + el.tagName);
        }
        return small;
      }"""
    )


def _states(page):
    """The page empty, mid-game and finished, in that order."""
    yield "empty"
    import_record(page, EXAMPLES / "turns.json")
    for _ in range(9):
        page.click('[data-action="undo"]')
    page.fill("#dice", "44442")
    yield "mid-game"
    import_record(page, EXAMPLES / "turns.json")
    yield "finished"


@pytest.mark.parametrize("width", [PHONE_WIDTH, DESKTOP_WIDTH])
def test_layout_accessibility_and_screenshots(browser_page, pages, shots, width):
    """Empty, mid-game, finished, printed: no page overflow, no text under 14 px, no serious axe finding."""
    browsing = open_page(browser_page, pages["official"], width)
    page = browsing.page
    for state in _states(page):
        page.screenshot(path=str(shots / f"scorekeeper-{state}-{width}.png"), full_page=True)
        assert browsing.horizontal_overflow() == 0, state
        assert _small_text(page) == [], state
        assert browsing.axe_violations() == [], state
    page.emulate_media(media="print")
    page.screenshot(path=str(shots / f"scorekeeper-print-{width}.png"), full_page=True)
    assert page.locator("#turn").is_hidden() and page.locator(".toolbar").is_hidden()
    assert page.locator("#card").is_visible()
    assert page.locator("#card th.player:visible").count() == 3  # every player's column prints
    if width == DESKTOP_WIDTH:
        pdf = page.pdf(format="Letter")
        (shots / "scorekeeper-print.pdf").write_bytes(pdf)
        assert len(pypdfium2.PdfDocument(pdf)) == 1  # the card prints on one sheet
    assert browsing.errors == [] and browsing.outside_requests == []


def test_six_players_and_long_names_fit_a_phone(browser_page, pages):
    """Six players, one name 200 letters long: the card fits across, no sideways scrolling at all."""
    browsing = open_page(browser_page, pages["official"], PHONE_WIDTH)
    page = browsing.page
    start(page, ["W" * 200, "Bob Bobson the Third", "Cy", "Dee", "Eve", "Fay"])
    enter_roll(page, [3, 3, 3, 2, 2], "full_house")
    assert browsing.horizontal_overflow() == 0
    assert page.eval_on_selector("[data-card]", "card => card.getBoundingClientRect().right <= innerWidth")
    assert _small_text(page) == []


def test_exported_records_parse_in_python(browser_page, pages, tmp_path):
    """A game cut short exports as a saved game; a finished one parses with sheetgen's reader."""
    page = open_page(browser_page, pages["c2406-house"]).page
    start(page, ["Eve"])
    enter_roll(page, [6, 6, 6, 6, 6], "full_house")  # five of a kind as a Full House, by the house rule
    assert cell(page, 1, "full_house") == "25"
    saved, _ = export(page, tmp_path)
    assert saved["sheetgen_saved_game"] == 1 and saved["game"]["players"] == ["Eve"]
    page.click('[data-action="undo"]')
    rng = random.Random(3)
    turns, _ = play(rng, GAME_RULES["c2406-house"])
    for turn in turns:
        enter_roll(page, turn["dice"], turn["box"], turn.get("scratch", False))
    record, _ = export(page, tmp_path)
    assert parse_record(record).games[0].players[0].totals.grand_total == page_totals(page, 1)["grand_total"]
