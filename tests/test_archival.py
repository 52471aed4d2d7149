"""Filled records as PDF/A-3b that carry their game: validated, read back exactly, refused when planted.

The validator is the PyPI `page-validation` package (`page`), run on the
bytes in process. Each record is filled once per module; a planted or
damaged attachment is made by rewriting a good PDF with pypdf.
"""

from __future__ import annotations

import io
import json
import struct
from pathlib import Path

import page
import pypdf
import pytest
from helpers import EXAMPLES, WORKED_CARD, blank_sheet, column_values, fill, run_cli
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

from sheetgen.pdf.srgb import srgb_profile
from sheetgen.rules.records import parse_record, record_text

RECORDS = ["boxes.json", "turns.json", "series.json", "custom-variant.json"]


def failed_rules(pdf: bytes, profile: str = "3b") -> list[str]:
    """The rules a PDF fails, each once, with the validator's first message for it."""
    report = page.validate_pdf_bytes(pdf, profile=profile)
    found: dict[str, str] = {}
    for failure in report.failures:
        found.setdefault(failure.rule_id, failure.message)
    return [f"{rule}: {message}" for rule, message in sorted(found.items())]


def filled(folder: Path, *args: str) -> bytes:
    """`sheetgen fill ARGS -o folder/out.pdf`, its bytes."""
    result = run_cli(["fill", *args, "-o", str(folder / "out.pdf")], folder)
    assert result.exit_code == 0, result.stderr
    return (folder / "out.pdf").read_bytes()


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, bytes]:
    """Every example filled alone, the half card, and all four combined, filled once for the module."""
    made = {}
    for name in RECORDS:
        made[name] = filled(tmp_path_factory.mktemp("fill"), str(EXAMPLES / name))
    made["half"] = filled(tmp_path_factory.mktemp("fill"), str(EXAMPLES / "series.json"), "--card", "half")
    made["combined"] = filled(
        tmp_path_factory.mktemp("fill"), *(str(EXAMPLES / n) for n in RECORDS), "--combine"
    )
    return made


def attachments(pdf: bytes) -> list[tuple[str, DictionaryObject]]:
    """The embedded files, by name, as the catalog's name tree lists them; each knows its object number."""
    root = pypdf.PdfReader(io.BytesIO(pdf)).trailer["/Root"]
    names = root["/Names"]["/EmbeddedFiles"]["/Names"]
    return [(str(names[n]), names[n + 1].get_object()) for n in range(0, len(names), 2)]


def associated(pdf: bytes) -> list[int]:
    """The object numbers of the files the catalog's /AF lists."""
    return [ref.idnum for ref in pypdf.PdfReader(io.BytesIO(pdf)).trailer["/Root"]["/AF"]]


@pytest.mark.parametrize("which", [*RECORDS, "half", "combined"])
def test_every_filled_record_is_pdf_a_3b(pdfs, which):
    """Zero failed rules in page-validation's PDF/A-3b profile (before: 6, streams, colour, XMP)."""
    assert failed_rules(pdfs[which]) == []


def test_a_filled_fillable_sheet_printed_again_is_pdf_a_3b(tmp_path):
    """A sheet filled in a viewer (fields, NeedAppearances) gives a record PDF without them."""
    values = {**column_values("p1.", WORKED_CARD, 0), "p1.name": "Ann"}
    (tmp_path / "sheet.pdf").write_bytes(fill(blank_sheet("players", "letter", fillable=True), values))
    pdf = filled(tmp_path, str(tmp_path / "sheet.pdf"))
    assert failed_rules(pdf) == []
    root = pypdf.PdfReader(io.BytesIO(pdf)).trailer["/Root"]
    assert "/AcroForm" not in root
    (name, spec), *others = attachments(pdf)
    assert name == "record.json" and not others
    sheet_json = run_cli(["record", str(tmp_path / "sheet.pdf")]).stdout
    assert spec["/EF"]["/F"].get_object().get_data().decode() == sheet_json


@pytest.mark.parametrize("which", RECORDS)
def test_the_record_travels_as_record_json(pdfs, which):
    """One file, record.json, application/json, /AFRelationship /Data, in the catalog's /AF."""
    pdf = pdfs[which]
    ((name, spec),) = attachments(pdf)
    stream = spec["/EF"]["/F"].get_object()
    assert (name, spec["/F"], spec["/UF"], spec["/AFRelationship"]) == (
        name,
        "record.json",
        "record.json",
        "/Data",
    )
    assert stream["/Subtype"] == "/application/json"
    assert stream["/Params"]["/Size"] == len(stream.get_data())
    assert associated(pdf) == [spec.indirect_reference.idnum]


def expected(name: str) -> dict:
    """The example record as its filled PDF carries it: as given, a custom variant named by what it holds."""
    given = json.loads((EXAMPLES / name).read_text())
    if name == "custom-variant.json":  # examples/our-house.toml
        return {
            **given,
            "variant": "free-choice",
            "house_rules": ["five-of-a-kind-full-house", "one-die-start"],
        }
    return given


