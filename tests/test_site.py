"""The website's content: rules pages from the rulebook model, the guide's additions, CSS left unescaped."""

from __future__ import annotations

import html
import itertools
import re

import pytest

from sheetgen.rules.boxes import LOWER_BOXES
from sheetgen.rules.game import YAHTZEE_NOTICE
from sheetgen.rules.guide import PAGE_ORDER, SITE_NOTICE, difference, rules_page
from sheetgen.rules.rulebook import rule_sheet
from sheetgen.rules.variants import C2406, FREE_CHOICE, OFFICIAL, VARIANTS, HouseRule, Rules
from sheetgen.web.site import human_size, render_rules_page, stylesheet

SOME_RULES = [
    Rules(OFFICIAL),
    Rules(C2406, (HouseRule.SERIES,)),
    Rules(FREE_CHOICE, (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE, HouseRule.ONE_DIE_START)),
    Rules(OFFICIAL, (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE,), "our-house", "Yahtzee at our house"),
]
IDS = [rules.slug for rules in SOME_RULES]


def visible_text(page: str) -> str:
    """A page's words as a reader sees them: tags dropped, entities decoded, spaces collapsed."""
    body = page.split("<body", 1)[1]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("rules", SOME_RULES, ids=IDS)
def test_page_holds_every_sheet_section_word_for_word(rules: Rules) -> None:
    """The page's model reuses the rule sheet's sections as they are, so the two cannot disagree."""
    page = rules_page(rules)
    sheet = rule_sheet(rules)
    assert [section.key for section in page.sections] == list(PAGE_ORDER)
    by_key = {section.key: section for section in page.sections}
    for section in sheet.sections:
        assert by_key[section.key] == section


@pytest.mark.parametrize("rules", SOME_RULES, ids=IDS)
def test_rendered_page_prints_every_model_sentence(rules: Rules) -> None:
    """Every item of every section, the sheet's and the guide's, is on the rendered page."""
    text = visible_text(render_rules_page(rules))
    page = rules_page(rules)
    for section in page.sections:
        assert section.heading in text
        for block in section.blocks:
            for item in block.items:
                assert item.text in text, item.text
                assert item.lead in text
            for row in block.rows:
                assert row.label in text
                if block.kind == "table":
                    assert f"{row.needs} {row.scores}" in text
    assert page.difference in text
    assert SITE_NOTICE in text


def test_questions_and_glossary_follow_the_rules() -> None:
    """Answers change with the variant and house rules; box words come from the model's boxes."""

    def answers(rules: Rules) -> str:
        (block,) = next(s for s in rules_page(rules).sections if s.key == "questions").blocks
        return " ".join(item.text for item in block.items)

    assert "Joker rules decide its box" in answers(Rules(OFFICIAL))
    assert "any empty box you choose" in answers(Rules(FREE_CHOICE))
    assert "Not by itself" in answers(Rules(OFFICIAL))
    assert "by house rule" in answers(Rules(OFFICIAL, (HouseRule.FIVE_OF_A_KIND_FULL_HOUSE,)))
    series = answers(Rules(OFFICIAL, (HouseRule.SERIES,)))
    assert "games at most" not in answers(Rules(OFFICIAL)) and "games at most" in series
    (block,) = next(s for s in rules_page(Rules(OFFICIAL)).sections if s.key == "words").blocks
    terms = {item.lead: item.text for item in block.items}
    for box in LOWER_BOXES:
        assert box.needs.lower() in terms[box.label].lower()
    assert {"Keepers", "Joker", "Extra Yahtzee", "Yahtzee bonus", "Grand total"} <= set(terms)


def test_other_ways_list_what_is_not_in_effect() -> None:
    """Other ways to play: the other built-in variants and every house rule not already played."""
    rules = Rules(C2406, (HouseRule.SERIES,))
    section = next(s for s in rules_page(rules).sections if s.key == "other")
    leads = [item.lead for block in section.blocks for item in block.items]
    others = [f"{v.title}." for v in VARIANTS if v is not C2406]
    assert set(others) <= set(leads) and f"{C2406.title}." not in leads
    assert f"{HouseRule.SERIES.label.capitalize()}." not in leads
    assert f"{HouseRule.FIVE_DICE_START.label.capitalize()}." in leads
    assert f"{HouseRule.ONE_DIE_START.label.capitalize()}." not in leads  # C2406 starts that way already


def test_difference_is_one_line_from_the_model() -> None:
    """The index's one line: the variant's summary, a custom base named, house rules listed."""
    assert difference(Rules(C2406)) == C2406.summary
    custom = Rules(FREE_CHOICE, (HouseRule.SERIES,), "ours", "Ours")
    line = difference(custom)
    assert line.startswith(f"Based on {FREE_CHOICE.title}.") and FREE_CHOICE.summary in line
    assert HouseRule.SERIES.label in line and "\n" not in line


def test_css_is_inserted_unescaped() -> None:
    """The quotes of the font stack reach <style> as quotes: the bug that showed Times cannot return."""
    page = render_rules_page(Rules(OFFICIAL))
    style = page.split("<style>", 1)[1].split("</style>", 1)[0]
    assert '"Segoe UI"' in style and "&#34;" not in style and "&quot;" not in style
    assert "system-ui" in style and "prefers-color-scheme: dark" in style and "@media print" in style
    assert str(stylesheet("site/site.css")) in page


def test_page_is_self_contained() -> None:
    """Language set, viewport set, dice drawn inline, and every link relative: nothing from outside."""
    page = render_rules_page(Rules(OFFICIAL), ["rules-official.pdf", "rules-official-a4.pdf"])
    assert '<html lang="en">' in page and 'name="viewport"' in page
    assert page.count("<svg") >= 6 + 7 * 5  # the six faces and the lower table's rolls
    targets = re.findall(r'(?:href|src)="([^"]*)"', page)
    assert targets and not [t for t in targets if re.match(r"[a-z]+:|/", t)]
    assert {"rules-official.pdf", "rules-official-a4.pdf", "index.html#official"} <= set(targets)
    assert "scorekeeper-" not in page  # no scorekeeper page in the links: no link to one


def test_scorekeeper_link_when_built() -> None:
    """The rules page links its scorekeeper when the build writes one."""
    assert 'href="scorekeeper-official.html"' in render_rules_page(
        Rules(OFFICIAL), ["scorekeeper-official.html"]
    )


def test_notices_name_hasbro() -> None:
    """The sheet and site notices both say whose trademark it is and that we are not affiliated."""
    for notice in (YAHTZEE_NOTICE, SITE_NOTICE):
        assert "trademark of Hasbro" in notice and "not affiliated with Hasbro" in notice


@pytest.mark.parametrize(("size", "text"), [(512, "1 KB"), (48_400, "48 KB"), (1_250_000, "1.2 MB")])
def test_human_size(size: int, text: str) -> None:
    """Sizes read as a person expects them."""
    assert human_size(size) == text


def test_every_variant_and_house_rule_set_renders() -> None:
    """No combination breaks the page template (StrictUndefined catches a missing value)."""
    for variant, rule in itertools.product(VARIANTS, [(), (HouseRule.SERIES, HouseRule.FIVE_DICE_START)]):
        assert "</html>" in render_rules_page(Rules(variant, rule))
