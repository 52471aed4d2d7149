"""`sheetgen build` under faults: damaged outputs, stale keys, bad manifests, locks, full disks, Ctrl-C.

The run's one real site (the `site` fixture, built once: all of the official
variant's files and a few more) is copied into each test; the faults then hit
the copy, through the real command line.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import (
    EXAMPLES,
    SHEETGEN,
    STOPPED,
    assert_one_line,
    folder_files,
    read_only,
    run_sheetgen,
    temporaries,
)

from sheetgen import build as build_module
from sheetgen.build import MANIFEST, build, plan

MORE = ["--house-rule", "series"]  # ten new sheets on top of the site: a build worth interrupting


@pytest.fixture
def copy(site, tmp_path):
    """The shared site copied, for a test to damage."""
    shutil.copytree(site.folder, tmp_path / "site")
    return tmp_path / "site"


def summary(folder: Path, written: int) -> str:
    """The line `sheetgen build --variant official -o FOLDER` ends with, as a pattern (seconds vary)."""
    planned = sum(len(job.outputs) for job in plan(["official"]))
    index = re.escape(str(folder / "index.html"))
    return rf"{index}: {written} files written, {planned - written} reused, \d+\.\d s\n"


def intact(folder: Path) -> None:
    """Every file the manifest lists still has the size and hash it was written with."""
    manifest = json.loads((folder / MANIFEST).read_text())["files"]
    for output, entry in manifest.items():
        data = (folder / output).read_bytes()
        assert len(data) == int(entry["bytes"]) and hashlib.sha256(data).hexdigest() == entry["sha256"]


def complete(name: str, data: bytes) -> bool:
    """A whole file of its kind, not the start of one."""
    if name.endswith(".pdf"):
        return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    if name.endswith(".png"):
        return data.startswith(b"\x89PNG") and data.endswith(b"IEND\xaeB`\x82")
    if name.endswith(".html"):
        return data.rstrip().endswith(b"</html>")
    if name.endswith(".svg"):  # the offline app's icon, manifest and service worker
        return data.rstrip().endswith(b"</svg>")
    if name.endswith(".webmanifest"):
        return bool(json.loads(data)["icons"])
    if name.endswith(".js"):
        return data.rstrip().endswith(b"});")
    return bool(json.loads(data)["files"])


def test_damaged_outputs_are_rendered_again(site, copy):
    """PDFs cut to 100 bytes, zero-filled or emptied, an emptied preview: those four redone, exactly."""
    original = site.files
    cut, zeroed = "rules-official.pdf", "rules-official-a4.pdf"
    emptied, preview = "scoresheet-players-official-letter.pdf", "thumbs/scoresheet-series-official-a4.png"
    (copy / cut).write_bytes(original[cut][:100])
    (copy / zeroed).write_bytes(bytes(len(original[zeroed])))
    (copy / emptied).write_bytes(b"")
    (copy / preview).write_bytes(b"")
    result = run_sheetgen(["build", "--variant", "official", "-o", str(copy)], copy.parent)
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(summary(copy, written=4), result.stdout), result.stdout
    assert folder_files(copy) == original


def test_a_records_variant_file_is_in_its_job_key(tmp_path, monkeypatch):
    """Changing `base` in the TOML an example record names changes that record's job key."""
    (tmp_path / "v.toml").write_text('name = "ours"\nbase = "official"\n')
    data = json.loads((EXAMPLES / "boxes.json").read_text())
    (tmp_path / "game.json").write_text(json.dumps({**data, "variant": "v.toml"}))
    monkeypatch.setattr(build_module, "EXAMPLES_DIR", tmp_path)

    def keys() -> list[str]:
        return [job.inputs_hash() for job in plan(["official"]) if job.kind == "records"]

    before = keys()
    assert all(str((tmp_path / "v.toml").resolve()) in j.depends for j in plan() if j.kind == "records")
    (tmp_path / "v.toml").write_text('name = "ours"\nbase = "free-choice"\n')
    after = keys()
    assert len(before) == 2 and all(b != a for b, a in zip(before, after, strict=True))


def _rule_sheet(variant: str = "official"):
    return [
        job
        for job in plan([variant])
        if job.kind == "rules" and job.paper == "letter" and job.print_size == "standard"
    ]


