"""Locales on both sides: the terminal's encoding, and the gettext catalogs a language comes from.

Every line sheetgen writes must survive a terminal that cannot encode it (a
Latin-1 or ASCII locale): what it lacks prints escaped, JSON is UTF-8. A
catalog that cannot serve leaves its language out with one notice, and every
other language works.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLES, SHEETGEN, run_cli

from sheetgen.cli import format_record
from sheetgen.errors import UnknownLanguageError
from sheetgen.files import locales
from sheetgen.files.locales import LOCALE_DIR, find_language, languages, left_out, speaking
from sheetgen.files.records import load_record
from sheetgen.rules.i18n import _, ngettext
from sheetgen.rules.messages import fill

# ---- the terminal's encoding

# A terminal: the environment that gives it, the encoding sheetgen's text then arrives in, and the
# ellipsis `score` cuts long names with. Click takes an ASCII locale for a misconfigured one and
# writes UTF-8 there; sheetgen's own "…" still gives way to "...".
TERMINALS = {
    "latin-1": ({"PYTHONIOENCODING": "latin-1"}, "latin-1", "..."),
    "latin-1, strict": ({"PYTHONIOENCODING": "latin-1:strict"}, "latin-1", "..."),
    "C locale, no UTF-8 mode": (
        {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
        "utf-8",
        "...",
    ),
    "UTF-8": ({"LC_ALL": "C.UTF-8"}, "utf-8", "…"),
}
LOCALE_VARIABLES = ("LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "PYTHONIOENCODING", "PYTHONUTF8")


def run_in(terminal: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """`sheetgen ARGS` as a terminal with `terminal`'s locale runs it; output as bytes."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES} | TERMINALS[terminal][0]
    return subprocess.run([*SHEETGEN, *args], cwd=cwd, env=env, capture_output=True, timeout=60)


@pytest.fixture
def names_record(tmp_path) -> Path:
    """A record with a name no Latin-1 terminal shows and one `score` shortens, in a file named after
    the first, with a house rule its variant already has (a warning naming the file)."""
    data = json.loads((EXAMPLES / "turns.json").read_text())
    data["players"][0]["name"] = "Łukasz"
    data["players"][1]["name"] = "Bartholomew Müller"
    data["house_rules"] = ["five-dice-start"]
    path = tmp_path / "Łukasz.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("terminal", TERMINALS)
def test_score_prints_in_any_terminal_encoding(terminal, names_record):
    """The table in the terminal's encoding, what it lacks escaped (\\u0141), a long name cut with an
    ellipsis it has; the warning naming the file too."""
    result = run_in(terminal, ["score", names_record.name], names_record.parent)
    assert result.returncode == 0, result.stderr
    _, encoding, ellipsis = TERMINALS[terminal]
    record = load_record(names_record)
    assert result.stdout == format_record(record, ellipsis).encode(encoding, "backslashreplace") + b"\n"
    assert ("* Bartholomew Müller"[: 14 - len(ellipsis)] + ellipsis).encode(encoding) in result.stdout
    assert ("\\u0141ukasz" if encoding == "latin-1" else "Łukasz").encode() in result.stdout
    (warning,) = result.stderr.splitlines()  # the file name as this locale decodes it, escaped
    assert warning.startswith(b"Warning: ") and b"ukasz.json: house rule five-dice-start adds" in warning


@pytest.mark.parametrize("terminal", TERMINALS)
def test_score_json_is_utf8_in_any_terminal(terminal, names_record):
    """JSON is UTF-8 (RFC 8259) whatever the locale, as `record -o -` writes it: it parses back."""
    result = run_in(terminal, ["score", "--json", names_record.name], names_record.parent)
    assert result.returncode == 0, result.stderr
    expected = load_record(names_record).to_json()
    assert result.stdout == json.dumps(expected, ensure_ascii=False).encode("utf-8") + b"\n"
    assert json.loads(result.stdout)["games"][0]["players"][0]["name"] == "Łukasz"


@pytest.mark.parametrize("terminal", TERMINALS)
def test_an_error_prints_in_any_terminal_encoding(terminal, tmp_path):
    result = run_in(terminal, ["score", "Łódź.json"], tmp_path)
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(b"Error: ") and line.endswith(b".json: no such record file"), line


# ---- catalogs

GERMAN = (LOCALE_DIR / "de" / "LC_MESSAGES" / "sheetgen.po").read_bytes()


def german(old: str, new: str) -> bytes:
    """The German catalog with one line changed."""
    assert GERMAN.count(old.encode()) == 1, old
    return GERMAN.replace(old.encode(), new.encode())


