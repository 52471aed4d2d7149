"""Fillable sheets that add up, and filled sheets read back as records (issue 10).

Sheets are filled here the way another program would: pypdf writes the field
values by name (the field contract), and sheetgen reads them back.
"""

from __future__ import annotations

import io
import json
import os
import re
import resource
import subprocess
import sys
import zlib
from functools import cache
from pathlib import Path

import pypdf
import pytest
from helpers import (
    EXAMPLES,
    WORKED_CARD,
    blank_sheet,
    column_values,
    fill,
    form_widgets,
    full_name,
    run_cli,
    tab_widgets,
)
from pypdf.generic import NameObject, TextStringObject

from sheetgen.files.records import load_record
from sheetgen.files.variants import load_rules
from sheetgen.forms.fields import SHEET_KEY, field_tree_size, most_fields, parse_field, sheet_field_names
from sheetgen.forms.maker import BOX_FONT, FIELD_FONTS
from sheetgen.forms.reader import FIELD_BYTES, byte_limit
from sheetgen.layout.geometry import LAYOUTS, PAPERS, sheet_geometry
from sheetgen.pdf.scoresheet import render_scoresheet
from sheetgen.rules.boxes import SHEET_ROWS, Box, Total
from sheetgen.rules.records import MAX_PLAYERS, Record

MAX_FILLABLE_BYTES = 80 * 1024
COMPUTED = [row.slug for row in SHEET_ROWS if row.is_total]


def sheet_values(record: Record) -> tuple[str, int, dict[str, str]]:
    """The layout, column count and field values that write `record` onto a fillable sheet."""
    values = {"title": record.title or "", "date": record.date or ""}
    values = {k: v for k, v in values.items() if v}
    if not record.is_series:
        players = record.games[0].players
        for n, player in enumerate(players, 1):
            values[f"p{n}.name"] = player.name
            boxes = {box.value: score for box, score in player.card.boxes.items()}
            values |= column_values(f"p{n}.", boxes, player.card.yahtzee_bonuses, ticks=n % 2 == 0)
        return "players", len(players), values
    cards = len(record.player_names)
    for card, name in enumerate(record.player_names, 1):
        values["player" if card == 1 else f"page{card}.player"] = name
        for g, game in enumerate(record.games, 1):
            player = game.players[card - 1]
            boxes = {box.value: score for box, score in player.card.boxes.items()}
            prefix = f"p{card}.g{g}." if cards > 1 else f"g{g}."
            values |= column_values(prefix, boxes, player.card.yahtzee_bonuses, ticks=g % 2 == 1)
    return "series", cards, values


