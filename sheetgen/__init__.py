"""sheetgen: printable rule sheets, score sheets and game records for Yahtzee.

The public library is the names below; each loads its module on first use,
so `import sheetgen` (and `sheetgen score`) stays free of WeasyPrint, Jinja
and pypdf. Each checks its arguments as the command line checks its
options: a bad one is a SheetgenError with a one-line message, a text where
a list is expected is one item, and a path may be a str or a Path. The
library keeps no state between calls and configures nothing global. See the
README's "Library" section for an example.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.layout.geometry import Paper
    from sheetgen.rules.variants import Rules

__version__ = "0.1.0"

_PUBLIC = {
    "Rules": "sheetgen.rules.variants",
    "find_variant": "sheetgen.rules.variants",
    "VARIANTS": "sheetgen.rules.variants",
    "HouseRule": "sheetgen.rules.variants",
    "Record": "sheetgen.rules.records",
    "parse_record": "sheetgen.rules.records",
    "Paper": "sheetgen.layout.geometry",
    "Layout": "sheetgen.layout.geometry",
    "Card": "sheetgen.layout.geometry",
    "SheetgenError": "sheetgen.errors",
    "load_rules": "sheetgen.files.variants",
    "load_record": "sheetgen.files.records",
    "load_any_record": "sheetgen.forms.reader",
    "render_scoresheet": "sheetgen.pdf.scoresheet",
    "fill_pdf": "sheetgen.pdf.fill",
}
__all__ = ["__version__", *_PUBLIC, "render_rulesheet"]


def render_rulesheet(rules: Rules, paper: Paper | str = "letter", *, title: str | None = None) -> bytes:
    """The one-page rule sheet as PDF bytes (`sheetgen.pdf.rulesheet`), `title` checked as --title is."""
    from sheetgen.pdf.rulesheet import render_rulesheet as render
    from sheetgen.rules.arguments import check_rules, check_title

    return render(check_rules(rules), paper, title=check_title(title))


def __getattr__(name: str) -> object:
    if name not in _PUBLIC:
        raise AttributeError(f"module 'sheetgen' has no attribute {name!r}")
    return getattr(importlib.import_module(_PUBLIC[name]), name)
