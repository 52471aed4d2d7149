"""`sheetgen build`: every downloadable sheet and the website, rendered in parallel, reused when unchanged.

The parent process plans the jobs and hashes their inputs; it never imports
WeasyPrint, so a rebuild with nothing changed costs only the hashing. Worker
processes import the renderers themselves and keep one font configuration
and the parsed stylesheets for all the documents they render. The rules
pages are jobs too, hashed like the sheets but cheap enough to render in the
parent; index.html is written from the manifest, and only when it changes.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

import click

from sheetgen import __version__
from sheetgen.geometry import COLUMNS, LAYOUTS, PAPERS
from sheetgen.guide import difference
from sheetgen.model import MAX_GAMES_IN_SERIES, NUMBER_WORDS
from sheetgen.output import (
    DEFAULT_OUTPUT_DIR,
    paper_suffix,
    rules_file_name,
    scorekeeper_file_name,
    scoresheet_file_name,
    write_atomic,
)
from sheetgen.resources import EXAMPLES_DIR, PACKAGE_DIR, TEMPLATES_DIR
from sheetgen.site import PAPER_LABELS, render_index, rules_page_name
from sheetgen.variants import OFFICIAL, VARIANTS, Rules, find_variant, is_variant_file, load_rules

MANIFEST = ".sheetgen-build.json"
THUMB_WIDTH = 480  # pixels: shown 240 CSS px wide or more, sharp on high-density screens
LAYOUT_NAMES = {"players": "six players", "series": "six-game series"}
WEB_PAGES = ("page", "scorekeeper")  # HTML, rendered in the parent, no preview
CARD_TITLES = {
    "players": f"Score sheet, {COLUMNS} players",
    "series": f"{NUMBER_WORDS[MAX_GAMES_IN_SERIES].capitalize()}-game card",
}


@dataclass(frozen=True)
class Job:
    """One rendering task; `outputs` are paths relative to the output folder."""

    kind: str  # "rules", "scoresheet", "records", or a web page: "page" (rules) or "scorekeeper"
    variant: str  # a built-in name, or a variant TOML file's absolute path
    house_rules: tuple[str, ...]
    paper: str
    outputs: tuple[str, ...]
    layout: str | None = None
    fillable: bool = False
    records: tuple[str, ...] = ()
    links: tuple[str, ...] = ()  # a page's sibling files it may link to
    meta: tuple[dict[str, str], ...] = field(default=(), compare=False, hash=False)  # one per output

    @property
    def rules(self) -> Rules:
        return load_rules(self.variant, self.house_rules)

    def inputs_hash(self) -> str:
        """Everything the job's files depend on: code, templates, options, data files."""
        digest = hashlib.sha256(code_hash().encode())
        digest.update(json.dumps(asdict(self), sort_keys=True).encode())
        for path in (self.variant, *self.records):
            if path.endswith((".toml", ".json")):
                digest.update(Path(path).read_bytes())
        return digest.hexdigest()

    @property
    def files(self) -> list[str]:
        """Every file the job writes: its outputs, and a preview of each PDF."""
        if self.kind in WEB_PAGES:
            return list(self.outputs)
        return [*self.outputs, *(_thumb_name(o) for o in self.outputs)]


