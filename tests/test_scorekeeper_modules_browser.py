"""The scorekeeper page in Chromium, opened from file:// (issues 26 and 28): its modules load as real
ES modules with no request, a number never wraps at 400 % zoom, an import is read as `sheetgen score`
reads it (refused in its very words, the game on screen untouched and still played), and Export names
its file without accents."""

from __future__ import annotations

import re

import pytest
from browsing import export, open_page, roll, start
from helpers import EXAMPLES, scorekeeper_urls

from sheetgen.errors import SheetgenError
from sheetgen.files.locales import speaking
from sheetgen.files.records import checked_record
from sheetgen.rules.text import one_line
from sheetgen.rules.variants import OFFICIAL, Rules
from sheetgen.web.scorekeeper import MODULES

ZOOMED = 320  # CSS pixels: a 1280-pixel window at 400 % (WCAG 1.4.10)
# Every number in the page's text that a line break splits: one Range per number, more than one line.
SPLIT_NUMBERS = """() => {
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/[\\u2212+\\-\\u2013]?\\d(?:[\\d.,\\u202f\\u00a0]*\\d)?/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      if (lines.size > 1) split.push(m[0]);
    }
  }
  return split;
}"""
# The notes drawn after a number (the upper bonus's remainder, "\u221263"; a tick): one line, inside its cell.
NOTES = """() => [...document.querySelectorAll("td[data-note], td[data-tick]")].map((td) =>
  [getComputedStyle(td, "::after").whiteSpace, td.scrollWidth <= td.clientWidth])"""


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("keeper-modules")
    urls = {}
    for lang in ("en", "fr", "de"):
        with speaking(lang):
            urls |= scorekeeper_urls(folder, {lang: Rules(OFFICIAL)})
    return urls


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_modules_load_from_file_without_a_request(browser_page, pages, lang):
    """From file://: the page asks for nothing but itself, every module runs in its own scope (no
    name of theirs is global), and a roll is placed."""
    browsing = browser_page(1280)
    asked: list[str] = []
    errors: list[str] = []
    browsing.page.on("request", lambda request: asked.append(request.url))
    browsing.page.on("pageerror", lambda error: errors.append(str(error)))
    browsing.page.goto(pages[lang])
    page = browsing.page
    start(page, ["Ann", "Bob"])
    roll(page, "44442", "fours")
    assert "16" in page.inner_text("#card")
    names = ["legalBoxes", "parseJson", "Store", "Controller", "controller", "store", "fileName"]
    leaked = page.evaluate("(names) => names.filter((name) => name in window)", names)
    assert (asked, errors, leaked) == ([pages[lang]], [], [])
    assert page.evaluate("() => document.querySelectorAll('script[type=module]').length") == len(MODULES)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_number_wraps_at_400_percent(browser_page, pages, lang):
    """Six players at 320 CSS pixels: no number on the page is split across lines, and the notes
    after the upper section's numbers ("\u221263") stay on one line inside their cells."""
    browsing = open_page(browser_page, pages[lang], ZOOMED)
    page = browsing.page
    start(page, ["Marie-Christine", "Maman", "Jürgen", "Anke", "Zoë", "Bartholomew"])
    for dice, box in [("11112", "aces"), ("22223", "twos"), ("11111", "yahtzee"), ("33331", "threes")]:
        roll(page, dice, box)
    roll(page, "66543", "chance")
    roll(page, "12345", "large_straight")
    assert page.evaluate(SPLIT_NUMBERS) == []
    notes = page.evaluate(NOTES)
    assert notes and all(note == ["nowrap", True] for note in notes), notes
    assert browsing.errors == []


def test_a_float_import_is_refused_as_sheetgen_score_refuses_it(browser_page, pages, tmp_path):
    """`"aces": 3.0` is refused with the command line's own line; the game on screen keeps its
    writes and takes the next roll."""
    browsing = open_page(browser_page, pages["en"])
    page = browsing.page
    start(page, ["Ann", "Bob"])
    roll(page, "44442", "fours")
    card = page.inner_text("#card")
    text = re.sub(r'"aces": \d+', '"aces": 3.0', (EXAMPLES / "boxes.json").read_text(), count=1)
    path = tmp_path / "boxes.json"
    path.write_text(text)
    with pytest.raises(SheetgenError) as refused:
        checked_record(text.encode(), path.name)
    page.set_input_files("#import", str(path))
    page.wait_for_function("() => document.getElementById('alert').textContent !== ''")
    alert = page.inner_text("#alert")
    assert alert == one_line(str(refused.value))
    assert "3.0 is not a whole number" in alert
    assert page.inner_text("#card") == card
    roll(page, "55511", "fives")
    assert "15" in page.inner_text("#card")
    assert browsing.errors == []


def test_export_names_its_file_without_accents(browser_page, pages, tmp_path):
    """The French page's export of Léo, Zoë and Müller's game: yahtzee-…-leo-zoe-muller.json."""
    browsing = open_page(browser_page, pages["fr"])
    page = browsing.page
    start(page, ["Léo", "Zoë", "Müller"])
    roll(page, "44442", "fours")
    _, path = export(page, tmp_path)
    assert re.fullmatch(r"yahtzee-\d{4}-\d\d-\d\d-\d{4}-leo-zoe-muller\.json", path.name), path.name
