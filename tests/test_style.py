"""The code stays ruff-clean, as the project's style asks."""

import subprocess
import sys

from helpers import ROOT


def test_ruff_check_and_format():
    """`ruff check` and `ruff format --check` pass on the whole tree."""
    for args in (["check", "."], ["format", "--check", "."]):
        result = subprocess.run(
            [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stdout + result.stderr
