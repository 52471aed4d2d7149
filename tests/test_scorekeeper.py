"""The scorekeeper page as a file: the command, the build, what the page carries."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from helpers import (
    CONTRADICTING_STARTS,
    KNOWN_HOUSE_RULES,
    KNOWN_VARIANTS,
    OUR_HOUSE,
    TEMPLATES,
    blob,
    run_cli,
)

from sheetgen.build import build, plan
from sheetgen.files.variants import load_rules
from sheetgen.rules.boxes import SHEET_ROWS, TOTAL_LABELS, UPPER_BONUS, UPPER_BONUS_THRESHOLD, Box
from sheetgen.rules.variants import VARIANTS, HouseRule, Rules
from sheetgen.web.scorekeeper import MODULES, render_scorekeeper, scorekeeper_data

TEMPLATE_DIR = TEMPLATES / "scorekeeper"


def test_cli_writes_the_page_and_prints_its_path(tmp_path):
    """Default name output/scorekeeper-<slug>.html, -o a chosen file; the path is printed."""
    result = run_cli(["scorekeeper", "--variant", "c2406", "--house-rule", "series"], tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == str(Path("output") / "scorekeeper-c2406-series.html")
    page = (tmp_path / "output" / "scorekeeper-c2406-series.html").read_text()
    assert blob(page)["page"] == {
        "variant": "c2406",
        "house_rules": ["series"],
        "slug": "c2406-series",
        "storage_key": "sheetgen-scorekeeper/v1/c2406-series",
    }
    result = run_cli(["scorekeeper", "-o", "mine.html"], tmp_path)
    assert result.exit_code == 0 and (tmp_path / "mine.html").read_text().startswith("<!doctype html>")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "vegas"], f"Error: unknown variant 'vegas'; {KNOWN_VARIANTS}"),
        (["--house-rule", "double"], f"Error: unknown house rule 'double'; {KNOWN_HOUSE_RULES}"),
        (["--house-rule", "one-die-start", "--house-rule", "five-dice-start"], CONTRADICTING_STARTS),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args, message, tmp_path):
    """Unknown names and clashing house rules: one line, exit 2, nothing written."""
    result = run_cli(["scorekeeper", *args], tmp_path)
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr == f"{message}\n"
    assert not (tmp_path / "output").exists()


def test_page_is_self_contained():
    """No link, no external script, stylesheet or font: the CSS and the modules are inline."""
    page = render_scorekeeper(Rules())
    assert not re.search(r"<(img|iframe)\b", page)
    (link,) = re.findall(r"<link\b[^>]*>", page)  # the favicon, inline too
    href = re.fullmatch(
        r'<link rel="icon" type="image/svg\+xml" href="data:image/svg\+xml;base64,([^"]+)">', link
    )
    assert href and base64.b64decode(href.group(1)) == (TEMPLATES / "site" / "icon.svg").read_bytes()
    assert not re.search(r"<script[^>]*\bsrc=", page)
    assert not re.search(r"\b(https?:)?//[a-z]", page.replace("http://www.w3.org", ""))
    assert "@import" not in page and "url(" not in page
    assert not re.search(r"^(import|export) ", page, re.M)


def test_the_modules_reach_the_page_as_es_modules():
    """Each module is a real ES module under an import map of data: URLs, in its own scope: its source
    whole but for its sibling imports' specifiers, and one module script per module, in order."""
    page = render_scorekeeper(Rules())
    (importmap,) = re.findall(r'<script type="importmap">(.*?)</script>', page, re.S)
    imports = json.loads(importmap)["imports"]
    assert sorted(imports) == sorted(f"sheetgen:{name}" for name in MODULES)
    for name, url in imports.items():
        source = base64.b64decode(url.removeprefix("data:text/javascript;base64,")).decode()
        original = (TEMPLATE_DIR / name.removeprefix("sheetgen:")).read_text()
        assert source == original.replace('"./', '"sheetgen:'), name
    scripts = re.findall(r'<script type="module">import "([^"]+)";</script>', page)
    assert scripts == [f"sheetgen:{name}" for name in MODULES]
    assert len(re.findall(r"<script\b", page)) == len(scripts) + 2  # and the blob and the import map


def test_a_module_importing_otherwise_is_refused(monkeypatch) -> None:
    """An import the page cannot map (another folder, two on a line) stops the build, never a broken page."""
    from sheetgen.web import scorekeeper

    monkeypatch.setattr(scorekeeper, "template_text", lambda name: 'import { x } from "../x.mjs";\n')
    with pytest.raises(ValueError, match="every import"):
        scorekeeper._module_url("text.mjs")


def test_the_built_page_links_the_icon_beside_it():
    """The build's copy has the app's icon.svg in its folder, so it links that file, not a copy."""
    page = render_scorekeeper(Rules(), site=True)
    assert re.findall(r'<link rel="icon"[^>]*>', page) == [
        '<link rel="icon" type="image/svg+xml" href="icon.svg">'
    ]


