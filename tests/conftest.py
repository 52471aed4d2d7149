"""Shared test helpers: rasterizing PDF pages to look at them from tests."""

from __future__ import annotations

import pypdfium2
import pytest
from browsing import browser_page, chromium  # noqa: F401  (fixtures for the browser tests)
from PIL import Image

# The scoring guide's worked card (RULES.md): 69 + 35 upper, 191 lower, with one bonus 395.
WORKED_CARD = {
    "aces": 2, "twos": 8, "threes": 9, "fours": 12, "fives": 20, "sixes": 18, "three_of_a_kind": 24,
    "four_of_a_kind": 0, "full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 50,
    "chance": 22,
}  # fmt: skip


def rasterize(pdf: bytes, page: int = 0, dpi: int = 72) -> Image.Image:
    """One page as a greyscale image, 1 pixel per point at 72 dpi."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[page].render(scale=dpi / 72, grayscale=True)
        return bitmap.to_pil().convert("L")
    finally:
        document.close()


@pytest.fixture
def raster():
    return rasterize
