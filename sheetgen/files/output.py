"""Output files, named and dated, written so that an interrupted or failed run never loses or half-writes one.

A file is written to a temporary file beside it (`.NAME.PID-XXXXXXXX.tmp`,
NAME cut short where the whole would pass the longest name the folder takes)
and renamed into place, with SIGINT, SIGTERM and SIGHUP held from creating
the temporary file to renaming or removing it: a signal lands before or after,
never while one exists. The PID in the name lets the next run in that folder
remove what a run killed with SIGKILL left behind.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.errors import OutputError
from sheetgen.files.inputs import file_kind, is_input
from sheetgen.rules.text import printable

DEFAULT_OUTPUT_DIR = Path("output")


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr)


def _no_progress(items: Iterable[Any], label: str, length: int) -> AbstractContextManager[Iterable[Any]]:
    return nullcontext(items)


@dataclass(frozen=True)
class Reporter:
    """Where a long run's lines go: the command line passes click's echo and progress bar."""

    note: Callable[[str], None] = _to_stderr  # errors, warnings and notices, one line each
    wrote: Callable[[str], None] = print  # each file written, as its path
    progress: Callable[[Iterable[Any], str, int], AbstractContextManager[Iterable[Any]]] = _no_progress


PLAIN = Reporter()  # notes on stderr, paths on stdout, no progress bar


STDOUT = Path("-")  # `-o -`: the PDF goes to standard output (`-o ./-` is a file named "-")
HELD_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
NAME_MAX = 255  # bytes in a file name, where the file system does not say (Linux, macOS, Windows)
RANDOM_PART = len("XXXXXXXX.tmp")  # what mkstemp and the suffix add to a temporary name's prefix
_TEMPORARY = re.compile(r"\..+\.(\d+)-[a-z0-9_]{8}\.tmp", re.DOTALL)
_swept: set[str] = set()


def check_destination(path: Path) -> None:
    """Refuse a destination that is an input of this run or exists as anything but a regular file.

    Called before rendering, so a refused run costs nothing, and again when writing.
    """
    if path == STDOUT:
        return
    shown = printable(str(path))
    if is_input(path):
        raise OutputError(f"{shown}: is an input of this run; writing there would replace it")
    try:
        kind = file_kind(os.stat(path).st_mode)
    except FileNotFoundError:
        kind = None
    except OSError as error:
        raise OutputError(f"{shown}: cannot write: {error.strerror or error}") from None
    if kind:
        raise OutputError(f"{shown}: is {kind}; an output must be a regular file (or - for standard output)")
    folder = Path(os.path.abspath(path)).parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{shown}: cannot write: the folder {printable(str(folder))} is read-only")


@contextmanager
def making(path: Path) -> Iterator[None]:
    """Rendering for `path`: an OS error on the way (a full disk under the renderer's
    temporary font files, say) becomes an OutputError naming `path`."""
    try:
        yield
    except OSError as error:
        raise OutputError(f"{printable(str(path))}: cannot make it: {error.strerror or error}") from None


def write_output(path: Path, data: bytes) -> None:
    """`write_atomic`, or standard output for `-o -`; a closed standard output is an OutputError.

    A broken pipe (the reader went away) is left to the command line, which ends quietly.
    """
    if path != STDOUT:
        write_atomic(path, data)
        return
    if sys.stdout is None:
        raise OutputError("-: standard output is closed; give a file with -o")
    try:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:  # ValueError: the stream was closed inside Python
        reason = error.strerror if isinstance(error, OSError) and error.strerror else "it is closed"
        raise OutputError(f"-: cannot write to standard output: {reason}") from None


@contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait until the block ends (in the main thread; elsewhere a no-op).

    For the short steps that must not be cut in two: a temporary file made
    and registered, renamed into place, or removed.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def private_temporary_folder() -> str:
    """A temporary folder of this process's own, made the default of `tempfile` (WeasyPrint keeps
    its font files there), so that removing it on the way out removes all the process made."""
    with signals_held():
        folder = tempfile.mkdtemp(prefix="sheetgen-")
        tempfile.tempdir = folder
    return folder


def to_the_end(step: Callable[[], object]) -> None:
    """Run a clean-up `step` to its end even if a stop signal caught just before raises inside it.

    New signals wait (`signals_held`); one already caught raises at most once
    more, so the step is run again and the interrupt raised when it is done.
    """
    interrupted: KeyboardInterrupt | None = None
    while True:
        try:
            with signals_held():
                step()
            break
        except KeyboardInterrupt as error:
            interrupted = error
    if interrupted is not None:
        raise interrupted


def write_atomic(path: Path, data: bytes) -> Path:
    """Write to a temporary file beside `path`, then rename it into place.

    Any failure is an OutputError naming `path` (never the temporary file),
    and the temporary file is removed on every way out.
    """
    check_destination(path)
    shown = printable(str(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sweep(path.parent)
        replace_file(path, data, 0o666 & ~_umask())
    except OSError as error:
        raise OutputError(f"{shown}: cannot write: {error.strerror or error}") from None
    return path


def replace_file(path: Path, data: bytes, mode: int) -> None:
    """`data` into a new temporary file beside `path`, renamed over it; signals held throughout.

    The temporary file is named `temporary_prefix(path)` + `XXXXXXXX.tmp` and removed on any failure.
    """
    with signals_held():
        prefix = temporary_prefix(path)
        fd, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            os.chmod(temporary, mode)
            os.replace(temporary, path)
        except BaseException:
            with suppress(OSError):
                os.unlink(temporary)
            raise


def temporary_prefix(path: Path) -> str:
    """`.NAME.PID-`, NAME cut (at a character) so that the temporary name fits beside `path`:
    a destination whose name is itself near the limit must still be writable."""
    pid = f".{os.getpid()}-"
    room = _name_max(path.parent) - RANDOM_PART - len(os.fsencode(f".{pid}"))
    name = path.name
    while len(os.fsencode(name)) > room:
        name = name[:-1]
    return f".{name}{pid}"


def _name_max(folder: Path) -> int:
    """The longest file name, in bytes, that `folder`'s file system takes."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # not there yet, or not a POSIX system
        return NAME_MAX


