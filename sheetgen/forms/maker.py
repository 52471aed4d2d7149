"""Fillable score sheets that add up in every PDF engine, and know what they were made for.

WeasyPrint makes one plain text field per write-in cell (named by the
template from `sheetgen.forms.fields`) and embeds a whole font for them.
`make_fillable` turns those bytes into a working form:

- the fields become a tree as the PDF specification wants it: `p1.aces` is a
  parent field `p1` with a kid `aces` (a partial name may hold no period),
  so MuPDF finds each field by its full name as pdf.js and PDFium do;
- box fields take digits only while typed, and a committed value is cleaned
  to the score typed (`12abc` is 12); the Yahtzee-bonus field takes a count
  or tick marks, never a mix; every computed row is a read-only field with a
  calculate action and a place in the calculation order;
- names, title and date use a simple WinAnsi-encoded TrueType font, a
  subset of the sheet's name font, so a filler that writes one-byte codes
  (pdftk, qpdf) draws Latin-1 names, and viewers draw other letters with
  their own fallback fonts; digits use Helvetica. The whole font is dropped.

The sheet's variant, house rules and printed names go into the document
information, so a filled sheet reads back as a record (`sheetgen.forms.reader`).
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
    IndirectObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

from sheetgen.files.stamps import source_date
from sheetgen.forms.compact import ObjectTable, write_compact
from sheetgen.forms.fields import (
    MAX_BOX_DIGITS,
    MAX_TICKS_LENGTH,
    NAME,
    SERIES_TOTAL,
    SHEET_KEY,
    TICK_MARKS,
    TICKS,
    UPPER_TOTAL_AGAIN,
    FieldKind,
    FieldName,
    SheetInfo,
    game_column,
    parse_field,
    partial_names,
)
from sheetgen.forms.taborder import tab_scripts
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

FIRST_CODE, LAST_CODE = 32, 255  # the WinAnsi codes the name font draws
NAME_FONT_TAG = "SGFORM+"  # a subset font's name starts with six capitals and a plus
FONTS = {"/Helv": "Helvetica", "/HeBo": "Helvetica-Bold"}
FIELD_FONT = "/SgNm"  # the text fields' font resource: the name font, WinAnsi-encoded
READ_ONLY, DO_NOT_SPELL_CHECK, DO_NOT_SCROLL = 1, 1 << 22, 1 << 23


# The form scripts, in the plain JavaScript that pdf.js, PDFium, Okular and MuPDF all run: no
# Acrobat helper unless it is there (AFMergeChange, which Okular lacks), nothing past ES3.
# One library, generated from the model, precedes each action; a total is computed straight
# from the boxes, so no action depends on another. D and T clean a committed value to the
# score it holds; the commit script sets it where the engine keeps that (pdf.js, MuPDF), and
# the column's calculation writes it back where the engine keeps only what was typed (PDFium).

_CLEAN = """function D(v){v=String(v);return /^\\s*\\d{0,%(digits)d}\\s*$/.test(v)?v:
v.replace(/\\D/g,"").substring(0,%(digits)d)}
function T(v){v=String(v);if(/^\\s*\\d*\\s*$/.test(v)||/^[%(marks)s\\s]*$/.test(v))
return v.substring(0,%(length)d);
var m=v.replace(/[^%(marks)s]/g,"");return (m||v.replace(/\\D/g,"")).substring(0,%(length)d)}
"""

_MERGE = """function M(){var v=String(event.value),c=event.change?String(event.change):"",
s=event.selStart,e=event.selEnd;if(typeof AFMergeChange=="function")v=String(AFMergeChange(event));
else{if(typeof s!="number"||s<0||s>v.length){s=v.length;e=v.length}v=v.substring(0,s)+c+v.substring(e)}
return v.replace(/\\s+/g,"")}
"""

_LIBRARY = """var d=this;
function w(p){var K=%(fields)s,V={},i,k,g,v,x;for(i=0;i<K.length;i++){k=K[i];
g=d.getField(p+k);if(g){v=String(g.value);x=k=="%(ticks)s"?T(v):D(v);if(x!==v)g.value=x;
x=x.replace(/\\s+/g,"");if(x!=="")V[k]=x}}return V}
function b(V,k){var s=V[k];return typeof s=="string"&&/^\\d+$/.test(s)?Number(s):null}
function c(V){var s=V["%(ticks)s"];if(typeof s!="string")return null;
return /^\\d+$/.test(s)?Number(s):/^[%(marks)s]+$/.test(s)?s.length:null}
function q(V,K){var s=0,m=0,i,v;for(i=0;i<K.length;i++){v=b(V,K[i]);if(v!==null){s+=v;m++}}return [s,m]}
function t(p){var V=w(p),u=q(V,%(upper)s),l=q(V,%(lower)s),y=c(V),
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
def _clean() -> str:
    return _CLEAN % {"digits": MAX_BOX_DIGITS, "marks": _js_marks(), "length": MAX_TICKS_LENGTH}


def _names(keys: object) -> str:
    return json.dumps([key.value for key in keys], separators=(",", ":"))


@cache
def _library() -> str:
    return _clean() + _LIBRARY % {
        "ticks": TICKS,
        "marks": _js_marks(),
        "fields": json.dumps([box.value for box in Box] + [TICKS], separators=(",", ":")),
        "upper": _names(UPPER_BOXES),
        "lower": _names(LOWER_BOXES),
        "threshold": UPPER_BONUS_THRESHOLD,
        "bonus": UPPER_BONUS,
        "yahtzee": YAHTZEE_BONUS,
        "upper_count": len(UPPER_BOXES),
    }


def calculate_script(column: str, key: str) -> str:
    """The calculate action of the computed field `column + key` ("p1." + "grand_total")."""
    if key == SERIES_TOTAL:
        games = json.dumps([game_column(column, g) for g in range(1, MAX_GAMES_IN_SERIES + 1)])
        body = (
            f"var G={games},s=0,a=0;for(var i=0;i<G.length;i++){{var r=t(G[i]).grand_total;"
            'if(r!==null){s+=r;a=1}}event.value=a?String(s):"";'
        )
    else:
        row = Total.UPPER_TOTAL.value if key == UPPER_TOTAL_AGAIN else key
        body = f"event.value=z(t({json.dumps(column)}).{row});"
    return _library() + body


def keystroke_script(kind: FieldKind) -> str:
    """A box's or tick field's keystroke action: refuse what cannot make a score, clean a commit."""
    if kind is FieldKind.BOX:
        typing, clean = f"/^\\d{{0,{MAX_BOX_DIGITS}}}$/.test(M())", "D"
    else:  # a count, or tick marks, never both
        typing = f"/^(\\d{{0,2}}|[{_js_marks()}]{{0,{MAX_TICKS_LENGTH}}})$/.test(M())"
        clean = "T"
    return (
        _clean()
        + _MERGE
        + f"if(event.willCommit){{event.value={clean}(event.value);event.rc=true}}else event.rc={typing};"
    )


def _javascript(code: str) -> DictionaryObject:
    return DictionaryObject(
        {NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject(code)}
    )


# The fonts of the fields


def winansi_chars() -> dict[int, str]:
    """The character each WinAnsi code draws (Latin-1 plus the Windows extras), by code."""
    chars = {}
    for code in range(FIRST_CODE, LAST_CODE + 1):
        try:
            chars[code] = bytes([code]).decode("cp1252")
        except UnicodeDecodeError:
            continue  # five codes Windows leaves unassigned
    return chars


@cache
def _name_font_program() -> tuple[bytes, list[int], dict[str, int]]:
    """The subset font file, the width (per 1000) of each WinAnsi code, and metrics."""
    chars = winansi_chars()
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = []
    options.notdef_outline = True
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "MATH"]
    font = TTFont(NAME_FONT)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars.values()])
    subsetter.subset(font)
    buffer = BytesIO()
    font.save(buffer)
    scale = 1000 / font["head"].unitsPerEm
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    widths = [
        round(hmtx[cmap.get(ord(chars[code]), ".notdef")][0] * scale) if code in chars else 0
        for code in range(FIRST_CODE, LAST_CODE + 1)
    ]
    head, hhea, os2 = font["head"], font["hhea"], font["OS/2"]
    metrics = {
        "bbox": [round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)],
        "ascent": round(hhea.ascent * scale),
        "descent": round(hhea.descent * scale),
        "cap": round(getattr(os2, "sCapHeight", hhea.ascent) * scale),
    }
    return buffer.getvalue(), widths, metrics


