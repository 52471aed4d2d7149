"""The built site in headless Chromium: fits any screen, every link resolves, nothing leaves the folder."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from browsing import DESKTOP_WIDTH, PHONE_WIDTH, Browsing, roll, start
from helpers import OUR_HOUSE, web_index, web_pages

from sheetgen.files.variants import load_rules
from sheetgen.rules.guide import SITE_NOTICE
from sheetgen.rules.variants import VARIANTS

SYSTEM_FONTS = "system-ui, -apple-system"
MIN_TEXT_PX = 16
MIN_PREVIEW_PX = 240
REFLOW_WIDTH = 320  # CSS px: WCAG 1.4.10's reflow, 1280 px at 400 % zoom
# The pages at 320 px, by kind and language (German's words are among the longest; its index is
# written with the English build's previews, pictures of the same sheets).
REFLOW_PAGES = [
    ("index", "en"),
    ("index", "de"),
    ("rules", "en"),
    ("rules", "de"),
    ("scorekeeper", "en"),
    ("scorekeeper", "de"),
]
PLAYERS = ["Annemarie-Theresa", "Wilhelmina", "Maximilian", "Bob", "Franziska", "Jan-Willem"]
# Two rounds of Yahtzees: six columns of three-digit totals, each with what its bonus still needs.
ROLLS = [("66666", "yahtzee")] * len(PLAYERS) + [("66666", "sixes")] * len(PLAYERS)
# Text cut off or spilling out of its box (inline boxes spill into their block's; visually hidden text
# is clipped on purpose), and numbers broken across lines: what the page shows, not what it says.
UNREFLOWED = r"""() => {
    const shown = e => {
        for (let a = e; a; a = a.parentElement) {
            const s = getComputedStyle(a);
            if (s.clip !== 'auto' || s.clipPath !== 'none') return false;
        }
        return e.getClientRects().length > 0;
    };
    const spilled = [...document.querySelectorAll('body *')]
        .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
        .filter(e => getComputedStyle(e).display !== 'inline' && shown(e))
        .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
        .map(e => 'spilled ' + e.tagName + ': ' + e.textContent.trim().slice(0, 40));
    const broken = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode()); ) {
        for (const m of node.textContent.matchAll(/[\u2212-]?\d+(?:[-.,:]\d+)*/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const boxes = [...range.getClientRects()].filter(r => r.width);
            const lines = new Set(boxes.map(r => Math.round(r.top)));
            if (lines.size > 1) broken.push('broken ' + m[0]);
        }
    }
    const notes = [...document.querySelectorAll('td[data-note]')]
        .filter(td => getComputedStyle(td, '::after').whiteSpace !== 'nowrap').map(td => 'note may break');
    return [...spilled, ...broken, ...notes];
}"""


def pages(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob("*.html"))


def page_names() -> list[str]:
    """The pages of the shared site's two variants, known before it is built, for test ids."""
    custom = load_rules(str(OUR_HOUSE)).slug
    return [
        "index.html",
        "rules-official.html",
        f"rules-{custom}.html",
        "scorekeeper-official.html",
        f"scorekeeper-{custom}.html",
    ]


def open_page(browser_page, folder: Path, name: str, width: int):
    browsing = browser_page(width)
    browsing.page.goto((folder / name).as_uri())
    return browsing


@pytest.fixture(scope="module")
def reflow_page(chromium) -> Browsing:
    """One page at 320 px for every reflow case."""
    context = chromium.new_context(viewport={"width": REFLOW_WIDTH, "height": 640})
    yield Browsing(context.new_page())
    context.close()


@pytest.fixture(scope="module")
def german(tmp_path_factory, site) -> Path:
    """The official variant's German rules page, scorekeeper and index, as the build writes them."""
    folder = tmp_path_factory.mktemp("german")
    web_index(folder, "de", site.folder / "thumbs")
    return web_pages(folder, "de")


def test_the_site_has_the_pages_we_test(site):
    """The pages tested below are exactly the pages the build wrote, but for the other built-in variants'
    scorekeepers (test_scorekeeper.py reads those): the same template as scorekeeper-official.html."""
    others = [f"scorekeeper-{v.name}.html" for v in VARIANTS if v.name != "official"]
    assert pages(site.folder) == sorted(page_names() + others)


@pytest.mark.parametrize("width", [PHONE_WIDTH, DESKTOP_WIDTH])
@pytest.mark.parametrize("name", page_names())
def test_page_fits_reads_and_stays_in_the_folder(site, browser_page, name, width):
    """No overflow, system fonts, 16 px text, 240 px previews, the notice, no request outside the folder."""
    browsing = open_page(browser_page, site.folder, name, width)
    page = browsing.page
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # lazy previews load too
    page.wait_for_load_state("networkidle")
    assert browsing.horizontal_overflow() == 0
    assert page.evaluate("() => getComputedStyle(document.body).fontFamily").startswith(SYSTEM_FONTS)
    small = page.evaluate(
        """(least) => [...document.querySelectorAll('body *')]
            .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .filter(e => e.getClientRects().length && !e.closest('.visually-hidden, .skip'))
            .filter(e => parseFloat(getComputedStyle(e).fontSize) < least)
            .map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 40))""",
        MIN_TEXT_PX,
    )
    assert small == [] or name.startswith("scorekeeper-")  # issue 9's page sets its own small notes
    spilled = page.evaluate(
        """() => [...document.querySelectorAll('section.rules, .card, .toc')].flatMap(box => {
            const padding = parseFloat(getComputedStyle(box).paddingRight);
            const edge = box.getBoundingClientRect().right - padding + 0.5;
            return [...box.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > edge)
                .map(e => box.id + ' ' + e.tagName + ': ' + e.textContent.trim().slice(0, 30));
        })"""
    )
    assert spilled == []
    previews = page.evaluate("() => [...document.querySelectorAll('.card img')].map(i => i.clientWidth)")
    assert all(width >= MIN_PREVIEW_PX for width in previews)
    assert SITE_NOTICE in page.inner_text("body")
    assert browsing.outside_requests == []


