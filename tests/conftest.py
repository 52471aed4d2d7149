"""Fixtures and hooks only: the run's own sheet cache, WeasyPrint's warnings as failures, the one built
site, and real headless Chromium. Helpers live in helpers.py (and browsing.py for the browser)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from browsing import CHROMIUM_ARGS, DESKTOP_WIDTH, Browsing, chromium_path, missing
from helpers import WeasyPrintLog, folder_files, site_jobs

from sheetgen.files import cache


@pytest.fixture(autouse=True, scope="session")
def sheet_cache(tmp_path_factory):
    """A cache of rendered sheets for this test run (commands in subprocesses too), never the user's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(cache.DIR_ENV, str(tmp_path_factory.mktemp("sheet-cache")))
        patch.delenv(cache.OFF_ENV, raising=False)
        yield


@pytest.fixture(autouse=True)
def weasyprint_log() -> Iterator[WeasyPrintLog]:
    """Any warning WeasyPrint logs while a test renders in this process fails that test."""
    with WeasyPrintLog().installed() as log:
        yield log
    log.check()


@dataclass(frozen=True)
class Site:
    """The one site the tests build: where, from which jobs, what the build said, and what it wrote."""

    folder: Path
    jobs: list
    result: object  # the first build's BuildResult
    files: dict[str, bytes]
    seconds: float


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Site:
    """One build per run of every file a site test reads (see helpers.site_jobs); tests only read it,
    or rebuild it with the same jobs (which writes nothing). To change it, copy it first."""
    from sheetgen.build import build

    folder = tmp_path_factory.mktemp("site") / "site"
    jobs = site_jobs()
    log = WeasyPrintLog()
    start = time.monotonic()
    with log.installed():
        result = build(folder, jobs)
    log.check()
    return Site(folder, jobs, result, folder_files(folder), time.monotonic() - start)


@pytest.fixture(scope="session")
def chromium():
    executable = chromium_path()
    if executable is None:
        missing("no Chromium found (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium) -> Iterator[callable]:
    """Open pages at a width; requests to anything but file:// (and data:/blob:) are refused and logged."""
    contexts = []

    def open_page(width: int = DESKTOP_WIDTH, height: int = 900) -> Browsing:
        context = chromium.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
        contexts.append(context)
        page = context.new_page()
        browsing = Browsing(page)

        def guard(route):
            url = route.request.url
            if url.startswith(("file:", "data:", "blob:")):
                route.continue_()
            else:
                browsing.outside_requests.append(url)
                route.abort()

        context.route("**/*", guard)
        return browsing

    yield open_page
    for context in contexts:
        context.close()
