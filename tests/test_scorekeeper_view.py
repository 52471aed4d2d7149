"""The scorekeeper's view in real Chromium (issue 28, items 1, 3, 4, 5; issue 26, item 2): Enter
writes the box chosen first, a typed score is ticked at once, six names told apart on a phone and
printed whole, a past game's whole card, numbers and dates in the page's language."""

from __future__ import annotations

import json
from datetime import date

import pytest
from babel.dates import format_date
from browsing import PHONE_WIDTH, open_page, roll, start
from helpers import EXAMPLES, scorekeeper_urls

from sheetgen.files.locales import translator
from sheetgen.rules import i18n
from sheetgen.rules.variants import OFFICIAL, Rules

LANGS = ["en", "fr", "de"]
FAMILY = ["Marie-Christine", "Maman", "Jürgen", "Anke", "Léo", "Zoë"]
LONG = ["Marie-Christine Dupont-Lefebvre", "Marie-Christine Dupont-Lemaire", "Jean-Baptiste", "Jean-Bernard",
        "Anne-Sophie Lefèvre", "Anne-Sophie Lemoine"]  # fmt: skip
# A finished record whose grand total has four digits: every box its most with twelve extra Yahtzees.
MOST = {"aces": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 25, "sixes": 30, "three_of_a_kind": 30,
        "four_of_a_kind": 30, "full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 50,
        "chance": 30}  # fmt: skip
BIG = {"variant": "official", "date": "2026-11-28",
       "players": [{"name": "Anke", "boxes": MOST, "yahtzee_bonuses": 12},
                   {"name": "Jürgen", "boxes": dict.fromkeys(MOST, 0) | {"chance": 5}}]}  # fmt: skip


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    """The official rules' scorekeeper in each language under test, by language."""
    urls = {}
    for lang in LANGS:
        with i18n.using(translator(lang)):
            folder = tmp_path_factory.mktemp(f"view-{lang}")
            urls[lang] = scorekeeper_urls(folder, {"official": Rules(OFFICIAL)})["official"]
    return urls


def cell(page, player: int, box: str) -> str:
    return page.inner_text(f"#cell-{player}-{box}")


def import_record(page, tmp_path, data: dict) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    page.set_input_files("#import", str(path))
    page.wait_for_selector("#card [data-total=grand_total]")  # the file is read before it is shown


def test_enter_writes_the_box_chosen_first(browser_page, pages):
    """Chance tapped, 66543 typed, Enter, Enter: Chance 24, never Aces 0 (issue 28, item 1)."""
    page = open_page(browser_page, pages["en"]).page
    start(page, ["Ann", "Bob"])
    page.click("#cell-0-chance")
    page.fill("#dice", "66543")
    page.press("#dice", "Enter")
    assert page.evaluate("document.activeElement.dataset.option") == "chance"  # seen highlighted first
    assert page.get_attribute('[data-option="chance"]', "aria-current") == "true"
    page.keyboard.press("Enter")
    assert (cell(page, 0, "chance"), cell(page, 0, "aces")) == ("24", "")
    assert page.inner_text("#status") == "Ann: Chance 24"


def test_enter_on_a_chosen_box_the_roll_cannot_take_says_why(browser_page, pages):
    page = open_page(browser_page, pages["en"]).page
    start(page, ["Ann", "Bob"])
    roll(page, "66666", "yahtzee")
    roll(page, "11111", "aces")
    page.click("#cell-0-chance")
    page.fill("#dice", "44444")  # an extra Yahtzee the official rules send to Fours
    page.press("#dice", "Enter")
    assert page.inner_text("#alert").startswith("Not written:")
    assert page.evaluate("document.activeElement.id") == "dice"  # nothing focused to write
    page.keyboard.press("Enter")
    assert (cell(page, 0, "chance"), cell(page, 0, "fours")) == ("", "")


def test_a_typed_score_is_ticked_at_once_and_a_refused_tick_says_why(browser_page, pages):
    """Full House typed after a Yahtzee: the list stays on Full House and the tick goes there, though
    it is Bob's turn now; before, the button was off with its reason in text (issue 28, item 3)."""
    page = open_page(browser_page, pages["en"]).page
    start(page, ["Ann", "Bob"])
    assert page.is_disabled('[data-action="tick-bonus"]')
    assert page.inner_text("#tick-help") == "No Yahtzee bonus: write Aces first, as a typed score."
    roll(page, "66666", "yahtzee")
    roll(page, "11111", "aces")
    page.select_option("#score-box", "full_house")
    page.fill("#score", "25")
    page.click('[data-action="write-score"]')
    assert page.input_value("#score-box") == "full_house"
    assert page.inner_text("#tick-help") == ""
    page.click('[data-action="tick-bonus"]')
    assert page.get_attribute("#cell-0-full_house", "data-tick") == "\u2713"
    assert page.inner_text('[data-player="1"][data-total="yahtzee_bonus"]') == "100"
    assert page.inner_text("#current-player") == "Bob"


def head_texts(page, card: str = "#card") -> list[str]:
    """What each column head shows of its player's name (the name or its short form, whichever is drawn)."""
    return page.eval_on_selector_all(
        f"{card} th.player",
        """heads => heads.map(th => [...th.querySelectorAll('.name, .short')]
            .filter(n => n.getClientRects().length).map(n => n.innerText).join(''))""",
    )


