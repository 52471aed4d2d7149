"""A fillable sheet in a real viewer with scripts on: pdf.js and its sandbox in headless Chromium.

pdf.js (the npm package pdfjs-dist) runs the sheet's own form scripts in its
QuickJS sandbox, as Firefox does. The test types into the fields like a
player and reads the totals the sheet computes; every Tab it presses must
land on the next field down the column, which in pdf.js the sheet's own
scripts bring about (sheetgen/forms/taborder.py).
"""

from __future__ import annotations

import base64
import io
import json
import random

import pypdf
import pytest
from browsing import PDFJS_DIR, missing
from helpers import DATA, ROOT, WORKED_CARD, WORKED_TOTALS, run_cli, tab_widgets
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sheetgen.files.variants import load_rules
from sheetgen.forms.fields import column_fields
from sheetgen.forms.taborder import pdfjs_order
from sheetgen.pdf.cached import scoresheet_pdf
from sheetgen.pdf.scoresheet import render_scoresheet
from sheetgen.rules.boxes import card_rows
from sheetgen.rules.game import TRIPLE_YAHTZEE, YACHT, YATZY
from sheetgen.rules.records import parse_record
from sheetgen.rules.simulate import play_game
from sheetgen.rules.variants import Rules

ORIGIN = "http://sheetgen.test/"  # answered from disk by the test itself, never the network
HARNESS = DATA / "pdfjs_form.html"
TYPES = {"mjs": "text/javascript", "html": "text/html", "css": "text/css", "pdf": "application/pdf"}


def open_sheet(browser_page, pdf: bytes, height: int = 1300):
    """The sheet in pdf.js with scripting on, once its form layer and sandbox are ready.

    A form script that throws is reported by pdf.js on the console, so console errors count.
    The column order (the writable fields in /Annots order, page after page, a field on two pages
    where first met) is the page's `columnOrder`.
    """
    if not (PDFJS_DIR / "build" / "pdf.sandbox.mjs").exists():
        missing("pdfjs-dist is not installed (run npm ci)")
    files = {"pdfjs_form.html": HARNESS.read_bytes(), "sheet.pdf": pdf}

    def serve(route):
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        body = files.get(path)
        if body is None and path.startswith("node_modules/pdfjs-dist/"):
            body = (ROOT / path).read_bytes()
        if body is None:
            route.fulfill(status=404, body=b"")
            return
        route.fulfill(status=200, body=body, headers={"content-type": TYPES.get(path.rsplit(".", 1)[-1], "")})

    browsing = browser_page(1000, height)
    errors: list[str] = []
    browsing.page.on("pageerror", lambda error: errors.append(str(error)))
    browsing.page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    browsing.page.route(ORIGIN + "**", serve)
    browsing.page.goto(ORIGIN + "pdfjs_form.html")
    browsing.page.wait_for_function("window.sandboxReady && window.formReady", timeout=30_000)
    pages = range(len(pypdf.PdfReader(io.BytesIO(pdf)).pages))
    order = list(dict.fromkeys(name for n in pages for name, _, writable in tab_widgets(pdf, n) if writable))
    browsing.page.evaluate("order => { window.columnOrder = order; }", order)
    return browsing, errors


SHOWS = '([name, shown]) => document.querySelector(`[name="${name}"]`).value === shown'
FOCUSED = "() => document.activeElement ? document.activeElement.name || '' : ''"
FOCUS_ON = "name => document.activeElement && document.activeElement.name === name"
NEXT_DOWN = "name => columnOrder[columnOrder.indexOf(name) + 1] || ''"


def focus_lands(page, name: str, stays: bool = False) -> None:
    """Wait until the focus is on `name` (pdf.js moves it, then the sheet's script may move it on).

    `stays`: and is still there a while later (a second move would come within milliseconds).
    """
    try:
        page.wait_for_function(FOCUS_ON, arg=name, timeout=5_000)
    except PlaywrightTimeout:
        assert page.evaluate(FOCUSED) == name
    if stays:
        page.wait_for_timeout(200)
        assert page.evaluate(FOCUSED) == name


