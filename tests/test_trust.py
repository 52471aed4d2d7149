"""Nothing on disk is trusted: the cache, the build's manifest, standard output; signals end everything.

The cache cases plant odd, hostile or stale entries and check that none is
used and none breaks a command. The signal cases run the real `sheetgen` and
send SIGINT, SIGTERM or SIGHUP at a random (seeded, bounded) moment, then
check that no process of the run survives and no temporary file is left.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import EXAMPLES, SHEETGEN, WORKED_CARD, run_cli

from sheetgen.build import MANIFEST, Job, build, plan
from sheetgen.files import cache
from sheetgen.rules.text import MAX_LINE
from sheetgen.rules.variants import Rules

KEY = "d" * 64


@pytest.fixture
def store(tmp_path) -> cache.Cache:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    return cache.Cache(folder)


def _fresh_env(folder: Path, **extra: str) -> dict[str, str]:
    """A user's shell with its own cache folder and temporary folder."""
    env = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", cache.OFF_ENV)}
    (folder / "tmp").mkdir(exist_ok=True)
    return {**env, cache.DIR_ENV: str(folder / "cache"), "TMPDIR": str(folder / "tmp"), **extra}


# ---- 1. the cache


def _plant(store: cache.Cache, make) -> Path:
    store.put("rules", KEY, b"%PDF-real")
    path = store.path("rules", KEY)
    path.unlink()
    make(path)
    return path


@pytest.mark.parametrize(
    "make",
    [
        lambda path: os.mkfifo(path),
        lambda path: path.symlink_to("/dev/zero"),
        lambda path: path.symlink_to(path.with_name("elsewhere")),
        lambda path: path.mkdir(),
    ],
    ids=["fifo", "symlink-to-dev-zero", "dangling-symlink", "folder"],
)
def test_an_odd_entry_is_a_miss_at_once(store, make):
    """A FIFO never blocks, /dev/zero is never read, a folder is skipped: each is a miss."""
    path = _plant(store, make)
    start = time.monotonic()
    assert store.get("rules", KEY) is None
    assert time.monotonic() - start < 5  # a FIFO opened for reading would block forever
    store.put("rules", KEY, b"%PDF-again")
    if not path.is_dir():
        assert path.is_file() and not path.is_symlink() and store.get("rules", KEY) == b"%PDF-again"


def test_an_entry_past_the_size_bound_is_never_read(store):
    """A huge (sparse) entry is refused before it is read into memory."""
    path = _plant(store, lambda p: p.write_bytes(b""))
    with path.open("wb") as file:
        file.truncate(cache.ENTRY_LIMIT + 10)
    assert store.get("rules", KEY) is None and not path.exists()


def test_a_planted_or_moved_entry_is_never_used(store, tmp_path):
    """Sealed as the old format did (plain SHA-256), under another folder's key, or copied to
    another name: none has the seal of this folder's key for that name."""
    payload = b"%PDF-planted"
    old_seal = b"sheetgen-cache 1 %s %d\n%s" % (hashlib.sha256(payload).hexdigest().encode(), 12, payload)
    store.path("rules", KEY).write_bytes(old_seal)
    assert store.get("rules", KEY) is None
    other = cache.Cache(tmp_path / "other")
    other.put("rules", KEY, payload)
    shutil.copy(other.path("rules", KEY), store.path("rules", KEY))
    assert store.get("rules", KEY) is None
    store.put("rules", "e" * 64, payload)
    shutil.copy(store.path("rules", "e" * 64), store.path("rules", KEY))
    assert store.get("rules", KEY) is None
    assert store.get("rules", "e" * 64) == payload
    key = store.folder / cache.KEY_FILE
    assert key.stat().st_mode & 0o777 == 0o600


