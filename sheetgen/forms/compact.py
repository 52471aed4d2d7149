"""A PDF read with pypdf, changed in place, and written back out compactly.

pypdf's own writer copies every object first and puts each at the top
level, which doubles a tagged sheet's size (hundreds of small structure
elements). Here the read objects are changed where they are, new ones get
the next free numbers, and every object but the streams goes into one
compressed object stream with a cross-reference stream. Only what the
catalog and the info dictionary reach is written, so a replaced font is
dropped. The output depends only on the objects: it is deterministic.
"""

from __future__ import annotations

import zlib
from io import BytesIO

from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    IndirectObject,
    PdfObject,
    StreamObject,
)

HEADER = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"


class ObjectTable:
    """The objects of a read PDF, changed in place, plus the ones added."""

    def __init__(self, reader: PdfReader) -> None:
        self.reader = reader
        self.added: dict[int, PdfObject] = {}
        self.next_number = int(reader.trailer.get("/Size", 1))

    def add(self, obj: PdfObject) -> IndirectObject:
        """`obj` as a new indirect object; its reference."""
        number = self.next_number
        self.next_number += 1
        self.added[number] = obj
        return IndirectObject(number, 0, self.reader)

    def get(self, number: int) -> PdfObject:
        if number in self.added:
            return self.added[number]
        return self.reader.get_object(IndirectObject(number, 0, self.reader))


def _reachable(table: ObjectTable, roots: list[PdfObject]) -> list[int]:
    """The numbers of the indirect objects reachable from `roots`, in the order first met."""
    seen: dict[int, None] = {}
    stack = list(reversed(roots))
    while stack:
        obj = stack.pop()
        if isinstance(obj, IndirectObject):
            if obj.idnum in seen:
                continue
            seen[obj.idnum] = None
            stack.append(table.get(obj.idnum))
        elif isinstance(obj, DictionaryObject):
            stack.extend(reversed(list(obj.values())))
        elif isinstance(obj, ArrayObject):
            stack.extend(reversed(list(obj)))
    return list(seen)


def _bytes(obj: PdfObject) -> bytes:
    buffer = BytesIO()
    obj.write_to_stream(buffer)
    return buffer.getvalue()


def write_compact(table: ObjectTable) -> bytes:
    """The table's catalog and info as a PDF with one object stream and an xref stream."""
    root = table.reader.trailer.raw_get("/Root")
    info = table.reader.trailer.raw_get("/Info") if "/Info" in table.reader.trailer else None
    numbers = _reachable(table, [root, *([info] if info is not None else [])])
    out = BytesIO()
    out.write(HEADER)
    offsets: dict[int, tuple[int, int, int]] = {}  # number -> (type, field 2, field 3)
    packed: list[tuple[int, bytes]] = []
    for number in numbers:
        obj = table.get(number)
        if isinstance(obj, StreamObject):
            offsets[number] = (1, out.tell(), 0)
            out.write(b"%d 0 obj\n" % number + _bytes(obj) + b"\nendobj\n")
        else:
            packed.append((number, _bytes(obj)))
    size = max(numbers) + 3
    stream_number = size - 2
    head, body = [], BytesIO()
    for index, (number, data) in enumerate(packed):
        head.append(b"%d %d" % (number, body.tell()))
        body.write(data + b"\n")
        offsets[number] = (2, stream_number, index)
    first = b" ".join(head) + b"\n"
    data = zlib.compress(first + body.getvalue(), 9)
    offsets[stream_number] = (1, out.tell(), 0)
    out.write(
        b"%d 0 obj\n<</Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d>>\nstream\n"
        % (stream_number, len(packed), len(first), len(data))
        + data
        + b"\nendstream\nendobj\n"
    )
    xref_number = size - 1
    offsets[xref_number] = (1, out.tell(), 0)
    rows = b"".join(
        bytes([kind]) + second.to_bytes(4, "big") + third.to_bytes(2, "big")
        for kind, second, third in (offsets.get(n, (0, 0, 0)) for n in range(size))
    )
    table = zlib.compress(rows, 9)
    trailer = b"/Root %d 0 R" % root.idnum
    if info is not None:
        trailer += b" /Info %d 0 R" % info.idnum
    out.write(
        b"%d 0 obj\n<</Type /XRef /Size %d /W [1 4 2] %s /Filter /FlateDecode /Length %d>>\nstream\n"
        % (xref_number, size, trailer, len(table))
        + table
        + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % offsets[xref_number][1]
    )
    return out.getvalue()
