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
import dataclasses
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
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import closing, contextmanager, nullcontext, suppress
from dataclasses import asdict, dataclass, field
from multiprocessing import resource_tracker
from pathlib import Path

from sheetgen.errors import OutputError, SheetgenError
from sheetgen.files import cache
from sheetgen.files.games import load_game
from sheetgen.files.inputs import parse_json, read_input, tracking
from sheetgen.files.locales import DEFAULT, languages, speaking
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
from sheetgen.files.stamps import user_date_epoch
from sheetgen.files.variants import load_rules
from sheetgen.layout.geometry import LAYOUTS, PAPERS, layouts_for
from sheetgen.pdf.cached import rulesheet_pdf, scoresheet_pdf
from sheetgen.rules.boxes import COLUMNS
from sheetgen.rules.game import DEFAULT_GAME, GAMES
from sheetgen.rules.guide import difference
from sheetgen.rules.i18n import N_, _
from sheetgen.rules.records import Record
from sheetgen.rules.text import file_stem, printable
from sheetgen.rules.variants import OFFICIAL, VARIANTS, Rules, find_variant, is_variant_file
from sheetgen.web.app import APP_FILES
from sheetgen.web.site import Alternate, alternates, paper_label, render_index, rules_page_name

MANIFEST = ".sheetgen-build.json"
MANIFEST_FORMAT = "sheetgen-build/2"  # a manifest without it is foreign or old: rebuild everything
MANIFEST_LIMIT = 16 * 1024 * 1024
STAGING = ".sheetgen-staging"  # new files wait here until every job has rendered
STOP_SECONDS = 5  # a worker told to stop has this long to end before it is killed
THUMB_WIDTH = 480  # pixels: shown 240 CSS px wide or more, sharp on high-density screens
LAYOUT_NAMES = {
    "players": N_("six players"),
    "series": N_("six-game series"),
    "half": N_("six-game cards, two to a sheet"),
}


class JobKind(enum.StrEnum):
    RULES = "rules"  # a rule sheet
    SCORESHEET = "scoresheet"  # a blank score sheet
    RECORDS = "records"  # example records filled in
    PAGE = "page"  # a rules page (HTML)
    SCOREKEEPER = "scorekeeper"  # a scorekeeper page (HTML)
    APP = "app"  # the offline web app: manifest, icon, service worker


WEB_PAGES = (JobKind.PAGE, JobKind.SCOREKEEPER, JobKind.APP)  # web files, rendered in the parent, no preview
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,199}")  # a variant's name and its house rules (Rules.slug)
_SLUG = SLUG.pattern
_PAPER = "|".join(paper_suffix(paper) for paper in PAPERS)
BUILT_NAME = re.compile(  # every name a plan gives its files, and nothing else: no scheme, no folder up
    r"(?:[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?/)?"  # a language's folder (fr/, pt-BR/); English has none
    rf"(?:rules-{_SLUG}(?:{_PAPER})\.pdf|rules-{_SLUG}\.html|scorekeeper-{_SLUG}\.html"
    rf"|scoresheet-(?:{'|'.join(LAYOUTS)})-{_SLUG}-(?:{'|'.join(PAPERS)})(?:-half)?(?:-fillable)?\.pdf"
    rf"|records/[A-Za-z0-9][A-Za-z0-9_.-]{{0,199}}(?:{_PAPER})\.pdf)"
)
CARD_TITLES = {
    "players": N_("Score sheet, %(players)s players"),
    "series": N_("Six-game card"),
    "half": N_("Six-game cards, two to a sheet"),
}


def _card_title(layout: str) -> str:
    return _(CARD_TITLES[layout], players=COLUMNS)


