"""What the tests share, in one place: the project's paths, the worked card, the command line run in
a folder (click's runner in-process, or the real `sheetgen` in a subprocess), blank sheets and rule
sheets rendered once per run, the site every site test reads, a simulated game, and the WeasyPrint
warning check.

Test modules import from here (and from `browsing` for the browser); never from one another or from
`conftest`, which holds only fixtures and hooks.
"""

from __future__ import annotations

import io
import json
import logging
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import chdir, contextmanager, nullcontext, suppress
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from sheetgen.cli import cli
from sheetgen.rules.boxes import COLUMNS, DICE_COUNT, FACES, Box
from sheetgen.rules.scoring import ScoreCard, score_in_box
from sheetgen.rules.simulate import roll_turn
from sheetgen.rules.variants import Rules

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
DATA = TESTS / "data"
EXAMPLES = ROOT / "examples"
TEMPLATES = ROOT / "templates"
OUR_HOUSE = EXAMPLES / "our-house.toml"  # the shipped custom variant

# The scoring guide's worked card (RULES.md): 69 + 35 upper, 191 lower, with one bonus 395.
WORKED_CARD = {
    "aces": 2, "twos": 8, "threes": 9, "fours": 12, "fives": 20, "sixes": 18, "three_of_a_kind": 24,
    "four_of_a_kind": 0, "full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": 50,
    "chance": 22,
}  # fmt: skip
WORKED_TOTALS = {  # what the worked card's computed rows show, as a sheet's fields hold them: 395 in all
    "upper_subtotal": "69",
    "upper_bonus": "35",
    "upper_total": "104",
    "yahtzee_bonus": "100",
    "lower_total": "291",
    "upper_total_again": "104",
    "grand_total": "395",
}
PAPER_SIZES = {"letter": (612, 792), "a4": (595, 842)}  # width and height in PDF points
# The end of the one-line error for an unknown name, as every command prints it.
KNOWN_VARIANTS = "known variants: official, c2406, free-choice"
KNOWN_HOUSE_RULES = (
    "known house rules: five-of-a-kind-full-house, one-die-start, five-dice-start, series, scratch-any-box"
)
CONTRADICTING_STARTS = "Error: house rules one-die-start and five-dice-start contradict each other"
# The longest rules of each variant: every house rule that adds words, and the start it does not have.
LONGEST = {
    "official": ("five-of-a-kind-full-house", "scratch-any-box", "series", "one-die-start"),
    "c2406": ("five-of-a-kind-full-house", "scratch-any-box", "series", "five-dice-start"),
    "free-choice": ("five-of-a-kind-full-house", "scratch-any-box", "series", "one-die-start"),
}


@cache
def longest_sheets(lang: str) -> tuple[tuple[str, str], ...]:
    """The (variant, paper) of a language's longest rule sheets laid out by the tests: the fullest of
    the three variants on both papers, the other two on one paper each, Letter and A4 taking turns
    from one language to the next, so every variant meets both papers across the languages."""
    from sheetgen.files.locales import languages, speaking
    from sheetgen.rules.rulebook import rule_sheet
    from sheetgen.rules.variants import builtin_rules

    with speaking(lang):
        fullest = max(LONGEST, key=lambda v: len(rule_sheet(builtin_rules(v, LONGEST[v])).text))
    turn = languages().index(lang)
    pairs = []
    for n, variant in enumerate(LONGEST):
        papers = ("letter", "a4") if variant == fullest else (("letter", "a4")[(turn + n) % 2],)
        pairs += [(variant, paper) for paper in papers]
    return tuple(pairs)


# ---- the command line


def run_cli(args: Sequence[str | Path], cwd: Path | None = None, **options) -> Result:
    """`sheetgen ARGS` through click's runner, in `cwd` or else a fresh empty folder, so relative paths
    (and the default output/ folder) never land in the working tree. An exception other than the exit
    propagates with its traceback, unless `catch_exceptions=True`; other options go to `CliRunner.invoke`."""
    options.setdefault("catch_exceptions", False)
    options.setdefault("prog_name", "sheetgen")  # usage lines name the command as a user types it
    with tempfile.TemporaryDirectory() if cwd is None else nullcontext(cwd) as folder, chdir(folder):
        return CliRunner().invoke(cli, list(map(str, args)), **options)


