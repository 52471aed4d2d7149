"""The browser test tools themselves: a real Chromium, the network guard, axe-core."""

from __future__ import annotations

from browsing import PHONE_WIDTH


def test_page_opens_from_disk_and_outside_requests_are_refused(browser_page, tmp_path):
    """A page from file:// loads; a request to the network is refused and logged."""
    page_file = tmp_path / "p.html"
    page_file.write_text(
        '<!doctype html><html lang="en"><title>t</title><main><h1>Hello</h1>'
        '<img alt="x" src="http://example.invalid/x.png"></main></html>'
    )
    browsing = browser_page(PHONE_WIDTH)
    browsing.page.goto(page_file.as_uri())
    assert browsing.page.inner_text("h1") == "Hello"
    assert browsing.outside_requests == ["http://example.invalid/x.png"]
    assert browsing.horizontal_overflow() == 0


def test_axe_reports_a_serious_violation(browser_page, tmp_path):
    """axe-core runs and finds an image without alt text (serious)."""
    page_file = tmp_path / "bad.html"
    page_file.write_text(
        '<!doctype html><html lang="en"><title>t</title><main><img src="data:,"></main></html>'
    )
    browsing = browser_page()
    browsing.page.goto(page_file.as_uri())
    assert "image-alt" in {v["id"] for v in browsing.axe_violations()}
