"""Benchmark `sheetgen fill`: records per second against a bare ReportLab baseline.

Fills N generated legal games, one PDF each, and times a baseline in the same
process: bare ReportLab replaying the very same drawing calls (the strings,
fonts and places the fill path used, recorded beforehand) on an empty page,
one PDF each. The two are timed record by record in turn, so both meet the
same machine load; the quietest of three rounds counts. Then measures what
each extra record adds to a --combine'd PDF.
The blank sheets are rendered before timing starts (once per run, as the fill
command does with a cold cache; the cache of rendered sheets is off here) and
reported apart.

    python benchmarks/fill.py [--records N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from io import BytesIO
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from sheetgen.files import cache
from sheetgen.files.output import write_atomic
from sheetgen.pdf.fill import Filler
from sheetgen.rules.records import Record, parse_record
from sheetgen.rules.simulate import play_game
from sheetgen.rules.variants import VARIANTS, Rules

ROUNDS = 3  # keep the quietest round


REPLAYED = {
    "setPageSize",
    "setFont",
    "drawString",
    "drawCentredString",
    "setLineWidth",
    "roundRect",
    "showPage",
}


class _Recorder:
    """A canvas stand-in that notes every drawing call on its way through."""

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self.calls: list[tuple[str, tuple]] = []

    def __getattr__(self, name: str):
        attribute = getattr(self._canvas, name)
        if name not in REPLAYED:
            return attribute

        def noted(*args):
            self.calls.append((name, args))
            return attribute(*args)

        return noted


def record_calls(filler: Filler, record: Record) -> list[tuple[str, tuple]]:
    recorder = _Recorder(Canvas(BytesIO(), invariant=1))
    filler.draw(recorder, record)
    return recorder.calls


def bare_pdf(calls: list[tuple[str, tuple]]) -> bytes:
    """The baseline: the same calls on a plain canvas, with no sheet under them."""
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    for name, args in calls:
        getattr(canvas, name)(*args)
    canvas.save()
    return buffer.getvalue()


def generate(count: int, seed: int = 2026) -> list[Record]:
    """Legal single games of two to six players, across every variant."""
    rng = random.Random(seed)
    records = []
    for n in range(count):
        variant = VARIANTS[n % len(VARIANTS)].name
        rules = Rules(VARIANTS[n % len(VARIANTS)])
        players = [
            {"name": f"Player {p + 1}", "turns": play_game(rng, rules)} for p in range(rng.randint(2, 6))
        ]
        data = {"variant": variant, "title": f"Game {n + 1}", "date": "2026-11-29", "players": players}
        records.append(parse_record(data, source=f"game-{n + 1}.json"))
    return records


def _time_pairs(filler: Filler, records: list[Record], calls: list, folder: Path) -> tuple[float, float]:
    """One PDF file each, ours then the baseline record by record, so both meet the same load."""
    ours = baseline = 0.0
    for n, (record, replay) in enumerate(zip(records, calls, strict=True)):
        start = time.perf_counter()
        write_atomic(folder / f"{n}.pdf", filler.pdf([record]))
        middle = time.perf_counter()
        write_atomic(folder / f"{n}-bare.pdf", bare_pdf(replay))
        ours, baseline = ours + middle - start, baseline + time.perf_counter() - middle
    return ours, baseline


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=500)
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = parser.parse_args()
    os.environ[cache.OFF_ENV] = "1"
    records = generate(args.records)

    start = time.perf_counter()
    filler = Filler()
    for variant in VARIANTS:  # the once-per-run blank renders (one per player count), outside the timing
        for players in range(2, 7):
            filler.blank(Rules(variant), "players", players)
    blank_s = time.perf_counter() - start
    calls = [record_calls(filler, record) for record in records]

    with tempfile.TemporaryDirectory() as folder:
        rounds = [_time_pairs(filler, records, calls, Path(folder)) for _ in range(ROUNDS)]
    ours_s, baseline_s = min(rounds, key=lambda pair: pair[0] + pair[1])  # the quietest round
    records_per_s = len(records) / ours_s
    baseline_per_s = len(records) / baseline_s

    single = len(filler.pdf(records[:1]))
    combined = len(filler.pdf(records))
    per_record = (combined - single) / max(1, len(records) - 1)

    print(f"records: {len(records)}; blank sheets rendered once each: {blank_s:.2f} s")
    print(f"fill on the real sheet: {records_per_s:8.1f} records/s")
    print(f"bare ReportLab:         {baseline_per_s:8.1f} records/s")
    print(f"ratio:                  {records_per_s / baseline_per_s:8.3f} (goal >= 0.8)")
    print(f"combined PDF: {combined} bytes; {per_record:.0f} bytes per extra record (goal <= 4096)")
    if args.json:
        figures = {
            "records_per_s": round(records_per_s, 1),
            "baseline_per_s": round(baseline_per_s, 1),
            "ratio": round(records_per_s / baseline_per_s, 3),
            "combined_bytes_per_record": round(per_record),
        }
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
