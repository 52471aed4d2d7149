"""The scorekeeper's keyboard and its bounds (issue 19): Ctrl+Z and Cmd+Z undo, the card is one tab
stop with arrow keys inside it, and hostile saved games or files are refused before any heavy work,
so the page keeps answering (real headless Chromium)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from browsing import PHONE_WIDTH, open_page, reload, roll, start
from helpers import EXAMPLES, saved_game
from playwright.sync_api import expect

from sheetgen.errors import SheetgenError
from sheetgen.files.inputs import RECORD_LIMIT
from sheetgen.rules.records import MAX_PLAYERS, parse_record
from sheetgen.rules.text import MAX_LINE, one_line
from sheetgen.rules.variants import OFFICIAL, Rules
from sheetgen.web.scorekeeper import (
    MAX_IMPORT_BYTES,
    MAX_STATE_CHARS,
    STORAGE_KEY,
    UNDO_LIMIT,
    scorekeeper_data,
)

KEY = STORAGE_KEY + "official"
FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]"


def cell(page, player: int, box: str) -> str:
    return page.inner_text(f'[data-player="{player}"][data-box="{box}"]')


def test_ctrl_z_and_cmd_z_undo_the_last_write(browser_page, urls):
    """Ctrl+Z and Cmd+Z (Meta) undo the game's last write wherever the focus is, except in a field
    holding text, which keeps its own undo."""
    page = open_page(browser_page, urls["official"]).page
    start(page, ["Ann", "Bob"])
    roll(page, "44442", "fours")
    roll(page, "12345", "large_straight")
    page.focus("[data-card]")
    page.keyboard.press("Control+z")
    assert cell(page, 2, "large_straight") == "" and cell(page, 1, "fours") == "16"
    assert page.inner_text("[data-current-player]") == "Bob"
    page.locator("[data-card]").blur()
    page.keyboard.press("Meta+z")
    assert cell(page, 1, "fours") == "" and page.inner_text("[data-current-player]") == "Ann"
    roll(page, "66612", "sixes")
    page.fill('input[data-input="dice"]', "123")
    page.focus('input[data-input="dice"]')
    page.keyboard.press("Control+z")  # the field's own undo: the card keeps Ann's Sixes
    assert cell(page, 1, "sixes") == "18"
    page.fill('input[data-input="dice"]', "")
    page.keyboard.press("Control+z")  # the field is empty: now the game's undo
    assert cell(page, 1, "sixes") == ""
    page.keyboard.press("Control+Shift+z")  # not an undo
    assert cell(page, 1, "sixes") == "" and page.inner_text("[role=status]") == "Undone: Ann, Sixes 18"


def test_the_card_is_one_tab_stop_with_arrow_keys_inside(browser_page, urls):
    """Nothing inside the card takes the focus but the card itself; arrows, Home and End move its active
    cell (aria-activedescendant); Enter on the current player's empty box chooses it; Tab leaves the card."""
    page = open_page(browser_page, urls["official"]).page
    start(page, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"])
    assert page.locator("[data-card]").get_attribute("tabindex") == "0"
    assert page.locator(f"[data-card] :is({FOCUSABLE})").count() == 0
    page.focus("[data-card]")

    def active() -> str:
        return page.get_attribute("[data-card]", "aria-activedescendant")

    assert active() == "cell-0-aces"
    for key in ("ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    assert active() == "cell-2-fours"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("End")
    assert active() == "cell-1-chance"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # stops at the first column
    assert active() == "cell-0-aces"
    for _ in range(8):
        page.keyboard.press("ArrowRight")  # stops at the sixth
    assert active() == "cell-5-aces"
    assert page.evaluate("document.activeElement.matches('[data-card]')")
    page.keyboard.press("Enter")  # Fay's Aces: not her turn, nothing changes
    assert page.inner_text("[data-current-player]") == "Ann"
    page.keyboard.press("Home")
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # Ann's Twos: chosen for the typed score
    assert page.input_value('select[data-input="score-box"]') == "twos"
    page.keyboard.press("Tab")
    assert not page.evaluate("document.querySelector('[data-card]').contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.matches('[data-card]')")


def test_hostile_saved_games_are_refused_before_heavy_work(browser_page, urls):
    """30,000 planted players, an undo history of tens of thousands of steps, a saved text past the
    size limit, the same in the history: each set aside at load, the page clean and answering at once."""
    crowd = [f"P{n}" for n in range(30_000)]
    many_steps = [{"op": "add"}] * (UNDO_LIMIT * 100)
    cases = [
        (KEY, json.dumps(saved_game(crowd, [], []))),
        (KEY, json.dumps(saved_game(["Ann"], [], many_steps), separators=(",", ":"))),
        (KEY, json.dumps(saved_game(["Ann"], [], [])) + " " * MAX_STATE_CHARS),
        (KEY + "/history", json.dumps({"version": 1, "games": [saved_game(crowd, [], [])] * 3})),
    ]
    assert all(len(text) < MAX_STATE_CHARS for _, text in cases[:2])
    page = open_page(browser_page, urls["official"]).page
    for n, (key, text) in enumerate(cases):
        page.evaluate("() => localStorage.clear()")
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])
        reload(page)
        assert page.evaluate("() => 1 + 1") == 2  # answers within Playwright's timeout
        assert page.is_visible("#set-aside"), n
        assert page.is_visible('input[data-input="player-name"]'), n
        assert page.locator("[data-history-game]").count() == 0, n
    start(page, ["Ann"])
    roll(page, "44442", "fours")
    assert cell(page, 1, "fours") == "16"


