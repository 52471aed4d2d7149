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
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

from sheetgen.errors import NameFitError
from sheetgen.files.resources import FONTS_DIR
from sheetgen.layout.geometry import Card, Rect, SheetGeometry
from sheetgen.rules.i18n import N_, _
from sheetgen.rules.text import NAME_EXCERPT, REPR, quote

NAME_FONT = FONTS_DIR / "DejaVuSansCondensed-Bold.ttf"  # "Sheet Condensed" bold
MAX_SIZE = 12.0
MIN_SIZE = 8.0  # the floor: smaller than this, a name is hard to read across the table
STEP = 0.5
LEADING = 1.15
PADDING = 2.5  # inside the cell, on every side
SLACK = 1.0  # kept free on each line, for renderers' rounding
BREAK = re.compile(r"(?<=-)|(?<= )")  # after a space or an existing hyphen
# Sizes the templates print at and this module measures with; scoresheet.css takes them as custom properties.
LINE_LABELS = {"title": N_("Title"), "date": N_("Date"), "game": N_("Game no."), "player": N_("Player")}
# Keyed by a geometry's style: its card, or "large" for large print.
LINE_LABEL_SIZE = {Card.FULL: 9.0, Card.HALF: 8.5, "large": 16.0}
LINE_VALUE_SIZE = 11.0  # a printed player name on the series card's player line
# scoresheet.css's `.line`: the rule under a line (its bottom border) and the padding the label sits on.
LINE_RULE = {Card.FULL: 0.8, Card.HALF: 0.8, "large": 1.5}  # large-print.css thickens it
LINE_PADDING = 2.0
KIND_SIZE = {Card.FULL: 10.0, Card.HALF: 8.0, "large": 16.0}  # the "SCORE SHEET" on the heading's right
# Large print: a name's size, at most and at least (a long name in one of four A4 columns needs 12 pt).
LARGE_NAME_SIZES = (20.0, 12.0)


@dataclass(frozen=True)
class Fitted:
    """One row's names: the one font size, and each name's lines at it."""

    size: float
    lines: tuple[tuple[str, ...], ...]

    @property
    def leading(self) -> float:
        return self.size * LEADING


@cache
def _font(font: Path) -> TTFont:
    return TTFont(font, lazy=True)


@cache
def _metrics(font: Path) -> tuple[dict[int, str], dict[str, tuple[int, int]], int]:
    loaded = _font(font)
    return loaded.getBestCmap(), dict(loaded["hmtx"].metrics), loaded["head"].unitsPerEm


@lru_cache(maxsize=1024)
def _ink(char: str, font: Path) -> tuple[int, int] | None:
    """The lowest and highest ink (yMin, yMax) of `char` in font units; None where the font lacks it.
    Read a glyph at a time: the whole glyf table would cost a tenth of a second a process."""
    glyph = _metrics(font)[0].get(ord(char))
    if glyph is None:
        return None
    outline = _font(font)["glyf"][glyph]
    return getattr(outline, "yMin", 0), getattr(outline, "yMax", 0)


def mark_rise(text: str, font: Path = NAME_FONT) -> float:
    """How far, in ems, to lower `text` so a mark over one of its letters (the ring of å, an accent on a
    capital) comes no higher than the tallest plain letter; 0 when none rises above them, or when a
    letter of it descends (the line under it has no room to give).
    """
    plain = max(_ink(c, font)[1] for c in string.ascii_letters)
    baseline = _ink("o", font)[0]  # a round letter's overshoot below the baseline
    glyphs = [ink for char in text if (ink := _ink(char, font)) is not None]
    if not glyphs or min(low for low, _high in glyphs) < baseline:
        return 0.0
    return max(0.0, (max(high for _low, high in glyphs) - plain) / _metrics(font)[2])


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
def wrap(
    text: str, size: float, width: float, font: Path = NAME_FONT, split_words: bool = False
) -> tuple[str, ...] | None:
    """Greedy lines of `text` in `font`, breaking at spaces and after hyphens: every text that must fit.

    A piece wider than `width` makes it None, or with `split_words` (titles
    and dates, which must print whole) is broken between characters.
    """
    lines: list[str] = []
    for piece in BREAK.split(" ".join(text.split())):
        if not piece:
            continue
        candidate = lines[-1] + piece if lines else piece
        if lines and text_width(candidate.rstrip(" "), size, font) <= width:
            lines[-1] = candidate
            continue
        if text_width(piece.rstrip(" "), size, font) > width:
            if not split_words:
                return None
            lines.extend(_split(piece, size, width, font))
            continue
        lines.append(piece)
    return tuple(line.rstrip(" ") for line in lines)


def _split(piece: str, size: float, width: float, font: Path) -> list[str]:
    """A word too wide for one line, broken between characters."""
    parts = [""]
    for char in piece:
        if parts[-1] and text_width((parts[-1] + char).rstrip(" "), size, font) > width:
            parts.append("")
        parts[-1] += char
    return parts


def inner(cell: Rect) -> Rect:
    """The part of a head cell a name may use."""
    return cell.inset(PADDING)


def fit_row(
    names: Sequence[str],
    cell: Rect,
    max_size: float = MAX_SIZE,
    place: str = "its column",
    min_size: float = MIN_SIZE,
) -> Fitted:
    """The largest size (down to `min_size`) at which every name fits a cell like `cell`.

    Raises NameFitError naming the first name that does not fit at `min_size`.
    A row is fitted once: checking a record and drawing it take the same fit.
    """
    return _fit_row(tuple(names), cell, max_size, place, min_size)


@lru_cache(maxsize=1024)
def _fit_row(names: tuple[str, ...], cell: Rect, max_size: float, place: str, min_size: float) -> Fitted:
    box = inner(cell)
    width = box.width - SLACK
    steps = round((max_size - min_size) / STEP)
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
        f"even at {min_size:g} pt; shorten it"
    )


def line_baseline(geometry: SheetGeometry, key: str) -> float:
    """Where a title, date, game or player line's label stands, so a value written after it stands level.

    The label sits on the line's padding above its rule at `line-height: 1`,
    so its baseline is the font's descent less half the space the line height
    takes from ascent plus descent (DejaVu: 0.154 em above the padding).
    """
    ascent, descent = _vertical(NAME_FONT)
    rise = (1.0 - ascent + descent) / 2 * LINE_LABEL_SIZE[geometry.style]
    return geometry.lines[key].y + LINE_RULE[geometry.style] + LINE_PADDING + rise


@cache
def _vertical(font: Path) -> tuple[float, float]:
    """The font's ascent and descent (positive), as shares of its em, as browsers lay a line with them."""
    loaded = TTFont(font, lazy=True)
    units = loaded["head"].unitsPerEm
    return loaded["hhea"].ascent / units, -loaded["hhea"].descent / units


def line_write_in(geometry: SheetGeometry, key: str) -> Rect:
    """The part of a title, date, game or player line after its printed label."""
    rect = geometry.lines[key]
    label_width = text_width(_(LINE_LABELS[key]), LINE_LABEL_SIZE[geometry.style]) + 4.0
    return Rect(rect.x + label_width, rect.y, rect.width - label_width, rect.height)