@pytest.mark.parametrize("which", RECORDS)
def test_json_to_pdf_to_json_is_exact(pdfs, which, tmp_path):
    """`sheetgen record` of the filled PDF writes the record given to fill, as `record` writes JSON.

    Only a custom variant's record changes: its variant file may not travel
    with the PDF, so it names the file's base variant and house rules.
    """
    (tmp_path / "out.pdf").write_bytes(pdfs[which])
    result = run_cli(["record", "out.pdf"], tmp_path)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == record_text(expected(which))
    score = run_cli(["score", "out.pdf", "--json"], tmp_path)
    from_json = run_cli(["score", str(EXAMPLES / which), "--json"])
    assert score.exit_code == 0 and json.loads(score.stdout)["games"] == json.loads(from_json.stdout)["games"]


def test_a_filled_record_printed_again_is_the_same_bytes(pdfs, tmp_path):
    """fill of a filled record's PDF reprints it exactly: same pages, same record, same bytes."""
    (tmp_path / "series.pdf").write_bytes(pdfs["series.json"])
    assert filled(tmp_path, "series.pdf") == pdfs["series.json"]


def test_a_combined_pdf_carries_one_file_per_record(pdfs, tmp_path):
    """record-1.json ... in page order; fill splits them again; score and record refuse in one line."""
    pdf = pdfs["combined"]
    files = attachments(pdf)
    assert [name for name, _ in files] == [f"record-{n}.json" for n in range(1, 5)]
    assert associated(pdf) == [spec.indirect_reference.idnum for _, spec in files]
    (tmp_path / "all.pdf").write_bytes(pdf)
    result = run_cli(["fill", "all.pdf", "-o", "split"], tmp_path)
    assert result.exit_code == 0, result.stderr
    for n, name in enumerate(RECORDS, 1):
        again = run_cli(["record", str(tmp_path / "split" / f"all-{n}.pdf")])
        assert again.stdout == record_text(expected(name))
    for command in (["score", "all.pdf"], ["record", "all.pdf"], ["fill", "all.pdf", "-o", "one.pdf"]):
        refused = run_cli(command, tmp_path)
        assert refused.exit_code == 2 and len(refused.stderr.splitlines()) == 1, refused.stderr
        assert "Traceback" not in refused.stderr


def test_a_record_keeps_the_json_it_was_given():
    """A caller that changes its dict after parsing changes nothing the PDF would carry."""
    data = {"title": "Ours", "players": [{"name": "Ann", "boxes": dict(WORKED_CARD)}]}
    record = parse_record(data)
    data["players"][0]["name"] = "Bob"
    assert json.loads(record.data)["players"][0]["name"] == "Ann"


def test_the_srgb_profile_is_srgb():
    """The built profile: a well-formed ICC v2 RGB display profile that maps colours as LittleCMS's sRGB."""
    from PIL import Image, ImageCms  # WeasyPrint's dependency: here only to check the profile

    profile = srgb_profile()
    size, version, kind, space, pcs = struct.unpack(">I4xI4s4s4s", profile[:24])
    assert (size, version, kind, space, pcs, profile[36:40]) == (
        len(profile),
        0x02100000,
        b"mntr",
        b"RGB ",
        b"XYZ ",
        b"acsp",
    )
    ours = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128), (10, 200, 30), (250, 250, 5)]
    image = Image.new("RGB", (len(colours), 1))
    for x, colour in enumerate(colours):
        image.putpixel((x, 0), colour)
    builtin = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    lab = ImageCms.ImageCmsProfile(ImageCms.createProfile("LAB"))
    mapped = [
        ImageCms.applyTransform(image, ImageCms.buildTransform(p, lab, "RGB", "LAB")) for p in (ours, builtin)
    ]
    for x in range(len(colours)):
        a, b = (m.getpixel((x, 0)) for m in mapped)
        assert max(abs(i - j) for i, j in zip(a, b, strict=True)) <= 1, (colours[x], a, b)


# ---- planted and damaged attachments: one line, exit 2, for score, record and fill alike