def lang_folder(lang: str) -> str:
    """Where a language's files go in the output folder: English at the top, the others in LANG/."""
    return "" if lang == DEFAULT else f"{lang}/"


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
    links: tuple[str, ...] = ()  # a page's sibling files it may link to; the app's files to keep offline
    lang: str = DEFAULT  # the language of every word the job prints
    langs: tuple[str, ...] = ()  # the build's languages, which a web page links to
    print_size: str = "standard"  # "large": the large-print rule sheet or blank score sheet
    game: str = DEFAULT_GAME  # a built-in game's id, or a game file's absolute path
    meta: tuple[dict[str, str], ...] = field(default=(), compare=False, hash=False)  # one per output

    @property
    def rules(self) -> Rules:
        return load_rules(self.variant, self.house_rules, game=load_game(self.game))

    def inputs_hash(self) -> str:
        """Everything the job's files depend on: code, templates (catalogs too), the rendering libraries'
        versions, the SOURCE_DATE_EPOCH the user set, options, data files.

        Data files count by their names and bytes, never by where they lie, so the same build made
        from another folder (another checkout, another working folder) gives the same hash, which the
        manifest keeps. An English job hashes as if there were no languages.
        """
        digest = hashlib.sha256(cache.environment_hash().encode())
        fields = asdict(self)
        if self.lang == DEFAULT and self.langs in ((), (DEFAULT,)):
            del fields["lang"], fields["langs"]
        if self.print_size == "standard":  # standard sheets hash as before there was large print
            del fields["print_size"]
        if self.game == DEFAULT_GAME:  # and Yahtzee's as before there were other games
            del fields["game"]
        else:
            fields["game"] = _file_name(self.game)
        fields["variant"] = _file_name(self.variant)
        fields["records"] = [_file_name(path) for path in self.records]
        fields["depends"] = [_file_name(path) for path in self.depends]
        digest.update(json.dumps({"date": user_date_epoch(), "job": fields}, sort_keys=True).encode())
        for path in (self.variant, self.game, *self.records, *self.depends):
            if path.endswith((".toml", ".json")):
                digest.update(Path(path).read_bytes())
        return digest.hexdigest()

    @property
    def files(self) -> list[str]:
        """Every file the job writes: its outputs, and a preview of each PDF."""
        if self.kind in WEB_PAGES:
            return list(self.outputs)
        return [*self.outputs, *(_thumb_name(o) for o in self.outputs)]


def _file_name(path: str) -> str:
    """A data file's name without its folder (its bytes are hashed apart); a built-in variant's name."""
    return Path(path).name if Path(path).is_absolute() else path


def _thumb_name(output: str) -> str:
    """thumbs/NAME.png for English, LANG/thumbs/NAME.png beside a language's own index."""
    lang, _sep, rest = output.partition("/")
    if rest and lang != DEFAULT and lang in languages():
        return f"{lang}/{_thumb_name(rest)}"
    return f"thumbs/{output.removesuffix('.pdf').replace('/', '-')}.png"


def _describe(
    rules: Rules,
    kind: str,
    paper: str,
    layout: str = "",
    card: str = "",
    fillable: bool = False,
    large: bool = False,
) -> dict[str, str]:
    """What the index page says about a file: its variant, and a human label, "card · option"."""
    options = [*([_("fillable form")] if fillable else []), *([_("large print")] if large else [])]
    option = " · ".join([paper_label(paper), *options])
    card = card or kind
    return {
        "variant": rules.name,
        "title": rules.title,
        "slug": rules.slug,
        "summary": difference(rules),
        "house_rules": ", ".join(rule.label for rule in rules.house_rules) or _("none"),
        "kind": kind,
        "paper": paper_label(paper),
        "layout": _(LAYOUT_NAMES[layout]) if layout in LAYOUT_NAMES else "",
        "card": card,
        "option": option,
        "label": f"{card} · {option}" if option else card,
    }


def _sheet_jobs(spec: str, house_rules: tuple[str, ...], game: str = DEFAULT_GAME) -> Iterator[Job]:
    rules = load_rules(spec, house_rules, game=load_game(game))
    yield from (dataclasses.replace(job, game=game) for job in _rules_jobs(spec, house_rules, rules))


