"""The one Jinja environment for everything under templates/: the sheets and the web pages.

Autoescaped, so user text is only ever escaped; strict, so a value a template
misses is an error, not a blank. Imports Jinja but never WeasyPrint.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2

from sheetgen.files.resources import TEMPLATES_DIR
from sheetgen.rules import i18n


def _gettext(message: str) -> str:
    return i18n.active().gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return i18n.active().ngettext(singular, plural, n)


def _pgettext(context: str, message: str) -> str:
    return i18n.active().pgettext(context, message)


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
    return env


def render(template: str, **context: Any) -> str:
    """A template under templates/ rendered with `context`: the one place Jinja renders."""
    return environment().get_template(template).render(**context)