def _stream(table: ObjectTable, data: bytes, entries: dict | None = None) -> IndirectObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    stream.update(entries or {})
    return table.add(stream.flate_encode(level=9))


def _name_font(table: ObjectTable) -> IndirectObject:
    """The simple TrueType font of the name, title and tick fields, WinAnsi-encoded."""
    program, widths, metrics = _name_font_program()
    base = NameObject("/" + NAME_FONT_TAG + NAME_FONT.stem)
    descriptor = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/FontDescriptor"),
            NameObject("/FontName"): base,
            NameObject("/Flags"): NumberObject(32),  # nonsymbolic: codes are WinAnsi characters
            NameObject("/FontBBox"): ArrayObject(NumberObject(v) for v in metrics["bbox"]),
            NameObject("/ItalicAngle"): NumberObject(0),
            NameObject("/Ascent"): NumberObject(metrics["ascent"]),
            NameObject("/Descent"): NumberObject(metrics["descent"]),
            NameObject("/CapHeight"): NumberObject(metrics["cap"]),
            NameObject("/StemV"): NumberObject(120),
            NameObject("/FontFile2"): _stream(
                table, program, {NameObject("/Length1"): NumberObject(len(program))}
            ),
        }
    )
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/TrueType"),
            NameObject("/BaseFont"): base,
            NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
            NameObject("/FirstChar"): NumberObject(FIRST_CODE),
            NameObject("/LastChar"): NumberObject(LAST_CODE),
            NameObject("/Widths"): ArrayObject(NumberObject(w) for w in widths),
            NameObject("/FontDescriptor"): table.add(descriptor),
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


