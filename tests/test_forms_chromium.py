"""A fillable sheet in Chromium's own PDF viewer: PDFium with its V8 form scripts (issue 20).

Headless Chromium opens the PDF in its built-in viewer; the test clicks at
each field's rectangle and types as a person would. The viewer keeps what it
shows inside its plugin (its save path crashes headless Chromium's renderer),
so the test reads the sheet by looking: each cell of the typed sheet must be
drawn exactly as the same viewer draws a copy whose values pypdf wrote in
beforehand, the totals included. A total that stayed blank, a box that lost
its entry or kept its letters draws differently and fails.
"""

from __future__ import annotations

import io
import time

import pypdf
import pytest
from helpers import WORKED_CARD, WORKED_TOTALS, field_rectangles, full_name
from PIL import Image, ImageChops
from pypdf.generic import NameObject, TextStringObject

from sheetgen.files.variants import load_rules
from sheetgen.forms.fields import column_fields
from sheetgen.pdf.cached import scoresheet_pdf
from sheetgen.pdf.scoresheet import render_scoresheet
from sheetgen.rules.game import TRIPLE_YAHTZEE, YAHTZEE

VIEW = "#toolbar=0&navpanes=0&zoom=100"
LAYOUT_SECONDS = 1.5  # the viewer's time to lay the pages out once its frame is there
FRAME_SECONDS = 1.5  # the time its frame takes to come (0.75 s seen), for a viewer not watched as it loads
# (layout, paper, card, print size), the columns typed into, the series totals they show. The standard
# six-game card is pdf.js's and MuPDF's (test_fillable_browser, test_forms_engines); here its large print.
SHEETS = {
    "players": (("players", "letter", "full", "standard"), "p1.", "p2.", {}),
    "half": (
        ("series", "letter", "half", "standard"),
        "g1.",
        "card2.g1.",
        {"series_total": "395", "card2.series_total": "15"},
    ),
    # Large print: a card's upper section on its first page, its lower on the second (the six-game
    # card's series total on the fourth); the viewer is tall enough to show every page. Triple
    # Yahtzee's is one player's three columns, each total multiplied, and the card's grand total.
    "triple-yahtzee, large": (("players", "a4", "full", "large"), "p1.c1.", "p1.c2.", {}),
    "series, large": (("series", "letter", "full", "large"), "g1.", "g2.", {"series_total": "410"}),
}
GAMES = {"triple-yahtzee, large": (TRIPLE_YAHTZEE, 1)}  # and the players; the others are Yahtzee's
# On a card of several columns: what is typed into the third column too, and the totals it all makes.
THIRD = ("p1.c3.", "sixes", "6")
CARD_TOTALS = {"p1.c1.scored": "395", "p1.c2.scored": "30", "p1.c3.scored": "18", "p1.grand_total": "443"}
PAGE_HEIGHT = 1150  # px: a page at 100 % and the gap below it, Letter or A4


