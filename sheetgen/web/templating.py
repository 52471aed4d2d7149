"""The one Jinja environment for everything under templates/: the sheets and the web pages.

Autoescaped, so user text is only ever escaped; strict, so a value a template
misses is an error, not a blank. Imports Jinja but never WeasyPrint.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2

from sheetgen.files.resources import TEMPLATES_DIR


@cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, **context: Any) -> str:
    """A template under templates/ rendered with `context`: the one place Jinja renders."""
    return environment().get_template(template).render(**context)
