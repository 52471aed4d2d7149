"""Benchmark the first PDF: whole `sheetgen` processes, the sheet cache cold and warm.

Times whole processes, each started afresh as a person would type it:

- `sheetgen score R`, checking the record: the baseline;
- `sheetgen fill R` with a cold cache (an empty cache folder every run);
- `sheetgen fill R` with a warm cache (the blank sheet already kept);
- `sheetgen rules` with a warm cache;
- `sheetgen fill R --no-cache`, the fill as it was before the cache (printed only).

After one warm-up round (which also fills the warm cache), each command runs
once per round for RUNS rounds, so all of them meet the same machine load;
the median of each counts. The goal: a warm fill within 3 times the score.

    python benchmarks/latency.py [--record R] [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sheetgen.files import cache

RUNS = 5
RECORD = Path(__file__).resolve().parent.parent / "examples" / "turns.json"


def sheetgen() -> list[str]:
    """The console script beside this Python, as installed; else `python -m sheetgen`."""
    script = Path(sys.executable).with_name("sheetgen")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "sheetgen"]


def timed(args: list[str], cache_dir: Path) -> float:
    """Seconds one whole process takes."""
    env = {k: v for k, v in os.environ.items() if k != cache.OFF_ENV}
    env[cache.DIR_ENV] = str(cache_dir)
    start = time.perf_counter()
    subprocess.run(args, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", type=Path, default=RECORD, help="the game record to score and fill")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"timed rounds, at least 5 (default {RUNS})")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs: at least 5")
    base = sheetgen()
    record = str(args.record)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        warm = folder / "warm-cache"
        pdf = str(folder / "out.pdf")
        commands = {
            "score": lambda _: ([*base, "score", record], warm),
            "fill_cold": lambda n: ([*base, "fill", record, "-o", pdf], folder / f"cold-cache-{n}"),
            "fill_warm": lambda _: ([*base, "fill", record, "-o", pdf], warm),
            "rules_warm": lambda _: ([*base, "rules", "-o", pdf], warm),
            "fill_no_cache": lambda _: ([*base, "fill", record, "-o", pdf, "--no-cache"], warm),
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for round_number in range(args.runs + 1):  # round 0 warms up
            for name, make in commands.items():
                seconds = timed(*make(round_number))
                if round_number:
                    times[name].append(seconds)
    median = {name: statistics.median(values) for name, values in times.items()}
    ratio = median["fill_warm"] / median["score"]
    print(f"record: {record}; median of {args.runs} runs after a warm-up, whole processes")
    print(f"sheetgen score:              {median['score']:6.3f} s")
    print(f"sheetgen fill, cold cache:   {median['fill_cold']:6.3f} s")
    print(f"sheetgen fill --no-cache:    {median['fill_no_cache']:6.3f} s (renders as before the cache)")
    print(f"sheetgen fill, warm cache:   {median['fill_warm']:6.3f} s, {ratio:.2f} x score (goal <= 3)")
    print(f"sheetgen rules, warm cache:  {median['rules_warm']:6.3f} s")
    if args.json:
        figures = {
            "score_s": round(median["score"], 3),
            "fill_cold_s": round(median["fill_cold"], 3),
            "fill_warm_s": round(median["fill_warm"], 3),
            "rules_warm_s": round(median["rules_warm"], 3),
            "fill_warm_ratio": round(ratio, 2),
        }
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
