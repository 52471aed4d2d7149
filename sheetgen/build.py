"""`sheetgen build`: every downloadable sheet and the website, rendered in parallel, reused when unchanged.

The parent process plans the jobs and hashes their inputs; it never imports
WeasyPrint, so a rebuild with nothing changed costs only the hashing. Worker
processes import the renderers themselves and keep one font configuration
and the parsed stylesheets for all the documents they render. The rules
pages are jobs too, hashed like the sheets but cheap enough to render in the
parent; index.html is written from the manifest, and only when it changes.
"""

from __future__ import annotations

import atexit
import enum
import fcntl
import hashlib
import json
import multiprocessing
import os
import re
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import asdict, dataclass, field
from multiprocessing import resource_tracker
from pathlib import Path

from sheetgen.errors import OutputError, SheetgenError
from sheetgen.files import cache
from sheetgen.files.inputs import parse_json, read_input, tracking
from sheetgen.files.output import (
    DEFAULT_OUTPUT_DIR,
    HELD_SIGNALS,
    PLAIN,
    Reporter,
    paper_suffix,
    private_temporary_folder,
    rules_file_name,
    scorekeeper_file_name,
    scoresheet_file_name,
    sweep,
    to_the_end,
    write_atomic,
)
from sheetgen.files.resources import EXAMPLES_DIR
from sheetgen.files.stamps import USER_DATE_EPOCH
from sheetgen.files.variants import load_rules
from sheetgen.layout.geometry import LAYOUTS, PAPERS
from sheetgen.pdf.cached import rulesheet_pdf, scoresheet_pdf
from sheetgen.rules.boxes import COLUMNS, MAX_GAMES_IN_SERIES, NUMBER_WORDS
from sheetgen.rules.guide import difference
from sheetgen.rules.text import printable
from sheetgen.rules.variants import OFFICIAL, VARIANTS, Rules, find_variant, is_variant_file
from sheetgen.web.site import PAPER_LABELS, render_index, rules_page_name

MANIFEST = ".sheetgen-build.json"
MANIFEST_FORMAT = "sheetgen-build/2"  # a manifest without it is foreign or old: rebuild everything
MANIFEST_LIMIT = 16 * 1024 * 1024
STAGING = ".sheetgen-staging"  # new files wait here until every job has rendered
STOP_SECONDS = 5  # a worker told to stop has this long to end before it is killed
THUMB_WIDTH = 480  # pixels: shown 240 CSS px wide or more, sharp on high-density screens
LAYOUT_NAMES = {
    "players": "six players",
    "series": "six-game series",
    "half": "six-game cards, two to a sheet",
}


class JobKind(enum.StrEnum):
    RULES = "rules"  # a rule sheet
    SCORESHEET = "scoresheet"  # a blank score sheet
    RECORDS = "records"  # example records filled in
    PAGE = "page"  # a rules page (HTML)
    SCOREKEEPER = "scorekeeper"  # a scorekeeper page (HTML)


WEB_PAGES = (JobKind.PAGE, JobKind.SCOREKEEPER)  # HTML, rendered in the parent, no preview
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,199}")  # a variant's name and its house rules (Rules.slug)
_SLUG = SLUG.pattern
_PAPER = "|".join(paper_suffix(paper) for paper in PAPERS)
BUILT_NAME = re.compile(  # every name a plan gives its files, and nothing else: no scheme, no folder up
    rf"rules-{_SLUG}(?:{_PAPER})\.pdf|rules-{_SLUG}\.html|scorekeeper-{_SLUG}\.html"
    rf"|scoresheet-(?:{'|'.join(LAYOUTS)})-{_SLUG}-(?:{'|'.join(PAPERS)})(?:-half)?(?:-fillable)?\.pdf"
    rf"|records/[A-Za-z0-9][A-Za-z0-9_.-]{{0,199}}(?:{_PAPER})\.pdf"
)
CARD_TITLES = {
    "players": f"Score sheet, {COLUMNS} players",
    "series": f"{NUMBER_WORDS[MAX_GAMES_IN_SERIES].capitalize()}-game card",
    "half": f"{NUMBER_WORDS[MAX_GAMES_IN_SERIES].capitalize()}-game cards, two to a sheet",
}


