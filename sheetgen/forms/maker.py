"""Fillable score sheets that add up, and know what they were made for.

WeasyPrint makes one plain text field per write-in cell (named by the
template) and embeds a whole font for them (a face the page text does not
use, so the page's own fonts are still cut to what they draw).
`make_fillable` turns those bytes into a working form: box fields take
digits only and are centred at the size printed records use, every computed
row is a read-only field with a calculate action and a place in the
calculation order, the Yahtzee-bonus field counts ticks, and the fields use
Helvetica (digits) or a small subset of the sheet's own font (names, ticks),
so the whole font is dropped. The sheet's variant, house rules and printed
names go into the document information, so a filled sheet can be read back
as a record (`sheetgen.forms.reader`).

A viewer that runs no scripts still shows plain, writable fields.
"""

from __future__ import annotations

import json
import re
from functools import cache
from io import BytesIO

from fontTools import subset
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

from sheetgen.files.stamps import pin_source_date
from sheetgen.forms.compact import ObjectTable, write_compact
from sheetgen.forms.fields import (
    LINE_FIELDS,
    MAX_BOX_DIGITS,
    MAX_TICKS_LENGTH,
    SERIES_TOTAL,
    SHEET_KEY,
    TICK_MARKS,
    TICKS,
    SheetInfo,
)
from sheetgen.layout.fitting import NAME_FONT
from sheetgen.layout.geometry import sheet_geometry
from sheetgen.rules.boxes import (
    LOWER_BOXES,
    MAX_GAMES_IN_SERIES,
    SHEET_ROWS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    Box,
    Total,
)

# Latin with its accents (Western and Central Europe), Greek, Cyrillic, quotes and dashes, the tick.
NAME_FONT_RANGES = (
    (0x20, 0x7E),
    (0xA0, 0x17F),
    (0x384, 0x3CE),
    (0x400, 0x45F),
    (0x2013, 0x2014),
    (0x2018, 0x201E),
    (0x2026, 0x2026),
)
NAME_FONT_EXTRA = (0x20AC, *(ord(mark) for mark in TICK_MARKS))
NAME_FONT_TAG = "SGFORM+"  # a subset font's name starts with six capitals and a plus
FONTS = {"/Helv": "Helvetica", "/HeBo": "Helvetica-Bold"}
FIELD_FONT = "/SgNm"  # the form fields' font resource: the name font, subset
READ_ONLY, MULTILINE, DO_NOT_SPELL_CHECK, DO_NOT_SCROLL = 1, 1 << 12, 1 << 22, 1 << 23
FIELD_NAME = re.compile(r"(?P<column>(?:card\d+\.)?(?:p\d+\.)?(?:g\d+\.)?)(?P<key>[a-z_]+)")


# The form scripts. One library, generated from the model, precedes each action;
# a total is computed straight from the boxes, so no action depends on another.

_LIBRARY = """var d=this;
function n(p,k){var f=d.getField(p+k);if(!f)return null;
var s=String(f.value).replace(/\\s+/g,"");return s===""?null:s}
function b(p,k){var s=n(p,k);return s!==null&&/^\\d+$/.test(s)?Number(s):null}
function c(p){var s=n(p,"%(ticks)s");if(s===null)return null;
return /^\\d+$/.test(s)?Number(s):s.replace(/[^%(marks)s]/g,"").length}
function q(p,K){var s=0,m=0,i,v;for(i=0;i<K.length;i++){v=b(p,K[i]);if(v!==null){s+=v;m++}}return [s,m]}
function t(p){var u=q(p,%(upper)s),l=q(p,%(lower)s),y=c(p),
B=u[0]>=%(threshold)d?%(bonus)d:0,Y=(y||0)*%(yahtzee)d;
return {upper_subtotal:u[1]?u[0]:null,
upper_bonus:u[0]>=%(threshold)d?%(bonus)d:(u[1]==%(upper_count)d?0:null),
upper_total:u[1]?u[0]+B:null,yahtzee_bonus:y===null?null:Y,
lower_total:(l[1]||y!==null)?l[0]+Y:null,
grand_total:(u[1]||l[1]||y!==null)?u[0]+B+l[0]+Y:null}}
function z(v){return v===null?"":String(v)}
"""


