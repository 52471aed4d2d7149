"""The built site as an offline web app (issue 19, item 7): `sheetgen build` writes a web app manifest,
its icon and a service worker; served over http, one visit keeps the site, so the scorekeeper and the
rules pages open with the network off (real headless Chromium, the server stopped); from disk the
pages work as before, with no worker and no error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from browsing import DESKTOP_WIDTH, PHONE_WIDTH, serving, start

from sheetgen.build import app_job, build, plan
from sheetgen.web.app import APP_FILES, ICON, SERVICE_WORKER, WEB_MANIFEST, app_version

KEEPER = "scorekeeper-official.html"
RULES_PAGE = "rules-official.html"
RULE_SHEET = "rules-official.pdf"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The official variant's pages and its Letter rule sheet, with the app made for exactly those."""
    folder = tmp_path_factory.mktemp("app-site")
    jobs = [
        job
        for job in plan(["official"])
        if job.kind in ("page", "scorekeeper")
        or (job.kind == "rules" and job.paper == "letter" and job.print_size == "standard")
    ]
    build(folder, [*jobs, app_job(jobs)])
    return folder


@pytest.fixture
def server(site):
    """The site on localhost over http; the test may stop it to take the network away."""
    with serving(site) as served:
        yield served


def controlled(page, url: str) -> None:
    """Open `url` and wait until its folder's worker is active and controls the page."""
    page.goto(url)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_build_writes_the_app_files_and_reuses_them(site, tmp_path):
    """The manifest names the app, its icon, start page and theme; the worker keeps the site's own files;
    the index lists documents, never the app's machinery; a rebuild writes nothing."""
    manifest = json.loads((site / WEB_MANIFEST).read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "index.html"
    assert manifest["name"] and manifest["theme_color"].startswith("#")
    assert manifest["background_color"].startswith("#")
    assert [i["src"] for i in manifest["icons"]] == [ICON]
    assert (site / ICON).read_text().startswith("<svg")
    worker = (site / SERVICE_WORKER).read_text()
    pages = json.loads(worker.split("const PAGES = ", 1)[1].split(";\n", 1)[0])
    downloads = json.loads(worker.split("const DOWNLOADS = ", 1)[1].split(";\n", 1)[0])
    assert {KEEPER, RULES_PAGE, "index.html", "thumbs/rules-official.png", WEB_MANIFEST, ICON} <= set(pages)
    assert downloads == [RULE_SHEET]
    assert all((site / name).is_file() for name in [*pages, *downloads] if name != "./")
    index = (site / "index.html").read_text()
    assert index.count(WEB_MANIFEST) == 1 and '<link rel="manifest" href="manifest.webmanifest">' in index
    assert ICON not in index and f'href="{SERVICE_WORKER}"' not in index
    jobs = [j for j in plan(["official"]) if j.kind in ("page", "scorekeeper")]
    assert build(tmp_path, [*jobs, app_job(jobs)]).written == [j.outputs[0] for j in jobs] + list(APP_FILES)
    assert build(tmp_path, [*jobs, app_job(jobs)]).written == []


def test_plan_ends_with_the_app_for_every_file():
    """The full plan's app keeps every file the plan makes, PDFs and their previews too."""
    jobs = plan()
    app = jobs[-1]
    assert app.kind == "app" and app.outputs == APP_FILES
    assert set(app.links) == {name for job in jobs[:-1] for name in job.files}


def test_the_copys_name_follows_the_kept_files_names_and_bytes():
    """The cache is named by each kept file's name and bytes, in any order, and the language's own
    manifest: another file, byte or language is another name."""
    kept = {"rules-official.html": "1" * 64, "rules-official.pdf": "2" * 64}
    name = app_version(kept)
    assert app_version(dict(reversed(kept.items()))) == name
    others = [
        app_version({**kept, "rules-official.pdf": "3" * 64}),
        app_version({**kept, "thumbs/rules-official.png": "4" * 64}),
        app_version({"rules-c2406.html": "1" * 64, "rules-official.pdf": "2" * 64}),
        app_version(kept, "fr"),
    ]
    assert len({name, *others}) == len(others) + 1


@pytest.mark.parametrize("width", [PHONE_WIDTH, DESKTOP_WIDTH])
def test_after_one_visit_the_site_opens_offline(chromium, server, width):
    """Visit once over http, wait for the worker to control the page, then take the network away
    (offline, and the server stopped): index, scorekeeper, rules page and the rule sheet still open."""
    url, stop = server
    context = chromium.new_context(viewport={"width": width, "height": 900}, service_workers="allow")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        controlled(page, url + "index.html")
        context.set_offline(True)
        stop()
        page.reload()
        assert page.locator("h1").count() == 1
        page.goto(url + KEEPER)
        start(page, ["Ann"])
        page.fill('input[data-input="dice"]', "44442")
        page.click('[data-option="fours"]')
        assert page.inner_text('[data-player="1"][data-total="grand_total"]') == "16"
        assert page.inner_text("[data-current-player]") == "Ann"
        page.goto(url + RULES_PAGE)
        assert "Yahtzee" in page.inner_text("h1")
        assert page.locator('a[href="rules-official.pdf"]').count() >= 1
        status = page.evaluate(f"async () => (await fetch({RULE_SHEET!r})).status")
        assert status == 200
        assert errors == []
    finally:
        context.close()


def test_two_sites_on_one_origin_keep_their_own_copies(chromium, site, tmp_path):
    """Two builds served as /a/ and /b/ of one origin, as a static host serves project sites: visiting
    /b/ leaves /a/'s copy alone, so after the network goes both open offline, each from its own cache."""
    shutil.copytree(site, tmp_path / "a")
    pages = [job for job in plan(["official"]) if job.kind in ("page", "scorekeeper")]
    build(tmp_path / "b", [*pages, app_job(pages)])  # another site: its own files, its own version
    context = chromium.new_context(service_workers="allow")
    errors: list[str] = []
    try:
        with serving(tmp_path) as (url, stop):
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            controlled(page, url + "a/index.html")
            controlled(page, url + "b/index.html")
            names = page.evaluate("async () => await caches.keys()")
            assert sorted(names) == sorted(
                [f"sheetgen-{url}a/ {version(tmp_path / 'a')}", f"sheetgen-{url}b/ {version(tmp_path / 'b')}"]
            )
            context.set_offline(True)
            stop()
        for folder, title in (("a", "h1"), ("b", "h1")):
            page.goto(url + f"{folder}/index.html")
            assert page.locator(title).count() == 1
        page.goto(url + f"a/{RULES_PAGE}")
        assert "Yahtzee" in page.inner_text("h1")
        status = page.evaluate(f"async () => (await fetch({RULE_SHEET!r})).status")
        assert status == 200 and errors == []
    finally:
        context.close()


def version(folder: Path) -> str:
    """The version a built worker names its copy by."""
    worker = (folder / SERVICE_WORKER).read_text()
    return json.loads(worker.split("const VERSION = ", 1)[1].split(";\n", 1)[0])


@pytest.mark.parametrize("name", ["index.html", KEEPER, RULES_PAGE])
def test_from_disk_the_pages_work_without_the_worker(browser_page, site, name):
    """Opened from file://: no worker registers, no request leaves the folder, no error, no console error."""
    browsing = browser_page(PHONE_WIDTH)
    page = browsing.page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto((site / name).as_uri())
    page.wait_for_load_state("load")
    assert page.evaluate("() => navigator.serviceWorker ? navigator.serviceWorker.controller : null") is None
    assert browsing.outside_requests == [] and errors == []
    if name == KEEPER:
        start(page, ["Ann", "Bob"])
        assert page.inner_text("[data-current-player]") == "Ann"
