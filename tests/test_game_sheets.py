"""Every game's score sheets and filled records, table-driven over the family (issue 30, item 3).

Cheap on purpose: one or two renders a game (a players sheet in English on Letter, another kind of
sheet on A4 in another language) and one fill, each measured once with `printed_pages`.
"""

from __future__ import annotations

import io
import json
import random
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import page as validator
import pypdf
import pytest
from helpers import (
    assert_one_line,
    fill,
    full_name,
    printed_pages,
    run_cli,
    run_sheetgen,
    values_only,
    xfdf,
)

from sheetgen.files.locales import speaking
from sheetgen.files.variants import load_rules
from sheetgen.forms.fields import column_fields, parse_field, player_columns
from sheetgen.forms.maker import calculate_script
from sheetgen.layout.geometry import SAFE_AREA, player_pages, players_per_page, sheet_geometry
from sheetgen.pdf.cached import scoresheet_pdf
from sheetgen.pdf.fill import fill_pdf
from sheetgen.pdf.scoresheet import RowKind, row_kind
from sheetgen.rules.boxes import CardTotal, Total, card_rows, row_label
from sheetgen.rules.game import TRIPLE_YAHTZEE, YACHT, YATZY, Game
from sheetgen.rules.records import parse_record, record_text
from sheetgen.rules.simulate import play_game

NEW_GAMES = (YATZY, YACHT, TRIPLE_YAHTZEE)
# Each game's second sheet: another kind, paper and language (Triple Yahtzee: large print, one player).
OTHER_SHEETS = {
    YATZY.id: ("series", "a4", "nl", {"card": "half"}),
    YACHT.id: ("players", "a4", "de", {"print_size": "large", "columns": 3}),
    TRIPLE_YAHTZEE.id: ("players", "a4", "fr", {"print_size": "large", "columns": 1}),
}


@cache
def sheet(game: Game, layout: str = "players", paper: str = "letter", lang: str = "en", **options) -> bytes:
    with speaking(lang):
        return scoresheet_pdf(load_rules(game=game), layout, paper, **options)


def other_sheet(game: Game) -> bytes:
    layout, paper, lang, options = OTHER_SHEETS[game.id]
    return sheet(game, layout, paper, lang, **options)


