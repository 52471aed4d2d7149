"""Fitting names into head cells, the same way for the blank and the filled sheet.

Both paths draw a name as the lines this module breaks it into, at the one
size it chooses for the whole row, so WeasyPrint and ReportLab cannot break
or size a name differently. Names break only at spaces and after hyphens
already in them; a name that does not fit even at the smallest size is an
error naming it, never a clipped or overflowing head. Widths come from the
font file's advance widths (fontTools), as both renderers use them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

from sheetgen.errors import SheetgenError
from sheetgen.files.resources import TEMPLATES_DIR
from sheetgen.layout.geometry import Rect
from sheetgen.rules.text import NAME_EXCERPT, REPR, quote

NAME_FONT = TEMPLATES_DIR / "fonts" / "DejaVuSansCondensed-Bold.ttf"  # "Sheet Condensed" bold
MAX_SIZE = 12.0
MIN_SIZE = 8.0  # the floor: smaller than this, a name is hard to read across the table
STEP = 0.5
LEADING = 1.15
PADDING = 2.5  # inside the cell, on every side
SLACK = 1.0  # kept free on each line, for renderers' rounding
BREAK = re.compile(r"(?<=-)|(?<= )")  # after a space or an existing hyphen


class NameFitError(SheetgenError):
    """A name that cannot fit its head even at the smallest size, wrapped."""


@dataclass(frozen=True)
class Fitted:
    """One row's names: the one font size, and each name's lines at it."""

    size: float
    lines: tuple[tuple[str, ...], ...]

    @property
    def leading(self) -> float:
        return self.size * LEADING


@cache
def _metrics(font: Path) -> tuple[dict[int, str], dict[str, tuple[int, int]], int]:
    loaded = TTFont(font, lazy=True)
    return loaded.getBestCmap(), dict(loaded["hmtx"].metrics), loaded["head"].unitsPerEm


def text_width(text: str, size: float, font: Path = NAME_FONT) -> float:
    """The width of `text` in `font`; a glyph it lacks, or a wide one, counts a full em."""
    cmap, metrics, units = _metrics(font)
    total = 0.0
    for char in text:
        glyph = cmap.get(ord(char))
        if glyph is None or unicodedata.east_asian_width(char) in "WF":
            total += units
        else:
            total += metrics[glyph][0]
    return total * size / units


@lru_cache(maxsize=4096)
def wrap(text: str, size: float, width: float) -> tuple[str, ...] | None:
    """Greedy lines breaking only at spaces and after hyphens; None if a piece is too wide."""
    lines: list[str] = []
    for piece in BREAK.split(" ".join(text.split())):
        if not piece:
            continue
        candidate = lines[-1] + piece if lines else piece
        if lines and text_width(candidate.rstrip(" "), size) <= width:
            lines[-1] = candidate
            continue
        if text_width(piece.rstrip(" "), size) > width:
            return None
        lines.append(piece)
    return tuple(line.rstrip(" ") for line in lines)


def inner(cell: Rect) -> Rect:
    """The part of a head cell a name may use."""
    return cell.inset(PADDING)


def fit_row(
    names: Sequence[str], cell: Rect, max_size: float = MAX_SIZE, place: str = "its column"
) -> Fitted:
    """The largest size (down to MIN_SIZE) at which every name fits a cell like `cell`.

    Raises NameFitError naming the first name that does not fit at MIN_SIZE.
    """
    box = inner(cell)
    width = box.width - SLACK
    steps = round((max_size - MIN_SIZE) / STEP)
    failing = ""
    for size in (max_size - n * STEP for n in range(steps + 1)):
        wrapped = [wrap(name, size, width) for name in names]
        failing = next(
            (
                n
                for n, w in zip(names, wrapped, strict=True)
                if w is None or len(w) * size * LEADING > box.height
            ),
            None,
        )
        if failing is None:
            return Fitted(size, tuple(w or () for w in wrapped))
    raise NameFitError(
        f"the name {quote(failing, NAME_EXCERPT, REPR)} does not fit {place} "
        f"even at {MIN_SIZE:g} pt; shorten it"
    )