def planted(pdf: bytes, files: list[tuple[str, bytes]] | None = None, **catalog: object) -> bytes:
    """The PDF with its embedded files replaced by `files` (pypdf's own attachments), or catalog keys set."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    if files is not None:
        del writer.root_object["/Names"]
        for name, data in files:
            writer.add_attachment(name, data)
    for key, value in catalog.items():
        writer.root_object[NameObject(f"/{key}")] = value
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


GOOD = json.dumps({"players": [{"name": "Ann", "boxes": WORKED_CARD}]}).encode()
DEEP = b'{"players": ' + b"[" * 40 + b"]" * 40 + b"}"
IMPOSSIBLE = json.dumps({"players": [{"name": "Ann", "boxes": {**WORKED_CARD, "aces": 7}}]}).encode()
PLANTED = [
    ("not json", [("record.json", b"{not json")], "record.json: invalid JSON"),
    ("not utf-8", [("record.json", b"\xff\xfe{}")], "not UTF-8"),
    ("over 5 MB", [("record.json", GOOD + b" " * (5 * 1024 * 1024))], "record.json: more than 5 MB"),
    ("nested too deep", [("record.json", DEEP)], "nested too deeply"),
    ("a 5000-digit score", [("record.json", GOOD.replace(b"5", b"5" * 5000, 1))], "digits"),
    ("duplicate key", [("record.json", b'{"title": "a", "title": "b", ' + GOOD[1:])], "duplicate key"),
    ("wrong name", [("game.json", GOOD)], 'embeds "game.json"'),
    ("two of them", [("record.json", GOOD), ("notes.txt", b"hi")], 'embeds "notes.txt", "record.json"'),
    ("the same name twice", [("record.json", GOOD), ("record.json", GOOD)], 'embeds "record.json" twice'),
    ("numbered alone", [("record-1.json", GOOD)], 'embeds "record-1.json"'),
    ("an impossible score", [("record.json", IMPOSSIBLE)], 'record.json: player 1 ("Ann"), box aces'),
    ("a variant file", [("record.json", GOOD[:-1] + b', "variant": "../x.toml"}')], "variant file"),
    ("a bad language", [("record.json", GOOD[:-1] + b', "lang": "xx"}')], "lang"),
    ("no files listed", [], "not in the shape sheetgen writes"),
]


@pytest.mark.parametrize(("files", "phrase"), [c[1:] for c in PLANTED], ids=[c[0] for c in PLANTED])
@pytest.mark.parametrize("command", ["score", "record", "fill"])
def test_a_planted_or_damaged_record_is_one_line(pdfs, tmp_path, files, phrase, command):
    """Any damage to the embedded record is refused as any bad record is, before anything is written."""
    (tmp_path / "r.pdf").write_bytes(planted(pdfs["boxes.json"], files))
    before = sorted(p.name for p in tmp_path.iterdir())
    result = run_cli([command, "r.pdf", *(["-o", "out"] if command == "fill" else [])], tmp_path)
    assert result.exit_code == 2 and result.stdout == "", (result.exit_code, result.stdout)
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: r.pdf: ") and phrase in line and len(line) <= 300, line
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize(
    ("catalog", "phrase"),
    [
        ({"AcroForm": DictionaryObject({NameObject("/Fields"): ArrayObject()})}, "both form fields"),
        (
            {"Names": DictionaryObject({NameObject("/EmbeddedFiles"): TextStringObject("x")})},
            "not in the shape",
        ),
    ],
    ids=["with form fields", "a broken name tree"],
)
def test_an_odd_catalog_is_one_line(pdfs, tmp_path, catalog, phrase):
    (tmp_path / "r.pdf").write_bytes(planted(pdfs["boxes.json"], **catalog))
    result = run_cli(["score", "r.pdf"], tmp_path)
    assert result.exit_code == 2 and phrase in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_filled_record_is_dated_as_the_user_says(tmp_path, monkeypatch):
    """SOURCE_DATE_EPOCH dates the document information and the XMP alike (PDF/A wants them equal)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    pdf = filled(tmp_path, str(EXAMPLES / "boxes.json"))
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert reader.metadata["/CreationDate"] == "D:19700102000000+00'00'"
    assert (
        b"<xmp:CreateDate>1970-01-02T00:00:00+00:00</xmp:CreateDate>"
        in reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    )
    assert failed_rules(pdf) == []


@pytest.mark.parametrize(
    "pdf",
    [b"", b"%PDF-1.7\nnot ReportLab's\n", b"%PDF-1.3\n1 0 obj\n<<>>\nendobj\nstartxref\n9\n%%EOF\n"],
    ids=["empty", "no xref", "an xref elsewhere"],
)
def test_a_pdf_of_another_shape_is_no_silent_damage(pdf):
    """archive.py finishes ReportLab's own shape only; anything else says sheetgen needs updating."""
    from sheetgen.pdf.archive import archived

    with pytest.raises(RuntimeError, match="needs updating"):
        archived(pdf, ["{}\n"], "t", 0)


def test_text_the_font_cannot_draw_keeps_the_record_pdf_a(tmp_path):
    """A die emoji and U+FFFF print as empty boxes, drawn as a glyph (not .notdef), and the XMP stays XML."""
    data = {
        "title": "Zo\u00eb \U0001f3b2 & <us> \uffff",
        "players": [{"name": "\u0633\u0627\u0631\u0629 \U0001f3b2", "boxes": WORKED_CARD}],
    }
    (tmp_path / "r.json").write_text(json.dumps(data), encoding="utf-8")
    result = run_cli(["fill", "r.json", "-o", "r.pdf"], tmp_path)
    assert result.exit_code == 0 and "empty boxes" in result.stderr
    pdf = (tmp_path / "r.pdf").read_bytes()
    assert failed_rules(pdf) == []
    assert "\u25af" in pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert json.loads(run_cli(["record", "r.pdf"], tmp_path).stdout) == data