@pytest.mark.parametrize(
    "manifest",
    [
        '{"files": []}',
        "not json at all",
        '{"format": "sheetgen-build/2", "files": {"rules-official.pdf": {"bytes": "many"}}}',
        '{"files": {}}',
        '{"format": "sheetgen-build/2", "files": {"rules-official.pdf": 7}}',
        '{"format": "sheetgen-build/2", "files": {"rules-official.pdf": {"bytes": "1", "hash": ["x"]}}}',
        "[" * 5000,
        "",
    ],
    ids=[
        "files a list",
        "not JSON",
        "bytes not a number",
        "foreign",
        "entry a number",
        "hash a list",
        "deep",
        "empty",
    ],
)
def test_a_damaged_or_foreign_manifest_means_a_full_rebuild(tmp_path, capsys, manifest):
    """One notice line, everything rendered again, and the next build trusts the new manifest."""
    jobs = _rule_sheet()
    build(tmp_path, jobs)
    capsys.readouterr()
    (tmp_path / MANIFEST).write_text(manifest)
    again = build(tmp_path, jobs)
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"Notice: {tmp_path / MANIFEST}: ") and line.endswith("; rebuilding everything")
    assert again.written == ["rules-official.pdf"]
    assert build(tmp_path, jobs).reused == ["rules-official.pdf"] and capsys.readouterr().err == ""


def _readline(stream, seconds: float) -> str:
    ready, _, _ = select.select([stream], [], [], seconds)
    return stream.readline() if ready else ""