def _rules_jobs(spec: str, house_rules: tuple[str, ...], rules: Rules) -> Iterator[Job]:
    rule_sheets = tuple(rules_file_name(rules.slug, paper) for paper in PAPERS)
    keeper = scorekeeper_file_name(rules.slug)
    meta = (_describe(rules, _("Rules page"), ""),)
    links = (*rule_sheets, keeper)
    yield Job(JobKind.PAGE, spec, house_rules, "", (rules_page_name(rules.slug),), links=links, meta=meta)
    meta = (_describe(rules, _("Scorekeeper (web page)"), "") | {"paper": "screen"},)
    yield Job(JobKind.SCOREKEEPER, spec, house_rules, "", (keeper,), meta=meta)
    for paper, name in zip(PAPERS, rule_sheets, strict=True):
        meta = (_describe(rules, _("Rule sheet"), paper),)
        yield Job(JobKind.RULES, spec, house_rules, paper, (name,), meta=meta)
    layouts = layouts_for(rules.game)
    for paper in PAPERS:
        for layout in layouts:
            for fillable in (False, True):
                yield _scoresheet_job(spec, house_rules, rules, paper, layout, fillable)
        for fillable in (False, True) if "series" in layouts else ():  # the pad's half cards, two a sheet
            yield _scoresheet_job(spec, house_rules, rules, paper, "series", fillable, card="half")
    # After the standard prints, so that each card lists (and previews) its standard sheet first.
    yield from _large_print_jobs(spec, house_rules, rules)


def _large_print_jobs(spec: str, house_rules: tuple[str, ...], rules: Rules) -> Iterator[Job]:
    """The large-print set: the rule sheet and both score sheets, blank and fillable, on each paper,
    listed on the index beside their standard prints."""
    for paper in PAPERS:
        name = rules_file_name(rules.slug, paper, "large")
        meta = (_describe(rules, _("Rule sheet"), paper, large=True),)
        yield Job(JobKind.RULES, spec, house_rules, paper, (name,), meta=meta, print_size="large")
        for layout in layouts_for(rules.game):
            for fillable in (False, True):
                yield _scoresheet_job(spec, house_rules, rules, paper, layout, fillable, print_size="large")


def _scoresheet_job(
    spec: str,
    house_rules: tuple[str, ...],
    rules: Rules,
    paper: str,
    layout: str,
    fillable: bool,
    *,
    card: str = "full",
    print_size: str = "standard",
) -> Job:
    """One score sheet's job, named and described for the index: whole page or half cards, standard or
    large print."""
    large = print_size == "large"
    half = card == "half"
    name = scoresheet_file_name(rules.slug, layout, paper, fillable, card, print_size)
    if half:
        kind = _("Half-page cards, fillable") if fillable else _("Half-page cards")
    else:
        kind = _("Score sheet, fillable") if fillable else _("Score sheet")
    shown = "half" if half else layout
    meta = (_describe(rules, kind, paper, shown, _card_title(shown), fillable, large=large),)
    return Job(
        JobKind.SCORESHEET,
        spec,
        house_rules,
        paper,
        (name,),
        layout,
        fillable,
        card=card,
        meta=meta,
        print_size=print_size,
    )


# The examples' titles and their rules' (our-house.toml's), which a site in another language prints in
# its own words (tests/test_build.py keeps this list to the titles examples/ hold). A record of one's own
# keeps the titles it has.
EXAMPLE_TITLES = (
    N_("The scoring guide's card"),
    N_("Sunday"),
    N_("Thanksgiving series"),
    N_("Friday night"),
    N_("Yahtzee at our house"),
)


def example_title(title: str | None) -> str | None:
    """An example's title in the active language."""
    return _(title) if title in EXAMPLE_TITLES else title


