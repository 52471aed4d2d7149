"""Large print: text of 16 pt (hints 14 pt), rules of 1 pt, half-inch rows, black text, few columns a page.

What fits is checked on the geometry in every language and on both papers
(pure Python, from the fonts' widths); what is printed is read back from a
few rendered sheets: each text's size from the content stream, the colour it
is drawn in, the columns on each page, and white paper 5 mm in from every edge.
"""

from __future__ import annotations

import io
import json

import pypdf
import pytest
from helpers import (
    EXAMPLES,
    LONGEST,
    PAPER_SIZES,
    WORKED_CARD,
    blank_sheet,
    column_values,
    fill,
    form_widgets,
    full_name,
    rasterize,
    rule_sheet_pdf,
    run_cli,
)
from page import ValidationProfile, validate_pdf_bytes
from pypdf.generic import ContentStream, NameObject, TextStringObject

from sheetgen.errors import GeometryError
from sheetgen.files.locales import languages, speaking
from sheetgen.files.output import rules_file_name, scoresheet_file_name
from sheetgen.files.resources import FONTS_DIR
from sheetgen.forms.fields import FieldKind, parse_field
from sheetgen.layout.fitting import BREAK, LARGE_NAME_SIZES, fit_row, text_width
from sheetgen.layout.geometry import (
    LARGE_COLUMNS,
    LARGE_PARTS,
    NO_LARGE_HALF_CARDS,
    PAPERS,
    Print,
    page_size,
    sheet_geometry,
)
from sheetgen.pdf.scoresheet import BONUS_CAPTIONS, grid_lines, heading_size, render_scoresheet, sheet_kind
from sheetgen.rules.boxes import SHEET_ROWS
from sheetgen.rules.game import Section
from sheetgen.rules.i18n import _
from sheetgen.rules.records import record_text
from sheetgen.rules.rulebook import row_hint
from sheetgen.rules.variants import VARIANTS, Rules, builtin_rules

LABEL, HINT = 16.0, 14.0  # the least sizes, in points
ROW = 36.0  # half an inch
EDGE = 5 / 25.4 * 72  # 5 mm, in points
HINT_FONT = FONTS_DIR / "DejaVuSansCondensed.ttf"
PADDING = 6.0  # a label cell's padding on each side (scoresheet.css)
CAPTION_PADDING = 3.0  # a head caption's, each side (large-print.css)
# (layout, columns): the widest page of each layout.
PAGES = [("players", 4), ("series", 3)]
# Rendered sheets: both layouts, both papers, English and German, four players on a page.
RENDERED = {
    "players, letter, en": dict(layout="players", paper="letter", columns=4, lang="en"),
    "players, a4, de": dict(layout="players", paper="a4", columns=4, lang="de"),
    "series, letter, de": dict(layout="series", paper="letter", lang="de"),
    "series, a4, en": dict(layout="series", paper="a4", lang="en"),
}

# Rule sheets: the shortest English one on Letter, the longest German one on A4.
RULE_SHEETS = {
    "official, letter, en": (Rules(), "letter", "en"),
    "longest c2406, a4, de": (builtin_rules("c2406", LONGEST["c2406"]), "a4", "de"),
}
# Pages' empty feet differ by no more than five lines: the balancing aims at two, and over every
# variant, language and paper measured at most 4.5 (the last page keeps what whole blocks leave it).
BALANCE = 5 * LABEL * 1.25


def large(name: str) -> bytes:
    return blank_sheet(print_size="large", **RENDERED[name])


def texts(page: pypdf.PageObject) -> list[tuple[float, str]]:
    """Each run of text on the page with the size it prints at, in points."""
    found = []

    def visit(text, cm, tm, _font, size):
        if text.strip():
            found.append((round(abs(size * (tm[2] * cm[1] + tm[3] * cm[3])), 2), text.strip()))

    page.extract_text(visitor_text=visit)
    return found


