"""The README's library example runs as written."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from helpers import ROOT
from pypdf import PdfReader


def test_the_readme_library_example_runs(tmp_path: Path) -> None:
    """Load rules, check a record, total it, render three sheets to bytes: the README's words, run."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Library") : readme.index("## Layout")]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    code = code.replace('"examples/', f'"{ROOT / "examples"}/')
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith('record: player 1 ("Ann"), boxes: missing twos, threes')
    assert lines[-2].startswith("series: {")
    players = len(json.loads((ROOT / "examples" / "series.json").read_text())["games"][0]["players"])
    for name, pages in (("rules.pdf", 1), ("blank.pdf", 1), ("filled.pdf", players)):  # a card per player
        assert len(PdfReader(tmp_path / name).pages) == pages, name
