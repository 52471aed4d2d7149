"""Faults while writing: full disks, read-only folders, clashing names, standard output, kill -9.

These run the real `sheetgen` in a subprocess where a fault needs one (a
resource limit, a signal); every write fault must be one line naming the
destination, and no fault may leave a half-written or temporary file behind.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest
from helpers import (
    EXAMPLES,
    SHEETGEN,
    STOPPED,
    WORKED_CARD,
    assert_one_line,
    folder_files,
    read_only,
    run_cli,
    run_sheetgen,
    temporaries,
)

from sheetgen.files import output as output_module

# ---- one-file commands


FULL_WHILE_RENDERING = "out/r.pdf: cannot make it: File too large"


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        # --no-cache: the sheet must really render, whatever earlier tests left in the cache
        (["rules", "--no-cache", "-o", "out/r.pdf"], FULL_WHILE_RENDERING),
        (["scoresheet", "--no-cache", "-o", "out/r.pdf"], FULL_WHILE_RENDERING),
        (["fill", "boxes.json", "--no-cache", "-o", "out/r.pdf"], FULL_WHILE_RENDERING),
    ],
)
def test_full_disk_while_rendering_is_one_line_and_keeps_the_old_file(tmp_path, args, phrase):
    """No room even for the renderer's temporary fonts: one line naming the PDF, the old file intact."""
    shutil.copy(EXAMPLES / "boxes.json", tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "r.pdf").write_bytes(b"old")
    assert_one_line(run_sheetgen(args, tmp_path, limit_bytes=4096), phrase)
    assert folder_files(tmp_path / "out") == {"r.pdf": b"old"}


@pytest.mark.parametrize("args", [["rules", "-o", "out/r.pdf"], ["fill", "boxes.json", "-o", "out/r.pdf"]])
def test_full_disk_while_writing_is_one_line_and_keeps_the_old_file(tmp_path, monkeypatch, args):
    """The disk fills while the PDF is written: one line naming it, the old file intact, no temporary."""
    shutil.copy(EXAMPLES / "boxes.json", tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "r.pdf").write_bytes(b"old")
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, fd, mode):
            self.file = real_fdopen(fd, mode)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def write(self, data):
            self.file.write(data[:100])
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(output_module.os, "fdopen", Full)
    result = run_cli(args, tmp_path)
    assert result.exit_code == 2 and result.stdout == "" and result.exception is not None
    assert result.stderr == "Error: out/r.pdf: cannot write: No space left on device\n"
    assert folder_files(tmp_path / "out") == {"r.pdf": b"old"}


def test_read_only_folder_is_one_line(tmp_path):
    """rules and fill into a folder that cannot be written: one line naming the destination."""
    shutil.copy(EXAMPLES / "boxes.json", tmp_path)
    folder = tmp_path / "ro"
    folder.mkdir()
    with read_only(folder):
        assert_one_line(run_sheetgen(["rules", "-o", "ro/r.pdf"], tmp_path), "ro/r.pdf: cannot write")
        assert_one_line(
            run_sheetgen(["fill", "boxes.json", "-o", "ro"], tmp_path), "ro/boxes.pdf: cannot write"
        )
        assert not list(folder.iterdir())


def test_dash_writes_the_pdf_to_standard_output(tmp_path):
    """-o - : the PDF on stdout, nothing else there, no file written."""
    shutil.copy(EXAMPLES / "boxes.json", tmp_path)
    for args in (["rules", "-o", "-"], ["fill", "boxes.json", "-o", "-"]):
        result = subprocess.run([*SHEETGEN, *args], cwd=tmp_path, capture_output=True, timeout=120)
        assert result.returncode == 0 and result.stderr == b""
        assert result.stdout.startswith(b"%PDF-") and result.stdout.rstrip().endswith(b"%%EOF")
    assert folder_files(tmp_path).keys() == {"boxes.json"}


def test_records_with_one_name_get_distinct_pdfs(tmp_path):
    """a/x/r.json, b/x/r.json, c/x/r.json into one folder: three PDFs, as --help says."""
    for top in "abc":
        (tmp_path / top / "x").mkdir(parents=True)
        data = {"players": [{"name": f"Player {top}", "boxes": WORKED_CARD}]}
        (tmp_path / top / "x" / "r.json").write_text(json.dumps(data))
    result = run_cli(["fill", "a/x/r.json", "b/x/r.json", "c/x/r.json", "-o", "out"], tmp_path)
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == ["r.pdf", "x-r-2.pdf", "x-r.pdf"]
    assert len({(tmp_path / "out" / name).read_bytes() for name in written}) == 3
    help_text = " ".join(run_cli(["fill", "--help"], tmp_path).output.split())
    assert "x-r.pdf" in help_text and "x-r-2.pdf" in help_text