def text_colours(page: pypdf.PageObject, reader: pypdf.PdfReader) -> set[tuple[float, ...]]:
    """The fill colours text is drawn in, following q/Q."""
    stack, colour, used = [], (0.0, 0.0, 0.0), set()
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"q":
            stack.append(colour)
        elif operator == b"Q":
            colour = stack.pop()
        elif operator in (b"rg", b"g"):
            colour = tuple(float(value) for value in operands) * (3 if operator == b"g" else 1)
        elif operator in (b"Tj", b"TJ", b"'", b'"'):
            used.add(colour)
    return used


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("layout", "columns"), PAGES)
def test_every_text_fits_its_box_at_large_print_sizes(layout, columns, paper, lang):
    """Labels (16 pt) and hints (14 pt) fit the label column; the heads' and bonus captions their cells."""
    upper, lower = (sheet_geometry(layout, paper, columns, print_size="large", part=part) for part in (0, 1))
    room = upper.label_area.width - 2 * PADDING
    with speaking(lang):
        for row in SHEET_ROWS:
            assert text_width(row.label.upper(), LABEL) <= room, row.label
            assert text_width(row_hint(row, Rules()), HINT, HINT_FONT) <= room, row.slug
        caption = _("Player %(n)s", n=columns) if layout == "players" else _("Game %(n)s", n=6)
        words = [word for word in BREAK.split(caption) if word]
        size = HINT if layout == "players" else LABEL
        assert (
            max(text_width(word.strip(), size) for word in words)
            <= upper.heads[0].width - 2 * CAPTION_PADDING
        )
        for half in (*lower.yahtzee_ticks, *lower.yahtzee_totals):
            assert (
                max(text_width(_(caption), HINT, HINT_FONT) for caption in BONUS_CAPTIONS) <= half.width - 3
            )


@pytest.mark.parametrize("lang", languages())
def test_every_longest_title_fits_the_large_print_heading(lang):
    """The title has the heading's first line to itself, at 16 pt or more; the kind of sheet the second."""
    with speaking(lang):
        for variant in VARIANTS:
            title = builtin_rules(variant.name, LONGEST[variant.name]).title
            for layout, columns in PAGES:
                for paper in PAPERS:
                    geometry = sheet_geometry(layout, paper, columns, print_size="large")
                    assert heading_size(title, geometry, sheet_kind(layout)) >= LABEL, (title, paper)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("layout", "columns"), PAGES)
def test_rows_are_half_an_inch_rules_a_point_and_the_grid_clear_of_the_edges(layout, columns, paper):
    for part, sections in enumerate(LARGE_PARTS):
        geometry = sheet_geometry(layout, paper, columns, print_size="large", part=part)
        assert geometry.print_size == Print.LARGE and geometry.style == "large"
        assert geometry.row_height >= ROW
        assert set(geometry.bands) == set(sections)
        assert {row.slug for row in SHEET_ROWS if row.section in sections} == set(geometry.labels)
        assert min(line[4] for line in grid_lines(geometry, columns)) >= 1.0
        width, height = PAPER_SIZES[paper]
        assert geometry.grid.x >= EDGE and geometry.grid.right <= width - EDGE
        assert geometry.footer.y >= EDGE and geometry.heading.top <= height - EDGE


@pytest.mark.parametrize("sheet", RENDERED)
def test_the_printed_text_is_large_and_black(sheet):
    reader = pypdf.PdfReader(io.BytesIO(large(sheet)))
    lang = RENDERED[sheet]["lang"]
    with speaking(lang):
        labels = {row.label for row in SHEET_ROWS if not row.is_total}
    for page in reader.pages:
        printed = texts(page)
        assert min(size for size, _text in printed) >= HINT
        assert {text for size, text in printed if text in labels and size >= LABEL}
        assert not {text for size, text in printed if text in labels and size < LABEL}
        assert text_colours(page, reader) <= {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)}  # white only on black bands


