"""Hostile and careless input through the real CLI: one line, exit 2, no traceback, nothing changed.

Every row runs a command in a fresh folder holding good examples and the
row's bad files, then checks the exit code, that stderr is exactly one line
naming the reason, that nothing reached stdout, and that the folder is
byte for byte as it was (no output, no temporary file, no input replaced).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from helpers import EXAMPLES, WORKED_CARD, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FIFO = object()  # a file spec: make a FIFO here
FOLDER = object()  # a file spec: make an empty folder here


def record(**changes) -> dict:
    """A valid one-game record of two players, with top-level keys changed."""
    base = {
        "players": [{"name": "Ann", "boxes": WORKED_CARD}, {"name": "Bob", "boxes": WORKED_CARD}],
    }
    return {**base, **changes}


def named(*names: str) -> dict:
    return record(players=[{"name": n, "boxes": WORKED_CARD} for n in names])


def text(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False)


def boxes_text(**raw: str) -> str:
    """A record whose first player's boxes hold raw JSON (numbers JSON itself cannot round-trip)."""
    values = {**{k: str(v) for k, v in WORKED_CARD.items()}, **raw}
    body = ", ".join(f'"{k}": {v}' for k, v in values.items())
    return '{"players": [{"name": "Ann", "boxes": {' + body + "}}]}"


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return open_ * depth + close * depth


def toml(**fields: str) -> str:
    """A variant TOML file with raw TOML values."""
    return "\n".join(f"{k} = {v}" for k, v in {"name": '"ours"', **fields}.items()) + "\n"


BIG = "9" * 5000
FULL_RECORD = text(record())

