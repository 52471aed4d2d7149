"""The `sheetgen` command.

The commands that draw nothing (score, schema, variants) import no PDF
library, so they start in a fraction of a second.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from sheetgen import __version__
from sheetgen.errors import SheetgenError
from sheetgen.geometry import LAYOUTS, PAPERS
from sheetgen.model import SHEET_ROWS, YAHTZEE_BONUS, Box, Total
from sheetgen.output import DEFAULT_OUTPUT_DIR, rules_file_name, scoresheet_file_name, write_atomic
from sheetgen.pdfrecord import load_any_record, record_json
from sheetgen.records import MAX_NAME_LENGTH, Game, Record, check_text
from sheetgen.variants import VARIANTS, HouseRule, load_rules

NAME_WIDTH = 14


class UserError(click.ClickException):
    """Bad input: one line on stderr, exit code 2, never a traceback."""

    exit_code = 2


@contextmanager
def user_errors() -> Iterator[None]:
    """Bad input and unwritable output become one-line errors."""
    try:
        yield
    except SheetgenError as error:
        raise UserError(str(error)) from None
    except OSError as error:
        raise UserError(f"cannot write {error.filename or ''}: {error.strerror or error}") from None


def _write(path: Path, data: bytes) -> None:
    with user_errors():
        write_atomic(path, data)
    click.echo(str(path))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
def cli() -> None:
    """Printable Yahtzee sheets: rule sheets, score sheets, filled game records."""


@cli.command()
@click.argument("record", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the totals as JSON.")
def score(record: Path, as_json: bool) -> None:
    """Check a game record against its rules and print every row and total.

    RECORD is a JSON record or a filled-in fillable score sheet (PDF).

    Example: sheetgen score examples/turns.json --json
    """
    with user_errors():
        checked = load_any_record(record)
    if as_json:
        click.echo(json.dumps(checked.to_json(), ensure_ascii=False))
    else:
        click.echo(format_record(checked))


@cli.command()
@click.argument("sheet", type=click.Path(path_type=Path))
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="The JSON file to write."
)
def record(sheet: Path, output: Path | None) -> None:
    """Read a filled-in fillable score sheet and write the game record it holds.

    The record is checked first; without -o it is printed. Keep it, correct
    it, or print it with sheetgen fill.

    Example: sheetgen record filled.pdf -o game.json
    """
    with user_errors():
        data = record_json(sheet)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        _write(output, text.encode("utf-8"))


@cli.command()
def schema() -> None:
    """Print the game record format as a JSON Schema.

    Example: sheetgen schema > record.schema.json
    """
    from sheetgen.schema import record_schema

    click.echo(json.dumps(record_schema(), indent=2))


@cli.command()
def variants() -> None:
    """List the built-in variants and the house rules, one line each.

    Example: sheetgen variants
    """
    width = max(len(name) for name in [*(v.name for v in VARIANTS), *(r.value for r in HouseRule)])
    for variant in VARIANTS:
        click.echo(f"variant     {variant.name:<{width}}  {variant.summary}")
    for rule in HouseRule:
        click.echo(f"house rule  {rule.value:<{width}}  {rule.summary}")


@cli.command()
@click.option(
    "--layout",
    type=click.Choice(LAYOUTS),
    default="players",
    show_default=True,
    help="players: one column per player, six to a page; series: one player's six-game card.",
)
@click.option(
    "--players",
    type=click.IntRange(1, 6),
    help="Columns (players layout, default 6) or cards (series layout, default 1).",
)
@click.option("--names", help='Comma-separated names printed in the heads, e.g. "Ann,Bob".')
@click.option("--variant", default="official", show_default=True, help="A built-in variant or a TOML file.")
@click.option("--house-rule", "house_rules", multiple=True, help="A house rule to add; repeatable.")
@click.option("--paper", type=click.Choice(PAPERS), default="letter", show_default=True)
@click.option("--fillable", is_flag=True, help="Add a PDF form field to every write-in cell.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="The PDF to write.")
def scoresheet(
    layout: str,
    players: int | None,
    names: str | None,
    variant: str,
    house_rules: tuple[str, ...],
    paper: str,
    fillable: bool,
    output: Path | None,
) -> None:
    """Write a blank score sheet: six players to a page, or the classic six-game card.

    More names than fit continue on more pages (series: one card each).
    Prints the path written, by default output/scoresheet-LAYOUT-VARIANT-PAPER.pdf.

    Example: sheetgen scoresheet --names "Ann,Bob,Cy" --paper a4 --fillable
    """
    from sheetgen.glyphs import glyph_warning
    from sheetgen.scoresheet import NAME_FONT, render_scoresheet

    with user_errors():
        rules = load_rules(variant, house_rules)
    with user_errors():
        listed = (
            []
            if names is None
            else [check_text("--names", n.strip(), "a name", MAX_NAME_LENGTH) for n in names.split(",")]
        )
    if players is not None and len(listed) > players:
        raise UserError(f"--names gives {len(listed)} names but --players is {players}")
    for n, name in enumerate(listed, 1):
        warning = glyph_warning(f"--names, name {n}", name, NAME_FONT)
        if warning:
            click.echo(f"Warning: {warning}", err=True)
    data = render_scoresheet(rules, layout, paper, columns=players, names=listed, fillable=fillable)
    _write(output or DEFAULT_OUTPUT_DIR / scoresheet_file_name(rules.slug, layout, paper, fillable), data)


@cli.command()
@click.argument("records", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    help="A folder for one PDF per record (default output/), or a .pdf file for one record or --combine.",
)
@click.option("--combine", is_flag=True, help="Put every record into one PDF.")
@click.option("--paper", type=click.Choice(PAPERS), default="letter", show_default=True)
def fill(records: tuple[Path, ...], output: Path | None, combine: bool, paper: str) -> None:
    """Print finished game records on the score sheet of their variant.

    RECORDS are JSON record files or folders of them, or filled-in fillable
    score sheets (PDF). Each record is checked
    first: an invalid one is reported in one line and nothing is written for
    it, the valid ones still print, and the exit code is then 2.

    Example: sheetgen fill examples/ -o output/records
    """
    from sheetgen.batch import fill_records

    with user_errors():
        failures = fill_records(records, output, combine, paper)
    if failures:
        sys.exit(UserError.exit_code)


@cli.command()
@click.option("--variant", default="official", show_default=True, help="A built-in variant or a TOML file.")
@click.option("--house-rule", "house_rules", multiple=True, help="A house rule to add; repeatable.")
@click.option("--paper", type=click.Choice(PAPERS), default="letter", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), help="The PDF to write.")
def rules(variant: str, house_rules: tuple[str, ...], paper: str, output: Path | None) -> None:
    """Write the one-page rule sheet for a variant and its house rules.

    Prints the path written, by default output/rules-VARIANT[-HOUSE-RULES][-a4].pdf.

    Example: sheetgen rules --variant c2406 --house-rule series --paper a4
    """
    from sheetgen.rulesheet import render_rulesheet

    with user_errors():
        chosen = load_rules(variant, house_rules)
    _write(
        output or DEFAULT_OUTPUT_DIR / rules_file_name(chosen.slug, paper), render_rulesheet(chosen, paper)
    )


@cli.command()
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    help="A built-in variant (limits the set) or a TOML file (adds one).",
)
@click.option("--house-rule", "house_rules", multiple=True, help="A house rule for every sheet; repeatable.")
def build(output: Path, variants: tuple[str, ...], house_rules: tuple[str, ...]) -> None:
    """Write every downloadable sheet and an index page into a folder.

    For each variant: the rule sheet, the six-player score sheet and the
    six-game card on Letter and A4, fillable versions of the score sheets,
    and the example records filled; then output/index.html listing them all
    with previews. Files whose inputs have not changed are kept, not redone.

    Example: sheetgen build --variant examples/our-house.toml
    """
    from sheetgen.build import build as build_all
    from sheetgen.build import plan

    with user_errors():
        jobs = plan(variants, house_rules)
    result = build_all(output, jobs, progress=sys.stderr.isatty())
    click.echo(f"{output / 'index.html'}: {result.summary}")


def _cell(text: str, width: int = NAME_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_game(game: Game, heading: str) -> str:
    """One game as a table: the sheet's rows down, the players across."""
    label_width = max(len(row.label) for row in SHEET_ROWS)
    winners = set(game.winners)
    names = [_cell(("* " if p.name in winners else "") + p.name) for p in game.players]
    lines = [heading, f"{'':<{label_width}}  " + "  ".join(f"{n:>{NAME_WIDTH}}" for n in names)]
    for row in SHEET_ROWS:
        values = []
        for player in game.players:
            if isinstance(row.key, Box):
                values.append(player.card.boxes[row.key])
            elif row.key is Total.YAHTZEE_BONUS:
                totals = player.totals
                values.append(f"{totals.yahtzee_bonuses} \u00d7 {YAHTZEE_BONUS} = {totals.yahtzee_bonus}")
            else:
                values.append(player.totals[row.key])
        label = row.label.upper() if row.key is Total.GRAND_TOTAL else row.label
        lines.append(f"{label:<{label_width}}  " + "  ".join(f"{v:>{NAME_WIDTH}}" for v in values))
    lines.append(f"Winner{'s (tie)' if len(winners) > 1 else ''}: {', '.join(game.winners)}")
    return "\n".join(lines)


def format_record(record: Record) -> str:
    title = record.title or record.rules.title
    header = " · ".join(filter(None, [title, record.date, f"variant {record.rules.slug}"]))
    parts = [header]
    for n, game in enumerate(record.games, 1):
        parts.append(format_game(game, f"Game {n}" if record.is_series else "Game"))
    if record.is_series:
        totals = ", ".join(f"{name} {total}" for name, total in record.series_totals.items())
        parts.append(
            f"Series totals: {totals}\nSeries winner{'s' if len(record.series_winners) > 1 else ''}: "
            + ", ".join(record.series_winners)
        )
    return "\n\n".join(parts)


def main() -> None:
    cli(prog_name="sheetgen")


if __name__ == "__main__":
    sys.exit(main())