SHEETGEN = [sys.executable, "-m", "sheetgen"]
# After Ctrl-C: 130, or 0 if it came after the work was done, or death by the signal
# itself if it came while Python was still starting (before it handles SIGINT).
STOPPED = (130, 0, -signal.SIGINT)


def run_sheetgen(
    args: list[str],
    cwd: Path,
    limit_bytes: int | None = None,
    seconds: float = 300,
    program: Sequence[str] = SHEETGEN,
    env: dict[str, str] | None = None,
    umask: int | None = None,
) -> subprocess.CompletedProcess:
    """The real command line; `limit_bytes` caps the size of any file it writes, as a full disk would;
    `env` and `umask`, when given, are its environment and umask.

    It runs in a session of its own: if it has not ended after `seconds`, the whole session (workers
    too) is killed and the test fails, so a hang fails rather than blocking the suite.
    """

    def limit() -> None:
        if umask is not None:
            os.umask(umask)
        if limit_bytes is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    process = subprocess.Popen(
        [*program, *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=limit if (limit_bytes, umask) != (None, None) else None,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        pytest.fail(f"sheetgen {' '.join(args)[:200]} still running after {seconds} s: {stderr[-2000:]}")
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def blob(page: str) -> dict:
    """A scorekeeper page's model: the JSON its scripts read."""
    match = re.search(r'<script type="application/json" id="model">(.*?)</script>', page, re.S)
    assert match
    return json.loads(match.group(1))


def latin1_locale() -> str:
    """A Latin-1 locale this machine has (as `locale -a` names it), else C: plain ASCII."""
    names = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    return next((n for n in names if n.lower().replace("-", "").endswith((".iso88591", ".latin1"))), "C")


def assert_one_line(result: subprocess.CompletedProcess, *phrases: str) -> None:
    """Exit 2, no traceback, one line on stderr holding every phrase."""
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    for phrase in phrases:
        assert phrase in line, line


# ---- folders


def folder_files(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, by relative path, with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def temporaries(folder: Path) -> list[str]:
    """What an interrupted write could leave: temporary files and the build's staging folder."""
    return [p.name for p in folder.rglob("*") if p.name.endswith(".tmp") or p.name == ".sheetgen-staging"]


@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """`folder` made read-only: by its mode, or as root (who ignores modes) by a read-only bind mount."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    mounted = subprocess.run(["mount", "--bind", folder, folder], capture_output=True).returncode == 0
    if not mounted or subprocess.run(["mount", "-o", "remount,ro,bind", folder]).returncode != 0:
        if mounted:
            subprocess.run(["umount", folder])
        pytest.skip("running as root without the right to mount: no way to make a folder read-only")
    try:
        yield
    finally:
        subprocess.run(["umount", folder], check=True)


# ---- sheets


def blank_sheet(
    layout: str = "players",
    paper: str = "letter",
    *,
    fillable: bool = False,
    columns: int | None = None,
    names: tuple[str, ...] = (),
    card: str = "full",
    variant: str = "official",
    house_rules: tuple[str, ...] = (),
    lang: str = "en",
    print_size: str = "standard",
) -> bytes:
    """A blank score sheet, rendered once per run and shared by every test that reads it (through the
    run's sheet cache, so the other test worker reads what one rendered)."""
    if columns is None and not names:  # the sheet's own default, spelled out so both share one render
        columns = COLUMNS if layout == "players" else 1
    return _blank_sheet(
        layout, paper, fillable, columns, tuple(names), card, variant, tuple(house_rules), lang, print_size
    )


@cache
def _blank_sheet(
    layout, paper, fillable, columns, names, card, variant, house_rules, lang, print_size
) -> bytes:
    from sheetgen.files.locales import speaking
    from sheetgen.files.variants import load_rules
    from sheetgen.pdf.cached import scoresheet_pdf

    rules = load_rules(variant, house_rules)
    with speaking(lang):
        return scoresheet_pdf(
            rules,
            layout,
            paper,
            columns=columns,
            names=names,
            card=card,
            fillable=fillable,
            print_size=print_size,
        )


@cache
def rule_sheet_pdf(rules: Rules, paper: str, lang: str = "en", print_size: str = "standard") -> bytes:
    """A rule sheet in `lang`, rendered once per run and shared by every test that reads it (through the
    run's sheet cache, as blank_sheet)."""
    from sheetgen.files.locales import speaking
    from sheetgen.pdf.cached import rulesheet_pdf

    with speaking(lang):
        return rulesheet_pdf(rules, paper, print_size=print_size)


HYPHEN = "\u2010"  # WeasyPrint's hyphenate-character: a break it made, never a hyphen of the text
BREAK_MIN = 3  # letters a typesetter leaves either side of a break
BREAKS_IN_A_ROW = 2  # hyphenated lines one after another, at most
KEPT_WHOLE = re.compile(r"yahtzee|\d", re.IGNORECASE)  # never broken into: the game's name, a figure


def hyphenation_faults(text: str) -> list[str]:
    """The line breaks in `text` (pdftotext's lines) a typesetter would refuse, one line each: fewer than
    three letters either side of a hyphenated break, a break inside Yahtzee or a figure, or more than two
    hyphenated lines in a row."""
    lines = [line.strip() for line in text.splitlines()]
    faults, row = [], 0
    for number, line in enumerate(lines):
        row = row + 1 if line.endswith(HYPHEN) else 0
        if not row:
            continue
        after = lines[number + 1] if number + 1 < len(lines) else ""
        head = re.split(r"[\s/-]", line[:-1])[-1]
        tail = re.split(r"[\s/-]", after)[0]
        shown = f"{head}{HYPHEN}/{tail}"
        if min(len(re.sub(r"\W", "", head)), len(re.match(r"\w*", tail)[0])) < BREAK_MIN:
            faults.append(f"fewer than {BREAK_MIN} letters: {shown}")
        if KEPT_WHOLE.search(head + tail):
            faults.append(f"broken inside: {shown}")
        if row > BREAKS_IN_A_ROW:
            faults.append(f"{row} hyphenated lines in a row, to {shown}")
    return faults


# Fillable sheets filled as another program fills them: pypdf writes values by full field name.


def full_name(field) -> str:
    """A form field's full name: its own partial name after its parents' (`p1` + `aces`); a widget
    without a name of its own (one of a field's widgets on several pages) has its field's."""
    parts = []
    while field is not None:
        if "/T" in field:
            parts.append(str(field["/T"]))
        field = field["/Parent"].get_object() if "/Parent" in field else None
    return ".".join(reversed(parts))


def form_widgets(reader) -> dict[str, object]:
    """Every field that has a widget on a page, by full name."""
    widgets = [a.get_object() for page in reader.pages for a in page.get("/Annots", [])]
    return {full_name(widget): widget for widget in widgets}


def tab_widgets(pdf: bytes, number: int = 0) -> list[tuple[str, tuple[float, float, float, float], bool]]:
    """Page `number`'s widgets (from 0, the first) in /Annots order, as `sheetgen.forms.taborder` takes them:
    full name, rectangle (x0 <= x1, y0 <= y1), and whether it takes typing (computed rows are read-only).
    """
    import pypdf

    from sheetgen.forms.maker import READ_ONLY

    found = []
    for annotation in pypdf.PdfReader(io.BytesIO(pdf)).pages[number]["/Annots"]:
        field = annotation.get_object()
        x0, y0, x1, y1 = (float(v) for v in field["/Rect"])
        flags = field.get("/Ff", field["/Parent"].get("/Ff", 0) if "/T" not in field else 0)
        writable = not int(flags) & READ_ONLY
        found.append((full_name(field), (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), writable))
    return found


def fill(pdf: bytes, values: dict[str, str]) -> bytes:
    """The sheet with its fields set by name, as pypdf (or a viewer) would save it."""
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    for page in writer.pages:
        names = {full_name(a.get_object()) for a in page.get("/Annots", [])}
        own = {k: v for k, v in values.items() if k in names}
        if own:
            writer.update_page_form_field_values(page, own, auto_regenerate=False)
    assert set(values) <= set(writer.get_fields() or {}), set(values) - set(writer.get_fields())
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def xfdf(values: dict[str, str]) -> str:
    """The fields' values as an XFDF file, the form data pdftk's fill_form (and Acrobat) read."""
    from xml.sax.saxutils import escape

    fields = "".join(
        f'<field name="{escape(k)}"><value>{escape(v)}</value></field>' for k, v in values.items()
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>{fields}</fields></xfdf>'
    )


def values_only(pdf: bytes, values: dict[str, str]) -> bytes:
    """The sheet with each named field's /V set and no appearance made, for a program to draw them."""
    import pypdf
    from pypdf.generic import NameObject, TextStringObject

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    for page in writer.pages:
        own = {full_name(a.get_object()): a.get_object() for a in page.get("/Annots", [])}
        for name, value in values.items():
            if name in own:
                own[name][NameObject("/V")] = TextStringObject(value)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def column_values(prefix: str, boxes: dict[str, int], bonuses: int, ticks: bool = False) -> dict[str, str]:
    """One column's boxes and extra Yahtzees as field values: a count, or that many ticks."""
    values = {prefix + box: str(score) for box, score in boxes.items()}
    if bonuses:
        values[prefix + "yahtzee_bonus_ticks"] = "\u2713" * bonuses if ticks else str(bonuses)
    return values


def field_rectangles(pdf: bytes, number: int = 0) -> tuple[dict[str, list[float]], float, float]:
    """Each field's rectangle on page `number` (from 0) by full name, and the page's width and height,
    in points: where a test clicks in a viewer."""
    import pypdf

    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[number]
    rects = {}
    for annotation in page["/Annots"]:
        x0, y0, x1, y1 = (float(v) for v in annotation.get_object()["/Rect"])
        rects[full_name(annotation.get_object())] = [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]
    return rects, float(page.mediabox.width), float(page.mediabox.height)


def rasterize(pdf: bytes, page: int = 0, dpi: int = 72):
    """One page as a greyscale PIL image, 1 pixel per point at 72 dpi."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        bitmap = document[page].render(scale=dpi / 72, grayscale=True)
        return bitmap.to_pil().convert("L")
    finally:
        document.close()


# ---- measuring a PDF (PDFium): what the print checks read from the file itself, in points


PDFIUM_SIZE = 0.75  # PDFium reports WeasyPrint's font sizes in CSS pixels: 0.75 pt each


@dataclass(frozen=True)
class Char:
    """One printed character: its box (origin bottom-left, as in PDF), its baseline and its size in points."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    baseline: float


@dataclass(frozen=True)
class PrintedPage:
    """One page as printed: its size, every character, and the box of every mark (text, path, image)."""

    width: float
    height: float
    chars: tuple[Char, ...]
    marks: tuple[tuple[float, float, float, float], ...]

    def find(self, text: str) -> list[tuple[Char, ...]]:
        """Every run of characters spelling `text` (spaces and line breaks between them ignored)."""
        wanted = "".join(text.split())
        printed = [c for c in self.chars if c.text.strip()]
        letters = "".join(c.text for c in printed)
        found, start = [], letters.find(wanted)
        while start >= 0:
            found.append(tuple(printed[start : start + len(wanted)]))
            start = letters.find(wanted, start + 1)
        return found


@cache
def printed_pages(pdf: bytes) -> tuple[PrintedPage, ...]:
    """Every page of `pdf` measured once: characters with their sizes, and every mark's box."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium

    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    document = pypdfium2.PdfDocument(pdf)
    pages = []
    try:
        for page in document:
            text = page.get_textpage()
            chars = []
            for index in range(text.count_chars()):
                letter = text.get_text_range(index, 1)
                x0, y0, x1, y1 = text.get_charbox(index)
                size = pdfium.FPDFText_GetFontSize(text, index) * PDFIUM_SIZE
                pdfium.FPDFText_GetCharOrigin(text, index, ctypes.byref(origin_x), ctypes.byref(origin_y))
                chars.append(Char(letter, x0, y0, x1, y1, size, origin_y.value))
            marks = tuple(
                obj.get_bounds() for obj in page.get_objects() if obj.type != pdfium.FPDF_PAGEOBJ_FORM
            )
            pages.append(PrintedPage(page.get_width(), page.get_height(), tuple(chars), marks))
    finally:
        document.close()
    return tuple(pages)


def lines_of(chars: Sequence[Char]) -> list[list[Char]]:
    """Characters grouped into printed lines (one baseline each, within a point), top line first."""
    lines: list[list[Char]] = []
    for char in sorted((c for c in chars if c.text.strip()), key=lambda c: (-round(c.baseline), c.x0)):
        if lines and abs(lines[-1][0].baseline - char.baseline) < 1.0:
            lines[-1].append(char)
        else:
            lines.append([char])
    return lines


# ---- WeasyPrint's warnings


# A machine without the HarfBuzz-Subset library makes WeasyPrint say so on every render: not a fault of
# the document, so not a failure.
MACHINE_WARNINGS = ("HarfBuzz-Subset",)


class WeasyPrintLog(logging.Handler):
    """Every record the `weasyprint` logger emits at WARNING or above while installed.

    sheetgen quiets that logger to ERROR while it renders (`weasy.QUIET_BELOW`); the tests lower that
    to WARNING, so an unknown CSS property, a missing font or a refused URL is a failure, as WeasyPrint's
    own `assert_no_logs` makes it.
    """

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not any(known in record.getMessage() for known in MACHINE_WARNINGS):
            self.records.append(record)

    @contextmanager
    def installed(self) -> Iterator[WeasyPrintLog]:
        from sheetgen.pdf import weasy

        logger = logging.getLogger("weasyprint")
        quiet_below, level = weasy.QUIET_BELOW, logger.level
        weasy.QUIET_BELOW = logging.WARNING
        logger.setLevel(logging.WARNING)
        logger.addHandler(self)
        try:
            yield self
        finally:
            logger.removeHandler(self)
            logger.setLevel(level)
            weasy.QUIET_BELOW = quiet_below

    def take(self) -> list[str]:
        """The messages logged so far, which the test expected: taken, so they fail nothing."""
        messages = [r.getMessage() for r in self.records]
        self.records.clear()
        return messages

    def check(self) -> None:
        """Fail the test with the messages, if there are any."""
        if self.records:
            messages = "; ".join(f"{r.levelname}: {r.getMessage()}" for r in self.records)
            pytest.fail(f"WeasyPrint logged {len(self.records)} warning(s): {messages}", pytrace=False)


# ---- the built site


@dataclass(frozen=True)
class Site:
    """The one site the tests build (the `site` fixture): where, from which jobs, what the build said,
    what it wrote, and how long it took."""

    folder: Path
    jobs: list
    result: object  # the build's BuildResult
    files: dict[str, bytes]
    seconds: float


def site_jobs() -> list:
    """The jobs of the one site the tests build, a superset of what each site test reads:

    - all that `sheetgen build --variant official` makes (every sheet, the filled examples), first, so
      that command rebuilds the site as it is (the fault tests run it on copies);
    - examples/our-house.toml's pages and rule sheets, and its Letter sheets (a custom variant's files),
      none of them large print, which the official set holds;
    - the scorekeeper page of each other built-in variant.
    """
    from sheetgen.build import plan

    official = plan(["official"])
    ours = [
        job
        for job in plan(["official", str(OUR_HOUSE)])
        if job.variant == str(OUR_HOUSE.resolve())
        and job.print_size == "standard"
        and (
            job.kind in ("page", "scorekeeper", "rules")
            or (job.kind == "scoresheet" and job.paper == "letter" and not job.fillable)
        )
    ]
    keepers = [job for job in plan() if job.kind == "scorekeeper" and job.variant != "official"]
    return [*official, *ours, *keepers]


def web_pages(folder: Path, lang: str, variant: str = "official") -> Path:
    """A variant's rules page and scorekeeper in `lang`, written into `folder` as `sheetgen build` writes
    them (its page jobs, none of its sheets): a language's pages without a build. The pages' folder."""
    from sheetgen.build import JobKind, plan, run_job

    for job in plan([variant], langs=(lang,)):
        if job.kind in (JobKind.PAGE, JobKind.SCOREKEEPER):
            for output, page, _ in run_job(job):
                path = folder / output
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(page)
    return folder / lang


def web_index(folder: Path, lang: str, previews: Path, variant: str = "official") -> Path:
    """A variant's index page in `lang`, written into `folder` as `sheetgen build` writes it, without
    rendering a sheet: the previews are those of an English build (its `thumbs` folder, `previews`),
    pictures of the same sheets in the same sizes. The page's path."""
    from sheetgen.build import JobKind, index_page, plan
    from sheetgen.files.locales import speaking

    where = folder / lang
    files = {
        output.removeprefix(f"{lang}/"): dict(meta)
        for job in plan([variant], langs=(lang,))
        if job.kind != JobKind.APP
        for output, meta in zip(job.outputs, job.meta, strict=True)
    }
    shutil.copytree(previews, where / "thumbs", dirs_exist_ok=True)
    with speaking(lang):
        page = index_page(files, where)
    (where / "index.html").write_text(page, encoding="utf-8")
    return where / "index.html"


def scorekeeper_urls(folder: Path, rules: dict[str, Rules]) -> dict[str, str]:
    """Each rules' scorekeeper page written into `folder` as KEY.html, by key, as file:// URLs."""
    from sheetgen.web.scorekeeper import render_scorekeeper

    urls = {}
    for key, chosen in rules.items():
        path = folder / f"{key}.html"
        path.write_text(render_scorekeeper(chosen), encoding="utf-8")
        urls[key] = path.as_uri()
    return urls


# ---- the scorekeeper's scripts in Node

AGREEMENT = TESTS / "js" / "agreement.mjs"


def node_answers(question: dict) -> dict:
    """The scorekeeper modules' answers to `question` (tests/js/agreement.mjs says what it may ask),
    from one `node` process."""
    node = shutil.which("node")
    if node is None:
        from browsing import missing

        missing("node is not installed")
    done = subprocess.run(
        [node, str(AGREEMENT)], input=json.dumps(question), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def saved_game(players: list[str], entries: list[dict], undo: list[dict], **fields: object) -> dict:
    """A game as the scorekeeper saves it in localStorage (store.mjs), with `fields` changed."""
    game = {
        "version": 1,
        "revision": 1,
        "id": "planted",
        "started": "2026-12-01T21:30:00.000Z",
        "rules": {"variant": "official", "house_rules": []},
        "players": players,
        "games": [{"entries": entries}],
        "undo": undo,
        "title": None,
        "date": None,
    }
    return game | fields


# ---- games


YAHTZEE_SHARE = 0.3  # of turns forced to five alike, so extra Yahtzees and Jokers come often


def play(rng: random.Random, rules: Rules) -> tuple[list[dict], list[dict]]:
    """One simulated game's turns and, per turn, the Python engine's answers."""
    card = ScoreCard()
    turns, answers = [], []
    for _ in Box:
        dice = roll_turn(rng)
        if rng.random() < YAHTZEE_SHARE:
            dice = (rng.choice(FACES),) * DICE_COUNT
        legal = card.legal_boxes(dice, rules)
        joker = card.is_joker(dice)
        # What card.score gives, without working out the legal boxes again for every box.
        scores = {
            box.value: score_in_box(dice, box, rules, joker=joker) if box in legal else None
            for box in card.open_boxes
        }
        box = rng.choice(legal) if rng.random() < 0.5 else max(legal, key=lambda b: scores[b.value])
        turn = {"dice": list(dice), "box": box.value}
        scratch = rules.scratch_any_box and rng.random() < 0.15
        if scratch:
            turn["scratch"] = True
        card = card.place(dice, box, rules, scratch=scratch)
        totals = card.totals
        answers.append(
            {
                "legal": [b.value for b in legal],
                "scores": scores,
                "totals": {
                    name: getattr(totals, name)
                    for name in (
                        "upper_subtotal",
                        "upper_bonus",
                        "upper_total",
                        "yahtzee_bonuses",
                        "yahtzee_bonus",
                        "lower_total",
                        "grand_total",
                    )
                },
            }
        )
        turns.append(turn)
    return turns, answers
