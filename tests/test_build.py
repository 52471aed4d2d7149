"""`sheetgen build`: the planned set, the index page, and reuse of unchanged files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen import build as build_module
from sheetgen.build import MANIFEST, build, plan
from sheetgen.cli import cli
from sheetgen.rules.variants import VARIANTS
from sheetgen.web.app import APP_FILES

ROOT = Path(__file__).resolve().parent.parent


def test_plan_covers_every_variant_paper_and_layout():
    """Per variant: rules and scorekeeper pages, 2 rule sheets, 12 score sheets (2 layouts and half cards,
    2 papers, fillable or not)."""
    jobs = plan()
    outputs = [output for job in jobs for output in job.outputs]
    assert len(outputs) == len(set(outputs))
    for variant in VARIANTS:
        mine = [o for o in outputs if f"-{variant.name}" in o and not o.startswith("records/")]
        assert len(mine) == 16, variant.name
        assert f"rules-{variant.name}.html" in mine
        assert f"scorekeeper-{variant.name}.html" in mine
        for paper in ("letter", "a4"):
            for layout in ("players", "series"):
                assert f"scoresheet-{layout}-{variant.name}-{paper}-fillable.pdf" in mine
            assert f"scoresheet-series-{variant.name}-{paper}-half.pdf" in mine
        assert {f"rules-{variant.name}.pdf", f"rules-{variant.name}-a4.pdf"} <= set(mine)
    examples = sorted(p.stem for p in (ROOT / "examples").glob("*.json"))
    assert sorted(
        o.removeprefix("records/").removesuffix(".pdf") for o in outputs if o.startswith("records/")
    ) == (sorted(examples + [f"{e}-a4" for e in examples]))


def test_plan_with_a_variant_file_and_house_rule():
    """A built-in name limits the set; a TOML file adds its own sheets; house rules reach every name."""
    jobs = plan(["c2406", str(ROOT / "examples" / "our-house.toml")], ["series"])
    sheets = {o for job in jobs for o in job.outputs if not o.startswith("records/")}
    assert "rules-c2406-series.pdf" in sheets and "rules-official.pdf" not in sheets
    assert any(o.startswith("rules-our-house-") for o in sheets)


@pytest.fixture(scope="module")
def small_build(tmp_path_factory):
    """A build of a few jobs (the full set is the benchmark's business), then a rebuild."""
    folder = tmp_path_factory.mktemp("build")
    jobs = [job for job in plan(["official"]) if job.paper in ("letter", "") and not job.fillable]
    first = build(folder, jobs)
    again = build(folder, jobs)
    return folder, jobs, first, again


def test_build_writes_every_file_with_a_thumbnail(small_build):
    """Each planned PDF exists, opens, and has its PNG preview; the rules page is written too."""
    folder, jobs, first, _ = small_build
    expected = [o for job in jobs for o in job.outputs]
    assert sorted(first.written) == sorted(expected)
    for output in (o for o in expected if o.endswith(".pdf")):
        assert len(PdfReader(folder / output).pages) >= 1
        thumb = folder / "thumbs" / (output.removesuffix(".pdf").replace("/", "-") + ".png")
        assert thumb.read_bytes().startswith(b"\x89PNG")
    assert (folder / "rules-official.html").read_text().startswith("<!doctype html>")


def test_rebuild_reuses_everything(small_build):
    """Nothing changed: nothing rendered, and the files are untouched."""
    folder, _jobs, first, again = small_build
    assert again.written == [] and sorted(again.reused) == sorted(first.written)
    manifest = json.loads((folder / MANIFEST).read_text())["files"]
    assert set(manifest) == set(first.written)


def test_index_lists_and_links_every_file(small_build):
    """index.html links each PDF and its preview, with paper, variant and size."""
    folder, _, first, _ = small_build
    page = (folder / "index.html").read_text()
    for output in (o for o in first.written if o not in APP_FILES):  # the offline app's files are not listed
        assert f'href="{output}"' in page
        assert (folder / output).is_file()
    for word in ("Letter", "official", "KB", "Rule sheet", "Score sheet, 6 players", "Six-game card"):
        assert word in page
    assert 'href="rules-official.html"' in page and (folder / "rules-official.html").is_file()


def test_changed_input_is_rendered_again(tmp_path, monkeypatch):
    """A changed example record re-renders the job that uses it, and only that."""
    examples = tmp_path / "examples"
    examples.mkdir()
    record = examples / "game.json"
    record.write_text((ROOT / "examples" / "boxes.json").read_text())
    monkeypatch.setattr(build_module, "EXAMPLES_DIR", examples)

    def letter_fills():
        return [job for job in plan(["official"]) if job.kind == "records" and job.paper == "letter"]

    build(tmp_path / "out", letter_fills())
    assert build(tmp_path / "out", letter_fills()).written == []
    record.write_text(record.read_text().replace('"Bob"', '"Robert"'))
    assert build(tmp_path / "out", letter_fills()).written == ["records/game.pdf"]


def test_rebuild_imports_no_weasyprint(small_build):
    """With nothing to render, the parent process never loads WeasyPrint."""
    folder, _jobs, *_ = small_build
    code = (
        "import sys\nfrom pathlib import Path\nfrom sheetgen.build import build, plan\n"
        "jobs = [j for j in plan(['official']) if j.paper in ('letter', '') and not j.fillable]\n"
        f"result = build(Path({str(folder)!r}), jobs)\n"
        "print(len(result.written), 'weasyprint' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "False"]


def test_cli_unknown_variant_is_one_line(tmp_path):
    """sheetgen build --variant vegas: exit 2 and one line."""
    result = CliRunner().invoke(cli, ["build", "-o", str(tmp_path), "--variant", "vegas"])
    assert result.exit_code == 2
    assert "unknown variant 'vegas'" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_index_keeps_files_of_earlier_builds(tmp_path):
    """A build for other house rules adds to the index; the earlier build's files stay listed."""

    def rule_sheet(*house_rules):
        return [j for j in plan(["official"], house_rules) if j.kind == "rules" and j.paper == "letter"]

    build(tmp_path, rule_sheet())
    build(tmp_path, rule_sheet("series"))
    page = (tmp_path / "index.html").read_text()
    assert 'href="rules-official-series.pdf"' in page and 'href="rules-official.pdf"' in page


def test_rebuild_leaves_the_index_alone(small_build):
    """Nothing changed: index.html is not even rewritten."""
    folder, jobs, *_ = small_build
    before = (folder / "index.html").stat().st_mtime_ns
    assert build(folder, jobs).written == []
    assert (folder / "index.html").stat().st_mtime_ns == before


def test_index_labels_cards_for_people(small_build):
    """Cards carry human labels and sizes, link their PDF from a 480 px preview, and name the variant."""
    folder, *_ = small_build
    page = (folder / "index.html").read_text()
    assert '<a class="preview" href="rules-official.pdf"><img src="thumbs/rules-official.png"' in page
    assert 'width="480"' in page and "PDF, " in page and " KB</span>" in page
    assert "Yahtzee: Official rules" in page and VARIANTS[0].summary in page
    assert "Yahtzee is a trademark of Hasbro" in page
    assert "&#34;" not in page.split("</style>")[0]


def test_sheets_carry_the_trademark_notice(small_build):
    """The rule sheet and the score sheets print the notice in their footer."""
    folder, jobs, *_ = small_build
    for job in jobs:
        if job.kind in ("rules", "scoresheet"):
            text = " ".join(PdfReader(folder / job.outputs[0]).pages[0].extract_text().split())
            assert "Yahtzee is a trademark of Hasbro. This sheet is not affiliated with Hasbro." in text


def test_changing_one_variant_redoes_only_its_files(tmp_path):
    """A changed variant file redoes its own rules page and nothing else; the index shows the change."""
    variant = tmp_path / "ours.toml"
    variant.write_text('name = "ours"\nbase = "c2406"\ntitle = "Our game"\n')

    def pages():
        return [job for job in plan(["official", str(variant)]) if job.kind == "page"]

    out = tmp_path / "out"
    assert sorted(build(out, pages()).written) == ["rules-official.html", "rules-ours.html"]
    assert build(out, pages()).written == []
    variant.write_text(variant.read_text().replace("Our game", "Our new game"))
    assert build(out, pages()).written == ["rules-ours.html"]
    assert "Our new game" in (out / "index.html").read_text()
    assert "Our new game" in (out / "rules-ours.html").read_text()
