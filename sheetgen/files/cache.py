"""A persistent cache of rendered sheets, so printing tonight's game starts fast.

Rendering a sheet means importing WeasyPrint (about half a second) and laying
the page out, and the same inputs always give the same bytes. So each rendered
sheet is kept under a key that hashes everything that shapes it: sheetgen's
code, templates and fonts, the rendering libraries' versions, the
SOURCE_DATE_EPOCH the user set, and every render option. A hit needs neither
WeasyPrint nor Jinja; any change is a miss, never a stale sheet.

The folder is $SHEETGEN_CACHE_DIR, else $XDG_CACHE_HOME/sheetgen, else the
platform's cache folder; $SHEETGEN_NO_CACHE=1 (or `--no-cache`) renders
afresh and reads and writes nothing.

Nothing read back is trusted. The folder is used only if it and every folder
above it belong to the user (or root) and no one else can write them, as ssh
checks ~/.ssh; otherwise one notice, and the command runs without the cache.
An entry is read only if it is a regular file of the user's, never through a
symlink, at most ENTRY_LIMIT bytes; it is sealed with an HMAC under a random
key kept in the folder (mode 0600), over its kind, key and content, so a
file planted or copied under another name is never used; and its content is
checked as an input is. Anything wrong is a miss: the sheet is rendered
again and the entry replaced. Entries are written to a temporary file renamed
into place, so processes may share the folder; past LIMIT_BYTES the least
recently used entries are deleted, and only sheetgen's own temporary files
are ever swept. A cache that cannot be written only costs speed.
"""

from __future__ import annotations

import ctypes
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, is_dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from sheetgen import __version__
from sheetgen.files.inputs import read_bounded
from sheetgen.files.output import replace_file, signals_held
from sheetgen.files.resources import PACKAGE_DIR, TEMPLATES_DIR
from sheetgen.files.stamps import user_date_epoch
from sheetgen.rules.i18n import lang
from sheetgen.rules.text import one_line

DIR_ENV = "SHEETGEN_CACHE_DIR"
OFF_ENV = "SHEETGEN_NO_CACHE"
LIMIT_MB = 200
LIMIT_BYTES = LIMIT_MB * 1024 * 1024
STALE_SECONDS = 3600  # a temporary file this old was left by a process that died
# Python packages whose versions shape the bytes: layout and PDF writing, CSS, fonts, templates, numbers
# and dates (Babel), hyphenation, the fill (ReportLab), page import, previews (pypdfium2, Pillow)
LIBRARIES = (
    "weasyprint", "pydyf", "tinycss2", "cssselect2", "fonttools", "jinja2", "babel", "pyphen",
    "reportlab", "pypdf", "pypdfium2", "pillow",
)  # fmt: skip
# Native libraries WeasyPrint lays text out with, by the names their library is loaded under on Linux,
# macOS and Windows, and the function that tells their version
NATIVE = {
    "pango": (("libpango-1.0.so.0", "libpango-1.0.0.dylib", "libpango-1.0-0.dll"), "pango_version_string"),
    "harfbuzz": (("libharfbuzz.so.0", "libharfbuzz.0.dylib", "libharfbuzz-0.dll"), "hb_version_string"),
}
MAGIC = b"sheetgen-cache 2"
SUFFIX = ".entry"
ENTRY_LIMIT = 32 * 1024 * 1024  # bytes in one entry; a sheet is at most a few hundred KB
KEY_FILE = "sheetgen-cache.key"  # the folder's secret: 32 random bytes as hex, mode 0600
_ENTRY = re.compile(r"[a-z]+-[0-9a-f]{64}\.entry")
# sheetgen's own temporary files (an entry's or the key's); no other file is ever swept
_TEMPORARY = re.compile(r"\.(?:.+\.entry|sheetgen-cache\.key)\.\d+(?:-[a-z0-9_]{8})?\.tmp", re.DOTALL)
_OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
T = TypeVar("T")


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
    """The rendering libraries installed, as their metadata folders' names ("pypdf-6.1.0.dist-info";
    Debian's own packages have .egg-info).

    Listing sys.path takes a fraction of a millisecond; importlib.metadata
    would add a tenth to a warm run.
    """
    found: list[str] = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        found += [
            n
            for n in names
            if n.endswith((".dist-info", ".egg-info")) and n.partition("-")[0].lower() in LIBRARIES
        ]
    return sorted(found)


def native_versions() -> dict[str, str]:
    """Pango's and HarfBuzz's versions, as the libraries say them ("unknown" for one not found).

    Asked through ctypes, not through WeasyPrint's internals; loading them takes a few milliseconds.
    """
    return {name: _native_version(files, function) for name, (files, function) in NATIVE.items()}


