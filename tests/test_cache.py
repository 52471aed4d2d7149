"""The cache of rendered sheets: keys, hits, damaged entries, eviction, two processes, warm paths."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import EXAMPLES, run_cli

from sheetgen.build import build, plan
from sheetgen.files import cache
from sheetgen.pdf import pageread as pdfread
from sheetgen.pdf import rulesheet, scoresheet
from sheetgen.rules.variants import C2406, HouseRule, Rules

HEAVY = ("weasyprint", "jinja2", "pypdf")


@pytest.fixture
def fresh(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this test's own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.DIR_ENV, str(folder))
    return folder


def _run(args: list[str]) -> bytes:
    """A command that writes one PDF to -o; its bytes."""
    result = run_cli(args)
    assert result.exit_code == 0, result.output
    return Path(args[args.index("-o") + 1]).read_bytes()


def _entries(folder: Path, kind: str = "") -> list[Path]:
    return sorted(folder.glob(f"{kind}*{cache.SUFFIX}"))


def test_default_folder_follows_the_environment(monkeypatch, tmp_path):
    """$SHEETGEN_CACHE_DIR first, then $XDG_CACHE_HOME/sheetgen, then the home cache folder."""
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "mine"))
    assert cache.default_dir() == tmp_path / "mine"
    monkeypatch.delenv(cache.DIR_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.default_dir() == tmp_path / "xdg" / "sheetgen"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    expected = {
        "linux": Path.home() / ".cache" / "sheetgen",
        "darwin": Path.home() / "Library" / "Caches" / "sheetgen",
        "win32": tmp_path / "local" / "sheetgen" / "Cache",
    }
    for platform, folder in expected.items():
        monkeypatch.setattr(cache.sys, "platform", platform)
        assert cache.default_dir() == folder


def test_key_changes_with_every_option_and_only_then():
    """Equal options give one key; a change in any option, or the rules, gives another."""
    base = {"rules": Rules(), "layout": "players", "paper": "letter", "columns": 6, "names": ["Ann"]}
    key = cache.entry_key("scoresheet", **base)
    assert cache.entry_key("scoresheet", **{**base, "names": ("Ann",)}) == key
    changed = [
        cache.entry_key("rules", **base),
        cache.entry_key("scoresheet", **{**base, "rules": Rules(C2406)}),
        cache.entry_key("scoresheet", **{**base, "rules": Rules(house_rules=(HouseRule.SERIES,))}),
        cache.entry_key("scoresheet", **{**base, "rules": Rules(custom_name="ours", custom_title="Ours")}),
        cache.entry_key("scoresheet", **{**base, "layout": "series"}),
        cache.entry_key("scoresheet", **{**base, "paper": "a4"}),
        cache.entry_key("scoresheet", **{**base, "columns": 12}),
        cache.entry_key("scoresheet", **{**base, "names": ["Bob"]}),
        cache.entry_key("scoresheet", **base, fillable=True),
        cache.entry_key("scoresheet", **base, title="Friday"),  # an option added later keys by itself
    ]
    assert len({key, *changed}) == len(changed) + 1
    with pytest.raises(TypeError):
        cache.entry_key("scoresheet", **base, font=object())  # nothing unkeyable is silently dropped


def test_every_library_the_key_follows_is_found():
    """Each library the key names is found installed under that name (a misspelt one would key nothing)."""
    assert sorted({name.partition("-")[0].lower() for name in cache._library_versions()}) == sorted(
        cache.LIBRARIES
    )
    assert set(cache.native_versions()) == {"pango", "harfbuzz"}


def _key_with(monkeypatch, libraries: list[str], native: dict[str, str]) -> str:
    monkeypatch.setattr(cache, "_library_versions", lambda: libraries)
    monkeypatch.setattr(cache, "native_versions", lambda: native)
    cache._environment_hash.cache_clear()
    try:
        return cache.entry_key("rules", rules=Rules(), paper="letter")
    finally:
        cache._environment_hash.cache_clear()


@pytest.mark.parametrize("library", [*cache.LIBRARIES, *cache.NATIVE])
def test_key_follows_every_library_that_shapes_the_bytes(monkeypatch, library):
    """Another version of any Python library that draws or formats, or of Pango or HarfBuzz, is
    another key."""
    installed, native = cache._library_versions(), cache.native_versions()
    key = _key_with(monkeypatch, installed, native)
    if library in cache.NATIVE:
        native = {**native, library: native[library] + ".1"}
    else:  # babel-2.19.0.dist-info becomes babel-999.2.19.0.dist-info
        installed = [re.sub(rf"^({library})-", r"\1-999.", name, flags=re.I) for name in installed]
        assert any("-999." in name for name in installed)
    assert _key_with(monkeypatch, installed, native) != key


def test_a_native_library_not_found_is_keyed_unknown(monkeypatch):
    """No Pango or HarfBuzz to ask (another platform's names): "unknown", no error."""

    def missing(name):
        raise OSError(f"{name}: cannot open shared object file")

    monkeypatch.setattr(cache.ctypes, "CDLL", missing)
    assert cache.native_versions() == {"pango": "unknown", "harfbuzz": "unknown"}


def test_key_follows_the_users_source_date_epoch():
    """The date the user set dates the PDF, so it keys the entry; the renderers' own default does not."""
    code = (
        "import sys\nfrom sheetgen.files import cache\nfrom sheetgen.rules.variants import Rules\n"
        "if sys.argv[1:]:\n    import sheetgen.pdf.render\n"
        "print(cache.entry_key('rules', rules=Rules(), paper='letter'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}

    def key(*args: str, **extra: str) -> str:
        command = [sys.executable, "-c", code, *args]
        return subprocess.run(command, env={**env, **extra}, capture_output=True, text=True).stdout

    unset = key()
    assert unset and key("with html") == unset
    assert key(SOURCE_DATE_EPOCH="1700000000") not in ("", unset)


def test_hit_returns_what_was_put(tmp_path):
    """An entry reads back byte for byte; another key misses."""
    store = cache.Cache(tmp_path)
    store.put("rules", "a" * 64, b"%PDF-1.7 payload\n\x00\xff")
    assert store.get("rules", "a" * 64) == b"%PDF-1.7 payload\n\x00\xff"
    assert store.get("rules", "b" * 64) is None
    assert store.get("scoresheet", "a" * 64) is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-1],  # truncated
        lambda data: data[:40],  # truncated inside the header
        lambda data: data[:-5] + bytes([data[-5] ^ 1]) + data[-4:],  # one bit flipped
        lambda data: data + b"\n",  # grown
        lambda data: b"",
    ],
    ids=["truncated", "header-only", "bit-flipped", "grown", "empty"],
)
def test_damaged_entry_is_never_used(tmp_path, damage):
    """A damaged entry misses and is deleted, so the next render replaces it."""
    store = cache.Cache(tmp_path)
    store.put("rules", "c" * 64, b"%PDF-" + bytes(range(256)) * 8)
    path = store.path("rules", "c" * 64)
    path.write_bytes(damage(path.read_bytes()))
    assert store.get("rules", "c" * 64) is None
    assert not path.exists()


