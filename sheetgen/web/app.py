"""The site as an installable, offline web app: a web app manifest, its icon, and a service worker.

Served from a web host, a browser installs the site from the manifest and the
service worker keeps a copy of every page the build made, so the scorekeeper
and the rules pages open with the network off. The worker is a plain script
(templates/site/sw.js) after four lines of data: its caches' prefix, this
build's version and the files to keep; at run time it names its caches after its scope too, so sites
that share an origin never drop each other's copies. Opened from disk, pages never register it and
work as before.
Each language's folder is an app of its own (output/fr/ beside the English one at the top): its
manifest is in its language, its worker keeps its folder's files in a cache named for the language.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping

from sheetgen.files.resources import template_bytes, template_text
from sheetgen.rules.i18n import N_, _

WEB_MANIFEST = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
ICON = "icon.svg"
APP_FILES = (WEB_MANIFEST, SERVICE_WORKER, ICON)
APP_NAME = N_("Yahtzee rules and sheets")
APP_SHORT_NAME = "Yahtzee"
START_PAGE = "index.html"
CACHE_PREFIX = "sheetgen-"  # then the worker's scope and version; a language adds "LANG-"
APP_DESCRIPTION = N_("Rule sheets, score sheets and a scorekeeper for the dice game, offline.")
SITE_CSS = "site/site.css"


def _colour(name: str) -> str:
    """A colour of the site's light theme, read from site.css so the app and the pages agree."""
    found = re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{3,8}});", template_text(SITE_CSS))
    if found is None:
        raise ValueError(f"site.css has no --{name} colour")
    return found.group(1)


def cache_prefix(lang: str) -> str:
    """The prefix of a language's caches: English's own, or English's plus the language."""
    return CACHE_PREFIX if lang == "en" else f"{CACHE_PREFIX}{lang}-"


def web_manifest(lang: str = "en") -> bytes:
    """The web app manifest in `lang` (the active language): name, icon, start page, standalone
    display, theme colours."""
    manifest = {
        **({} if lang == "en" else {"lang": lang}),
        "name": _(APP_NAME),
        "short_name": APP_SHORT_NAME,
        "description": _(APP_DESCRIPTION),
        "start_url": START_PAGE,
        "scope": "./",
        "display": "standalone",
        "theme_color": _colour("accent"),
        "background_color": _colour("ground"),
        "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    return (json.dumps(manifest, indent=1) + "\n").encode()


def service_worker(version: str, files: Iterable[str], lang: str = "en") -> bytes:
    """The worker for a site of `files`: pages, previews and the app's own files it must keep,
    PDFs it keeps when it can. `version` (with its scope) names its cache, so a new build replaces
    the old copy."""
    files = sorted(set(files) - {SERVICE_WORKER})
    pages = ["./", START_PAGE, WEB_MANIFEST, ICON, *(f for f in files if not f.endswith(".pdf"))]
    downloads = [f for f in files if f.endswith(".pdf")]
    head = (
        f"const CACHE_PREFIX = {json.dumps(cache_prefix(lang))};\n"
        f"const VERSION = {json.dumps(version)};\n"
        f"const PAGES = {json.dumps(list(dict.fromkeys(pages)))};\n"
        f"const DOWNLOADS = {json.dumps(downloads)};\n"
    )
    return (head + template_text(f"site/{SERVICE_WORKER}")).encode()


def app_version(kept: Mapping[str, str], lang: str = "en") -> str:
    """The name of a build's copy: a hash of the names and bytes (as SHA-256, `kept`) of the files
    its worker keeps, and of the app's own manifest and icon. Never of a path or a time, so the same
    site built anywhere has the same worker, and a changed file gives a new copy."""
    own = {WEB_MANIFEST: web_manifest(lang), ICON: icon()}
    digests = {**kept, **{name: hashlib.sha256(data).hexdigest() for name, data in own.items()}}
    listing = "".join(f"{name}\0{digest}\n" for name, digest in sorted(digests.items()))
    return hashlib.sha256(listing.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def icon() -> bytes:
    return template_bytes(f"site/{ICON}")


def render_app(version: str, files: Iterable[str], lang: str = "en") -> dict[str, bytes]:
    """Every file of the app in `lang` (the active language), by name."""
    return {
        WEB_MANIFEST: web_manifest(lang),
        SERVICE_WORKER: service_worker(version, files, lang),
        ICON: icon(),
    }