# (id, files to create, command line, a phrase the one error line must contain)
CASES = [
    # ---- score: what a record file may be
    ("score fifo", {"r.json": FIFO}, ["score", "r.json"], "is a FIFO"),
    ("score /dev/zero", {}, ["score", "/dev/zero"], "is a device"),
    ("score /dev/null", {}, ["score", "/dev/null"], "is a device"),
    ("score /dev/urandom", {}, ["score", "/dev/urandom"], "is a device"),
    ("score folder", {"d": FOLDER}, ["score", "d"], "is a folder"),
    ("score missing", {}, ["score", "nope.json"], "no such record file"),
    ("score under a file", {"r.json": FULL_RECORD}, ["score", "r.json/x.json"], "Not a directory"),
    ("score empty file", {"r.json": ""}, ["score", "r.json"], "invalid JSON"),
    ("score not utf-8", {"r.json": b"\xff\xfe{}"}, ["score", "r.json"], "not UTF-8"),
    ("score utf-8 bom", {"r.json": "\ufeff" + FULL_RECORD}, ["score", "r.json"], "BOM"),
    ("score over 5 MB", {"r.json": FULL_RECORD + " " * (5 * 1024 * 1024)}, ["score", "r.json"], "5 MB"),
    ("score name with newline in file", {"a\nb.json": "{"}, ["score", "a\nb.json"], "a\\nb.json"),
    ("score name with escape in file", {"a\x1b[2Jb.json": "{"}, ["score", "a\x1b[2Jb.json"], "a\\x1b[2Jb"),
    ("score name with bidi in file", {"a\u202eb.json": "{"}, ["score", "a\u202eb.json"], "a\\u202eb"),
    # ---- score: numbers
    ("5000-digit box", {"r.json": boxes_text(aces=BIG)}, ["score", "r.json"], "5000 digits"),
    ("5000-digit negative", {"r.json": boxes_text(aces="-" + BIG)}, ["score", "r.json"], "digits"),
    ("16-digit box", {"r.json": boxes_text(aces="1" * 16)}, ["score", "r.json"], "16 digits"),
    (
        "5000-digit date",
        {"r.json": FULL_RECORD[:-1] + ', "date": ' + BIG + "}"},
        ["score", "r.json"],
        "5000 digits",
    ),
    (
        "5000-digit bonus count",
        {"r.json": boxes_text().replace('"Ann", ', f'"Ann", "yahtzee_bonuses": {BIG}, ')},
        ["score", "r.json"],
        "5000 digits",
    ),
    (
        "5000-digit die",
        {"r.json": '{"players": [{"name": "A", "turns": [{"dice": [' + BIG + ',1,1,1,1], "box": "aces"}]}]}'},
        ["score", "r.json"],
        "5000 digits",
    ),
    ("float box", {"r.json": boxes_text(aces="2.0")}, ["score", "r.json"], "not a whole number"),
    ("huge float box", {"r.json": boxes_text(aces="1e400")}, ["score", "r.json"], "not a whole number"),
    ("NaN box", {"r.json": boxes_text(aces="NaN")}, ["score", "r.json"], "NaN is not a number"),
    ("Infinity box", {"r.json": boxes_text(aces="Infinity")}, ["score", "r.json"], "Infinity"),
    ("-Infinity box", {"r.json": boxes_text(aces="-Infinity")}, ["score", "r.json"], "-Infinity"),
    ("true in box", {"r.json": boxes_text(aces="true")}, ["score", "r.json"], "not a whole number"),
    ("string in box", {"r.json": boxes_text(aces='"2"')}, ["score", "r.json"], "not a whole number"),
    # ---- score: keys and nesting
    (
        "duplicate box key",
        {"r.json": boxes_text().replace('"aces": 2', '"aces": 7, "aces": 2')},
        ["score", "r.json"],
        'duplicate key "aces"',
    ),
    (
        "duplicate title key",
        {"r.json": '{"title": "a", "title": "b", ' + FULL_RECORD[1:]},
        ["score", "r.json"],
        'duplicate key "title"',
    ),
    (
        "duplicate name key",
        {"r.json": FULL_RECORD.replace('"name": "Ann"', '"name": "Ann", "name": "Cy"')},
        ["score", "r.json"],
        'duplicate key "name"',
    ),
    ("array nested 3000", {"r.json": nested(3000)}, ["score", "r.json"], "nested too deeply"),
    ("object nested 3000", {"r.json": '{"a":' * 3000 + "1" + "}" * 3000}, ["score", "r.json"], "nested"),
    ("nested 17", {"r.json": nested(17)}, ["score", "r.json"], "nested too deeply"),
    (
        "nested inside a string is fine, then bad",
        {"r.json": '["' + "[" * 100 + '"]'},
        ["score", "r.json"],
        "expected an object",
    ),
    ("top level list", {"r.json": "[]"}, ["score", "r.json"], "expected an object"),
    (
        "unknown key with escape",
        {"r.json": text(record(**{"\x1b[2J": 1}))},
        ["score", "r.json"],
        "unknown key",
    ),
    ("unknown key with newline", {"r.json": text(record(**{"a\nb": 1}))}, ["score", "r.json"], "unknown key"),
    (
        "unknown key with bidi",
        {"r.json": text(record(**{"a\u202eb": 1}))},
        ["score", "r.json"],
        "unknown key",
    ),
    # ---- score: names and titles
    (
        "name of zero-width spaces",
        {"r.json": text(named("\u200b\u200b", "Bob"))},
        ["score", "r.json"],
        "only invisible",
    ),
    ("name of BOM and ZWJ", {"r.json": text(named("\ufeff\u200d", "Bob"))}, ["score", "r.json"], "invisible"),
    ("name of Hangul filler", {"r.json": text(named("\u3164", "Bob"))}, ["score", "r.json"], "invisible"),
    (
        "name of combining marks",
        {"r.json": text(named("\u0301\u0301", "Bob"))},
        ["score", "r.json"],
        "invisible",
    ),
    ("name of spaces", {"r.json": text(named("   ", "Bob"))}, ["score", "r.json"], "the name is empty"),
    ("name empty", {"r.json": text(named("", "Bob"))}, ["score", "r.json"], "the name is empty"),
    ("name with RLO", {"r.json": text(named("Ann\u202eevil", "Bob"))}, ["score", "r.json"], "U+202E"),
    ("name with LRO", {"r.json": text(named("Ann\u202d", "Bob"))}, ["score", "r.json"], "U+202D"),
    ("name with RLE", {"r.json": text(named("Ann\u202b", "Bob"))}, ["score", "r.json"], "U+202B"),
    ("name with LRI", {"r.json": text(named("Ann\u2066x", "Bob"))}, ["score", "r.json"], "U+2066"),
    ("name with PDI", {"r.json": text(named("Ann\u2069x", "Bob"))}, ["score", "r.json"], "U+2069"),
    ("name with ESC", {"r.json": text(named("\x1b[31mAnn", "Bob"))}, ["score", "r.json"], "U+001B"),
    ("name with BEL", {"r.json": text(named("Ann\x07", "Bob"))}, ["score", "r.json"], "U+0007"),
    ("name with newline", {"r.json": text(named("Ann\nBob", "Cy"))}, ["score", "r.json"], "U+000A"),
    ("name with NUL", {"r.json": text(named("An\x00n", "Bob"))}, ["score", "r.json"], "U+0000"),
    ("name with DEL", {"r.json": text(named("An\x7fn", "Bob"))}, ["score", "r.json"], "U+007F"),
    ("name with C1 CSI", {"r.json": text(named("An\x9bn", "Bob"))}, ["score", "r.json"], "U+009B"),
    ("name with line separator", {"r.json": text(named("An\u2028n", "Bob"))}, ["score", "r.json"], "U+2028"),
    (
        "name with lone surrogate",
        {"r.json": FULL_RECORD.replace("Ann", "An\\ud800n")},
        ["score", "r.json"],
        "U+D800",
    ),
    ("name too long", {"r.json": text(named("x" * 201, "Bob"))}, ["score", "r.json"], "at most 200"),
    (
        "NFC twins are one name",
        {"r.json": text(named("Ren\u00e9", "Rene\u0301"))},
        ["score", "r.json"],
        "used twice",
    ),
    (
        "name not text",
        {"r.json": text(named("Ann", "Bob")).replace('"Bob"', "7")},
        ["score", "r.json"],
        "must be text",
    ),
    ("title with ESC", {"r.json": text(record(title="\x1b]0;pwned\x07"))}, ["score", "r.json"], "U+001B"),
    ("title invisible", {"r.json": text(record(title="\u200b\ufeff"))}, ["score", "r.json"], "invisible"),
    ("title with RLO", {"r.json": text(record(title="Fri\u202eday"))}, ["score", "r.json"], "U+202E"),
    ("title too long", {"r.json": text(record(title="t" * 201))}, ["score", "r.json"], "at most 200"),
    # ---- score: size of a game
    (
        "61 players",
        {"r.json": text(named(*(f"P{n}" for n in range(61))))},
        ["score", "r.json"],
        "at most 60 players",
    ),
    (
        "7 games",
        {"r.json": text({"games": [{"players": record()["players"]}] * 7})},
        ["score", "r.json"],
        "at most 6 games",
    ),
    ("date out of range", {"r.json": text(record(date="2026-13-01"))}, ["score", "r.json"], "YYYY-MM-DD"),
    ("date as number", {"r.json": text(record(date=20261127))}, ["score", "r.json"], "YYYY-MM-DD"),
    # ---- score: the record's variant file
    (
        "variant /dev/zero",
        {"r.json": text(record(variant="/dev/zero"))},
        ["score", "r.json"],
        "beside the record",
    ),
    (
        "variant absolute",
        {"r.json": text(record(variant=str(EXAMPLES / "our-house.toml")))},
        ["score", "r.json"],
        "beside the record",
    ),
    ("variant ..", {"r.json": text(record(variant="../x.toml"))}, ["score", "r.json"], "beside the record"),
    (
        "variant sub/../..",
        {"r.json": text(record(variant="sub/../../x.toml"))},
        ["score", "r.json"],
        "beside the record",
    ),
    (
        "variant backslash ..",
        {"r.json": text(record(variant="..\\x.toml"))},
        ["score", "r.json"],
        "beside the record",
    ),
    (
        "variant link out",
        {"r.json": text(record(variant="v.toml")), "v.toml": ("link", "/etc/hostname")},
        ["score", "r.json"],
        "links out",
    ),
    ("variant fifo", {"r.json": text(record(variant="v.toml")), "v.toml": FIFO}, ["score", "r.json"], "FIFO"),
    (
        "variant folder",
        {"r.json": text(record(variant="v.toml")), "v.toml": FOLDER},
        ["score", "r.json"],
        "is a folder",
    ),
    ("variant missing", {"r.json": text(record(variant="v.toml"))}, ["score", "r.json"], "no such variant"),
    (
        "variant deep",
        {"r.json": text(record(variant="v.toml")), "v.toml": toml(title=nested(3000))},
        ["score", "r.json"],
        "nested too deeply",
    ),
    (
        "variant big int",
        {"r.json": text(record(variant="v.toml")), "v.toml": toml(title=BIG)},
        ["score", "r.json"],
        "number is too long",
    ),
    (
        "variant escape title",
        {"r.json": text(record(variant="v.toml")), "v.toml": toml(title='"a\\u001bb"')},
        ["score", "r.json"],
        "U+001B",
    ),
    (
        "variant over 256 KB",
        {"r.json": text(record(variant="v.toml")), "v.toml": toml() + "#" * 262144},
        ["score", "r.json"],
        "256 KB",
    ),
    (
        "unknown house rule",
        {"r.json": text(record(house_rules=["nope"]))},
        ["score", "r.json"],
        "unknown house rule",
    ),
    # ---- rules
    ("rules variant fifo", {"v.toml": FIFO}, ["rules", "--variant", "v.toml"], "is a FIFO"),
    ("rules variant /dev/zero", {}, ["rules", "--variant", "/dev/zero"], "is a device"),
    ("rules variant folder", {"v.toml": FOLDER}, ["rules", "--variant", "v.toml"], "is a folder"),
    (
        "rules variant deep array",
        {"v.toml": toml(title=nested(3000))},
        ["rules", "--variant", "v.toml"],
        "nested too deeply",
    ),
    (
        "rules variant deep table",
        {"v.toml": toml(title="{a = " * 3000 + "1" + "}" * 3000)},
        ["rules", "--variant", "v.toml"],
        "nested too deeply",
    ),
    ("rules variant 5000 digits", {"v.toml": toml(title=BIG)}, ["rules", "--variant", "v.toml"], "too long"),
    (
        "rules variant ESC title",
        {"v.toml": toml(title='"\\u001b[31mred"')},
        ["rules", "--variant", "v.toml"],
        "U+001B",
    ),
    (
        "rules variant BEL title",
        {"v.toml": toml(title='"ding\\u0007"')},
        ["rules", "--variant", "v.toml"],
        "U+0007",
    ),
    (
        "rules variant newline title",
        {"v.toml": toml(title='"""a\nb"""')},
        ["rules", "--variant", "v.toml"],
        "U+000A",
    ),
    (
        "rules variant RLO title",
        {"v.toml": toml(title='"a\\u202eb"')},
        ["rules", "--variant", "v.toml"],
        "U+202E",
    ),
    (
        "rules variant invisible title",
        {"v.toml": toml(title='"\\u200b"')},
        ["rules", "--variant", "v.toml"],
        "invisible",
    ),
    (
        "rules variant raw ESC",
        {"v.toml": toml(title='"a\x1bb"')},
        ["rules", "--variant", "v.toml"],
        "\\x1b",
    ),
    ("rules variant not utf-8", {"v.toml": b'name = "\xff"'}, ["rules", "--variant", "v.toml"], "not UTF-8"),
    (
        "rules variant over 256 KB",
        {"v.toml": toml() + "#" * 262144},
        ["rules", "--variant", "v.toml"],
        "256 KB",
    ),
    ("rules variant missing, newline in name", {}, ["rules", "--variant", "a\nb.toml"], "a\\nb.toml"),
    (
        "rules -o the variant file",
        {"v.toml": toml()},
        ["rules", "--variant", "v.toml", "-o", "v.toml"],
        "is an input",
    ),
    (
        "rules -o the variant via ./",
        {"v.toml": toml()},
        ["rules", "--variant", "v.toml", "-o", "./v.toml"],
        "is an input",
    ),
    (
        "rules -o link to the variant",
        {"v.toml": toml(), "l.pdf": ("link", "v.toml")},
        ["rules", "--variant", "v.toml", "-o", "l.pdf"],
        "is an input",
    ),
    ("rules -o empty", {}, ["rules", "-o", ""], "the path is empty"),
    ("rules -o blank", {}, ["rules", "-o", "  "], "the path is empty"),
    ("rules -o /dev/full", {}, ["rules", "-o", "/dev/full"], "is a device"),
    ("rules -o /dev/null", {}, ["rules", "-o", "/dev/null"], "is a device"),
    ("rules -o fifo", {"out.pdf": FIFO}, ["rules", "-o", "out.pdf"], "is a FIFO"),
    ("rules -o folder", {"d": FOLDER}, ["rules", "-o", "d"], "is a folder"),
    ("rules -o under a file", {"f": "x"}, ["rules", "-o", "f/r.pdf"], "Not a directory"),
    ("rules unknown house rule", {}, ["rules", "--house-rule", "nope"], "unknown house rule"),
    (
        "rules two starts",
        {},
        ["rules", "--house-rule", "one-die-start", "--house-rule", "five-dice-start"],
        "contradict",
    ),
    ("rules unknown variant", {}, ["rules", "--variant", "vegas"], "unknown variant"),
    # ---- scoresheet
    ("names with RLO", {}, ["scoresheet", "--names", "Ann,B\u202eob"], "U+202E"),
    ("names invisible", {}, ["scoresheet", "--names", "Ann,\u200b"], "invisible"),
    ("names with ESC", {}, ["scoresheet", "--names", "\x1b[2JAnn"], "U+001B"),
    ("names with LRI", {}, ["scoresheet", "--names", "A\u2066nn"], "U+2066"),
    ("names too long", {}, ["scoresheet", "--names", "x" * 201], "at most 200"),
    ("61 names", {}, ["scoresheet", "--names", ",".join(f"P{n}" for n in range(61))], "at most 60"),
    ("scoresheet variant fifo", {"v.toml": FIFO}, ["scoresheet", "--variant", "v.toml"], "is a FIFO"),
    (
        "scoresheet -o the variant",
        {"v.toml": toml()},
        ["scoresheet", "--variant", "v.toml", "-o", "v.toml"],
        "is an input",
    ),
    ("scoresheet -o /dev/full", {}, ["scoresheet", "-o", "/dev/full"], "is a device"),
    ("scoresheet -o empty", {}, ["scoresheet", "-o", ""], "the path is empty"),
    ("scoresheet -o folder", {"d": FOLDER}, ["scoresheet", "-o", "d"], "is a folder"),
    # ---- fill
    ("fill fifo", {"r.json": FIFO}, ["fill", "r.json"], "is a FIFO"),
    ("fill /dev/zero", {}, ["fill", "/dev/zero"], "is a device"),
    ("fill over -o itself", {"r.json": FULL_RECORD}, ["fill", "r.json", "-o", "r.json"], "is an input"),
    (
        "fill pdf over itself",
        {"game.pdf": b"%PDF-1.7 not a record"},
        ["fill", "game.pdf", "-o", "game.pdf"],
        "is an input",
    ),
    (
        "fill --combine over an input",
        {"a.json": FULL_RECORD, "keep.pdf": b"%PDF-1.7 keep me"},
        ["fill", "a.json", "keep.pdf", "--combine", "-o", "keep.pdf"],
        "is an input",
    ),
    ("fill -o empty", {"r.json": FULL_RECORD}, ["fill", "r.json", "-o", ""], "the path is empty"),
    ("fill -o /dev/full", {"r.json": FULL_RECORD}, ["fill", "r.json", "-o", "/dev/full"], "is a device"),
    ("fill -o fifo.pdf", {"r.json": FULL_RECORD, "o.pdf": FIFO}, ["fill", "r.json", "-o", "o.pdf"], "FIFO"),
    (
        "fill -o a file, not a folder",
        {"r.json": FULL_RECORD, "notes": "x"},
        ["fill", "r.json", "-o", "notes"],
        "is not a folder",
    ),
    (
        "fill two records one file",
        {"a.json": FULL_RECORD, "b.json": FULL_RECORD},
        ["fill", "a.json", "b.json", "-o", "x.pdf"],
        "one file takes one record",
    ),
    (
        "fill two records to stdout",
        {"a.json": FULL_RECORD, "b.json": FULL_RECORD},
        ["fill", "a.json", "b.json", "-o", "-"],
        "one file takes one record",
    ),
    ("fill empty folder", {"d": FOLDER}, ["fill", "d"], "no *.json records"),
    ("fill 5000 digits", {"r.json": boxes_text(aces=BIG)}, ["fill", "r.json"], "5000 digits"),
    (
        "fill duplicate key",
        {"r.json": boxes_text().replace('"aces": 2', '"aces": 7, "aces": 2')},
        ["fill", "r.json"],
        "duplicate key",
    ),
    ("fill RLO name", {"r.json": text(named("A\u202en", "B"))}, ["fill", "r.json"], "U+202E"),
    ("fill invisible name", {"r.json": text(named("\u200b", "B"))}, ["fill", "r.json"], "invisible"),
    ("fill deep", {"r.json": nested(3000)}, ["fill", "r.json"], "nested too deeply"),
    (
        "fill variant out of folder",
        {"r.json": text(record(variant="../v.toml"))},
        ["fill", "r.json"],
        "beside the record",
    ),
    ("fill over 5 MB", {"r.json": FULL_RECORD + " " * (5 * 1024 * 1024)}, ["fill", "r.json"], "5 MB"),
    (
        "fill 61 players",
        {"r.json": text(named(*(f"P{n}" for n in range(61))))},
        ["fill", "r.json"],
        "at most 60",
    ),
    # ---- build
    ("build variant fifo", {"v.toml": FIFO}, ["build", "--variant", "v.toml", "-o", "site"], "is a FIFO"),
    ("build variant /dev/zero", {}, ["build", "--variant", "/dev/zero", "-o", "site"], "is a device"),
    (
        "build variant deep",
        {"v.toml": toml(title=nested(3000))},
        ["build", "--variant", "v.toml", "-o", "s"],
        "nested too deeply",
    ),
    (
        "build variant ESC title",
        {"v.toml": toml(title='"\\u001b"')},
        ["build", "--variant", "v.toml"],
        "U+001B",
    ),
    ("build unknown variant", {}, ["build", "--variant", "vegas", "-o", "site"], "unknown variant"),
    ("build unknown house rule", {}, ["build", "--house-rule", "nope", "-o", "site"], "unknown house rule"),
    ("build -o empty", {}, ["build", "-o", ""], "the path is empty"),
    ("build -o a file", {"site": "x"}, ["build", "--variant", "official", "-o", "site"], "cannot write"),
    ("build -o /dev/null", {}, ["build", "--variant", "official", "-o", "/dev/null"], "cannot write"),
    ("build -o under a file", {"f": "x"}, ["build", "--variant", "official", "-o", "f/site"], "cannot write"),
]


