"""The library's argument checks: what a program hands a public function, checked as the CLI checks it.

A wrong argument (None, a number out of range, a name with a control
character) is a SheetgenError with one line naming the argument, never an
AttributeError or IndexError from deep inside. A text where a list is
expected is one item of it (`["series"]`, not the letters of "series").
The command line calls the same checks for its options.
"""

from __future__ import annotations

from typing import TypeVar

from sheetgen.errors import SheetgenError
from sheetgen.rules.records import MAX_NAME_LENGTH, MAX_PLAYERS, check_text
from sheetgen.rules.text import type_name
from sheetgen.rules.variants import MAX_VARIANT_TITLE, Rules

MAX_TITLE_OPTION = MAX_VARIANT_TITLE  # a title given to a renderer or as --title, as a variant file's
Item = TypeVar("Item")


def items(value: object, where: str, kind: type[Item] | tuple[type, ...] = str) -> tuple[Item, ...]:
    """`value` as a tuple: a list or tuple of `kind`, or one `kind` (a text is one item, not letters)."""
    if isinstance(value, kind):
        return (value,)  # type: ignore[return-value]
    if not isinstance(value, list | tuple):
        raise SheetgenError(f"{where}: expected a list, found {type_name(value)}")
    for item in value:
        if not isinstance(item, kind):
            found = type_name(item)
            raise SheetgenError(f"{where}: expected a list of {_kind_name(kind)}, found {found} in it")
    return tuple(value)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join("texts" if k is str else k.__name__ for k in kinds)


def check_rules(value: object, where: str = "rules") -> Rules:
    """The rules a sheet is made for: a `Rules` (from `sheetgen.load_rules`), nothing else."""
    if not isinstance(value, Rules):
        raise SheetgenError(f"{where}: expected Rules (see sheetgen.load_rules), found {type_name(value)}")
    return value


def check_title(title: object, where: str = "title") -> str | None:
    """A sheet's own title, or None for the variant's: printable text of at most MAX_TITLE_OPTION."""
    if title is None:
        return None
    text = title.strip() if isinstance(title, str) else title
    return check_text(where, text, "the title", MAX_TITLE_OPTION)


def check_names(names: object, where: str = "names", blank: bool = False) -> list[str]:
    """Players' names for a sheet's heads: at most MAX_PLAYERS, each printable, trimmed and NFC.

    With `blank`, an empty name leaves its head empty (for a name written or printed there later).
    """
    listed = items(names, where)
    if len(listed) > MAX_PLAYERS:
        raise SheetgenError(f"{where} gives {len(listed)} names; a sheet takes at most {MAX_PLAYERS}")
    return [
        name if blank and name == "" else check_text(where, name.strip(), "a name", MAX_NAME_LENGTH)
        for name in listed
    ]


def check_count(value: object, where: str, low: int, high: int) -> int:
    """A whole number from `low` to `high` (True and 2.0 are not counts)."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        shown = value if isinstance(value, int) else type_name(value)
        raise SheetgenError(f"{where}: expected a whole number from {low} to {high}, found {shown}")
    return value
