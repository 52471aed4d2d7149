"""The scorekeeper at the table (issue 19), in real Chromium through the test contract:
backed bonus ticks, nothing lost (history, back from setup), a series only when asked, stray taps,
dice faces, six players on a phone and a laptop in light and dark, saved games checked on load."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from browsing import DESKTOP_WIDTH, PHONE_WIDTH, export, open_page, reload, roll, score_json, serving, start
from helpers import EXAMPLES, saved_game
from playwright.sync_api import expect

from sheetgen.rules.variants import Rules
from sheetgen.web.scorekeeper import render_scorekeeper

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def typed(page, box: str, score: int) -> None:
    page.select_option('select[data-input="score-box"]', box)
    page.fill('input[data-input="score"]', str(score))
    page.click('[data-action="write-score"]')


def total(page, player: int, row: str = "grand_total") -> int:
    return int(page.inner_text(f'[data-player="{player}"][data-total="{row}"]'))


def assert_no_history(page) -> None:
    """The empty history is one plain line, shown, and no list item ("1. No past games yet.")."""
    assert page.get_by_text("No past games yet.", exact=True).is_visible()
    assert page.locator(".history li:visible").count() == 0


def test_bonus_ticks_need_a_backing_box(browser_page, urls, tmp_path):
    """Bob's earned bonus is the page's; a tick needs a typed box an extra Yahtzee fits, one per box."""
    page = open_page(browser_page, urls["official"]).page
    start(page, ["Bob"])
    roll(page, "55555", "yahtzee")
    roll(page, "11111", "aces")  # an extra Yahtzee: the page adds its bonus
    assert total(page, 1, "yahtzee_bonus") == 100
    page.select_option('select[data-input="score-box"]', "aces")
    assert page.is_disabled('[data-action="tick-bonus"]')  # its dice are on the card
    typed(page, "full_house", 25)
    page.select_option('select[data-input="score-box"]', "full_house")
    page.click('[data-action="tick-bonus"]')
    assert total(page, 1, "yahtzee_bonus") == 200
    assert page.is_disabled('[data-action="tick-bonus"]')  # one per box
    page.click('[data-action="undo"]')
    assert total(page, 1, "yahtzee_bonus") == 100
    page.select_option('select[data-input="score-box"]', "full_house")
    page.click('[data-action="tick-bonus"]')
    typed(page, "full_house", 0)  # correcting the box takes its tick away
    assert total(page, 1, "yahtzee_bonus") == 100
    typed(page, "full_house", 25)
    page.select_option('select[data-input="score-box"]', "full_house")
    page.click('[data-action="tick-bonus"]')
    rest = {"twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "three_of_a_kind": 20}
    rest |= {"four_of_a_kind": 0, "small_straight": 30, "large_straight": 40, "chance": 20}
    for box, score in rest.items():
        typed(page, box, score)
    record, path = export(page, tmp_path)
    turns = record["players"][0]["turns"]
    assert turns[0] == {"dice": [5] * 5, "box": "yahtzee"} and turns[1] == {"dice": [1] * 5, "box": "aces"}
    assert {"box": "full_house", "score": 25, "yahtzee_bonus": True} in turns  # no dice lost, tick kept
    assert score_json(path)["games"][0]["players"][0]["grand_total"] == total(page, 1)
    assert path.name.startswith("yahtzee-") and path.name.endswith("-bob.json")


def test_nothing_is_lost_and_setup_has_a_way_back(browser_page, urls):
    """New players and imports put the game in the history; resume, view, delete (asked first)."""
    page = open_page(browser_page, urls["official"]).page
    assert_no_history(page)
    start(page, ["Ann", "Bob"])
    roll(page, "33322", "full_house")
    page.click('[data-action="new-players"]')
    page.click('[data-action="back"]')
    assert page.inner_text('[data-player="1"][data-box="full_house"]') == "25"
    page.click('[data-action="new-players"]')
    start(page, ["Cy"])
    games = page.locator("[data-history-game]")
    assert games.count() == 1 and "Ann" in games.first.inner_text() and "Bob" in games.first.inner_text()
    page.set_input_files('input[type=file][data-action="import"]', str(EXAMPLES / "turns.json"))
    expect(page.locator("#status")).to_have_text("Imported turns.json.")  # read: the file is the game
    page.click('[data-action="undo"]')
    reload(page)
    expect(page.locator("[data-history-game]")).to_have_count(1)  # Cy had nothing written: nothing to keep
    first = page.locator("[data-history-game]").first
    first.locator('[data-action="view-game"]').click()
    first.locator('[data-action="resume"]').click()
    assert page.inner_text("[data-current-player]") == "Bob"
    assert page.locator("[data-history-game]").count() == 1  # the imported game went to the history
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator('[data-history-game] [data-action="delete-game"]').first.click()
    assert page.locator("[data-history-game]").count() == 1
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('[data-history-game] [data-action="delete-game"]').first.click()
    assert page.locator("[data-history-game]").count() == 0
    assert_no_history(page)


def test_a_series_only_when_asked(browser_page, urls):
    """Without the series rule a finished game's New game is a new game; with it, game 2 of the series."""
    for key, heading in (("official", "Game"), ("series", "Game 2")):
        page = open_page(browser_page, urls[key]).page
        start(page, ["Ann"])
        for box in ("aces", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind", "four_of_a_kind",
                    "full_house", "small_straight", "large_straight", "yahtzee", "chance"):  # fmt: skip
            typed(page, box, 0 if box != "chance" else 5)
        page.click('[data-action="new-game"]')
        assert page.inner_text("#game-heading") == heading
        assert page.locator("[data-history-game]").count() == (1 if key == "official" else 0)


