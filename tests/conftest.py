"""Shared test helpers: rasterizing PDF pages to look at them from tests."""

from __future__ import annotations

import pypdfium2
import pytest
from PIL import Image


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
