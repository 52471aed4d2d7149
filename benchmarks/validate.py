"""Benchmark record checking: is `sheetgen score`'s validation linear in the record's size?

Checks one record of N players (the cap of 60 players is lifted for the
measurement) against a baseline in the same process that is linear by
construction: checking N / 500 records of 500 players each. Linear checking
keeps the ratio near 1 as N grows; a quadratic step (such as the old
duplicate-name search) makes it grow with N / 500.

    python benchmarks/validate.py [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from sheetgen.files.inputs import parse_json
from sheetgen.rules import records
from sheetgen.rules.simulate import play_game
from sheetgen.rules.variants import Rules

BASE = 500  # players in each record of the baseline
SIZES = (2_000, 8_000)  # players
ROUNDS = 3  # keep the quickest round


def _record(players: int) -> bytes:
    """One game of `players` players, each with 13 legal turns (a few games, repeated)."""
    rng = random.Random(7)
    games = [play_game(rng, Rules()) for _ in range(50)]
    body = [{"name": f"Player {n}", "turns": games[n % len(games)]} for n in range(players)]
    return json.dumps({"players": body}).encode()


def _best(action) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    arguments = parser.parse_args()
    cap = records.MAX_PLAYERS
    records.MAX_PLAYERS = max(SIZES)
    figures = {}
    try:
        small = parse_json(_record(BASE), "bench")
        for players in SIZES:
            large = parse_json(_record(players), "bench")
            checking = _best(lambda large=large: records.parse_record(large))
            count = players // BASE
            baseline = _best(lambda count=count: [records.parse_record(small) for _ in range(count)])
            figures[players] = round(checking / baseline, 2)
            print(
                f"{players:>6} players: one record {checking:.2f} s, "
                f"{count} records of {BASE} {baseline:.2f} s, ratio {figures[players]:.2f}"
            )
    finally:
        records.MAX_PLAYERS = cap
    print(f"linear checking keeps every ratio near 1 (quadratic would reach {max(SIZES) // BASE})")
    if arguments.json:
        print(json.dumps({"ratios": figures}))


if __name__ == "__main__":
    main()