def _js_marks() -> str:
    """The tick marks as the inside of a JavaScript regular-expression class."""
    return "".join("\\/" if m == "/" else f"\\u{ord(m):04x}" if ord(m) > 127 else m for m in TICK_MARKS)


@cache
def _library() -> str:
    marks = _js_marks()
    return _LIBRARY % {
        "ticks": TICKS,
        "marks": marks,
        "upper": json.dumps([b.value for b in UPPER_BOXES]),
        "lower": json.dumps([b.value for b in LOWER_BOXES]),
        "threshold": UPPER_BONUS_THRESHOLD,
        "bonus": UPPER_BONUS,
        "yahtzee": YAHTZEE_BONUS,
        "upper_count": len(UPPER_BOXES),
    }


def calculate_script(column: str, key: str) -> str:
    """The calculate action of the computed field `column + key` ("p1." + "grand_total")."""
    if key == SERIES_TOTAL:
        games = json.dumps([f"{column}g{g}." for g in range(1, MAX_GAMES_IN_SERIES + 1)])
        body = (
            f"var G={games},s=0,a=0;for(var i=0;i<G.length;i++){{var r=t(G[i]).grand_total;"
            'if(r!==null){s+=r;a=1}}event.value=a?String(s):"";'
        )
    else:
        row = Total.UPPER_TOTAL.value if key == Total.UPPER_TOTAL.value + "_again" else key
        body = f"event.value=z(t({json.dumps(column)}).{row});"
    return _library() + body


BOX_KEYSTROKE = (  # the field as it would be after this keystroke: at most 4 digits
    f"event.rc=/^\\d{{0,{MAX_BOX_DIGITS}}}$/.test(event.willCommit?String(event.value).replace(/\\s+/g,''):"
    "AFMergeChange(event))"
)
TICKS_KEYSTROKE = (  # a count or tick marks, as long as the field allows
    f"event.rc=/^[0-9 {_js_marks()}]{{0,{MAX_TICKS_LENGTH}}}$/"
    ".test(event.willCommit?String(event.value):AFMergeChange(event))"
)


def _javascript(code: str) -> DictionaryObject:
    return DictionaryObject(
        {NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject(code)}
    )


# The fonts of the fields


@cache
def _name_font_program() -> tuple[bytes, dict[int, int], list[int], dict[str, int]]:
    """The subset font file, its code-point-to-glyph map, widths (per 1000) and metrics."""
    unicodes = [c for start, end in NAME_FONT_RANGES for c in range(start, end + 1)] + list(NAME_FONT_EXTRA)
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = []
    options.notdef_outline = True
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "MATH"]
    font = TTFont(NAME_FONT)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    buffer = BytesIO()
    font.save(buffer)
    order = font.getGlyphOrder()
    index = {name: gid for gid, name in enumerate(order)}
    cmap = {code: index[name] for code, name in font.getBestCmap().items()}
    scale = 1000 / font["head"].unitsPerEm
    widths = [round(font["hmtx"][name][0] * scale) for name in order]
    head, hhea, os2 = font["head"], font["hhea"], font["OS/2"]
    metrics = {
        "bbox": [round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)],
        "ascent": round(hhea.ascent * scale),
        "descent": round(hhea.descent * scale),
        "cap": round(getattr(os2, "sCapHeight", hhea.ascent) * scale),
    }
    return buffer.getvalue(), cmap, widths, metrics


def _to_unicode(texts: dict[int, bytes]) -> bytes:
    """A ToUnicode CMap from glyph IDs to the text (UTF-16BE, in hex) each draws."""
    pairs = sorted(texts.items())
    lines = [
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
        b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        b"/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
        b"1 begincodespacerange <0000> <FFFF> endcodespacerange",
    ]
    for start in range(0, len(pairs), 100):
        chunk = pairs[start : start + 100]
        lines.append(b"%d beginbfchar" % len(chunk))
        lines += [b"<%04X> <%s>" % (gid, text) for gid, text in chunk]
        lines.append(b"endbfchar")
    lines.append(b"endcmap CMapName currentdict /CMap defineresource pop end end")
    return b"\n".join(lines)


