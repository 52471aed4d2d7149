"""Real headless Chromium for the browser tests (Playwright driving Debian's chromium).

A test that needs the browser takes the `browser_page` fixture (in conftest.py). Where no
Chromium or no test tools (npm ci) can be found the test skips, unless
SHEETGEN_REQUIRE_BROWSER=1 (set by .ci/run), which turns the skip into a failure.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import ROOT, run_cli

NODE_MODULES = ROOT / "node_modules"
AXE_SCRIPT = NODE_MODULES / "axe-core" / "axe.min.js"
PDFJS_DIR = NODE_MODULES / "pdfjs-dist"

# Chromium's own background traffic is refused on this network; these flags keep it quiet.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PHONE_WIDTH = 390
DESKTOP_WIDTH = 1280


def missing(reason: str) -> None:
    """Skip locally, fail in CI: CI must always run the browser tests."""
    if os.environ.get("SHEETGEN_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required but {reason}")
    pytest.skip(reason)


def chromium_path() -> str | None:
    candidates = [os.environ.get("SHEETGEN_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")]
    candidates += [shutil.which("chromium-browser"), shutil.which("google-chrome")]
    return next((c for c in candidates if c and Path(c).exists()), None)


@dataclass
class Browsing:
    """A page plus every request it made that did not stay on disk."""

    page: object
    outside_requests: list[str] = field(default_factory=list)

    def axe_violations(self, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
        """Run axe-core on the page; the violations of the given impacts."""
        if not AXE_SCRIPT.exists():
            missing("axe-core is not installed (run npm ci)")
        self.page.add_script_tag(path=str(AXE_SCRIPT))
        result = self.page.evaluate("async () => await axe.run(document)")
        return [v for v in result["violations"] if v.get("impact") in impacts]

    def horizontal_overflow(self) -> int:
        """How many CSS pixels the page is wider than the viewport (0 when it fits)."""
        return self.page.evaluate(
            "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
            " - document.documentElement.clientWidth"
        )


# ---- the scorekeeper page, through its test contract


def open_page(browser_page, url: str, width: int = DESKTOP_WIDTH):
    browsing = browser_page(width)
    errors: list[str] = []
    browsing.page.on("pageerror", lambda error: errors.append(str(error)))
    browsing.page.goto(url)
    browsing.errors = errors
    return browsing


def export(page, tmp_path: Path) -> tuple[dict, Path]:
    with page.expect_download() as download:
        page.click('[data-action="export"]')
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return json.loads(path.read_text()), path


def score_json(path: Path) -> dict:
    """`sheetgen score --json` on a file, as a user would run it."""
    result = run_cli(["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def start(page, names: list[str]) -> None:
    while page.locator('input[data-input="player-name"]').count() < len(names):
        page.click('[data-action="add-player"]')
    while page.locator('input[data-input="player-name"]').count() > len(names):
        page.click("#names li:last-child button")
    for name_field, name in zip(page.locator('input[data-input="player-name"]').all(), names, strict=False):
        name_field.fill(name)
    page.click('[data-action="start"]')


def roll(page, dice: str, box: str) -> None:
    page.fill('input[data-input="dice"]', dice)
    page.click(f'[data-option="{box}"]')
