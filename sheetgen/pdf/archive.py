"""A filled record made archival: PDF/A-3b, carrying the game it prints as `record.json`.

ReportLab writes no PDF/A: its streams end without the line break PDF/A
wants before `endstream`, and it has no XMP metadata, output intent or
associated files, nor a way to put them in its catalog. So its output, in
the one shape ReportLab 5 writes (objects in order, a classic cross-reference
table; pyproject.toml caps ReportLab below 6), is finished here as bytes:
each stream ends as PDF/A wants, the catalog gains the XMP identification,
an sRGB output intent (`sheetgen.pdf.srgb`) and each record embedded as
JSON, `record.json` for one record and `record-1.json`, `record-2.json` ...
for a combined PDF, one per record in page order, each `/AFRelationship
/Data` and listed in the catalog's `/AF`. Reading the PDF again with pypdf
and writing it anew would do the same at twice the cost of drawing the
record, and load pypdf on every warm `fill`; this takes a millisecond.
Anything not in that shape is a RuntimeError: sheetgen needs updating.
"""

from __future__ import annotations

import datetime
import re
import zlib
from collections.abc import Sequence
from xml.sax.saxutils import escape

from sheetgen.files.stamps import AUTHOR
from sheetgen.forms.reader import record_names
from sheetgen.pdf.srgb import DESCRIPTION, srgb_profile

PRODUCER = "sheetgen (ReportLab)"
HEADER = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"  # PDF/A-3 is PDF 1.7 (/AF is its own); a binary comment line
SHAPE = "ReportLab wrote a PDF in a shape sheetgen does not know; sheetgen needs updating"
LENGTH = re.compile(rb"/Length (\d+)\b")
REFERENCE = {key: re.compile(rb"/" + key + rb" (\d+) 0 R") for key in (b"Root", b"Info")}
IDENTIFIER = re.compile(rb"/ID\s*(\[\s*<[0-9a-fA-F]+>\s*<[0-9a-fA-F]+>\s*\])")
LANG = re.compile(rb"/Lang \(([A-Za-z0-9-]+)\)")
XMP = """<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>{author}</rdf:li></rdf:Seq></dc:creator>
<dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>
<xmp:CreatorTool>{author}</xmp:CreatorTool>
<xmp:CreateDate>{date}</xmp:CreateDate>
<xmp:ModifyDate>{date}</xmp:ModifyDate>
<xmp:MetadataDate>{date}</xmp:MetadataDate>
<pdf:Producer>{producer}</pdf:Producer>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>"""


NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")  # outside XML 1.0's Char


def _xml(text: str) -> str:
    """Text as XML element content; a character XML cannot hold (U+FFFF, say) as U+FFFD."""
    return escape(NOT_XML.sub("\ufffd", text))


def _text(text: str) -> bytes:
    """Any text as a PDF string: UTF-16BE with its byte order mark, in hex (nothing to escape)."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode("ascii") + b">"


def _stream(data: bytes, entries: bytes, compress: bool = True) -> bytes:
    """A stream object's body; compressed unless PDF/A wants it plain (the XMP metadata)."""
    if compress:
        data, entries = zlib.compress(data, 9), entries + b" /Filter /FlateDecode"
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (entries, len(data), data)


def _body(chunk: bytes) -> bytes:
    """One object's body as PDF/A wants it: a stream's data ends with a line break before `endstream`."""
    if b"\nstream\n" not in chunk:
        return chunk.rstrip(b"\n")
    dictionary, rest = chunk.split(b"\nstream\n", 1)
    lengths = LENGTH.findall(dictionary)
    if not lengths:
        raise RuntimeError(SHAPE)
    length = int(lengths[-1])
    if rest[length:].strip() != b"endstream":
        raise RuntimeError(SHAPE)
    return dictionary + b"\nstream\n" + rest[:length] + b"\nendstream"