def test_stray_taps_and_dice_faces(browser_page, urls):
    """A tap on another player's cell never changes the turn; a filled one opens a cancellable correction;
    tapped dice are removed; a sixth face is refused; Enter on the dice never writes."""
    page = open_page(browser_page, urls["official"]).page
    start(page, ["Ann", "Bob"])
    roll(page, "44442", "fours")
    page.click('[data-player="1"][data-box="aces"]')
    assert page.inner_text("[data-current-player]") == "Bob"
    page.click('[data-player="1"][data-box="fours"]')
    assert page.inner_text("[data-current-player]") == "Ann" and page.is_visible(
        '[data-action="cancel-correction"]'
    )
    page.click('[data-action="cancel-correction"]')
    assert page.inner_text("[data-current-player]") == "Bob"
    for face in (6, 6, 6, 6, 6, 1):
        page.click(f'[data-face="{face}"]')
    assert page.input_value('input[data-input="dice"]') == "66666"
    assert page.inner_text("[role=alert]")
    page.click('[data-die="0"]')
    assert page.input_value('input[data-input="dice"]') == "6666"
    page.click('[data-face="6"]')
    page.focus('input[data-input="dice"]')
    page.keyboard.press("Enter")
    assert page.inner_text('[data-player="2"][data-box="aces"]') == ""
    assert page.locator("svg.die").count() >= 6 + 5


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [PHONE_WIDTH, DESKTOP_WIDTH])
def test_six_players_at_the_table(browser_page, urls, tmp_path, width, scheme):
    """Six players: no sideways scroll at 390 px, names sticky; the whole card at 1280 px; axe clean."""
    browsing = open_page(browser_page, urls["official"], width)
    page = browsing.page
    page.emulate_media(color_scheme=scheme)
    start(page, NAMES)
    roll(page, "33322", "full_house")
    assert page.inner_text("[role=status]") == "Ann: Full House 25"
    assert browsing.horizontal_overflow() == 0
    card = page.locator("[data-card]").bounding_box()
    assert card["x"] + card["width"] <= width
    if width == PHONE_WIDTH:
        page.locator('[data-player="6"][data-total="grand_total"]').scroll_into_view_if_needed()
        head = page.locator('[data-head][data-player="6"]').bounding_box()
        assert 0 <= head["y"] < 900 and page.locator('[data-head][data-player="6"]').is_visible()
    else:
        page.evaluate("window.scrollTo(0, 0)")
        grand = page.locator('[data-player="6"][data-total="grand_total"]').bounding_box()
        assert grand["y"] + grand["height"] <= 900, grand
    shots = Path(os.environ.get("SHEETGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / f"table-{width}-{scheme}.png"), full_page=width == PHONE_WIDTH)
    assert browsing.axe_violations() == []
    assert browsing.errors == []


def test_planted_saved_game_is_set_aside(browser_page, urls):
    """A saved game of ten dice and Chance 60 fails its checks: set aside with a notice, page clean."""
    browsing = open_page(browser_page, urls["official"])
    page = browsing.page
    planted = {"version": 1, "revision": 9, "id": "x", "started": "2026-12-01T21:30:00Z",
               "rules": {"variant": "official", "house_rules": []}, "players": ["Ann"],
               "games": [{"entries": [{"player": 0, "box": "chance", "dice": [6] * 10}]}],
               "undo": [], "title": None, "date": None}  # fmt: skip
    page.evaluate("s => localStorage.setItem('sheetgen-scorekeeper/v1/official', s)", json.dumps(planted))
    reload(page)
    assert page.is_visible("#set-aside") and page.is_visible('input[data-input="player-name"]')
    with page.expect_download() as download:
        page.click('[data-action="download-set-aside"]')
    assert json.loads(Path(download.value.path()).read_text())["games"][0]["entries"][0]["dice"] == [6] * 10
    assert browsing.errors == []


def test_planted_undo_steps_are_checked_and_the_next_game_is_saved(browser_page, urls):
    """A saved game whose last undo step looks like the page's own but names another box than the
    one it would restore (so Undo threw) is set aside; the new game written after it is saved over it
    (not taken for another tab's newer game) and undoes. A planted game whose steps fit its card loads
    and undoes to the empty card."""
    browsing = open_page(browser_page, urls["official"])
    page = browsing.page
    fours = {"player": 0, "dice": [4, 4, 4, 4, 2], "box": "fours"}
    bent = saved_game(["Ann"], [fours], [{"op": "set", "index": 0, "before": {**fours, "box": "fives"}}])
    fitting = saved_game(["<b>Ann</b>", "__proto__"], [fours], [{"op": "add"}])
    page.evaluate("s => localStorage.setItem('sheetgen-scorekeeper/v1/official', s)", json.dumps(bent))
    reload(page)
    assert page.is_visible("#set-aside") and page.is_visible('input[data-input="player-name"]')
    start(page, ["Bob"])
    roll(page, "55511", "fives")
    assert page.inner_text("[role=alert]") == ""
    reload(page)
    assert page.inner_text('[data-player="1"][data-box="fives"]') == "15"
    page.click('[data-action="undo"]')
    assert page.inner_text('[data-player="1"][data-box="fives"]') == ""
    page.click('[data-action="dismiss-set-aside"]')
    page.evaluate("s => localStorage.setItem('sheetgen-scorekeeper/v1/official', s)", json.dumps(fitting))
    reload(page)
    assert not page.is_visible("#set-aside")
    assert page.inner_text('[data-head][data-player="1"]').startswith("<b>Ann</b>")
    page.click('[data-action="undo"]')
    assert page.inner_text('[data-player="1"][data-box="fours"]') == ""
    page.click('[data-action="undo"]')
    assert page.inner_text("[role=status]") == "Nothing to undo."
    roll(page, "44442", "fours")
    assert page.inner_text("[role=status]") == "<b>Ann</b>: Fours 16"
    assert browsing.errors == []


def test_served_page_has_its_icon_and_asks_for_no_favicon(chromium, tmp_path):
    """Served over http, the standalone page shows the app icon from its own bytes: the server is
    asked for the page alone, never for /favicon.ico (a 404 in its log)."""
    (tmp_path / "keeper.html").write_text(render_scorekeeper(Rules()), encoding="utf-8")
    context = chromium.new_context()
    asked: list[str] = []
    with serving(tmp_path, asked) as (url, _stop):
        page = context.new_page()
        page.goto(url + "keeper.html", wait_until="networkidle")
        icon = page.evaluate("() => document.querySelector('link[rel=icon]').href")
        context.close()  # the page gone, nothing more can be asked
    assert icon.startswith("data:image/svg+xml")
    assert asked == ["/keeper.html"]


def test_card_cursor_starts_in_the_column_of_the_player_to_play(browser_page, urls):
    """On Bob's turn the card, reached from the keyboard, puts its cursor in Bob's column, not Ann's."""
    page = open_page(browser_page, urls["official"]).page
    start(page, NAMES[:3])
    roll(page, "44442", "fours")  # Ann's turn done: Bob (column 2) to play
    page.focus("#card")
    assert page.get_attribute("#card", "aria-activedescendant") == "cell-1-aces"
    page.keyboard.press("ArrowDown")
    assert page.get_attribute("#card", "aria-activedescendant") == "cell-1-twos"


@pytest.mark.parametrize(("players", "turned"), [(2, False), (3, False), (4, True), (6, True)])
def test_names_turn_up_their_columns_only_when_the_phone_is_crowded(browser_page, urls, players, turned):
    """At phone width two or three players' names stay across their roomy columns; four to six run up
    theirs, whole, rather than being cut to a letter."""
    page = open_page(browser_page, urls["official"], PHONE_WIDTH).page
    start(page, NAMES[:players])
    modes = page.eval_on_selector_all(
        "#card th.player .name", "names => names.map(n => getComputedStyle(n).writingMode)"
    )
    assert modes == [("sideways-lr" if turned else "horizontal-tb")] * players
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
