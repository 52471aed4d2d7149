"""Fixtures and hooks only: the run's own sheet cache, WeasyPrint's warnings as failures, the one built
site, real headless Chromium, and Okular in a virtual X display. Helpers live in helpers.py (and
browsing.py for the browser and Okular)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator

import pytest
from browsing import (
    CHROMIUM_ARGS,
    DESKTOP_WIDTH,
    OKULAR_SCREEN,
    OKULAR_TIMEOUT,
    Browsing,
    Okular,
    chromium_path,
    desktop_tools,
    missing,
)
from helpers import Site, WeasyPrintLog, folder_files, scorekeeper_urls, site_jobs

from sheetgen.files import cache
from sheetgen.rules.variants import OFFICIAL, HouseRule, Rules

pytest_plugins = ("pytester",)  # test_suite.py runs a planted test through this very conftest


@pytest.fixture(autouse=True, scope="session")
def sheet_cache(tmp_path_factory):
    """A cache of rendered sheets for this test run (commands in subprocesses too), never the user's.

    Under xdist the workers share one (the cache's writes are atomic), so a sheet one worker
    rendered is not rendered again by the other."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = shared / "sheet-cache"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(cache.DIR_ENV, str(folder))
        patch.delenv(cache.OFF_ENV, raising=False)
        yield


@pytest.fixture(autouse=True)
def weasyprint_log() -> Iterator[WeasyPrintLog]:
    """Any warning WeasyPrint logs while a test renders in this process fails that test."""
    with WeasyPrintLog().installed() as log:
        yield log
    log.check()


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Site:
    """One build per run of every file a site test reads (see helpers.site_jobs); tests only read it,
    or rebuild it with the same jobs (which writes nothing). To change it, copy it first.

    Its sheets render in the build's worker processes, whose WeasyPrint warnings this process cannot
    hear; every template they use is also rendered in-process by the sheet tests, which do hear them."""
    from sheetgen.build import build

    folder = tmp_path_factory.mktemp("site") / "site"
    jobs = site_jobs()
    start = time.monotonic()
    result = build(folder, jobs)
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


@pytest.fixture(scope="session")
def urls(tmp_path_factory) -> dict[str, str]:
    """The table tests' scorekeeper pages: the official rules, and the same with a series."""
    pages = {"official": Rules(OFFICIAL), "series": Rules(OFFICIAL, (HouseRule.SERIES,))}
    return scorekeeper_urls(tmp_path_factory.mktemp("table"), pages)


@pytest.fixture(scope="session")
def xvfb() -> Iterator[str]:
    """A virtual X display of its own (Xvfb picks a free number): the display's name."""
    desktop_tools()
    read, write = os.pipe()
    width, height = OKULAR_SCREEN
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as told:
        number = told.readline().strip()  # written once the server takes clients
    try:
        assert number, f"Xvfb started no display (exit code {server.poll()})"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=OKULAR_TIMEOUT)


@pytest.fixture
def okular(xvfb, tmp_path) -> Iterator[callable]:
    """Open a PDF (a path, which Okular saves over) in Okular on the virtual display; closed after."""
    opened: list[Okular] = []

    def open_pdf(path) -> Okular:
        viewer = Okular(xvfb, path, tmp_path / f"okular-home-{len(opened)}")
        opened.append(viewer)
        return viewer

    yield open_pdf
    for viewer in opened:
        viewer.close()