def _texts(cmap: dict[int, int]) -> dict[int, bytes]:
    """Each glyph's code point (the lowest, where several share a glyph) as UTF-16BE hex."""
    texts: dict[int, bytes] = {}
    for code, gid in sorted(cmap.items(), reverse=True):
        texts[gid] = chr(code).encode("utf-16-be").hex().upper().encode()
    return texts


def _stream(table: ObjectTable, data: bytes, entries: dict | None = None) -> object:
    stream = DecodedStreamObject()
    stream.set_data(data)
    stream.update(entries or {})
    return table.add(stream.flate_encode(level=9))


def _font_file(table: ObjectTable, program: bytes) -> object:
    return _stream(table, program, {NameObject("/Length1"): NumberObject(len(program))})


def _name_font(table: ObjectTable) -> object:
    """The Type 0 font of the name, title and tick fields, as an indirect object."""
    program, cmap, widths, metrics = _name_font_program()
    base = NameObject("/" + NAME_FONT_TAG + NAME_FONT.stem)
    descriptor = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/FontDescriptor"),
            NameObject("/FontName"): base,
            NameObject("/Flags"): NumberObject(32),
            NameObject("/FontBBox"): ArrayObject(NumberObject(v) for v in metrics["bbox"]),
            NameObject("/ItalicAngle"): NumberObject(0),
            NameObject("/Ascent"): NumberObject(metrics["ascent"]),
            NameObject("/Descent"): NumberObject(metrics["descent"]),
            NameObject("/CapHeight"): NumberObject(metrics["cap"]),
            NameObject("/StemV"): NumberObject(120),
            NameObject("/FontFile2"): _font_file(table, program),
        }
    )
    cid_font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/CIDFontType2"),
            NameObject("/BaseFont"): base,
            NameObject("/CIDSystemInfo"): DictionaryObject(
                {
                    NameObject("/Registry"): TextStringObject("Adobe"),
                    NameObject("/Ordering"): TextStringObject("Identity"),
                    NameObject("/Supplement"): NumberObject(0),
                }
            ),
            NameObject("/FontDescriptor"): table.add(descriptor),
            NameObject("/CIDToGIDMap"): NameObject("/Identity"),
            NameObject("/W"): ArrayObject([NumberObject(0), ArrayObject(NumberObject(w) for w in widths)]),
        }
    )
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type0"),
            NameObject("/BaseFont"): base,
            NameObject("/Encoding"): NameObject("/Identity-H"),
            NameObject("/DescendantFonts"): ArrayObject([table.add(cid_font)]),
            NameObject("/ToUnicode"): _stream(table, _to_unicode(_texts(cmap))),
        }
    )
    return table.add(font)


def _drop_unused_fonts(reader: PdfReader) -> None:
    """Take fonts the page text never selects out of each page's resources.

    WeasyPrint lists the fields' font there too, embedded whole; the fields
    get their own fonts here, so it would only weigh the file down.
    """
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font")
        if fonts is None:
            continue
        fonts = fonts.get_object()
        used = set(re.findall(rb"/([^\s/<>\[\]()]+)\s+[\d.]+\s+Tf", page.get_contents().get_data()))
        for name in [name for name in fonts if name[1:].encode() not in used]:
            del fonts[name]


def _standard_font(name: str) -> DictionaryObject:
    return DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/" + name),
            NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
        }
    )


# The fields