def test_least_recently_used_is_evicted_first(tmp_path):
    """Past the limit the entries not read for longest go; a read counts as a use."""
    payload = b"x" * 1000
    probe = cache.Cache(tmp_path / "probe")
    probe.put("k", "0" * 64, payload)
    size = probe.path("k", "0" * 64).stat().st_size
    store = cache.Cache(tmp_path / "lru", limit=3 * size)
    for n, name in enumerate("abc"):
        store.put("k", name * 64, payload)
        os.utime(store.path("k", name * 64), (1_000_000 + n, 1_000_000 + n))  # a, then b, then c
    assert store.get("k", "a" * 64) == payload  # a is now the most recent
    store.put("k", "d" * 64, payload)
    left = {p.name[2] for p in _entries(store.folder)}
    assert left == {"a", "c", "d"}


def test_eviction_clears_only_stale_temporaries(tmp_path):
    """A temporary file left by a dead process goes; one being written by a live one stays."""
    store = cache.Cache(tmp_path)
    stale, live = tmp_path / ".old.entry.1.tmp", tmp_path / ".new.entry.2.tmp"
    stale.write_bytes(b"half")
    live.write_bytes(b"half")
    os.utime(stale, (1_000_000, 1_000_000))
    store.put("k", "e" * 64, b"data")
    assert not stale.exists() and live.exists()