def score_json(path: Path) -> dict:
    result = run_cli(["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# Sheets that compute


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_computed_field_calculates_in_order_and_is_read_only(layout, paper):
    """Computed rows have a calculate action and a place in /CO, boxes take 4 centred digits."""
    reader = pypdf.PdfReader(io.BytesIO(blank_sheet(layout, paper, fillable=True)))
    form = reader.trailer["/Root"]["/AcroForm"]
    order = [full_name(ref.get_object()) for ref in form["/CO"]]
    fields = form_widgets(reader)
    size = sheet_geometry(layout, paper).value_size
    prefixes = [f"p{n}." for n in range(1, 7)] if layout == "players" else [f"g{n}." for n in range(1, 7)]
    expected = [p + slug for p in prefixes for slug in COMPUTED]
    expected += ["series_total"] if layout == "series" else []
    assert sorted(order) == sorted(expected) and order[-1] == expected[-1]
    for prefix in prefixes:  # a column's totals in the order of the sheet, subtotal first
        own = [name for name in order if name.startswith(prefix)]
        assert own[0] == prefix + Total.UPPER_SUBTOTAL.value
    for name, field in fields.items():
        kind = parse_field(name).kind
        flags = int(field.get("/Ff", 0))
        if kind == "total":
            assert "getField" in field["/AA"]["/C"]["/JS"] and flags & 1, name
            assert name in order
        elif kind == "box":
            assert field["/MaxLen"] == 4 and field["/Q"] == 1 and not flags & 1
            assert "AFMergeChange" in field["/AA"]["/K"]["/JS"]
            assert str(field["/DA"]) == f"{BOX_FONT} {size:g} Tf 0 g"
        else:
            assert kind in ("text", "ticks") and not flags & 1, name
            assert float(str(field["/DA"]).split()[1]) >= 8, name  # a fixed size: a long name scrolls
    assert set(form["/DR"]["/Font"]) == set(FIELD_FONTS)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_fillable_sheets_are_lean_and_say_what_they_are(layout, paper):
    """At most 80 KB, and the variant, house rules and layout are written into the PDF."""
    pdf = blank_sheet(
        layout, paper, fillable=True, variant="c2406", house_rules=("five-of-a-kind-full-house",)
    )
    assert len(pdf) <= MAX_FILLABLE_BYTES
    stored = json.loads(pypdf.PdfReader(io.BytesIO(pdf)).metadata[SHEET_KEY])
    assert stored["variant"] == "c2406" and stored["house_rules"] == ["five-of-a-kind-full-house"]
    assert (stored["layout"], stored["paper"]) == (layout, paper)


def test_the_form_scripts_compute_the_worked_card():
    """The calculate actions, run in Node, give the worked card's totals (395 with one bonus)."""
    import shutil

    from sheetgen.forms.maker import calculate_script

    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    values = column_values("p1.", WORKED_CARD, 1, ticks=True) | column_values("g2.", WORKED_CARD, 0)
    script = [f"var V={json.dumps(values)};", "var doc={getField:function(n){return {value:V[n]||''}}};"]
    wanted = {"p1.": ["upper_subtotal", "upper_bonus", "upper_total", "yahtzee_bonus", "grand_total"]}
    for key in wanted["p1."]:
        script.append(f"event={{}};(function(){{{calculate_script('p1.', key)}}}).call(doc);")
        script.append("console.log(event.value);")
    script.append(f"event={{}};(function(){{{calculate_script('', 'series_total')}}}).call(doc);")
    script.append("console.log(event.value);")
    out = subprocess.run([node, "-e", "".join(script)], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["69", "35", "104", "100", "395", "295"]


TAB_SHEETS = {"players": ("players", "letter", "full"), "series": ("series", "a4", "full")}
TAB_SHEETS["half"] = ("series", "letter", "half")


def tab_runs(ours: list[str], theirs: list[str]) -> list[tuple[list[list[str]], list[str | None]]]:
    """Event runs for the tab scripts, each with what every step should do (see tab_scripts.mjs).

    From each field: pdf.js's Tab (to the field after it in pdf.js's order) and Shift+Tab (before)
    move on to its neighbour down the column, keys typed before the move lands go there too, and
    the Focus that move causes only recalculates what they changed; Tab and back in /Annots order
    (PDFium, Okular) do nothing, nor does a click on the field pdf.js's Tab would take, nor a key
    typed there. And a click while a move is on its way gets the focus back.
    """
    runs = []
    for i, name in enumerate(ours):
        j, start = theirs.index(name), [["down", name], ["focus", name]]
        for step in (1, -1):
            landed, wanted = (
                theirs[j + step : j + step + 1],
                ours[i + step : i + step + 1] if i + step >= 0 else [],
            )
            if not landed:
                continue
            if wanted and wanted != landed:
                move, typed = wanted[0], [["key", landed[0], "5"], ["key", landed[0], "0"]]
                runs.append(
                    ([*start, ["focus", landed[0]], *typed, ["focus", move]], [None, None, f"->{move}"])
                )
                runs[-1][1].extend([f"{move}=5", f"{move}=50", "calc"])
                runs.append(([*start, ["focus", landed[0]], ["focus", move], ["key", move, "5"]], [None] * 2))
                runs[-1][1].extend([f"->{move}", None, None])
            else:
                runs.append(([*start, ["focus", landed[0]], ["key", landed[0], "5"]], [None] * 4))
        if i + 1 < len(ours):
            runs.append(
                ([*start, ["focus", ours[i + 1]], ["key", ours[i + 1], "5"], ["focus", name]], [None] * 5)
            )
        if j + 1 < len(theirs):
            runs.append(([*start, ["down", theirs[j + 1]], ["focus", theirs[j + 1]]], [None] * 4))
    i = next(i for i, name in enumerate(ours[:-1]) if theirs[theirs.index(name) + 1] != ours[i + 1])
    name, landed, wanted, clicked = ours[i], theirs[theirs.index(ours[i]) + 1], ours[i + 1], ours[-1]
    race = [["down", name], ["focus", name], ["focus", landed], ["down", clicked], ["focus", clicked]]
    race.append(["key", clicked, "5"])  # typed where it was clicked: stays there
    done = [None, None, f"->{wanted}", None, None, None, f"->{clicked}", None]
    runs.append(([*race, ["focus", wanted], ["focus", clicked]], done))
    return runs


@pytest.mark.parametrize("kind", TAB_SHEETS)
def test_the_tab_scripts_move_pdfjs_tab_down_the_column_and_nothing_else(kind):
    """The sheet's own tab scripts, run in Node as pdf.js runs them, on every field.

    (That pdf.js orders the fields as `pdfjs_order` says, tests/test_fillable_browser.py checks.)
    """
    import shutil

    from sheetgen.forms.taborder import pdfjs_order

    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    layout, paper, card = TAB_SHEETS[kind]
    pdf = blank_sheet(layout, paper, card=card, fillable=True)
    widgets = tab_widgets(pdf)
    annotations = [a.get_object() for a in pypdf.PdfReader(io.BytesIO(pdf)).pages[0]["/Annots"]]
    writable = [field for field, (_, _, takes) in zip(annotations, widgets, strict=True) if takes]
    typed = [field for field in writable if "/K" in field["/AA"]]
    shared = {(field["/AA"].raw_get("/D").idnum, field["/AA"].raw_get("/Fo").idnum) for field in writable}
    shared |= {field["/AA"]["/K"].raw_get("/Next").idnum for field in typed}
    assert len(shared) == 2 and len(typed) < len(writable)  # shared, not a copy per field; not on names
    ours, theirs = [name for name, _, takes in widgets if takes], pdfjs_order(widgets)
    assert theirs != ours  # pdf.js's own Tab runs across the row
    runs = tab_runs(ours, theirs)
    actions = writable[0]["/AA"]
    spec = {"down": str(actions["/D"]["/JS"]), "focus": str(actions["/Fo"]["/JS"])}
    spec |= {"forward": str(typed[0]["/AA"]["/K"]["/Next"]["/JS"]), "runs": [steps for steps, _ in runs]}
    driver = Path(__file__).parent / "js" / "tab_scripts.mjs"
    done = subprocess.run(
        [node, str(driver)], input=json.dumps(spec), capture_output=True, text=True, check=True
    )
    did = json.loads(done.stdout)
    wrong = [(steps, got) for (steps, wanted), got in zip(runs, did, strict=True) if got != wanted]
    assert wrong == [], wrong[:3]


def test_a_viewer_without_scripts_still_takes_typing():
    """PDFium as pypdfium2 builds it runs no scripts: names and boxes type and show, totals stay shut."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium

    geometry = sheet_geometry("players", "letter")
    document = pypdfium2.PdfDocument(blank_sheet("players", "letter", fillable=True))
    document.init_forms()
    page = document[0]
    form = document.formenv.raw

    def type_into(rect, text: str) -> None:
        x, y = rect.center
        pdfium.FORM_OnLButtonDown(form, page.raw, 0, x, y)
        pdfium.FORM_OnLButtonUp(form, page.raw, 0, x, y)
        for char in text:
            pdfium.FORM_OnChar(form, page.raw, ord(char), 0)
        pdfium.FORM_ForceToKillFocus(form)

    def values() -> dict[str, str]:
        found = {}
        for index in range(pdfium.FPDFPage_GetAnnotCount(page.raw)):
            annotation = pdfium.FPDFPage_GetAnnot(page.raw, index)
            texts = []
            for read in (pdfium.FPDFAnnot_GetFormFieldName, pdfium.FPDFAnnot_GetFormFieldValue):
                size = read(form, annotation, None, 0)
                buffer = (ctypes.c_ushort * (size // 2))()
                read(form, annotation, buffer, size)
                texts.append(bytes(buffer).decode("utf-16-le").rstrip("\x00"))
            found[texts[0]] = texts[1]
            pdfium.FPDFPage_CloseAnnot(annotation)
        return found

    type_into(geometry.heads[0].inset(3), "Zoë Łukasiewicz")
    type_into(geometry.cell("aces", 0), "12345")
    type_into(geometry.cell("grand_total", 0), "99")
    typed = values()
    assert (typed["p1.name"], typed["p1.aces"], typed["p1.grand_total"]) == ("Zoë Łukasiewicz", "1234", "")
    image = page.render(scale=2, may_draw_forms=True, grayscale=True).to_pil().convert("L")
    cell = geometry.cell("aces", 0).inset(6)
    box = [
        round(v * 2)
        for v in (cell.x, geometry.page_height - cell.top, cell.right, geometry.page_height - cell.y)
    ]
    assert image.crop(box).getextrema()[0] < 80  # the typed digits are drawn


# Read back


def example_records() -> list[Path]:
    return sorted(EXAMPLES.glob("*.json"))


@pytest.mark.parametrize("example", example_records(), ids=lambda p: p.stem)
def test_a_filled_sheet_scores_like_its_json_record(example, tmp_path):
    """Each example record, typed into a fillable sheet, gives the same `score --json`."""
    record = load_record(example)
    layout, columns, values = sheet_values(record)
    paper = "a4" if example.stem == "boxes" else "letter"
    rules = record.rules
    variant = str(EXAMPLES / "our-house.toml") if rules.custom_name else rules.variant.name
    house = tuple(r for r in rules.house_rule_names if not rules.custom_name)
    filled = tmp_path / "filled.pdf"
    filled.write_bytes(
        fill(
            blank_sheet(layout, paper, fillable=True, columns=columns, variant=variant, house_rules=house),
            values,
        )
    )
    assert score_json(filled) == score_json(example)
    again = tmp_path / "record.json"
    result = run_cli(["record", str(filled), "-o", str(again)])
    assert result.exit_code == 0, result.output
    if not rules.custom_name:
        assert score_json(again) == score_json(example)
    data = json.loads(again.read_text())
    assert data.get("title") == record.title and data.get("date") == record.date


@pytest.mark.parametrize("layout", LAYOUTS)
def test_ticks_and_numbers_read_back_the_same(layout, tmp_path):
    """The worked card with two extra Yahtzees as "2", "✓✓", "x x" or "//" scores 495 each time."""
    prefix = "p1." if layout == "players" else "g1."
    results = []
    for ticks in ("2", "\u2713\u2713", "x x", "//"):
        values = column_values(prefix, WORKED_CARD, 0) | {prefix + "yahtzee_bonus_ticks": ticks}
        path = tmp_path / f"t{len(results)}.pdf"
        path.write_bytes(fill(blank_sheet(layout, "letter", fillable=True, columns=1), values))
        results.append(score_json(path)["games"][0]["players"][0])
    assert all(r == results[0] for r in results)
    assert results[0]["yahtzee_bonuses"] == 2 and results[0]["grand_total"] == 495


def test_empty_columns_are_ignored_and_names_default(tmp_path):
    """Columns 2 and 4 filled, the rest empty: a game of two, the unnamed one "Player 4"."""
    values = column_values("p2.", WORKED_CARD, 0) | column_values("p4.", WORKED_CARD, 1)
    values["p2.name"] = "Åsa Ødegård"
    path = tmp_path / "two.pdf"
    path.write_bytes(fill(blank_sheet("players", "letter", fillable=True), values))
    players = score_json(path)["games"][0]["players"]
    assert [(p["name"], p["grand_total"]) for p in players] == [("Åsa Ødegård", 295), ("Player 4", 395)]


def test_printed_names_and_a_second_page_read_back(tmp_path):
    """Names printed with --names come from the sheet itself; player 7 is on page 2."""
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus")
    pdf = render_scoresheet(load_rules("free-choice"), "players", "letter", names=names, fillable=True)
    values = column_values("p2.", WORKED_CARD, 0) | column_values("p7.", WORKED_CARD, 2, ticks=True)
    path = tmp_path / "seven.pdf"
    path.write_bytes(fill(pdf, values | {"page2.title": "ignored", "title": "Club"}))
    scored = score_json(path)
    assert scored["variant"] == "free-choice"
    players = scored["games"][0]["players"]
    assert [(p["name"], p["grand_total"]) for p in players] == [("Bob", 295), ("Gus", 495)]


def test_a_filled_sheet_prints_with_fill(tmp_path):
    """`sheetgen fill filled.pdf` prints the record beside it, never over the sheet itself."""
    (tmp_path / "output").mkdir()
    source = tmp_path / "output" / "filled.pdf"
    source.write_bytes(
        fill(blank_sheet("players", "letter", fillable=True), column_values("p1.", WORKED_CARD, 1))
    )
    result = run_cli(["fill", "output/filled.pdf"], tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "output/filled-filled.pdf"
    printed = pypdf.PdfReader(tmp_path / "output" / "filled-filled.pdf").pages[0].extract_text()
    assert "395" in printed and pypdf.PdfReader(source).get_fields()


# Bad and hostile input


def _with_field(pdf: bytes, name: str, value: str) -> bytes:
    return fill(pdf, column_values("p1.", WORKED_CARD, 0) | {name: value})


def _encrypted(pdf: bytes) -> bytes:
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    writer.encrypt("secret", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@cache
def _bomb() -> bytes:
    """A small PDF (1.3 MB) whose object stream inflates to 300 MB."""
    objects = b"<</Type /Catalog /Pages 2 0 R>> <</Type /Pages /Kids [] /Count 0>> "
    packer = zlib.compressobj(1)
    data = packer.compress(b"1 0 2 32 " + objects)
    data += b"".join(packer.compress(b" " * 1_000_000) for _ in range(300)) + packer.flush()
    head = b"%PDF-1.7\n"
    stream = b"3 0 obj\n<</Type /ObjStm /N 2 /First 9 /Filter /FlateDecode /Length %d>>\nstream\n" % len(data)
    body = head + stream + data + b"\nendstream\nendobj\n"
    rows = b"\x00" + bytes(6) + b"\x02" + (3).to_bytes(4, "big") + bytes(2)
    rows += b"\x02" + (3).to_bytes(4, "big") + (1).to_bytes(2, "big")
    rows += b"\x01" + len(head).to_bytes(4, "big") + bytes(2)
    xref_at = len(body)
    rows += b"\x01" + xref_at.to_bytes(4, "big") + bytes(2)
    xref = b"4 0 obj\n<</Type /XRef /Size 5 /W [1 4 2] /Root 1 0 R /Length %d>>\nstream\n" % len(rows)
    return body + xref + rows + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref_at


@cache
def _half_filled() -> bytes:
    values = column_values("p2.", WORKED_CARD, 0)
    del values["p2.chance"], values["p2.yahtzee"]
    return fill(blank_sheet("players", "letter", fillable=True), values | {"p2.name": "Bob"})


HOSTILE = {
    "not-a-pdf": (lambda: b"hello, this is not a PDF\n" * 10, "not a PDF"),
    "encrypted": (lambda: _encrypted(blank_sheet("players", "letter", fillable=True)), "encrypted"),
    "not-a-sheet": (
        lambda: render_scoresheet(load_rules("official"), "players", "letter"),
        "not a sheetgen score sheet",
    ),
    "text-in-a-box": (
        lambda: _with_field(blank_sheet("players", "letter", fillable=True), "p1.aces", "two"),
        '"two" is not',
    ),
    "absurd-number": (
        lambda: _with_field(blank_sheet("players", "letter", fillable=True), "p1.sixes", "9999"),
        "cannot score",
    ),
    "absurd-ticks": (
        lambda: _with_field(
            blank_sheet("players", "letter", fillable=True), "p1.yahtzee_bonus_ticks", "9999"
        ),
        "yahtzee_bonuses",
    ),
    "truncated": (lambda: blank_sheet("players", "letter", fillable=True)[:20000], "cannot read the PDF"),
    "bomb": (_bomb, ""),  # pypdf gives up on the stream; what is left is no sheet
    "half-filled": (_half_filled, 'player 2 ("Bob"): missing yahtzee, chance'),
}


# score meets every case; fill and record share its reader, so three cases cover them
HOSTILE_RUNS = [(case, "score") for case in HOSTILE] + [
    (case, command) for case in ("encrypted", "bomb", "half-filled") for command in ("fill", "record")
]


@pytest.mark.parametrize(("case", "command"), HOSTILE_RUNS)
def test_hostile_pdfs_are_one_line_exit_2_nothing_written(case, command, tmp_path):
    """Each is one line naming the file and why, exit 2, no traceback, no output file, in seconds."""
    make, message = HOSTILE[case]
    (tmp_path / "in.pdf").write_bytes(make())
    args = {
        "score": ["score", "in.pdf"],
        "fill": ["fill", "in.pdf"],
        "record": ["record", "in.pdf", "-o", "r.json"],
    }
    result = run_cli(args[command], tmp_path)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: in.pdf: ") and message in lines[0], lines
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.pdf"]


def test_a_100_mb_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    """The size is bounded: a sparse 100 MB file is refused having read no more than the limit."""
    huge = tmp_path / "huge.pdf"
    with huge.open("wb") as file:
        file.write(b"%PDF-1.7\n")
        file.truncate(100 * 1024 * 1024)
    read = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    result = run_cli(["score", str(huge)])
    assert sum(read) <= byte_limit() + 1
    assert result.exit_code == 2
    most = byte_limit() // (1024 * 1024)
    assert result.stderr == f"Error: {huge}: more than {most} MB; a filled score sheet may be at most that\n"
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("case", ["bomb", "truncated", "encrypted"])
def test_hostile_pdfs_in_a_real_process_within_a_few_hundred_mb(case, tmp_path):
    """The command itself, limited to 400 MB of address space: one line on stderr, exit 2.

    (A real process, since pytest would catch what a library logs on the way.)
    """
    bomb = tmp_path / "in.pdf"
    bomb.write_bytes(HOSTILE[case][0]())

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (400 * 1024 * 1024, 400 * 1024 * 1024))

    result = subprocess.run(
        [sys.executable, "-m", "sheetgen", "score", str(bomb)],
        preexec_fn=limit,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_filled_pdf_with_no_suffix_is_found_by_its_magic(tmp_path):
    """A filled sheet saved without .pdf is still read as a PDF, not as broken JSON."""
    path = tmp_path / "game"
    path.write_bytes(
        fill(blank_sheet("players", "letter", fillable=True), column_values("p1.", WORKED_CARD, 0))
    )
    assert score_json(path)["games"][0]["players"][0]["grand_total"] == 295


def test_field_names_follow_the_contract():
    """Players: title, date, game, pN.name, pN.BOX and the computed rows; series: player, gN.BOX."""
    players = set(pypdf.PdfReader(io.BytesIO(blank_sheet("players", "letter", fillable=True))).get_fields())
    series = set(pypdf.PdfReader(io.BytesIO(blank_sheet("series", "letter", fillable=True))).get_fields())
    for n in range(1, 7):
        assert {f"p{n}.{b.value}" for b in Box} | {f"p{n}.name", f"p{n}.yahtzee_bonus_ticks"} <= players
        assert {f"p{n}.{slug}" for slug in COMPUTED} <= players
        assert {f"g{n}.{b.value}" for b in Box} | {f"g{n}.yahtzee_bonus_ticks"} <= series
    assert {"title", "date", "game"} <= players and {"player", "title", "date", "series_total"} <= series


def test_unknown_stored_info_is_refused(tmp_path):
    """A sheet whose stored information was tampered with is one line, exit 2."""
    writer = pypdf.PdfWriter(
        clone_from=pypdf.PdfReader(io.BytesIO(blank_sheet("players", "letter", fillable=True)))
    )
    writer.add_metadata({SHEET_KEY: '{"format": 1, "layout": "poster"}'})
    writer._info[NameObject("/Other")] = TextStringObject("x")
    out = tmp_path / "odd.pdf"
    writer.write(out)
    result = run_cli(["score", str(out)])
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == f"Error: {out}: its sheetgen information is incomplete\n"


@pytest.mark.parametrize("print_size", ["standard", "large"])
def test_every_field_types_in_the_sheet_s_own_typeface(print_size):
    """Scores, totals, names and lines are drawn in embedded subsets of the bundled DejaVu faces (no
    Helvetica), each with the digits a score needs, at a fixed size: never auto (0), which shrank a
    long name to 5 pt in poppler; 8 pt at the least, 16 pt in large print."""
    from fontTools.ttLib import TTFont

    pdf = blank_sheet("players", "letter", fillable=True, print_size=print_size)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    fonts = reader.trailer["/Root"]["/AcroForm"]["/DR"]["/Font"]
    least = 16 if print_size == "large" else 8
    for name, widget in form_widgets(reader).items():
        field = widget if "/DA" in widget else widget["/Parent"]
        font_name, size = str(field["/DA"]).split()[:2]
        font = fonts[font_name]
        assert str(font["/BaseFont"]).split("+")[1].startswith("DejaVuSans"), name
        cmap = TTFont(io.BytesIO(font["/FontDescriptor"]["/FontFile2"].get_data())).getBestCmap()
        assert all(ord(digit) in cmap for digit in "0123456789"), name
        assert float(size) >= least, name


LATIN_NAMES = ["Zoë Müller", "François Ørsted-Núñez", "Friday night \u2013 \u201cŒuvre\u201d €5"]


@pytest.mark.parametrize("name", LATIN_NAMES)
def test_the_field_font_draws_accented_names(name):
    """The name fields' font is simple and WinAnsi-encoded (what pdftk and qpdf write), with every glyph.

    Names outside WinAnsi (Łukasz, Ψ) are drawn by the viewers' own fallback fonts:
    tests/test_forms_engines.py looks at them in pdf.js, PDFium and MuPDF.
    """
    from fontTools.ttLib import TTFont

    reader = pypdf.PdfReader(io.BytesIO(blank_sheet("players", "letter", fillable=True)))
    form = reader.trailer["/Root"]["/AcroForm"]
    name_field = form_widgets(reader)["p1.name"]
    font = form["/DR"]["/Font"][str(name_field["/DA"]).split()[0]]
    assert (font["/Subtype"], font["/Encoding"]) == ("/TrueType", "/WinAnsiEncoding")
    cmap = TTFont(io.BytesIO(font["/FontDescriptor"]["/FontFile2"].get_data())).getBestCmap()
    assert all(ord(char) in cmap for char in name.encode("cp1252").decode("cp1252")), name


def test_half_cards_compute_and_read_back(tmp_path):
    """Both half-page cards compute (every total in /CO) and read back as a two-player series."""
    pdf = render_scoresheet(load_rules(), "series", "letter", card="half", fillable=True)
    form = pypdf.PdfReader(io.BytesIO(pdf)).trailer["/Root"]["/AcroForm"]
    ordered = {full_name(reference.get_object()) for reference in form["/CO"]}
    for prefix in ("", "card2."):
        assert {f"{prefix}series_total", f"{prefix}g6.grand_total"} <= ordered
    values = {"player": "Ann", "card2.player": "Bob"}
    for prefix in ("", "card2."):
        values |= {f"{prefix}g1.{box}": str(score) for box, score in WORKED_CARD.items()}
    values["card2.g1.yahtzee_bonus_ticks"] = "//"
    filled = tmp_path / "half.pdf"
    filled.write_bytes(fill(pdf, values))
    result = score_json(filled)
    totals = {player["name"]: player["grand_total"] for player in result["games"][0]["players"]}
    assert totals == {"Ann": 295, "Bob": 495}  # the worked card without its bonus, and with two


# The reader's limits and the largest sheet sheetgen makes: one number, MAX_PLAYERS names

LIMIT_SHEETS = {  # a sheet the suite renders anyway: (layout, card), and its columns or cards
    "players": (("players", "full"), 6),
    "series": (("series", "full"), 1),
    "half": (("series", "half"), 1),
}


@pytest.mark.parametrize("kind", LIMIT_SHEETS)
def test_the_reader_takes_the_largest_sheet_sheetgen_makes(kind):
    """A 20-card series sheet (2,580 fields) was refused against 2,000: every limit now follows 60 names.

    The field code's count of a sheet's fields is an upper bound of a rendered one's (checked on a small
    sheet), each field's share of the largest stream is under FIELD_BYTES, and the reader's limits take
    the count for MAX_PLAYERS names of every layout.
    """
    (layout, card), count = LIMIT_SHEETS[kind]
    half = card == "half"
    pdf = blank_sheet(layout, "letter", card=card, fillable=True)
    names = set(form_widgets(pypdf.PdfReader(io.BytesIO(pdf))))
    assert names <= set(sheet_field_names(layout, count, half))
    largest = max(len(zlib.decompressobj().decompress(stream)) for stream in _streams(pdf))
    assert largest <= field_tree_size(names) * FIELD_BYTES
    biggest = field_tree_size(sheet_field_names(layout, MAX_PLAYERS, half))
    assert most_fields() >= biggest and byte_limit() >= biggest * FIELD_BYTES


def _streams(pdf: bytes) -> list[bytes]:
    """Every stream's stored bytes, as the file holds them (every stream sheetgen writes is deflated)."""
    starts = [match.end() for match in re.finditer(rb">>\s*stream\r?\n", pdf)]
    return [pdf[start : pdf.index(b"endstream", start)] for start in starts]