def field_kind(name: str) -> tuple[str, str, str]:
    """(kind, column prefix, key) of a field name: kind is box, ticks, total, text or other."""
    line = name.rsplit(".", 1)[-1]
    if line in LINE_FIELDS and re.fullmatch(r"(?:page\d+\.)?[a-z]+", name):
        return "text", "", line
    match = FIELD_NAME.fullmatch(name)
    if not match:
        return "other", "", name
    column, key = match["column"], match["key"]
    if key in {box.value for box in Box}:
        return "box", column, key
    if key == TICKS:
        return "ticks", column, key
    if key == SERIES_TOTAL or key in {row.slug for row in SHEET_ROWS if row.is_total}:
        return "total", column, key
    if key == "name":
        return "text", column, key
    return "other", column, key


def _text_size(field: DictionaryObject) -> float:
    found = re.search(r"([\d.]+)\s+Tf", str(field.get("/DA", "")))
    return float(found[1]) if found else 10.0


def _set(field: DictionaryObject, key: str, value: object) -> None:
    field[NameObject(key)] = value


def _dress(field: DictionaryObject, kind: str, column: str, key: str, size: float) -> None:
    """Font, alignment, flags and actions of one field."""
    if kind == "text" and key == "name":
        font, size, align = FIELD_FONT, 0.0, 0  # auto size, wrapped: a long name fits its head
    elif kind == "text":
        font, size, align = FIELD_FONT, _text_size(field), 0
    elif kind == "ticks":
        font, size, align = FIELD_FONT, _text_size(field), 1
    else:
        font, align = ("/HeBo" if kind == "total" else "/Helv"), 1
    _set(field, "/DA", TextStringObject(f"{font} {size:g} Tf 0 g"))
    _set(field, "/Q", NumberObject(align))
    flags = DO_NOT_SPELL_CHECK
    actions = DictionaryObject()
    if kind == "text" and key == "name":
        flags |= MULTILINE
    elif kind == "box":
        flags |= DO_NOT_SCROLL
        _set(field, "/MaxLen", NumberObject(MAX_BOX_DIGITS))
        actions[NameObject("/K")] = _javascript(BOX_KEYSTROKE)
    elif kind == "ticks":
        _set(field, "/MaxLen", NumberObject(MAX_TICKS_LENGTH))
        actions[NameObject("/K")] = _javascript(TICKS_KEYSTROKE)
    elif kind == "total":
        flags |= READ_ONLY
        actions[NameObject("/C")] = _javascript(calculate_script(column, key))
    _set(field, "/Ff", NumberObject(flags))
    if actions:
        _set(field, "/AA", actions)


def _order(key: str) -> int:
    """A computed row's place in its column's calculation order."""
    rows = [row.slug for row in SHEET_ROWS if row.is_total] + [SERIES_TOTAL]
    return rows.index(key) if key in rows else len(rows)


def make_fillable(pdf: bytes, info: SheetInfo) -> bytes:
    """The rendered sheet's fields made into a computing form; deterministic in `pdf` and `info`."""
    pin_source_date()  # the name font's subset is stamped too
    reader = PdfReader(BytesIO(pdf))
    table = ObjectTable(reader)
    form = reader.trailer["/Root"]["/AcroForm"]
    size = sheet_geometry(info.layout, info.paper).value_size  # as `sheetgen fill` prints scores
    _drop_unused_fonts(reader)
    fonts = DictionaryObject({NameObject(k): table.add(_standard_font(v)) for k, v in FONTS.items()})
    fonts[NameObject(FIELD_FONT)] = _name_font(table)
    form[NameObject("/DR")] = DictionaryObject({NameObject("/Font"): fonts})
    form[NameObject("/DA")] = TextStringObject("/Helv 0 Tf 0 g")
    computed = []
    for reference in form["/Fields"]:
        field = reference.get_object()
        kind, column, key = field_kind(str(field["/T"]))
        _dress(field, kind, column, key, size)
        if kind == "total":
            computed.append(((column, key), reference))
    # Every game of a column before its series total; within a column, rows top to bottom.
    computed.sort(key=lambda item: (item[0][1] == SERIES_TOTAL, item[0][0], _order(item[0][1])))
    form[NameObject("/CO")] = ArrayObject(reference for _, reference in computed)
    reader.trailer["/Info"][NameObject(SHEET_KEY)] = TextStringObject(info.to_json())
    return write_compact(table)
