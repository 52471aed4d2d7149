"""A filled record made archival: PDF/A-3b, carrying the game it prints as `record.json`.

ReportLab writes no PDF/A: its streams end without the line break PDF/A
wants before `endstream`, and it has no XMP metadata, output intent or
associated files. pypdf (already sheetgen's PDF reader) reads its bytes
once and writes them again with each stream as PDF/A wants, the XMP
identification, an sRGB output intent (`sheetgen.pdf.srgb`) and each record
embedded as JSON: `record.json` for one record, `record-1.json`,
`record-2.json` ... for a combined PDF, one per record in page order, each
`/AFRelationship /Data` and listed in the catalog's `/AF`.
"""

from __future__ import annotations

import datetime
import zlib
from collections.abc import Sequence
from io import BytesIO
from xml.sax.saxutils import escape

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    DecodedStreamObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NumberObject,
    PdfObject,
    TextStringObject,
)

from sheetgen.files.stamps import AUTHOR
from sheetgen.forms.reader import record_names
from sheetgen.pdf.srgb import DESCRIPTION, srgb_profile

RECORD_TYPE = "/application/json"  # pypdf writes the inner slash as #2F, as a PDF name must
PRODUCER = "sheetgen (ReportLab, pypdf)"
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


def _pdf_date(moment: datetime.datetime) -> str:
    return moment.strftime("D:%Y%m%d%H%M%S+00'00'")


def _indirect(writer: PdfWriter, obj: PdfObject) -> IndirectObject:
    """`obj` as an object of its own in `writer`: pypdf clones an object whose reference is None so."""
    obj.indirect_reference = None
    return obj.clone(writer).indirect_reference


def _stream(
    writer: PdfWriter, data: bytes, entries: dict[str, PdfObject], compress: bool = True
) -> IndirectObject:
    """A stream of its own; compressed unless PDF/A wants it plain (the XMP metadata)."""
    stream = DecodedStreamObject()
    stream.set_data(zlib.compress(data, 9) if compress else data)
    if compress:
        stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    stream.update({NameObject(key): value for key, value in entries.items()})
    return _indirect(writer, stream)


def archived(pdf: bytes, records: Sequence[str], title: str, epoch: int) -> bytes:
    """`pdf` (ReportLab's) as PDF/A-3b with `records` (JSON texts) embedded, stamped at `epoch`."""
    writer = PdfWriter(clone_from=PdfReader(BytesIO(pdf)))
    writer.pdf_header = b"%PDF-1.7"
    root = writer.root_object
    moment = datetime.datetime.fromtimestamp(epoch, datetime.UTC)
    stamp = TextStringObject(_pdf_date(moment))
    writer.metadata = {
        "/Title": title,
        "/Author": AUTHOR,
        "/Creator": AUTHOR,
        "/Producer": PRODUCER,
        "/CreationDate": stamp,
        "/ModDate": stamp,
    }
    lang = str(root.get("/Lang", "x-default"))
    xmp = XMP.format(
        title=escape(title),
        author=AUTHOR,
        lang=escape(lang),
        date=moment.isoformat(),
        producer=escape(PRODUCER),
    )
    root[NameObject("/Metadata")] = _stream(
        writer, xmp.encode("utf-8"), {"/Type": NameObject("/Metadata"), "/Subtype": NameObject("/XML")}, False
    )
    profile = _stream(writer, srgb_profile(), {"/N": NumberObject(3)})
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFA1"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(DESCRIPTION),
            NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
            NameObject("/Info"): TextStringObject(DESCRIPTION),
            NameObject("/DestOutputProfile"): profile,
        }
    )
    root[NameObject("/OutputIntents")] = ArrayObject([intent])
    # viewers show the title, not the file name (PDF/UA wants it; harmless anywhere)
    root[NameObject("/ViewerPreferences")] = DictionaryObject(
        {NameObject("/DisplayDocTitle"): BooleanObject(True)}
    )
    files, names = ArrayObject(), ArrayObject()
    for name, text in zip(record_names(len(records)), records, strict=True):
        data = text.encode("utf-8")
        params = DictionaryObject(
            {NameObject("/Size"): NumberObject(len(data)), NameObject("/ModDate"): stamp}
        )
        embedded = _stream(
            writer,
            data,
            {"/Type": NameObject("/EmbeddedFile"), "/Subtype": NameObject(RECORD_TYPE), "/Params": params},
        )
        spec = _indirect(
            writer,
            DictionaryObject(
                {
                    NameObject("/Type"): NameObject("/Filespec"),
                    NameObject("/F"): TextStringObject(name),
                    NameObject("/UF"): TextStringObject(name),
                    NameObject("/Desc"): TextStringObject("The game record this sheet prints"),
                    NameObject("/AFRelationship"): NameObject("/Data"),
                    NameObject("/EF"): DictionaryObject(
                        {NameObject("/F"): embedded, NameObject("/UF"): embedded}
                    ),
                }
            ),
        )
        files.append(spec)
        names.extend([TextStringObject(name), spec])
    root[NameObject("/AF")] = files
    root[NameObject("/Names")] = DictionaryObject(
        {NameObject("/EmbeddedFiles"): DictionaryObject({NameObject("/Names"): names})}
    )
    out = BytesIO()
    writer.write(out)
    return out.getvalue()