def _text_size(field: DictionaryObject) -> float:
    found = re.search(r"([\d.]+)\s+Tf", str(field.get("/DA", "")))
    return float(found[1]) if found else 10.0


def _set(field: DictionaryObject, key: str, value: object) -> None:
    field[NameObject(key)] = value


def _dress(field: DictionaryObject, name: FieldName, size: float) -> None:
    """Font, alignment, flags and actions of one field; boxes and totals at `size`."""
    kind = name.kind
    if kind is FieldKind.TEXT and name.key == NAME:
        font, size, align = FIELD_FONT, 0.0, 0  # auto size: a long name shrinks to fit its head
    elif kind is FieldKind.TEXT:
        font, size, align = FIELD_FONT, _text_size(field), 0
    elif kind is FieldKind.TICKS:
        font, size, align = FIELD_FONT, _text_size(field), 1
    else:
        font, align = ("/HeBo" if kind is FieldKind.TOTAL else "/Helv"), 1
    _set(field, "/DA", TextStringObject(f"{font} {size:g} Tf 0 g"))
    _set(field, "/Q", NumberObject(align))
    flags = DO_NOT_SPELL_CHECK
    actions = DictionaryObject()
    if kind is FieldKind.BOX:
        flags |= DO_NOT_SCROLL
        _set(field, "/MaxLen", NumberObject(MAX_BOX_DIGITS))
        actions[NameObject("/K")] = _javascript(keystroke_script(kind))
    elif kind is FieldKind.TICKS:
        _set(field, "/MaxLen", NumberObject(MAX_TICKS_LENGTH))
        actions[NameObject("/K")] = _javascript(keystroke_script(kind))
    elif kind is FieldKind.TOTAL:
        flags |= READ_ONLY
        actions[NameObject("/C")] = _javascript(calculate_script(name.column, name.key))
    _set(field, "/Ff", NumberObject(flags))
    if actions:
        _set(field, "/AA", actions)


