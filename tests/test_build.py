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
from sheetgen.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent


def test_plan_covers_every_variant_paper_and_layout():
    """Per variant: 2 rule sheets, 12 score sheets (2 layouts and half cards, 2 papers, fillable or not),
    a scorekeeper."""
    jobs = plan()
    outputs = [output for job in jobs for output in job.outputs]
    assert len(outputs) == len(set(outputs))
    for variant in VARIANTS:
        mine = [o for o in outputs if f"-{variant.name}" in o and not o.startswith("records/")]
        assert len(mine) == 15, variant.name
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
    jobs = [job for job in plan(["official"]) if job.paper == "letter" and not job.fillable]
    first = build(folder, jobs)
    again = build(folder, jobs)
    return folder, jobs, first, again


def test_build_writes_every_file_with_a_thumbnail(small_build):
    """Each planned PDF exists, opens, and has its PNG preview."""
    folder, jobs, first, _ = small_build
    expected = [o for job in jobs for o in job.outputs]
    assert sorted(first.written) == sorted(expected)
    for output in expected:
        assert len(PdfReader(folder / output).pages) >= 1
        thumb = folder / "thumbs" / (output.removesuffix(".pdf").replace("/", "-") + ".png")
        assert thumb.read_bytes().startswith(b"\x89PNG")


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
    for output in first.written:
        assert f'href="{output}"' in page
        assert (folder / output).is_file()
    for word in ("Letter", "official", "KB", "Rule sheet", "Score sheet", "Filled example"):
        assert word in page


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
        "jobs = [j for j in plan(['official']) if j.paper == 'letter' and not j.fillable]\n"
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
