"""A page of one PDF carried into a ReportLab document as a Form XObject.

The blank score sheet is rendered by WeasyPrint once; pypdf reads it once and
its objects are serialized to bytes once. Every filled record then only copies
those bytes into its ReportLab document and draws its numbers on top, so no
overlay stream is ever parsed in Python and a combined PDF holds the sheet
and its fonts once, however many pages use it.
"""

from __future__ import annotations

import hashlib
import zlib
from functools import lru_cache
from io import BytesIO

from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    PdfObject,
    StreamObject,
)
from reportlab.pdfbase.pdfdoc import PDFDocument, PDFObject, PDFObjectReference, xObjectName
from reportlab.pdfgen.canvas import Canvas

Chunk = bytes | int  # literal bytes, or the number of an object in the source PDF


def _plain(obj: PdfObject) -> bytes:
    buffer = BytesIO()
    obj.write_to_stream(buffer)
    return buffer.getvalue()


class _Serializer:
    """Turns pypdf objects into byte chunks, noting each indirect reference."""

    def __init__(self, reader: PdfReader) -> None:
        self.reader = reader
        self.objects: dict[int, list[Chunk]] = {}

    def chunks(self, obj: PdfObject, out: list[Chunk]) -> None:
        if isinstance(obj, IndirectObject):
            out.append(obj.idnum)
            if obj.idnum not in self.objects:
                self.objects[obj.idnum] = []  # claim first: objects may refer back
                self.objects[obj.idnum] = self.top_level(obj.get_object())
        elif isinstance(obj, DictionaryObject):
            out.append(b"<<")
            for key, value in obj.items():
                if key == "/Length" and isinstance(obj, StreamObject):
                    continue
                out.append(_plain(NameObject(key)) + b" ")
                self.chunks(value, out)
                out.append(b"\n")
            out.append(b">>")
        elif isinstance(obj, ArrayObject):
            out.append(b"[")
            for item in obj:
                self.chunks(item, out)
                out.append(b" ")
            out.append(b"]")
        else:
            out.append(_plain(obj))

    def top_level(self, obj: PdfObject) -> list[Chunk]:
        out: list[Chunk] = []
        if isinstance(obj, StreamObject):
            data = obj._data  # the stream as stored: still encoded, copied as it is
            self.chunks(obj, out)
            out[-1] = b"/Length %d>>\nstream\n" % len(data) + data + b"\nendstream"
        else:
            self.chunks(obj, out)
        return out


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


@lru_cache(maxsize=2)
def _reader(pdf: bytes) -> PdfReader:
    """One parse per blank, shared by its pages: a ten-page blank is parsed once, not ten times."""
    return PdfReader(BytesIO(pdf))


class ImportedPage:
    """One page of a PDF, ready to be drawn as a form in any ReportLab canvas."""

    def __init__(self, pdf: bytes, page_number: int = 0) -> None:
        reader = _reader(pdf)
        page = reader.pages[page_number]
        self.key = hashlib.sha256(pdf).hexdigest()[:12] + f"p{page_number}"
        self.name = f"sheet{self.key}"
        serializer = _Serializer(reader)
        resources: list[Chunk] = []
        serializer.chunks(page["/Resources"], resources)
        box = [float(v) for v in page.mediabox]
        content = zlib.compress(page.get_contents().get_data(), 9)
        head = b"<</Type /XObject /Subtype /Form /FormType 1 /BBox [%g %g %g %g] /Resources " % tuple(box)
        tail = b" /Filter /FlateDecode /Length %d>>\nstream\n" % len(content) + content + b"\nendstream"
        self.form_chunks: list[Chunk] = [head, *resources, tail]
        self.objects = serializer.objects
        self.size = (box[2] - box[0], box[3] - box[1])

    def reference(self, document: PDFDocument, number: int) -> PDFObjectReference:
        """This page's object `number` in `document`, copied there on first use."""
        name = f"{self.name}o{number}"
        if name in document.idToObject:
            return PDFObjectReference(name)
        return document.Reference(_Copied(self, self.objects[number]), name)

    def draw(self, canvas: Canvas) -> None:
        """Paint the page as the background of the canvas's current page."""
        document = canvas._doc
        if not document.hasForm(self.name):
            document.Reference(_Copied(self, self.form_chunks), xObjectName(self.name))
        canvas.doForm(self.name)