@cache
def code_hash() -> str:
    """The package version, its sources and every template file, hashed once per run."""
    digest = hashlib.sha256(__version__.encode())
    for folder, pattern in ((PACKAGE_DIR, "*.py"), (TEMPLATES_DIR, "**/*")):
        for path in sorted(folder.glob(pattern)):
            if path.is_file():
                digest.update(str(path.relative_to(folder)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _thumb_name(output: str) -> str:
    return f"thumbs/{output.removesuffix('.pdf').replace('/', '-')}.png"


def _describe(
    rules: Rules, kind: str, paper: str, layout: str = "", card: str = "", fillable: bool = False
) -> dict[str, str]:
    """What the index page says about a file: its variant, and a human label, "card · option"."""
    option = " · ".join([PAPER_LABELS.get(paper, ""), *(["fillable"] if fillable else [])])
    card = card or kind
    return {
        "variant": rules.name,
        "title": rules.title,
        "slug": rules.slug,
        "summary": difference(rules),
        "house_rules": ", ".join(rule.label for rule in rules.house_rules) or "none",
        "kind": kind,
        "paper": PAPER_LABELS.get(paper, ""),
        "layout": LAYOUT_NAMES.get(layout, ""),
        "card": card,
        "option": option,
        "label": f"{card} · {option}" if option else card,
    }


def _sheet_jobs(spec: str, house_rules: tuple[str, ...]) -> Iterator[Job]:
    rules = load_rules(spec, house_rules)
    rule_sheets = tuple(rules_file_name(rules.slug, paper) for paper in PAPERS)
    keeper = scorekeeper_file_name(rules.slug)
    meta = (_describe(rules, "Rules page", ""),)
    links = (*rule_sheets, keeper)
    yield Job("page", spec, house_rules, "", (rules_page_name(rules.slug),), links=links, meta=meta)
    meta = (_describe(rules, "Scorekeeper (web page)", "") | {"paper": "screen"},)
    yield Job("scorekeeper", spec, house_rules, "", (keeper,), meta=meta)
    for paper, name in zip(PAPERS, rule_sheets, strict=True):
        meta = (_describe(rules, "Rule sheet", paper),)
        yield Job("rules", spec, house_rules, paper, (name,), meta=meta)
    for paper in PAPERS:
        for layout in LAYOUTS:
            for fillable in (False, True):
                name = scoresheet_file_name(rules.slug, layout, paper, fillable)
                kind = "Score sheet, fillable" if fillable else "Score sheet"
                meta = (_describe(rules, kind, paper, layout, CARD_TITLES[layout], fillable),)
                yield Job("scoresheet", spec, house_rules, paper, (name,), layout, fillable, meta=meta)


def _example_jobs() -> Iterator[Job]:
    """One job per paper fills every example, so each blank renders once per paper."""
    from sheetgen.records import load_record

    paths = sorted(EXAMPLES_DIR.glob("*.json"))
    if not paths:
        return
    records = [load_record(path) for path in paths]
    for paper in PAPERS:
        outputs = tuple(f"records/{path.stem}{paper_suffix(paper)}.pdf" for path in paths)
        meta = tuple(
            _describe(r.rules, f"Filled example: {r.title or path.stem}", paper, _record_layout(r))
            | {"card": r.title or path.stem}
            for r, path in zip(records, paths, strict=True)
        )
        yield Job("records", OFFICIAL.name, (), paper, outputs, records=tuple(map(str, paths)), meta=meta)


def _record_layout(record) -> str:
    return "series" if record.is_series else "players"


def plan(variants: Iterable[str] = (), house_rules: Iterable[str] = ()) -> list[Job]:
    """The jobs for the given variants (default all built-ins) and the examples.

    Built-in names choose among the built-ins; variant files are added to them.
    """
    house_rules = tuple(house_rules)
    files = [str(Path(v).resolve()) for v in variants if is_variant_file(v)]
    names = [find_variant(v).name for v in variants if not is_variant_file(v)]
    specs = [*dict.fromkeys(names or [v.name for v in VARIANTS]), *dict.fromkeys(files)]
    jobs = [job for spec in specs for job in _sheet_jobs(spec, house_rules)]
    return [*jobs, *_example_jobs()]


def run_job(job: Job) -> list[tuple[str, bytes, bytes | None]]:
    """Render one job: (output path, PDF, PNG thumbnail) per file, or (path, HTML, None) for a page."""
    if job.kind == "page":
        from sheetgen.site import render_rules_page

        return [(job.outputs[0], render_rules_page(job.rules, job.links).encode(), None)]
    if job.kind == "scorekeeper":
        from sheetgen.scorekeeper import render_scorekeeper

        return [(job.outputs[0], render_scorekeeper(job.rules, site=True).encode(), None)]
    if job.kind == "rules":
        from sheetgen.rulesheet import render_rulesheet

        pdfs = [render_rulesheet(job.rules, job.paper)]
    elif job.kind == "scoresheet":
        from sheetgen.scoresheet import render_scoresheet

        pdfs = [render_scoresheet(job.rules, job.layout or "players", job.paper, fillable=job.fillable)]
    else:
        from sheetgen.fill import Filler
        from sheetgen.records import load_record

        filler = Filler(job.paper)
        pdfs = [filler.pdf([load_record(path)]) for path in job.records]
    return [(output, pdf, thumbnail(pdf)) for output, pdf in zip(job.outputs, pdfs, strict=True)]


def thumbnail(pdf: bytes) -> bytes:
    """The first page as a small greyscale PNG for the index page."""
    from io import BytesIO

    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        image = page.render(scale=THUMB_WIDTH / page.get_width(), grayscale=True).to_pil()
        buffer = BytesIO()
        image.convert("L").save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()
    finally:
        document.close()


@dataclass
class BuildResult:
    written: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def summary(self) -> str:
        return f"{len(self.written)} files written, {len(self.reused)} reused, {self.seconds:.1f} s"


def _load_manifest(folder: Path) -> dict[str, dict[str, str]]:
    try:
        return json.loads((folder / MANIFEST).read_text())["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _pool(count: int) -> ProcessPoolExecutor:
    """Workers start fresh ("spawn") and import WeasyPrint themselves."""
    workers = max(1, min(os.cpu_count() or 1, count))
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


def _results(jobs: list[Job]) -> Iterator[list[tuple[str, bytes, bytes | None]]]:
    """Web pages render here, at once; sheets in the worker pool (or here, when there is only one)."""
    yield from (run_job(job) for job in jobs if job.kind in WEB_PAGES)
    jobs = [job for job in jobs if job.kind not in WEB_PAGES]
    if len(jobs) <= 1:
        yield from map(run_job, jobs)
        return
    longest_first = sorted(jobs, key=lambda job: job.kind != "records")  # fills render several blanks
    with _pool(len(jobs)) as pool:
        for future in as_completed([pool.submit(run_job, job) for job in longest_first]):
            yield future.result()


def build(
    folder: Path = DEFAULT_OUTPUT_DIR, jobs: list[Job] | None = None, progress: bool = False
) -> BuildResult:
    """Render what changed, reuse the rest, and write the index page."""
    start = time.perf_counter()
    jobs = plan() if jobs is None else jobs
    manifest = _load_manifest(folder)
    result = BuildResult()
    pending, hashes = [], {}
    for job in jobs:
        digest = hashes[job] = job.inputs_hash()
        if all(manifest.get(o, {}).get("hash") == digest for o in job.outputs) and all(
            (folder / f).is_file() for f in job.files
        ):
            result.reused.extend(job.outputs)
        else:
            pending.append(job)
    by_output = {output: job for job in jobs for output in job.outputs}
    bar = click.progressbar(length=len(pending), label="Rendering", file=sys.stderr) if progress else None
    for outputs in _results(pending):
        for output, pdf, png in outputs:
            job = by_output[output]
            if png is not None:
                write_atomic(folder / _thumb_name(output), png)
            write_atomic(folder / output, pdf)
            meta = job.meta[job.outputs.index(output)] if job.meta else {}
            manifest[output] = {**meta, "hash": hashes[job], "bytes": str(len(pdf))}
            result.written.append(output)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.render_finish()
    # This build's files first, then those of earlier builds (other variants, house rules) still there.
    listed = [*by_output, *(o for o in manifest if o not in by_output and (folder / o).is_file())]
    current = {o: manifest[o] for o in listed if o in manifest}
    write_atomic(folder / MANIFEST, json.dumps({"files": current}, indent=1).encode())
    index = index_page(current, folder).encode()
    if not (folder / "index.html").is_file() or (folder / "index.html").read_bytes() != index:
        write_atomic(folder / "index.html", index)
    result.seconds = time.perf_counter() - start
    return result


def index_page(files: dict[str, dict[str, str]], folder: Path) -> str:
    """The site's front page: a section per variant with its pages and downloads, then the examples."""
    thumbs = {path: _thumb_name(path) for path in files if path.endswith(".pdf")}
    return render_index(files, folder, thumbs)