@pytest.mark.parametrize("sheet", RENDERED)
def test_four_players_or_three_games_to_a_page_each_card_on_two(sheet):
    options = RENDERED[sheet]
    reader = pypdf.PdfReader(io.BytesIO(large(sheet)))
    caption = "Player %(n)s" if options["layout"] == "players" else "Game %(n)s"
    with speaking(options["lang"]):
        captions = [_(caption, n=n) for n in range(1, 7)]
    printed = [" ".join(text for _size, text in texts(page)) for page in reader.pages]
    per_page = [sum(f"{each} " in f"{text} " for each in captions) for text in printed]
    most = LARGE_COLUMNS[options["layout"]]
    assert len(reader.pages) == 2 * (1 if options["layout"] == "players" else 2)
    assert per_page == [most] * len(reader.pages)


def grid_bottom(image, left: float, right: float) -> int:
    """The lowest row of pixels dark from the grid's left edge to its right: the last rule across the
    whole card (a series card's total, under its last column only, is not one)."""
    return max(
        y
        for y in range(image.size[1])
        if image.crop((round(left) + 2, y, round(right) - 2, y + 1)).getextrema()[1] < 200
    )


@pytest.mark.parametrize("sheet", RENDERED)
def test_a_card_s_two_pages_end_level(sheet):
    """The upper section's nine rows grow to the height of the lower section's twelve (down to the grand
    total), so each page of a card looks as full as the other: the grids' last rules within 2 pt."""
    options = RENDERED[sheet]
    geometry = sheet_geometry(
        options["layout"], options["paper"], LARGE_COLUMNS[options["layout"]], print_size="large"
    )
    pdf = large(sheet)
    bottoms = [
        grid_bottom(rasterize(pdf, number), geometry.grid.x, geometry.grid.right)
        for number in range(len(pypdf.PdfReader(io.BytesIO(pdf)).pages))
    ]
    assert max(bottoms) - min(bottoms) <= 2, bottoms
    upper, lower = (
        sheet_geometry(
            options["layout"],
            options["paper"],
            LARGE_COLUMNS[options["layout"]],
            print_size="large",
            part=part,
        )
        for part in (0, 1)
    )
    assert lower.row_height >= ROW and upper.row_height > lower.row_height


def assert_clear_edges(pdf: bytes) -> None:
    """Every page: white paper within 5 mm of each edge, and something printed inside."""
    edge = round(EDGE) + 1
    for number in range(len(pypdf.PdfReader(io.BytesIO(pdf)).pages)):
        image = rasterize(pdf, number)
        width, height = image.size
        inside = (edge, edge, width - edge, height - edge)
        strips = [(0, 0, width, edge), (0, height - edge, width, height), (0, 0, edge, height)]
        strips.append((width - edge, 0, width, height))
        assert [image.crop(strip).getextrema()[0] for strip in strips] == [255] * 4, number
        assert image.crop(inside).getextrema()[0] < 64  # the page is not blank


@pytest.mark.parametrize("sheet", ["players, a4, de", "series, letter, de"])
def test_nothing_prints_within_5_mm_of_an_edge(sheet):
    assert_clear_edges(large(sheet))


def large_rules(name: str) -> bytes:
    rules, paper, lang = RULE_SHEETS[name]
    return rule_sheet_pdf(rules, paper, lang, print_size="large")


def empty_foot(image) -> int:
    """Points of white between the text's last line and the footer's rule, on a page rasterized at 72 dpi
    (a rule of 1 pt may fall across two rows of pixels, each grey)."""
    width, height = image.size
    dark = [y for y in range(height) if image.crop((0, y, width, y + 1)).getextrema()[0] < 128]
    rule = next(
        y for y in reversed(range(height)) if image.crop((36, y, width - 36, y + 1)).getextrema()[1] < 200
    )
    return rule - max(y for y in dark if y < rule - 2)


