"""pypdf's half of `sheetgen.pdf.pageimport`: one page of a PDF read into byte chunks.

Only a blank sheet that is not in the cache is read here, so a warm `fill`
never imports pypdf.
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

from sheetgen.pdf.pageimport import Chunk, ImportedPage

START_STREAM = b"\nstream\n"
END_STREAM = b"\nendstream"


def _plain(obj: PdfObject) -> bytes:
    buffer = BytesIO()
    obj.write_to_stream(buffer)
    return buffer.getvalue()


def stored_data(stream: StreamObject) -> bytes:
    """A stream's data as stored in the file, still encoded (`get_data` would decode it).

    pypdf has no public getter for the encoded bytes, but `write_to_stream`
    writes them out as they are, after the dictionary and "stream": in that
    dictionary every line starts with a name or a bracket (pypdf escapes
    newlines in strings), so the first line "stream" ends it.
    """
    written = _plain(stream)
    start = written.find(START_STREAM)
    if start < 0 or not written.endswith(END_STREAM):
        raise ValueError("pypdf wrote a stream in a shape sheetgen does not know")
    return written[start + len(START_STREAM) : len(written) - len(END_STREAM)]


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
            data = stored_data(obj)  # the stream as stored: still encoded, copied as it is
            self.chunks(obj, out)
            out[-1] = b"/Length %d>>\nstream\n" % len(data) + data + b"\nendstream"
        else:
            self.chunks(obj, out)
        return out


@lru_cache(maxsize=2)
def _reader(pdf: bytes) -> PdfReader:
    """One parse per blank, shared by its pages: a ten-page blank is parsed once, not ten times."""
    return PdfReader(BytesIO(pdf))


def read_page(pdf: bytes, page_number: int = 0) -> ImportedPage:
    """Page `page_number` of `pdf` as a form, with every object it uses."""
    reader = _reader(pdf)
    page = reader.pages[page_number]
    serializer = _Serializer(reader)
    resources: list[Chunk] = []
    serializer.chunks(page["/Resources"], resources)
    box = [float(v) for v in page.mediabox]
    content = zlib.compress(page.get_contents().get_data(), 9)
    head = b"<</Type /XObject /Subtype /Form /FormType 1 /BBox [%g %g %g %g] /Resources " % tuple(box)
    tail = b" /Filter /FlateDecode /Length %d>>\nstream\n" % len(content) + content + b"\nendstream"
    return ImportedPage(
        key=hashlib.sha256(pdf).hexdigest()[:12] + f"p{page_number}",
        size=(box[2] - box[0], box[3] - box[1]),
        form_chunks=[head, *resources, tail],
        objects=serializer.objects,
    )
