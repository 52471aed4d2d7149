"""The fillable sheet's field contract, shared by the form that is written and the reader.

Field names themselves come from the template (`pN.` or `gN.` plus a box or
row slug); these are the few names and limits both sides must agree on.
"""

from __future__ import annotations

SHEET_KEY = "/SheetgenSheet"  # in the document information: what the sheet was made for, as JSON
TICKS = "yahtzee_bonus_ticks"  # the count of extra Yahtzees: a number, or that many tick marks
TICK_MARKS = "xX/\u2713\u2714"  # x, /, a tick (and their look-alikes) count one each
SERIES_TOTAL = "series_total"
LINE_FIELDS = ("title", "date", "game", "player")
MAX_BOX_DIGITS = 4
MAX_TICKS_LENGTH = 12