def test_a_killed_runs_temporary_files_go_with_the_next_write(tmp_path):
    """A temporary file of a dead process is removed by the next write into its folder; a live one stays."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True)
    dead_pid = int(dead.stdout)
    stale = tmp_path / f".r.pdf.{dead_pid}-abcd1234.tmp"
    live = tmp_path / f".r.pdf.{os.getppid()}-abcd1234.tmp"
    stale.write_bytes(b"half")
    live.write_bytes(b"busy")
    output_module._swept.discard(os.path.realpath(tmp_path))
    output_module.write_atomic(tmp_path / "other.pdf", b"%PDF-")
    assert not stale.exists() and live.exists()


def test_write_error_names_the_destination_not_the_temporary(tmp_path, monkeypatch):
    """An error after the temporary file is made still names the destination, and removes the temporary."""

    def refuse(*args):
        raise PermissionError(13, "Permission denied", args[0])

    monkeypatch.setattr(output_module.os, "replace", refuse)
    with pytest.raises(output_module.OutputError, match=r"out\.pdf: cannot write: Permission denied$"):
        output_module.write_atomic(tmp_path / "out.pdf", b"%PDF-")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "name",
    ["a" * 239 + ".html", "b" * 247 + ".html", "c" * 250 + ".html", "\u00e9" * 124 + "x.html"],
    ids=["244 bytes", "252 bytes", "255 bytes", "254 bytes in two-byte letters"],
)
def test_an_output_name_near_the_limit_is_written(tmp_path, name):
    """Any name the folder takes is written (the temporary file beside it is cut to fit), leaving
    no temporary; one that a killed run left under such a name goes with the next write."""
    assert len(os.fsencode(name)) in (244, 252, 254, 255)
    # The prefix a run that has since ended made (its PID may be longer than this one's).
    ended = (
        "import os, sys, pathlib; from sheetgen.files.output import temporary_prefix as made; "
        "sys.stdout.buffer.write(os.fsencode(made(pathlib.Path(sys.argv[1]))))"
    )
    made = subprocess.run([sys.executable, "-c", ended, tmp_path / name], capture_output=True, check=True)
    stale = tmp_path / f"{os.fsdecode(made.stdout)}abcd1234.tmp"
    stale.write_bytes(b"half")
    result = run_cli(["scorekeeper", "-o", name], tmp_path)
    assert result.exit_code == 0 and result.stderr == "", result.output
    assert os.listdir(tmp_path) == [name] and (tmp_path / name).read_text().startswith("<!doctype html>")


# ---- interrupting a long `fill --combine`

RECORDS = 150


@pytest.fixture(scope="module")
def long_fill(tmp_path_factory):
    """A folder of records whose combined PDF takes a few seconds, and that PDF made once, undisturbed."""
    folder = tmp_path_factory.mktemp("long-fill")
    (folder / "records").mkdir()
    for n in range(RECORDS):
        data = {"title": f"Game {n}", "players": [{"name": f"P{n}", "boxes": WORKED_CARD}]}
        (folder / "records" / f"r{n:03}.json").write_text(json.dumps(data))
    start = time.monotonic()
    result = run_sheetgen(["fill", "records", "--combine", "-o", "reference.pdf"], folder)
    assert result.returncode == 0, result.stderr
    return folder, (folder / "reference.pdf").read_bytes(), time.monotonic() - start


@pytest.mark.parametrize(("how", "seed"), [("SIGINT", 1), ("SIGINT", 2), ("SIGKILL", 3), ("SIGKILL", 4)])
def test_interrupted_combine_leaves_the_old_file_or_the_new_one(long_fill, tmp_path, how, seed):
    """Ctrl-C or kill -9 at a random moment: the old PDF or the complete new one, never part of one."""
    folder, reference, seconds = long_fill
    out = tmp_path / "out"
    out.mkdir()
    (out / "all.pdf").write_bytes(b"the old file")
    process = subprocess.Popen(
        [*SHEETGEN, "fill", str(folder / "records"), "--combine", "-o", str(out / "all.pdf")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(random.Random(seed).uniform(0.6, seconds * 1.1))
    os.killpg(process.pid, getattr(signal, how))
    _, stderr = process.communicate(timeout=120)
    assert (out / "all.pdf").read_bytes() in (b"the old file", reference)
    assert "Traceback" not in stderr
    if how == "SIGINT":
        assert process.returncode in STOPPED and temporaries(out) == []
    shutil.copy(EXAMPLES / "boxes.json", tmp_path)
    assert run_sheetgen(["fill", "boxes.json", "-o", "out/next.pdf"], tmp_path).returncode == 0
    assert temporaries(out) == []
