"""Tab down the column in pdf.js too: the two form scripts that move the focus there.

PDFium, MuPDF and Okular tab through a page's fields in /Annots order, which
the template writes down each column (a player, or a game, then the next;
card 1 before card 2). pdf.js 5 ignores /Annots and /Tabs: it sorts a page's
widgets by their rectangles, rows first (`AnnotationLayer.#addElementsToDOM`),
and gives every input tabIndex 0, so its Tab runs across the row. A PDF's only
lever there is its scripts, which pdf.js runs one event after another, each
field's Mouse Down before its Focus. So every writable field gets the same two
actions: Mouse Down notes the click; Focus that came without one came by Tab
or Shift+Tab from the field focused before, and where pdf.js's order put it
(the field after that one, or before), the script moves it with `setFocus` to
the field the column order puts there. Which arrivals to move is worked out
here once from the rectangles; an arrival at the field's neighbour in /Annots
order is never moved, so in an engine that follows /Annots the script does
nothing, and one without `setFocus` (Okular, MuPDF) is never asked to.
"""

from __future__ import annotations

import json
from functools import cmp_to_key

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 with x0 <= x1, y0 <= y1
Widget = tuple[str, Rect, bool]  # full field name, rectangle, and whether it takes typing

STATE = "sheetgenTab"  # the scripts' one global: the focused field, a click, a move under way

# ES3 only, as the other form scripts: no Array indexOf. `a` the field focused before, `k` the
# field clicked, `e` the field our own setFocus is moving to, `w` a field clicked meanwhile
# (our move would take the focus from it, so it gets it back).
_MOUSE_DOWN = f"""var {STATE};if(typeof event=="object"&&event&&event.target)
({STATE}||({STATE}={{}})).k=event.target.name;"""

_FOCUS = f"""var {STATE};(function(d,t){{var s={STATE}||({STATE}={{}}),n=t?t.name:null,
k=s.k,e=s.e,a=s.a,L=%(order)s,M=%(moves)s,i,x=-1,y=-1;
function go(m){{var g=d.getField(m);if(g&&typeof g.setFocus=="function"){{s.e=m;s.a=m;g.setFocus()}}}}
if(typeof n!="string")return;s.k=null;s.a=n;
if(e){{if(n===e){{s.e=null;if(s.w){{n=s.w;s.w=null;go(n)}}}}else if(n===k)s.w=n;else s.e=s.w=null;return}}
if(n===k||!a)return;for(i=0;i<L.length;i++){{if(L[i]===a)x=i;if(L[i]===n)y=i}}
for(i=0;i<M.length;i+=3)if(M[i]===x&&M[i+1]===y){{go(L[M[i+2]]);return}}
}})(this,typeof event=="object"&&event?event.target:null);"""


def _pdfjs_compare(a: Widget, b: Widget) -> float:
    """pdf.js 5's comparison of two widgets (annotation_layer.js): the higher row, else the left."""
    (a0, a1, a2, a3), (b0, b1, b2, b3) = a[1], b[1]
    mid_a, mid_b = (a1 + a3) / 2, (b1 + b3) / 2
    if mid_a >= b3 and mid_b <= a1:
        return -1
    if mid_b >= a3 and mid_a <= b1:
        return 1
    return (a0 + a2) / 2 - (b0 + b2) / 2


def pdfjs_order(page: list[Widget]) -> list[str]:
    """The page's writable fields in the order pdf.js tabs through them (a stable sort, as V8's)."""
    ordered = sorted(page, key=cmp_to_key(_pdfjs_compare))
    return [name for name, _, writable in ordered if writable]


def column_order(pages: list[list[Widget]]) -> list[str]:
    """The writable fields in /Annots order, page after page: down each column."""
    return [name for page in pages for name, _, writable in page if writable]


def _moves(pages: list[list[Widget]]) -> tuple[list[str], list[int]]:
    """The column order, and the arrivals to move: [from, landed on, move to], as places in it."""
    ours = column_order(pages)
    theirs = [name for page in pages for name in pdfjs_order(page)]
    everything = [name for page in pages for name, _, _ in page]  # PDFium stops at computed rows too
    place = {name: i for i, name in enumerate(ours)}
    moves = []
    for i, name in enumerate(ours):
        j, k = theirs.index(name), everything.index(name)
        neighbours = {ours[(i + d) % len(ours)] for d in (-1, 1)}  # the ends too, should Tab wrap around
        neighbours |= {everything[(k + d) % len(everything)] for d in (-1, 1)}
        for landed, wanted in ((j + 1, i + 1), (j - 1, i - 1)):  # Tab, Shift+Tab
            if 0 <= landed < len(theirs) and 0 <= wanted < len(ours) and theirs[landed] not in neighbours:
                moves += [i, place[theirs[landed]], wanted]
    return ours, moves


def tab_scripts(pages: list[list[Widget]]) -> tuple[str, str]:
    """The Mouse Down and the Focus action every writable field shares, for these pages' widgets."""
    order, moves = _moves(pages)
    lists = {
        "order": json.dumps(order, separators=(",", ":")),
        "moves": json.dumps(moves, separators=(",", ":")),
    }
    return _MOUSE_DOWN, _FOCUS % lists