def tabs(page, key: str, *names: str) -> None:
    """Press Tab or Shift+Tab once per name; the focus must land on each in turn, and stay."""
    for name in names:
        page.keyboard.press(key)
        focus_lands(page, name, stays=name == names[-1])


def pdfjs_tabs_as_modelled(page, pdf: bytes) -> None:
    """pdf.js puts the inputs in the order taborder.py models (rows first); the moves rest on it."""
    shown = page.evaluate(
        "() => [...document.querySelectorAll('.annotationLayer input, .annotationLayer textarea')]"
        ".filter(e => !e.disabled).map(e => e.name)"
    )
    assert shown == pdfjs_order(tab_widgets(pdf))
    assert shown != page.evaluate("() => columnOrder")  # without the scripts Tab would run across


def type_into(page, name: str, text: str, accepts=lambda shown, key: True) -> None:
    """Click a field and type key by key as a person would, then leave it with Tab.

    After each key the test waits until the field shows what it should
    (`accepts` says whether a key is taken), so no key races the sandbox;
    after the Tab, until the focus is on the next field down the column.
    """
    field = page.locator(f'[name="{name}"]').first  # an input; a field on two pages: its first widget
    field.click()
    page.keyboard.press("End")
    shown = field.input_value()
    for key in text:
        if key == "\b":
            page.keyboard.press("Backspace")
            shown = shown[:-1]
        else:
            page.keyboard.type(key)
            shown = shown + key if accepts(shown, key) else shown
        page.wait_for_function(SHOWS, arg=[name, shown])
    page.keyboard.press("Tab")
    following = page.evaluate(NEXT_DOWN, name)
    if following:
        focus_lands(page, following)


def box_key(shown: str, key: str) -> bool:
    """What a box field takes: digits, at most four."""
    return key.isdigit() and len(shown) < 4


def value(page, name: str) -> str:
    return page.input_value(f'[name="{name}"]')