def _objects(pdf: bytes) -> tuple[dict[int, bytes], bytes]:
    """ReportLab's objects by number (each body between `obj` and `endobj`) and its trailer dictionary."""
    try:
        xref = int(pdf[pdf.rindex(b"startxref") + len(b"startxref") :].split()[0])
        lines = pdf[xref:].split(b"\n")
        first, count = (int(n) for n in lines[1].split())
        offsets = {
            number: int(line[:10])
            for number, line in enumerate(lines[2 : 2 + count], first)
            if line[17:18] == b"n"
        }
        trailer = pdf[pdf.index(b"trailer", xref) : pdf.rindex(b"startxref")]
    except ValueError:
        raise RuntimeError(SHAPE) from None
    if lines[0] != b"xref" or sorted(offsets) != list(range(1, len(offsets) + 1)):
        raise RuntimeError(SHAPE)  # objects 1 to N, as ReportLab numbers them
    ends = dict(zip(sorted(offsets.values()), [*sorted(offsets.values())[1:], xref], strict=True))
    bodies = {}
    for number, offset in offsets.items():
        chunk = pdf[offset : ends[offset]]
        head, tail = b"%d 0 obj\n" % number, b"endobj\n"
        if not (chunk.startswith(head) and chunk.endswith(tail)):
            raise RuntimeError(SHAPE)
        bodies[number] = _body(chunk[len(head) : -len(tail)])
    return bodies, trailer


def _found(pattern: re.Pattern[bytes], data: bytes) -> bytes:
    match = pattern.search(data)
    if match is None:
        raise RuntimeError(SHAPE)
    return match.group(1)


def archived(pdf: bytes, records: Sequence[str], title: str, epoch: int) -> bytes:
    """ReportLab's `pdf` as PDF/A-3b with `records` (JSON texts) embedded, dated `epoch`."""
    bodies, trailer = _objects(pdf)
    root, info = (int(_found(REFERENCE[key], trailer)) for key in (b"Root", b"Info"))
    identifier = _found(IDENTIFIER, trailer)
    catalog = bodies[root]
    if b"/Metadata" in catalog or b"/Names" in catalog or not catalog.endswith(b">>"):
        raise RuntimeError(SHAPE)
    found = LANG.search(catalog)
    lang = found.group(1).decode("ascii") if found else "x-default"
    moment = datetime.datetime.fromtimestamp(epoch, datetime.UTC)
    date = b"(%s)" % moment.strftime("D:%Y%m%d%H%M%S+00'00'").encode("ascii")

    def add(body: bytes) -> int:
        number = max(bodies) + 1
        bodies[number] = body
        return number

    xmp = XMP.format(title=_xml(title), author=AUTHOR, lang=lang, date=moment.isoformat(), producer=PRODUCER)
    metadata = add(_stream(xmp.encode("utf-8"), b"/Type /Metadata /Subtype /XML", compress=False))
    profile = add(_stream(srgb_profile(), b"/N 3"))
    names, files = [], []
    for name, text in zip(record_names(len(records)), records, strict=True):
        data = text.encode("utf-8")
        params = b"/Params << /Size %d /ModDate %s >>" % (len(data), date)
        embedded = add(_stream(data, b"/Type /EmbeddedFile /Subtype /application#2Fjson " + params))
        file_name = b"(%s)" % name.encode("ascii")  # record.json, record-1.json ...: nothing to escape
        spec = add(
            b"<< /Type /Filespec /F %s /UF %s /Desc %s /AFRelationship /Data"
            b" /EF << /F %d 0 R /UF %d 0 R >> >>"
            % (file_name, file_name, _text("The game record this sheet prints"), embedded, embedded)
        )
        names.append(b"%s %d 0 R" % (file_name, spec))
        files.append(b"%d 0 R" % spec)
    intent = (
        b"<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier %s"
        b" /RegistryName (http://www.color.org) /Info %s /DestOutputProfile %d 0 R >>"
        % (_text(DESCRIPTION), _text(DESCRIPTION), profile)
    )
    bodies[root] = catalog[:-2] + (
        b"/Metadata %d 0 R /OutputIntents [ %s ] /AF [ %s ]\n"
        b"/Names << /EmbeddedFiles << /Names [ %s ] >> >>\n"
        b"/ViewerPreferences << /DisplayDocTitle true >>\n>>"  # viewers show the title (PDF/UA wants it)
        % (metadata, intent, b" ".join(files), b" ".join(names))
    )
    bodies[info] = b"<< /Title %s /Author %s /Creator %s /Producer %s /CreationDate %s /ModDate %s >>" % (
        _text(title),
        _text(AUTHOR),
        _text(AUTHOR),
        _text(PRODUCER),
        date,
        date,
    )
    out = bytearray(HEADER)
    offsets = []
    for number in range(1, max(bodies) + 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, bodies[number])
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID %s >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(offsets) + 1,
        root,
        info,
        identifier,
        xref,
    )
    return bytes(out)