def with_values(pdf: bytes, values: dict[str, str]) -> bytes:
    """The sheet with /V written and no appearance: the viewer draws them itself (NeedAppearances).

    A widget without a name of its own (a large-print line on two pages) has its value in its field.
    """
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    for annotation in (a for page in writer.pages for a in page["/Annots"]):
        widget = annotation.get_object()
        field = widget if "/T" in widget else widget["/Parent"].get_object()
        if full_name(widget) in values:
            field[NameObject("/V")] = TextStringObject(values[full_name(widget)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.fixture
def pdf_viewer(chromium):
    """Open PDFs in Chromium's viewer; a request to anything but the file and the viewer fails the test."""
    contexts, outside = [], []

    def open_pdf(path, pdf: bytes, height: int = 1300) -> Viewer:
        context = chromium.new_context(viewport={"width": 1000, "height": height})
        contexts.append(context)

        def guard(route):
            if route.request.url.startswith(("file:", "data:", "blob:", "chrome-extension:", "chrome:")):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        context.route("**/*", guard)
        return Viewer(context.new_page(), path, pdf)

    yield open_pdf
    for context in contexts:
        context.close()
    assert outside == []


def field_places(pdf: bytes) -> tuple[dict[str, tuple[int, list[float]]], float, float]:
    """Each field's first widget (its page and rectangle), and the pages' width and height, in points."""
    places: dict[str, tuple[int, list[float]]] = {}
    width = height = 0.0
    for number in range(len(pypdf.PdfReader(io.BytesIO(pdf)).pages)):
        rects, width, height = field_rectangles(pdf, number)
        for name, rect in rects.items():
            places.setdefault(name, (number, rect))
    return places, width, height


class Viewer:
    """One PDF open in Chromium's viewer: click at a field, type, and look at a field.

    Opening only starts the viewer; `ready()` (which every other call makes) waits until it has laid
    the pages out, so a second viewer can load while the first is typed into."""

    def __init__(self, page, path, pdf: bytes) -> None:
        self.page = page
        self.shot: Image.Image | None = None  # the viewer's screenshot, while nothing is typed
        self.pages = len(pypdf.PdfReader(io.BytesIO(pdf)).pages)
        self.rects, self.width, self.height = field_places(pdf)
        self.opened = time.monotonic()
        self.corners: list[list[float]] | None = None
        self.page.goto(path.as_uri() + VIEW)

    def ready(self) -> Viewer:
        if self.corners is not None:
            return self
        frame = None
        for attempt in range(100):  # noqa: B007 - read after the loop
            frame = next((f for f in self.page.frames if f.url.startswith("chrome-extension:")), None)
            if frame is not None and frame.evaluate("() => !!(window.viewer && viewer.viewport_)"):
                break
            self.page.wait_for_timeout(100)
        else:
            raise AssertionError("Chromium opened no PDF viewer")
        now = time.monotonic()
        # The plugin lays the pages out once its frame is there: LAYOUT_SECONDS after the frame came, or,
        # for a viewer that loaded while another was typed into, once it has had as long since opening.
        seen = now if attempt else min(now, self.opened + FRAME_SECONDS)
        laid_out = max(seen + LAYOUT_SECONDS, now + 0.3) - now
        self.page.wait_for_timeout(laid_out * 1000)
        self.corners = frame.evaluate(
            "n => [...Array(n).keys()].map(p => { const r = viewer.viewport_.getPageScreenRect(p);"
            " return [r.x, r.y, r.width]; })",
            self.pages,
        )
        self.left, self.top, page_width = self.corners[0]
        self.scale = page_width / self.width
        self.leave()  # the first click only brings the plugin the focus
        return self

    def at(self, name: str, inset: float = 0.0) -> dict[str, float]:
        self.ready()
        number, (x0, y0, x1, y1) = self.rects[name]
        left, top, _ = self.corners[number]
        return {
            "x": left + x0 * self.scale + inset,
            "y": top + (self.height - y1) * self.scale + inset,
            "width": (x1 - x0) * self.scale - 2 * inset,
            "height": (y1 - y0) * self.scale - 2 * inset,
        }

    def type_into(self, name: str, text: str) -> None:
        self.shot = None
        spot = self.at(name)
        self.page.mouse.click(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
        self.page.wait_for_timeout(50)  # the plugin takes the focus
        self.page.keyboard.type(text, delay=20)
        self.page.keyboard.press("Tab")

    def leave(self) -> None:
        """Focus off every field: a click on the page's margin."""
        self.ready()
        self.page.mouse.click(self.left + 4, self.top + 4)
        self.page.wait_for_timeout(500)
        self.shot = None

    def look(self, name: str) -> Image.Image:
        """The field as drawn: cut from one screenshot of the viewer, taken once typing is over."""
        if self.shot is None:
            self.shot = Image.open(io.BytesIO(self.page.screenshot())).convert("L")
        spot = self.at(name, inset=2.0)
        x, y = round(spot["x"]), round(spot["y"])
        return self.shot.crop((x, y, x + round(spot["width"]), y + round(spot["height"])))


def ink(look: Image.Image) -> Image.Image:
    return look.point(lambda v: 255 if v < 170 else 0)


def count(mask: Image.Image) -> int:
    return mask.histogram()[255]


def differs(a: Image.Image, b: Image.Image) -> bool:
    """Whether two looks draw different text: their ink, the best of a pixel or two's shift apart.

    (The viewer places text it laid out while typing up to a pixel from text it laid out on
    opening, and smooths it a little differently: the sheet's DejaVu digits, rounder than
    Helvetica's, by up to an eighth of their ink; another number moves far more ink than that.)
    """
    mine, theirs = ink(a), ink(b)
    amount = count(mine) + count(theirs)
    best = min(
        count(ImageChops.difference(mine, ImageChops.offset(theirs, dx, dy)))
        for dx in range(-2, 3)
        for dy in range(-1, 2)
    )
    return best > max(6, amount // 6)


@pytest.mark.parametrize("kind", SHEETS)
def test_chromium_adds_up_the_worked_card_and_cleans_what_it_cannot_refuse(kind, pdf_viewer, tmp_path):
    """Worked card + "x1" ticks: 395; `12abc` and `3a` become 12 and 3 (not dropped); series totals add.
    On the players sheet the first name is Łukasz Ψ, which PDFium draws (with a fallback font for
    what WinAnsi lacks). Triple Yahtzee: the columns' totals times 1, 2 and 3, added: 443."""
    (layout, paper, card, print_size), first, second, series = SHEETS[kind]
    game, columns = GAMES.get(kind, (YAHTZEE, None))
    pdf = scoresheet_pdf(  # cached: pdf.js takes the same Triple Yahtzee card
        load_rules(game=game),
        layout,
        paper,
        columns=columns,
        card=card,
        fillable=True,
        print_size=print_size,
    )
    typed = tmp_path / "typed.pdf"
    typed.write_bytes(pdf)
    height = max(1300, PAGE_HEIGHT * len(pypdf.PdfReader(io.BytesIO(pdf)).pages))
    several = len(game.columns) > 1
    firsts, seconds = column_fields(first, game), column_fields(second, game)
    shown = {firsts[box]: str(score) for box, score in WORKED_CARD.items()}
    shown |= {firsts[key]: value for key, value in WORKED_TOTALS.items()} | {
        firsts["yahtzee_bonus_ticks"]: "x"
    }
    second_totals = ("upper_subtotal", "upper_total", "upper_total_again", "grand_total")
    shown |= {second + "aces": "12", second + "twos": "3"} | {seconds[k]: "15" for k in second_totals}
    shown |= {seconds["upper_bonus"]: "", seconds["lower_total"]: ""} | series
    if several:
        thirds = column_fields(THIRD[0], game)
        shown |= {thirds[THIRD[1]]: THIRD[2], thirds["upper_subtotal"]: "6", thirds["grand_total"]: "6"}
        shown |= CARD_TOTALS
    places = field_places(pdf)[0]
    absent = {name for name in shown if name not in places}  # a row large print has no room for
    assert {name.rsplit(".", 1)[1] for name in absent} <= {"upper_total_again"}, sorted(absent)
    shown = {name: value for name, value in shown.items() if name not in absent}
    expected = tmp_path / "expected.pdf"
    expected.write_bytes(with_values(pdf, {k: v for k, v in shown.items() if v}))
    reference = pdf_viewer(expected, pdf, height)  # loads while the other viewer is typed into
    viewer = pdf_viewer(typed, pdf, height)
    for box, score in WORKED_CARD.items():
        viewer.type_into(first + box, str(score))
    if layout == "players":  # after a box: the viewer's first click only takes the focus
        viewer.type_into("p1.name", "Łukasz Ψ")
    viewer.type_into(first + "yahtzee_bonus_ticks", "x1")  # PDFium refuses nothing while typing
    viewer.type_into(second + "aces", "12abc")
    viewer.type_into(second + "twos", "3a")
    if several:
        viewer.type_into(THIRD[0] + THIRD[1], THIRD[2])
    viewer.leave()
    reference.leave()
    wrong = {name for name in shown if differs(viewer.look(name), reference.look(name))}
    assert wrong == set(), sorted(wrong)
    assert count(ink(viewer.look(firsts["grand_total"]))) > 60  # 395 is drawn, not a blank on both
    if layout == "players":  # the reference leaves the name blank
        drawn = viewer.look("p1.name")
        assert differs(reference.look("p1.name"), drawn) and count(ink(drawn)) > 60


def test_chromium_tabs_down_the_column(pdf_viewer, tmp_path):
    """On the half card, Tab from the last upper box goes down the same game to its first lower box,
    not across (PDFium follows /Annots on every sheet; the pdf.js and Node tests take each sheet).

    (PDFium stops at the read-only computed rows on the way, as it does at any field.) The
    sheet's tab scripts, there for pdf.js, move nothing here: Tab from aces lands on twos, and
    a click on the twos `beside` it (where pdf.js's own Tab would go) types there.
    """
    (layout, paper, card, _), first, _, _ = SHEETS["half"]
    beside = "g2."
    pdf = render_scoresheet(load_rules("official"), layout, paper, card=card, fillable=True)
    path = tmp_path / "tabs.pdf"
    path.write_bytes(pdf)
    viewer = pdf_viewer(path, pdf)
    viewer.type_into(first + "aces", "1")
    viewer.page.keyboard.type("2", delay=20)
    viewer.type_into(beside + "twos", "3")
    viewer.type_into(first + "sixes", "6")  # then Tab, and Tab past the three computed rows
    for _ in range(3):
        viewer.page.keyboard.press("Tab")
    viewer.page.keyboard.type("7", delay=20)
    viewer.page.keyboard.press("Tab")
    viewer.leave()
    typed = {first + "aces": "1", first + "twos": "2", beside + "twos": "3", first + "sixes": "6"}
    typed[first + "three_of_a_kind"] = "7"
    expected = tmp_path / "expected.pdf"
    expected.write_bytes(with_values(pdf, typed))
    reference = pdf_viewer(expected, pdf)
    reference.leave()
    looked = [*typed, first + "threes"]
    assert [n for n in looked if differs(viewer.look(n), reference.look(n))] == []
    assert count(ink(viewer.look(first + "three_of_a_kind"))) > 20
