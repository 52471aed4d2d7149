"""What every PDF is stamped with: its author and its date (its language is the active one, rules.i18n).

fontTools stamps each font subset, and ReportLab each PDF, with
SOURCE_DATE_EPOCH, else the clock. The renderers pin it (`pin_source_date`)
before they draw, so the same input gives the same bytes whether a sheet was
rendered or came from the cache. Only a date the user set is printed.
"""

from __future__ import annotations

import os

AUTHOR = "sheetgen"  # every PDF's author and creator
SHEETGEN_EPOCH = "1767225600"  # 2026-01-01, the date of a PDF when the user sets none
PINNED = "SHEETGEN_PINNED_EPOCH"  # set beside SOURCE_DATE_EPOCH when sheetgen chose it, not the user


def _users_epoch() -> str | None:
    """The user's SOURCE_DATE_EPOCH; sheetgen's own, inherited from a parent process, is not one."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    return None if value is not None and os.environ.get(PINNED) == value else value


USER_DATE_EPOCH = _users_epoch()


def pin_source_date() -> None:
    """SOURCE_DATE_EPOCH for the libraries that read it, unless the user set one.

    Marked as sheetgen's, so that a process started from this one (a build
    worker) still prints no date and keys the cache as this one does.
    """
    if "SOURCE_DATE_EPOCH" not in os.environ:
        os.environ["SOURCE_DATE_EPOCH"] = os.environ[PINNED] = SHEETGEN_EPOCH
