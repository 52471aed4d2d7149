"""The one-page rule sheet as PDF: the rulebook's prose laid out by templates/rules/."""

from __future__ import annotations

from sheetgen.html import render_pdf
from sheetgen.rulebook import rule_sheet
from sheetgen.variants import Rules

TEMPLATE = "rules/rules.html"
STYLESHEETS = ["rules/rules.css"]


def render_rulesheet(rules: Rules, paper: str = "letter") -> bytes:
    """The rule sheet for `rules` on `paper` ("letter" or "a4"), as PDF bytes."""
    return render_pdf(TEMPLATE, STYLESHEETS, paper, sheet=rule_sheet(rules))
