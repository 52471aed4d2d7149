"""Writing files so that an interrupted run never leaves a truncated one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

DEFAULT_OUTPUT_DIR = Path("output")


def write_atomic(path: Path, data: bytes) -> Path:
    """Write to a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    return path


def _umask() -> int:
    """The process umask (reading it means setting it, so set it straight back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def paper_suffix(paper: str) -> str:
    """ "-a4" in a file name; Letter, the default paper, adds nothing."""
    return "" if paper == "letter" else f"-{paper}"


def rules_file_name(slug: str, paper: str) -> str:
    """rules-<variant>[-<house rules>][-a4].pdf."""
    return f"rules-{slug}{paper_suffix(paper)}.pdf"


def scoresheet_file_name(slug: str, layout: str, paper: str, fillable: bool) -> str:
    """scoresheet-<layout>-<variant>[-<house rules>]-<paper>[-fillable].pdf."""
    return f"scoresheet-{layout}-{slug}-{paper}{'-fillable' if fillable else ''}.pdf"


def scorekeeper_file_name(slug: str) -> str:
    """scorekeeper-<variant>[-<house rules>].html."""
    return f"scorekeeper-{slug}.html"