def test_imports_are_bounded_like_sheetgen_score(browser_page, urls, tmp_path):
    """The import limit is the record file's limit (one constant in the blob); a file past it is refused
    unread; a record of 30,000 players is refused as `sheetgen score` refuses it; the game stays."""
    assert MAX_IMPORT_BYTES == RECORD_LIMIT
    assert scorekeeper_data(Rules(OFFICIAL))["constants"]["max_import_bytes"] == RECORD_LIMIT
    page = open_page(browser_page, urls["official"]).page
    start(page, ["Ann"])
    roll(page, "44442", "fours")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (RECORD_LIMIT + 1))
    page.set_input_files("#import", str(big))
    page.wait_for_function("document.querySelector('[role=alert]').textContent.length > 0")
    assert page.inner_text("[role=alert]") == "big.json: more than 5 MB; a record file may be at most that."
    crowd = tmp_path / "crowd.json"
    players = [{"name": f"P{n}", "boxes": {}} for n in range(30_000)]
    crowd.write_text(json.dumps({"variant": "official", "games": [{"players": players}]}))
    page.set_input_files("#import", str(crowd))
    page.wait_for_function("document.querySelector('[role=alert]').textContent.includes('crowd.json')")
    alert = page.inner_text("[role=alert]")
    assert f"at most {MAX_PLAYERS} players" in alert and "\n" not in alert
    assert page.evaluate("() => 1 + 1") == 2 and cell(page, 1, "fours") == "16"


def test_an_import_quoting_a_million_characters_is_one_short_line(browser_page, urls, tmp_path):
    """A record whose variant is a million characters, or holds bells and bidi overrides: the phone's
    alert is the command line's line (`one_line` of Python's message, its value a short escaped
    excerpt), at most MAX_LINE characters, wrapped inside 390 px; the game on screen stays."""
    browsing = open_page(browser_page, urls["official"], PHONE_WIDTH)
    page = browsing.page
    start(page, ["Ann"])
    roll(page, "44442", "fours")
    record = json.loads((EXAMPLES / "turns.json").read_text())
    shots = Path(os.environ.get("SHEETGEN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    for n, variant in enumerate(["v" * 1_000_000, "vegas\u0007\u202e" * 30]):
        data = {**record, "variant": variant}
        path = tmp_path / f"game-{n}.json"
        path.write_text(json.dumps(data))
        page.set_input_files("#import", str(path))
        page.wait_for_function(
            "name => document.querySelector('[role=alert]').textContent.startsWith(name)", arg=path.name
        )
        try:
            parse_record(data, source=path.name)
        except SheetgenError as error:
            want = one_line(str(error))
        alert = page.text_content("[role=alert]")
        assert alert == want and len(alert) <= MAX_LINE
        assert browsing.horizontal_overflow() == 0
        page.screenshot(path=str(shots / f"import-error-{n}-{PHONE_WIDTH}.png"))
    assert cell(page, 1, "fours") == "16" and browsing.errors == []


def test_the_import_button_is_the_pages_own_words(browser_page, urls):
    """The browser's file control ("Choose File", "No file chosen") is out of sight: the label, in the
    page's words, is the button; a click on it opens the file chooser, and the keyboard's focus on the
    hidden input rings the label."""
    page = open_page(browser_page, urls["official"]).page
    hidden = page.locator("#import").bounding_box()
    assert hidden["width"] <= 1 and hidden["height"] <= 1
    label = page.locator("label[for=import]")
    assert label.is_visible() and label.inner_text() == "Import a record or a saved game (JSON)"
    with page.expect_file_chooser() as chooser:
        label.click()
    chooser.value.set_files(str(EXAMPLES / "turns.json"))
    expect(page.locator("#status")).to_have_text("Imported turns.json.")
    page.evaluate("document.activeElement.blur()")  # the click focused it by mouse: reach it by keys
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "import":
            break
    assert page.evaluate("document.activeElement.id") == "import"
    assert label.evaluate("l => getComputedStyle(l).outlineStyle") == "solid"
