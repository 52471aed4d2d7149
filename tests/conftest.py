"""Shared test helpers: rasterizing PDF pages to look at them from tests; the run's own sheet cache."""

from __future__ import annotations

import pypdfium2
import pytest
from browsing import browser_page, chromium  # noqa: F401  (fixtures for the browser tests)
from PIL import Image

from sheetgen.files import cache

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


@pytest.fixture(autouse=True, scope="session")
def sheet_cache(tmp_path_factory):
    """A cache of rendered sheets for this test run (commands in subprocesses too), never the user's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(cache.DIR_ENV, str(tmp_path_factory.mktemp("sheet-cache")))
        patch.delenv(cache.OFF_ENV, raising=False)
        yield
