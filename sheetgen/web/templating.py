"""The one Jinja environment for everything under templates/: the sheets and the web pages.

Autoescaped, so user text is only ever escaped; strict, so a value a template
misses is an error, not a blank. Imports Jinja but never WeasyPrint.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import jinja2
from markupsafe import Markup, escape

from sheetgen.files.resources import TEMPLATES_DIR
from sheetgen.rules import i18n


def _gettext(message: str) -> str:
    return i18n.active().gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return i18n.active().ngettext(singular, plural, n)


def _pgettext(context: str, message: str) -> str:
    return i18n.active().pgettext(context, message)


FIGURES = re.compile(r"\d")  # a number (1.575, 1 575), a dice sequence (2-3-4-5-6), a score
NAMES = re.compile(r"Yahtzee", re.IGNORECASE)  # the game's name: never broken into syllables


def whole(text: str, tail: bool = False) -> Markup:
    """`text` escaped, each word a typesetter keeps whole in a span: one with a figure in it
    ("figures": never broken at all, nor at its hyphens) and one with the game's name ("whole":
    never hyphenated, still breakable after a hyphen of its own, Yahtzee-/Bonus). With `tail`, the
    last two words are joined by a no-break space and never hyphenated, so a paragraph's last line
    holds more than one short word or the tail of one."""
    words = []
    for word in text.split(" "):
        kind = "figures" if FIGURES.search(word) else "whole" if NAMES.search(word) else None
        words.append(Markup('<span class="{}">{}</span>').format(kind, word) if kind else escape(word))
    if tail and len(words) > 1:
        words[-2:] = [Markup('<span class="whole">{}</span>').format(Markup("&nbsp;").join(words[-2:]))]
    return Markup(" ").join(words)


@cache
def environment() -> jinja2.Environment:
    """The environment, with `_()`, `ngettext()` and `pgettext()` answered by the active language."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        _gettext, _ngettext, newstyle=True, pgettext=_pgettext
    )
    env.globals["number"] = i18n.number
    env.globals["current_lang"] = i18n.lang
    env.globals["whole"] = whole
    return env


def render(template: str, **context: Any) -> str:
    """A template under templates/ rendered with `context`: the one place Jinja renders."""
    return environment().get_template(template).render(**context)
