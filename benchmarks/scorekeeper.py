"""Benchmark the scorekeeper at the table: how long a box tap takes to redraw the totals.

In headless Chromium (Debian's chromium, driven by Playwright) with the CPU
throttled 4 times (DevTools `Emulation.setCPUThrottlingRate`, a slow phone),
on the page of the official rules with the `series` house rule:

- six players in game 6 of a series: games 1 to 5 are a saved game planted in
  localStorage (which the page checks in full as it loads), then the first
  rounds of game 6 are written through the page;
- the same page's first game with one player.

A tap is timed in the page, once the boxes offered for the dice are drawn (as
a player sees them before tapping), from the click on an offered box to the
totals cell laid out again with its new number: the click handler writes and
redraws synchronously, reading the cell's box forces the layout, and the save
waits for the frame after. The median of each counts. The goal: write_ms at
most 16 (one frame at 60 Hz), ratio at most 2.

    python benchmarks/scorekeeper.py [--rounds N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from sheetgen.rules.variants import OFFICIAL, HouseRule, Rules
from sheetgen.web.scorekeeper import STORAGE_KEY, render_scorekeeper

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browsing import CHROMIUM_ARGS, chromium_path  # the tests' launch flags

THROTTLE = 4
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
PLAYED_GAMES = 5
ROUNDS = 5  # rounds of game 6 timed: 6 writes each
# One roll per box, in the order of the card, each fitting its box (no extra Yahtzee).
ROLLS = {
    "aces": "11123", "twos": "22213", "threes": "33312", "fours": "44412", "fives": "55512",
    "sixes": "66612", "three_of_a_kind": "33345", "four_of_a_kind": "44441", "full_house": "22333",
    "small_straight": "12346", "large_straight": "12345", "yahtzee": "66666", "chance": "65432",
}  # fmt: skip

TIMED_TAP = """async ([box, player]) => {
  const button = document.querySelector(`[data-option="${box}"]`);
  const cell = document.querySelector(`[data-player="${player}"][data-total="grand_total"]`);
  const before = cell.textContent;
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done))); // the boxes offered are drawn
  const start = performance.now();
  button.click();
  cell.getBoundingClientRect();
  const ms = performance.now() - start;
  if (cell.textContent === before) throw new Error(`the total of player ${player} did not change`);
  return ms;
}"""


def planted_series(rules: Rules) -> dict:
    """The saved state of a series: games 1 to 5 finished by six players, game 6 not started."""
    boxes = list(ROLLS)
    finished = [
        {"player": p, "box": box, "dice": [int(d) for d in ROLLS[box]]}
        for box in boxes
        for p in range(len(PLAYERS))
    ]
    return {
        "version": 1,
        "revision": 1,
        "id": "benchmark-series",
        "started": "2026-12-01T21:30:00.000Z",
        "rules": {"variant": rules.name, "house_rules": [HouseRule.SERIES.value]},
        "players": PLAYERS,
        "games": [{"entries": finished} for _ in range(PLAYED_GAMES)] + [{"entries": []}],
        "undo": [],
        "title": None,
        "date": None,
    }


def taps(page, players: int, rounds: int) -> list[float]:
    """Write `rounds` rounds through the page (dice typed, then a timed tap on the box offered)."""
    times = []
    for box in list(ROLLS)[:rounds]:
        for player in range(1, players + 1):
            page.fill('input[data-input="dice"]', ROLLS[box])
            times.append(page.evaluate(TIMED_TAP, [box, player]))
    return times


def measure(browser, url: str, rules: Rules, rounds: int) -> tuple[list[float], list[float]]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(url)
        key = STORAGE_KEY + rules.slug
        page.evaluate(
            "([key, state]) => localStorage.setItem(key, state)", [key, json.dumps(planted_series(rules))]
        )
        page.reload()
        heading = page.inner_text("#game-heading")
        if not heading.startswith("Game 6"):
            raise SystemExit(f"the planted series was not taken: the page shows {heading!r}")
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        series = taps(page, len(PLAYERS), rounds)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        page.evaluate("() => localStorage.clear()")
        page.reload()
        page.fill('input[data-input="player-name"]', "Ann")
        page.click("#names li:last-child button")  # the setup offers two players; one plays
        page.click('[data-action="start"]')
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        first = taps(page, 1, len(ROLLS))
        return series, first
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help=f"rounds of game 6 timed (default {ROUNDS})"
    )
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = parser.parse_args()
    if not 1 <= args.rounds <= len(ROLLS):
        parser.error(f"--rounds: 1 to {len(ROLLS)}")
    executable = chromium_path()
    if executable is None:
        raise SystemExit("no Chromium found (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    rules = Rules(OFFICIAL, (HouseRule.SERIES,))
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "scorekeeper.html"
        path.write_text(render_scorekeeper(rules), encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=executable, args=CHROMIUM_ARGS, headless=True
            )
            try:
                series, first = measure(browser, path.as_uri(), rules, args.rounds)
            finally:
                browser.close()
    write_ms, first_write_ms = statistics.median(series), statistics.median(first)
    ratio = write_ms / first_write_ms
    print(f"CPU throttled {THROTTLE}x; median time from a box tap to the redrawn totals")
    print(f"6 players, game 6 of a series: {write_ms:7.2f} ms over {len(series)} taps (goal <= 16)")
    print(f"1 player, first game:          {first_write_ms:7.2f} ms over {len(first)} taps")
    print(f"ratio:                         {ratio:7.2f} (goal <= 2)")
    if args.json:
        figures = {
            "write_ms": round(write_ms, 2),
            "first_write_ms": round(first_write_ms, 2),
            "ratio": round(ratio, 2),
        }
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
