"""The `sheetgen` command.

The commands that draw nothing (score, schema, variants) import no PDF
library, so they start in a fraction of a second. SIGINT, SIGTERM and SIGHUP
unwind every command as Ctrl-C does (exit 130, 143, 129, no message), and no
error line is longer than MAX_LINE characters.
"""

from __future__ import annotations

import atexit
import io
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TypeVar

import click

from sheetgen import __version__
from sheetgen.errors import Interrupted, SheetgenError
from sheetgen.files import cache
from sheetgen.files.games import load_game
from sheetgen.files.inputs import run_inputs
from sheetgen.files.locales import (
    DEFAULT,
    find_language,
    languages,
    left_out,
    native_name,
    paper_for,
    speaking,
)
from sheetgen.files.output import (
    DEFAULT_OUTPUT_DIR,
    STDOUT,
    Reporter,
    check_destination,
    making,
    private_temporary_folder,
    rules_file_name,
    scorekeeper_file_name,
    scoresheet_file_name,
    write_output,
)
from sheetgen.files.variants import load_rules
from sheetgen.forms.reader import load_any_record, record_json
from sheetgen.layout.geometry import CARDS, LAYOUTS, NO_LARGE_HALF_CARDS, PAPERS
from sheetgen.pdf.cached import rulesheet_pdf, scoresheet_pdf
from sheetgen.rules.arguments import check_names, check_title
from sheetgen.rules.boxes import Total, sheet_rows
from sheetgen.rules.game import DEFAULT_GAME, GAMES
from sheetgen.rules.game import Game as GameRules
from sheetgen.rules.records import Game, Record, record_text
from sheetgen.rules.text import MAX_LINE, one_line, printable
from sheetgen.rules.variants import VARIANTS, HouseRule, Rules

PAPER = click.Choice(
    [p.value for p in PAPERS], case_sensitive=False
)  # "A4" or "a4"; the value is always lowercase
NAME_WIDTH = 14
ELLIPSIS = "…"  # where `score` cuts a long name
PROGRESS_FROM = 10  # records; fewer finish before a bar would be worth drawing


def _note(line: str) -> None:
    click.echo(one_line(line), err=True)


def _known_languages() -> tuple[str, ...]:
    """The known languages, after a notice for each catalog left out, so the user learns why one is
    missing; only where a command lists them, as the catalogs are read then."""
    for notice in left_out():
        _note(notice)
    return languages()


LANGUAGES = "{languages}"  # in a help text: the languages, read only when the help is shown


class ListsLanguages(click.Option):
    """An option whose help names the languages, filled in only when help is shown: other runs read no
    catalog."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None:
            return None
        return record[0], record[1].replace(LANGUAGES, ", ".join(_known_languages()))


def _progress_bar(least: int) -> Callable[[Iterable, str, int], AbstractContextManager[Iterable]]:
    """Click's progress bar on a terminal, for runs of at least `least` items."""

    def progress(items: Iterable, label: str, length: int) -> AbstractContextManager[Iterable]:
        if sys.stderr is not None and sys.stderr.isatty() and length >= least:  # None: stderr closed
            return click.progressbar(items, length=length, label=label, file=sys.stderr)
        return nullcontext(items)

    return progress


