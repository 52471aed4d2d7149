"""Benchmark `sheetgen build` against plain WeasyPrint, and a rebuild with nothing changed.

1. A fresh build into an empty folder: the worker pool, one font
   configuration and pre-parsed stylesheets per worker.
2. The same jobs run one by one in this process, every WeasyPrint document
   laid out the plain way: `weasyprint.HTML(string=...).render()` with its
   CSS inline, a new font configuration and fresh CSS parsing each time (the
   fills and thumbnails included, as in the build).
   Steps 1 and 2 alternate three times; each side's fastest run counts, to damp the
   noise of a shared machine.
3. The build again into the last folder with nothing changed.
4. Every language (`--lang all`): one fresh build into an empty folder, then
   the same with nothing changed. The languages' jobs share the one pool.

Both sides render every document: the cache of rendered sheets is off
(SHEETGEN_NO_CACHE), as on a first run.

    python benchmarks/build.py [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from unittest import mock

from sheetgen.build import build, plan, run_job
from sheetgen.files import cache
from sheetgen.files.locales import languages
from sheetgen.pdf import render as html
from sheetgen.pdf import rulesheet

ROUNDS = 3


def naive_render_document(
    template: str, stylesheets: list[str], paper: str, *, forms: bool = False, **context
):
    """One document laid out the plain way: CSS inline, nothing shared with the last one."""
    import weasyprint

    page = html.render_html(template, paper=paper, **context)
    names = ["base.css", *stylesheets, f"paper/{paper}.css"]
    css = "\n".join((html.TEMPLATES_DIR / name).read_text() for name in names)
    page = page.replace("</head>", f"<style>{css}</style></head>", 1)
    document = weasyprint.HTML(string=page, base_url=str(html.TEMPLATES_DIR) + "/")
    return document.render(pdf_tags=True, pdf_forms=forms)


def naive_build(jobs) -> float:
    start = time.perf_counter()
    with (
        mock.patch.object(rulesheet, "render_document", naive_render_document),
        mock.patch.object(html, "render_document", naive_render_document),  # render_pdf lays out through it
    ):
        for job in jobs:
            run_job(job)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = parser.parse_args()
    os.environ[cache.OFF_ENV] = "1"  # also for the build's worker processes
    jobs = plan()
    builds, naives = [], []
    with tempfile.TemporaryDirectory() as scratch:
        for round_number in range(ROUNDS):  # alternate, keep each side's quietest run
            folder = Path(scratch) / str(round_number)
            first = build(folder, jobs)
            builds.append(first.seconds)
            naives.append(naive_build(jobs))
        again = build(folder, jobs)
        every = plan(langs=languages())
        all_first = build(Path(scratch) / "all", every)
        all_again = build(Path(scratch) / "all", every)
    build_s, naive_s = min(builds), min(naives)
    rebuild_s = again.seconds
    print(f"jobs: {len(jobs)}; files: {len(first.written)} written, then {len(again.reused)} reused")
    print(f"build:          {build_s:7.2f} s")
    print(f"plain, one by one: {naive_s:7.2f} s")
    print(f"ratio:          {build_s / naive_s:7.3f} (goal <= 0.6)")
    print(f"rebuild:        {rebuild_s:7.3f} s, {rebuild_s / build_s:.4f} of the build (goal <= 0.1)")
    all_s, all_again_s = all_first.seconds, all_again.seconds
    print(f"all {len(languages())} languages: {len(every)} jobs, {len(all_first.written)} files")
    print(f"  build:        {all_s:7.2f} s, {all_s / build_s:.2f} times one language's")
    print(f"  rebuild:      {all_again_s:7.3f} s, {all_again_s / all_s:.4f} of the build (goal <= 0.1)")
    if args.json:
        figures = {
            "build_s": round(build_s, 3),
            "naive_s": round(naive_s, 3),
            "ratio": round(build_s / naive_s, 3),
            "rebuild_s": round(rebuild_s, 3),
            "rebuild_ratio": round(rebuild_s / build_s, 4),
            "languages": len(languages()),
            "all_languages_build_s": round(all_s, 3),
            "all_languages_rebuild_s": round(all_again_s, 3),
            "all_languages_rebuild_ratio": round(all_again_s / all_s, 4),
        }
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
