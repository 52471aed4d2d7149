"""Jinja + WeasyPrint: HTML templates under templates/ rendered to PDF bytes.

One font configuration and the parsed stylesheets are kept per process, so a
run that renders many documents parses each font and stylesheet once; as they
are shared, renders take turns (`rendering`), which also sets
SOURCE_DATE_EPOCH and quiets WeasyPrint's log for the call only. Pages fetch
nothing but files under templates/, and user text is always escaped. Every
PDF written is tagged PDF/UA-1.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from sheetgen.files.resources import TEMPLATES_DIR, template_bytes
from sheetgen.files.stamps import AUTHOR, source_date, user_date_epoch
from sheetgen.layout.geometry import Paper
from sheetgen.pdf.weasy import (
    CSS,
    HTML,
    Document,
    URLFetcher,
    URLFetcherResponse,
    font_configuration,
    quiet,
    scope_header_cells,
)
from sheetgen.rules import i18n
from sheetgen.web.templating import render


class TemplateFetcher(URLFetcher):
    """Serves files under templates/ and refuses every other URL."""

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        if not url.startswith("file:"):
            raise ValueError(f"sheetgen fetches nothing outside templates/: {url}")
        path = Path(URLFetcherResponse(url).path or "").resolve()
        if not path.is_relative_to(TEMPLATES_DIR) or not path.is_file():
            raise ValueError(f"sheetgen fetches nothing outside templates/: {url}")
        return URLFetcherResponse(url, body=template_bytes(path.relative_to(TEMPLATES_DIR).as_posix()))


@cache
def _fetcher() -> TemplateFetcher:
    return TemplateFetcher()


font_config = cache(font_configuration)
# Every sheet is tagged PDF/UA-1: to WeasyPrint's tags (structure, /Lang from <html lang>, the
# title shown) the variant adds the XMP metadata stream: pdfuaid:part 1, dc:title from <title>.
PDF_VARIANT = "pdf/ua-1"


@contextmanager
def rendering() -> Iterator[None]:
    """Around every WeasyPrint call: one render at a time, SOURCE_DATE_EPOCH set, the log quiet.

    The font configuration and stylesheets are shared, and WeasyPrint is not
    made for two renders at once in one process; threads take turns, so each
    gets the bytes it would alone. Re-entrant: a rule sheet holds it across
    its layouts and the write.
    """
    with source_date(), quiet():
        yield


@cache
def stylesheet(name: str) -> CSS:
    """A stylesheet under templates/, parsed once per process."""
    path = TEMPLATES_DIR / name
    return CSS(filename=str(path), url_fetcher=_fetcher(), font_config=font_config())


def _created() -> str | None:
    """The PDF's date: only from SOURCE_DATE_EPOCH, so output stays reproducible."""
    epoch = user_date_epoch()
    if epoch is None:
        return None
    moment = datetime.datetime.fromtimestamp(int(epoch), tz=datetime.UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def render_html(template: str, **context: Any) -> str:
    return render(template, author=AUTHOR, lang=i18n.lang(), created=_created(), **context)


def render_document(
    template: str,
    stylesheets: list[str],
    paper: str,
    *,
    forms: bool = False,
    **context: Any,
) -> Document:
    """Lay a template out on `paper`, for measuring its pages before writing it.

    The paper's own stylesheet (templates/paper/<paper>.css) comes last, so
    the same HTML prints on Letter or A4.
    """
    paper = Paper.of(paper)
    with rendering():
        html = render_html(template, paper=paper, **context)
        sheets = [stylesheet(name) for name in ["base.css", *stylesheets, f"paper/{paper}.css"]]
        document = HTML(string=html, base_url=str(TEMPLATES_DIR / template), url_fetcher=_fetcher())
        return document.render(stylesheets=sheets, font_config=font_config(), **_options(forms))


def _options(forms: bool) -> dict[str, Any]:
    return {"pdf_variant": PDF_VARIANT, "pdf_tags": True, "pdf_forms": forms, "uncompressed_pdf": False}


def write_document(document: Document, forms: bool = False) -> bytes:
    """A laid-out document as tagged PDF/UA-1 bytes, each table header cell scoped."""
    with rendering():
        return document.write_pdf(finisher=scope_header_cells, **_options(forms))


def render_pdf(
    template: str,
    stylesheets: list[str],
    paper: str,
    *,
    forms: bool = False,
    **context: Any,
) -> bytes:
    """Render a template to PDF on `paper`; `stylesheets` are paths under templates/."""
    with rendering():
        return write_document(render_document(template, stylesheets, paper, forms=forms, **context), forms)