CUT = """nodes => nodes.filter(n => n.getClientRects().length)
    .filter(n => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1).length"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("names", [FAMILY, LONG], ids=["family", "long"])
def test_six_names_on_a_phone_are_told_apart_and_print_whole(browser_page, pages, lang, names):
    """At 390 px every head shows a different text, none cut mid-way, badges whole; the full name is
    each head's title; the printed card prints every whole name (issue 28, item 4)."""
    page = open_page(browser_page, pages[lang], PHONE_WIDTH).page
    start(page, names)
    roll(page, "66666", "yahtzee")  # Maman to play, Marie-Christine leads: two badges
    shown = head_texts(page)
    assert len(set(shown)) == len(names), shown
    assert page.eval_on_selector_all("#card th.player .name, #card th.player .short", CUT) == 0
    assert page.eval_on_selector_all("#card th.player .badge", CUT) == 0
    assert page.eval_on_selector_all("#card th.player", "hs => hs.map(h => h.title)") == names
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    page.click('[data-action="new-game"]')  # the game goes to the past games: viewed, told apart as well
    page.click('[data-history-game] [data-action="view-game"]')
    assert len(set(head_texts(page, "table.past"))) == len(names)
    assert page.eval_on_selector_all("table.past th.player :is(.name, .short)", CUT) == 0
    page.emulate_media(media="print")
    assert page.eval_on_selector_all("#card th.player .name", "ns => ns.map(n => n.innerText)") == names
    assert page.eval_on_selector_all("#card th.player .name", CUT) == 0
    assert (
        page.eval_on_selector_all(
            "#card th.player .short", "s => s.filter(n => n.getClientRects().length).length"
        )
        == 0
    )


# The words (between spaces, hyphens and soft hyphens, where a line may break) drawn on two lines.
WORDS_WHOLE = """root => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    for (const match of text.data.matchAll(/[^\\s\\u00ad-]+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      // The hyphen a soft hyphen draws at a line's end counts in the next part's rects: left out.
      const shy = document.createRange();
      shy.setStart(text, Math.max(0, match.index - 1));
      shy.setEnd(text, match.index);
      const drawn = [...shy.getClientRects()].map(r => `${r.top},${r.left}`);
      const rects = [...range.getClientRects()]
        .filter(r => r.width > 0 && !drawn.includes(`${r.top},${r.left}`));
      const lines = new Set(rects.map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_past_game_shows_its_whole_card_and_keeps_the_focus(browser_page, pages, tmp_path, lang):
    """Every row of the live card (bonuses and totals), totals equal to the summary's, the focus left on
    the button pressed, words whole at phone width (issue 28, item 5)."""
    page = open_page(browser_page, pages[lang], PHONE_WIDTH).page
    record = json.loads((EXAMPLES / "boxes.json").read_text())
    players = [record["players"][n % 2] | {"name": name} for n, name in enumerate(FAMILY)]
    import_record(page, tmp_path, record | {"players": players})
    live_rows = page.locator("#card tbody tr:not(.section)").count()
    live_totals = [
        page.inner_text(f'#card [data-player="{p}"][data-total="grand_total"]') for p in range(1, 7)
    ]
    page.click('[data-action="new-players"]')
    start(page, ["Cy"])  # the imported game goes to the past games
    item = page.locator("[data-history-game]").first
    item.locator('[data-action="view-game"]').focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.action") == "view-game"
    assert page.get_attribute('[data-history-game] [data-action="view-game"]', "aria-expanded") == "true"
    past = item.locator("table.past").first
    assert past.locator("tbody tr:not(.section)").count() == live_rows
    totals = [
        past.locator(f'[data-player="{p}"][data-total="grand_total"]').inner_text() for p in range(1, 7)
    ]
    assert totals == live_totals
    note = item.locator(".note").inner_text()
    assert all(f"{name} {total}" in note for name, total in zip(FAMILY, totals, strict=True))
    for row in ("upper_bonus", "yahtzee_bonus", "lower_total"):
        assert past.locator(f'[data-total="{row}"]').count() == 6, row
    assert page.eval_on_selector("details.history", WORDS_WHOLE) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


@pytest.mark.parametrize(("lang", "total"), [("en", "1,575"), ("fr", "1\u202f575"), ("de", "1.575")])
def test_numbers_and_dates_follow_the_page_not_the_browser(browser_page, pages, tmp_path, lang, total):
    """A German page in an English browser writes 1.575 and 28. November 2026 (issue 26, item 2)."""
    browsing = open_page(browser_page, pages[lang])
    page = browsing.page
    assert page.evaluate("navigator.language").startswith("en")
    import_record(page, tmp_path, BIG)
    assert page.inner_text('#card [data-player="1"][data-total="grand_total"]') == total
    assert total in page.inner_text("#current-player")  # "Anke wins with 1,575"
    printed = format_date(date(2026, 11, 28), "long", locale=lang)
    assert page.text_content("#printed-on") == printed
    page.click('[data-action="new-game"]')
    what = page.locator("[data-history-game] .what").first.inner_text()
    assert "2026-" not in what and total in page.locator("[data-history-game] .note").first.inner_text()
    assert browsing.errors == []
