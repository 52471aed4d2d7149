"""The commands that draw nothing: variants, schema, start-up cost, entry points."""

from __future__ import annotations

import json
import subprocess
import sys

import jsonschema
import pytest
from helpers import EXAMPLES, run_cli

from sheetgen import __version__
from sheetgen.files.locales import languages
from sheetgen.rules.variants import VARIANTS, HouseRule


def test_variants_lists_each_variant_and_house_rule_once():
    """One line per variant, per house rule and per language, each naming it."""
    lines = run_cli(["variants"]).output.splitlines()
    names = [v.name for v in VARIANTS] + [r.value for r in HouseRule] + list(languages())
    assert len(lines) == len(names)
    for line, name in zip(lines, names, strict=True):
        assert name in line.split()


@pytest.fixture(scope="module")
def schema():
    return json.loads(run_cli(["schema"]).output)


def test_schema_is_valid_json_schema(schema):
    """`sheetgen schema` prints a valid draft 2020-12 schema."""
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_examples_match_the_schema(schema, example):
    """The shipped examples validate against the published schema."""
    jsonschema.validate(json.loads((EXAMPLES / example).read_text()), schema)


@pytest.mark.parametrize(
    "record",
    [
        {"players": [{"name": "A", "turns": [{"dice": [1, 2, 3, 4], "box": "chance"}] * 13}]},
        {"players": [{"name": "A", "turns": [{"dice": [1, 2, 3, 4, 7], "box": "chance"}] * 13}]},
        {"players": [{"name": "A", "boxes": {"aces": 2}}]},
        {"players": [], "games": []},
        {"players": [{"name": "A", "turns": []}], "extra": 1},
    ],
)
def test_schema_rejects_wrong_shapes(schema, record):
    """The schema refuses what the loader refuses for shape."""
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, schema)


@pytest.mark.parametrize(
    "args",
    [["variants"], ["schema"], ["score", str(EXAMPLES / "turns.json"), "--json"]],
)
def test_plain_commands_import_no_pdf_library(args):
    """score, schema and variants start without weasyprint or reportlab."""
    code = (
        "import sys\nfrom sheetgen.cli import cli\n"
        f"try:\n    cli({args!r})\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('weasyprint', 'reportlab', 'pypdf') if m in sys.modules]\n"
        "print(heavy, file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stderr.strip() == "[]"


def test_module_entry_point_and_version():
    """`python -m sheetgen --version` works like the console script."""
    result = subprocess.run(
        [sys.executable, "-m", "sheetgen", "--version"], capture_output=True, text=True, check=True
    )
    assert result.stdout == f"sheetgen, version {__version__}\n"