@pytest.mark.parametrize("sheet", RULE_SHEETS)
def test_large_print_rules_run_over_balanced_pages_at_16_pt(sheet):
    pdf = large_rules(sheet)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) >= 2
    sizes: dict[float, int] = {}
    for page in reader.pages:
        for size, text in texts(page):
            sizes[size] = sizes.get(size, 0) + len(text)
        assert text_colours(page, reader) == {(0.0, 0.0, 0.0)}
    assert min(sizes) >= HINT
    assert max(sizes, key=sizes.get) >= LABEL  # the body text
    feet = [empty_foot(rasterize(pdf, number)) for number in range(len(reader.pages))]
    assert max(feet) - min(feet) <= BALANCE, feet


@pytest.mark.parametrize("sheet", RULE_SHEETS)
def test_large_print_rules_print_nothing_within_5_mm_of_an_edge(sheet):
    assert_clear_edges(large_rules(sheet))


@pytest.mark.parametrize(
    "pdf",
    [
        lambda: large("players, a4, de"),
        lambda: large_rules("longest c2406, a4, de"),
        lambda: blank_sheet("players", "a4", fillable=True, lang="de", print_size="large"),
        lambda: blank_sheet("series", "letter", fillable=True, print_size="large"),
    ],
    ids=["players", "rules", "players, fillable", "series, fillable"],
)
def test_a_large_print_sheet_is_pdf_ua_1(pdf):
    report = validate_pdf_bytes(pdf(), profile=ValidationProfile.PDF_UA_1)
    assert sorted({f"{failure.rule_id}: {failure.message}" for failure in report.failures}) == []
    assert report.is_compliant and report.rules.total >= 100


@pytest.mark.parametrize(
    ("layout", "paper", "fillable", "card", "name"),
    [
        ("players", "a4", False, "full", "scoresheet-players-official-large-a4.pdf"),
        ("series", "letter", False, "full", "scoresheet-series-official-large-letter.pdf"),
        ("players", "letter", True, "full", "scoresheet-players-official-large-letter-fillable.pdf"),
    ],
)
def test_large_print_files_say_large_before_the_paper(layout, paper, fillable, card, name):
    assert scoresheet_file_name("official", layout, paper, fillable, card, "large") == name
    assert "large" not in scoresheet_file_name("official", layout, paper, fillable, card)
    rules = rules_file_name("official", paper, "large")
    assert rules == ("rules-official-large-a4.pdf" if paper == "a4" else "rules-official-large.pdf")
    assert "large" not in rules_file_name("official", paper)


@pytest.mark.parametrize("command", ["scoresheet", "fill"])
def test_large_print_half_cards_are_refused_by_every_command(command, tmp_path):
    """A half card cannot hold a section in half-inch rows (NO_LARGE_HALF_CARDS): one line, exit 2."""
    args = [str(EXAMPLES / "series.json")] if command == "fill" else []
    result = run_cli([command, *args, "--large-print", "--card", "half"], tmp_path)
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.output.splitlines()
    assert line == f"Error: --large-print has no half cards: {NO_LARGE_HALF_CARDS}; drop --card half"
    assert not list(tmp_path.iterdir())


def test_the_half_card_arithmetic_holds():
    """What the message says: a lower section in half-inch rows, with the heading, lines, head and band
    above it, is taller than a half card (the landscape sheet's height), before margins and footer."""
    lower = sheet_geometry("series", "letter", 3, print_size="large", part=1)
    heights = [cell[0].height for cell in lower.cells.values()] + [lower.series_total.height]
    rows = sum(heights) / lower.row_height
    needed = rows * ROW + lower.heading.top - lower.bands[Section.LOWER].y
    assert rows == 13
    for paper in PAPERS:
        assert needed > page_size(paper, "half")[1], paper


def test_the_library_refuses_large_print_half_cards():
    with pytest.raises(GeometryError, match="large print has no half cards"):
        render_scoresheet(Rules(), "series", print_size="large", card="half")


