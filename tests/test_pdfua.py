"""Every sheet WeasyPrint makes is PDF/UA-1, checked by an independent validator on a covering sample.

The validator (PyPI page-validation, the `page` module: 104 PDF/UA-1 rules)
sees that the parts are there: XMP identification and title, the language,
the title shown, alternative text, table headers, fields in the structure.
What it cannot judge is checked here on the same sheets: that each die's
text says that die's value in the sheet's language, that each header cell
heads its row or its column, and that the fields come in the structure in
the order Tab takes them. Every sheet is one the suite renders anyway
(helpers: rendered once per run), but the German fillable sheet.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pypdf
import pytest
from helpers import LONGEST, blank_sheet, rule_sheet_pdf
from page import ValidationProfile, validate_pdf_bytes
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from sheetgen.files.locales import speaking
from sheetgen.files.variants import load_rules
from sheetgen.pdf.cached import scoresheet_pdf
from sheetgen.rules import i18n
from sheetgen.rules.game import TRIPLE_YAHTZEE, YACHT, YATZY, Game
from sheetgen.rules.rulebook import rule_sheet
from sheetgen.rules.variants import Rules, builtin_rules

LONG_LANG = "de"  # the language whose rule sheets hold the most words
LONGEST_RULES = builtin_rules("c2406", LONGEST["c2406"])
# Each face's words, as templates/rules/dice.html gives them to gettext.
DIE_WORDS = [f"die showing {word}" for word in ("one", "two", "three", "four", "five", "six")]

# Each kind of document, both papers, a long language, blank and fillable.
SAMPLE = {
    "rule sheet": lambda: rule_sheet_pdf(Rules(), "letter"),
    "rule sheet, longest, de, a4": lambda: rule_sheet_pdf(LONGEST_RULES, "a4", LONG_LANG),
    "players": lambda: blank_sheet("players", "letter"),
    # The other games' as tests/test_game_sheets.py renders them: Triple Yahtzee's three players over
    # two pages (three columns each, scored rows, a grand total), Yatzy's and Yacht's three players.
    "triple-yahtzee players, fillable, two pages": lambda: game_sheet(TRIPLE_YAHTZEE),
    "yatzy players, fillable": lambda: game_sheet(YATZY),
    "yacht players, fillable": lambda: game_sheet(YACHT),
    "players, fillable, de, a4": lambda: blank_sheet("players", "a4", fillable=True, lang=LONG_LANG),
    "series, fillable, a4": lambda: blank_sheet("series", "a4", fillable=True),
    "half cards, fillable": lambda: blank_sheet("series", "letter", fillable=True, card="half"),
}
FILLABLE = [name for name in SAMPLE if "fillable" in name]


def game_sheet(game: Game) -> bytes:
    """A game's fillable players sheet for three players, the one tests/test_game_sheets.py renders."""
    with speaking("en"):
        return scoresheet_pdf(load_rules(game=game), "players", "letter", columns=3, fillable=True)


def read(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


def structure(reader: pypdf.PdfReader) -> Iterator[DictionaryObject]:
    """Every structure element and object reference, depth first in reading order."""
    stack = [reader.trailer["/Root"]["/StructTreeRoot"]]
    while stack:
        node = stack.pop().get_object()
        yield node
        kids = node.get("/K", ArrayObject())
        kids = kids if isinstance(kids, ArrayObject) else ArrayObject([kids])
        stack.extend(kid for kid in reversed(kids) if isinstance(kid, IndirectObject | DictionaryObject))


@pytest.mark.parametrize("sheet", SAMPLE)
def test_the_sheet_is_pdf_ua_1(sheet):
    report = validate_pdf_bytes(SAMPLE[sheet](), profile=ValidationProfile.PDF_UA_1)
    failed = sorted({f"{failure.rule_id}: {failure.message}" for failure in report.failures})
    assert failed == [], sheet
    assert report.is_compliant and report.rules.total >= 100


@pytest.mark.parametrize(
    ("rules", "paper", "lang"), [(Rules(), "letter", "en"), (LONGEST_RULES, "a4", LONG_LANG)]
)
def test_each_die_says_its_value_in_words_in_the_sheet_s_language(rules, paper, lang):
    """Every die is a figure whose text is its face in words, die after die as the sheet draws them."""
    with speaking(lang):
        words = [i18n._(message) for message in DIE_WORDS]
        sheet = rule_sheet(rules)
    dice = [
        face
        for section in sheet.sections  # the upper section's faces are drawn before the lower's table
        for block in section.blocks
        if block.kind in ("faces", "table")
        for row in block.rows
        for face in row.dice
    ]
    reader = read(rule_sheet_pdf(rules, paper, lang))
    figures = [str(node["/Alt"]) for node in structure(reader) if node.get("/S") == "/Figure"]
    assert figures == [words[face - 1] for face in dice]
    assert len(set(words)) == 6


def test_table_header_cells_head_their_row_or_column():
    """The boxes table: the head row's cells head columns, each box's name heads its row."""
    reader = read(rule_sheet_pdf(Rules(), "letter"))
    (table,) = [node for node in structure(reader) if node.get("/S") == "/Table"]
    scopes = {}
    for group in table["/K"]:
        for row in group.get_object()["/K"]:
            for cell in row.get_object()["/K"]:
                cell = cell.get_object()
                if cell["/S"] == "/TH":
                    scopes.setdefault(group.get_object()["/S"], []).append(cell["/A"]["/Scope"])
    (boxes,) = [block for block in rule_sheet(Rules()).section("lower").blocks if block.kind == "table"]
    assert scopes == {"/THead": ["/Column"] * 4, "/TBody": ["/Row"] * len(boxes.rows)}


@pytest.mark.parametrize("sheet", FILLABLE)
def test_form_fields_sit_in_the_structure_in_tab_order(sheet):
    """Each field is its own Form element, named (/TU), and the structure holds them in /Annots order,
    which Tab follows on every page (/Tabs /S)."""
    reader = read(SAMPLE[sheet]())
    widgets = [a.idnum for page in reader.pages for a in page.raw_get("/Annots")]
    in_structure = [node.raw_get("/Obj").idnum for node in structure(reader) if node.get("/Type") == "/OBJR"]
    assert in_structure == widgets
    parents = reader.trailer["/Root"]["/StructTreeRoot"]["/ParentTree"]["/Nums"]
    parents = dict(zip(parents[::2], parents[1::2], strict=True))
    for number in widgets:
        widget = reader.get_object(number)
        assert parents[widget["/StructParent"]].get_object()["/S"] == "/Form"
        assert str(widget["/TU"]).strip()
    assert {page["/Tabs"] for page in reader.pages} == {"/S"}


@pytest.mark.parametrize("sheet", ["rule sheet, longest, de, a4", "players, fillable, de, a4", "players"])
def test_the_title_shown_and_the_language_are_the_sheet_s(sheet):
    reader = read(SAMPLE[sheet]())
    catalog = reader.trailer["/Root"]
    assert catalog["/Lang"] == (LONG_LANG if ", de," in sheet else "en")
    assert catalog["/ViewerPreferences"]["/DisplayDocTitle"]
    assert reader.xmp_metadata.dc_title == {"x-default": reader.metadata.title}
