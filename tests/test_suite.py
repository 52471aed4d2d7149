"""The test suite's own rules: a WeasyPrint warning fails the test that logged it, test modules share
helpers only through helpers.py, and conftest.py holds nothing but fixtures and hooks."""

from __future__ import annotations

import ast

import pytest
from helpers import TESTS

PLANTED = """
from weasyprint import HTML

import sheetgen.pdf.render  # sheetgen quiets WeasyPrint to errors for its users: not for the tests


def test_renders_an_unknown_property():
    HTML(string='<p style="colour: red">x</p>').write_pdf()


def test_renders_a_clean_page():
    HTML(string='<p style="color: red">x</p>').write_pdf()
"""


def test_a_planted_weasyprint_warning_fails_its_test(pytester: pytest.Pytester, weasyprint_log) -> None:
    """A test whose render logs a warning errors at teardown, naming the warning; a clean one passes."""
    pytester.syspathinsert(TESTS)
    pytester.makeconftest((TESTS / "conftest.py").read_text())
    pytester.makepyfile(test_planted=PLANTED)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(
        [
            "*ERROR at teardown of test_renders_an_unknown_property*",
            "*WeasyPrint logged 1 warning(s): WARNING: Ignored `colour: red` at 1:1, unknown property.",
        ]
    )
    # This test's own log heard the planted warning too (one logger, one process): expected here.
    assert weasyprint_log.take() == ["Ignored `colour: red` at 1:1, unknown property."]


def _imported_modules(path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", sorted(TESTS.glob("*.py")), ids=lambda path: path.name)
def test_no_test_file_imports_a_test_module_or_conftest(path) -> None:
    """Shared code lives in helpers.py (and browsing.py); a test module imported elsewhere would run its
    tests twice and tie the files together, and conftest is pytest's to load."""
    wrong = {m for m in _imported_modules(path) if m == "conftest" or m.startswith("test_")}
    assert wrong == set()


def test_conftest_holds_only_fixtures_and_hooks() -> None:
    """Every function in conftest.py is a fixture or a pytest hook; no constant or helper hides there."""
    tree = ast.parse((TESTS / "conftest.py").read_text())
    others = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            fixture = any("fixture" in ast.unparse(d) for d in node.decorator_list)
            if not fixture and not node.name.startswith("pytest_"):
                others.append(node.name)
        elif isinstance(node, ast.ClassDef):
            others.append(node.name)
        elif isinstance(node, ast.Assign):
            others += [t.id for t in node.targets if isinstance(t, ast.Name) and t.id != "pytest_plugins"]
    assert others == []
