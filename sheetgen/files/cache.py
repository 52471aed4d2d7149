"""A persistent cache of rendered sheets, so printing tonight's game starts fast.

Rendering a sheet means importing WeasyPrint (about half a second) and laying
the page out, and the same inputs always give the same bytes. So each rendered
sheet is kept under a key that hashes everything that shapes it: sheetgen's
code, templates and fonts, the rendering libraries' versions, the
SOURCE_DATE_EPOCH the user set, and every render option. A hit needs neither
WeasyPrint nor Jinja; any change is a miss, never a stale sheet.

The folder is $SHEETGEN_CACHE_DIR, else $XDG_CACHE_HOME/sheetgen, else the
platform's cache folder; $SHEETGEN_NO_CACHE=1 (or `--no-cache`) renders
afresh and reads and writes nothing. Every entry starts with the hash of its
content, checked on each read: a corrupt or truncated entry is deleted and
rendered again, never used. Entries are written to a temporary file renamed
into place, so processes may share the folder; past LIMIT_BYTES the least
recently used entries are deleted. A cache that cannot be written only costs
speed: the command still works.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, is_dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from sheetgen import __version__
from sheetgen.errors import OutputError
from sheetgen.files.output import write_atomic
from sheetgen.files.resources import PACKAGE_DIR, TEMPLATES_DIR
from sheetgen.files.stamps import USER_DATE_EPOCH
from sheetgen.rules.i18n import lang

DIR_ENV = "SHEETGEN_CACHE_DIR"
OFF_ENV = "SHEETGEN_NO_CACHE"
LIMIT_MB = 200
LIMIT_BYTES = LIMIT_MB * 1024 * 1024
STALE_SECONDS = 3600  # a temporary file this old was left by a process that died
LIBRARIES = ("weasyprint", "pydyf", "fonttools", "jinja2", "pypdf")  # their versions shape the bytes
MAGIC = b"sheetgen-cache 1"
SUFFIX = ".entry"


def default_dir() -> Path:
    """$SHEETGEN_CACHE_DIR, else $XDG_CACHE_HOME/sheetgen, else the platform's user cache folder."""
    if os.environ.get(DIR_ENV):
        return Path(os.environ[DIR_ENV])
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "sheetgen"
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else Path.home() / "AppData" / "Local") / "sheetgen" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "sheetgen"
    return Path.home() / ".cache" / "sheetgen"


def enabled() -> bool:
    """False when $SHEETGEN_NO_CACHE is set (to anything but 0)."""
    return os.environ.get(OFF_ENV, "") in ("", "0")


@contextmanager
def bypassed() -> Iterator[None]:
    """No cache while inside, in this process and in the worker processes it starts."""
    previous = os.environ.get(OFF_ENV)
    os.environ[OFF_ENV] = "1"
    try:
        yield
    finally:
        if previous is None:
            del os.environ[OFF_ENV]
        else:
            os.environ[OFF_ENV] = previous


