"""Sheets a print shop would sell (issue 27), measured from the PDFs themselves with PDFium.

Every sheet kind on both papers, the languages spread over them so each one
prints on some kind (German, the longest, on several): nothing within 5 mm of
an edge, footers in two columns that never meet, no text under 8 pt, one type
scale, level columns, an even foot, a lower-section table sized to its text,
dice with their own room, proportioned and shared column grids. Sheets are
rendered once per run (tests/helpers.py caches them) and measured once.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise, product

import pytest
from helpers import (
    OUR_HOUSE,
    TEMPLATES,
    Char,
    blank_sheet,
    lines_of,
    printed_pages,
    rasterize,
    rule_sheet_pdf,
)

from sheetgen.files.locales import speaking
from sheetgen.files.variants import load_rules
from sheetgen.layout.geometry import LABEL_SHARE, SAFE_AREA, Layout, player_pages, sheet_geometry
from sheetgen.pdf.rulesheet import BODY_SIZE, MIN_BODY_SIZE, SMALL_SIZE, TITLE_SIZE
from sheetgen.pdf.scoresheet import HEADING_SIZES, THICK, THIN, grid_lines, heading_size, sheet_kind
from sheetgen.rules.i18n import _
from sheetgen.rules.rulebook import edition_parts, rule_sheet

LANGS = ("en", "de", "fr", "es", "it", "nl", "pt-BR", "fi", "sv", "da", "nb")
EVERY_HOUSE_RULE = ("five-of-a-kind-full-house", "one-die-start", "series", "scratch-any-box")
KINDS = {
    "players6": {"layout": "players"},
    "players1": {"layout": "players", "columns": 1},
    "players7": {"layout": "players", "names": ("",) * 7},
    "players12": {"layout": "players", "names": ("",) * 12, "house_rules": EVERY_HOUSE_RULE},
    "series": {"layout": "series", "house_rules": ("series",)},
    "half": {"layout": "series", "card": "half", "house_rules": EVERY_HOUSE_RULE},
    "half-free": {"layout": "series", "card": "half", "variant": "free-choice"},
    "large": {"layout": "players", "columns": 4, "print_size": "large"},
}
CUSTOM = {"half-custom": {"layout": "series", "card": "half", "variant": str(OUR_HOUSE)}}  # our-house.toml
# Each kind on each paper, in a language of its own; German also wherever the footers are longest.
SCORE_SHEETS = [
    (kind, paper, LANGS[(n * 3) % len(LANGS)])
    for n, (kind, paper) in enumerate(product(KINDS, ("letter", "a4")))
] + [("players12", "letter", "de"), ("half", "a4", "de"), ("half-free", "a4", "de"), ("players6", "a4", "de")]
SCORE_SHEETS += [("half-custom", "letter", "en"), ("half-custom", "a4", "de"), ("half", "letter", "es")]
SCORE_SHEETS += [("half", "a4", "sv")]  # the ring of "Tvåor" and "Kåk", lowered clear of the rule above
HALF_SHEETS = [sheet for sheet in SCORE_SHEETS if sheet[0].startswith("half")]  # es: "Partida 6" wraps
KINDS |= CUSTOM
# Every language once; the free-choice titles (long in es, it, pt) and every house rule in German.
RULE_SHEETS = [
    ("official", (), "letter", "en"),
    ("official", (), "letter", "de"),
    ("official", (), "a4", "de"),
    ("official", (), "a4", "fr"),
    ("official", (), "letter", "nl"),
    ("free-choice", (), "letter", "es"),
    ("free-choice", (), "a4", "it"),
    ("free-choice", (), "letter", "pt-BR"),
    ("free-choice", (), "a4", "en"),
    ("c2406", EVERY_HOUSE_RULE, "a4", "de"),
]
DIE = 10.5  # rules.css --die: an example die's side, in points
FOOT_TOLERANCE = 12.0  # points: how far the space above a rule sheet's footer varies


def score_pdf(kind: str, paper: str, lang: str) -> bytes:
    return blank_sheet(paper=paper, lang=lang, **KINDS[kind])


def rules_pdf(variant: str, house_rules: tuple[str, ...], paper: str, lang: str) -> bytes:
    return rule_sheet_pdf(load_rules(variant, house_rules), paper, lang)


def score_id(sheet: tuple) -> str:
    return "-".join(sheet)


def rules_id(sheet: tuple) -> str:
    variant, house, paper, lang = sheet
    return f"{variant}{'+house' if house else ''}-{paper}-{lang}"


ALL_SHEETS = [("score", s) for s in SCORE_SHEETS] + [("rules", s) for s in RULE_SHEETS]
SHEET_IDS = [score_id(s) if w == "score" else rules_id(s) for w, s in ALL_SHEETS]


def any_pdf(which: str, sheet: tuple) -> bytes:
    return score_pdf(*sheet) if which == "score" else rules_pdf(*sheet)


def box(chars) -> tuple[float, float, float, float]:
    return (
        min(c.x0 for c in chars),
        min(c.y0 for c in chars),
        max(c.x1 for c in chars),
        max(c.y1 for c in chars),
    )


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# ---- 1. the print-safe area


def test_the_paper_stylesheets_and_the_geometry_keep_the_same_safe_area():
    for paper in ("letter", "a4"):
        css = (TEMPLATES / "paper" / f"{paper}.css").read_text()
        millimetres = float(re.search(r"--safe-area:\s*([\d.]+)mm", css).group(1))
        assert round(millimetres / 25.4 * 72, 2) == SAFE_AREA == 14.17


@pytest.mark.parametrize(("which", "sheet"), ALL_SHEETS, ids=SHEET_IDS)
def test_every_mark_is_5_mm_inside_every_edge(which, sheet):
    for number, page in enumerate(printed_pages(any_pdf(which, sheet)), 1):
        assert page.marks, number
        for x0, y0, x1, y1 in page.marks + tuple(
            (c.x0, c.y0, c.x1, c.y1) for c in page.chars if c.text.strip()
        ):
            edges = (x0, y0, page.width - x1, page.height - y1)
            assert min(edges) >= SAFE_AREA - 0.05, f"page {number}: a mark {min(edges):.1f} pt from an edge"


def test_the_cut_line_and_its_label_stand_inside_the_safe_area_between_the_cards():
    page = printed_pages(score_pdf("half", "letter", "en"))[0]
    (label,) = page.find("cut here")
    x0, _y0, x1, y1 = box(label)
    assert page.height - y1 >= SAFE_AREA and x0 > page.width / 2  # in the gutter, beside the line
    cards = [sheet_geometry("series", "letter", 6, "half", slot) for slot in (0, 1)]
    assert cards[0].heading.right < x0 and x1 < cards[1].heading.x  # touches neither card
    dashes = [m for m in page.marks if abs((m[0] + m[2]) / 2 - page.width / 2) < 1 and m[2] - m[0] < 2]
    assert dashes and min(m[1] for m in dashes) >= SAFE_AREA - 0.05
    assert max(m[3] for m in dashes) <= page.height - SAFE_AREA + 0.05


# ---- 2. footers as two columns


def footer_columns(chars, page, notice: str) -> tuple[list[Char], list[Char]]:
    """A card's footer (its `chars`): the notice's sentences right, what prints beside and under them left."""
    right = []
    for sentence in re.split(r"(?<=[.!?])\s+", notice):
        right += next(run for run in reversed(page.find(sentence)) if run[0] in chars)
    top = max(c.y1 for c in right) + 1.0
    left = [c for c in chars if c.text.strip() and c.y1 <= top and c not in right]
    return left, right


@pytest.mark.parametrize(("which", "sheet"), ALL_SHEETS, ids=SHEET_IDS)
def test_footers_are_two_columns_that_never_meet_or_break_a_phrase(which, sheet):
    lang = sheet[-1]
    if which == "score":
        options = KINDS[sheet[0]]
        rules = load_rules(options.get("variant", "official"), options.get("house_rules", ()))
    else:
        rules = load_rules(*sheet[:2])
    with speaking(lang):
        notice, full, short = rules.game.notice, edition_parts(rules), edition_parts(rules, short=True)
        page_word = _("Page %(page)s of %(pages)s", page=1, pages=2).split()[0]
    pages = printed_pages(any_pdf(which, sheet))
    smallest = 14.0 if "large" in sheet else 8.0
    for page in pages:
        halves = 2 if str(sheet[0]).startswith("half") else 1  # two cards to a sheet: a footer each
        for half in range(halves):
            width = page.width / halves
            card = [c for c in page.chars if half * width <= c.x0 < (half + 1) * width]
            left, right = footer_columns(card, page, notice)
            assert max(c.x1 for c in left) + 6.0 <= min(c.x0 for c in right), "the columns meet"
            assert min(c.size for c in left + right) >= smallest - 0.01
            assert not any(line[-1].text in "-\u2010" for line in lines_of(left)), "a hyphenated footer line"
            printed = "".join(c.text for c in left)  # in the order the page prints them
            parts = full if all("".join(p.split()) in printed for p in full) else short
            for part in parts:
                assert "".join(part.split()) in printed, part
                if "; " not in part and len(part) < 40:  # a phrase ("Keine Hausregeln") is never broken
                    (found,) = [run for run in page.find(part) if run[0] in left]
                    assert len(lines_of(found)) == 1, part
            if len(pages) > 1:  # the page number leads the left column
                assert lines_of(left)[0][0] in page.find(page_word)[0] + page.find(page_word)[-1]


@pytest.mark.parametrize("sheet", [s for s in SCORE_SHEETS if s[0] in CUSTOM], ids=score_id)
def test_a_custom_variants_footer_names_its_title_and_its_bases_title(sheet):
    """ "Yahtzee at our house, based on Free choice (house version)", in the sheet's language: never the
    file's internal names ("our-house (based on free-choice)")."""
    lang = sheet[-1]
    rules = load_rules(str(OUR_HOUSE))
    with speaking(lang):
        base = rules.variant.title
        line = edition_parts(rules)[0]
    assert rules.custom_title in line and base in line
    (page,) = printed_pages(score_pdf(*sheet))
    printed = "".join(c.text for c in page.chars)
    assert len(page.find(line)) == 2  # each card's footer
    assert rules.name not in printed and rules.variant.name not in printed


