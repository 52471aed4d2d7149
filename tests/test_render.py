"""The WeasyPrint core (pdf/render.py, pdf/weasy.py, files/stamps.py): sheets drawn only with sheetgen's
fonts whatever the machine has, a host's logging and environment left as they were, SOURCE_DATE_EPOCH
read when used and checked, renders in threads, and the one adapter of WeasyPrint's internals."""

from __future__ import annotations

import ast
import io
import logging
import os
import subprocess
import sys
import threading

import pypdf
import pytest
from helpers import run_cli

from sheetgen.files.resources import EXAMPLES_DIR, FONTS_DIR, PACKAGE_DIR
from sheetgen.files.stamps import MAX_EPOCH
from sheetgen.layout.fitting import NAME_FONT
from sheetgen.layout.glyphs import missing_glyphs
from sheetgen.pdf import render, weasy
from sheetgen.pdf.rulesheet import render_rulesheet
from sheetgen.pdf.scoresheet import render_scoresheet
from sheetgen.rules.variants import VARIANTS, Rules

NAMES = ["Ann", "山田", "علي"]  # Latin and Arabic, which DejaVu draws; CJK, which no bundled font has
NO_FONTS_CONF = (
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig/>\n'
)
# The same sheet in a fresh interpreter, every UserWarning shown; the PDF to standard output.
RENDER_IN_CHILD = f"""
import sys, warnings
warnings.simplefilter("always", UserWarning)
from sheetgen.pdf.scoresheet import render_scoresheet
from sheetgen.rules.variants import VARIANTS, Rules
sys.stdout.buffer.write(render_scoresheet(Rules(VARIANTS[0]), "players", names={NAMES!r}))
"""


def font_names(pdf: bytes) -> set[str]:
    """The fonts a PDF's pages use, without their subset tags (`ABCDEF+`)."""
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    return {
        str(font["/BaseFont"]).split("+")[-1]
        for page in pages
        for font in page["/Resources"]["/Font"].values()
    }


def test_sheets_draw_with_sheetgen_fonts_only_on_any_machine(tmp_path, weasyprint_log) -> None:
    """A CJK name prints as empty boxes, as the warning says, though this machine has CJK fonts (CI
    installs fonts-noto-cjk and fonts-droid-fallback); the bytes equal those made where fontconfig
    sees no font at all, and there WeasyPrint's import says nothing of ugly output."""
    pdf = render_scoresheet(Rules(VARIANTS[0]), "players", names=NAMES)
    assert font_names(pdf) <= {"Sheet-Condensed,-Semi-Condensed", "Sheet-Condensed,-Bold-Semi-Condensed"}
    notdef = [c for name in NAMES for c in missing_glyphs(name, NAME_FONT)]
    assert notdef == ["山", "田"]
    assert weasyprint_log.take() == [
        f'.notdef glyph rendered for Unicode string unsupported by fonts: "{c}" (U+{ord(c):04X})'
        for c in notdef
    ]
    conf = tmp_path / "no-fonts.conf"
    conf.write_text(NO_FONTS_CONF)
    bare = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    plain = subprocess.run(
        [sys.executable, "-c", "import weasyprint"], env=bare, capture_output=True, text=True
    )
    assert "Expect ugly output" in plain.stderr  # the machine this child sees has no font
    child = subprocess.run([sys.executable, "-c", RENDER_IN_CHILD], env=bare, capture_output=True, check=True)
    assert child.stderr.decode() == ""
    assert child.stdout == pdf


def test_the_fonts_conf_lists_no_folder() -> None:
    """sheetgen's fontconfig configuration names no font folder, alias or include: nothing of the system's."""
    text = weasy.FONTS_CONF.read_text()
    for element in ("<dir", "<include", "<alias", "<cachedir"):
        assert element not in text
    assert weasy.FONTS_CONF.parent == FONTS_DIR


def test_a_render_leaves_the_hosts_logging_and_environment_as_they_were(monkeypatch) -> None:
    """No logger's level, filter or handler changes, and what WeasyPrint and fontTools say while
    sheetgen renders (the CJK name's missing glyphs, each font subset) reaches no host handler."""
    monkeypatch.setattr(weasy, "QUIET_BELOW", logging.ERROR)  # as for users, not as the suite lowers it
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    heard: list[logging.LogRecord] = []
    host = logging.Handler(logging.DEBUG)
    host.emit = heard.append
    host_filter = logging.Filter()
    loggers = [logging.getLogger(name) for name in ("weasyprint", "fontTools")]
    for logger, level in zip(loggers, (logging.INFO, logging.DEBUG), strict=True):
        monkeypatch.setattr(logger, "level", level)
        monkeypatch.setattr(logger, "handlers", [*logger.handlers, host])
        monkeypatch.setattr(logger, "filters", [*logger.filters, host_filter])
    before = [(logger.level, list(logger.filters), list(logger.handlers)) for logger in loggers]
    environment = dict(os.environ)
    render_scoresheet(Rules(VARIANTS[0]), "players", names=NAMES, fillable=True)
    assert [(logger.level, logger.filters, logger.handlers) for logger in loggers] == before
    assert dict(os.environ) == environment
    assert [record.getMessage() for record in heard] == []