@dataclass(frozen=True)
class Job:
    """One rendering task; `outputs` are paths relative to the output folder."""

    kind: JobKind
    variant: str  # a built-in name, or a variant TOML file's absolute path
    house_rules: tuple[str, ...]
    paper: str
    outputs: tuple[str, ...]
    layout: str | None = None
    fillable: bool = False
    records: tuple[str, ...] = ()
    card: str = "full"
    depends: tuple[str, ...] = ()  # other files the job reads: the variant files records name
    links: tuple[str, ...] = ()  # a page's sibling files it may link to
    meta: tuple[dict[str, str], ...] = field(default=(), compare=False, hash=False)  # one per output

    @property
    def rules(self) -> Rules:
        return load_rules(self.variant, self.house_rules)

    def inputs_hash(self) -> str:
        """Everything the job's files depend on: code, templates, the rendering libraries' versions,
        the SOURCE_DATE_EPOCH the user set, options, data files."""
        digest = hashlib.sha256(cache.environment_hash().encode())
        digest.update(json.dumps({"date": USER_DATE_EPOCH, "job": asdict(self)}, sort_keys=True).encode())
        for path in (self.variant, *self.records, *self.depends):
            if path.endswith((".toml", ".json")):
                digest.update(Path(path).read_bytes())
        return digest.hexdigest()

    @property
    def files(self) -> list[str]:
        """Every file the job writes: its outputs, and a preview of each PDF."""
        if self.kind in WEB_PAGES:
            return list(self.outputs)
        return [*self.outputs, *(_thumb_name(o) for o in self.outputs)]


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
    yield Job(JobKind.PAGE, spec, house_rules, "", (rules_page_name(rules.slug),), links=links, meta=meta)
    meta = (_describe(rules, "Scorekeeper (web page)", "") | {"paper": "screen"},)
    yield Job(JobKind.SCOREKEEPER, spec, house_rules, "", (keeper,), meta=meta)
    for paper, name in zip(PAPERS, rule_sheets, strict=True):
        meta = (_describe(rules, "Rule sheet", paper),)
        yield Job(JobKind.RULES, spec, house_rules, paper, (name,), meta=meta)
    for paper in PAPERS:
        for layout in LAYOUTS:
            for fillable in (False, True):
                name = scoresheet_file_name(rules.slug, layout, paper, fillable)
                kind = "Score sheet, fillable" if fillable else "Score sheet"
                meta = (_describe(rules, kind, paper, layout, CARD_TITLES[layout], fillable),)
                yield Job(JobKind.SCORESHEET, spec, house_rules, paper, (name,), layout, fillable, meta=meta)
        for fillable in (False, True):  # the boxed pad's half-page cards, two to a sheet
            name = scoresheet_file_name(rules.slug, "series", paper, fillable, "half")
            kind = "Half-page cards, fillable" if fillable else "Half-page cards"
            meta = (_describe(rules, kind, paper, "half", CARD_TITLES["half"], fillable),)
            yield Job(
                JobKind.SCORESHEET,
                spec,
                house_rules,
                paper,
                (name,),
                "series",
                fillable,
                card="half",
                meta=meta,
            )


def _example_jobs() -> Iterator[Job]:
    """One job per paper fills every example, so each blank renders once per paper."""
    from sheetgen.files.records import load_record

    paths = sorted(EXAMPLES_DIR.glob("*.json"))
    if not paths:
        return
    with tracking() as read:
        records = [load_record(path) for path in paths]
    depends = tuple(sorted(str(p) for p in read - {path.resolve() for path in paths}))
    for paper in PAPERS:
        outputs = tuple(f"records/{path.stem}{paper_suffix(paper)}.pdf" for path in paths)
        meta = tuple(
            _describe(r.rules, f"Filled example: {r.title or path.stem}", paper, _record_layout(r))
            | {"card": r.title or path.stem}
            for r, path in zip(records, paths, strict=True)
        )
        yield Job(
            JobKind.RECORDS,
            OFFICIAL.name,
            (),
            paper,
            outputs,
            records=tuple(map(str, paths)),
            depends=depends,
            meta=meta,
        )


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
    """Render one job (sheets in a worker, or from the cache): (output path, PDF, PNG thumbnail)
    per file, or (path, HTML, None) for a web page."""
    if job.kind == JobKind.PAGE:
        from sheetgen.web.site import render_rules_page

        return [(job.outputs[0], render_rules_page(job.rules, job.links).encode(), None)]
    if job.kind == JobKind.SCOREKEEPER:
        from sheetgen.web.scorekeeper import render_scorekeeper

        return [(job.outputs[0], render_scorekeeper(job.rules, site=True).encode(), None)]
    if job.kind == JobKind.RULES:
        pdfs = [rulesheet_pdf(job.rules, job.paper)]
    elif job.kind == JobKind.SCORESHEET:
        pdfs = [
            scoresheet_pdf(
                job.rules, job.layout or "players", job.paper, card=job.card, fillable=job.fillable
            )
        ]
    else:
        from sheetgen.files.records import load_record
        from sheetgen.pdf.fill import Filler

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