def inside(chars, rect, slack: float = 0.5) -> bool:
    return all(rect.contains((c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2, slack) for c in chars)


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_a_games_players_sheet_has_its_rows_labels_in_card_order(game):
    """Every row of card_rows(game) printed in its own label cell, the cells top to bottom in card order."""
    (page,) = printed_pages(sheet(game))
    columns = players_per_page("players", False, game) * len(game.columns)
    geometry = sheet_geometry("players", "letter", columns, game=game)
    rows = card_rows(game)
    tops = [geometry.labels[row.slug].top for row in rows]
    assert tops == sorted(tops, reverse=True)
    for row in rows:
        label = row_label(row, game)
        capitals = row_kind(row) in (RowKind.TOTAL, RowKind.GRAND)  # the totals' labels print in capitals
        text = label.upper() if capitals else label
        assert any(inside(run, geometry.labels[row.slug]) for run in page.find(text)), (row.slug, label)
    assert [row.key for row in rows if row.is_box] == list(game.boxes)


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_only_a_hasbro_games_sheets_carry_hasbro_s_notice(game):
    """Triple Yahtzee's sheets name Hasbro's trademark as Yahtzee's do; Yatzy's and Yacht's name none,
    and their footer's left column (the game) has the width."""
    for pdf in (sheet(game), other_sheet(game)):
        text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
        assert ("Hasbro" in text) == (game is TRIPLE_YAHTZEE), game.id
        assert game.title in text


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_a_games_players_sheet_has_a_column_per_player_and_multiplier(game):
    """Six players of a one-column game; two of Triple Yahtzee, each with a head per multiplier."""
    (page,) = printed_pages(sheet(game))
    players = 6 // len(game.columns)
    for n in range(1, 7):
        assert bool(page.find(f"Player {n}")) == (n <= players), n
    geometry = sheet_geometry("players", "letter", players * len(game.columns), game=game)
    assert len(geometry.heads) == players * len(game.columns)
    for multiplier in game.columns if len(game.columns) > 1 else ():
        heads = [h for h in geometry.heads if any(inside(run, h) for run in page.find(f"\u00d7{multiplier}"))]
        assert len(heads) == players, multiplier
    if len(game.columns) > 1:  # one grand total across each player's columns
        spans = set(geometry.cells[CardTotal.CARD_TOTAL.value])
        assert len(spans) == players
        assert all(span.width == pytest.approx(geometry.heads[0].width * len(game.columns)) for span in spans)


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("which", ["players", "other"])
def test_every_games_sheet_fits_the_page(game, which):
    """Nothing within 5 mm of an edge, no text under 8 pt, the title and the game's name printed."""
    pdf = sheet(game) if which == "players" else other_sheet(game)
    lang = "en" if which == "players" else OTHER_SHEETS[game.id][2]
    with speaking(lang):
        title = load_rules(game=game).title
    for number_, page in enumerate(printed_pages(pdf), 1):
        printed = [c for c in page.chars if c.text.strip()]
        for x0, y0, x1, y1 in page.marks + tuple((c.x0, c.y0, c.x1, c.y1) for c in printed):
            assert min(x0, y0, page.width - x1, page.height - y1) >= SAFE_AREA - 0.05, number_
        assert min(c.size for c in printed) >= 8.0 - 0.01, number_
        assert page.find(title), number_
        assert len(page.find(game.title)) >= 2, "the footer names the game"


def test_triple_yahtzee_has_no_six_game_card_and_says_why(tmp_path):
    result = run_sheetgen(["scoresheet", "--game", "triple-yahtzee", "--layout", "series"], tmp_path)
    assert_one_line(result, "Triple Yahtzee has no six-game card", "--players 1")


@cache
def record(game: Game):
    rng = random.Random(30)
    rules = load_rules(game=game)
    players = [{"name": name, "turns": play_game(rng, rules)} for name in ("Ann", "Bob", "Cy")]
    return parse_record({"game": game.id, "title": "Family night", "players": players})


@cache
def filled_pdf(game: Game) -> bytes:
    """`sheetgen fill` of the game's record (JSON in, PDF out), made once for the module."""
    with tempfile.TemporaryDirectory() as folder:
        source, out = Path(folder) / "record.json", Path(folder) / "filled.pdf"
        source.write_text(record(game).data, encoding="utf-8")
        result = run_cli(["fill", str(source), "-o", str(out)])
        assert result.exit_code == 0, result.output
        return out.read_bytes()


def cell_numbers(page, rect) -> str:
    """The digits printed inside `rect`."""
    return "".join(c.text for c in page.chars if c.text.isdigit() and inside([c], rect))


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_a_filled_record_of_each_game_prints_the_totals_the_engine_computes(game):
    """Each player's boxes and column totals in their cells; Triple Yahtzee's scored totals and the grand
    total across the player's columns; the PDF carries the record."""
    filled = record(game)
    pdf = filled_pdf(game)
    assert b"/AF" in pdf and b"Family night" in pdf  # PDF/A with the record inside, as every fill
    pages = printed_pages(pdf)
    geometries = player_pages("letter", 3, game=game)
    assert len(pages) == len(geometries)
    width = len(game.columns)
    players = iter(filled.games[0].players)
    for page, geometry in zip(pages, geometries, strict=True):
        for slot in range(geometry.columns // width):
            player = next(players)
            assert page.find(player.name)
            for k, (column, multiplier) in enumerate(zip(player.whole.columns, game.columns, strict=True)):
                index = slot * width + k
                for row in card_rows(game):
                    if row.is_box:
                        expected = column.boxes[row.key]
                    elif row.key is CardTotal.SCORED:
                        expected = column.totals.grand_total * multiplier
                    elif row.key is CardTotal.CARD_TOTAL or row.key is Total.YAHTZEE_BONUS:
                        continue
                    else:
                        expected = column.totals[row.key]
                    shown = cell_numbers(page, geometry.cell(row, index))
                    assert shown == str(expected), (player.name, k, row.slug)
            grand = CardTotal.CARD_TOTAL.value if width > 1 else Total.GRAND_TOTAL.value
            assert cell_numbers(page, geometry.cell(grand, slot * width)) == str(player.grand_total)
    assert next(players, None) is None


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_the_form_scripts_of_each_game_add_up_as_the_engine_does(game):
    """Each computed field's calculate action, generated from the definition and run in Node, gives the
    engine's totals for every player of a played game: Triple Yahtzee's column totals (`pN.cK.total`),
    scored rows and grand total (`pN.grand_total`) too."""
    node = shutil.which("node")
    assert node, "the form scripts are tested in Node"
    values, wanted = form_values(game), {}
    for n, player in enumerate(record(game).games[0].players, 1):
        for part, column, multiplier in zip(
            player_columns(n, game), player.whole.columns, game.columns, strict=True
        ):
            fields = column_fields(part, game)
            for row in (row for row in card_rows(game) if row.is_total):
                own = {CardTotal.SCORED: column.totals.grand_total * multiplier}.get(row.key)
                own = player.grand_total if row.key is CardTotal.CARD_TOTAL else own
                wanted[fields[row.slug]] = own if isinstance(row.key, CardTotal) else column.totals[row.key]
    if len(game.columns) > 1:
        assert {"p1.grand_total", "p1.c3.total", "p2.c2.scored"} <= set(wanted)
    script = [f"var V={json.dumps(values)};", "var doc={getField:function(n){return {value:V[n]||''}}};"]
    for name in wanted:
        field = parse_field(name)
        code = calculate_script(field.column, field.key, game)
        script.append(f"event={{}};(function(){{{code}}}).call(doc);console.log(event.value);")
    out = subprocess.run([node, "-e", "".join(script)], capture_output=True, text=True, check=True).stdout
    assert out.split() == [str(total) for total in wanted.values()]


def form_values(game: Game) -> dict[str, str]:
    """A played game's names and boxes (and ticks) as typed into the game's fillable players sheet."""
    values = {"title": "Family night"}
    for n, player in enumerate(record(game).games[0].players, 1):
        values[f"p{n}.name"] = player.name
        for part, column in zip(player_columns(n, game), player.whole.columns, strict=True):
            values |= {f"{part}{box.value}": str(score) for box, score in column.boxes.items()}
            if game.extra_bonus:  # a count of none too, so the bonus row computes 0, not blank
                values[f"{part}yahtzee_bonus_ticks"] = "x" * column.yahtzee_bonuses or "0"
    return values


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_a_filled_form_of_each_game_reads_back_as_its_record(game, tmp_path):
    """The players' boxes typed into the game's fillable sheet: `score --json` as the record's, and
    `sheetgen record` writes the record with its game; a stale printed grand total is a warning."""
    filled_record = record(game)
    pdf = sheet(game, columns=len(filled_record.games[0].players), fillable=True)
    filled, stale = tmp_path / "filled.pdf", tmp_path / "stale.pdf"
    filled.write_bytes(fill(pdf, form_values(game)))
    stale.write_bytes(fill(pdf, form_values(game) | {"p1.grand_total": "5"}))
    source = tmp_path / "record.json"
    source.write_text(filled_record.data)
    assert score_json(filled) == score_json(source)
    result = run_cli(["record", str(stale), "-o", str(tmp_path / "again.json")])
    assert result.exit_code == 0, result.output
    assert "grand total says 5" in result.output
    again = json.loads((tmp_path / "again.json").read_text())
    assert again["game"] == game.id and ("variant" in again) == game.takes_jokers
    assert score_json(tmp_path / "again.json") == score_json(source)


def score_json(path) -> dict:
    result = run_cli(["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_triple_yahtzee_series_prints_each_game_on_its_players_sheet():
    """No six-game card: each game of the series on a page of its own, numbered, with its grand totals."""
    rng = random.Random(31)
    rules = load_rules(game=TRIPLE_YAHTZEE)
    games = [
        {"players": [{"name": n, "turns": play_game(rng, rules)} for n in ("Ann", "Bob")]} for _ in range(2)
    ]
    series = parse_record({"game": TRIPLE_YAHTZEE.id, "games": games})
    pages = printed_pages(fill_pdf(series))
    assert len(pages) == 2
    (geometry,) = player_pages("letter", 2, game=TRIPLE_YAHTZEE)
    for count, (page, game) in enumerate(zip(pages, series.games, strict=True), 1):
        assert cell_numbers(page, geometry.lines["game"]) == str(count)
        for slot, player in enumerate(game.players):
            cell = geometry.cell(CardTotal.CARD_TOTAL.value, slot * 3)
            assert cell_numbers(page, cell) == str(player.grand_total)


MUPDF_SCRIPT = Path(__file__).parent / "data" / "mupdf_form.js"


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_mupdf_adds_up_each_games_form_as_it_is_typed(game, tmp_path):
    """The first player's card typed key by key in MuPDF with its scripts on: every computed field as the
    engine computes it (Triple Yahtzee's column totals, scored rows and grand total too)."""
    mutool = shutil.which("mutool")
    assert mutool, "the forms are tested in MuPDF (apt-get install -y mupdf-tools)"
    filled = record(game)
    pdf = sheet(game, columns=len(filled.games[0].players), fillable=True)
    player = filled.games[0].players[0]
    typed = [(k, v) for k, v in form_values(game).items() if k.startswith("p1.") and k != "p1.name"]
    wanted = {}
    for part, column, multiplier in zip(
        player_columns(1, game), player.whole.columns, game.columns, strict=True
    ):
        fields = column_fields(part, game)
        for row in (row for row in card_rows(game) if row.is_total):
            own = (
                column.totals[row.key]
                if isinstance(row.key, Total)
                else column.totals.grand_total * multiplier
            )
            wanted[fields[row.slug]] = str(player.grand_total if row.key is CardTotal.CARD_TOTAL else own)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    names = [[full_name(a.get_object()) for a in page.get("/Annots", [])] for page in reader.pages]
    (tmp_path / "sheet.pdf").write_bytes(pdf)
    spec = {"names": names, "type": typed, "read": list(wanted)}
    (tmp_path / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
    result = subprocess.run(
        [mutool, "run", str(MUPDF_SCRIPT), str(tmp_path / "sheet.pdf"), str(tmp_path / "spec.json")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert [line for line in result.stderr.splitlines() if "ICC support" not in line] == []
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["values"] == wanted and out["alerts"] == []


def program(name: str) -> str:
    found = shutil.which(name)
    assert found, f"the forms are tested with {name} (apt-get install -y pdftk-java qpdf poppler-utils)"
    return found


def pdftotext(path: Path) -> str:
    """The text poppler reads from the PDF: what a filler drew, not what the fields hold."""
    command = [program("pdftotext"), "-layout", str(path), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True, timeout=120).stdout


def flattened_refused(path: Path) -> None:
    result = run_cli(["score", str(path)])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "form fields are gone" in lines[0], lines[0]


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_pdftk_fills_each_games_form_and_sheetgen_reads_it_back(game, tmp_path):
    """pdftk fill_form with an XFDF of the played game (Triple Yahtzee's `pN.cK.BOX` names): the title
    and names print; `score --json` of the filled form is the record's (each column's total, scored
    and the grand total as the engine computes), and `record` names the game. (pdftk flattening, as
    Yahtzee's: tests/test_forms_engines.py; a flattened copy refused: the qpdf test below.)"""
    filled_record = record(game)
    players = filled_record.games[0].players
    (tmp_path / "sheet.pdf").write_bytes(sheet(game, columns=len(players), fillable=True))
    (tmp_path / "data.xfdf").write_text(xfdf(form_values(game)), encoding="utf-8")
    filled = tmp_path / "filled.pdf"
    command = [program("pdftk"), str(tmp_path / "sheet.pdf"), "fill_form", str(tmp_path / "data.xfdf")]
    subprocess.run([*command, "output", str(filled)], capture_output=True, check=True, timeout=120)
    text = pdftotext(filled)
    assert "Family night" in text and all(player.name in text for player in players), text[:600]
    (tmp_path / "record.json").write_text(filled_record.data, encoding="utf-8")
    scored = score_json(filled)
    assert scored == score_json(tmp_path / "record.json")
    assert [p["grand_total"] for p in scored["games"][0]["players"]] == [p.grand_total for p in players]
    result = run_cli(["record", str(filled)])
    assert result.exit_code == 0 and result.stderr == "", result.output
    again = json.loads(result.stdout)
    assert again["game"] == game.id and [p["name"] for p in again["players"]] == [p.name for p in players]


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_qpdf_draws_each_games_values_and_sheetgen_reads_them_back(game, tmp_path):
    """Values set with no appearances, then `qpdf --generate-appearances`: the form scores as its record;
    flattened as well, the title, names and the boxes' scores print."""
    filled_record = record(game)
    players = filled_record.games[0].players
    values = form_values(game)
    (tmp_path / "values.pdf").write_bytes(
        values_only(sheet(game, columns=len(players), fillable=True), values)
    )
    for flatten in ([], ["--flatten-annotations=all"]):
        out = str(tmp_path / f"drawn{len(flatten)}.pdf")
        command = [program("qpdf"), "--generate-appearances", *flatten, str(tmp_path / "values.pdf"), out]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        assert result.returncode in (0, 3) and result.stderr == "", result.stderr  # 3: warnings only
    text = pdftotext(tmp_path / "drawn1.pdf")
    assert "Family night" in text and all(player.name in text for player in players), text[:600]
    highest = max(score for k, score in values.items() if k.startswith("p1.") and score.isdigit())
    assert highest in text.split()
    (tmp_path / "record.json").write_text(filled_record.data, encoding="utf-8")
    assert score_json(tmp_path / "drawn0.pdf") == score_json(tmp_path / "record.json")
    flattened_refused(tmp_path / "drawn1.pdf")


@pytest.mark.parametrize("game", NEW_GAMES, ids=lambda g: g.id)
def test_a_filled_record_of_each_game_is_pdf_a_3b_and_carries_it_exactly(game, tmp_path):
    """`sheetgen fill` of the game's record: zero failed rules in page-validation's PDF/A-3b profile (as
    tests/test_archival.py checks Yahtzee's), and `record` of the PDF writes the record given."""
    pdf = filled_pdf(game)
    report = validator.validate_pdf_bytes(pdf, profile="3b")
    assert sorted({f"{f.rule_id}: {f.message}" for f in report.failures}) == []
    assert report.is_compliant
    (tmp_path / "filled.pdf").write_bytes(pdf)
    (tmp_path / "record.json").write_text(record(game).data, encoding="utf-8")
    result = run_cli(["record", str(tmp_path / "filled.pdf")])
    assert result.exit_code == 0, result.output
    assert result.stdout == record_text(json.loads(record(game).data))
    assert score_json(tmp_path / "filled.pdf") == score_json(tmp_path / "record.json")
