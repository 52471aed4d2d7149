"""What every PDF is stamped with: its author and its date (its language is the active one, rules.i18n).

fontTools stamps each font subset, and ReportLab each PDF, with
SOURCE_DATE_EPOCH, else the clock. The renderers pin it (`pin_source_date`)
before they draw, so the same input gives the same bytes whether a sheet was
rendered or came from the cache. Only a date the user set is printed.
"""

from __future__ import annotations

import os

AUTHOR = "sheetgen"  # every PDF's author and creator
USER_DATE_EPOCH = os.environ.get("SOURCE_DATE_EPOCH")
SHEETGEN_EPOCH = "1767225600"  # 2026-01-01, the date of a PDF when the user sets none


def pin_source_date() -> None:
    """SOURCE_DATE_EPOCH for the libraries that read it, unless the user set one."""
    os.environ.setdefault("SOURCE_DATE_EPOCH", SHEETGEN_EPOCH)