def test_labels_and_numbers_come_from_the_model():
    """The template and scripts name no box label, hint or score constant; the blob has them all."""
    sources = "\n".join(p.read_text() for p in TEMPLATE_DIR.iterdir())
    for info in Box:
        assert info.label == "Yahtzee" or info.label not in sources, info.label  # also the game's name
    for label in TOTAL_LABELS.values():
        assert f">{label}<" not in sources and f'"{label}"' not in sources, label
    # Comments, and the delay a save waits for the frame (milliseconds, not a score), are left out.
    code = re.sub(r"/\*.*?\*/|//[^\n]*|setTimeout\(\w+, \d+\)", "", sources, flags=re.S)
    assert len(code) > len(sources) // 2  # the scripts' code, not what one runaway match left
    for number in (UPPER_BONUS_THRESHOLD, UPPER_BONUS, 25, 30, 40, 50, 100):
        assert not re.search(rf"(?<![\w.#-]){number}(?![\w%.-])", code), number
    data = scorekeeper_data(Rules())
    assert [b["label"] for b in data["boxes"]] == [info.label for info in Box]
    assert [r["slug"] for r in data["rows"]] == [row.slug for row in SHEET_ROWS]
    assert {r["name"] for r in data["house_rules"]} == {rule.value for rule in HouseRule}


def test_same_rules_give_the_same_bytes():
    """The page is made deterministically: no date, no random order in the blob."""
    rules = Rules(VARIANTS[1], (HouseRule.SCRATCH_ANY_BOX,))
    assert render_scorekeeper(rules) == render_scorekeeper(Rules(VARIANTS[1], (HouseRule.SCRATCH_ANY_BOX,)))


def test_every_variant_and_house_rule_set_is_loadable():
    """The page can switch to any built-in rules a record names: each has its title and hints."""
    data = scorekeeper_data(Rules())
    for variant in VARIANTS:
        assert variant.name in data["rulesets"]
    assert "free-choice-five-of-a-kind-full-house-series-scratch-any-box" in data["rulesets"]
    hints = data["hint_tables"][data["rulesets"]["official-five-of-a-kind-full-house"]["hints"]]
    assert "5 alike" in hints[[r["key"] for r in data["rows"]].index("full_house")]


def test_user_text_cannot_break_out_of_the_page(tmp_path):
    """A custom title with markup is escaped in the heading and in the JSON blob."""
    toml = tmp_path / "ours.toml"
    toml.write_text('name = "ours"\nbase = "c2406"\ntitle = "</script><b>Ours & co</b>"\n')
    page = render_scorekeeper(load_rules(str(toml)))
    assert "</script><b>" not in page and "<b>Ours" not in page
    assert "&lt;/script&gt;&lt;b&gt;Ours &amp; co" in page
    data = blob(page)
    assert data["rulesets"]["ours"]["title"] == "</script><b>Ours & co</b>"
    assert data["page"]["variant"] == "ours"
    assert next(v for v in data["variants"] if v["name"] == "ours")["base"] == "c2406"


def test_a_custom_variant_page_keeps_its_own_house_rules():
    """our-house's page names the house rules added on top of its file's; its slug is its file name's."""
    rules = load_rules(str(OUR_HOUSE), ["series"])
    data = blob(render_scorekeeper(rules))
    assert data["page"]["variant"] == "our-house" and data["page"]["house_rules"] == ["series"]
    assert data["page"]["slug"] == rules.slug == "our-house-series"
    ours = next(v for v in data["variants"] if v["name"] == "our-house")
    assert ours["house_rules"] == [r.value for r in rules.custom_house_rules]
    assert {"our-house", "our-house-series"} <= set(data["rulesets"])


def test_build_writes_one_scorekeeper_per_variant_and_lists_them(site):
    """`sheetgen build` writes scorekeeper-<variant>.html for each variant and links it on the index."""
    jobs = [job for job in plan(games=["yahtzee"]) if job.kind == "scorekeeper"]
    assert [job.outputs for job in jobs] == [(f"scorekeeper-{v.name}.html",) for v in VARIANTS]
    written = {o for o in site.result.written if o.startswith("scorekeeper-")}
    custom = load_rules(str(OUR_HOUSE)).slug
    assert written == {o for job in jobs for o in job.outputs} | {f"scorekeeper-{custom}.html"}
    index = (site.folder / "index.html").read_text()
    for variant in VARIANTS:
        page = site.folder / f"scorekeeper-{variant.name}.html"
        assert blob(page.read_text())["page"]["variant"] == variant.name
        assert f'href="scorekeeper-{variant.name}.html"' in index
    assert build(site.folder, site.jobs).written == []
