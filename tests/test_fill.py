"""Filled records: values in their cells, totals as `score --json`, batches, hostile names."""

from __future__ import annotations

import json
from io import BytesIO
from pathlib import Path

import pytest
from helpers import EXAMPLES, WORKED_CARD, run_cli
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from sheetgen.files import output as output_module
from sheetgen.files.records import load_record
from sheetgen.layout.fitting import LINE_VALUE_SIZE
from sheetgen.layout.geometry import Rect, sheet_geometry
from sheetgen.pdf.fill import BOLD, FONT, MIN_SIZE, NAME, Filler, fit_line
from sheetgen.rules.boxes import SHEET_ROWS, Total
from sheetgen.rules.records import parse_record


@pytest.fixture(scope="module")
def filler():
    return Filler("letter")


def _texts(pdf: bytes, page: int = 0, overlay: bool = True) -> list[tuple[str, float, float, float]]:
    """Every string drawn (by the overlay's fonts only, unless not `overlay`): text, x, y, size."""
    found = []

    def visit(text, cm, tm, font, size):
        ours = font is not None and "DejaVu" in str(font.get("/BaseFont", ""))
        if text.strip() and (ours or not overlay):
            found.append((text, tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5], size * tm[0] * cm[0]))

    PdfReader(BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return found


def _inside(texts, value: str, cell: Rect) -> bool:
    """Some drawn string equal to `value` lies wholly inside `cell`."""
    for text, x, y, size in texts:
        if text.strip() == value:
            width = min(stringWidth(value, font, size) for font in (FONT, BOLD, NAME))
            if cell.contains(x, y) and x + width <= cell.right + 0.5 and y + size * 0.75 <= cell.top:
                return True
    return False


def _expected(player_json: dict, row) -> str:
    if row.is_box:
        return str(player_json["boxes"][row.key.value])
    return str(player_json[row.key.value])


@pytest.mark.parametrize("example", ["turns.json", "boxes.json", "custom-variant.json"])
def test_values_sit_in_their_cells_and_match_score_json(filler, example):
    """Every box and computed row prints inside its cell, equal to `sheetgen score --json`."""
    record = load_record(EXAMPLES / example)
    pdf = filler.pdf([record])
    texts = _texts(pdf)
    scored = json.loads(run_cli(["score", str(EXAMPLES / example), "--json"]).output)
    game = scored["games"][0]
    geometry = sheet_geometry("players", "letter", len(game["players"]))
    for column, player in enumerate(game["players"]):
        for row in SHEET_ROWS:
            if row.key is Total.YAHTZEE_BONUS:
                cell = geometry.bonus_write_ins(column)[1]
            else:
                cell = geometry.cell(row, column)
            value = _expected(player, row)
            assert _inside(texts, value, cell), (player["name"], row.slug, value)
            if row.key is Total.GRAND_TOTAL:
                assert _inside(texts, "★", cell) == (player["name"] in game["winners"])


def test_worked_card_prints_395(filler):
    """The RULES.md card prints its totals: 69, 35, 104, 291, 395."""
    record = parse_record({"players": [{"name": "Ann", "boxes": WORKED_CARD, "yahtzee_bonuses": 1}]})
    texts = {text.strip() for text, *_ in _texts(filler.pdf([record]))}
    assert {"69", "35", "104", "100", "291", "395", "★", "Ann", "✓"} <= texts


def test_series_prints_one_card_per_player(filler):
    """A series: a card per player, each game's grand total and the series total."""
    record = load_record(EXAMPLES / "series.json")
    pdf = filler.pdf([record])
    reader = PdfReader(BytesIO(pdf))
    assert len(reader.pages) == len(record.player_names)
    geometry = sheet_geometry("series", "letter")
    for index, name in enumerate(record.player_names):
        texts = _texts(pdf, index)
        assert any(text.strip() == name for text, *_ in texts)
        for column, game in enumerate(record.games):
            cell = geometry.cell("grand_total", column)
            assert _inside(texts, str(game.players[index].totals.grand_total), cell)
            assert _inside(texts, "★", cell) == (name in game.winners)
        assert _inside(texts, str(record.series_totals[name]), geometry.series_total)
        assert _inside(texts, "★", geometry.series_total) == (name in record.series_winners)


def test_seven_players_take_two_pages(filler):
    """Seven players split four and three; the heads show the names alone, no "Player N"."""
    players = [{"name": f"P{n}", "boxes": WORKED_CARD} for n in range(1, 8)]
    pdf = filler.pdf([parse_record({"players": players})])
    assert len(PdfReader(BytesIO(pdf)).pages) == 2
    second = {text.strip() for text, *_ in _texts(pdf, 1, overlay=False)}
    assert {"P5", "P7"} <= second and "P4" not in second
    assert any(text.startswith("Page 2 of 2 · ") for text in second)  # the footer's left column
    assert not any(text.startswith("Player ") for text in second)


def test_same_record_same_bytes():
    """Filling one record twice, even in fresh fillers, gives identical bytes."""
    record = load_record(EXAMPLES / "turns.json")
    assert Filler("a4").pdf([record]) == Filler("a4").pdf([record])


def test_combined_pdf_shares_the_sheet(filler):
    """Many records in one PDF carry the blank sheet once, not once per page."""
    record = load_record(EXAMPLES / "turns.json")
    one = filler.pdf([record])
    many = filler.pdf([record] * 20)
    reader = PdfReader(BytesIO(many))
    forms = {xobject.idnum for page in reader.pages for xobject in page["/Resources"]["/XObject"].values()}
    assert len(reader.pages) == 20 and len(forms) == 1
    assert (len(many) - len(one)) / 19 < 4096


HOSTILE = [
    "<b>Ann & Bob</b>",
    "Tom &amp; Jerry <i>",
    "שרה כהן",
    "山田太郎",
    "Wide Name " * 4 + "Wide",
]


@pytest.mark.parametrize("name", HOSTILE, ids=["markup", "entity", "rtl", "cjk", "wide"])
def test_hostile_names_print_literally_inside_the_head(filler, name):
    """Names are drawn as plain text, all of it, inside their head cell."""
    record = parse_record({"players": [{"name": name, "boxes": WORKED_CARD}]})
    texts = _texts(filler.pdf([record]))
    area = sheet_geometry("players", "letter", 1).heads[0]
    drawn = [(text, x, y, size) for text, x, y, size in texts if area.contains(x, y)]
    joined = "".join(text.strip() for text, *_ in drawn).replace(" ", "")
    if name == "שרה כהן":
        assert sorted(joined) == sorted(name.replace(" ", ""))
    elif name == "山田太郎":
        assert len(joined) == len(name)  # drawn, as empty boxes: the font has no CJK (a warning says so)
    else:
        assert joined == name.replace(" ", "")
    for text, x, y, size in drawn:
        assert x >= area.x and x + stringWidth(text.strip(), NAME, size) <= area.right + 0.5
        assert y >= area.y and y + size * 0.75 <= area.top


def test_fit_line_wraps_before_it_shrinks_and_never_under_the_floor():
    """A short title stays at the lines' size; a long one wraps, shrinks to 8 pt at most, then ends in '…'."""
    assert fit_line("Ann", 60, 20) == (LINE_VALUE_SIZE, ("Ann",))
    size, lines = fit_line("Thanksgiving series", 70, 20)
    assert size >= MIN_SIZE and len(lines) == 2
    size, lines = fit_line("x" * 200, 60, 20)
    assert size == MIN_SIZE and len(lines) == 2 and lines[-1].endswith("\u2026")
    assert "".join(lines).startswith("x" * 20)


def test_cli_batch_reports_invalid_and_prints_the_rest(tmp_path):
    """A folder with a bad record: one line for it, the good ones printed, exit 2."""
    records = tmp_path / "records"
    records.mkdir()
    (records / "good.json").write_text((EXAMPLES / "boxes.json").read_text())
    (records / "bad.json").write_text(
        json.dumps({"players": [{"name": "A", "boxes": {**WORKED_CARD, "fours": 7}}]})
    )
    result = run_cli(["fill", "records"], tmp_path)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "bad.json" in result.stderr and "box fours" in result.stderr
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["good.pdf"]


def test_cli_invalid_record_writes_nothing(tmp_path):
    """An invalid record alone: exit 2, one line, and output/ gets no file at all."""
    (tmp_path / "bad.json").write_text("{")
    result = run_cli(["fill", "bad.json"], tmp_path)
    assert result.exit_code == 2 and result.stderr == (
        "Error: bad.json: invalid JSON at line 1, column 2: "
        "Expecting property name enclosed in double quotes\n"
    )
    assert not (tmp_path / "output").exists()


def test_cli_combine_and_paper(tmp_path):
    """--combine writes one A4 PDF with every record's pages."""
    result = run_cli(
        ["fill", str(EXAMPLES / "turns.json"), str(EXAMPLES / "series.json"), "--combine", "--paper", "a4"],
        tmp_path,
    )
    assert result.exit_code == 0, result.output
    target = tmp_path / "output" / "records-a4.pdf"
    assert result.stdout.strip() == str(Path("output") / "records-a4.pdf")
    reader = PdfReader(target)
    assert len(reader.pages) == 1 + 4
    assert [float(v) for v in reader.pages[0].mediabox] == [0, 0, 595, 842]
    assert reader.metadata["/Author"] == "sheetgen"


def test_cli_cjk_name_warns(tmp_path):
    """A glyph the font lacks is a clear warning, and the record still prints."""
    (tmp_path / "cjk.json").write_text(json.dumps({"players": [{"name": "山田", "boxes": WORKED_CARD}]}))
    result = run_cli(["fill", "cjk.json", "-o", "cjk.pdf"], tmp_path)
    assert result.exit_code == 0
    assert result.stderr == (
        'Warning: cjk.json: player "山田": the sheet\'s font has no glyph for U+5C71, U+7530; '
        "those characters print as empty boxes\n"
    )
    assert (tmp_path / "cjk.pdf").exists()


def test_one_file_output_takes_one_record(tmp_path):
    """-o FILE.pdf with several records and no --combine is a usage error."""
    result = run_cli(
        ["fill", str(EXAMPLES / "turns.json"), str(EXAMPLES / "boxes.json"), "-o", "x.pdf"], tmp_path
    )
    assert result.exit_code == 2
    assert result.stderr == "Error: x.pdf: one file takes one record; give a folder, or add --combine\n"


def test_atomic_write_leaves_nothing_when_interrupted(tmp_path, monkeypatch):
    """A write that fails before the rename leaves neither the file nor a temporary."""

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(output_module.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output_module.write_atomic(tmp_path / "out.pdf", b"%PDF-")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("order", [("a.json", "a-a4.json"), ("a-a4.json", "a.json")])
def test_records_named_alike_after_their_paper_suffix_get_two_files(order, tmp_path):
    """a.json in French (A4: a-a4.pdf) and a-a4.json in English (Letter: a-a4.pdf) never share one PDF."""
    games = tmp_path / "games"
    games.mkdir()
    for name, lang in (("a.json", "fr"), ("a-a4.json", "en")):
        (games / name).write_text(
            json.dumps({"lang": lang, "players": [{"name": "Ann", "boxes": WORKED_CARD}]})
        )
    paths = [games / name for name in order]
    result = run_cli(["fill", *paths, "-o", "out"], tmp_path)
    assert result.exit_code == 0, result.output
    written = sorted((tmp_path / "out").iterdir())
    assert [p.name for p in written] == ["a-a4.pdf", "games-a-a4.pdf"]
    assert result.stdout.splitlines() == [str(Path("out") / "a-a4.pdf"), str(Path("out") / "games-a-a4.pdf")]
    sizes = sorted(tuple(float(v) for v in PdfReader(p).pages[0].mediabox[2:]) for p in written)
    assert sizes == [(595.0, 842.0), (612.0, 792.0)]  # one of each: neither record replaced the other


@pytest.mark.parametrize(
    ("lang", "file", "size", "tag"),
    [("EN", "r.pdf", (612.0, 792.0), "en"), ("PT-br", "r-a4.pdf", (595.0, 842.0), "pt-BR")],
)
def test_a_record_lang_tag_in_any_case_is_that_language(lang, file, size, tag, tmp_path):
    """Tags ignore case (BCP 47): "EN" prints English on Letter as r.pdf, exactly as "en" does."""
    record = {"lang": lang, "players": [{"name": "Ann", "boxes": WORKED_CARD}]}
    (tmp_path / "r.json").write_text(json.dumps(record))
    result = run_cli(["fill", "r.json", "-o", "out"], tmp_path)
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "out").iterdir()] == [file]
    reader = PdfReader(tmp_path / "out" / file)
    assert tuple(float(v) for v in reader.pages[0].mediabox[2:]) == size
    assert reader.trailer["/Root"]["/Lang"] == tag