def example_record(record: Record) -> Record:
    """An example as the site prints it: its title and its rules' title in the active language."""
    rules = dataclasses.replace(record.rules, custom_title=example_title(record.rules.custom_title))
    return dataclasses.replace(record, title=example_title(record.title), rules=rules)


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
        outputs = tuple(
            f"records/{file_stem(path.stem, 'record')}{paper_suffix(paper)}.pdf" for path in paths
        )
        records = [example_record(r) for r in records]
        titles = [r.title or path.stem for r, path in zip(records, paths, strict=True)]
        meta = tuple(
            _describe(r.rules, _("Filled example: %(title)s", title=title), paper, _record_layout(r))
            | {"card": title}
            for r, title in zip(records, titles, strict=True)
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


def app_job(jobs: Iterable[Job]) -> Job:
    """The offline web app (manifest, icon, service worker) for a site of `jobs`' files.

    The build makes it last: its worker names the copy it keeps by those files'
    names and bytes (`web.app.app_version`), so the name changes exactly when the site does.
    """
    files = tuple(dict.fromkeys(name for job in jobs for name in job.files))
    return Job(JobKind.APP, OFFICIAL.name, (), "", APP_FILES, links=files)


def _game_specs(
    games: Iterable[str], variants: Iterable[str], house_rules: tuple[str, ...]
) -> list[tuple[str, str, tuple[str, ...]]]:
    """(game, variant, house rules) for every set of sheets: Yahtzee under each variant (default all
    built-ins, variant files added), Triple Yahtzee under the variants named (default the official
    rules), and each game without Jokers under its own rules. With variants and no games named, the
    set is Yahtzee's alone, as it was before there were other games.

    House rules go to the games with Jokers; asked of a game without them, named by --game, they are
    refused (NotOfGameError), as `sheetgen rules --game` refuses them.
    """
    chosen = [str(Path(g).resolve()) if is_variant_file(g) else load_game(g).id for g in games]
    files = [str(Path(v).resolve()) for v in variants if is_variant_file(v)]
    names = [find_variant(v).name for v in variants if not is_variant_file(v)]
    specs = []
    for game_spec in dict.fromkeys(chosen or ([DEFAULT_GAME] if files or names else GAMES)):
        game = load_game(game_spec)
        if not game.takes_jokers:
            if chosen:
                Rules(house_rules=house_rules, game=game)  # refuses what does not belong
            specs.append((game_spec, OFFICIAL.name, ()))
            continue
        if game_spec == DEFAULT_GAME:
            own = [*dict.fromkeys(names or [v.name for v in VARIANTS]), *dict.fromkeys(files)]
        else:
            own = list(dict.fromkeys(names or [OFFICIAL.name]))
        specs += [(game_spec, spec, house_rules) for spec in own]
    return specs


def plan(
    variants: Iterable[str] = (),
    house_rules: Iterable[str] = (),
    langs: Iterable[str] = (DEFAULT,),
    games: Iterable[str] = (),
) -> list[Job]:
    """The jobs for the given games (default all built-ins) and variants, the examples, and the
    offline app, in each of `langs`.

    Built-in names choose among the built-ins; variant and game files are added to them.
    A language's jobs write the same file names as English's, under LANG/.
    """
    specs = _game_specs(games, variants, tuple(house_rules))
    langs = tuple(dict.fromkeys(langs))
    planned = []
    for lang in langs:
        with speaking(lang):
            sheets = (job for game, spec, rules in specs for job in _sheet_jobs(spec, rules, game))
            jobs = [*sheets, *_example_jobs()]
            jobs.append(app_job(jobs))  # each language its own app, over its own folder
        where = lang_folder(lang)
        planned += [
            dataclasses.replace(
                job,
                outputs=tuple(where + o for o in job.outputs),
                lang=lang,
                langs=langs if len(langs) > 1 else (),
            )
            for job in jobs
        ]
    return planned


def run_job(job: Job, kept: Mapping[str, str] | None = None) -> list[tuple[str, bytes, bytes | None]]:
    """Render one job (sheets in a worker, or from the cache): (output path, PDF, PNG thumbnail)
    per file, or (path, text, None) for a web page or an app file.

    `kept` is for the app: the SHA-256 of each file its worker keeps, by name (relative to its folder).
    """
    with speaking(job.lang):
        return _run_job(job, kept or {})


def _run_job(job: Job, kept: Mapping[str, str]) -> list[tuple[str, bytes, bytes | None]]:
    name = job.outputs[0].removeprefix(lang_folder(job.lang))
    if job.kind == JobKind.PAGE:
        from sheetgen.web.site import render_rules_page

        page = render_rules_page(job.rules, job.links, alternates(job.lang, job.langs, name))
        return [(job.outputs[0], page.encode(), None)]
    if job.kind == JobKind.SCOREKEEPER:
        from sheetgen.web.scorekeeper import render_scorekeeper

        page = render_scorekeeper(job.rules, site=True, alternates=alternates(job.lang, job.langs, name))
        return [(job.outputs[0], page.encode(), None)]
    if job.kind == JobKind.APP:
        from sheetgen.web.app import app_version, render_app

        app = render_app(app_version(kept, job.lang), job.links, job.lang)
        where = lang_folder(job.lang)
        return [(output, app[output.removeprefix(where)], None) for output in job.outputs]
    large = {"print_size": job.print_size} if job.print_size == "large" else {}  # standard keys as before
    if job.kind == JobKind.RULES:
        pdfs = [rulesheet_pdf(job.rules, job.paper, **large)]
    elif job.kind == JobKind.SCORESHEET:
        pdfs = [
            scoresheet_pdf(
                job.rules, job.layout or "players", job.paper, card=job.card, fillable=job.fillable, **large
            )
        ]
    else:
        from sheetgen.files.records import load_record
        from sheetgen.pdf.fill import Filler

        filler = Filler(job.paper, lang=job.lang)  # the examples in the site's language, not English
        records = [load_record(path) for path in job.records]
        pdfs = [filler.pdf([example_record(r)]) for r in records]
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


def stop_resource_tracker() -> None:
    """Stop multiprocessing's resource tracker, if the pool started one, and wait for it to end.

    Left alone, the tracker ends only when it reads end-of-file from its pipe,
    that is just after this process has exited: for a moment a process of the
    build outlives it. Python has no public call to stop it and wait, so this
    is the one place sheetgen calls a private one (tests/test_build_faults.py
    fails when it moves). Run it after multiprocessing's exit handlers, which
    unregister the pool's semaphores through the tracker.
    """
    resource_tracker._resource_tracker._stop()  # returns at once when no tracker runs


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
        _start_quiet_tracker()
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _start_quiet_tracker() -> None:
    """Start the resource tracker with /dev/null, not the user's terminal, as its standard error.

    When a build ends at once (a failed write, a signal) and the process leaves with os._exit,
    the pool's semaphores are never released by their finalizers: the tracker unlinks them
    itself, as it should, and says so in a warning of several lines after sheetgen's one line.
    The semaphores are gone either way; the warning is for Python's developers. The tracker
    inherits descriptor 2, so it is pointed elsewhere for the moment the tracker starts.
    """
    terminal = os.dup(2)
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 2)
        os.close(quiet)
        resource_tracker.ensure_running()
    finally:
        os.dup2(terminal, 2)
        os.close(terminal)