def _load_manifest(folder: Path, report: Reporter) -> dict[str, dict[str, str]]:
    """The files an earlier build wrote; a corrupt or foreign manifest is reported and ignored."""
    path = folder / MANIFEST
    if not path.exists():
        return {}
    try:
        data = parse_json(read_input(path, MANIFEST_LIMIT, "build record", remember=False), MANIFEST)
        if data.get("format") != MANIFEST_FORMAT:
            raise SheetgenError("not written by this sheetgen")
        files = data["files"]
        if not all(isinstance(v, dict) and _is_entry(k, v) for k, v in files.items()):
            raise SheetgenError("a file entry is damaged")
    except (SheetgenError, AttributeError, KeyError, TypeError) as error:
        reason = str(error) if isinstance(error, SheetgenError) else "not in the expected shape"
        report.note(
            f"Notice: {printable(str(path))}: {reason.removeprefix(MANIFEST + ': ')}; rebuilding everything"
        )
        return {}
    return files


def _is_entry(output: str, entry: dict[str, object]) -> bool:
    """Every value a string, the sizes numbers; a PDF has a preview, a web page none."""
    sizes = ("bytes", "thumb_bytes") if output.endswith(".pdf") else ("bytes",)
    return all(isinstance(value, str) for value in entry.values()) and all(
        str(entry.get(key, "")).isdigit() for key in sizes
    )


def _reusable(folder: Path, output: str, entry: dict[str, str] | None, digest: str) -> bool:
    """Made from the same inputs, and the file and its preview (PDFs) are still the bytes written."""
    return (
        entry is not None
        and entry.get("hash") == digest
        and _intact(folder / output, entry["bytes"], entry.get("sha256"))
        and (
            not output.endswith(".pdf")
            or _intact(folder / _thumb_name(output), entry["thumb_bytes"], entry.get("thumb_sha256"))
        )
    )


def _intact(path: Path, size: str, digest: str | None) -> bool:
    """Whether a file still has the bytes it was written with."""
    try:
        return path.stat().st_size == int(size) and _sha256(path.read_bytes()) == digest
    except OSError:
        return False


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _pool(count: int) -> ProcessPoolExecutor:
    """Workers start fresh ("spawn") and import WeasyPrint themselves."""
    workers = max(1, min(os.cpu_count() or 1, count))
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_started)


def _worker_started() -> None:
    """In each worker: temporary files in a folder of its own, removed however the worker ends;
    SIGTERM and SIGHUP end it at once.

    A cache entry being written is finished first (output.replace_file holds
    the signals), so a stopped worker leaves nothing behind.
    """
    folder = private_temporary_folder()
    atexit.register(shutil.rmtree, folder, True)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _worker_stopped)


def _worker_stopped(signum: int, _frame: object) -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)  # the parent's terminate() may follow a hang-up
    if tempfile.tempdir:
        shutil.rmtree(tempfile.tempdir, ignore_errors=True)
    os._exit(128 + signum)


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ctrl-C and SIGHUP ignored while the resource tracker and the workers are spawned.

    A new Python keeps an ignored SIGINT ignored, so a Ctrl-C while a worker
    starts or renders ends only the parent, which then stops the workers
    quietly. The tracker ignores SIGINT and SIGTERM itself, and SIGHUP now too:
    a tracker killed by a hang-up would be started again and print tracebacks
    about semaphores it never saw. Workers set their own SIGHUP handler.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set signal handlers
        return
    previous = {signum: signal.signal(signum, signal.SIG_IGN) for signum in (signal.SIGINT, signal.SIGHUP)}
    try:
        resource_tracker.ensure_running()
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _results(jobs: list[Job]) -> Iterator[list[tuple[str, bytes, bytes | None]]]:
    """Web pages render here, at once; sheets in the worker pool (or here, when there is only one)."""
    yield from (run_job(job) for job in jobs if job.kind in WEB_PAGES)
    jobs = [job for job in jobs if job.kind not in WEB_PAGES]
    if len(jobs) <= 1:
        yield from map(run_job, jobs)
        return
    longest_first = sorted(jobs, key=lambda job: job.kind != JobKind.RECORDS)  # fills render several blanks
    store = cache.open_cache()  # an unsafe folder is said once, here, and the workers go without
    with _interrupts_ignored(), cache.bypassed() if store is None else nullcontext():
        pool = _pool(len(jobs))
        futures = [pool.submit(run_job, job) for job in longest_first]  # spawns every worker
    try:
        for future in as_completed(futures):
            yield future.result()
    except BaseException:
        # A signal or a failed job: drop the queue and stop the workers now, not after their jobs,
        # and wait for them to end; the executor has no public way to stop a running job.
        workers = list((pool._processes or {}).values())
        to_the_end(lambda: _stop_workers(pool, workers))
        raise
    pool.shutdown()