def _rect(widget: DictionaryObject) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _add_tab_order(table: ObjectTable, reader: PdfReader) -> None:
    """Every writable field's Mouse Down and Focus, one shared pair of actions, and after each
    keystroke script the shared one that follows it (`taborder`).

    Run on the dressed fields before the tree is grown: each /T is still the full name.
    """
    pages = [[a.get_object() for a in page.get("/Annots", [])] for page in reader.pages]
    writable = [[(w, not int(w.get("/Ff", 0)) & READ_ONLY) for w in page] for page in pages]
    scripts = tab_scripts([[(str(w["/T"]), _rect(w), ok) for w, ok in page] for page in writable])
    down, focus, forward = (table.add(_javascript(code)) for code in scripts)
    for widget, ok in (item for page in writable for item in page):
        if ok:
            actions = widget.setdefault(NameObject("/AA"), DictionaryObject())
            actions[NameObject("/D")], actions[NameObject("/Fo")] = down, focus
            if "/K" in actions:
                actions["/K"][NameObject("/Next")] = forward


def _order(key: str) -> int:
    """A computed row's place in its column's calculation order."""
    rows = [row.slug for row in SHEET_ROWS if row.is_total] + [SERIES_TOTAL]
    return rows.index(key) if key in rows else len(rows)


def _grow_tree(table: ObjectTable, terminals: list[tuple[str, IndirectObject]]) -> ArrayObject:
    """The terminal fields hung under parent fields, one per dotted level; the tree's roots.

    Every terminal keeps its widget and its full name; only its own /T
    becomes the last part. Parents come in the order their first kid does.
    """
    roots = ArrayObject()
    parents: dict[str, tuple[IndirectObject, DictionaryObject]] = {}  # by path: its reference and kids
    for full, reference in terminals:
        parts = partial_names(full)
        above: tuple[IndirectObject, DictionaryObject] | None = None
        for depth in range(1, len(parts)):
            path = ".".join(parts[:depth])
            if path not in parents:
                parent = DictionaryObject(
                    {NameObject("/T"): TextStringObject(parts[depth - 1]), NameObject("/Kids"): ArrayObject()}
                )
                if above is not None:
                    parent[NameObject("/Parent")] = above[0]
                parents[path] = (table.add(parent), parent)
                (roots if above is None else above[1]["/Kids"]).append(parents[path][0])
            above = parents[path]
        field = reference.get_object()
        field[NameObject("/T")] = TextStringObject(parts[-1])
        if above is None:
            roots.append(reference)
        else:
            field[NameObject("/Parent")] = above[0]
            above[1]["/Kids"].append(reference)
    return roots


@source_date()  # the name font's subset is stamped too
def make_fillable(pdf: bytes, info: SheetInfo) -> bytes:
    """The rendered sheet's fields made into a computing form; deterministic in `pdf` and `info`."""
    reader = PdfReader(BytesIO(pdf))
    table = ObjectTable(reader)
    form = reader.trailer["/Root"]["/AcroForm"]
    _drop_unused_fonts(reader)
    fonts = DictionaryObject({NameObject(k): table.add(_standard_font(v)) for k, v in FONTS.items()})
    fonts[NameObject(FIELD_FONT)] = _name_font(table)
    form[NameObject("/DR")] = DictionaryObject({NameObject("/Font"): fonts})
    form[NameObject("/DA")] = TextStringObject("/Helv 0 Tf 0 g")
    size = sheet_geometry(info.layout, info.paper).value_size  # as `sheetgen fill` prints scores
    terminals, computed, seen = [], [], set()
    for reference in form["/Fields"]:
        field = reference.get_object()
        full = str(field["/T"])
        name = parse_field(full)
        if name is None or full in seen:
            raise ValueError(f"the sheet template made a field outside the contract: {full!r}")
        seen.add(full)
        _dress(field, name, size)
        terminals.append((full, reference))
        if name.kind is FieldKind.TOTAL:
            computed.append(((name.column, name.key), reference))
    _add_tab_order(table, reader)
    form[NameObject("/Fields")] = _grow_tree(table, terminals)
    # Every game of a column before its series total; within a column, rows top to bottom.
    computed.sort(key=lambda item: (item[0][1] == SERIES_TOTAL, item[0][0], _order(item[0][1])))
    form[NameObject("/CO")] = ArrayObject(reference for _, reference in computed)
    reader.trailer["/Info"][NameObject(SHEET_KEY)] = TextStringObject(info.to_json())
    return write_compact(table)
