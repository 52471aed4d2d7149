"""The one-page rule sheet: one legible, tagged, deterministic page per variant, house rules and paper."""

from __future__ import annotations

import io
import itertools
import os
import re
import subprocess
import sys
from functools import cache

import pypdf
import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from helpers import (
    CONTRADICTING_STARTS,
    KNOWN_HOUSE_RULES,
    KNOWN_VARIANTS,
    PAPER_SIZES,
    rasterize,
    rule_sheet_pdf,
    run_cli,
)

from sheetgen.pdf.rulesheet import render_rulesheet
from sheetgen.rules.rulebook import rule_sheet
from sheetgen.rules.variants import START_RULES, VARIANTS, HouseRule, Rules

MARGIN_PT = 0.4 * 72
MIN_BODY_PT = 8.5


def _house_rule_sets() -> list[tuple[HouseRule, ...]]:
    """Every subset of the house rules that does not name two ways to start (24 of them)."""
    subsets = itertools.chain.from_iterable(
        itertools.combinations(HouseRule, size) for size in range(len(HouseRule) + 1)
    )
    return [rules for rules in subsets if sum(rule in START_RULES for rule in rules) <= 1]


# A start rule the variant already has is left out, so those sets collapse into others.
ALL_RULES = list(
    dict.fromkeys(Rules(variant, house_rules) for variant in VARIANTS for house_rules in _house_rule_sets())
)
CASES = [
    pytest.param(rules, paper, id=f"{rules.slug}-{paper}") for rules in ALL_RULES for paper in PAPER_SIZES
]


def sheet_pdf(rules: Rules, paper: str) -> bytes:
    """Each combination is rendered once per test run, then shared by every test that reads it."""
    return rule_sheet_pdf(rules, paper)


