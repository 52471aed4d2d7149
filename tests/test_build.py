"""`sheetgen build`: the planned set, the index page, and reuse of unchanged files."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import shutil
import subprocess
import sys

from helpers import (
    EXAMPLES,
    KNOWN_VARIANTS,
    OUR_HOUSE,
    ROOT,
    TESTS,
    folder_files,
    latin1_locale,
    run_cli,
    run_sheetgen,
)
from pypdf import PdfReader

from sheetgen import build as build_module
from sheetgen.build import MANIFEST, build, plan
from sheetgen.files.locales import translator
from sheetgen.files.records import load_record
from sheetgen.rules.variants import VARIANTS
from sheetgen.web.app import APP_FILES


def test_each_card_lists_its_standard_print_first():
    """On the index a card's downloads keep the plan's order within a paper: the standard sheet first,
    so its preview is the standard sheet (a six-player card, not large print's three)."""
    firsts: dict[tuple[str, str], str] = {}
    for job in plan(["official"]):
        for output, meta in zip(job.outputs, job.meta, strict=False):
            if not output.startswith("records/") and meta.get("card"):
                firsts.setdefault((meta["card"], meta["paper"]), output)
    assert len(firsts) >= 8
    assert not [output for output in firsts.values() if "-large" in output or "-fillable" in output]


def test_plan_covers_every_variant_paper_and_layout():
    """Per variant: rules and scorekeeper pages, 2 rule sheets, 12 score sheets (2 layouts and half cards,
    2 papers, fillable or not), and the large-print set: 2 rule sheets, 8 score sheets (blank, fillable).
    Yahtzee's variants; the other games' sets: tests/test_games.py."""
    jobs = plan(games=["yahtzee"])
    outputs = [output for job in jobs for output in job.outputs]
    assert len(outputs) == len(set(outputs))
    for variant in VARIANTS:
        mine = [o for o in outputs if f"-{variant.name}" in o and not o.startswith("records/")]
        assert len(mine) == 26, variant.name
        assert f"rules-{variant.name}.html" in mine
        assert f"scorekeeper-{variant.name}.html" in mine
        for paper in ("letter", "a4"):
            for layout in ("players", "series"):
                assert f"scoresheet-{layout}-{variant.name}-{paper}-fillable.pdf" in mine
                assert f"scoresheet-{layout}-{variant.name}-large-{paper}.pdf" in mine
                assert f"scoresheet-{layout}-{variant.name}-large-{paper}-fillable.pdf" in mine
            assert f"scoresheet-series-{variant.name}-{paper}-half.pdf" in mine
        assert {f"rules-{variant.name}.pdf", f"rules-{variant.name}-a4.pdf"} <= set(mine)
        assert {f"rules-{variant.name}-large.pdf", f"rules-{variant.name}-large-a4.pdf"} <= set(mine)
    examples = sorted(p.stem for p in EXAMPLES.glob("*.json"))
    assert sorted(
        o.removeprefix("records/").removesuffix(".pdf") for o in outputs if o.startswith("records/")
    ) == (sorted(examples + [f"{e}-a4" for e in examples]))


def test_plan_with_a_variant_file_and_house_rule():
    """A built-in name limits the set; a TOML file adds its own sheets; house rules reach every name."""
    jobs = plan(["c2406", str(OUR_HOUSE)], ["series"])
    sheets = {o for job in jobs for o in job.outputs if not o.startswith("records/")}
    assert "rules-c2406-series.pdf" in sheets and "rules-official.pdf" not in sheets
    assert any(o.startswith("rules-our-house-") for o in sheets)


def expected_pages(output: str) -> range:
    """A sheet is one page; a filled example one page per card: a series card per player, else one
    page (no example has more than six players). In large print a blank sheet is four pages (six
    players, three to a card; six games, three to a card; each card two pages), a rule sheet two or more."""
    if output.startswith("rules-") and "-large" in output:
        return range(2, 7)
    if output.startswith("scoresheet-") and "-large-" in output:
        return range(4, 5)
    if not output.startswith("records/"):
        return range(1, 2)
    record = load_record(
        EXAMPLES / f"{output.removeprefix('records/').removesuffix('.pdf').removesuffix('-a4')}.json"
    )
    pages = len(record.player_names) if record.is_series else 1
    return range(pages, pages + 1)


def test_build_writes_every_file_with_a_thumbnail(site):
    """Each planned PDF exists, opens, and has its PNG preview; the rules page is written too."""
    expected = [o for job in site.jobs for o in job.outputs]
    assert sorted(site.result.written) == sorted(expected)
    folder = site.folder
    for output in (o for o in expected if o.endswith(".pdf")):
        assert len(PdfReader(folder / output).pages) in expected_pages(output), output
        thumb = folder / "thumbs" / (output.removesuffix(".pdf").replace("/", "-") + ".png")
        assert thumb.read_bytes().startswith(b"\x89PNG")
    assert (folder / "rules-official.html").read_text().startswith("<!doctype html>")


def test_rebuild_reuses_everything(site):
    """Nothing changed: nothing rendered, and the files are untouched."""
    again = build(site.folder, site.jobs)
    assert again.written == [] and sorted(again.reused) == sorted(site.result.written)
    manifest = json.loads((site.folder / MANIFEST).read_text())["files"]
    assert set(manifest) == set(site.result.written)
    assert folder_files(site.folder) == site.files


def test_index_lists_and_links_every_file(site):
    """index.html links each PDF and its preview, with paper, variant and size."""
    folder = site.folder
    page = (folder / "index.html").read_text()
    for output in (o for o in site.result.written if o not in APP_FILES):  # the offline app's are not listed
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
    record.write_text((EXAMPLES / "boxes.json").read_text())
    monkeypatch.setattr(build_module, "EXAMPLES_DIR", examples)

    def letter_fills():
        return [job for job in plan(["official"]) if job.kind == "records" and job.paper == "letter"]

    build(tmp_path / "out", letter_fills())
    assert build(tmp_path / "out", letter_fills()).written == []
    record.write_text(record.read_text().replace('"Bob"', '"Robert"'))
    assert build(tmp_path / "out", letter_fills()).written == ["records/game.pdf"]


def test_rebuild_imports_no_weasyprint(site):
    """With nothing to render, the parent process never loads WeasyPrint."""
    code = (
        f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nfrom pathlib import Path\n"
        "from helpers import site_jobs\nfrom sheetgen.build import build\n"
        f"result = build(Path({str(site.folder)!r}), site_jobs())\n"
        "print(len(result.written), 'weasyprint' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "False"]


def test_cli_unknown_variant_is_one_line(tmp_path):
    """sheetgen build --variant vegas: exit 2 and one line."""
    result = run_cli(["build", "-o", tmp_path, "--variant", "vegas"])
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == f"Error: unknown variant 'vegas'; {KNOWN_VARIANTS}\n"


def test_index_keeps_files_of_earlier_builds(tmp_path):
    """A build for other house rules adds to the index; the earlier build's files stay listed."""

    def rule_sheet(*house_rules):
        return [j for j in plan(["official"], house_rules) if j.kind == "rules" and j.paper == "letter"]

    build(tmp_path, rule_sheet())
    build(tmp_path, rule_sheet("series"))
    page = (tmp_path / "index.html").read_text()
    assert 'href="rules-official-series.pdf"' in page and 'href="rules-official.pdf"' in page


def test_rebuild_leaves_the_index_alone(site):
    """Nothing changed: index.html is not even rewritten."""
    folder = site.folder
    before = (folder / "index.html").stat().st_mtime_ns
    assert build(folder, site.jobs).written == []
    assert (folder / "index.html").stat().st_mtime_ns == before


def test_index_labels_cards_for_people(site):
    """Cards carry human labels and sizes, link their PDF from a 480 px preview, and name the variant."""
    page = (site.folder / "index.html").read_text()
    assert '<a class="preview" href="rules-official.pdf"><img src="thumbs/rules-official.png"' in page
    assert 'width="480"' in page and "PDF, " in page and " KB</span>" in page
    assert "Yahtzee: Official rules" in page and VARIANTS[0].summary in page
    assert "Yahtzee is a trademark of Hasbro" in page
    assert "&#34;" not in page.split("</style>")[0]


def test_sheets_carry_the_trademark_notice(site):
    """The rule sheets and the score sheets print the notice in their footer."""
    for job in site.jobs:
        if job.kind in ("rules", "scoresheet") and job.paper == "letter" and not job.fillable:
            text = " ".join(PdfReader(site.folder / job.outputs[0]).pages[0].extract_text().split())
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


def test_the_same_build_elsewhere_gives_the_same_bytes(site, tmp_path):
    """`build --variant official` from a copy of sheetgen in another folder, into another folder, in
    another time zone, locale and umask: every file has the same bytes (the manifest, the index and
    the worker's cache name too). The first build takes its sheets from the run's cache (the `site`
    build rendered them); the second renders afresh (--no-cache), so the cache cannot hide what a
    place, a zone or a locale would change in them."""
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    for folder in ("sheetgen", "templates", "examples"):
        shutil.copytree(
            ROOT / folder, elsewhere / "copy" / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    here.mkdir()
    (elsewhere / "work").mkdir()
    env = {**os.environ, "TZ": "UTC", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    first = run_sheetgen(["build", "--variant", "official", "-o", "site"], here, env=env, umask=0o022)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    copy = str(elsewhere / "copy")
    program = [  # the copy's sheetgen, not this checkout's
        sys.executable,
        "-c",
        f"import sys, sheetgen.cli\nassert sheetgen.cli.__file__.startswith({copy!r})\n"
        "sys.argv[0] = 'sheetgen'\nsheetgen.cli.main()\n",
    ]
    locale = latin1_locale()
    env = {**os.environ, "PYTHONPATH": copy, "TZ": "Pacific/Kiritimati", "LC_ALL": locale, "LANG": locale}
    args = ["build", "--variant", "official", "--no-cache", "-o", str(elsewhere / "out")]
    second = run_sheetgen(args, elsewhere / "work", program=program, env=env, umask=0o002)
    assert second.returncode == 0 and second.stderr == "", second.stderr
    built, again = folder_files(here / "site"), folder_files(elsewhere / "out")
    assert built.keys() == again.keys() and len(built) > 50
    assert [name for name in built if built[name] != again[name]] == []


def test_the_examples_titles_are_the_ones_the_site_translates():
    """EXAMPLE_TITLES holds exactly the titles examples/*.json and their rules give, so none prints in
    English abroad."""
    records = [load_record(path) for path in (ROOT / "examples").glob("*.json")]
    titles = {r.title for r in records} | {r.rules.custom_title for r in records if r.rules.custom_title}
    assert titles == set(build_module.EXAMPLE_TITLES)


def test_a_german_site_prints_its_examples_under_german_titles():
    """The index's captions and the filled example itself: "Sonntag", not "Sunday"; English as written."""
    jobs = [
        job for job in plan(["official"], (), ["en", "de"]) if job.kind == "records" and job.paper == "a4"
    ]
    german = next(job for job in jobs if job.lang == "de")
    english = next(job for job in jobs if job.lang == "en")
    sunday = next(n for n, path in enumerate(german.records) if load_record(path).title == "Sunday")
    assert german.meta[sunday]["card"] == "Sonntag" and english.meta[sunday]["card"] == "Sunday"
    single = dataclasses.replace(german, records=(german.records[sunday],), outputs=(german.outputs[sunday],))
    ((_, pdf, _),) = build_module.run_job(single)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "Sonntag" in text and "Sunday" not in text
    # A custom variant's example prints its rules' title in German too (our-house.toml's).
    ours = next(n for n, path in enumerate(german.records) if load_record(path).rules.custom_title)
    single = dataclasses.replace(german, records=(german.records[ours],), outputs=(german.outputs[ours],))
    ((_, pdf, _),) = build_module.run_job(single)
    text = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    german_title = translator("de").gettext("Yahtzee at our house")
    assert german_title != "Yahtzee at our house" and german_title in text and "at our house" not in text