@pytest.mark.parametrize("name", page_names())
def test_every_link_and_image_resolves_in_the_folder(site, browser_page, name):
    """Each href and src is relative, names a file in the folder, and each #fragment an id there."""
    page = open_page(browser_page, site.folder, name, DESKTOP_WIDTH).page
    targets = page.evaluate(
        "() => [...document.querySelectorAll('a[href], img[src], link[href], script[src]')]"
        ".map(e => [e.getAttribute('href') ?? e.getAttribute('src'), e.href || e.src])"
    )
    assert targets
    for raw, absolute in targets:
        assert "://" not in raw and not raw.startswith("/"), raw
        url = urlsplit(absolute)
        assert url.scheme == "file", absolute
        path = Path(unquote(url.path))
        assert path.is_file() and path.resolve().is_relative_to(site.folder.resolve()), raw
        if url.fragment:
            assert f'id="{url.fragment}"' in path.read_text(), raw
    images = page.evaluate("() => [...document.images].map(i => [i.getAttribute('src'), i.alt])")
    assert all(alt.strip() for _, alt in images)


@pytest.mark.parametrize("name", page_names())
def test_no_serious_accessibility_violation(site, browser_page, name):
    """axe-core finds nothing serious or critical, in the light theme and the dark one."""
    browsing = open_page(browser_page, site.folder, name, PHONE_WIDTH)
    assert browsing.axe_violations() == []
    browsing.page.emulate_media(color_scheme="dark")
    assert browsing.axe_violations() == []


def test_narrowest_and_widest_screens_fit(site, browser_page):
    """360 px and 1440 px, the ends of the range, show no horizontal scrolling either."""
    for width in (360, 1440):
        for name in page_names():
            assert open_page(browser_page, site.folder, name, width).horizontal_overflow() == 0, (name, width)


def test_dark_theme_follows_the_system(site, browser_page):
    """With a dark system setting the page turns dark; with a light one it stays light."""
    browsing = open_page(browser_page, site.folder, "index.html", PHONE_WIDTH)

    def background() -> int:
        rgb = browsing.page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        return sum(int(part) for part in rgb[rgb.index("(") + 1 : -1].split(",")[:3])

    light = background()
    browsing.page.emulate_media(color_scheme="dark")
    assert background() < 150 < light


def test_rules_page_prints_without_navigation(site, browser_page):
    """The print stylesheet hides the contents and buttons and keeps the rules."""
    page = open_page(browser_page, site.folder, "rules-official.html", DESKTOP_WIDTH).page
    assert page.is_visible("nav.toc")
    page.emulate_media(media="print")
    assert not page.is_visible("nav.toc") and not page.is_visible("header.site")
    assert page.is_visible("#joker") and page.is_visible("#words")


def test_focus_is_visible(site, browser_page):
    """Tabbing to a link draws an outline: keyboard users see where they are."""
    page = open_page(browser_page, site.folder, "index.html", DESKTOP_WIDTH).page
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    style = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert page.evaluate("() => document.activeElement.tagName") == "A" and style == "solid"


@pytest.mark.parametrize(("kind", "lang"), REFLOW_PAGES)
def test_pages_reflow_at_320_px(site, german, reflow_page, kind, lang):
    """At 320 px (WCAG 1.4.10) nothing scrolls sideways, no text is cut off or spills out of its box, no
    number breaks across lines, and axe finds no violation, light or dark; the scorekeeper with six
    players and three-digit totals."""
    folder = german if lang == "de" else site.folder
    page = reflow_page.page
    page.emulate_media(color_scheme="light")
    page.goto((folder / ("index.html" if kind == "index" else f"{kind}-official.html")).as_uri())
    if kind == "scorekeeper":
        page.evaluate("() => localStorage.clear()")  # the page is shared: no game of an earlier case
        page.reload()
        start(page, PLAYERS)
        for dice, box in ROLLS:
            roll(page, dice, box)
        assert page.locator("td[data-note]").count() == len(PLAYERS)
        assert all(len(total) == 3 for total in page.locator("tr.grand_total td").all_inner_texts())
    assert page.evaluate("() => document.documentElement.scrollWidth") <= REFLOW_WIDTH
    assert page.evaluate(UNREFLOWED) == []
    assert reflow_page.axe_violations(("minor", "moderate", "serious", "critical")) == []
    page.emulate_media(color_scheme="dark")
    assert reflow_page.axe_violations(("minor", "moderate", "serious", "critical")) == []