def reader(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


@cache
def page_text(rules: Rules, paper: str = "letter") -> str:
    """The printed text with all whitespace (line breaks, no-break spaces) as single spaces."""
    (page,) = reader(sheet_pdf(rules, paper)).pages
    return re.sub(r"\s+", " ", page.extract_text())


def test_every_combination_is_listed() -> None:
    """3 variants x 24 house-rule sets (all 32 subsets but the 8 with both start rules); a start rule
    the variant already has adds nothing, leaving 16 distinct sheets per variant."""
    assert len(_house_rule_sets()) == 24
    assert len(ALL_RULES) == 48


@pytest.mark.parametrize(("rules", "paper"), CASES)
def test_one_page_of_the_paper_size(rules: Rules, paper: str) -> None:
    """Every variant and house-rule set fits on exactly one page of the chosen paper."""
    (page,) = reader(sheet_pdf(rules, paper)).pages
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == PAPER_SIZES[paper]


@pytest.mark.parametrize(("rules", "paper"), CASES)
def test_margins_are_blank(rules: Rules, paper: str) -> None:
    """Nothing is printed within 0.4 in of any edge, and the page is not blank."""
    image = rasterize(sheet_pdf(rules, paper))
    width, height = image.size
    band = int(MARGIN_PT)
    for box in [
        (0, 0, width, band),
        (0, height - band, width, height),
        (0, 0, band, height),
        (width - band, 0, width, height),
    ]:
        assert image.crop(box).getextrema()[0] >= 250, f"ink in the margin band {box}"
    assert image.crop((band, band, width - band, height - band)).getextrema()[0] < 100


@pytest.mark.parametrize(("rules", "paper"), CASES)
def test_text_is_at_least_body_size(rules: Rules, paper: str) -> None:
    """No printed character is smaller than 8.5 pt, so the page stays legible."""
    document = pypdfium2.PdfDocument(sheet_pdf(rules, paper))
    try:
        text = document[0].get_textpage()
        sizes = {
            round(pdfium_c.FPDFText_GetFontSize(text.raw, index), 2)
            for index in range(text.count_chars())
            if not text.get_text_range(index, 1).isspace()
        }
    finally:
        document.close()
    assert sizes
    assert min(sizes) >= MIN_BODY_PT


@pytest.mark.parametrize("paper", PAPER_SIZES)
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_metadata_tags_and_embedded_fonts(variant, paper: str) -> None:
    """Title, author and language are set, the structure tree is there, every font is embedded."""
    rules = Rules(variant)
    pdf = reader(sheet_pdf(rules, paper))
    assert pdf.metadata.title == rules.title
    assert pdf.metadata.author == "sheetgen"
    catalog = pdf.trailer["/Root"]
    assert catalog["/Lang"] == "en"
    assert "/StructTreeRoot" in catalog
    assert catalog["/MarkInfo"]["/Marked"]
    fonts = pdf.pages[0]["/Resources"]["/Font"]
    assert fonts
    for font in fonts.values():
        descendant = font.get_object()["/DescendantFonts"][0].get_object()
        assert "/FontFile2" in descendant["/FontDescriptor"]


@pytest.mark.parametrize("paper", PAPER_SIZES)
def test_dice_are_vector_art(paper: str) -> None:
    """No raster image is embedded: the dice are drawn as paths."""
    pdf = reader(sheet_pdf(Rules(), paper))
    xobjects = pdf.pages[0]["/Resources"].get("/XObject", {})
    assert all(xobject.get_object().get("/Subtype") != "/Image" for xobject in xobjects.values())


def test_same_input_gives_the_same_bytes() -> None:
    """Rendering twice gives identical bytes, with no wall-clock date inside."""
    rules = Rules(VARIANTS[1], (HouseRule.SERIES,))
    first = sheet_pdf(rules, "a4")
    assert render_rulesheet(rules, "a4") == first
    assert b"/CreationDate" not in first


def test_source_date_epoch_sets_the_date(tmp_path) -> None:
    """SOURCE_DATE_EPOCH is the only source of the creation date."""
    path = tmp_path / "dated.pdf"
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    command = [sys.executable, "-m", "sheetgen", "rules", "-o", str(path)]
    subprocess.run(command, env=env, check=True, capture_output=True)
    assert reader(path.read_bytes()).metadata["/CreationDate"].startswith("D:20231114")


def test_weasyprint_logs_no_warning(weasyprint_log) -> None:
    """A clean render: no missing font, unknown CSS property or refused URL (as every render in the
    tests, this one fails on a warning anyway; here the check is spelled out)."""
    render_rulesheet(Rules(VARIANTS[2], tuple(HouseRule)[:1]), "a4")
    assert weasyprint_log.take() == []


OFFICIAL, C2406, FREE_CHOICE = VARIANTS
KINDS_FIRST = "Else 3 of a Kind or 4 of a Kind"


def test_c2406_sends_an_extra_yahtzee_to_the_kinds_first() -> None:
    """c2406 tries 3 or 4 of a Kind before the other lower boxes; official goes to any lower box."""
    c2406, official = page_text(Rules(C2406)), page_text(Rules(OFFICIAL))
    assert KINDS_FIRST in c2406
    assert "Only when both are filled, any other empty lower box" in c2406
    assert KINDS_FIRST not in official
    assert "Else any empty lower box, as a Joker" in official


def test_free_choice_says_any_box() -> None:
    """free-choice lets an extra Yahtzee go in any empty box, with no order of places."""
    text = page_text(Rules(FREE_CHOICE))
    assert "any empty box you choose" in text
    assert KINDS_FIRST not in text
    assert "first of these places" not in text


@pytest.mark.parametrize(
    ("rules", "phrase"),
    [
        (Rules(OFFICIAL), "each player rolls all 5 dice"),
        (Rules(C2406), "each player rolls 1 die"),
        (Rules(OFFICIAL, (HouseRule.ONE_DIE_START,)), "each player rolls 1 die"),
        (Rules(C2406, (HouseRule.FIVE_DICE_START,)), "each player rolls all 5 dice"),
    ],
    ids=lambda value: getattr(value, "slug", ""),
)
def test_who_starts_follows_edition_and_house_rule(rules: Rules, phrase: str) -> None:
    """The start follows the variant's edition unless a start house rule overrides it."""
    assert phrase in page_text(rules)


@pytest.mark.parametrize(
    ("variant", "house_rule"),
    [(v, r) for v in VARIANTS for r in HouseRule if START_RULES.get(r) is not v.start],
    ids=lambda value: value.name if hasattr(value, "joker_order") else value.value,
)
def test_each_house_rule_changes_the_sheet(variant, house_rule: HouseRule) -> None:
    """Adding any house rule changes the printed text and names the rule in the house-rules section."""
    plain, ruled = Rules(variant), Rules(variant, (house_rule,))
    assert rule_sheet(plain).text != rule_sheet(ruled).text
    text = page_text(ruled)
    assert house_rule.label.capitalize() in text
    assert house_rule.label.capitalize() not in page_text(plain)


def test_house_rules_change_the_game_text_too() -> None:
    """Full House and the series are explained where they apply, not only listed."""
    full_house = page_text(Rules(OFFICIAL, (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE,)))
    assert "or 5 alike (house rule)" in full_house
    assert "is not a Full House" not in full_house
    assert "is not a Full House" in page_text(Rules(OFFICIAL))
    series = page_text(Rules(OFFICIAL, (HouseRule.SERIES,)))
    assert "series of up to 6 games" in series
    assert "the highest total over all of them wins" in series


def test_no_house_rules_says_so() -> None:
    """A sheet without house rules says none are in effect, in the body and the footer."""
    text = page_text(Rules())
    assert "None: this sheet follows the 1996 Milton Bradley rules" in text
    assert "No house rules" in text


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], "output/rules-official.pdf"),
        (
            [
                "--variant",
                "hasbro",
                "--house-rule",
                "series",
                "--house-rule",
                "five-dice-start",
                "--paper",
                "a4",
            ],
            "output/rules-c2406-five-dice-start-series-a4.pdf",
        ),
        (["--variant", "free-choice", "-o", "sheets/free.pdf"], "sheets/free.pdf"),
    ],
)
def test_cli_writes_the_sheet_and_prints_its_path(args: list[str], expected: str, tmp_path) -> None:
    """`sheetgen rules` writes a one-page PDF where promised and prints that path."""
    result = run_cli(["rules", *args], tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output == f"{expected}\n"
    (page,) = reader((tmp_path / expected).read_bytes()).pages
    paper = "a4" if "a4" in args else "letter"
    assert (page.mediabox.width, page.mediabox.height) == PAPER_SIZES[paper]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "yatzy"], f"Error: unknown variant 'yatzy'; {KNOWN_VARIANTS}"),
        (["--house-rule", "no-bonus"], f"Error: unknown house rule 'no-bonus'; {KNOWN_HOUSE_RULES}"),
        (["--house-rule", "one-die-start", "--house-rule", "five-dice-start"], CONTRADICTING_STARTS),
        (["--variant", "missing.toml"], "Error: missing.toml: no such variant file"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args: list[str], message: str, tmp_path) -> None:
    """A bad variant or house rule is one line on stderr, exit code 2, and no file written."""
    result = run_cli(["rules", *args], tmp_path)
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == f"{message}\n"
    assert not (tmp_path / "output").exists()


