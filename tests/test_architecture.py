"""The subpackages are the architecture: each imports only the layers below it."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sheetgen"
# Each layer and the layers it may import, lowest first.
LAYERS = {
    "errors": set(),
    "rules": {"errors"},
    "files": {"errors", "rules"},
    "layout": {"errors", "rules", "files"},
    "forms": {"errors", "rules", "files", "layout"},
    "web": {"errors", "rules", "files", "layout"},
    "pdf": {"errors", "rules", "files", "layout", "forms", "web"},
    "build": {"errors", "rules", "files", "layout", "forms", "web", "pdf"},
    "cli": {"errors", "rules", "files", "layout", "forms", "web", "pdf", "build"},
}
FILE_METHODS = {"read_text", "read_bytes", "write_text", "write_bytes", "open", "scandir", "stat"}
RENDERING = ("jinja2", "weasyprint", "reportlab", "pypdf", "pypdfium2", "click")


def _modules(layer: str) -> list[str]:
    folder = PACKAGE / layer
    if folder.is_dir():
        return [f"sheetgen.{layer}.{p.stem}" for p in sorted(folder.glob("*.py")) if p.stem != "__init__"]
    return [f"sheetgen.{layer}"]


def _loaded_after_importing(modules: list[str]) -> list[str]:
    code = (
        "import json, sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_every_module_belongs_to_a_layer() -> None:
    top = {p.stem for p in PACKAGE.glob("*.py")} | {p.name for p in PACKAGE.iterdir() if p.is_dir()}
    assert top - {"__init__", "__main__", "__pycache__"} == set(LAYERS)


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_only_the_layers_below_it(layer: str) -> None:
    loaded = _loaded_after_importing(_modules(layer))
    layers = {name.split(".")[1] for name in loaded if name.startswith("sheetgen.") and name.count(".") >= 1}
    assert layers - {layer, "__main__"} <= LAYERS[layer]


def test_the_rules_model_loads_no_rendering_library_and_does_no_file_io() -> None:
    loaded = set(_loaded_after_importing(_modules("rules")))
    assert not loaded & {*RENDERING, "tomllib"}
    for path in (PACKAGE / "rules").glob("*.py"):
        tree = ast.parse(path.read_text())
        calls = {
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        }
        attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        assert "open" not in calls, path.name
        assert not attributes & {"read_text", "read_bytes", "write_text", "write_bytes", "open", "scandir"}, (
            path.name
        )


def test_only_the_command_line_imports_click() -> None:
    importers = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(name.split(".")[0] == "click" for name in names):
                importers.append(path.relative_to(PACKAGE).as_posix())
    assert importers == ["cli.py"]


def test_importing_sheetgen_loads_nothing_heavy() -> None:
    loaded = set(_loaded_after_importing(["sheetgen", "sheetgen.cli"]))
    assert not loaded & {"jinja2", "weasyprint", "reportlab", "pypdf", "pypdfium2"}
