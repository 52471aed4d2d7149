"""Real headless Chromium for the browser tests (Playwright driving Debian's chromium), and Okular,
a desktop viewer, in a virtual X display (Xvfb) typed into by xdotool.

A test that needs the browser takes the `browser_page` fixture, one that needs Okular the `okular`
fixture (in conftest.py). Where no Chromium, Okular, Xvfb, xdotool or test tools (npm ci) can be
found the test skips, unless SHEETGEN_REQUIRE_BROWSER=1 (set by .ci/run), which turns the skip into
a failure.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from helpers import ROOT, field_rectangles, run_cli

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


class Quiet(SimpleHTTPRequestHandler):
    """Serves without logging; notes each path asked for on its server's `asked` list."""

    def log_request(self, code="-", size="-"):
        self.server.asked.append(self.path)

    def log_message(self, format, *args):
        pass


@contextmanager
def serving(folder: Path, asked: list[str] | None = None) -> Iterator[tuple[str, Callable[[], None]]]:
    """`folder` on localhost over http, in a thread: its URL, and a stop that takes the network away.
    The paths the server was asked for go on `asked`, favicon requests a page's own events miss too."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    httpd.asked = [] if asked is None else asked
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    stopped = []

    def stop() -> None:
        if not stopped:
            httpd.shutdown()
            httpd.server_close()
            stopped.append(True)

    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/", stop
    finally:
        stop()


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


# Resolves once the page's write after its next frame has run (or after 150 ms, for a page that draws none).
SAVED = (
    "() => new Promise(done => { requestAnimationFrame(() => setTimeout(done, 0)); setTimeout(done, 150); })"
)


def reload(page) -> None:
    """Reload once the page's last change is saved: a save waits for the next frame (app.mjs's
    afterFrame), and a reload within that frame leaves the write to the page's pagehide, which
    Chromium does not always keep (seen twice in CI: the last entry, or the history, gone)."""
    page.evaluate(SAVED)
    page.reload()


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


# ---- Okular, a desktop viewer, in a virtual X display

OKULAR_SCREEN = (1600, 1200)
OKULAR_TIMEOUT = 30.0  # seconds any one wait may take, however loaded the machine
# View → Show Forms, which the GUI file binds to a key (xdotool's name for it, and Qt's)
TOGGLE_FORMS, TOGGLE_SHORTCUT = "ctrl+alt+shift+f", "Ctrl+Alt+Shift+F"
OKULAR_GUI = Path("/usr/share/kxmlgui5/okular/part.rc")
# Okular's core says "JS exception" when a script throws; poppler's messages come through its generator.
OKULAR_LOGS = "*.debug=false;org.kde.okular.core.debug=true;org.kde.okular.generators.pdf.debug=true"
SCRIPT_ERROR = "JS exception"


def desktop_tools() -> None:
    """Okular, Xvfb and xdotool, or a skip locally and a failure in CI."""
    absent = [name for name in ("okular", "Xvfb", "xdotool") if shutil.which(name) is None]
    if absent or not OKULAR_GUI.exists():
        missing(
            f"{', '.join(absent) or OKULAR_GUI} not found "
            "(apt-get install -y --no-install-recommends okular xvfb xdotool)"
        )


def poll(condition, timeout: float):
    """Call `condition` until it gives something true, for at most `timeout` seconds: that, or None."""
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if found or time.monotonic() > deadline:
            return found or None
        time.sleep(0.05)


class Okular:
    """Okular showing one PDF in its own X display, typed into with xdotool like a person would.

    Okular starts with a home of its own (fit-page zoom, a shortcut for Show
    Forms, no saved state); the page's place on screen is measured from the
    screen itself, so a click lands on a field's rectangle at any zoom. Every
    wait is on something seen: the window, the page, a field's focus frame,
    the saved file. `log` is what Okular's core said, script errors included.
    """

    def __init__(self, display: str, pdf: Path, home: Path) -> None:
        self.display, self.path, self.home = display, pdf, home
        self.rects, self.page_width, self.page_height = field_rectangles(pdf.read_bytes())
        config = home / "config"
        config.mkdir(parents=True)
        (config / "okularpartrc").write_text(
            "[Zoom]\nZoomMode=2\n[General]\nShowOSD=false\nWatchFile=false\n"
            "[Main View]\nShowLeftPanel=false\nShowBottomBar=false\n"
        )
        gui = home / "data" / "kxmlgui5" / "okular"
        gui.mkdir(parents=True)
        properties = '<ActionProperties scheme="Default">'
        shortcut = f'\n  <Action name="view_toggle_forms" shortcut="{TOGGLE_SHORTCUT}"/>'
        (gui / "part.rc").write_text(OKULAR_GUI.read_text().replace(properties, properties + shortcut, 1))
        self.runtime = tempfile.mkdtemp(prefix="okular-")  # short: KIO's sockets go in it
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DISPLAY": display,
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(config),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "XDG_RUNTIME_DIR": self.runtime,
            "QT_QPA_PLATFORM": "xcb",
            "LANG": "C.UTF-8",
            "QT_LOGGING_RULES": OKULAR_LOGS,
        }
        self.log_path = home / "okular.log"
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(["okular", str(pdf)], env=env, stdout=log, stderr=log)
        try:
            self._open()
        except BaseException:
            self.close()
            raise

    def _open(self) -> None:
        window = self.xdotool("search", "--sync", "--onlyvisible", "--class", "okular").split()[0]
        self.xdotool("windowmove", "--sync", window, 0, 0, "windowsize", "--sync", window, *OKULAR_SCREEN)
        self.page = self.wait(self._page_settled, "Okular to lay the page out on screen")
        self.scale = (self.page[2] - self.page[0]) / self.page_width
        self.xdotool("mousemove", 2, OKULAR_SCREEN[1] // 2, "click", "1", "key", TOGGLE_FORMS)

    def xdotool(self, *args: object) -> str:
        result = subprocess.run(
            ["xdotool", *map(str, args)],
            env={**os.environ, "DISPLAY": self.display},
            capture_output=True,
            text=True,
            timeout=OKULAR_TIMEOUT,
            check=True,
        )
        return result.stdout

    def screen(self):
        from PIL import ImageGrab

        return ImageGrab.grab(xdisplay=self.display)

    def _page_box(self) -> tuple[int, int, int, int] | None:
        """The page's white rectangle (left, top, right, bottom; exclusive), if all of it is on screen."""
        image = self.screen()
        width, height = image.size
        pixels = image.load()
        row = [x for x in range(width) if pixels[x, height // 2] == (255, 255, 255)]
        if not row or row[0] == 0 or row[-1] == width - 1:
            return None
        middle = (row[0] + row[-1]) // 2
        column = [y for y in range(height) if pixels[middle, y] == (255, 255, 255)]
        if not column or column[-1] == height - 1:  # the page runs off the bottom: not laid out to fit
            return None
        return row[0], column[0], row[-1] + 1, column[-1] + 1

    def _page_settled(self) -> tuple[int, int, int, int] | None:
        """The page box once it is laid out to fit the window: as tall as the window lets it be (the
        sheets are all taller than the screen's shape), the page's shape, and the same a moment later."""
        first = self._page_box()
        if first is None or first[3] < OKULAR_SCREEN[1] - 40:
            return None
        ratio = (first[3] - first[1]) / (first[2] - first[0])
        if abs(ratio - self.page_height / self.page_width) > 0.01:
            return None
        time.sleep(0.2)
        return first if self._page_box() == first else None

    def area(self, name: str) -> tuple[int, int, int, int]:
        """A field's rectangle on screen: left, top, right, bottom."""
        x0, y0, x1, y1 = self.rects[name]
        left, top = self.page[0], self.page[1]
        return (
            round(left + x0 * self.scale),
            round(top + (self.page_height - y1) * self.scale),
            round(left + x1 * self.scale),
            round(top + (self.page_height - y0) * self.scale),
        )

    def focused(self, name: str) -> bool:
        """Whether the field shows Qt's focus frame (blue, where the sheet itself has no colour)."""
        left, top, right, bottom = self.area(name)
        image = self.screen().crop((left - 1, top - 1, right + 1, bottom + 1))
        return any(b > r + 60 for r, g, b in image.get_flattened_data())

    def wait(self, condition, what: str):
        """What `condition` gives once true; failing after `OKULAR_TIMEOUT`, with the screen as it was."""
        found = poll(condition, OKULAR_TIMEOUT)
        if found is None:
            self.screen().save(self.home / "timeout.png")
            raise AssertionError(
                f"waited {OKULAR_TIMEOUT:g} s for {what} (the screen: {self.home / 'timeout.png'})"
            )
        return found

    def click(self, name: str) -> None:
        """Click into a field until it has the focus: a click before the forms show lands on the page."""
        left, top, right, bottom = self.area(name)

        def clicked() -> bool:
            self.xdotool("mousemove", (left + right) // 2, (top + bottom) // 2, "click", "1")
            return poll(lambda: self.focused(name), 1.0) is not None

        self.wait(clicked, f"{name} to take the focus in Okular")

    def wait_for_focus(self, name: str) -> None:
        """Wait until the field has the focus: Okular has taken every key sent before."""
        self.wait(lambda: self.focused(name), f"{name} to have the focus in Okular")

    def type(self, *entries: str) -> None:
        """Type each entry, key by key, and leave it with Tab."""
        command: list[str] = []
        for entry in entries:
            command += (
                ["type", "--delay", "15", "--args", "1", "--", entry, "key", "Tab"]
                if entry
                else ["key", "Tab"]
            )
        self.xdotool(*command)

    def save(self) -> bytes:
        """Ctrl+S, and the file as Okular wrote it, once it has swapped to the saved copy."""
        self.xdotool("key", "ctrl+s")
        self.wait(lambda: b"Swapping backing file" in self.log_path.read_bytes(), "Okular to save")
        return self.path.read_bytes()

    @property
    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=OKULAR_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.runtime, ignore_errors=True)