def test_cli_help_has_an_example() -> None:
    """The command's help text shows how to call it."""
    result = run_cli(["rules", "--help"])
    assert result.exit_code == 0
    assert "Example: sheetgen rules" in result.output


def test_commands_that_draw_nothing_do_not_import_weasyprint() -> None:
    """Adding the rules command keeps the CLI module free of the PDF libraries at import time."""
    code = (
        "import sys, sheetgen.cli; "
        "sys.exit('weasyprint' in sys.modules or 'sheetgen.pdf.render' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


LETTER_CASES = [pytest.param(rules, id=rules.slug) for rules in ALL_RULES]
RULING_START = "Ruling: the rules do not cover a tie for the first turn; tied players can roll again."
RULING_TIE = (
    "Ruling: the rules do not say how to break a tie; players often share the win or play one more game."
)


@pytest.mark.parametrize("rules", LETTER_CASES)
def test_sheet_says_only_what_the_rules_say(rules: Rules) -> None:
    """Rulings are printed as rulings; no invented rule, no cap on bonuses, the edition's player count."""
    text = page_text(rules)
    assert RULING_START in text and RULING_TIE in text
    for invented in ("tied for the top roll again", "There is no tie-break", "up to 12", "You never choose"):
        assert invented not in text
    assert "there is no limit" in text
    players = "2 or more players" if rules.variant is C2406 else "1 or more players"
    assert text.count(players) == 2  # the tagline and the setup
    assert ("never holds a 0" in text) != rules.scratch_any_box
    assert ("any empty box may take a 0, Chance too" in text) == rules.scratch_any_box


@pytest.mark.parametrize("rules", LETTER_CASES)
def test_as_written_only_for_a_printed_edition(rules: Rules) -> None:
    """'As written' only for an edition with no house rules; free choice says it is a house version."""
    text = page_text(rules)
    assert ("as written" in text) == (not rules.variant.house_version and not rules.house_rules)
    house_version = rules.variant.house_version
    assert ("House version: 1996 Milton Bradley rules" in text) == house_version
    assert ("No edition prints these rules: they are a house version." in text) == house_version
    assert "No house rules" not in text if house_version or rules.house_rules else "No house rules" in text
    if house_version:
        assert "(house version)" in rules.title
        assert ("No other house rules" in text) == (not rules.house_rules)


def test_rulings_are_marked_in_the_model() -> None:
    """Exactly the two answers to what the rules leave open are rulings, and only they."""
    for rules in (Rules(OFFICIAL), Rules(C2406), Rules(FREE_CHOICE)):
        sheet = rule_sheet(rules)
        assert [f"{item.lead} {item.text}" for item in sheet.rulings] == [RULING_START, RULING_TIE]
        others = [item.text for s in sheet.sections for b in s.blocks for item in b.items if not item.ruling]
        assert not any("rules do not say" in text or "rules do not cover" in text for text in others)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_five_of_a_kind_sheet_matches_the_engine(variant) -> None:
    """The sheet promises Full House for any five alike whatever else is on the card, as the engine does."""
    text = page_text(Rules(variant, (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE,)))
    assert "any five of a kind may go in an empty Full House for 25, whatever else is on your card" in text
    assert "at any time, Joker or not" not in text
    if variant.joker_order is not FREE_CHOICE.joker_order:
        assert "House rule: it may also go in an empty Full House for 25." in text


def test_redundant_start_rule_warns_and_is_left_out(tmp_path) -> None:
    """c2406 already starts with one die: a warning line, and the sheet and its name are c2406's own."""
    result = run_cli(["rules", "--variant", "c2406", "--house-rule", "one-die-start"], tmp_path)
    assert result.exit_code == 0
    assert result.stdout == "output/rules-c2406.pdf\n"
    (warning,) = result.stderr.splitlines()
    assert warning.startswith("Warning: house rule one-die-start adds nothing to c2406")
    assert Rules(C2406, (HouseRule.ONE_DIE_START,)) == Rules(C2406)
    assert "No house rules" in page_text(Rules(C2406, (HouseRule.ONE_DIE_START,)))