# A catalog folder, what its sheetgen.po holds, and the reason its notice gives.
LEFT_OUT = {
    "unknown locale": ("xx_QQ", GERMAN, "'xx_QQ' is not a language Babel knows"),
    "no locale at all": ("klingon", GERMAN, "'klingon' is not a language Babel knows"),
    "a hyphen for an underscore": ("sv-SE", GERMAN, "'sv-SE' is not a language Babel knows"),
    "binary garbage": ("sv", b"\x00\xff\xfe\x80 garbage\n", "not a readable catalog ('utf-8' codec can't"),
    "text, not a catalog": ("sv", b"no catalog here\n", "line 1: Unknown or misformatted keyword"),
    "an unknown charset": ("sv", german("charset=utf-8", "charset=klingon"), "unknown encoding: klingon"),
    "a misspelt %(name)s": (
        "sv",
        german('msgstr "Spieler %(n)s"', 'msgstr "Spieler %(nr)s"'),
        "the translation of 'Player %(n)s' has other placeholders (%(n)s, %(nr)s)",
    ),
    "a misspelt {name}": (
        "sv",
        german('msgstr "{where}: {message}"', 'msgstr "{where}: {mesage}"'),
        "the translation of '{where}: {message}' has other placeholders ({mesage}, {message})",
    ),
    "a placeholder in the other style": (
        "sv",
        german('msgstr "{where}: {message}"', 'msgstr "{where}: %(message)s"'),
        "has other placeholders (%(message)s, {message})",
    ),
    "a placeholder dropped": (
        "sv",
        german('msgstr "Spieler %(n)s"', 'msgstr "Spieler"'),
        "the translation of 'Player %(n)s' has other placeholders (%(n)s)",
    ),
    "a plural form with a misspelt count": (
        "sv",
        german('msgstr[1] "Serienkarte, %(n)s Spiele"', 'msgstr[1] "Serienkarte, %(m)s Spiele"'),
        "the translation of 'Series card, %(n)s game' has other placeholders (%(m)s, %(n)s)",
    ),
    "another conversion": (
        "sv",
        german('msgstr "Spieler %(n)s"', 'msgstr "Spieler %(n)d"'),
        "the translation of 'Player %(n)s' has other placeholders (%(n)d, %(n)s)",
    ),
    "a long message, quoted short": (
        "sv",
        german('"%(box)s."', '"%(boxes)s."'),
        "the translation of 'if empty, for the dice total: %(dice)s …' has other placeholders "
        "(%(box)s, %(boxes)s)",
    ),
    "a stray %": (
        "sv",
        german('msgstr "Spieler %(n)s"', 'msgstr "Spieler %(n)s zu 100%"'),
        "the translation of 'Player %(n)s' has a stray %",
    ),
    "a plural rule that divides by zero": (
        "sv",
        german("plural=(n != 1)", "plural=(n % 0)"),
        "its plural rule fails (integer",
    ),
    "a plural rule that is not one": ("sv", german("plural=(n != 1)", "plural=(n >>> 1)"), "plural form"),
}


def catalogs(root: Path, po: dict[str, bytes]) -> Path:
    """A locale folder holding a sheetgen.po for each folder name."""
    for folder, data in po.items():
        (root / folder / "LC_MESSAGES").mkdir(parents=True)
        (root / folder / "LC_MESSAGES" / "sheetgen.po").write_bytes(data)
    return root


@pytest.mark.parametrize("case", LEFT_OUT)
def test_a_catalog_that_cannot_serve_is_left_out_with_one_notice(case, tmp_path):
    folder, data, reason = LEFT_OUT[case]
    locale_dir = catalogs(tmp_path / "locale", {"de": GERMAN, folder: data})
    path = locale_dir / folder / "LC_MESSAGES" / "sheetgen.po"
    (notice,) = left_out(locale_dir)
    assert notice.startswith(f"Notice: {path}: ") and notice.endswith("; left out"), notice
    assert reason in notice, notice
    assert languages(locale_dir) == ("en", "de")
    with pytest.raises(UnknownLanguageError, match=r"known languages: en, de$"):
        find_language(folder, locale_dir)
    with speaking("de", locale_dir):
        assert _("Aces") == "Einer"