class UserError(click.ClickException):
    """Bad input: one escaped line of at most MAX_LINE characters on stderr, exit code 2, no traceback."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message, MAX_LINE - len("Error: ")))  # click puts "Error: " first


INTERRUPTED = 130  # the shell's code for a run ended by Ctrl-C
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
THREAD_SECONDS = 10  # at exit, a thread still running has this long to end
_stopped: list[int] = []  # the stop signal this process received, if any


def _stop(signum: int, _frame: object) -> None:
    """Unwind as Ctrl-C does, once: a second signal never cuts short the clean-up the first began."""
    if not _stopped:
        _stopped.append(signum)
        raise Interrupted(signum)


def _exit_code(interrupt: KeyboardInterrupt) -> int:
    return interrupt.exit_code if isinstance(interrupt, Interrupted) else INTERRUPTED


def _quiet_stdout() -> None:
    """The reader of standard output went away: drop what is still buffered, as other tools do."""
    with open(os.devnull, "wb") as null:
        os.dup2(null.fileno(), sys.stdout.fileno())


class Commands(click.Group):
    """The command group; a stop signal ends any command quietly with 128 + its number (Ctrl-C: 130).

    A broken pipe on standard output (`sheetgen rules -o - | head -c 4`) ends
    it quietly too, with exit code 2.
    """

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(f"Languages (--lang): {', '.join(_known_languages())}.")

    def make_context(self, *args: object, **kwargs: object) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt as interrupt:
            raise click.exceptions.Exit(_exit_code(interrupt)) from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as interrupt:
            raise click.exceptions.Exit(_exit_code(interrupt)) from None
        except BrokenPipeError:
            _quiet_stdout()
            raise click.exceptions.Exit(UserError.exit_code) from None


class OutputPath(click.ParamType):
    """An output path, checked when written (see output.check_destination); empty is an error."""

    name = "path"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        if isinstance(value, Path):
            return value
        if not isinstance(value, str) or not value.strip():
            raise UserError("-o/--output: the path is empty")
        if value != "-" and Path(value) == STDOUT:  # ./- is a file named "-"
            return Path(os.path.abspath(value))
        return Path(value)


@contextmanager
def user_errors() -> Iterator[None]:
    """Bad input and unwritable output become one-line errors."""
    try:
        yield
    except SheetgenError as error:
        raise UserError(str(error)) from None
    except BrokenPipeError:
        raise  # the reader went away: quiet, see Commands
    except OSError as error:
        where = printable(str(error.filename)) if error.filename else "sheetgen"
        raise UserError(f"{where}: {error.strerror or error}") from None


def warn_redundant(rules: Rules, where: str = "") -> None:
    """A house rule the variant already has is left out, and said so on one line."""
    if rules.redundancy_warning:
        _note(f"Warning: {where}{rules.redundancy_warning}")


def _title_unfit(error: Exception, title: str | None) -> SheetgenError:
    """A title that does not fit: blamed on --title only when the user gave one."""
    return SheetgenError(f"--title: {error}" if title is not None else str(error))


def _warn(line: str) -> None:
    """A sheet's printed total that its boxes do not add up to: said, and the boxes win."""
    click.echo(f"Warning: {line}", err=True)


def _check(path: Path) -> None:
    """Refuse a bad destination before the costly rendering."""
    with user_errors():
        check_destination(path)


def _write(path: Path, render: Callable[[], bytes]) -> None:
    """Render, then write; any failure on the way is one line naming `path`."""
    with user_errors():
        with making(path):
            data = render()
        write_output(path, data)
    if path != STDOUT:
        click.echo(printable(str(path)))


def _no_cache(context: click.Context, _parameter: click.Parameter, value: bool) -> None:
    if value:
        context.with_resource(cache.bypassed())  # through the environment, to build's workers too


no_cache_option = click.option(
    "--no-cache",
    is_flag=True,
    expose_value=False,
    callback=_no_cache,
    help=(
        "Render afresh, neither reading nor writing the cache of rendered sheets ($SHEETGEN_CACHE_DIR, "
        "else $XDG_CACHE_HOME/sheetgen, else ~/.cache/sheetgen or the system's own cache folder; "
        f"at most {cache.LIMIT_MB} MB, the least recently used dropped first). "
        "SHEETGEN_NO_CACHE=1 does the same."
    ),
)


def variant_options(command: Callable) -> Callable:
    """--variant and --house-rule, as every command that makes one sheet or page takes them."""
    command = click.option(
        "--house-rule", "house_rules", multiple=True, help="A house rule to add; repeatable."
    )(command)
    return click.option(
        "--variant", default="official", show_default=True, help="A built-in variant or a TOML file."
    )(command)


T = TypeVar("T")


def _found(
    finder: Callable[[str], T], prefix: str = ""
) -> Callable[[click.Context, click.Parameter, str | None], T | None]:
    """An option's callback: `finder`'s answer, or its one-line refusal and exit code 2."""

    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> T | None:
        if value is None:
            return None
        try:
            return finder(value)
        except SheetgenError as error:
            raise UserError(f"{prefix}{error}") from None

    return callback


def _game_option(**settings: object) -> Callable:
    """--game: a built-in game's id or a game file."""
    return click.option("--game", callback=_found(load_game, "--game: "), **settings)


