"""Reading input files with a bound on everything: kind, size, nesting, numbers, keys.

Every record and variant file is read here, so that a FIFO never hangs a
run, `/dev/zero` never fills memory and a 3,000-deep array never reaches the
recursive parsers. Inside a command run (`run_inputs`) each path read is
remembered, so that no command writes its output over one of its own inputs;
outside one nothing is remembered, so a program using the library can write
any path it has read.
"""

from __future__ import annotations

import json
import os
import re
import stat
import struct
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.rules.messages import at, json_reason
from sheetgen.rules.text import printable, quote, type_name

RECORD_LIMIT = 5 * 1024 * 1024  # bytes in a record file
VARIANT_LIMIT = 256 * 1024  # bytes in a variant TOML file
MAX_DEPTH = 16  # nested arrays and objects; a record needs 7
MAX_DIGITS = 15  # in one integer; no score, count or die comes near

_JSON_SKIP = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_TOML_SKIP = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*'
)
_BRACKETS = re.compile(r"[\[\]{}]")
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)

# The open command run's inputs, and the sets `tracking` blocks collect: per context (thread,
# task), never per process, so one run or one library call leaves nothing behind for the next.
_run: ContextVar[set[Path] | None] = ContextVar("sheetgen_run_inputs", default=None)
_tracking: ContextVar[tuple[set[Path], ...]] = ContextVar("sheetgen_tracking", default=())


def as_path(value: object, what: str) -> Path:
    """A path the library was given: a str or an os.PathLike such as Path; anything else is one line."""
    if isinstance(value, str | os.PathLike):
        path = os.fspath(value)
        if isinstance(path, str) and path.strip() and "\0" not in path:
            return Path(path)
    raise SheetgenError(f"{what}: expected a file path (str or Path), found {_shown(value)}")


def _shown(value: object) -> str:
    if isinstance(value, str | os.PathLike):
        return "an empty path" if not str(os.fspath(value)).strip() else "a path with a NUL character"
    return type_name(value)


def file_kind(mode: int) -> str | None:
    """What a non-regular file is ("a FIFO", "a device" ...), or None for a regular file."""
    return next((name for test, name in _KINDS if test(mode)), None if stat.S_ISREG(mode) else "not a file")


def read_input(
    path: Path, limit: int, what: str, error: type[SheetgenError] = SheetgenError, remember: bool = True
) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or `error` in one line.

    The kind is checked before opening (a FIFO would block) and again on the
    open file; the size is checked before and while reading. The path is
    remembered as an input of the run unless `remember` is false (a file
    the run itself rewrites, like the build manifest).
    """
    shown = printable(str(path))
    if remember:
        note_input(path)
    try:
        kind = file_kind(os.stat(path).st_mode)
        if kind is None:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
            try:
                kind = file_kind(os.fstat(fd).st_mode)
                data = b"" if kind else read_bounded(fd, limit)
            finally:
                os.close(fd)
    except FileNotFoundError:
        raise error(f"{shown}: no such {what}") from None
    except OSError as failure:
        raise error(f"{shown}: cannot read: {failure.strerror or failure}") from None
    if kind == "a folder":
        raise error(f"{shown}: is a folder, not a {what}")
    if kind:
        raise error(f"{shown}: is {kind}, not a regular file; a {what} must be one")
    if len(data) > limit:
        raise error(f"{shown}: more than {_size(limit)}; a {what} may be at most that")
    return data


def read_bounded(fd: int, limit: int) -> bytes:
    """At most limit + 1 bytes, so that a file growing while read is caught too."""
    chunks, total = [], 0
    while total <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit // 1024} KB"


def note_input(path: Path) -> None:
    """Remember `path` as an input of the open run and of every open `tracking` block."""
    run, tracked = _run.get(), _tracking.get()
    wanting = tracked if run is None else (run, *tracked)
    if wanting:  # with no run or block open, a library call remembers nothing
        resolved = Path(os.path.realpath(path))
        for paths in wanting:
            paths.add(resolved)


def is_input(path: Path) -> bool:
    """Whether `path` resolves to a file the open run has read (never, outside a run)."""
    run = _run.get()
    return run is not None and Path(os.path.realpath(path)) in run


@contextmanager
def run_inputs() -> Iterator[set[Path]]:
    """One command run: the inputs it reads, which its outputs may not be (see `is_input`)."""
    paths: set[Path] = set()
    token = _run.set(paths)
    try:
        yield paths
    finally:
        _run.reset(token)


@contextmanager
def tracking() -> Iterator[set[Path]]:
    """Collect the resolved paths of every input read inside the block."""
    paths: set[Path] = set()
    token = _tracking.set((*_tracking.get(), paths))
    try:
        yield paths
    finally:
        _tracking.reset(token)


def _decode(data: bytes, shown: str, error: type[SheetgenError]) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise error(f"{shown}: not UTF-8 text (byte {failure.start})") from None


def _check_depth(text: str, skip: re.Pattern[str], shown: str, error: type[SheetgenError]) -> None:
    """Refuse deep nesting by counting brackets outside strings, before any parser recurses."""
    depth = 0
    for match in _BRACKETS.finditer(skip.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise error(at(shown, "too_deep", most=MAX_DEPTH))


def parse_json(data: bytes, shown: str, error: type[SheetgenError] = SheetgenError) -> Any:
    """Strict JSON: UTF-8, no duplicate keys, no NaN, integers of at most MAX_DIGITS digits."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(items)
        if len(result) < len(items):
            seen: set[str] = set()
            key = next(k for k, _ in items if k in seen or seen.add(k))
            raise error(at(shown, "duplicate_key", key=quote(key)))
        return result

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise error(at(shown, "too_many_digits", count=len(digits), most=MAX_DIGITS))
        return int(digits)

    def constant(name: str) -> None:
        raise error(at(shown, "not_json_number", name=name))

    text = _decode(data, shown, error)
    _check_depth(text, _JSON_SKIP, shown, error)
    try:
        return json.loads(text, object_pairs_hook=pairs, parse_int=integer, parse_constant=constant)
    except json.JSONDecodeError as failure:
        line, column, reason = failure.lineno, failure.colno, json_reason(failure.msg)
        raise error(at(shown, "invalid_json", line=line, column=column, reason=reason)) from None


def parse_toml(data: bytes, shown: str, error: type[SheetgenError] = SheetgenError) -> dict[str, Any]:
    """TOML with bounded nesting; a number too long for Python is an error, not a crash."""
    text = _decode(data, shown, error)
    _check_depth(text, _TOML_SKIP, shown, error)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as failure:
        raise error(f"{shown}: cannot read variant file: {printable(str(failure))}") from None
    except ValueError:  # an integer beyond Python's digit limit
        raise error(f"{shown}: cannot read variant file: a number is too long") from None


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height from its header, so the page reserves the preview's space."""
    try:
        with path.open("rb") as file:
            header = file.read(24)
        width, height = struct.unpack(">II", header[16:24])
        return width, height
    except (OSError, struct.error):
        return 0, 0


def starts_with(path: Path, magic: bytes) -> bool:
    """Whether a regular file begins with `magic`; never opens a FIFO or device (it could block)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with path.open("rb") as file:
            return file.read(len(magic)) == magic
    except OSError:
        return False
