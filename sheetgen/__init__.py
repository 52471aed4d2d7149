"""sheetgen: printable rule sheets, score sheets and game records for Yahtzee.

The public library is the names below; each loads its module on first use,
so `import sheetgen` (and `sheetgen score`) stays free of WeasyPrint, Jinja
and pypdf. See the README's "Library" section for an example.
"""

from __future__ import annotations

import importlib

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
    "render_rulesheet": "sheetgen.pdf.rulesheet",
    "render_scoresheet": "sheetgen.pdf.scoresheet",
    "fill_pdf": "sheetgen.pdf.fill",
}
__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str) -> object:
    if name not in _PUBLIC:
        raise AttributeError(f"module 'sheetgen' has no attribute {name!r}")
    return getattr(importlib.import_module(_PUBLIC[name]), name)