def test_source_date_epoch_set_after_import_dates_the_sheet_and_stays_as_set(monkeypatch) -> None:
    """The value is read when a sheet is drawn, and the environment keeps exactly the user's value."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    environment = dict(os.environ)
    pdf = render_rulesheet(Rules(VARIANTS[0]), "a4")
    assert pypdf.PdfReader(io.BytesIO(pdf)).metadata["/CreationDate"].startswith("D:20231114")
    assert dict(os.environ) == environment


COMMANDS = [["rules"], ["scoresheet", "--fillable"], ["fill", str(EXAMPLES_DIR / "turns.json")], ["build"]]
BAD_EPOCHS = [
    *[(command, value) for command in COMMANDS for value in ("abc", str(MAX_EPOCH + 1), "1e10")],
    *[(["rules"], value) for value in ("-5", " 7", "1_000", "\uff11\uff12", "9" * 5000)],
]


@pytest.mark.parametrize(("command", "value"), BAD_EPOCHS)
def test_a_bad_source_date_epoch_is_one_line_and_exit_2(tmp_path, monkeypatch, command, value) -> None:
    """Not whole seconds from 1970 to the year 9999: refused in one line, before anything is drawn."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    result = run_cli([*command, "-o", str(tmp_path / "out")], cwd=tmp_path)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: SOURCE_DATE_EPOCH: ")
    assert line.endswith(f"is not a whole number of seconds since 1970 (0 to {MAX_EPOCH})")
    assert len(line) < 300
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("value", ["", "0", str(MAX_EPOCH)])
def test_the_edges_of_source_date_epoch_are_taken(monkeypatch, value) -> None:
    """Unset (empty), the first second of 1970 and the last of 9999 all render."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    dated = pypdf.PdfReader(io.BytesIO(render_scoresheet(Rules(VARIANTS[0]), "players", columns=1))).metadata
    assert dated.get("/CreationDate") == {"": None, "0": "D:19700101000000Z"}.get(value, "D:99991231235959Z")


def test_sheets_rendered_in_threads_at_once_are_the_ones_rendered_alone() -> None:
    """Rule sheets (each several layouts and a write) drawn at the same time come out as alone. Four
    threads, each a program's first render: without the lock around renders, WeasyPrint's shared font
    configuration gave other bytes in each of three tries (and once a GLib "corrupted double-linked list")."""
    sheets = [(Rules(VARIANTS[n % len(VARIANTS)]), ("letter", "a4")[n % 2]) for n in range(4)]
    alone = [render_rulesheet(*sheet) for sheet in sheets]
    render.stylesheet.cache_clear()  # the threads find no font or stylesheet loaded yet
    render.font_config.cache_clear()
    together: list[bytes | str] = [""] * len(sheets)
    start = threading.Barrier(len(sheets))

    def draw(index: int) -> None:
        start.wait()
        try:
            together[index] = render_rulesheet(*sheets[index])
        except Exception as error:  # shown in the comparison below, rather than lost in the thread
            together[index] = repr(error)

    threads = [threading.Thread(target=draw, args=(index,)) for index in range(len(sheets))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


def test_weasyprint_keeps_the_internals_the_adapter_reads() -> None:
    """pdf/weasy.py measures laid-out pages through WeasyPrint 70's private page box; when a newer
    WeasyPrint moves it, this fails by name (and pyproject.toml caps the version until then)."""
    # In the bundled font, as every sheet sets its text: with none, the "a" falls to no font at all,
    # and WeasyPrint 70 then lays the page out differently from one render to the next.
    font_file = (FONTS_DIR / "DejaVuSans.ttf").as_uri()
    font = f"@font-face {{ font-family: T; src: url({font_file}) }} body {{ font-family: T }}"
    html = weasy.HTML(
        string=f"<style>{font} @page {{ size: 200px 300px; margin: 10px 10px 20px }} body, p {{ margin: 0 }}"
        " p { height: 30px } main { height: 50px; margin-top: 5px; line-height: 12px }</style>"
        "<p></p><main><div>a</div></main>"
    )
    (page,) = html.render(font_config=weasy.font_configuration()).pages
    assert hasattr(page, "_page_box"), "WeasyPrint's Page has no _page_box: update sheetgen/pdf/weasy.py"
    for name in ("position_y", "margin_height", "descendants", "margin_top", "height"):
        assert hasattr(page._page_box, name), (
            f"WeasyPrint's page box has no {name}: update sheetgen/pdf/weasy.py"
        )
    assert weasy.placed(page, "main") == weasy.Placed(area_height=270, area_bottom=280, top=40, height=55)
    assert round(weasy.ink_bottom(page, "main")) == 57  # the one line's foot: 10 + 30 + 5 + 12


def test_only_the_adapter_imports_weasyprint_or_reads_its_internals() -> None:
    """Every WeasyPrint import goes through pdf/weasy.py (so its import warning is always silenced),
    and no other module reads a private name of WeasyPrint's."""
    found = set()
    for path in PACKAGE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                modules = (
                    [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                )
                found |= {(path.name, "import") for name in modules if name.split(".")[0] == "weasyprint"}
            if isinstance(node, ast.Attribute) and node.attr in ("_page_box", "position_y", "margin_height"):
                found.add((path.name, node.attr))
    assert found == {("weasy.py", "import"), ("weasy.py", "_page_box")} | {
        ("weasy.py", name) for name in ("position_y", "margin_height")
    }
