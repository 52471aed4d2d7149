"""The rule sheet and the blank score sheets through the cache: WeasyPrint loads only on a miss."""

from __future__ import annotations

from typing import Any

from sheetgen.files.cache import cached
from sheetgen.rules.variants import Rules


def rulesheet_pdf(rules: Rules, paper: str = "letter", **options: Any) -> bytes:
    """The rule sheet as `sheetgen.pdf.rulesheet.render_rulesheet` makes it, cached.

    `options` (title, ...) go to the renderer and into the key alike.
    """

    def render() -> bytes:
        from sheetgen.pdf.rulesheet import render_rulesheet

        return render_rulesheet(rules, paper, **options)

    return cached("rules", render, rules=rules, paper=paper, **options)


def scoresheet_pdf(rules: Rules, layout: str = "players", paper: str = "letter", **options: Any) -> bytes:
    """The blank score sheet as `sheetgen.pdf.scoresheet.render_scoresheet` makes it, cached.

    `options` (columns, names, fillable, ...) go to the renderer and into the key alike.
    """

    def render() -> bytes:
        from sheetgen.pdf.scoresheet import render_scoresheet

        return render_scoresheet(rules, layout, paper, **options)

    return cached("scoresheet", render, rules=rules, layout=layout, paper=paper, **options)
