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
- every field is drawn in the sheet's own typeface, in simple WinAnsi-encoded
  TrueType fonts: names, title, date and ticks in a subset of the name font,
  so a filler that writes one-byte codes (pdftk, qpdf) draws Latin-1 names
  and viewers draw other letters with their own fallback fonts; scores in the
  digits of the face `sheetgen fill` prints them in, totals in its bold. A name
  keeps its size and scrolls when long (an auto-sized one shrank to 5 pt). The
  whole font WeasyPrint embedded is dropped;
- a line or a name head printed on both pages of a large-print card is one
  field with a widget on each page, so what is typed on one shows on both.

The sheet's variant, house rules and printed names go into the document
information, so a filled sheet reads back as a record (`sheetgen.forms.reader`).
A viewer that runs no scripts still shows plain, writable fields.
"""

from __future__ import annotations

import json
import re
from functools import cache
from io import BytesIO
from pathlib import Path

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

from sheetgen.files.resources import FONTS_DIR
from sheetgen.files.stamps import source_date
from sheetgen.forms.compact import ObjectTable, write_compact
from sheetgen.forms.fields import (
    BOX_KEYS,
    COLUMN_TOTAL,
    MAX_BOX_DIGITS,
    MAX_TICKS_LENGTH,
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
from sheetgen.layout.geometry import Print, players_per_page, sheet_geometry
from sheetgen.rules.boxes import MAX_GAMES_IN_SERIES, CardTotal, Total, card_rows
from sheetgen.rules.game import YAHTZEE, Game, Section

FIRST_CODE, LAST_CODE = 32, 255  # the WinAnsi codes the fields' fonts are encoded for
NAME_FONT_TAG = "SGFORM+"  # a subset font's name starts with six capitals and a plus
FIELD_FONT = "/SgNm"  # the text fields' font resource: the name font, WinAnsi-encoded
DIGITS = "0123456789 "  # all a score or a total holds
# The fonts of the fields, by resource name: the face's file and the characters its subset keeps
# (None: every WinAnsi character). Scores as `sheetgen fill` prints them (DejaVu Sans), totals bold.
FIELD_FONTS = {
    FIELD_FONT: (NAME_FONT, None),
    "/SgDg": (FONTS_DIR / "DejaVuSans.ttf", DIGITS),
    "/SgBd": (FONTS_DIR / "DejaVuSans-Bold.ttf", DIGITS),
}
BOX_FONT, TOTAL_FONT = "/SgDg", "/SgBd"
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
B=u[0]>=%(threshold)s?%(bonus)s:0,Y=(y||0)*%(yahtzee)s;
return {upper_subtotal:u[1]?u[0]:null,
upper_bonus:u[0]>=%(threshold)s?%(bonus)s:(u[1]==%(upper_count)d?0:null),
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


def _ids(game: Game, section: Section | None = None) -> list[str]:
    """The ids of the game's boxes (those in `section`), in card order."""
    return [b.id for b in game.boxes if section in (None, b.section)]