def make(folder: Path, files: dict) -> None:
    for name, content in files.items():
        path = folder / name
        if content is FIFO:
            os.mkfifo(path)
        elif content is FOLDER:
            path.mkdir()
        elif isinstance(content, tuple):
            path.symlink_to(content[1])
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", errors="surrogatepass")


def snapshot(folder: Path) -> dict[str, object]:
    """Every entry below `folder`: its bytes, or its kind when it is not a regular file."""
    found: dict[str, object] = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        key = str(path.relative_to(folder))
        if stat.S_ISREG(mode):
            found[key] = path.read_bytes()
        else:
            found[key] = "link" if stat.S_ISLNK(mode) else stat.S_IFMT(mode)
    return found


def assert_one_line_error(result, phrase: str) -> None:
    """Exit 2, nothing on stdout, exactly one line on stderr containing `phrase`, no traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and result.stderr.endswith("\n"), result.stderr
    assert lines[0].startswith("Error: ") and phrase in lines[0], lines[0]
    assert "Traceback" not in result.stderr
    assert all(c.isprintable() for c in lines[0]), lines[0]


def test_the_table_is_large_and_ids_are_unique():
    """At least 100 hostile cases, each one named once."""
    ids = [case[0] for case in CASES]
    assert len(ids) >= 100 and len(set(ids)) == len(ids)


@pytest.mark.parametrize(("files", "args", "phrase"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_hostile_input_is_one_line_and_changes_nothing(tmp_path, files, args, phrase):
    """The command refuses in one line, exits 2, and leaves the folder exactly as it was."""
    make(tmp_path, {"good.json": (EXAMPLES / "boxes.json").read_text(), **files})
    before = snapshot(tmp_path)
    devices = {p: os.stat(p).st_mode for p in ("/dev/full", "/dev/null", "/dev/zero")}
    result = run_cli(args, tmp_path)
    assert_one_line_error(result, phrase)
    assert snapshot(tmp_path) == before
    assert {p: os.stat(p).st_mode for p in devices} == devices  # device nodes stay devices


# ---- a property: random damage to valid records never makes a traceback

JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["aces", "chance", "yahtzee", "official", "c2406", "v.toml", "/dev/zero", "../x.toml"]),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
EXAMPLE_RECORDS = [json.loads(p.read_text()) for p in sorted(EXAMPLES.glob("*.json"))]


def _paths(value, prefix=()):
    """Every place in a JSON tree, as a tuple of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


