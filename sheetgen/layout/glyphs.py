"""Which characters of user text a bundled font cannot draw, said as a warning."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont

SHOWN = 5  # code points named in a warning before "and N more"


@cache
def _cmap(font_file: Path) -> frozenset[int]:
    return frozenset(TTFont(font_file, lazy=True).getBestCmap())


def missing_glyphs(text: str, font_file: Path) -> list[str]:
    """Characters of `text` (spaces aside) the font has no glyph for, each once."""
    cmap = _cmap(font_file)
    return [c for c in dict.fromkeys(text) if not c.isspace() and ord(c) not in cmap]


def glyph_warning(where: str, text: str, font_file: Path) -> str | None:
    """One line naming where the text is and what will print as an empty box, or None."""
    missing = missing_glyphs(text, font_file)
    if not missing:
        return None
    shown = ", ".join(f"U+{ord(c):04X}" for c in missing[:SHOWN])
    more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
    return f"{where}: the sheet's font has no glyph for {shown}{more}; those characters print as empty boxes"