def sweep(folder: Path) -> None:
    """Remove the temporary files of runs that were killed while writing into `folder` (once a run)."""
    key = os.path.realpath(folder)
    if key in _swept:
        return
    _swept.add(key)
    with os.scandir(folder) as entries:
        stale = [e.path for e in entries if (m := _TEMPORARY.fullmatch(e.name)) and not alive(int(m[1]))]
    for path in stale:
        with suppress(OSError):
            os.unlink(path)


def alive(pid: int) -> bool:
    """Whether process `pid` may still be running (someone else's counts as running)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def _umask() -> int:
    """The process umask (reading it means setting it, so set it straight back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def paper_suffix(paper: str) -> str:
    """ "-a4" in a file name; Letter, the default paper, adds nothing."""
    return "" if paper == "letter" else f"-{paper}"


def rules_file_name(slug: str, paper: str, print_size: str = "standard") -> str:
    """rules-<variant>[-<house rules>][-large][-a4].pdf."""
    large = "-large" if print_size == "large" else ""
    return f"rules-{slug}{large}{paper_suffix(paper)}.pdf"


def scoresheet_file_name(
    slug: str, layout: str, paper: str, fillable: bool, card: str = "full", print_size: str = "standard"
) -> str:
    """scoresheet-<layout>-<variant>[-<house rules>][-large]-<paper>[-half][-fillable].pdf."""
    half = "-half" if card == "half" else ""
    large = "-large" if print_size == "large" else ""
    return f"scoresheet-{layout}-{slug}{large}-{paper}{half}{'-fillable' if fillable else ''}.pdf"


def scorekeeper_file_name(slug: str) -> str:
    """scorekeeper-<variant>[-<house rules>].html."""
    return f"scorekeeper-{slug}.html"
