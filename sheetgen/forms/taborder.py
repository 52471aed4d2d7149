"""Tab down the column in pdf.js too: the two form scripts that move the focus there.

PDFium, MuPDF and Okular tab through a page's fields in /Annots order, which
the template writes down each column (a player, or a game, then the next;
card 1 before card 2). pdf.js 5 ignores /Annots and /Tabs: it sorts a page's
widgets by their rectangles, rows first (`AnnotationLayer.#addElementsToDOM`),
and gives every input tabIndex 0, so its Tab runs across the row. A PDF's only
lever there is its scripts, which pdf.js runs one event after another, a
field's Mouse Down before its Focus (PDFium too). So every writable field
gets the same two actions: Mouse Down notes the click; Focus that came
without one came by Tab or Shift+Tab from the field focused before, and
where pdf.js's order put it (the field after that one, or before), the
script moves it on with `setFocus` to the field the column order puts there.
A key typed for a box before the move lands (pdf.js answers the Focus only
after recalculating the sheet for the box just left) is passed on to where
the move goes. pdf.js's order is worked out here, once, from the rectangles. An arrival at
a neighbour in /Annots order is never moved, so in an engine that tabs in
that order the script moves nothing, and where there is no `setFocus`
(Okular, MuPDF) nothing at all.
"""

from __future__ import annotations

import json
from functools import cmp_to_key

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 with x0 <= x1, y0 <= y1
Widget = tuple[str, Rect, bool]  # full field name, rectangle, and whether it takes typing

STATE = "sheetgenTab"  # the scripts' one global: the focused field, a click, a move under way

# ES3 only, as the other form scripts (no Array indexOf). L is the column order, J pdf.js's order
# as places in L. `a` the field focused before, `k` the field clicked, `e` the field our own
# setFocus is moving to and `f` the one it moves from, `q` what was typed meanwhile, `w` a field
# clicked meanwhile (our move took the focus from it: it gets it back). Focus that lands next to
# `a` down the column (or at the far end: a Tab that wraps) is where /Annots order puts it and
# stays; focus on the field after `a` in J came by Tab and goes to the field after `a` in L, the
# one before by Shift+Tab to the one before.
_MOUSE_DOWN = f"""var {STATE};if(typeof event=="object"&&event&&event.target)
({STATE}||({STATE}={{}})).k=event.target.name;"""

_FOCUS = f"""var {STATE};(function(d,t){{var s={STATE}||({STATE}={{}}),n=t?t.name:null,
k=s.k,e=s.e,a=s.a,L=%(order)s,J=%(pdfjs)s,N=L.length,i,p=-1,x=-1,y=-1;
function go(m){{var g=d.getField(m);
if(g&&typeof g.setFocus=="function"){{s.f=s.a;s.e=s.a=m;s.q="";g.setFocus()}}}}
if(typeof n!="string")return;s.k=null;s.a=n;
if(e){{if(n===e){{s.e=s.f=null;if(s.w){{n=s.w;s.w=null;go(n)}}
else if(s.q&&typeof d.calculateNow=="function")d.calculateNow()}}
else if(n===k)s.w=n;else s.e=s.f=s.w=null;return}}
if(n===k||!a)return;for(i=0;i<N;i++){{if(L[i]===a)x=i;if(L[i]===n)y=i}}
if(x<0||y<0||y===x+1||y===x-1||x+y===N-1&&x*y===0)return;for(i=0;i<N;i++)if(J[i]===x)p=i;
if(J[p+1]===y&&x+1<N)go(L[x+1]);else if(J[p-1]===y&&x>0)go(L[x-1])
}})(this,typeof event=="object"&&event?event.target:null);"""

# After a box's own keystroke script: a key its check let through while our move away from that
# box is on its way (pdf.js answers the Focus only after it recalculates the sheet for the box
# just left) was typed for the box the move goes to, so it goes there instead.
_FORWARD = f"""var {STATE};(function(d,s,v){{if(!s||!s.e||!v||v.willCommit||!v.rc||!v.target||
v.target.name!==s.f)return;var g=d.getField(s.e);v.rc=false;if(g){{s.q+=v.change;g.value=s.q}}
}})(this,{STATE},typeof event=="object"?event:null);"""


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


def tab_scripts(pages: list[list[Widget]]) -> tuple[str, str, str]:
    """The Mouse Down and Focus actions every writable field shares, for these pages' widgets,
    and the keystroke action each box's and tick field's own keystroke script is followed by.

    The column order is the writable fields in /Annots order, page after page; pdf.js's is
    each page's in its order, as places in the column order. A field with a widget on several
    pages (a large-print card's lines and name heads) takes its place where it is first met.
    """
    ours = list(dict.fromkeys(name for page in pages for name, _, writable in page if writable))
    place = {name: i for i, name in enumerate(ours)}
    theirs = list(dict.fromkeys(place[name] for page in pages for name in pdfjs_order(page)))
    lists = {
        "order": json.dumps(ours, separators=(",", ":")),
        "pdfjs": json.dumps(theirs, separators=(",", ":")),
    }
    return _MOUSE_DOWN, _FOCUS % lists, _FORWARD
