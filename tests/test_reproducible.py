"""The same input gives the same PDF bytes, whichever command or process renders it."""

from __future__ import annotations

import subprocess
import sys

from sheetgen.build import JobKind, build, plan


def test_a_built_rule_sheet_is_the_one_sheetgen_rules_prints(tmp_path, monkeypatch):
    """The build's pool workers and a plain `sheetgen rules` stamp the same date (none): same bytes."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    monkeypatch.setenv("SHEETGEN_NO_CACHE", "1")
    jobs = [job for job in plan(["official"]) if job.kind == JobKind.RULES and job.print_size == "standard"]
    assert len(jobs) == 2  # Letter and A4: rendered in the worker pool
    build(tmp_path / "site", jobs)
    command = [sys.executable, "-m", "sheetgen", "rules", "--no-cache", "-o", str(tmp_path / "rules.pdf")]
    subprocess.run(command, check=True, capture_output=True, cwd=tmp_path)
    built = (tmp_path / "site" / "rules-official.pdf").read_bytes()
    assert built == (tmp_path / "rules.pdf").read_bytes()
    assert b"/CreationDate" not in built