def test_a_second_folder_for_one_language_is_left_out(tmp_path):
    locale_dir = catalogs(tmp_path / "locale", {"DE": GERMAN, "de": GERMAN, "pt_br": GERMAN, "pt_BR": GERMAN})
    assert languages(locale_dir) == ("en", "de", "pt-BR")
    assert [notice.split(": ", 2)[2] for notice in left_out(locale_dir)] == [
        "'DE' is the same language as 'de'; left out",
        "'pt_br' is the same language as 'pt-BR'; left out",
    ]
    assert find_language("DE", locale_dir) == "de"


def test_a_catalog_that_is_no_regular_file_is_left_out_unread(tmp_path):
    locale_dir = catalogs(tmp_path / "locale", {"de": GERMAN})
    (locale_dir / "sv" / "LC_MESSAGES" / "sheetgen.po").mkdir(parents=True)
    (locale_dir / "nl" / "LC_MESSAGES").mkdir(parents=True)
    os.mkfifo(locale_dir / "nl" / "LC_MESSAGES" / "sheetgen.po")  # reading it would wait forever
    assert languages(locale_dir) == ("en", "de")
    assert [notice.split(": ", 2)[2] for notice in left_out(locale_dir)] == [
        "not a regular file; left out"
    ] * 2


# Edits a translator may make: the language stays.
KEPT = {
    "placeholders reordered": german('msgstr "{where}: {message}"', 'msgstr "{message} ({where})"'),
    "a plural form without the count": german(
        'msgstr[0] "Serienkarte, %(n)s Spiel"', 'msgstr[0] "Ein Spiel"'
    ),
    "a fuzzy translation, which is not used": german(
        'msgid "Player %(n)s"\nmsgstr "Spieler %(n)s"', 'msgid "Player %(n)s"\nmsgstr "Spieler %(nr)s"'
    ).replace(b'#, python-format\nmsgid "Player', b'#, fuzzy, python-format\nmsgid "Player', 1),
    "an untranslated message": german('msgstr "Spieler %(n)s"', 'msgstr ""'),
}


@pytest.mark.parametrize("case", KEPT)
def test_a_catalog_a_translator_edits_keeps_its_language(case, tmp_path):
    locale_dir = catalogs(tmp_path / "locale", {"sv": KEPT[case]})
    assert (left_out(locale_dir), languages(locale_dir)) == ((), ("en", "sv"))
    with speaking("sv", locale_dir):
        assert _("Aces") == "Einer"
        assert _("Player %(n)s", n=3) in ("Spieler 3", "Player 3")
        assert ngettext("Series card, %(n)s game", "Series card, %(n)s games", 1) in (
            "Ein Spiel",
            "Serienkarte, 1 Spiel",
        )
        assert fill(_("{where}: {message}"), {"where": "a", "message": "b"}) in ("a: b", "b (a)")


def test_sheetgen_s_own_catalogs_all_serve():
    assert left_out() == ()
    assert languages() == ("en", "da", "de", "es", "fi", "fr", "it", "nb", "nl", "pt-BR", "sv")


def test_the_command_line_says_which_catalog_it_left_out(tmp_path, monkeypatch):
    """variants and --help list the other languages after one notice; asking for the language left
    out is the usual unknown-language error, one line, exit code 2."""
    locale_dir = catalogs(tmp_path / "locale", {"de": GERMAN, "klingon": GERMAN})
    monkeypatch.setattr(locales, "LOCALE_DIR", locale_dir)
    notice = f"Notice: {locale_dir / 'klingon' / 'LC_MESSAGES' / 'sheetgen.po'}: "
    notice += "'klingon' is not a language Babel knows; left out\n"
    listed = run_cli(["variants"])
    assert listed.exit_code == 0 and listed.stderr == notice
    assert listed.stdout.endswith(
        "language    en                         English\nlanguage    de                         Deutsch\n"
    )
    for args in (["--help"], ["rules", "--help"]):
        helped = run_cli(args)
        assert helped.exit_code == 0 and helped.stderr == notice
        assert "en, de." in " ".join(helped.stdout.split()) or "en, de (default" in " ".join(
            helped.stdout.split()
        )
    refused = run_cli(["rules", "--lang", "klingon"])
    assert refused.exit_code == 2
    assert refused.stderr == "Error: unknown language 'klingon'; known languages: en, de\n"


def test_a_command_that_lists_no_languages_reads_no_catalog():
    """score without a record language starts without Babel: the catalogs are read where needed."""
    code = (
        "import sys\nfrom sheetgen.cli import cli\n"
        f"try:\n    cli(['score', {str(EXAMPLES / 'turns.json')!r}])\nexcept SystemExit:\n    pass\n"
        "print('babel' in sys.modules, file=sys.stderr)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stderr.strip() == "False"