def test_players_sheet_adds_up_as_it_is_typed(browser_page, tmp_path):
    """The worked card typed into column 1 shows 69, 35, 104, 100, 291 and 395; boxes take 4 digits.

    Saved by pdf.js, the same file scores 395 with `sheetgen score`.
    """
    pdf = render_scoresheet(load_rules("official"), "players", "letter", fillable=True)
    browsing, errors = open_sheet(browser_page, pdf)
    page = browsing.page
    for box, score in WORKED_CARD.items():
        type_into(page, f"p1.{box}", str(score), box_key)
    assert value(page, "p1.upper_bonus") == "35" and value(page, "p1.yahtzee_bonus") == ""
    type_into(page, "p1.yahtzee_bonus_ticks", "\u2713")
    type_into(page, "p1.name", "Zoë Łukasiewicz")
    type_into(page, "p2.aces", "a12345", box_key)
    type_into(page, "p2.twos", "3", box_key)
    page.wait_for_function("document.querySelector('input[name=\"p2.upper_subtotal\"]').value === '1237'")
    assert {k: value(page, f"p1.{k}") for k in WORKED_TOTALS} == WORKED_TOTALS
    assert value(page, "p1.grand_total") == "395"
    assert value(page, "p2.aces") == "1234" and value(page, "p2.upper_bonus") == "35"
    assert value(page, "p1.name") == "Zoë Łukasiewicz"
    assert value(page, "p3.grand_total") == "" and value(page, "p2.upper_subtotal") == "1237"
    assert page.is_disabled('input[name="p1.grand_total"]') and not page.is_disabled('input[name="p1.aces"]')
    pdfjs_tabs_as_modelled(page, pdf)
    page.click('[name="p2.aces"]')
    tabs(page, "Shift+Tab", "p2.name", "p1.yahtzee_bonus_ticks", "p1.chance")  # back up the column
    page.click('[name="p2.chance"]')  # where pdf.js's own Tab would go from p1.chance: a click stays
    focus_lands(page, "p2.chance", stays=True)
    assert errors == [] and browsing.outside_requests == []
    type_into(page, "p2.aces", "\b\b\b\b")  # clear the absurd column again, then save as pdf.js saves
    type_into(page, "p2.twos", "\b")
    page.wait_for_function(SHOWS, arg=["p2.upper_subtotal", ""])
    saved = tmp_path / "saved.pdf"
    saved.write_bytes(base64.b64decode(page.evaluate("window.savedSheet()")))
    result = run_cli(["score", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    (player,) = json.loads(result.output)["games"][0]["players"]
    assert (player["name"], player["yahtzee_bonuses"], player["grand_total"]) == ("Zoë Łukasiewicz", 1, 395)


def test_series_card_adds_games_and_the_series_total(browser_page):
    """Game 1 the worked card (295), game 2 a Yahtzee and one tick (150): the series total is 445."""
    pdf = render_scoresheet(load_rules("c2406"), "series", "a4", fillable=True)
    browsing, errors = open_sheet(browser_page, pdf)
    page = browsing.page
    for box, score in WORKED_CARD.items():
        type_into(page, f"g1.{box}", str(score), box_key)
    type_into(page, "g2.yahtzee", "50", box_key)
    type_into(page, "g2.yahtzee_bonus_ticks", "x")
    page.wait_for_function("document.querySelector('input[name=\"series_total\"]').value === '445'")
    assert value(page, "g1.grand_total") == "295" and value(page, "g2.grand_total") == "150"
    assert value(page, "g2.upper_bonus") == "" and value(page, "g1.upper_bonus") == "35"
    pdfjs_tabs_as_modelled(page, pdf)
    page.click('[name="player"]')
    tabs(page, "Tab", "title", "date", "g1.aces")
    page.click('[name="g2.aces"]')
    tabs(page, "Shift+Tab", "g1.yahtzee_bonus_ticks", "g1.chance")
    page.click('[name="g3.aces"]')  # a quick typist: 4, Tab, 7 before the move down has landed
    page.keyboard.type("4")
    page.wait_for_function(SHOWS, arg=["g3.aces", "4"])  # (a key not yet taken when Tab leaves is lost)
    page.keyboard.press("Tab")
    page.keyboard.type("7")
    focus_lands(page, "g3.twos", stays=True)
    page.keyboard.press("Tab")
    page.wait_for_function(SHOWS, arg=["g3.upper_subtotal", "11"])
    assert (value(page, "g3.aces"), value(page, "g3.twos"), value(page, "g4.aces")) == ("4", "7", "")
    assert errors == [] and browsing.outside_requests == []


def tick_key(shown: str, key: str) -> bool:
    """What the tick field takes: a count or tick marks, never both."""
    marks = "xX/\u2713\u2714"
    if key.isdigit():
        return shown == "" or (shown.isdigit() and len(shown) < 2)
    return key in marks and not any(c.isdigit() for c in shown)


def test_pdfjs_adds_up_the_second_half_card(browser_page):
    """The worked card on card 2 with "x1" typed as ticks (the 1 refused): 395, and its series total."""
    pdf = render_scoresheet(load_rules("official"), "series", "letter", card="half", fillable=True)
    browsing, errors = open_sheet(browser_page, pdf)
    page = browsing.page
    for box, score in WORKED_CARD.items():
        type_into(page, f"card2.g1.{box}", str(score), box_key)
    type_into(page, "card2.g1.yahtzee_bonus_ticks", "x1", tick_key)
    type_into(page, "g2.aces", "4x", box_key)
    page.wait_for_function("document.querySelector('input[name=\"card2.series_total\"]').value === '395'")
    assert value(page, "card2.g1.yahtzee_bonus_ticks") == "x" and value(page, "card2.g1.grand_total") == "395"
    assert value(page, "g1.grand_total") == "" and value(page, "series_total") == "4"
    pdfjs_tabs_as_modelled(page, pdf)
    page.click('[name="g6.chance"]')  # card 1's last game, then on to card 2, and back
    tabs(page, "Tab", "g6.yahtzee_bonus_ticks", "card2.player", "card2.title", "card2.date", "card2.g1.aces")
    tabs(page, "Shift+Tab", "card2.date", "card2.title", "card2.player", "g6.yahtzee_bonus_ticks")
    assert errors == [] and browsing.outside_requests == []


def test_a_large_print_triple_yahtzee_card_adds_up_across_its_two_pages(browser_page, tmp_path):
    """The worked card typed into player 1's first column of a large-print Triple Yahtzee sheet (upper
    boxes on page 1, lower on page 2), a box in each other column, Tab running down the column on each
    page: the totals show, each column's scored row is its total times 1, 2 and 3 and the grand total
    adds them (395 + 6 + 15); the name typed on page 1 shows in page 2's head too; saved by pdf.js, the
    sheet holds the totals (`score` reads a whole card only: tests/test_game_sheets.py)."""
    rules = load_rules(game=TRIPLE_YAHTZEE)
    # one player on two pages, as Chromium's viewer takes it (tests/test_forms_chromium.py): one render
    pdf = scoresheet_pdf(rules, "players", "a4", columns=1, card="full", fillable=True, print_size="large")
    browsing, errors = open_sheet(browser_page, pdf, height=2400)
    page = browsing.page
    type_into(page, "p1.name", "Zoë")
    for box, score in WORKED_CARD.items():
        type_into(page, f"p1.c1.{box}", str(score), box_key)
    type_into(page, "p1.c1.yahtzee_bonus_ticks", "x", tick_key)
    type_into(page, "p1.c2.aces", "3", box_key)
    type_into(page, "p1.c3.fives", "5", box_key)
    page.wait_for_function(SHOWS, arg=["p1.grand_total", "416"])
    first = column_fields("p1.c1.", TRIPLE_YAHTZEE)
    shown = {k: first[k] for k in WORKED_TOTALS if k != "upper_total_again"}  # no room for it here
    assert {k: value(page, name) for k, name in shown.items()} == {k: WORKED_TOTALS[k] for k in shown}
    scored = [value(page, f"p1.c{k}.{row}") for k in (1, 2, 3) for row in ("total", "scored")]
    assert scored == ["395", "395", "3", "6", "5", "15"]
    heads = page.eval_on_selector_all('[name="p1.name"]', "fields => fields.map(f => f.value)")
    assert heads == ["Zoë", "Zoë"]  # one field, a widget on each page
    assert errors == [] and browsing.outside_requests == []
    saved = pypdf.PdfReader(io.BytesIO(base64.b64decode(page.evaluate("window.savedSheet()"))))
    fields = {name: field.get("/V") for name, field in saved.get_fields().items()}
    held = ("p1.name", "p1.c1.total", "p1.c2.scored", "p1.c3.scored", "p1.grand_total")
    assert [fields[name] for name in held] == ["Zoë", "395", "6", "15", "416"]


@pytest.mark.parametrize("game", [YATZY, YACHT], ids=lambda game: game.id)
def test_pdfjs_adds_up_a_card_of_each_one_column_game(game, browser_page):
    """Yatzy's and Yacht's forms in pdf.js: a card the engine played, typed box by box down player 1's
    column, shows every total the engine computes (their scripts generated from the definition, as
    Yahtzee's). Two columns: the Tab after the last box stays in the form (from a sheet's very last
    field pdf.js's test page has nowhere to go, and the value is not committed)."""
    turns = play_game(random.Random(7), Rules(game=game))
    record = parse_record({"game": game.id, "players": [{"name": "Ann", "turns": turns}]}, source="played")
    (player,) = record.games[0].players
    (column,) = player.whole.columns
    pdf = scoresheet_pdf(load_rules(game=game), "players", "letter", columns=2, fillable=True)
    browsing, errors = open_sheet(browser_page, pdf)
    page = browsing.page
    fields = column_fields("p1.", game)
    for row in (row for row in card_rows(game) if row.is_box):
        type_into(page, fields[row.slug], str(column.boxes[row.key]), box_key)
    page.wait_for_function(SHOWS, arg=["p1.grand_total", str(player.grand_total)])
    totals = {row.slug: str(column.totals[row.key]) for row in card_rows(game) if row.is_total}
    assert {slug: value(page, fields[slug]) for slug in totals} == totals
    assert errors == [] and browsing.outside_requests == []