def _inside(chars, rect) -> list[Char]:
    """The printed characters whose centres lie in `rect`."""
    return [c for c in chars if c.text.strip() and rect.contains((c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2)]


ROOM = 1.0  # points of white between a half card's label or hint and the ink of its row's rules
HEAD_ROOM = 3.0  # and either side of a game's head ("Game 6")


def _rule_weight(lines, y: float, rect) -> float:
    """The weight of the heaviest grid line along `y` under or over `rect` (a cell edge, a block's frame)."""
    along = [(x1, x2, w) for x1, y1, x2, y2, w in lines if y1 == y2 and abs(y1 - y) < 0.01]
    return max((w for x1, x2, w in along if x1 < rect.right and rect.x < x2), default=0.0)


def _lines_touch(chars) -> bool:
    """Whether a glyph of the upper line (a label) overlaps one of the line under it (its hint)."""
    inked = [c for c in chars if c.text.strip()]
    middles = [(c.y0 + c.y1) / 2 for c in inked]
    split = (max(middles) + min(middles)) / 2
    upper = [c for c, m in zip(inked, middles, strict=True) if m > split]
    lower = [c for c, m in zip(inked, middles, strict=True) if m <= split]
    return any(a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1 for a in upper for b in lower)


@pytest.mark.parametrize("sheet", HALF_SHEETS, ids=score_id)
def test_half_cards_give_labels_hints_and_game_heads_room_within_their_cells(sheet):
    """Every label and hint, accents included, a point clear of its row's rules (measured from the ink of
    each rule, thin or heavy) and inside its column with room either side; each game's head 3 pt clear
    of its column's rules, wrapped ("Partida / 6") rather than crowded."""
    (page,) = printed_pages(score_pdf(*sheet))
    for slot in (0, 1):
        geometry = sheet_geometry("series", sheet[1], 6, "half", slot)
        lines = grid_lines(geometry, 6)
        for slug, rect in [*geometry.labels.items(), ("series total", geometry.series_total_label)]:
            x0, y0, x1, y1 = box(_inside(page.chars, rect))
            above, below = (_rule_weight(lines, y, rect) / 2 for y in (rect.top, rect.y))
            assert rect.top - above - y1 >= ROOM, f"{slug} touches the rule above"
            # The series total's hint has no rule under it, only its own box's edge: inside it is enough.
            assert y0 - rect.y - below >= (ROOM if below else 0.0), f"{slug} sits on the rule below"
            assert x0 - rect.x - THICK / 2 >= ROOM and rect.right - THIN / 2 - x1 >= ROOM, slug
            assert not _lines_touch(_inside(page.chars, rect)), f"{slug}: the label touches its hint"
        for head in geometry.heads:
            x0, y0, x1, y1 = box(_inside(page.chars, head))
            assert x0 - head.x - THICK / 2 >= HEAD_ROOM and head.right - THIN / 2 - x1 >= HEAD_ROOM
            assert y0 - head.y - THICK / 2 >= ROOM and head.top - THICK / 2 - y1 >= ROOM


# ---- 3. one type scale, an 8 pt floor, a title block clear of the line under it


@pytest.mark.parametrize(("which", "sheet"), ALL_SHEETS, ids=SHEET_IDS)
def test_no_printed_text_is_under_8_pt(which, sheet):
    for page in printed_pages(any_pdf(which, sheet)):
        assert min(c.size for c in page.chars if c.text.strip()) >= 8.0 - 0.01


@pytest.mark.parametrize("sheet", RULE_SHEETS, ids=rules_id)
def test_the_rule_sheet_keeps_its_type_scale_and_the_title_clear_of_the_tagline(sheet):
    variant, house, _paper, lang = sheet
    (page,) = printed_pages(rules_pdf(*sheet))
    with speaking(lang):
        printed = rule_sheet(load_rules(variant, house))
    (title,) = page.find(printed.title)
    assert {round(c.size, 2) for c in title} == {TITLE_SIZE}
    tagline = [c for part in printed.tagline.split(" · ") for c in page.find(part)[0]]
    assert {round(c.size, 2) for c in tagline} == {SMALL_SIZE}
    assert not overlap(box(title), box(tagline))
    rule_top = wide_rules(rules_pdf(*sheet))[0][1]  # the masthead's heavy rule
    assert min(box(title)[1], box(tagline)[1]) >= rule_top + 1.0, "the masthead sits on its rule"
    body = {round(c.size, 2) for c in page.chars if c.text.strip()} - {TITLE_SIZE, SMALL_SIZE}
    sizes = sorted(body)
    assert MIN_BODY_SIZE <= sizes[0] <= BODY_SIZE and sizes[-1] == sizes[0] + 1.5  # body and section heads


STANDARD_SHEETS = [sheet for sheet in SCORE_SHEETS if "print_size" not in KINDS[sheet[0]]]
FOOTER_SPACE_TOLERANCE = 1.0  # points: how far the white between a score sheet's table and footer varies


def card_geometries(kind: str, paper: str) -> list[list]:
    """The geometry of each card on each page of a standard score sheet of `kind`."""
    options = KINDS[kind]
    if options.get("card") == "half":
        return [[sheet_geometry("series", paper, 6, "half", slot) for slot in (0, 1)]]
    if options["layout"] == "series":
        return [[sheet_geometry("series", paper, 6)]]
    players = len(options.get("names", ())) or options.get("columns", 6)
    return [[geometry] for geometry in player_pages(paper, players)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("layout", "card"), [("players", "full"), ("series", "full"), ("series", "half")])
def test_a_score_sheets_title_has_its_kinds_one_size_in_every_variant_and_language(layout, card, paper):
    """17 pt on a whole page, 13 pt on a half card (half cards are six-game cards), whatever the variant's
    title in any language: the kind of sheet shares the title's line on a players sheet and stands in a
    six-game card's corner."""
    geometry = sheet_geometry(layout, paper, 6, card)
    for variant, lang in product(("official", "c2406", "free-choice"), LANGS):
        with speaking(lang):
            title = load_rules(variant).title
            size = heading_size(title, geometry, sheet_kind(Layout(layout)))
        assert size == HEADING_SIZES[card], (variant, lang)


def _between(run, left: float, right: float) -> bool:
    x0, _y0, x1, _y1 = box(run)
    return left - 0.5 <= x0 and x1 <= right + 0.5


@pytest.mark.parametrize("sheet", STANDARD_SHEETS, ids=score_id)
def test_score_sheets_print_their_title_at_its_size_and_an_even_space_above_the_footer(sheet):
    """As printed: the title at its kind's one size, the kind of sheet clear of it, and the white between
    the table's last rule and the footer's first line the same on every card (FOOTER_SPACE_TOLERANCE)."""
    kind, paper, lang = sheet
    options = KINDS[kind]
    rules = load_rules(options.get("variant", "official"), options.get("house_rules", ()))
    layout = Layout(options["layout"])
    with speaking(lang):
        title, notice, words = rules.title, rules.game.notice, sheet_kind(layout)
    spaces = []
    for page, cards in zip(printed_pages(score_pdf(*sheet)), card_geometries(kind, paper), strict=True):
        for geometry in cards:
            within = geometry.heading.x, geometry.heading.right
            (found,) = [run for run in page.find(title) if _between(run, *within) and run[0].size > 8.5]
            assert {round(c.size, 2) for c in found} == {HEADING_SIZES[geometry.card]}
            (printed,) = [run for run in page.find(words.upper()) if _between(run, *within)]
            assert not overlap(box(found), box(printed)) and min(c.size for c in printed) >= 8.0 - 0.01
            card = [c for c in page.chars if geometry.footer.x <= c.x0 and c.x1 <= geometry.footer.right]
            left, right = footer_columns(card, page, notice)
            footer_top = max(c.y1 for c in left + right)
            spaces.append(geometry.grid.y - THICK / 2 - footer_top)
    assert max(spaces) - min(spaces) <= FOOTER_SPACE_TOLERANCE, spaces
    assert min(spaces) >= 6.0, spaces


# ---- 4. balanced pages


@cache
def wide_rules(pdf: bytes) -> list[tuple[float, float]]:
    """Every horizontal rule across the text's whole width on the first page, top first, as (bottom, top)
    in points: found in a 288 dpi picture, as the marks' boxes lump a rule with the box it edges."""
    scale = 4
    image = rasterize(pdf, 0, dpi=72 * scale)
    width, height = image.size
    pixels = image.tobytes()
    start, end = 40 * scale, width - 40 * scale  # inside the 0.5 in margins, past any indent
    dark = [max(pixels[y * width + start : y * width + end]) < 160 for y in range(height)]
    rules, y = [], 0
    while y < height:
        if dark[y]:
            top = y
            while y < height and dark[y]:
                y += 1
            rules.append(((height - y) / scale, (height - top) / scale))
        y += 1
    return rules


def rule_sheet_parts(pdf: bytes, page):
    """The masthead's heavy rule, the footer's rule (each (bottom, top)), and the page's text between."""
    rules = wide_rules(pdf)
    masthead, footer = rules[0], rules[-1]
    text = [c for c in page.chars if c.text.strip() and footer[1] < c.y0 and c.y1 < masthead[0]]
    return masthead, footer, text


@pytest.mark.parametrize("sheet", RULE_SHEETS, ids=rules_id)
def test_the_rule_sheets_columns_end_level(sheet):
    variant, house, _paper, lang = sheet
    (page,) = printed_pages(rules_pdf(*sheet))
    with speaking(lang):
        lower = rule_sheet(load_rules(variant, house)).section("lower").heading
    _masthead, _footer, text = rule_sheet_parts(rules_pdf(*sheet), page)
    heading = page.find(lower.upper())[0]
    top_band = [c for c in text if c.y0 > box(heading)[3] + 2]
    middle = page.width / 2
    left = lines_of([c for c in top_band if c.x1 < middle])[-1]
    right = lines_of([c for c in top_band if c.x0 > middle])[-1]
    assert abs(left[0].baseline - right[0].baseline) <= 1.0, "the top band's columns end at different heights"
    with speaking(lang):
        joker = rule_sheet(load_rules(variant, house)).section("joker").heading
    heading = page.find(joker.upper())[-1]
    bottom_band = [c for c in text if c.y1 < box(heading)[1]]  # under the bottom band's headings
    left = lines_of([c for c in bottom_band if c.x1 < middle])[-1]
    right = lines_of([c for c in bottom_band if c.x0 > middle])[-1]
    assert abs(left[0].baseline - right[0].baseline) <= 1.0, "the bottom band ends unlevel"


def test_the_space_above_the_rule_sheets_footer_is_even_across_papers_and_languages():
    gaps = {}
    for sheet in RULE_SHEETS:
        (page,) = printed_pages(rules_pdf(*sheet))
        _masthead, footer, text = rule_sheet_parts(rules_pdf(*sheet), page)
        gaps[rules_id(sheet)] = min(c.y0 for c in text) - footer[1]
    assert max(gaps.values()) - min(gaps.values()) <= FOOT_TOLERANCE, gaps
    assert min(gaps.values()) >= 3.0, gaps


@pytest.mark.parametrize("sheet", RULE_SHEETS[:6], ids=rules_id)
def test_the_lower_tables_columns_fit_their_text_and_the_dice_their_own_room(sheet):
    variant, house, _paper, lang = sheet
    (page,) = printed_pages(rules_pdf(*sheet))
    with speaking(lang):
        (table, *_rest) = rule_sheet(load_rules(variant, house)).section("lower").blocks
        scores_head = _("Scores")
    (head,) = [run for run in page.find(scores_head) if round(run[0].size, 2) == SMALL_SIZE]
    scores_start = box(head)[0]
    below = head[0].baseline - 8 * BODY_SIZE * 2  # the table's rows, under its heads
    needs = [
        run
        for row in table.rows
        for run in page.find(row.needs)
        if below < run[0].baseline < head[0].baseline and box(run)[2] < scores_start
    ]
    assert len(needs) >= len(table.rows)
    needs_end = max(box(run)[2] for run in needs)
    assert 6.0 <= scores_start - needs_end <= 16.0, "a dead gap between Needs and Scores"
    dice = sorted(
        (m for m in page.marks if 9.5 <= m[2] - m[0] <= 12.5 and abs((m[2] - m[0]) - (m[3] - m[1])) < 0.3),
        key=lambda m: (-round(m[1]), m[0]),
    )
    rows: dict[int, list] = {}
    for die in dice:
        rows.setdefault(round(die[1]), []).append(die)
    examples = [row for row in rows.values() if len(row) == 5]
    assert len(examples) == len(table.rows)
    for row in examples:  # a die's box holds its stroke's corners too: measure centre to centre
        pitch = min((b[0] + b[2]) / 2 - (a[0] + a[2]) / 2 for a, b in pairwise(row))
        assert pitch - DIE >= 1.0, "dice touch"
        points = [
            c for c in page.chars if c.text.isdigit() and c.x0 > row[-1][0] and abs(c.y0 - row[0][1]) < 6
        ]
        assert points and min(c.x0 for c in points) - (row[-1][0] + row[-1][2] + DIE) / 2 >= 2.0, (
            "score on dice"
        )


# ---- 6. column grids


def verticals(page) -> list[float]:
    """The x of every long vertical rule: the grid's column edges."""
    return sorted(
        {round((m[0] + m[2]) / 2, 1) for m in page.marks if m[2] - m[0] < 2.5 and m[3] - m[1] > 200}
    )


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_one_player_sheets_label_column_is_at_most_45_percent(paper):
    page = printed_pages(score_pdf("players1", paper, "en"))[0]
    left, label_edge, right = verticals(page)
    assert (label_edge - left) / (right - left) <= LABEL_SHARE + 0.005


@pytest.mark.parametrize(
    ("kind", "paper"), [("players7", "a4"), ("players12", "letter"), ("players7", "letter")]
)
def test_every_page_of_a_sheet_has_the_first_pages_column_grid(kind, paper):
    first, *others = printed_pages(score_pdf(kind, paper, "en"))
    for page in others:
        assert set(verticals(page)) <= set(verticals(first))
        assert verticals(page)[:2] == verticals(first)[:2]  # the same label column


# ---- large print's captions


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_large_print_bonus_captions_stand_clear_of_their_cells_rules(paper):
    lang = "nl"
    page = printed_pages(score_pdf("large", paper, lang))[1]
    geometry = sheet_geometry("players", paper, 4, print_size="large", part=1)
    with speaking(lang):
        captions = [
            run for word in (_("ticks"), _("points")) for run in page.find(word) if len(run) == len(word)
        ]
    cells = geometry.yahtzee_ticks + geometry.yahtzee_totals
    for run in captions:
        x0, y0, x1, y1 = box(run)
        cell = next((c for c in cells if c.x <= x0 and x1 <= c.right and c.y <= y0 and y1 <= c.top), None)
        if cell is not None:
            assert cell.top - y1 >= 3.0 and x0 - cell.x >= 3.0