game_option = _game_option(
    default=DEFAULT_GAME,
    show_default=True,
    help=f"The game: {', '.join(GAMES)}, or a game file (TOML). "
    "--variant and --house-rule belong to the games with Jokers: yahtzee and triple-yahtzee.",
)
record_game_option = _game_option(
    help=f"The game of a record that names none ({', '.join(GAMES)}; default yahtzee); "
    "a record of another game is refused.",
)


large_print_option = click.option(
    "--large-print",
    is_flag=True,
    help="Large print: 16 pt text, thick rules, half-inch rows, four players or three games to a page.",
)
paper_option = click.option(
    "--paper", type=PAPER, help="letter or a4; default letter in English, a4 in every other language."
)


lang_option = click.option(
    "--lang",
    cls=ListsLanguages,
    callback=_found(find_language),
    expose_value=True,
    help=f"The language of every printed word: {LANGUAGES} (default en).",
)


def _paper(paper: str | None, lang: str | None) -> str:
    return paper or paper_for(lang or DEFAULT)


@click.group(
    cls=Commands,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="sheetgen")
@click.pass_context
def cli(context: click.Context) -> None:
    """Printable Yahtzee sheets: rule sheets, score sheets, filled game records."""
    context.with_resource(run_inputs())  # this run's inputs, which no output of it may replace