def test_a_second_build_waits_for_the_first(copy):
    """While another build holds the folder, a build says so in one line and starts when it is free."""
    fd = os.open(copy, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        process = subprocess.Popen(
            [*SHEETGEN, "build", "--variant", "official", "-o", str(copy)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = _readline(process.stderr, 60)
        assert line.startswith(f"Waiting: another build is writing to {copy}")
        time.sleep(0.5)
        assert process.poll() is None
    finally:
        os.close(fd)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0 and stderr == ""
    assert re.fullmatch(summary(copy, written=0), stdout), stdout


def test_two_builds_of_different_variants_into_one_folder_keep_every_file(tmp_path):
    """Started together, both finish, and the manifest and index list both builds' files."""
    code = (
        "import sys\nfrom pathlib import Path\nfrom sheetgen.build import build, plan\n"
        "jobs = [j for j in plan([sys.argv[1]]) if j.kind == 'rules' and j.paper == 'letter'"
        " and j.print_size == 'standard']\n"
        f"build(Path({str(tmp_path)!r}), jobs)\n"
    )
    processes = [
        subprocess.Popen([sys.executable, "-c", code, v], stderr=subprocess.PIPE)
        for v in ("official", "c2406")
    ]
    for process in processes:
        assert process.wait(timeout=300) == 0, process.stderr.read()
    expected = {f"rules-{v}.pdf" for v in ("official", "c2406")}
    assert set(json.loads((tmp_path / MANIFEST).read_text())["files"]) == expected
    page = (tmp_path / "index.html").read_text()
    assert all(f'href="{name}"' in page for name in expected)
    intact(tmp_path)


def test_build_into_a_read_only_folder_is_one_line(site, copy):
    """One line naming the folder, exit 2, the site unchanged."""
    original = site.files
    with read_only(copy):
        result = run_sheetgen(["build", "--variant", "official", *MORE, "-o", str(copy)], copy.parent)
    assert_one_line(result, f"{copy}: cannot write")
    assert folder_files(copy) == original


def test_build_onto_a_full_disk_is_one_line_and_keeps_the_site(site, copy):
    """No room to render or write: one line naming the folder, exit 2, the previous site in place."""
    original = site.files
    result = run_sheetgen(
        ["build", "--variant", "official", *MORE, "-o", str(copy)], copy.parent, limit_bytes=4096
    )
    assert_one_line(result, f"{copy}", "cannot write")
    assert folder_files(copy) == original and temporaries(copy) == []


def test_a_build_with_standard_error_closed_still_runs(copy):
    """`sheetgen build 2>&-`: no progress bar to draw and nothing to say, but the build runs."""
    command = [
        "sh",
        "-c",
        'exec "$@" 2>&-',
        "sh",
        *SHEETGEN,
        "build",
        "--variant",
        "official",
        "-o",
        str(copy),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and re.fullmatch(summary(copy, written=0), result.stdout), result.stdout


@pytest.mark.parametrize(("how", "seed"), [("SIGINT", 1), ("SIGINT", 2), ("SIGKILL", 3), ("SIGKILL", 4)])
def test_an_interrupted_build_leaves_a_whole_site(site, copy, how, seed):
    """Ctrl-C or kill -9 at a random moment: every file old or whole, the next build cleans up."""
    original, seconds = site.files, site.seconds
    process = subprocess.Popen(
        [*SHEETGEN, "build", "--variant", "official", *MORE, "-o", str(copy)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, signalled whole as a terminal would
    )
    time.sleep(random.Random(seed).uniform(0.6, min(seconds, 6)))
    os.killpg(process.pid, getattr(signal, how))
    _, stderr = process.communicate(timeout=120)
    if how == "SIGINT":
        assert process.returncode in STOPPED and stderr == "", stderr
        assert temporaries(copy) == []
    now = folder_files(copy)
    for name, data in now.items():
        assert data == original.get(name) or complete(name, data), name
    assert original.keys() <= now.keys()
    result = run_sheetgen(["build", "--variant", "official", "-o", str(copy)], copy.parent)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert temporaries(copy) == []
    intact(copy)


# The parent's own write fails (the staging folder's disk is full): a program that runs sheetgen's command
# line with every Path.write_bytes failing as a full disk fails, in the parent only (workers spawn fresh).
FULL_DISK = (
    "import errno, os, pathlib, sys\n"
    "from sheetgen.cli import main\n"
    "real = pathlib.Path.write_bytes\n"
    "def full(path, data):  # the web pages (written first, in the parent) fit, the PDFs no longer\n"
    "    if path.suffix in ('.html', '.js', '.svg', '.webmanifest'):\n"
    "        return real(path, data)\n"
    "    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))\n"
    "pathlib.Path.write_bytes = full\n"
    "sys.argv[0] = 'sheetgen'\n"
    "main()\n"
)
PATH_MAX = 4096  # Linux's, counting the final NUL: the longest output folder sheetgen accepts is shorter


def _long_folder(base: Path, length: int) -> Path:
    """A folder path of exactly `length` characters under `base`, in names of at most 200 bytes."""
    path = str(base)
    while length - len(path) - 1 > 200:
        path += "/" + "d" * 200
    return Path(path + "/" + "x" * (length - len(path) - 1))


@pytest.mark.parametrize("fault", ["full disk", "long path"])
def test_a_failed_write_in_the_parent_ends_the_build_at_once(tmp_path, fault):
    """The parent cannot write a rendered file (a full disk; an output folder of 4,019 characters,
    whose staged previews pass PATH_MAX): one line, exit 2, within seconds, no traceback, nothing left
    behind: no worker kept waiting, no temporary file, no folder."""
    if fault == "full disk":
        out, program = tmp_path / "site", [sys.executable, "-c", FULL_DISK]
        reason = "cannot write: No space left on device"
    else:
        out, program = _long_folder(tmp_path, 4019), SHEETGEN
        reason = f"Error: {tmp_path}/ddd"  # the line is cut in the path, before the reason
        assert len(str(out)) < PATH_MAX  # a valid path: the folder itself can be made
    result = run_sheetgen(
        ["build", "--variant", "official", "-o", str(out)], tmp_path, seconds=60, program=program
    )
    assert_one_line(result, reason)
    assert not out.exists() and [p for p in tmp_path.rglob("*") if not p.is_dir()] == []


def test_the_resource_tracker_is_stopped_through_the_one_private_name():
    """build.stop_resource_tracker calls ResourceTracker._stop: if Python renames it, this says where."""
    from multiprocessing import resource_tracker

    assert callable(getattr(resource_tracker.ResourceTracker, "_stop", None)), (
        "ResourceTracker._stop is gone: update sheetgen.build.stop_resource_tracker"
    )


LEFT_AT_ONCE = (
    "import multiprocessing, os, sys\n"
    "from concurrent.futures import ProcessPoolExecutor\n"
    "from sheetgen.build import _start_quiet_tracker\n"
    "if __name__ == '__main__':\n"
    "    _start_quiet_tracker()\n"
    "    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context('spawn'))\n"
    "    pool.submit(abs, -1).result()\n"
    "    for worker in multiprocessing.active_children():\n"
    "        worker.kill()\n"
    "        worker.join()\n"
    "    print('Error: one line', file=sys.stderr, flush=True)\n"
    "    os._exit(2)  # as a build that ends at once leaves: the pool's semaphores never released\n"
)


def test_a_build_left_at_once_says_one_line_not_the_trackers_warning(tmp_path):
    """The resource tracker unlinks the semaphores a build left with os._exit did not release,
    and its warning about them (several lines) goes nowhere, not after sheetgen's one line."""
    script = tmp_path / "left.py"
    script.write_text(LEFT_AT_ONCE)
    before = set(os.listdir("/dev/shm"))
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stderr == "Error: one line\n"  # the tracker has ended too

    def left() -> set[str]:
        return {name for name in set(os.listdir("/dev/shm")) - before if name.startswith("sem.mp-")}

    deadline = time.monotonic() + 10  # the tracker unlinks them once the program has gone
    while left() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not left()