def _js(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


@cache
def _library(game: Game = YAHTZEE) -> str:
    """The form's add-up library, its data (boxes, sections, bonuses) read from the game definition.

    A game with no upper bonus never reaches its threshold (Infinity); one with no extra bonus has no
    ticks field and scores none."""
    upper, extra = game.upper_bonus, game.extra_bonus
    return _clean() + _LIBRARY % {
        "ticks": TICKS,
        "marks": _js_marks(),
        "fields": _js([*_ids(game), *([TICKS] if extra else [])]),
        "upper": _js(_ids(game, Section.UPPER)),
        "lower": _js(_ids(game, Section.LOWER)),
        "threshold": upper.threshold if upper else "Infinity",
        "bonus": upper.score if upper else 0,
        "yahtzee": extra.score if extra else 0,
        "upper_count": len(_ids(game, Section.UPPER)),
    }


def calculate_script(column: str, key: str, game: Game = YAHTZEE) -> str:
    """The calculate action of the computed field `column + key` ("p1." + "grand_total")."""
    if key == SERIES_TOTAL:
        games = json.dumps([game_column(column, g) for g in range(1, MAX_GAMES_IN_SERIES + 1)])
        body = (
            f"var G={games},s=0,a=0;for(var i=0;i<G.length;i++){{var r=t(G[i]).grand_total;"
            'if(r!==null){s+=r;a=1}}event.value=a?String(s):"";'
        )
    elif len(game.columns) > 1 and key == Total.GRAND_TOTAL.value and not _PART.search(column):
        parts = json.dumps([f"{column}c{k}." for k in range(1, len(game.columns) + 1)])
        body = (  # the card's grand total: each column's total times its multiplier, added
            f"var P={parts},M={json.dumps(list(game.columns))},s=0,a=0;for(var i=0;i<P.length;i++)"
            '{var r=t(P[i]).grand_total;if(r!==null){s+=r*M[i];a=1}}event.value=a?String(s):"";'
        )
    elif key == CardTotal.SCORED.value:
        multiplier = game.columns[int(_PART.search(column)[1]) - 1]
        body = f'var r=t({json.dumps(column)}).grand_total;event.value=r===null?"":String(r*{multiplier});'
    else:
        row = Total.UPPER_TOTAL.value if key == UPPER_TOTAL_AGAIN else key
        row = Total.GRAND_TOTAL.value if key == COLUMN_TOTAL else row
        body = f"event.value=z(t({json.dumps(column)}).{row});"
    return _library(game) + body


_PART = re.compile(r"c(\d)\.$")  # the column K of a card of several columns, at the end of its prefix


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
def _font_program(file: Path, keep: str | None) -> tuple[bytes, list[int], dict[str, int]]:
    """The subset font file, the width (per 1000) of each WinAnsi code, and metrics.

    The subset keeps the characters `keep` (None: every WinAnsi one); other codes get the
    width of the empty box a viewer would draw for them.
    """
    chars = {code: char for code, char in winansi_chars().items() if keep is None or char in keep}
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = []
    options.notdef_outline = True
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "FFTM", "MATH"]
    font = TTFont(file)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars.values()])
    subsetter.subset(font)
    buffer = BytesIO()
    font.save(buffer)
    scale = 1000 / font["head"].unitsPerEm
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    widths = [
        round(hmtx[cmap.get(ord(chars[code]), ".notdef") if code in chars else ".notdef"][0] * scale)
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


def _field_font(table: ObjectTable, file: Path, keep: str | None) -> IndirectObject:
    """A simple TrueType font of the fields, WinAnsi-encoded, a subset of `file`."""
    program, widths, metrics = _font_program(file, keep)
    base = NameObject("/" + NAME_FONT_TAG + file.stem)
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


# The fields


def _text_size(field: DictionaryObject) -> float:
    found = re.search(r"([\d.]+)\s+Tf", str(field.get("/DA", "")))
    return float(found[1]) if found else 10.0


def _set(field: DictionaryObject, key: str, value: object) -> None:
    field[NameObject(key)] = value


def _dress(field: DictionaryObject, name: FieldName, size: float, game: Game = YAHTZEE) -> None:
    """Font, alignment, flags and actions of one field; boxes and totals at `size`."""
    kind = name.kind
    if kind is FieldKind.TEXT:  # a fixed size, as the template sets it: a long name scrolls
        font, size, align = FIELD_FONT, _text_size(field), 0
    elif kind is FieldKind.TICKS:
        font, size, align = FIELD_FONT, _text_size(field), 1
    else:
        font, align = (TOTAL_FONT if kind is FieldKind.TOTAL else BOX_FONT), 1
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
        actions[NameObject("/C")] = _javascript(calculate_script(name.column, name.key, game))
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


def _order(key: str, game: Game = YAHTZEE) -> int:
    """A computed row's place in its column's calculation order."""
    rows = [row.slug for row in card_rows(game) if row.is_total] + [COLUMN_TOTAL, SERIES_TOTAL]
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
        field = table.get(reference.idnum)
        field[NameObject("/T")] = TextStringObject(parts[-1])
        if above is None:
            roots.append(reference)
        else:
            field[NameObject("/Parent")] = above[0]
            above[1]["/Kids"].append(reference)
    return roots


# What stays on each widget of a field shown on several pages (the rest moves up to the field),
# what the field has too, and the triggers that belong to a widget, not its field.
_WIDGET_KEYS = frozenset(
    ["/Type", "/Subtype", "/Rect", "/P", "/F", "/MK", "/AP", "/AS", "/StructParent", "/DA", "/Q", "/TU"]
)
_SHARED_KEYS = frozenset(["/DA", "/Q", "/TU"])
_WIDGET_TRIGGERS = frozenset(["/E", "/X", "/D", "/U", "/Fo", "/Bl", "/PO", "/PC", "/PV", "/PI"])


def _split_actions(actions: DictionaryObject | None, widget: bool) -> DictionaryObject:
    """The widget's own triggers (Mouse Down, Focus...) or, with `widget` False, the field's."""
    return DictionaryObject({k: v for k, v in (actions or {}).items() if (k in _WIDGET_TRIGGERS) == widget})


def _one_field(table: ObjectTable, widgets: list[IndirectObject]) -> IndirectObject:
    """The widgets of one name (a line or a name head on both pages of a large-print card) made one
    field: a terminal field holding the value, flags and actions, its widgets as kids. Each widget
    keeps its place, look, structure entry and /TU (PDF/UA names every widget)."""
    first = widgets[0].get_object()
    field = DictionaryObject(
        {NameObject(k): v for k, v in first.items() if k not in _WIDGET_KEYS or k in _SHARED_KEYS}
    )
    if actions := _split_actions(first.get("/AA"), widget=False):
        field[NameObject("/AA")] = actions
    else:
        field.pop("/AA", None)
    reference = table.add(field)
    for widget in (each.get_object() for each in widgets):
        actions = _split_actions(widget.get("/AA"), widget=True)
        for key in [key for key in widget if key not in _WIDGET_KEYS]:
            del widget[key]
        if actions:
            widget[NameObject("/AA")] = actions
        widget[NameObject("/Parent")] = reference
    field[NameObject("/Kids")] = ArrayObject(widgets)
    return reference


@source_date()  # the fields' font subsets are stamped too
def make_fillable(
    pdf: bytes, info: SheetInfo, print_size: str = Print.STANDARD, game: Game | None = None
) -> bytes:
    """The rendered sheet's fields made into a computing form; deterministic in `pdf` and `info`.

    `print_size` is the sheet's (large print types its scores at large print's size).
    """
    reader = PdfReader(BytesIO(pdf))
    table = ObjectTable(reader)
    form = reader.trailer["/Root"]["/AcroForm"]
    _drop_unused_fonts(reader)
    fonts = DictionaryObject(
        {NameObject(key): _field_font(table, file, keep) for key, (file, keep) in FIELD_FONTS.items()}
    )
    form[NameObject("/DR")] = DictionaryObject({NameObject("/Font"): fonts})
    form[NameObject("/DA")] = TextStringObject(f"{FIELD_FONT} 0 Tf 0 g")
    game = game or info.game_rules  # a game file's game is given: its id is no built-in's
    if Print.of(print_size) == Print.LARGE:
        geometry = sheet_geometry(
            info.layout,
            info.paper,
            players_per_page(info.layout, True, game) * len(game.columns),
            print_size=print_size,
            game=game,
        )
    else:
        geometry = sheet_geometry(info.layout, info.paper, game=game)
    size = geometry.value_size  # as `sheetgen fill` prints scores
    widgets: dict[str, list[IndirectObject]] = {}  # by full name, in the order first met
    boxes = BOX_KEYS | {box.value for box in game.boxes}
    for reference in form["/Fields"]:
        full = str(reference.get_object()["/T"])
        name = parse_field(full, boxes)
        repeated = full in widgets and (name is None or name.kind is not FieldKind.TEXT)
        if name is None or repeated or (full in widgets and print_size != Print.LARGE):
            raise ValueError(f"the sheet template made a field outside the contract: {full!r}")
        _dress(reference.get_object(), name, size, game)
        widgets.setdefault(full, []).append(reference)
    _add_tab_order(table, reader)
    terminals, computed = [], []
    for full, references in widgets.items():
        reference = references[0] if len(references) == 1 else _one_field(table, references)
        terminals.append((full, reference))
        name = parse_field(full, boxes)
        if name.kind is FieldKind.TOTAL:
            computed.append(((name.column, name.key), reference))
    form[NameObject("/Fields")] = _grow_tree(table, terminals)
    # Every game of a column before its series total; within a column, rows top to bottom.
    computed.sort(key=lambda item: (item[0][1] == SERIES_TOTAL, item[0][0], _order(item[0][1], game)))
    form[NameObject("/CO")] = ArrayObject(reference for _, reference in computed)
    reader.trailer["/Info"][NameObject(SHEET_KEY)] = TextStringObject(info.to_json())
    return write_compact(table)