@st.composite
def damaged_records(draw):
    """A shipped example with one to three random replacements, deletions or additions."""
    data = json.loads(json.dumps(draw(st.sampled_from(EXAMPLE_RECORDS))))
    for _ in range(draw(st.integers(1, 3))):
        places = list(_paths(data))
        place = draw(st.sampled_from(places))
        if not place:
            continue
        parent = data
        for step in place[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "add", "duplicate"]))
        if action == "replace":
            parent[place[-1]] = draw(JSON_VALUES)
        elif action == "delete":
            del parent[place[-1]]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[place[-1]])))
    raw = json.dumps(data, ensure_ascii=draw(st.booleans()), allow_nan=True)
    if draw(st.booleans()):  # damage the text too: cut it, or splice in a number or a bracket run
        cut = draw(st.integers(0, len(raw)))
        insert = draw(st.sampled_from(["", "9" * 5000, "[" * 50, '"', "\\", "\x00", "\ud800", ","]))
        raw = raw[:cut] + insert + raw[cut + draw(st.integers(0, 3)) :]
    return raw


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=damaged_records())
def test_damaged_records_never_make_a_traceback(tmp_path_factory, raw):
    """`score` on any damaged record: exit 0, or exit 2 with one line; never an exception."""
    folder = tmp_path_factory.mktemp("damaged")
    (folder / "r.json").write_text(raw, encoding="utf-8", errors="surrogatepass")
    result = run_cli(["score", str(folder / "r.json")])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 0:
        assert result.stderr == ""
    else:
        assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.stderr