def _results(jobs: list[Job]) -> Iterator[list[tuple[str, bytes, bytes | None]]]:
    """Web pages render here, at once; sheets in the worker pool (or here, when there is only one)."""
    yield from (run_job(job) for job in jobs if job.kind in WEB_PAGES)
    jobs = [job for job in jobs if job.kind not in WEB_PAGES]
    if len(jobs) <= 1:
        yield from map(run_job, jobs)
        return
    longest_first = sorted(jobs, key=lambda job: job.kind != JobKind.RECORDS)  # fills render several blanks
    store = cache.open_cache()  # an unsafe folder is said once, here, and the workers go without
    others = set(multiprocessing.active_children())  # the program's own children, not the pool's
    pool = None
    try:
        with _interrupts_ignored(), cache.bypassed() if store is None else nullcontext():
            pool = _pool(len(jobs))
            futures = [pool.submit(run_job, job) for job in longest_first]  # spawns every worker
        for future in as_completed(futures):
            yield future.result()
    except BaseException:
        # A signal (even while the pool starts), a failed job, or the caller gone (a failed write
        # closes this generator): drop the queue and stop the workers now, not after their jobs, and
        # wait for them to end. The executor has no public way to stop a running job, or to list
        # its workers: they are the children started since `others`.
        workers = [child for child in multiprocessing.active_children() if child not in others]
        to_the_end(lambda: _stop_workers(pool, workers))
        raise
    pool.shutdown()