def _stop_workers(pool: ProcessPoolExecutor, workers: list[multiprocessing.process.BaseProcess]) -> None:
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(STOP_SECONDS)
        if worker.is_alive():  # deep in a native call that ignores SIGTERM for now
            worker.kill()
            worker.join()
    pool.shutdown()  # and its manager thread, which releases the queues' semaphores, has ended


@contextmanager
def _locked(folder: Path, report: Reporter) -> Iterator[None]:
    """One build at a time in a folder (a lock on the folder itself); a second one says so and waits."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            shown = printable(str(folder))
            report.note(f"Waiting: another build is writing to {shown}; this one follows it")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _stage(staging: Path, folder: Path, name: str, data: bytes) -> None:
    """A new file into the staging folder; an error names where it was going."""
    path = staging / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as error:
        shown = printable(str(folder / name))
        raise OutputError(f"{shown}: cannot write: {error.strerror or error}") from None


def build(
    folder: Path = DEFAULT_OUTPUT_DIR, jobs: list[Job] | None = None, report: Reporter = PLAIN
) -> BuildResult:
    """Render what changed, reuse the rest, and write the index page.

    New files are rendered into a staging folder and moved into place only
    when every job has succeeded, so a failed or interrupted build leaves the
    previous site as it was. Any write error is an OutputError naming the file.
    """
    start = time.perf_counter()
    jobs = plan() if jobs is None else jobs
    created = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with _locked(folder, report):
            return _build_locked(folder, jobs, report, start)
    except OSError as error:  # the folder, its staging folder or a subfolder: name the folder
        raise OutputError(f"{printable(str(folder))}: cannot write: {error.strerror or error}") from None
    finally:
        if created:
            with suppress(OSError):
                folder.rmdir()  # only if the build failed and left it empty


def _build_locked(folder: Path, jobs: list[Job], report: Reporter, start: float) -> BuildResult:
    staging = folder / STAGING
    shutil.rmtree(staging, ignore_errors=True)  # what a killed build left
    sweep(folder)
    manifest = _load_manifest(folder, report)
    result = BuildResult()
    pending, hashes = [], {}
    for job in jobs:
        digest = hashes[job] = job.inputs_hash()
        if all(_reusable(folder, output, manifest.get(output), digest) for output in job.outputs):
            result.reused.extend(job.outputs)
        else:
            pending.append(job)
    by_output = {output: job for job in jobs for output in job.outputs}
    staged: list[str] = []
    try:
        if pending:
            staging.mkdir()  # fails at once in a folder that cannot be written
        with report.progress(_results(pending), "Rendering", len(pending)) as results:
            for outputs in results:
                for output, data, png in outputs:
                    job = by_output[output]
                    entry = {**(job.meta[job.outputs.index(output)] if job.meta else {}), "hash": hashes[job]}
                    for name, content, prefix in ((output, data, ""), (_thumb_name(output), png, "thumb_")):
                        if content is not None:  # web pages have no preview
                            _stage(staging, folder, name, content)
                            staged.append(name)
                            entry |= {
                                f"{prefix}bytes": str(len(content)),
                                f"{prefix}sha256": _sha256(content),
                            }
                    manifest[output] = entry
                    result.written.append(output)
        for name in staged:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / name, folder / name)
    finally:
        with suppress(OSError):
            shutil.rmtree(staging)
    # This build's files first, then those of earlier builds (other variants, house rules) still there.
    listed = [*by_output, *(o for o in manifest if o not in by_output and _kept(folder, o, manifest[o]))]
    current = {o: manifest[o] for o in listed if o in manifest}
    manifest_data = {"format": MANIFEST_FORMAT, "files": current}
    write_atomic(folder / MANIFEST, json.dumps(manifest_data, indent=1).encode())
    index = index_page(current, folder).encode()
    if not (folder / "index.html").is_file() or (folder / "index.html").read_bytes() != index:
        write_atomic(folder / "index.html", index)
    result.seconds = time.perf_counter() - start
    return result


def _kept(folder: Path, output: str, entry: dict[str, str]) -> bool:
    """An earlier build's file stays in the index if its name is one sheetgen makes and it is still there.

    The manifest is a file anyone with the folder can edit: a name outside that
    grammar (a scheme such as `javascript:`, a path out of the folder) is never linked.
    """
    slug = entry.get("slug")
    return (
        BUILT_NAME.fullmatch(output) is not None
        and (slug is None or SLUG.fullmatch(slug) is not None)
        and (folder / output).is_file()
    )


def index_page(files: dict[str, dict[str, str]], folder: Path) -> str:
    """The site's front page: a section per variant with its pages and downloads, then the examples."""
    thumbs = {path: _thumb_name(path) for path in files if path.endswith(".pdf")}
    return render_index(files, folder, thumbs)