@pytest.mark.parametrize(
    ("layout", "columns", "part"), [("players", 5, 0), ("series", 6, 0), ("series", 3, 2), ("players", 4, -1)]
)
def test_a_large_print_page_holds_at_most_four_players_or_three_games(layout, columns, part):
    with pytest.raises(GeometryError, match="large-print"):
        sheet_geometry(layout, "letter", columns, print_size="large", part=part)


@pytest.mark.parametrize("paper", PAPERS)
def test_common_long_names_fit_four_large_print_columns(paper):
    """Four players a page leave narrow columns: a nine-letter or hyphenated name still fits, at 12 pt
    or more, wrapped at its space or hyphen; a short one keeps the full 20 pt."""
    names = ["Christine", "Marie-Christine", "Alexandra", "Friedrich Wilhelm"]
    geometry = sheet_geometry("players", paper, 4, "full", 0, print_size=Print.LARGE)
    fitted = fit_row(names, geometry.heads[0], LARGE_NAME_SIZES[0], min_size=LARGE_NAME_SIZES[1])
    assert fitted.size >= 12 and fitted.lines[1] == ("Marie-", "Christine")
    short = fit_row(["Ann", "Bob"], geometry.heads[0], LARGE_NAME_SIZES[0], min_size=LARGE_NAME_SIZES[1])
    assert short.size == LARGE_NAME_SIZES[0]


# Large-print forms


def page_fields(pdf: bytes) -> list[list[str]]:
    """Each page's widgets' full field names, in /Annots order."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return [[full_name(a.get_object()) for a in page.get("/Annots", [])] for page in reader.pages]


@pytest.mark.parametrize("layout", ["players", "series"])
def test_a_large_print_form_has_the_standard_form_s_fields(layout):
    """The same full names as the standard form, no more, no fewer: each box and total once, on the page
    of its section; a card's lines and name heads on both its pages, one field showing one value.
    (Six players make two large-print cards, whose second has `page2.` lines, as a standard sheet of
    seven has.)"""
    columns = LARGE_COLUMNS["players"] if layout == "players" else None  # one large-print card
    standard = page_fields(blank_sheet(layout, "letter", fillable=True, columns=columns))
    pdf = blank_sheet(layout, "letter", fillable=True, columns=columns, print_size="large")
    pages = page_fields(pdf)
    assert sorted({name for page in pages for name in page}) == sorted(standard[0])
    lower = {row.slug for row in SHEET_ROWS if row.section is Section.LOWER}
    for upper_page, lower_page in zip(pages[::2], pages[1::2], strict=True):
        shared = set(upper_page) & set(lower_page)
        assert shared and all(parse_field(name).kind is FieldKind.TEXT for name in shared)
        for name in set(upper_page) - shared:
            assert parse_field(name).key not in lower, name
        for name in set(lower_page) - shared:
            key = parse_field(name).key
            assert key in lower or key in ("yahtzee_bonus_ticks", "upper_total_again", "series_total"), name
    widgets = form_widgets(pypdf.PdfReader(io.BytesIO(fill(pdf, {"title": "Friday"}))))
    assert str(widgets["title"].get("/V", widgets["title"].get("/Parent", {}).get("/V"))) == "Friday"


@pytest.mark.parametrize("layout", ["players", "series"])
def test_a_large_print_form_reads_back_the_worked_card(layout, tmp_path):
    """The worked card typed over both pages of the first card (as pypdf fills a form) scores 395."""
    prefix = "p1." if layout == "players" else "g1."
    name = "p1.name" if layout == "players" else "player"
    values = column_values(prefix, WORKED_CARD, 1) | {name: "Ann"}
    path = tmp_path / "filled.pdf"
    path.write_bytes(fill(blank_sheet(layout, "a4", fillable=True, print_size="large"), values))
    result = run_cli(["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    player = json.loads(result.output)["games"][0]["players"][0]
    assert (player["name"], player["grand_total"]) == ("Ann", 395)


def test_cli_writes_a_large_print_form(tmp_path):
    result = run_cli(["scoresheet", "--large-print", "--fillable", "--paper", "a4"], tmp_path)
    assert result.exit_code == 0, result.output
    written = tmp_path / "output" / "scoresheet-players-official-large-a4-fillable.pdf"
    assert pypdf.PdfReader(written).get_fields()


def widget_values(pdf: bytes, name: str, values: list[str]) -> bytes:
    """The sheet with each widget of the field `name` holding its own value, as Okular saves one."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    widgets = [a.get_object() for page in writer.pages for a in page["/Annots"]]
    for widget, value in zip([w for w in widgets if full_name(w) == name], values, strict=True):
        widget[NameObject("/V")] = TextStringObject(value)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.parametrize(
    ("typed", "read"), [(["Ann", ""], "Ann"), (["", "Ann"], "Ann"), (["Ann", "Bob"], None)]
)
def test_a_name_saved_on_one_widget_reads_back(typed, read, tmp_path):
    """Okular saves a name typed into a large-print head on that widget alone: it reads back from either
    page; two different names on the two pages are one line, exit 2."""
    pdf = fill(
        blank_sheet("players", "a4", fillable=True, print_size="large"), column_values("p1.", WORKED_CARD, 1)
    )
    path = tmp_path / "saved.pdf"
    path.write_bytes(widget_values(pdf, "p1.name", typed))
    result = run_cli(["score", str(path), "--json"])
    if read is None:
        assert result.exit_code == 2 and "shows two values on its pages" in result.output
        assert len(result.output.splitlines()) == 1
    else:
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["games"][0]["players"][0]["name"] == read


