"""The index's cards in Chromium: no card alone on a row, every paper previewed at about one scale."""

from __future__ import annotations

import pytest
from browsing import DESKTOP_WIDTH, PHONE_WIDTH

# Each section's cards: their boxes, and each preview's paper (rendered width and height).
CARDS = """() => [...document.querySelectorAll('ul.cards')].map(list => [...list.children].map(card => {
    const box = card.getBoundingClientRect();
    const image = card.querySelector('.preview img').getBoundingClientRect();
    return {top: Math.round(box.top), left: box.left, image: [image.width, image.height]};
}))"""


def rows(cards: list[dict]) -> list[int]:
    """How many cards share each row, top to bottom."""
    tops: dict[int, int] = {}
    for card in cards:
        tops[card["top"]] = tops.get(card["top"], 0) + 1
    return [tops[top] for top in sorted(tops)]


@pytest.mark.parametrize("width", [PHONE_WIDTH, 800, DESKTOP_WIDTH])
def test_no_card_sits_alone_on_a_row(site, browser_page, width):
    """A section's last row never holds one card while the others hold more."""
    page = browser_page(width).page
    page.goto((site.folder / "index.html").as_uri())
    sections = [cards for cards in page.evaluate(CARDS) if cards]  # some variants: a scorekeeper only
    assert sections
    for cards in sections:
        counts = rows(cards)
        assert not (len(counts) > 1 and counts[-1] == 1 and max(counts) > 1), (width, counts)


@pytest.mark.parametrize("width", [PHONE_WIDTH, DESKTOP_WIDTH])
def test_previews_show_every_paper_at_one_scale(site, browser_page, width):
    """A sideways sheet (the half cards) is as long as an upright one is high, not small in a tall frame."""
    page = browser_page(width).page
    page.goto((site.folder / "index.html").as_uri())
    previews = [card["image"] for cards in page.evaluate(CARDS) for card in cards]
    upright = [height for w, height in previews if height > w]
    sideways = [w for w, height in previews if w > height]
    assert upright and sideways
    assert max(upright) == pytest.approx(min(upright), rel=0.02)
    for side in sideways:
        assert 0.9 * max(upright) <= side <= 1.05 * max(upright)
