"""Blank score sheets: one page per six players, drawn exactly where the cell geometry says."""

from __future__ import annotations

import io
import itertools

import pypdf
import pytest
from helpers import KNOWN_HOUSE_RULES, KNOWN_VARIANTS, blank_sheet, full_name, rasterize, run_cli

from sheetgen.errors import GeometryError
from sheetgen.files.variants import load_rules
from sheetgen.layout.fitting import KIND_SIZE, LINE_LABEL_SIZE, LINE_LABELS, text_width
from sheetgen.layout.geometry import CARDS, LAYOUTS, PAPER_SIZES_PT, PAPERS, Rect, sheet_geometry
from sheetgen.pdf.scoresheet import render_scoresheet
from sheetgen.rules.boxes import COLUMNS, SHEET_ROWS, Total
from sheetgen.rules.rulebook import edition_line, row_hint
from sheetgen.rules.variants import VARIANTS

INCH = 72.0
HOSTILE = "<b>Ann & Bob</b>"
LONG = "Maximilian Bartholomew Fitzgerald-Worthington of Lower Slaughter"[:60]
FITS = "Renée Müller-Lüdenscheid"  # wraps at its space and its hyphen in a six-column head


def read(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


def text_runs(page: pypdf.PageObject) -> list[tuple[str, float, float, float]]:
    """(text, x, baseline y, font size) of every text run, in PDF points from the bottom-left."""
    runs = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            matrix = pypdf.mult(tm, cm)
            runs.append((text, matrix[4], matrix[5], font_size * matrix[0]))

    page.extract_text(visitor_text=visit)
    return runs


def widget_rects(page: pypdf.PageObject) -> dict[str, Rect]:
    rects = {}
    for annotation in page.get("/Annots", []):
        widget = annotation.get_object()
        x1, y1, x2, y2 = (float(v) for v in widget["/Rect"])
        rects[full_name(widget)] = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
    return rects


# The geometry alone


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_geometry_cells_are_pencil_sized_and_on_the_page(layout, paper):
    """Every write-in cell is at least 0.3 in by 0.8 in, inside the page and below its heads."""
    geometry = sheet_geometry(layout, paper)
    assert geometry.page_size == PAPER_SIZES_PT[paper]
    page = Rect(0, 0, *geometry.page_size)
    cells = [geometry.cell(row, column) for row in SHEET_ROWS for column in range(COLUMNS)]
    if geometry.series_total:
        cells.append(geometry.series_total)
    for cell in [*cells, *geometry.heads, *geometry.lines.values()]:
        assert page.contains(cell.x, cell.y) and page.contains(cell.right, cell.top)
    for cell in cells:
        assert cell.height >= 0.3 * INCH and cell.width >= 0.8 * INCH
        assert cell.top <= geometry.heads[0].y and cell.x >= geometry.label_area.right
    assert geometry.footer.top <= geometry.grid.y


@pytest.mark.parametrize("layout", LAYOUTS)
def test_geometry_rows_stack_and_columns_abut(layout):
    """Rows run down the page in SHEET_ROWS order; columns sit side by side with no gap or overlap."""
    geometry = sheet_geometry(layout, "letter")
    tops = [geometry.cell(row, 0).top for row in SHEET_ROWS]
    assert tops == sorted(tops, reverse=True)
    for row in SHEET_ROWS:
        cells = geometry.cells[row.slug]
        assert geometry.cell(row, 0) == geometry.cell(row.slug, 0) == cells[0]
        assert all(a.right == pytest.approx(b.x) for a, b in itertools.pairwise(cells))
        assert cells[-1].right == pytest.approx(geometry.grid.right)
    upper, again = (geometry.cell(r, 2) for r in SHEET_ROWS if r.key is Total.UPPER_TOTAL)
    assert upper.top > again.top
    bonus = geometry.cells[Total.YAHTZEE_BONUS.value]
    for cell, tick, total in zip(bonus, geometry.yahtzee_ticks, geometry.yahtzee_totals, strict=True):
        assert tick.x == cell.x and total.right == pytest.approx(cell.right)
        assert tick.right == pytest.approx(total.x) and tick.height == total.height == cell.height
    assert (geometry.series_total is not None) == (layout == "series")
    expected = {"players": {"title", "date", "game"}, "series": {"player", "title", "date"}}[layout]
    assert set(geometry.lines) == expected


def test_geometry_rejects_unknown_layout_paper_and_cell():
    """A layout, paper, row or column the sheet lacks is a GeometryError, not a wrong rectangle."""
    with pytest.raises(GeometryError):
        sheet_geometry("poster", "letter")
    with pytest.raises(GeometryError):
        sheet_geometry("players", "legal")
    geometry = sheet_geometry("players", "a4")
    with pytest.raises(GeometryError):
        geometry.cell("sevens", 0)
    with pytest.raises(GeometryError):
        geometry.cell("aces", COLUMNS)


# The drawn sheet


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_one_page_of_the_geometry_size(layout, paper):
    """Six players, or one series card, print on exactly one page of the geometry's size."""
    (page,) = read(blank_sheet(layout, paper)).pages
    size = (float(page.mediabox.width), float(page.mediabox.height))
    assert size == pytest.approx(sheet_geometry(layout, paper).page_size, abs=0.01)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_grid_lines_are_drawn_where_the_geometry_says(layout, paper):
    """Each cell's edges are dark and its middle is light, at 2 pixels per point."""
    geometry = sheet_geometry(layout, paper)
    image = rasterize(blank_sheet(layout, paper), dpi=144)

    def pixel(x: float, y: float) -> int:
        return image.getpixel((round(x * 2), round((geometry.page_height - y) * 2)))

    cells = [geometry.cell(row, column) for row in SHEET_ROWS for column in range(COLUMNS)]
    cells += [geometry.series_total] if geometry.series_total else []
    for cell in cells:
        cx, cy = cell.center
        if cell in geometry.cells[Total.YAHTZEE_BONUS.value]:
            cx = geometry.yahtzee_totals[0].x - geometry.yahtzee_ticks[0].x + cell.x + 8
        assert pixel(cx, cy) > 190, cell
        for x, y in ((cell.x, cy), (cell.right, cy), (cx, cell.y), (cx, cell.top)):
            assert pixel(x, y) < 110, (cell, x, y)
        for x, y in ((cell.x + 3, cy), (cell.right - 3, cy), (cx, cell.y + 3), (cx, cell.top - 3)):
            assert pixel(x, y) > 150, (cell, x, y)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_labels_and_hints_sit_in_their_row(layout):
    """Every row's label and hint are printed inside that row's label area, at 9 pt or more for labels."""
    geometry = sheet_geometry(layout, "a4")
    rules = load_rules("official")
    (page,) = read(blank_sheet(layout, "a4")).pages
    runs = text_runs(page)
    for row in SHEET_ROWS:
        area = geometry.labels[row.slug]
        label = [r for r in runs if r[0].lower() == row.label.lower() and area.contains(r[1], r[2])]
        hint = [r for r in runs if r[0] == row_hint(row, rules) and area.contains(r[1], r[2])]
        assert len(label) == 1 and label[0][3] >= 9, row
        assert len(hint) == 1, row


def test_hints_and_footer_follow_the_variant():
    """With five-of-a-kind-full-house the Full House hint says so, and the footer names the house rule."""
    rules = load_rules("c2406", ["five-of-a-kind-full-house"])
    text = (
        read(blank_sheet(variant="c2406", house_rules=("five-of-a-kind-full-house",))).pages[0].extract_text()
    )
    full_house = next(row for row in SHEET_ROWS if row.slug == "full_house")
    assert "5 alike" in row_hint(full_house, rules)
    assert row_hint(full_house, rules) in text
    flowing = " ".join(text.split())  # the footer breaks between its phrases, dropping the " · " there
    assert all(" ".join(part.split()) in flowing for part in edition_line(rules).split(" · "))
    assert rules.title in text


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_every_variant_prints_on_one_page(variant):
    """Each built-in variant's sheet is one page on Letter."""
    (page,) = read(blank_sheet(variant=variant)).pages
    assert load_rules(variant).variant.edition in page.extract_text()


# Names


@pytest.mark.parametrize("layout", LAYOUTS)
def test_hostile_names_print_literally(layout):
    """Markup and ampersands in a name are printed as typed, in a head or on the player line."""
    text = read(blank_sheet(layout, names=(HOSTILE, LONG))).pages[0].extract_text()
    assert "<b>Ann &" in text and "Bob</b>" in text


@pytest.mark.parametrize("layout", ["players"])
@pytest.mark.parametrize("paper", PAPERS)
def test_a_long_name_stays_inside_its_head(layout, paper):
    """A long name shrinks and wraps at its space and hyphen, every line inside its head cell."""
    names = (HOSTILE, FITS, "A", "B", "C", "D")
    geometry = sheet_geometry(layout, paper)
    (page,) = read(blank_sheet(layout, paper, names=names)).pages
    head = geometry.heads[1]
    runs = [r for r in text_runs(page) if head.contains(r[1], r[2], tolerance=4)]
    assert [r[0].strip() for r in runs] == ["Renée", "Müller-", "Lüdenscheid"]
    for text, x, y, size in runs:
        assert head.contains(x, y) and head.contains(x + text_width(text, size), y + size * 0.8), text


def test_a_name_that_cannot_fit_is_one_line_naming_it(tmp_path):
    """A 60-character name is too long for six columns even at 8 pt: exit 2, one line, no file."""
    result = run_cli(["scoresheet", "--names", f"Ann,{LONG},C,D,E,F"], tmp_path)
    assert result.exit_code == 2 and not (tmp_path / "output").exists()
    assert result.output.strip().splitlines() == [
        f"Error: --names: the name {LONG!r} does not fit its column even at 8 pt; shorten it"
    ]


def test_seven_names_continue_on_a_second_page():
    """Seven names split evenly, four and three, each page with its own columns and fields."""
    names = tuple(f"Player{n}" for n in range(1, 8))
    reader = read(blank_sheet(names=names, fillable=True))
    first, second = reader.pages
    assert "Player4" in first.extract_text() and "Player5" not in first.extract_text()
    assert "Player5" in second.extract_text() and "Player7" in second.extract_text()
    fields = reader.get_fields()
    assert "p7.grand_total" in fields and "p8.aces" not in fields


# Form fields


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_fillable_fields_fill_their_cells(layout, paper):
    """--fillable gives a field in every write-in cell (13 per column at least), inside its geometry cell."""
    geometry = sheet_geometry(layout, paper)
    reader = read(blank_sheet(layout, paper, fillable=True))
    (page,) = reader.pages
    fields = reader.get_fields()
    widgets = widget_rects(page)
    assert set(widgets) == {name for name, field in fields.items() if "/Kids" not in field}
    for column in range(COLUMNS):
        prefix = f"p{column + 1}." if layout == "players" else f"g{column + 1}."
        own = [name for name in fields if name.startswith(prefix)]
        assert len(own) >= 13
        for row in SHEET_ROWS:
            rect, cell = widgets[prefix + row.slug], geometry.cell(row, column)
            if row.key is Total.YAHTZEE_BONUS:
                cell = geometry.yahtzee_totals[column]
                tick = widgets[prefix + row.slug + "_ticks"]
                assert geometry.yahtzee_ticks[column].contains(*tick.center)
            assert cell.contains(rect.x, rect.y) and cell.contains(rect.right, rect.top), row
        if layout == "players":
            assert geometry.heads[column].contains(*widgets[prefix + "name"].center)
    for key, line in geometry.lines.items():
        assert line.contains(*widgets[key].center)
    if layout == "series":
        assert geometry.series_total.contains(*widgets["series_total"].center)


def test_named_heads_are_printed_not_fields():
    """A given name is printed in its head; only unnamed columns get a name field."""
    pdf = render_scoresheet(load_rules("official"), columns=3, names=["Ann", "Bob"], fillable=True)
    fields = read(pdf).get_fields()
    assert "p1.name" not in fields and "p2.name" not in fields and "p3.name" in fields


# Document quality


def test_same_input_gives_identical_bytes():
    """Rendering the same sheet twice gives the same bytes, form fields and fonts included."""
    again = render_scoresheet(load_rules("official"), "series", "a4", fillable=True)
    assert again == blank_sheet("series", "a4", fillable=True)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_metadata_and_embedded_fonts(layout):
    """Title, author and language are set, and every font is embedded."""
    reader = read(blank_sheet(layout, "letter", fillable=True))
    assert reader.metadata.title.startswith("Yahtzee: Official rules")
    assert reader.metadata.author == "sheetgen"
    assert reader.trailer["/Root"]["/Lang"] == "en"
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for font in fonts.values():
        font = font.get_object()
        descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font)[
            "/FontDescriptor"
        ]
        assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