@cli.command()
@click.argument("record", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the totals as JSON.")
@record_game_option
def score(record: Path, as_json: bool, game: GameRules | None) -> None:
    """Check a game record against its rules and print every row and total.

    RECORD is a JSON record, a filled-in fillable score sheet (PDF), or a
    record sheetgen fill printed (PDF), which carries its game as record.json.

    Example: sheetgen score examples/turns.json --json
    """
    with user_errors():
        checked = load_any_record(record, warn=_warn, game=game)
    warn_redundant(checked.rules, f"{record}: ")
    if as_json:  # UTF-8, as JSON is (RFC 8259), whatever the terminal's encoding, as `record -o -` writes
        click.echo(json.dumps(checked.to_json(), ensure_ascii=False).encode("utf-8"))
    else:
        click.echo(format_record(checked, _encodable(ELLIPSIS, "...")))


@cli.command()
@click.argument("sheet", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=OutputPath(), help="The JSON file to write; - for stdout.")
@record_game_option
def record(sheet: Path, output: Path | None, game: GameRules | None) -> None:
    """Read a filled-in fillable score sheet, or a filled record, and write the game record it holds.

    The record is checked first; without -o it is printed. Keep it, correct
    it, or print it with sheetgen fill.

    Example: sheetgen record filled.pdf -o game.json
    """
    if output is not None:
        _check(output)
    with user_errors():
        data = record_json(sheet, warn=_warn, game=game)
    text = record_text(data)
    _write(output or STDOUT, lambda: text.encode("utf-8"))


@cli.command()
def schema() -> None:
    """Print the game record format as a JSON Schema.

    Example: sheetgen schema > record.schema.json
    """
    from sheetgen.rules.schema import record_schema

    click.echo(json.dumps(record_schema(), indent=2))


@cli.command()
def games() -> None:
    """List the games, one line each: its id, then its name and card.

    Example: sheetgen games
    """
    width = max(map(len, GAMES))
    for game in GAMES.values():
        columns = f", {len(game.columns)} columns" if len(game.columns) > 1 else ""
        rules = "; variants and house rules apply" if game.takes_jokers else ""
        click.echo(f"{game.id:<{width}}  {game.title}: {len(game.boxes)} boxes{columns}{rules}")


@cli.command()
def variants() -> None:
    """List the built-in variants, the house rules and the languages, one line each.

    Example: sheetgen variants
    """
    width = max(len(name) for name in [*(v.name for v in VARIANTS), *(r.value for r in HouseRule)])
    for variant in VARIANTS:
        click.echo(f"variant     {variant.name:<{width}}  {variant.summary}")
    for rule in HouseRule:
        click.echo(f"house rule  {rule.value:<{width}}  {rule.summary}")
    for lang in _known_languages():
        click.echo(f"language    {lang:<{width}}  {native_name(lang)}")


@cli.command()
@click.option(
    "--layout",
    type=click.Choice([layout.value for layout in LAYOUTS]),
    help="players (default): one column per player, six to a page; series: one player's six-game card.",
)
@click.option(
    "--players",
    type=click.IntRange(1, 6),
    help="Columns sharing the page's width (players layout, default 6) or cards (series layout, default 1).",
)
@click.option("--names", help='Comma-separated names printed in the heads, e.g. "Ann,Bob".')
@click.option("--title", help="The sheet's heading instead of the variant's title.")
@click.option(
    "--card",
    type=click.Choice([card.value for card in CARDS]),
    default="full",
    show_default=True,
    help="half: two six-game cards to a sheet (Half Letter or A5), with a cut line; implies --layout series.",
)
@game_option
@variant_options
@paper_option
@lang_option
@click.option("--fillable", is_flag=True, help="Add a PDF form field to every write-in cell.")
@large_print_option
@click.option("-o", "--output", type=OutputPath(), help="The PDF to write; - for stdout.")
@no_cache_option
def scoresheet(
    layout: str | None,
    players: int | None,
    names: str | None,
    title: str | None,
    card: str,
    game: GameRules,
    variant: str,
    house_rules: tuple[str, ...],
    paper: str | None,
    lang: str | None,
    fillable: bool,
    large_print: bool,
    output: Path | None,
) -> None:
    """Write a blank score sheet: a column per player, or the classic six-game card.

    Up to six players share a page; more names split evenly over pages
    (eight: four and four); series: one card each, two to a sheet with
    --card half. Prints the path written, by default
    output/scoresheet-LAYOUT-VARIANT-PAPER.pdf (-half for half cards,
    -large before the paper for large print).

    Example: sheetgen scoresheet --names "Ann,Bob,Cy" --paper A4 --fillable --lang de
    """
    from sheetgen.errors import NameFitError, TitleFitError
    from sheetgen.layout.fitting import NAME_FONT
    from sheetgen.layout.glyphs import glyph_warning

    if card == "half":
        if layout == "players":
            raise UserError("--card half is the six-game card; use it with --layout series")
        layout = "series"
    layout = layout or "players"
    if large_print and card == "half":
        raise UserError(f"--large-print has no half cards: {NO_LARGE_HALF_CARDS}; drop --card half")
    paper = _paper(paper, lang)
    with user_errors():
        rules = load_rules(variant, house_rules, game=game)
    warn_redundant(rules)
    with user_errors():
        listed = [] if names is None else check_names(names.split(","), "--names")
        title = check_title(title, "--title")
    if players is not None and len(listed) > players:
        raise UserError(f"--names gives {len(listed)} names but --players is {players}")
    texts = [(f"--names, name {n}", name) for n, name in enumerate(listed, 1)]
    for where, text in [*texts, *([("--title", title)] if title else [])]:
        warning = glyph_warning(where, text, NAME_FONT)
        if warning:
            _note(f"Warning: {warning}")
    print_size = "large" if large_print else "standard"
    target = output or DEFAULT_OUTPUT_DIR / scoresheet_file_name(
        rules.slug, layout, paper, fillable, card, print_size
    )
    _check(target)

    def render() -> bytes:
        try:
            return scoresheet_pdf(
                rules,
                layout,
                paper,
                columns=players,
                names=listed,
                title=title,
                card=card,
                fillable=fillable,
                **({"print_size": print_size} if large_print else {}),  # a standard key stays as it was
            )
        except NameFitError as error:
            raise SheetgenError(f"--names: {error}") from None
        except TitleFitError as error:
            raise _title_unfit(error, title) from None

    with speaking(lang):
        _write(target, render)


@cli.command()
@click.argument("records", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=OutputPath(),
    help="A folder for one PDF per record (default output/), or a .pdf file (- for stdout) "
    "for one record or --combine.",
)
@click.option("--combine", is_flag=True, help="Put every record into one PDF.")
@paper_option
@click.option(
    "--card",
    type=click.Choice([card.value for card in CARDS]),
    default="full",
    show_default=True,
    help="half: a series prints its players' cards two to a sheet (Half Letter or A5).",
)
@lang_option
@large_print_option
@record_game_option
@no_cache_option
def fill(
    records: tuple[Path, ...],
    output: Path | None,
    combine: bool,
    paper: str | None,
    card: str,
    lang: str | None,
    large_print: bool,
    game: GameRules | None,
) -> None:
    """Print finished game records on the score sheet of their variant.

    RECORDS are JSON record files or folders of them, or filled-in fillable
    score sheets (PDF). Each record is checked
    first: an invalid one is reported in one line and nothing is written for
    it, the valid ones still print, and the exit code is then 2.

    In a folder, each record's PDF is named after the record file: r.json
    gives r.pdf. Records with the same name get their folder's name in front
    (a/x/r.json gives r.pdf, b/x/r.json gives x-r.pdf), then a number
    (c/x/r.json gives x-r-2.pdf), so no PDF of the run replaces another.

    Each record prints in --lang, else in its own "lang" (default en); the
    paper defaults to that of the first record's language. --large-print
    prints on the large-print sheet (r-large.pdf, r-large-a4.pdf).

    Example: sheetgen fill examples/ -o output/records
    """
    from sheetgen.pdf.batch import fill_records

    if large_print and card == "half":
        raise UserError(f"--large-print has no half cards: {NO_LARGE_HALF_CARDS}; drop --card half")
    print_size = "large" if large_print else "standard"
    with user_errors():
        report = Reporter(_note, click.echo, _progress_bar(PROGRESS_FROM))
        failures = fill_records(records, output, combine, paper, card, report, lang, print_size, game)
    if failures:
        sys.exit(UserError.exit_code)


@cli.command()
@game_option
@variant_options
@paper_option
@lang_option
@click.option("--title", help="The sheet's heading instead of the variant's title.")
@large_print_option
@click.option("-o", "--output", type=OutputPath(), help="The PDF to write; - for stdout.")
@no_cache_option
def rules(
    game: GameRules,
    variant: str,
    house_rules: tuple[str, ...],
    paper: str | None,
    lang: str | None,
    title: str | None,
    large_print: bool,
    output: Path | None,
) -> None:
    """Write the one-page rule sheet for a variant and its house rules.

    Prints the path written, by default output/rules-VARIANT[-HOUSE-RULES][-a4].pdf
    (-large before -a4 with --large-print, which runs onto as many pages as it needs).

    Example: sheetgen rules --variant c2406 --house-rule series --lang fr
    """
    from sheetgen.errors import TitleFitError

    paper = _paper(paper, lang)
    with user_errors():
        chosen = load_rules(variant, house_rules, game=game)
        warn_redundant(chosen)
        title = check_title(title, "--title")
    print_size = "large" if large_print else "standard"
    target = output or DEFAULT_OUTPUT_DIR / rules_file_name(chosen.slug, paper, print_size)
    _check(target)

    def render() -> bytes:
        try:  # a standard sheet's cache key stays as it was
            return rulesheet_pdf(
                chosen, paper, title=title, **({"print_size": print_size} if large_print else {})
            )
        except TitleFitError as error:
            raise _title_unfit(error, title) from None

    with speaking(lang):
        _write(target, render)


@cli.command()
@game_option
@variant_options
@lang_option
@click.option("-o", "--output", type=OutputPath(), help="The page to write; - for stdout.")
def scorekeeper(
    game: GameRules, variant: str, house_rules: tuple[str, ...], lang: str | None, output: Path | None
) -> None:
    """Write the scorekeeper: one HTML page that keeps score in the browser.

    It needs no network and works opened from disk; its Export button saves a
    record that `sheetgen score` checks and `sheetgen fill` prints.
    Prints the path written, by default output/scorekeeper-VARIANT[-HOUSE-RULES].html.

    Example: sheetgen scorekeeper --variant c2406 --house-rule series
    """
    from sheetgen.web.scorekeeper import render_scorekeeper

    with user_errors():
        chosen = load_rules(variant, house_rules, game=game)
    warn_redundant(chosen)
    target = output or DEFAULT_OUTPUT_DIR / scorekeeper_file_name(chosen.slug)
    _check(target)
    with speaking(lang):
        _write(target, lambda: render_scorekeeper(chosen).encode())


@cli.command()
@click.option(
    "-o",
    "--output",
    type=OutputPath(),
    default=Path("output"),
    show_default=True,
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    help="A built-in variant (limits the set) or a TOML file (adds one); without --game, Yahtzee's alone.",
)
@click.option("--house-rule", "house_rules", multiple=True, help="A house rule for every sheet; repeatable.")
@click.option(
    "--game",
    "games",
    multiple=True,
    help=f"A game ({', '.join(GAMES)}; limits the set) or a game file (adds one); repeatable. "
    "Default: every built-in game.",
)
@click.option(
    "--lang",
    "langs",
    cls=ListsLanguages,
    multiple=True,
    help=f"A language besides English, into DIR/LANG/; repeatable, or all: {LANGUAGES}.",
)
@no_cache_option
def build(
    output: Path,
    variants: tuple[str, ...],
    house_rules: tuple[str, ...],
    games: tuple[str, ...],
    langs: tuple[str, ...],
) -> None:
    """Write every downloadable sheet and the website into a folder.

    For each variant: the rule sheet, the six-player score sheet and the
    six-game card (also as two half-page cards to a sheet) on Letter and A4,
    fillable versions of the score sheets, its rules page and scorekeeper
    page, and the example records filled; then index.html, the site's front
    page. Links are relative: copy the folder to any static host. Files whose
    inputs have not changed are kept, not redone. Each --lang writes the same
    files in that language into DIR/LANG/ (English stays at the top), every
    page linking to its translations.

    Example: sheetgen build --variant examples/our-house.toml --lang fr --lang de
    """
    from concurrent.futures.process import BrokenProcessPool

    from sheetgen.build import JobKind, plan
    from sheetgen.build import build as build_all

    chosen = list(_known_languages()) if "all" in (lang.strip().lower() for lang in langs) else [DEFAULT]
    try:
        chosen += [find_language(lang) for lang in langs if lang.strip().lower() != "all"]
    except SheetgenError as error:
        raise UserError(str(error)) from None
    with user_errors():
        jobs = plan(variants, house_rules, tuple(dict.fromkeys(chosen)), games)
    for rules in dict.fromkeys(job.rules for job in jobs if job.kind != JobKind.RECORDS):
        warn_redundant(rules)
    with user_errors():
        try:
            result = build_all(output, jobs, Reporter(_note, click.echo, _progress_bar(1)))
        except BrokenProcessPool:
            if _stopped:  # the signal that stopped this run reached the workers first
                raise Interrupted(_stopped[0]) from None
            raise SheetgenError(
                f"{printable(str(output))}: a worker process died; nothing was changed"
            ) from None
    click.echo(f"{printable(str(output / 'index.html'))}: {result.summary}")


def _encodable(text: str, otherwise: str) -> str:
    """`text` if standard output's encoding has it, else `otherwise` (a Latin-1 terminal has no "…"):
    a character it lacks is printed escaped (see _standard_streams), which would shift a table's columns."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return otherwise
    return text


def _cell(text: str, ellipsis: str, width: int = NAME_WIDTH) -> str:
    return text if len(text) <= width else text[: width - len(ellipsis)] + ellipsis


def format_game(game: Game, heading: str, ellipsis: str = ELLIPSIS) -> str:
    """One game as a table: the sheet's rows down, the players across; a long name cut with `ellipsis`."""
    rules = game.players[0].whole.game
    rows = sheet_rows(rules)
    multipliers = rules.columns
    label_width = max(len(row.label) for row in rows)
    winners = set(game.winners)
    names = [
        _cell(
            ("* " if p.name in winners else "") + p.name + (f" \u00d7{m}" if len(multipliers) > 1 else ""),
            ellipsis,
        )
        for p in game.players
        for m in multipliers
    ]
    lines = [heading, f"{'':<{label_width}}  " + "  ".join(f"{n:>{NAME_WIDTH}}" for n in names)]
    for row in rows:
        values = []
        for column in (column for player in game.players for column in player.whole.columns):
            totals = column.totals
            if row.is_box:
                values.append(column.boxes[row.key])
            elif row.key is Total.YAHTZEE_BONUS:
                bonus = rules.extra_bonus.score
                values.append(f"{totals.yahtzee_bonuses} \u00d7 {bonus} = {totals.yahtzee_bonus}")
            else:
                values.append(totals[row.key])
        label = row.label.upper() if row.key is Total.GRAND_TOTAL else row.label
        lines.append(f"{label:<{label_width}}  " + "  ".join(f"{v:>{NAME_WIDTH}}" for v in values))
    if len(multipliers) > 1:
        scored = [p.grand_total for p in game.players]
        label = "TIMES COLUMN, ADDED"
        lines.append(
            f"{label:<{label_width}}  "
            + "  ".join(f"{v:>{NAME_WIDTH * len(multipliers) + 2 * (len(multipliers) - 1)}}" for v in scored)
        )
    lines.append(f"Winner{'s (tie)' if len(winners) > 1 else ''}: {', '.join(game.winners)}")
    return "\n".join(lines)


def format_record(record: Record, ellipsis: str = ELLIPSIS) -> str:
    title = record.title or record.rules.title
    variant = f"variant {record.rules.slug}" if record.game.takes_jokers else None
    header = " · ".join(filter(None, [title, record.date, variant]))
    parts = [header]
    for n, game in enumerate(record.games, 1):
        parts.append(format_game(game, f"Game {n}" if record.is_series else "Game", ellipsis))
    if record.is_series:
        totals = ", ".join(f"{name} {total}" for name, total in record.series_totals.items())
        parts.append(
            f"Series totals: {totals}\nSeries winner{'s' if len(record.series_winners) > 1 else ''}: "
            + ", ".join(record.series_winners)
        )
    return "\n\n".join(parts)


def _standard_streams() -> None:
    """A closed descriptor 0, 1 or 2 is opened on /dev/null, so that no file this run opens takes its
    number; Python has already set sys.stdout to None, so `-o -` still says it is closed. Text the
    terminal's encoding lacks (a Latin-1 locale, "Łukasz") prints escaped, never as a traceback."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            os.open(os.devnull, os.O_RDWR)  # the lowest free number: this one
    for stream in (sys.stdout, sys.stderr):  # Ł as \u0141
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def _catch_stop_signals() -> None:
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:  # nohup and `cmd &` ignore some: keep that
            signal.signal(signum, _stop)


NATIVE_MODULES = ("weasyprint", "pypdfium2")  # bindings whose objects must not be torn down at exit


def _leave(code: int) -> None:
    """Flush, let threads end, remove the temporary folder, then end the process.

    A process that rendered (WeasyPrint, pypdfium2) ends at once, with os._exit:
    skipping the interpreter's teardown skips the native libraries' (fontconfig,
    Pango, HarfBuzz through cffi), whose destructors run in no fixed order then,
    the likely cause of a rare crash (SIGSEGV) of `sheetgen rules` at exit. Any
    other process, such as `build`'s parent, which leaves rendering to its
    workers, exits as Python does, so that the exit handlers run: multiprocessing's
    finalizers release the pool's semaphores, and the resource tracker, which ends
    when this process does, has nothing to report. The stop signals wait meanwhile:
    one that comes now sets the exit code, and cannot cut the handlers short.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BrokenPipeError:
            _quiet_stdout()
        except (OSError, ValueError):
            pass
    for thread in threading.enumerate():  # as the interpreter would: a pool's manager thread, say
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join(THREAD_SECONDS)
    if tempfile.tempdir:
        shutil.rmtree(tempfile.tempdir, ignore_errors=True)
    stuck = any(
        t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.current_thread()
    )
    if stuck or any(name in sys.modules for name in NATIVE_MODULES):
        os._exit(code)
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    late = [signum for signum in STOP_SIGNALS if signum in signal.sigpending()]
    sys.exit(128 + late[0] if late and not _stopped else code)


def _end_of_build() -> None:
    """After every other exit handler: a build's resource tracker ends before this process does."""
    if "sheetgen.build" in sys.modules:
        from sheetgen.build import stop_resource_tracker

        stop_resource_tracker()


def main() -> None:
    _standard_streams()
    _catch_stop_signals()
    # Registered before multiprocessing is imported, so it runs after multiprocessing's own handler.
    atexit.register(_end_of_build)
    try:
        private_temporary_folder()
        cli(prog_name="sheetgen")
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except KeyboardInterrupt as interrupt:  # landed outside any command
        code = _exit_code(interrupt)
    try:
        _leave(code)
    except KeyboardInterrupt as late:  # a first stop signal while leaving: no second one can raise
        _leave(_exit_code(late))


if __name__ == "__main__":
    main()