def _stop_workers(
    pool: ProcessPoolExecutor | None, workers: list[multiprocessing.process.BaseProcess]
) -> None:
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(STOP_SECONDS)
        if worker.is_alive():  # deep in a native call that ignores SIGTERM for now
            worker.kill()
            worker.join()
    if pool is not None:
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
    apps = [job for job in jobs if job.kind == JobKind.APP]  # last: named by the other files' bytes
    pending, hashes = [], {}
    for job in jobs:
        if job.kind != JobKind.APP:
            hashes[job] = job.inputs_hash()
            if _reused(folder, job, manifest, hashes[job], result):
                continue
            pending.append(job)
    by_output = {output: job for job in jobs for output in job.outputs}
    staged: list[str] = []

    def keep(outputs: list[tuple[str, bytes, bytes | None]]) -> None:
        """A job's new files into the staging folder, and into the manifest."""
        for output, data, png in outputs:
            job = by_output[output]
            entry = {**(job.meta[job.outputs.index(output)] if job.meta else {}), "hash": hashes[job]}
            for name, content, prefix in ((output, data, ""), (_thumb_name(output), png, "thumb_")):
                if content is not None:  # web pages have no preview
                    _stage(staging, folder, name, content)
                    staged.append(name)
                    entry |= {f"{prefix}bytes": str(len(content)), f"{prefix}sha256": _sha256(content)}
            manifest[output] = entry
            result.written.append(output)

    try:
        if pending:
            staging.mkdir()  # fails at once in a folder that cannot be written
        with (
            closing(_results(pending)) as rendered,
            report.progress(rendered, "Rendering", len(pending)) as results,
        ):
            for outputs in results:
                keep(outputs)
        for app in apps:
            kept = _digests(app, manifest)
            hashes[app] = _sha256(json.dumps([app.inputs_hash(), kept], sort_keys=True).encode())
            if not _reused(folder, app, manifest, hashes[app], result):
                keep(run_job(app, kept))
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
    langs = tuple(dict.fromkeys(job.lang for job in jobs)) or (DEFAULT,)
    for lang in langs:
        where = lang_folder(lang)
        own = {path.removeprefix(where): meta for path, meta in current.items() if _language_of(path) == lang}
        with speaking(lang):
            index = index_page(
                own, folder / where, alternates(lang, langs if len(langs) > 1 else (), "index.html")
            )
        path = folder / where / "index.html"
        if not path.is_file() or path.read_bytes() != index.encode():
            write_atomic(path, index.encode())
    result.seconds = time.perf_counter() - start
    return result


def _reused(
    folder: Path, job: Job, manifest: dict[str, dict[str, str]], digest: str, result: BuildResult
) -> bool:
    """Whether every file of `job` can stay as it is (then counted as reused)."""
    if all(_reusable(folder, output, manifest.get(output), digest) for output in job.outputs):
        result.reused.extend(job.outputs)
        return True
    return False


def _digests(app: Job, manifest: dict[str, dict[str, str]]) -> dict[str, str]:
    """The SHA-256 of each file the app keeps, by its name relative to the app's folder."""
    where = lang_folder(app.lang)
    found = {}
    for output, entry in manifest.items():
        found[output] = entry.get("sha256", "")
        if "thumb_sha256" in entry:
            found[_thumb_name(output)] = entry["thumb_sha256"]
    return {name: found.get(where + name, "") for name in app.links}


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


def _language_of(path: str) -> str:
    """The language a file in the output folder is in: its first folder's, or English."""
    first, _sep, rest = path.partition("/")
    return first if rest and first != DEFAULT and first in languages() else DEFAULT


def index_page(files: dict[str, dict[str, str]], folder: Path, links: list[Alternate] | None = None) -> str:
    """The site's front page: a section per variant with its pages and downloads, then the examples.

    `files` are the paths of one language, relative to its folder (`folder`). The app's own
    files are the site's machinery, not documents: not listed.
    """
    files = {path: meta for path, meta in files.items() if path not in APP_FILES}
    thumbs = {path: _thumb_name(path) for path in files if path.endswith(".pdf")}
    return render_index(files, folder, thumbs, links or [])