def test_two_processes_share_one_folder(tmp_path):
    """Two processes writing, reading and evicting the same entries never read a wrong byte."""
    code = textwrap.dedent(
        """
        import random, sys
        from pathlib import Path
        from sheetgen.files.cache import Cache
        store = Cache(Path(sys.argv[1]), limit=60_000)
        rng = random.Random(sys.argv[2])
        hits = wrong = 0
        for _ in range(400):
            key = str(rng.randrange(8)) * 64
            payload = key.encode() * (100 + 50 * int(key[0]))
            found = store.get("k", key)
            if found is None:
                store.put("k", key, payload)
            elif found == payload:
                hits += 1
            else:
                wrong += 1
        print(hits, wrong)
        """
    )
    runs = [
        subprocess.Popen([sys.executable, "-c", code, str(tmp_path), seed], stdout=subprocess.PIPE, text=True)
        for seed in ("one", "two")
    ]
    results = [run.communicate()[0].split() for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    assert all(wrong == "0" and int(hits) > 0 for hits, wrong in results)
    assert sum(p.stat().st_size for p in _entries(tmp_path)) <= 60_000


def test_damaged_entries_through_the_commands(fresh, tmp_path):
    """A truncated rule sheet and a bit-flipped blank are rendered again: same bytes, sound entries."""
    rules_args = ["rules", "-o", str(tmp_path / "r.pdf")]
    fill_args = ["fill", str(EXAMPLES / "turns.json"), "-o", str(tmp_path / "f.pdf")]
    first_rules, first_fill = _run(rules_args), _run(fill_args)
    (rules_entry,) = _entries(fresh, "rules")
    (blank_entry,) = _entries(fresh, "blank")
    rules_entry.write_bytes(rules_entry.read_bytes()[:-100])
    data = bytearray(blank_entry.read_bytes())
    data[len(data) // 2] ^= 0x20
    blank_entry.write_bytes(bytes(data))
    assert _run(rules_args) == first_rules
    assert _run(fill_args) == first_fill
    store = cache.Cache(fresh)
    for entry in (rules_entry, blank_entry):
        kind, key = entry.name.removesuffix(cache.SUFFIX).split("-")
        assert store.get(kind, key) is not None


def test_no_cache_neither_reads_nor_writes(fresh, tmp_path):
    """A planted entry is what a cached run prints; --no-cache and SHEETGEN_NO_CACHE=1 render afresh."""
    args = ["rules", "--variant", "c2406", "-o", str(tmp_path / "r.pdf")]
    key = cache.entry_key("rules", rules=Rules(C2406), paper="letter")
    cache.Cache(fresh).put("rules", key, b"%PDF-planted")
    assert _run(args) == b"%PDF-planted"  # the key the command computes is the one above
    real = _run([*args, "--no-cache"])
    assert real.startswith(b"%PDF-1.") and real != b"%PDF-planted"
    assert cache.OFF_ENV not in os.environ  # the flag lasts one command
    result = run_cli(args, env={cache.OFF_ENV: "1"})
    assert result.exit_code == 0 and (tmp_path / "r.pdf").read_bytes() == real
    assert len(_entries(fresh)) == 1


def test_unwritable_cache_costs_only_speed(tmp_path, monkeypatch):
    """A cache folder that cannot be made: the command still writes its sheet, exit 0."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.DIR_ENV, str(blocker / "cache"))
    assert _run(["rules", "--paper", "a4", "-o", str(tmp_path / "r.pdf")]).startswith(b"%PDF-")


def test_build_and_fill_share_the_cache(fresh, tmp_path, monkeypatch):
    """Blanks a fill rendered serve the build, and a sheet the build rendered serves `rules`."""
    result = run_cli(["fill", str(EXAMPLES), "-o", str(tmp_path / "filled")])
    assert result.exit_code == 0, result.output
    rules_job = [
        j
        for j in plan(["official"])
        if j.kind == "rules" and j.paper == "letter" and j.print_size == "standard"
    ]
    build(tmp_path / "site", rules_job)

    def no_rendering(*args, **kwargs):
        raise AssertionError("rendered instead of taken from the cache")

    monkeypatch.setattr(rulesheet, "render_rulesheet", no_rendering)
    monkeypatch.setattr(scoresheet, "render_scoresheet", no_rendering)
    monkeypatch.setattr(pdfread, "read_page", no_rendering)
    records_job = [j for j in plan(["official"]) if j.kind == "records" and j.paper == "letter"]
    built = build(tmp_path / "site", records_job)
    assert sorted(built.written) == sorted(records_job[0].outputs)
    for output in records_job[0].outputs:
        name = Path(output).name
        assert (tmp_path / "site" / output).read_bytes() == (tmp_path / "filled" / name).read_bytes()
    built_rules = (tmp_path / "site" / "rules-official.pdf").read_bytes()
    assert _run(["rules", "-o", str(tmp_path / "r.pdf")]) == built_rules


WARM_COMMANDS = {
    "fill": ["fill", str(EXAMPLES / "turns.json"), "-o"],
    "rules": ["rules", "--variant", "free-choice", "--paper", "a4", "-o"],
    "scoresheet": ["scoresheet", "--layout", "series", "--names", "Ann,Bob", "-o"],
}


@pytest.fixture(scope="module")
def warmed(tmp_path_factory) -> Path:
    """A cache filled by one process running each command once; their outputs alongside."""
    folder = tmp_path_factory.mktemp("warm")
    calls = "".join(
        f"cli({[*args, str(folder / f'{name}-cold.pdf')]!r}, standalone_mode=False)\n"
        for name, args in WARM_COMMANDS.items()
    )
    code = "from sheetgen.cli import cli\n" + calls
    subprocess.run([sys.executable, "-c", code], env=_shell(folder), check=True)
    return folder


def _shell(folder: Path) -> dict[str, str]:
    """A user's shell: this run's sheet cache, and no SOURCE_DATE_EPOCH (this process may have set one)."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    return {**env, cache.DIR_ENV: str(folder / "cache")}


@pytest.mark.parametrize("name", WARM_COMMANDS)
def test_warm_paths_import_no_weasyprint_or_jinja(warmed, name):
    """With the sheet cached, fill, rules and scoresheet load no WeasyPrint, Jinja or pypdf; same bytes."""
    warm = warmed / f"{name}-warm.pdf"
    code = (
        "import sys\nfrom sheetgen.cli import cli\n"
        f"cli({[*WARM_COMMANDS[name], str(warm)]!r}, standalone_mode=False)\n"
        f"print([m for m in {HEAVY!r} if m in sys.modules], file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], env=_shell(warmed), capture_output=True, text=True, check=True
    )
    assert result.stderr.strip().splitlines()[-1] == "[]"
    assert warm.read_bytes() == (warmed / f"{name}-cold.pdf").read_bytes()
    if name == "fill":  # ReportLab dates it from sheetgen's epoch, WeasyPrint loaded or not
        assert b"/CreationDate (D:20260101000000+00'00')" in warm.read_bytes()


@pytest.mark.parametrize("umask", [0o002, 0o022, 0o077], ids=["umask 002", "umask 022", "umask 077"])
def test_the_cache_folders_it_makes_are_private_whatever_the_umask(tmp_path, monkeypatch, capsys, umask):
    """No ~/.cache yet: sheetgen makes it and its own folder 0700 and uses them, with no notice."""
    home = tmp_path / "home"
    home.mkdir(mode=0o700)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv(cache.DIR_ENV)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(cache, "_opened", {})
    previous = os.umask(umask)
    try:
        store = cache.open_cache()
    finally:
        os.umask(previous)
    assert store is not None and store.folder == home / ".cache" / "sheetgen"
    assert capsys.readouterr().err == ""
    assert [oct(p.stat().st_mode & 0o777) for p in (home / ".cache", store.folder)] == ["0o700", "0o700"]
    store.put("rules", "a" * 64, b"%PDF-1.7")
    assert store.get("rules", "a" * 64) == b"%PDF-1.7"
