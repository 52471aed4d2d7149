"""Which characters of user text print as empty boxes, said as a warning.

A WeasyPrint sheet draws only with the bundled fonts (pdf/weasy.py gives it
no system font): a character its font lacks is drawn from another bundled
font that has it, else as an empty box. ReportLab (the fill) has no fallback.
So the warning names exactly the characters that print as boxes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont

from sheetgen.files.resources import FONTS_DIR

SHOWN = 5  # code points named in a warning before "and N more"


@cache
def _cmap(font_file: Path) -> frozenset[int]:
    with TTFont(font_file, lazy=True) as font:
        return frozenset(font.getBestCmap())


@cache
def _drawable(font_file: Path, fallback: bool) -> frozenset[int]:
    """The code points `font_file` draws, with the bundled fonts a WeasyPrint sheet falls back to."""
    fonts = sorted(FONTS_DIR.glob("*.ttf")) if fallback else []
    return _cmap(font_file).union(*map(_cmap, fonts))


def missing_glyphs(text: str, font_file: Path, fallback: bool = True) -> list[str]:
    """Characters of `text` (spaces aside) that print as empty boxes, each once.

    `fallback`: drawn by WeasyPrint, which takes a character `font_file`
    lacks from another bundled font; False for ReportLab, which does not.
    """
    drawable = _drawable(font_file, fallback)
    return [c for c in dict.fromkeys(text) if not c.isspace() and ord(c) not in drawable]


def glyph_warning(where: str, text: str, font_file: Path, fallback: bool = True) -> str | None:
    """One line naming where the text is and what will print as an empty box, or None."""
    missing = missing_glyphs(text, font_file, fallback)
    if not missing:
        return None
    shown = ", ".join(f"U+{ord(c):04X}" for c in missing[:SHOWN])
    more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
    return f"{where}: the sheet's font has no glyph for {shown}{more}; those characters print as empty boxes"


def undrawable(text: str, font_file: Path) -> list[str]:
    """Characters of `text`, spaces too, that `font_file` itself has no glyph for, each once."""
    cmap = _cmap(font_file)
    return [c for c in dict.fromkeys(text) if ord(c) not in cmap]
