"""The sRGB colour profile a filled record names as its output intent (PDF/A), built from its definition.

PDF/A lets a page use device colours (ReportLab's black, the sheet's RGB)
only when the file says which colour space they mean. sRGB (IEC 61966-2-1)
is published as numbers: its primaries adapted to D50, as ICC profiles
state them, and its tone curve. Built here as a version 2 matrix/TRC
profile, it needs no file and no library, and its bytes never change.
"""

from __future__ import annotations

import struct
from functools import cache

DESCRIPTION = "sRGB IEC61966-2.1"
COPYRIGHT = "No copyright, use freely"
D50 = (0.9642, 1.0, 0.8249)
# The sRGB primaries, Bradford-adapted from D65 to D50 (the columns of its RGB to XYZ matrix).
PRIMARIES = {
    b"rXYZ": (0.4361, 0.2225, 0.0139),
    b"gXYZ": (0.3851, 0.7169, 0.0971),
    b"bXYZ": (0.1431, 0.0606, 0.7141),
}
CURVE_POINTS = 1024
DATE = (2026, 1, 1, 0, 0, 0)  # a profile's header carries a date; a fixed one keeps the bytes fixed


def _s15f16(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _xyz(values: tuple[float, float, float]) -> bytes:
    return b"XYZ \0\0\0\0" + b"".join(_s15f16(v) for v in values)


def _tone(value: float) -> float:
    """sRGB's decoding curve: from the encoded value to linear light."""
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _curve() -> bytes:
    points = (round(_tone(n / (CURVE_POINTS - 1)) * 65535) for n in range(CURVE_POINTS))
    return b"curv\0\0\0\0" + struct.pack(f">I{CURVE_POINTS}H", CURVE_POINTS, *points)


def _description() -> bytes:
    ascii_text = DESCRIPTION.encode("ascii") + b"\0"
    # ASCII, then an empty Unicode and an empty ScriptCode description, as version 2 wants
    return b"desc\0\0\0\0" + struct.pack(">I", len(ascii_text)) + ascii_text + bytes(4 + 4 + 2 + 1 + 67)


@cache
def srgb_profile() -> bytes:
    """The profile's bytes (about 2.5 KB)."""
    curve = _curve()
    tags = [
        (b"desc", _description()),
        (b"cprt", b"text\0\0\0\0" + COPYRIGHT.encode("ascii") + b"\0"),
        (b"wtpt", _xyz(D50)),
        *((name, _xyz(xyz)) for name, xyz in PRIMARIES.items()),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, data, placed = [], b"", {}
    for name, body in tags:
        if body not in placed:  # the three curves are one curve, stored once
            placed[body] = offset + len(data)
            data += body + bytes(-len(body) % 4)
        table.append(struct.pack(">4sII", name, placed[body], len(body)))
    size = offset + len(data)
    header = (
        struct.pack(">I4sI4s4s4s", size, b"\0\0\0\0", 0x02100000, b"mntr", b"RGB ", b"XYZ ")
        + struct.pack(">6H", *DATE)
        + b"acsp"
        + bytes(4 + 4 + 4 + 4 + 8)  # platform, flags, manufacturer, model, attributes
        + struct.pack(">I", 0)  # perceptual rendering intent
        + b"".join(_s15f16(v) for v in D50)
        + bytes(4 + 44)  # creator, reserved
    )
    return header + struct.pack(">I", len(tags)) + b"".join(table) + data
