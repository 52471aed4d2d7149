"""Translation in the model, without catalogs: the words are marked here, looked up where rendered.

Every sentence the model prints goes through `_` (or `ngettext`) with named
placeholders, so `pybabel extract` finds it and a translator can reorder the
parts. Which language answers is the active `Translator`: English, the
message ids themselves, unless a caller (the files layer reads the catalogs)
activates another with `using`. Labels stored in module-level tables are
marked with `N_` and translated when a property reads them.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Translator(Protocol):
    """A language: its messages, and how it writes numbers and dates."""

    lang: str

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def number(self, n: int) -> str: ...

    def date(self, iso: str) -> str: ...

    def decimal(self, value: float, places: int) -> str: ...


class English:
    """The message ids as they stand: the language the model is written in."""

    lang = "en"

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def number(self, n: int) -> str:
        return f"{n:,}"

    def date(self, iso: str) -> str:
        return iso

    def decimal(self, value: float, places: int) -> str:
        return f"{value:,.{places}f}"


ENGLISH = English()
_active: contextvars.ContextVar[Translator] = contextvars.ContextVar("sheetgen_translator", default=ENGLISH)


def active() -> Translator:
    return _active.get()


@contextmanager
def using(translator: Translator) -> Iterator[Translator]:
    """Make `translator` answer every `_` in this context (thread, task) until the block ends."""
    token = _active.set(translator)
    try:
        yield translator
    finally:
        _active.reset(token)


def _(message: str, **values: object) -> str:
    """`message` in the active language, its `%(name)s` placeholders filled from `values`."""
    text = _active.get().gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    """The singular or plural form for `n` (the language's own plural rule); `n` is also `%(n)s`."""
    text = _active.get().ngettext(singular, plural, n)
    return text % {"n": n, **values}


def N_(message: str) -> str:
    """Mark `message` for extraction only; it is translated where it is read."""
    return message


# `_`'s %(name)s (with its conversion: %(n)d is another), and messages.py's {name}
PLACEHOLDERS = re.compile(r"%\(\w+\)[#0 +-]*\d*(?:\.\d+)?[a-zA-Z]?|\{\w+\}")


def placeholders(text: str) -> frozenset[str]:
    """The named placeholders in `text` as written (`%(name)s`, `{name}`)."""
    return frozenset(PLACEHOLDERS.findall(text))


class _AnyValues(dict):
    """Every name has a value, one that both %s and %d take."""

    def __missing__(self, key: str) -> int:
        return 1


def formats(text: str) -> bool:
    """Whether `text % values` works: no stray `%` (Jinja's `_()` formats every message, even one
    without placeholders)."""
    try:
        text % _AnyValues()
    except (ValueError, TypeError):
        return False
    return True


def number(n: int) -> str:
    """`n` with the active language's digit grouping: 1,575 · 1 575 · 1.575."""
    return _active.get().number(n)


def decimal(value: float, places: int) -> str:
    """`value` to `places` decimals, with the active language's separators: 1.2 · 1,2."""
    return _active.get().decimal(value, places)


def lang() -> str:
    """The active language's tag, as `<html lang>` and PDF /Lang want it."""
    return _active.get().lang
