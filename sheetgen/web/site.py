"""The static website `sheetgen build` writes: index.html and one rules page per variant.

Pages come from the same rules model and the same Jinja templates folder as the
sheets. Their CSS is our own files inlined as trusted markup, so Jinja never
escapes its quotes inside `<style>`; every link is relative and nothing is
fetched from outside the output folder. This module imports Jinja but never
WeasyPrint, so the build's parent process renders pages itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from sheetgen import __version__
from sheetgen.files.inputs import png_size
from sheetgen.files.locales import DEFAULT, native_name, paper_for
from sheetgen.files.output import rules_file_name, scorekeeper_file_name
from sheetgen.files.resources import template_text
from sheetgen.layout.geometry import PAPERS
from sheetgen.rules.guide import rules_page, site_notice
from sheetgen.rules.i18n import N_, _, decimal, lang
from sheetgen.rules.variants import Rules
from sheetgen.web.templating import render

SITE_CSS = "site/site.css"
INDEX_CSS = "index/index.css"
PAGE_CSS = "rules/page.css"
EXAMPLES = "filled_examples"  # an underscore: no variant slug can take this id
PAPER_LABELS = {"letter": N_("Letter"), "a4": "A4"}  # Letter is "Carta" in Brazil


def paper_label(paper: str) -> str:
    """A paper's name as the index and the rules page show it, in the active language ("" if none)."""
    return _(PAPER_LABELS[paper]) if paper in PAPER_LABELS else ""


def later_paper(label: str) -> bool:
    """Whether a file on this paper lists after the active language's own paper (A4 before Letter for
    every language but English), so a card's first download and its preview are the paper it prints on."""
    return label in map(paper_label, PAPER_LABELS) and label != paper_label(paper_for(lang()))


def rules_page_name(slug: str) -> str:
    """rules-<variant>[-<house rules>].html, beside the rule sheet PDFs of the same name."""
    return f"rules-{slug}.html"


def stylesheet(*names: str) -> Markup:
    """Our own CSS files under templates/, joined and trusted as markup so `<style>` gets them verbatim."""
    css = "\n".join(template_text(name) for name in names)
    if "</" in css:
        raise ValueError(f"a stylesheet may not contain '</': {', '.join(names)}")
    return Markup(css)  # files we ship, never user text


def _render(template: str, css: Markup, alternates: list[Alternate], **context: object) -> str:
    return render(
        template,
        css=css,
        notice=site_notice(),
        version=__version__,
        alternates=alternates,
        app=True,
        **context,
    )


@dataclass(frozen=True)
class Alternate:
    """The same page in one of the build's languages, for the switcher and `hreflang` links."""

    lang: str
    name: str
    href: str
    current: bool


def alternates(lang: str, langs: Iterable[str], name: str) -> list[Alternate]:
    """Links from `name` in `lang` to `name` in each of `langs` (English at the top, others in LANG/)."""
    up = "" if lang == DEFAULT else "../"
    return [
        Alternate(
            other, native_name(other), up + ("" if other == DEFAULT else f"{other}/") + name, other == lang
        )
        for other in langs
    ]


@dataclass(frozen=True)
class Link:
    href: str
    label: str


def render_rules_page(rules: Rules, links: Iterable[str] = (), others: list[Alternate] | None = None) -> str:
    """The rules page of `rules`; `links` are the sibling files it may point to (rule sheets, scorekeeper),
    `others` the same page in the build's other languages."""
    links = list(links)
    sheets = {rules_file_name(rules.slug, paper): paper for paper in PAPERS}
    downloads = sorted(
        (
            Link(href, _("Rule sheet · %(paper)s", paper=paper_label(sheets[href])))
            for href in links
            if href in sheets
        ),
        key=lambda link: later_paper(paper_label(sheets[link.href])),
    )
    keeper = scorekeeper_file_name(rules.slug)
    return _render(
        "rules/page.html",
        stylesheet(SITE_CSS, PAGE_CSS),
        others or [],
        page=rules_page(rules),
        downloads=downloads,
        scorekeeper=keeper if keeper in links else None,
        index=f"index.html#{rules.slug}",
    )


@dataclass
class Download:
    href: str
    option: str
    size: str


@dataclass
class Card:
    """One document (a rule sheet, a score-sheet layout, a filled game) in every paper and form."""

    title: str
    thumb: str
    width: int
    height: int
    downloads: list[Download] = field(default_factory=list)

    @property
    def href(self) -> str:
        return self.downloads[0].href


@dataclass
class Group:
    """A section of the index: one variant with its pages and cards, or the filled examples."""

    key: str
    title: str
    summary: str
    rules_page: str | None = None
    scorekeeper: str | None = None
    cards: dict[str, Card] = field(default_factory=dict)


def human_size(size: int) -> str:
    """1.2 MB, 48 KB: what a person reads before a download."""
    if size >= 1_000_000:
        return _("%(size)s MB", size=decimal(size / 1_000_000, 1))  # 1,2 MB; 1,2 Mo in French
    return _("%(size)s KB", size=max(1, round(size / 1000)))


def render_index(
    files: Mapping[str, Mapping[str, str]],
    folder: Path,
    thumbs: Mapping[str, str],
    others: list[Alternate] | None = None,
) -> str:
    """index.html from the manifest: a section per variant, then the filled examples."""
    groups: dict[str, Group] = {}
    for path, meta in sorted(files.items(), key=lambda item: later_paper(item[1].get("paper", ""))):
        is_example = path.startswith("records/")
        key = EXAMPLES if is_example else meta.get("slug") or meta.get("title", "")
        if is_example:
            group = groups.setdefault(key, Group(key, _("Filled example games"), ""))
        else:
            group = groups.setdefault(key, Group(key, meta.get("title", key), meta.get("summary", "")))
        if path == rules_page_name(key):
            group.rules_page = path
            continue
        if path == scorekeeper_file_name(key):
            group.scorekeeper = path
            continue
        if path in thumbs:
            title = meta.get("card") or meta.get("kind", path)
            if title not in group.cards:
                thumb = thumbs[path]
                group.cards[title] = Card(title, thumb, *png_size(folder / thumb))
            option = meta.get("option") or meta.get("paper", "")
            group.cards[title].downloads.append(Download(path, option, human_size(int(meta.get("bytes", 0)))))
    ordered = sorted(groups.values(), key=lambda group: group.key == EXAMPLES)
    return _render("index/index.html", stylesheet(SITE_CSS, INDEX_CSS), others or [], groups=ordered)
