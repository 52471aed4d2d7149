"""A page of one PDF carried into a ReportLab document as a Form XObject.

The blank score sheet is rendered by WeasyPrint once; pypdf reads it once
(`sheetgen.pdf.pageread`) and its objects are serialized to bytes once, bytes the
cache of rendered sheets then keeps. Every filled record then only copies
those bytes into its ReportLab document and draws its numbers on top, so no
overlay stream is ever parsed in Python and a combined PDF holds the sheet
and its fonts once, however many pages use it.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass


@contextmanager
def _a_working_folder() -> Iterator[None]:
    """A working folder that exists, for the block, if the process's own was deleted.

    ReportLab's rl_config calls os.getcwd() as it is imported (for font search
    paths it fills from `%(CWD)s`), which fails in a deleted folder. Then the
    block runs in ReportLab's own package folder and the process returns to its
    deleted folder after, through a descriptor held open: nothing else changes.
    """
    try:
        os.getcwd()
    except OSError:
        pass
    else:
        yield
        return
    flags = getattr(os, "O_PATH", os.O_RDONLY) | getattr(os, "O_DIRECTORY", 0)
    here = os.open(".", flags)
    try:
        spec = importlib.util.find_spec("reportlab")
        os.chdir(next(iter(spec.submodule_search_locations)) if spec else os.sep)
        yield
    finally:
        os.fchdir(here)
        os.close(here)


# This module is the one that imports ReportLab; `sheetgen.pdf.fill` takes its names from here.
with _a_working_folder():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.pdfdoc import PDFDocument, PDFObject, PDFObjectReference, xObjectName
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["Canvas", "ImportedPage", "TTFont", "canvas_document", "dump_pages", "load_pages", "pdfmetrics"]

Chunk = bytes | int  # literal bytes, or the number of an object in the source PDF


def canvas_document(canvas: Canvas) -> PDFDocument:
    """The PDFDocument a canvas writes: ReportLab's one private name sheetgen uses (`Canvas._doc`).

    ReportLab has no public way to put an object into a canvas's document
    (a page imported as a form, its fonts, copied as bytes), and only this one
    keeps a filled record's bytes as they are: pyproject.toml caps ReportLab
    below its next major version, and tests/test_library.py fails if the name moves.
    """
    document = getattr(canvas, "_doc", None)
    if not isinstance(document, PDFDocument):
        raise RuntimeError("this ReportLab keeps no PDFDocument in Canvas._doc; sheetgen needs updating")
    return document


class _Copied(PDFObject):
    """One serialized object, its references renumbered for the target document."""

    def __init__(self, form: ImportedPage, chunks: list[Chunk]) -> None:
        self.form = form
        self.chunks = chunks

    def format(self, document: PDFDocument) -> bytes:
        parts = []
        for chunk in self.chunks:
            if isinstance(chunk, bytes):
                parts.append(chunk)
            else:
                parts.append(self.form.reference(document, chunk).format(document))
        return b"".join(parts)


@dataclass
class ImportedPage:
    """One page of a PDF, ready to be drawn as a form in any ReportLab canvas.

    `sheetgen.pdf.pageread.read_page` makes one from a PDF; `dump_pages` and
    `load_pages` keep it as bytes, so a cached blank needs no PDF parser.
    """

    key: str  # names the form and its objects in every document it is drawn in
    size: tuple[float, float]
    form_chunks: list[Chunk]
    objects: dict[int, list[Chunk]]

    @property
    def name(self) -> str:
        return f"sheet{self.key}"

    def reference(self, document: PDFDocument, number: int) -> PDFObjectReference:
        """This page's object `number` in `document`, copied there on first use."""
        name = f"{self.name}o{number}"
        if name in document.idToObject:
            return PDFObjectReference(name)
        return document.Reference(_Copied(self, self.objects[number]), name)

    def draw(self, canvas: Canvas) -> None:
        """Paint the page as the background of the canvas's current page."""
        if not canvas.hasForm(self.name):
            canvas_document(canvas).Reference(_Copied(self, self.form_chunks), xObjectName(self.name))
        canvas.doForm(self.name)


def _encoded(chunks: list[Chunk]) -> list[str | int]:
    return [c if isinstance(c, int) else base64.b64encode(c).decode("ascii") for c in chunks]


def _decoded(items: object) -> list[Chunk]:
    if not isinstance(items, list) or not all(isinstance(c, int | str) for c in items):
        raise ValueError("a page's content is not a list of chunks")
    return [c if isinstance(c, int) else base64.b64decode(c, validate=True) for c in items]


def dump_pages(pages: Sequence[ImportedPage]) -> bytes:
    """Pages as JSON bytes, for the cache."""
    return json.dumps(
        [
            {
                "key": page.key,
                "size": page.size,
                "form": _encoded(page.form_chunks),
                "objects": {str(n): _encoded(chunks) for n, chunks in page.objects.items()},
            }
            for page in pages
        ]
    ).encode()


def load_pages(data: bytes) -> list[ImportedPage]:
    """The pages `dump_pages` stored; a ValueError (or KeyError, TypeError) if they are not in its shape."""
    pages = json.loads(data)
    if not isinstance(pages, list) or not pages:
        raise ValueError("not a list of pages")
    loaded = []
    for page in pages:
        size = page["size"]
        if (
            not isinstance(page["key"], str)
            or len(size) != 2
            or not all(isinstance(n, int | float) for n in size)
        ):
            raise ValueError("a page's key or size is wrong")
        objects = {int(n): _decoded(chunks) for n, chunks in page["objects"].items()}
        loaded.append(
            ImportedPage(
                key=page["key"], size=tuple(size), form_chunks=_decoded(page["form"]), objects=objects
            )
        )
    return loaded