def _native_version(files: tuple[str, ...], function: str) -> str:
    for file in files:
        try:
            version = getattr(ctypes.CDLL(file), function)
        except (OSError, AttributeError):
            continue
        version.restype = ctypes.c_char_p
        return version().decode("ascii", "replace")
    return "unknown"


@cache
def _environment_hash() -> str:
    """The code hash and the versions of the libraries that write the bytes."""
    digest = hashlib.sha256(code_hash().encode())
    digest.update(json.dumps(_library_versions()).encode())
    digest.update(json.dumps(native_versions(), sort_keys=True).encode())
    return digest.hexdigest()


def environment_hash() -> str:
    """What shapes every file sheetgen renders, apart from its options: code, templates, libraries."""
    return _environment_hash()


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
    shape = {"kind": kind, "environment": _environment_hash(), "date": user_date_epoch(), "options": given}
    if lang() != "en":  # the language every sentence of the entry is in; English keys stay as they were
        shape["lang"] = lang()
    text = json.dumps(shape, sort_keys=True, default=_json_option, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def refusal(folder: Path) -> str | None:
    """Why `folder` may not hold a cache, or None: it and the folders above it must be safe.

    Like ssh's checks: the folder is the user's and no one else can write it;
    each folder above belongs to the user or root and is writable by no one
    else, unless sticky (as /tmp is), where no one can move another's folder.
    """
    user = os.geteuid()
    path = Path(os.path.realpath(folder))
    info = os.stat(path)
    if not stat.S_ISDIR(info.st_mode):
        return "is not a folder"
    if info.st_uid != user:
        return "belongs to another user"
    if info.st_mode & 0o022:
        return "others can write to it"
    for parent in path.parents:
        info = os.stat(parent)
        if info.st_uid not in (0, user):
            return f"the folder above it, {parent}, belongs to another user"
        if info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
            return f"others can write to the folder above it, {parent}"
    return None


def make_private(folder: Path) -> None:
    """Make `folder` and each missing folder above it as the user's alone (0700, whatever the umask),
    as a user's cache folder should be: made 0775 under umask 002, refusal() would refuse it."""
    missing = [folder, *(parent for parent in folder.parents if not parent.exists())]
    for path in reversed(missing):
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            continue  # there already, or made by another process meanwhile: not ours to change
        os.chmod(path, 0o700)  # a umask such as 0o077 only takes away; 0o777 would leave no access


def _own_regular(info: os.stat_result) -> bool:
    return stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid()


def read_secret(folder: Path) -> bytes:
    """The folder's key, made on first use; a ValueError says why one found is not safe to use."""
    path = folder / KEY_FILE
    try:
        return _read_secret(path)
    except FileNotFoundError:
        pass
    made = secrets.token_hex(32).encode()
    with signals_held():
        fd, temporary = tempfile.mkstemp(prefix=f".{KEY_FILE}.{os.getpid()}-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(made)
            os.link(temporary, path)  # never replaces a key another process just made
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
    return _read_secret(path)


def _read_secret(path: Path) -> bytes:
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not _own_regular(info) or info.st_mode & 0o077:
            raise ValueError(f"its key file {KEY_FILE} is not the user's alone (mode 0600)")
        data = read_bounded(fd, 64)
    finally:
        os.close(fd)
    if not re.fullmatch(rb"[0-9a-f]{64}", data):
        raise ValueError(f"its key file {KEY_FILE} is damaged; delete it")
    return data


def _remove(path: Path) -> None:
    """Delete if still there; another process may have got there first (or hold it open)."""
    with suppress(OSError):
        path.unlink(missing_ok=True)


class Cache:
    """One cache folder: an entry per key, sealed with the folder's key and checked on every read."""

    def __init__(self, folder: Path, limit: int = LIMIT_BYTES) -> None:
        self.folder = folder
        self.limit = limit
        self._secret: bytes | None = None

    def path(self, kind: str, key: str) -> Path:
        return self.folder / f"{kind}-{key}{SUFFIX}"

    def _seal(self, kind: str, key: str, payload: bytes) -> bytes:
        if self._secret is None:
            self._secret = read_secret(self.folder)
        message = b"%s-%s\n%s" % (kind.encode(), key.encode(), payload)
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest().encode()

    def _unsealed(self, kind: str, key: str, data: bytes) -> bytes | None:
        """The payload of an entry, or None when its header, length or seal is wrong."""
        head, _, payload = data.partition(b"\n")
        parts = head.split(b" ")
        if len(parts) != 4 or b" ".join(parts[:2]) != MAGIC or parts[3] != b"%d" % len(payload):
            return None
        if not hmac.compare_digest(self._seal(kind, key, payload), parts[2]):
            return None
        return payload

    def get(self, kind: str, key: str) -> bytes | None:
        """The stored bytes, or None if absent, odd or damaged (anything but absent is deleted)."""
        path = self.path(kind, key)
        try:
            if not _own_regular(os.lstat(path)):  # a symlink, FIFO, device, folder, another's file
                _remove(path)
                return None
            fd = os.open(path, _OPEN_FLAGS)  # no symlink swapped in since; a FIFO cannot block
        except FileNotFoundError:
            return None
        except OSError:
            _remove(path)
            return None
        try:
            info = os.fstat(fd)
            data = read_bounded(fd, ENTRY_LIMIT) if _own_regular(info) else None
        except OSError:
            data = None
        finally:
            os.close(fd)
        try:
            payload = None if data is None or len(data) > ENTRY_LIMIT else self._unsealed(kind, key, data)
        except (OSError, ValueError):  # no usable key
            payload = None
        if payload is None:
            _remove(path)
            return None
        with suppress(OSError):
            os.utime(path, follow_symlinks=False)  # used now: the last to be evicted
        return payload

    def remove(self, kind: str, key: str) -> None:
        """Drop an entry whose content proved wrong when read."""
        _remove(self.path(kind, key))

    def put(self, kind: str, key: str, payload: bytes) -> None:
        """Store atomically, then evict past the limit; a failure to write is not an error."""
        try:
            make_private(self.folder)
            seal = self._seal(kind, key, payload)
            sealed = b"%s %s %d\n%s" % (MAGIC, seal, len(payload), payload)
            replace_file(self.path(kind, key), sealed, 0o600)
            self.evict()
        except (OSError, ValueError):
            pass

    def evict(self) -> None:
        """Delete the least recently used entries until the folder is within the limit.

        Only sheetgen's own names are touched: entries, and its temporary files
        older than STALE_SECONDS (left by a process killed while writing). Other processes may
        be reading, writing or evicting at the same time: files vanish between
        listing and deleting, and that is fine.
        """
        entries: list[tuple[float, str, int]] = []
        now = time.time()
        with os.scandir(self.folder) as listing:
            for item in listing:
                try:
                    info = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                if _ENTRY.fullmatch(item.name):
                    entries.append((info.st_mtime, item.name, info.st_size))
                elif _TEMPORARY.fullmatch(item.name) and now - info.st_mtime > STALE_SECONDS:
                    _remove(Path(item.path))
        total = sum(size for *_, size in entries)
        for _, name, size in sorted(entries):
            if total <= self.limit:
                break
            _remove(self.folder / name)
            total -= size


_opened: dict[Path, Cache | None] = {}


def note(line: str) -> None:
    """One line on stderr (if there is one): the cache has no reporter of its own."""
    if sys.stderr is not None:
        with suppress(OSError, ValueError):
            print(one_line(line), file=sys.stderr)


def open_cache() -> Cache | None:
    """The user's cache, or None: off, no home folder, or an unsafe folder (said once a process)."""
    if not enabled():
        return None
    try:
        folder = default_dir()
    except RuntimeError:  # no home folder to keep a cache in
        return None
    if folder not in _opened:
        _opened[folder] = _checked(folder)
    return _opened[folder]


def _checked(folder: Path) -> Cache | None:
    try:
        make_private(folder)
        reason = refusal(folder)
        store = Cache(folder)
        if reason is None:
            store._secret = read_secret(folder)
    except ValueError as error:
        reason = str(error)
    except OSError:
        return None  # a folder that cannot be made or read only costs speed, as one that cannot be written
    if reason is not None:
        note(f"Notice: {folder}: {reason}; running without the cache")
        return None
    return store


def _pdf(data: bytes) -> bytes:
    if not data.startswith(b"%PDF-"):
        raise ValueError("not a PDF")
    return data


def cached(kind: str, render: Callable[[], bytes], load: Callable[[bytes], T] = _pdf, **options: Any) -> T:
    """`load(render())` for `options`: from the cache when it holds it, else rendered and kept.

    `load` checks an entry as an input is checked (a PDF by default); any error
    it raises on a cached entry makes it a miss, rendered again and replaced.
    """
    store = open_cache()
    if store is None:
        return load(render())
    key = entry_key(kind, **options)
    found = store.get(kind, key)
    if found is not None:
        try:
            return load(found)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
            store.remove(kind, key)
    data = render()
    store.put(kind, key, data)
    return load(data)