# Finished games on the large-print sheet (`sheetgen fill --large-print`); where each value lands is
# measured in tests/test_fill_print.py (test_large_print_values_sit_in_their_cells).

FILLS = {"game": ("boxes.json", "letter", 2), "series": ("series.json", "a4", 16)}  # record, paper, pages


@pytest.fixture(scope="module")
def large_fills(tmp_path_factory) -> dict[str, bytes]:
    """Each record filled once by the command line in large print, into a folder (the file's name)."""
    made = {}
    for which, (name, paper, _pages) in FILLS.items():
        folder = tmp_path_factory.mktemp("large")
        result = run_cli(
            ["fill", str(EXAMPLES / name), "--large-print", "--paper", paper, "-o", "out"], folder
        )
        assert result.exit_code == 0, result.output
        suffix = "" if paper == "letter" else f"-{paper}"
        made[which] = (folder / "out" / f"{name.removesuffix('.json')}-large{suffix}.pdf").read_bytes()
    return made


@pytest.mark.parametrize("which", FILLS)
def test_a_large_print_record_is_pdf_a_3b_and_reads_back_exactly(which, large_fills, tmp_path):
    """Two pages a card (a series: two cards of three games a player), zero failed PDF/A-3b rules, and
    `sheetgen record` gives back the record that was filled."""
    name, _paper, pages = FILLS[which]
    pdf = large_fills[which]
    assert len(pypdf.PdfReader(io.BytesIO(pdf)).pages) == pages
    report = validate_pdf_bytes(pdf, profile=ValidationProfile.PDF_A_3B)
    assert sorted({f"{failure.rule_id}: {failure.message}" for failure in report.failures}) == []
    (tmp_path / "out.pdf").write_bytes(pdf)
    result = run_cli(["record", "out.pdf"], tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stdout == record_text(json.loads((EXAMPLES / name).read_text()))


def test_a_large_print_record_prints_its_values_large_and_black(large_fills):
    """Every value the fill drew on the game's two pages: 16 pt or more (names 12 pt or more), black."""
    reader = pypdf.PdfReader(io.BytesIO(large_fills["game"]))
    for page in reader.pages:
        assert min(size for size, _text in texts(page)) >= 12
        assert text_colours(page, reader) <= {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)}
