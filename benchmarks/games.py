"""Benchmark what the family of games costs: the build with every game against Yahtzee's alone,
and the warm fill of each game's records against Yahtzee's.

1. `sheetgen build` of Yahtzee's sets alone (`--game yahtzee`, as the build was before there were
   other games), then of every game, each into an empty folder with the cache of rendered sheets
   off; the two alternate three times and each side's fastest run counts, to damp the noise of a
   shared machine. Goal: every game within 2.5 times Yahtzee's alone.
2. The warm fill: each game's blank sheets rendered once, then N records of each game filled one
   PDF each, record n having as many players in every game; each game's records run as one block,
   the games in turn (reversed every other round), and each game's quickest round counts. Goal: no
   game's fill slower than Yahtzee's (ratio <= 1.0, within the noise: a few per cent from run to run).

    python benchmarks/games.py [--records N] [--rounds N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from pathlib import Path

from sheetgen.build import build, plan
from sheetgen.files import cache
from sheetgen.pdf.fill import Filler
from sheetgen.rules.game import GAMES
from sheetgen.rules.records import Record, parse_record
from sheetgen.rules.simulate import play_game
from sheetgen.rules.variants import Rules

ROUNDS = 3


def generate(game_id: str, count: int, seed: int = 2026) -> list[Record]:
    """Legal single games of two to six players of one game; record n has as many players in every
    game (the counts come from a generator of their own), so the games are compared sheet for sheet."""
    rng, counts = random.Random(seed), random.Random(seed)
    rules = Rules(game=GAMES[game_id])
    records = []
    for n in range(count):
        players = [
            {"name": f"Player {p + 1}", "turns": play_game(rng, rules)} for p in range(counts.randint(2, 6))
        ]
        data = {"game": game_id, "title": f"Game {n + 1}", "date": "2026-12-03", "players": players}
        records.append(parse_record(data, source=f"{game_id}-{n + 1}.json"))
    return records


def time_builds(scratch: Path, rounds: int = ROUNDS) -> tuple[float, float, int, int]:
    alone, every = plan(games=["yahtzee"]), plan()
    alone_s, every_s = [], []
    for round_number in range(rounds):
        alone_s.append(build(scratch / f"alone-{round_number}", alone).seconds)
        every_s.append(build(scratch / f"every-{round_number}", every).seconds)
    return min(alone_s), min(every_s), len(alone), len(every)


def time_fills(count: int, folder: Path, rounds: int = ROUNDS) -> dict[str, float]:
    """Seconds per record of each game, warm: its blank sheets rendered before the timing."""
    filler = Filler()
    records = {game_id: generate(game_id, count) for game_id in GAMES}
    for game_records in records.values():  # the blank renders, once per game and player count
        for record in game_records:
            filler.pdf([record])
    # Each game's records in one run, the games in turn and their order reversed every other round (a
    # record of each game in turn would time the filler's caches passing from game to game); the
    # quickest round of each game counts.
    best = dict.fromkeys(GAMES, float("inf"))
    for round_number in range(rounds):
        order = list(records) if round_number % 2 == 0 else list(reversed(records))
        for game_id in order:
            start = time.perf_counter()
            for n, record in enumerate(records[game_id]):
                (folder / f"{game_id}-{n}.pdf").write_bytes(filler.pdf([record]))
            best[game_id] = min(best[game_id], time.perf_counter() - start)
    return {game_id: seconds / count for game_id, seconds in best.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="each side's runs; the fastest counts")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = parser.parse_args()
    os.environ[cache.OFF_ENV] = "1"  # also for the build's worker processes
    with tempfile.TemporaryDirectory() as scratch:
        alone_s, every_s, alone_jobs, every_jobs = time_builds(Path(scratch), args.rounds)
        fills = time_fills(args.records, Path(scratch), args.rounds)
    build_ratio = every_s / alone_s
    print(f"build, Yahtzee alone: {alone_s:7.2f} s ({alone_jobs} jobs)")
    print(f"build, every game:    {every_s:7.2f} s ({every_jobs} jobs)")
    print(f"ratio:                {build_ratio:7.3f} (goal <= 2.5)")
    base = fills["yahtzee"]
    for game_id, seconds in fills.items():
        print(
            f"warm fill, {game_id:<15} {seconds * 1000:7.2f} ms a record, {seconds / base:.3f} of Yahtzee's"
        )
    if args.json:
        figures = {
            "build_yahtzee_s": round(alone_s, 3),
            "build_every_game_s": round(every_s, 3),
            "build_ratio": round(build_ratio, 3),
            **{f"fill_{game_id.replace('-', '_')}_ratio": round(s / base, 3) for game_id, s in fills.items()},
        }
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