@cache
def code_hash() -> str:
    """The package version, its sources (subpackages too) and every template file, hashed once per run."""
    digest = hashlib.sha256(__version__.encode())
    for folder, pattern in ((PACKAGE_DIR, "**/*.py"), (TEMPLATES_DIR, "**/*")):
        for path in sorted(folder.glob(pattern)):
            if path.is_file():
                digest.update(str(path.relative_to(folder)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _library_versions() -> list[str]:
    """The rendering libraries installed, as their metadata folders' names ("pypdf-6.1.0.dist-info").

    Listing sys.path takes a fraction of a millisecond; importlib.metadata
    would add a tenth to a warm run.
    """
    found: list[str] = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        found += [n for n in names if n.endswith(".dist-info") and n.partition("-")[0].lower() in LIBRARIES]
    return sorted(found)


@cache
def _environment_hash() -> str:
    """The code hash and the versions of the libraries that write the bytes."""
    digest = hashlib.sha256(code_hash().encode())
    digest.update(json.dumps(_library_versions()).encode())
    return digest.hexdigest()


def _json_option(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"the cache cannot key the render option {value!r}")


def entry_key(kind: str, **options: Any) -> str:
    """The hash of everything that shapes an entry: code, libraries, date and `options`.

    `options` are every argument the renderer gets; dataclasses hash by their
    fields, so a new option or a new field of the rules changes the key by itself.
    An option left at None is the renderer's default, the same as leaving it out.
    """
    given = {name: value for name, value in options.items() if value is not None}
    shape = {"kind": kind, "environment": _environment_hash(), "date": USER_DATE_EPOCH, "options": given}
    if lang() != "en":  # the language every sentence of the entry is in; English keys stay as they were
        shape["lang"] = lang()
    text = json.dumps(shape, sort_keys=True, default=_json_option, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _sealed(payload: bytes) -> bytes:
    digest = hashlib.sha256(payload).hexdigest().encode()
    return b"%s %s %d\n%s" % (MAGIC, digest, len(payload), payload)


def _unsealed(data: bytes) -> bytes | None:
    """The payload of an entry, or None when its length or hash is wrong."""
    head, _, payload = data.partition(b"\n")
    parts = head.rsplit(b" ", 2)
    if len(parts) != 3 or parts[0] != MAGIC or parts[2] != b"%d" % len(payload):
        return None
    if hashlib.sha256(payload).hexdigest().encode() != parts[1]:
        return None
    return payload


def _remove(path: Path) -> None:
    """Delete if still there; another process may have got there first (or hold it open)."""
    with suppress(OSError):
        path.unlink(missing_ok=True)


class Cache:
    """One cache folder: an entry per key, checked against its own hash on every read."""

    def __init__(self, folder: Path, limit: int = LIMIT_BYTES) -> None:
        self.folder = folder
        self.limit = limit

    def path(self, kind: str, key: str) -> Path:
        return self.folder / f"{kind}-{key}{SUFFIX}"

    def get(self, kind: str, key: str) -> bytes | None:
        """The stored bytes, or None if absent or damaged (a damaged entry is deleted)."""
        path = self.path(kind, key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        payload = _unsealed(data)
        if payload is None:
            _remove(path)
            return None
        with suppress(OSError):
            os.utime(path)  # used now: the last to be evicted
        return payload

    def put(self, kind: str, key: str, payload: bytes) -> None:
        """Store atomically, then evict past the limit; a failure to write is not an error."""
        try:
            write_atomic(self.path(kind, key), _sealed(payload))
            self.evict()
        except (OSError, OutputError):
            pass

    def evict(self) -> None:
        """Delete the least recently used entries until the folder is within the limit.

        Other processes may be reading, writing or evicting at the same time:
        files vanish between listing and deleting, and that is fine.
        """
        entries: list[tuple[float, str, int]] = []
        now = time.time()
        with os.scandir(self.folder) as listing:
            for item in listing:
                try:
                    stat = item.stat()
                except OSError:
                    continue
                if item.name.endswith(SUFFIX):
                    entries.append((stat.st_mtime, item.name, stat.st_size))
                elif item.name.endswith(".tmp") and now - stat.st_mtime > STALE_SECONDS:
                    _remove(Path(item.path))
        total = sum(size for *_, size in entries)
        for _, name, size in sorted(entries):
            if total <= self.limit:
                break
            _remove(self.folder / name)
            total -= size


def cached(kind: str, render: Callable[[], bytes], **options: Any) -> bytes:
    """What `render()` gives for `options`: from the cache when it holds it, else rendered and kept."""
    if not enabled():
        return render()
    try:
        store = Cache(default_dir())
    except RuntimeError:  # no home folder to keep a cache in
        return render()
    key = entry_key(kind, **options)
    found = store.get(kind, key)
    if found is not None:
        return found
    data = render()
    store.put(kind, key, data)
    return data
