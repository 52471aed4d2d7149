"""What every PDF is stamped with: its author and its date (its language is the active one, rules.i18n).

fontTools stamps each font subset, and ReportLab each PDF, with
SOURCE_DATE_EPOCH, else the clock. So for the length of a render
(`source_date`) the variable holds the user's value, or sheetgen's fixed one,
and then goes back to what it was: the same input gives the same bytes whether
a sheet was rendered or came from the cache, and the host's environment (and
every process it starts later) never keeps sheetgen's value. Only a date the
user set is printed; it is read and checked when it is needed, not at import.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from sheetgen.errors import SheetgenError
from sheetgen.rules.text import REPR, quote

AUTHOR = "sheetgen"  # every PDF's author and creator
SHEETGEN_EPOCH = "1767225600"  # 2026-01-01, the date of a PDF when the user sets none
PINNED = "SHEETGEN_PINNED_EPOCH"  # set beside SOURCE_DATE_EPOCH when sheetgen chose it, not the user
MAX_EPOCH = 253402300799  # 9999-12-31 23:59:59 UTC: a PDF date has four digits for the year
# Held while sheetgen changes os.environ, and so for the whole of a render that needs it changed:
# renders in threads of one program take turns (WeasyPrint's font state is shared too).
ENVIRONMENT_LOCK = threading.RLock()
_WHOLE = re.compile(r"[0-9]{1,12}")


def checked_epoch(value: str) -> str:
    """`value` as a SOURCE_DATE_EPOCH sheetgen can stamp: whole seconds from 1970 to the year 9999.

    Anything else would end in a traceback inside fontTools or ReportLab, or
    print a date no PDF can hold, so it is refused in one line.
    """
    if _WHOLE.fullmatch(value) and int(value) <= MAX_EPOCH:
        return str(int(value))
    raise SheetgenError(
        f"SOURCE_DATE_EPOCH: {quote(value, quotes=REPR)} is not a whole number of seconds "
        f"since 1970 (0 to {MAX_EPOCH})"
    )


def user_date_epoch() -> str | None:
    """The user's SOURCE_DATE_EPOCH, checked, as it is now; None when unset or empty.

    sheetgen's own value, seen by a process started while a render had it set
    (marked by PINNED), is not the user's: such a process prints no date and
    keys the cache as its parent does.
    """
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if not value or os.environ.get(PINNED) == value:
        return None
    return checked_epoch(value)


@contextmanager
def environment(values: Mapping[str, str | None]) -> Iterator[None]:
    """os.environ with `values` (None: unset) while the block runs, then as it was; holds ENVIRONMENT_LOCK."""
    with ENVIRONMENT_LOCK:
        saved = {name: os.environ.get(name) for name in values}
        try:
            _put(values)
            yield
        finally:
            _put(saved)


def _put(values: Mapping[str, str | None]) -> None:
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@contextmanager
def source_date() -> Iterator[None]:
    """SOURCE_DATE_EPOCH for the libraries that read it, while the block (or decorated function) runs.

    The user's value, else sheetgen's marked as its own. A bad user value is a
    SheetgenError before anything is drawn.
    """
    with ENVIRONMENT_LOCK:
        epoch = user_date_epoch()
        ours = {"SOURCE_DATE_EPOCH": SHEETGEN_EPOCH, PINNED: SHEETGEN_EPOCH}
        with environment({"SOURCE_DATE_EPOCH": epoch} if epoch else ours):
            yield


def stamped_epoch() -> int:
    """The seconds a PDF drawn now is dated: the user's SOURCE_DATE_EPOCH, else sheetgen's fixed one."""
    return int(user_date_epoch() or SHEETGEN_EPOCH)
