"""Benchmark record checking: is `sheetgen score`'s validation linear in the record's size?

Checks records of growing player counts (the cap of 60 players is lifted for
the measurement) and times, in the same process, a baseline that is linear
by nature: reading the same bytes with the strict JSON reader. The ratio of
checking time to reading time must stay flat as the record grows; a
quadratic step (such as the old duplicate-name search) makes it climb.

    python benchmarks/validate.py [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from sheetgen import records
from sheetgen.inputs import parse_json
from sheetgen.simulate import play_game
from sheetgen.variants import Rules

SIZES = (60, 1_000, 5_000, 20_000)  # players
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
        for players in SIZES:
            data = _record(players)
            reading = _best(lambda data=data: parse_json(data, "bench"))
            parsed = parse_json(data, "bench")
            checking = _best(lambda parsed=parsed: records.parse_record(parsed))
            ratio = checking / reading
            figures[players] = round(ratio, 2)
            print(f"{players:>6} players: check {checking:.3f} s, read {reading:.3f} s, ratio {ratio:.2f}")
    finally:
        records.MAX_PLAYERS = cap
    growth = figures[max(SIZES)] / figures[min(SIZES)]
    print(f"ratio at {max(SIZES)} players / ratio at {min(SIZES)}: {growth:.2f} (linear: about 1)")
    if arguments.json:
        print(json.dumps({"ratios": figures, "growth": round(growth, 2)}))


if __name__ == "__main__":
    main()
