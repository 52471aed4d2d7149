"""Every sheet's footer as two columns of set lines: the edition on the left, the notice on the right.

The lines are broken here, from the font's advance widths, and printed
unbroken (no wrapping, no hyphenation), so the two columns cannot run into
each other or read as one sentence, and a phrase such as "Keine Hausregeln"
never breaks. The edition breaks only between its parts (" · ") and between
house rules ("; ") or after a comma; the notice only between its sentences. A house-rule list
that would take more lines than the footer has gives way to its short form.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.files.resources import FONTS_DIR
from sheetgen.layout.fitting import text_width, wrap

FOOTER_FONT = FONTS_DIR / "DejaVuSansCondensed.ttf"  # "Sheet Condensed", as footers print
GUTTER = 12.0  # points between the two columns
NOTICE_SHARE = 0.55  # the notice keeps to one line only if it takes at most this share of the width
SLACK = 2.0  # points kept free on each line, for the renderers' rounding
PARTS = " · "
SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Footer:
    """The footer's two columns: each one's lines and width, in points."""

    left: tuple[str, ...]
    right: tuple[str, ...]
    left_width: float
    right_width: float

    @property
    def lines(self) -> int:
        return max(len(self.left), len(self.right))


def _pack(pieces: Sequence[tuple[str, str]], width: float, size: float) -> tuple[list[str], bool]:
    """Greedy lines of (text, separator-before-it) pieces, and whether a piece too wide for a line
    had to break at its spaces."""
    lines: list[str] = []
    broken = False
    for text, separator in pieces:
        joined = lines[-1] + separator + text if lines else text
        if lines and text_width(joined, size, FOOTER_FONT) <= width:
            lines[-1] = joined
        elif text_width(text, size, FOOTER_FONT) <= width:
            lines.append(text)
        else:
            lines.extend(wrap(text, size, width, FOOTER_FONT, split_words=True) or (text,))
            broken = True
    return lines, broken


def _pieces(parts: Sequence[str]) -> list[tuple[str, str]]:
    """The edition's parts, each cut after its semicolons (between house rules) and its commas (a custom
    variant's title before its base's), so a line breaks there before it breaks between words."""
    pieces: list[tuple[str, str]] = []
    for number, part in enumerate(parts):
        clauses = re.split(r"(?<=[;,]) ", part)
        for index, clause in enumerate(clauses):
            pieces.append((clause, (PARTS if number else "") if index == 0 else " "))
    return pieces


def set_footer(
    parts: Sequence[str],
    short_parts: Sequence[str],
    notice: str,
    width: float,
    size: float,
    max_lines: int,
) -> Footer:
    """The footer of a sheet `width` points wide at `size` points, in at most `max_lines` lines if it can be.

    `parts` are the left column's phrases (a page number, the edition, the
    house rules); `short_parts` the same with the house rules in a few
    words, used when `parts` would need more than `max_lines` lines. With no
    notice (a game nobody's trademark), the left column has the whole width.
    """
    if not notice:
        left, _broken = _left_lines(parts, short_parts, width, size, max_lines)
        return Footer(tuple(left), (), round(width, 2), 0.0)
    one_line = text_width(notice, size, FOOTER_FONT) + SLACK
    sentences = SENTENCE.split(notice)
    widest = max(text_width(s, size, FOOTER_FONT) for s in sentences) + SLACK
    # The notice on one line if it takes at most NOTICE_SHARE and leaves the edition whole; else a
    # sentence to a line, which gives the edition more room.
    choices = [(one_line, [notice])] if one_line <= width * NOTICE_SHARE else []
    choices.append((widest, _pack([(s, " ") for s in sentences], widest, size)[0]))
    for notice_width, right in choices:  # noqa: B007 - the last tried is the one returned
        left_width = round(width - notice_width - GUTTER, 2)
        left, broken = _left_lines(parts, short_parts, left_width, size, max_lines)
        if not broken:
            break
    return Footer(tuple(left), tuple(right), left_width, round(notice_width, 2))


def _left_lines(
    parts: Sequence[str], short_parts: Sequence[str], width: float, size: float, max_lines: int
) -> tuple[list[str], bool]:
    """The left column's lines in `width`: the short parts when the whole ones take too many lines."""
    left, broken = _pack(_pieces(parts), width - SLACK, size)
    if len(left) > max_lines:
        left, broken = _pack(_pieces(short_parts), width - SLACK, size)
    return left, broken