def test_a_sealed_entry_that_is_not_what_it_should_be_is_rendered_again(tmp_path, monkeypatch):
    """A sealed blank that is not JSON, and a sealed rule sheet that is not a PDF: no traceback,
    the same bytes as a fresh run, and the entries replaced by sound ones."""
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "_opened", {})
    fill_args = ["fill", str(EXAMPLES / "turns.json"), "-o", str(tmp_path / "f.pdf")]
    rules_args = ["rules", "-o", str(tmp_path / "r.pdf")]
    first = [run_cli(args) for args in (fill_args, rules_args)]
    assert [r.exit_code for r in first] == [0, 0]
    reference = (tmp_path / "f.pdf").read_bytes(), (tmp_path / "r.pdf").read_bytes()
    store = cache.Cache(tmp_path / "cache")
    planted = {"blank": b"{not json", "rules": b"<html>not a pdf</html>"}
    for entry in sorted((tmp_path / "cache").glob("*.entry")):
        kind, key = entry.name.removesuffix(".entry").split("-")
        store.put(kind, key, planted.get(kind, b"not a pdf either"))
    again = [run_cli(args) for args in (fill_args, rules_args)]
    assert [r.exit_code for r in again] == [0, 0], [r.output for r in again]
    assert ((tmp_path / "f.pdf").read_bytes(), (tmp_path / "r.pdf").read_bytes()) == reference
    for entry in sorted((tmp_path / "cache").glob("*.entry")):
        kind, key = entry.name.removesuffix(".entry").split("-")
        assert store.get(kind, key) not in planted.values()


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda folder: folder.chmod(0o777), "others can write to it"),
        (lambda folder: folder.chmod(0o770), "others can write to it"),
        (lambda folder: os.chown(folder, 54321, -1), "belongs to another user"),
        (lambda folder: folder.parent.chmod(0o777), "others can write to the folder above it"),
        (lambda folder: (folder / cache.KEY_FILE).chmod(0o644), "is not the user's alone"),
    ],
    ids=["world-writable", "group-writable", "another-owner", "parent-writable", "key-readable"],
)
def test_an_unsafe_folder_is_one_notice_and_no_cache(tmp_path, damage, reason):
    """The command still works, says why in one line, and reads and writes no entry."""
    if os.geteuid() != 0 and "owner" in reason:
        pytest.skip("only root can give a folder to another user")
    home = tmp_path / "home"
    home.mkdir(mode=0o755)
    folder = home / "cache"
    env = {**_fresh_env(tmp_path), cache.DIR_ENV: str(folder)}
    subprocess.run([*SHEETGEN, "scorekeeper", "-o", str(tmp_path / "warm.html")], env=env, check=True)
    cache.Cache(folder).put("rules", cache.entry_key("rules", rules=Rules(), paper="letter"), b"%PDF-x")
    damage(folder)
    before = sorted(p.name for p in folder.iterdir())
    result = subprocess.run(
        [*SHEETGEN, "rules", "-o", str(tmp_path / "r.pdf")], env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Notice: {folder}: ") and reason in line and "without the cache" in line
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF-1.")  # rendered, not the planted entry
    assert sorted(p.name for p in folder.iterdir()) == before


def test_a_folder_under_a_sticky_shared_one_is_used(tmp_path):
    """/tmp-like: a world-writable sticky parent is fine, as for ssh."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    monkey_dir = shared / "mine"
    monkey_dir.mkdir(mode=0o700)
    assert cache.refusal(monkey_dir) is None
    shared.chmod(0o777)
    assert "others can write to the folder above it" in (cache.refusal(monkey_dir) or "")


def test_eviction_sweeps_only_sheetgens_own_temporaries(store):
    """Other programs' old *.tmp files in the folder are never touched; sheetgen's own go."""
    own = store.folder / f".rules-{KEY}.entry.999999-abcd1234.tmp"
    theirs = [store.folder / name for name in ("x.tmp", ".x.tmp", ".report.pdf.999999-abcd1234.tmp")]
    for path in (own, *theirs):
        path.write_bytes(b"old")
        os.utime(path, (1_000_000, 1_000_000))
    store.put("rules", KEY, b"%PDF-")
    assert not own.exists() and all(path.exists() for path in theirs)


# ---- 2. every process ends


def _processes_of(session: int) -> list[str]:
    """The run's processes still alive. A zombie (state Z: ended, waiting for init to reap it, such as
    the `ldconfig` a killed worker's library lookup started) holds nothing open and is not one."""
    listing = subprocess.run(
        ["ps", "-e", "-o", "sid=,pid=,stat=,args="], capture_output=True, text=True
    ).stdout
    return [
        line
        for line in listing.splitlines()
        if line.split()[0] == str(session) and not line.split()[2].startswith("Z")
    ]


def _temporaries(*folders: Path) -> list[str]:
    found = []
    for folder in folders:
        if folder.exists():
            found += [
                str(p) for p in folder.rglob("*") if p.name.endswith(".tmp") or p.name == ".sheetgen-staging"
            ]
    return found


def _leftovers(tmp: Path) -> list[str]:
    """What a stopped run left in its temporary folder (WeasyPrint's font folders, say)."""
    return [p.name for p in tmp.iterdir()] if tmp.exists() else []


@pytest.mark.parametrize(
    ("how", "group", "seed"),
    [("SIGTERM", False, 1), ("SIGTERM", True, 2), ("SIGHUP", True, 3), ("SIGINT", True, 4)],
    ids=["term-parent", "term-group", "hup-group", "int-group"],
)
def test_a_stopped_build_leaves_no_process_and_no_temporary_file(tmp_path, how, group, seed):
    """`kill` (the parent only) or a hang-up or Ctrl-C (the whole group) at a random moment:
    exit 128 + the signal, or 0 if it came too late; nothing printed; nothing left running."""
    env = _fresh_env(tmp_path)
    out = tmp_path / "site"
    process = subprocess.Popen(
        [*SHEETGEN, "build", "--variant", "official", "--no-cache", "-o", str(out)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(random.Random(seed).uniform(0.8, 4.0))
    signum = getattr(signal, how)
    if group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode in (128 + signum, 0, -signum), stderr
    assert stderr == "", stderr
    assert _processes_of(process.pid) == []
    assert _temporaries(out, tmp_path / "cache") == []
    assert _leftovers(tmp_path / "tmp") == []


def test_timeout_ends_a_build_whose_output_goes_to_a_pipe(tmp_path):
    """`timeout 2 sheetgen build | cat` returns: no worker or tracker keeps the pipe open."""
    command = f"timeout 2 {' '.join(SHEETGEN)} build --no-cache -o site | cat; echo $?"
    result = subprocess.run(
        ["sh", "-c", command],
        cwd=tmp_path,
        env=_fresh_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.strip().splitlines()[-1] == "0"  # cat's status: it saw the end of the pipe
    assert result.stderr == ""
    assert _temporaries(tmp_path) == []


# ---- 3. the build's inputs and its index


def test_the_builds_key_follows_source_date_epoch_and_the_libraries(monkeypatch):
    """Another SOURCE_DATE_EPOCH, or another library version, is another job hash: the file is redone."""
    code = (
        "from sheetgen.build import plan\n"
        "print([j.inputs_hash() for j in plan(['official']) if j.kind == 'rules'][0])"
    )
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}

    def key(**extra: str) -> str:
        return subprocess.run(
            [sys.executable, "-c", code], env={**env, **extra}, capture_output=True, text=True
        ).stdout

    unset = key()
    assert unset and key() == unset
    assert key(SOURCE_DATE_EPOCH="1700000000") not in ("", unset)
    job = next(j for j in plan(["official"]) if j.kind == "rules")
    before = job.inputs_hash()
    upgraded = [n.replace("weasyprint-", "weasyprint-999.") for n in cache._library_versions()]
    monkeypatch.setattr(cache, "_library_versions", lambda: upgraded)
    cache._environment_hash.cache_clear()
    try:
        assert job.inputs_hash() != before
    finally:
        cache._environment_hash.cache_clear()


def _page_job() -> Job:
    return next(j for j in plan(["official"]) if j.kind == "page")


@pytest.mark.parametrize(
    "planted",
    [
        "javascript:alert(1)//x.pdf",
        "records/../../../etc/x.pdf",
        'rules-x.pdf"><script>alert(1)</script>.pdf',
    ],
)
def test_a_planted_manifest_key_never_becomes_a_link(tmp_path, planted):
    """A manifest entry for a file that exists but whose name sheetgen never makes is dropped."""
    out = tmp_path / "site"
    build(out, [_page_job()])
    target = out / planted
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"%PDF-")
    except OSError:
        pass  # a name no folder can hold: the manifest alone plants it
    manifest = json.loads((out / MANIFEST).read_text())
    entry = {"hash": "0", "bytes": "5", "sha256": "0", "thumb_bytes": "5", "thumb_sha256": "0", "slug": "x"}
    manifest["files"][planted] = {**entry, "title": "<b>Planted</b>", "card": "Planted"}
    (out / MANIFEST).write_text(json.dumps(manifest))
    build(out, [_page_job()])
    index = (out / "index.html").read_text()
    assert "javascript:" not in index and "Planted" not in index and "alert(1)" not in index
    assert planted not in json.loads((out / MANIFEST).read_text())["files"]


# ---- 4. standard output


@pytest.mark.parametrize(
    "args",
    [["scorekeeper", "-o", "-"], ["rules", "-o", "-"], ["fill", str(EXAMPLES / "turns.json"), "-o", "-"]],
    ids=["scorekeeper", "rules", "fill"],
)
def test_a_closed_standard_output_is_one_line(tmp_path, args):
    """`-o - >&-`: exit 2 and one line saying so, no traceback."""
    result = subprocess.run(
        [*SHEETGEN, *args],
        env=_fresh_env(tmp_path),
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == ["Error: -: standard output is closed; give a file with -o"]


def test_a_broken_pipe_is_quiet(tmp_path):
    """The reader went away before anything was written: exit 2 and nothing on stderr."""
    process = subprocess.Popen(
        [*SHEETGEN, "scorekeeper", "-o", "-"],
        env=_fresh_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()  # before the page is written
    stderr = process.communicate(timeout=60)[1]
    assert (process.returncode, stderr) == (2, b"")


def test_dot_slash_dash_is_a_file_named_dash(tmp_path):
    """Only `-` itself means standard output."""
    result = subprocess.run(
        [*SHEETGEN, "scorekeeper", "-o", "./-"], cwd=tmp_path, env=_fresh_env(tmp_path), capture_output=True
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "-").read_bytes().startswith(b"<!doctype html>")
    assert b"<html" not in result.stdout


# ---- 5. messages


HUGE = "x" * 1_000_000
HUGE_BOX = WORKED_CARD | {"aces": HUGE}


def _record(**changes: object) -> dict:
    return {"players": [{"name": "Ann", "boxes": WORKED_CARD}], **changes}


@pytest.mark.parametrize(
    ("args", "files"),
    [
        (["rules", "--variant", HUGE], {}),
        (["rules", "--house-rule", HUGE], {}),
        (["rules", "--title", HUGE], {}),
        (["scoresheet", "--names", f"Ann,{HUGE}"], {}),
        (["score", "r.json"], {"r.json": _record(**{HUGE: 1})}),
        (["score", "r.json"], {"r.json": _record(date=HUGE)}),
        (["score", "r.json"], {"r.json": _record(variant=HUGE)}),
        (["score", "r.json"], {"r.json": {"players": [{"name": "A", "boxes": HUGE_BOX}]}}),
        (["score", "r.json"], {"r.json": {"players": [{"name": "Ann", "turns": [{"dice": [HUGE] * 5}]}]}}),
        (["rules", "--variant", "v.toml"], {"v.toml": f'name = "v"\n"{HUGE}" = 1\n'}),
        (["rules", "--variant", "v.toml"], {"v.toml": f'name = "{HUGE}"\n'}),
        (["score", f"{'d' * 200}/{'e' * 200}/{'f' * 200}.json"], {}),
    ],
    ids=["variant", "house-rule", "title", "names", "key", "date", "record-variant", "box", "dice",
         "toml-key", "toml-name", "long-path"],
)  # fmt: skip
def test_every_error_line_is_short_whatever_the_input(tmp_path, args, files):
    """A 1 MB value makes an error line of at most MAX_LINE characters: what is wrong, a short excerpt."""
    for name, content in files.items():
        (tmp_path / name).write_text(content if isinstance(content, str) else json.dumps(content))
    result = run_cli(args, tmp_path)
    assert result.exit_code == 2, result.output[:500]
    assert "Traceback" not in result.output
    lines = result.output.splitlines()
    assert lines and all(len(line) <= MAX_LINE for line in lines), [len(line) for line in lines]
    assert lines[-1].startswith("Error: ")


# ---- 6. interrupts leave no temporary file


INTERRUPTED_COMMANDS = {
    "fill": ["fill", "records", "-o", "out"],
    "fill-combine": ["fill", "records", "--combine", "-o", "out/all.pdf"],
    "rules": ["rules", "-o", "out/r.pdf"],
    "scoresheet": ["scoresheet", "--fillable", "-o", "out/s.pdf"],
    "scorekeeper": ["scorekeeper", "-o", "out/k.html"],
}


@pytest.mark.parametrize("name", INTERRUPTED_COMMANDS)
@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
def test_an_interrupted_command_leaves_no_temporary_file(tmp_path, name, how):
    """The signal at a random (seeded) moment: a quiet exit, no temporary file beside the output,
    in the cache or in the temporary folder."""
    (tmp_path / "records").mkdir()
    for n in range(12):
        record = {"title": f"Game {n}", "players": [{"name": f"P{n}", "boxes": WORKED_CARD}]}
        (tmp_path / "records" / f"r{n:02}.json").write_text(json.dumps(record))
    (tmp_path / "out").mkdir()
    signum = getattr(signal, how)
    rng = random.Random(f"{name}-{how}")
    for _ in range(2):
        process = subprocess.Popen(
            [*SHEETGEN, *INTERRUPTED_COMMANDS[name]],
            cwd=tmp_path,
            env=_fresh_env(tmp_path),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(rng.uniform(0.2, 2.0))
        process.send_signal(signum)
        stderr = process.communicate(timeout=60)[1]
        assert process.returncode in (128 + signum, 0, -signum), stderr
        assert stderr == ""
        assert _temporaries(tmp_path / "out", tmp_path / "cache") == []
        assert _leftovers(tmp_path / "tmp") == []