# The command line


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], "output/scoresheet-players-official-letter.pdf"),
        (["--layout", "series", "--paper", "a4"], "output/scoresheet-series-official-a4.pdf"),
        (
            ["--variant", "2016", "--house-rule", "series", "--fillable"],
            "output/scoresheet-players-c2406-series-letter-fillable.pdf",
        ),
        (["--names", "Ann,Bob", "-o", "sheets/ours.pdf"], "sheets/ours.pdf"),
    ],
)
def test_cli_writes_the_sheet_and_prints_its_path(args, expected, tmp_path):
    """The command writes one PDF, named by layout, variant and paper unless -o says otherwise."""
    result = run_cli(["scoresheet", *args], tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == expected
    assert (tmp_path / expected).read_bytes().startswith(b"%PDF")


USAGE = "Usage: sheetgen scoresheet [OPTIONS]\nTry 'sheetgen scoresheet --help' for help.\n\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "nope"], f"Error: unknown variant 'nope'; {KNOWN_VARIANTS}"),
        (["--house-rule", "sevens"], f"Error: unknown house rule 'sevens'; {KNOWN_HOUSE_RULES}"),
        (["--names", "Ann,,Bob"], "Error: --names: a name is empty"),
        (["--names", "Ann,Bo\tb"], "Error: --names: a name contains the control character U+0009"),
        (["--players", "2", "--names", "A,B,C"], "Error: --names gives 3 names but --players is 2"),
        (["--players", "7"], f"{USAGE}Error: Invalid value for '--players': 7 is not in the range 1<=x<=6."),
        (["--title", "x" * 81], "Error: --title: the title is 81 characters; at most 80"),
        (
            ["--layout", "players", "--card", "half"],
            "Error: --card half is the six-game card; use it with --layout series",
        ),
        (
            ["--paper", "legal"],
            f"{USAGE}Error: Invalid value for '--paper': 'legal' is not one of 'letter', 'a4'.",
        ),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(args, message, tmp_path):
    """Bad input writes nothing and says why on one line (after click's usage lines for a value click
    itself refuses), with exit code 2."""
    result = run_cli(["scoresheet", *args], tmp_path)
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == f"{message}\n"
    assert not (tmp_path / "output").exists()


def test_cli_warns_of_names_the_font_cannot_draw(tmp_path, weasyprint_log):
    """A CJK name is a one-line warning naming the code points; the sheet is still written (and
    WeasyPrint's own warnings about the two glyphs are the only ones it logs)."""
    target = tmp_path / "cjk.pdf"
    result = run_cli(["scoresheet", "--names", "Ann,山田", "--no-cache", "-o", str(target)])
    assert result.exit_code == 0
    assert result.stderr.strip().splitlines() == [
        "Warning: --names, name 2: the sheet's font has no glyph for U+5C71, U+7530; "
        "those characters print as empty boxes"
    ]
    assert target.is_file()
    assert weasyprint_log.take() == [
        f'.notdef glyph rendered for Unicode string unsupported by fonts: "{c}" (U+{ord(c):04X})'
        for c in "山田"
    ]


@pytest.mark.parametrize("card", CARDS)
def test_sizes_shared_with_css_are_the_ones_python_measures_with(card):
    """The line labels and the sheet's kind print at the sizes `line_write_in` and the heading fit assume."""
    pdf = render_scoresheet(load_rules("official"), "series", "letter", card=card)
    printed: dict[str, set[float]] = {}

    def visit(text, cm, tm, font, size):
        printed.setdefault(text.strip(), set()).add(round(size * tm[0] * cm[0], 2))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    assert printed[LINE_LABELS["title"]] == printed[LINE_LABELS["date"]] == {LINE_LABEL_SIZE[card]}
    # The kind, in the card's corner, may break after its comma.
    assert printed["SERIES CARD"] == printed["6 GAMES"] == {KIND_SIZE[card]}
