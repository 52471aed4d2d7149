"""The languages sheetgen prints in: one gettext catalog each, read with Babel at first use.

A language is a folder under templates/locale/ holding LC_MESSAGES/sheetgen.po
(the folder name is the gettext locale, `pt_BR`; sheetgen calls it by its
BCP 47 tag, `pt-BR`), so a translator adds one with one file and no code. The
catalog is compiled in memory the first time a run needs it (no `.mo` file, no
step for the user) and kept for the rest of the process. English is the
message ids themselves and needs no catalog.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from sheetgen.errors import UnknownLanguageError
from sheetgen.files.resources import TEMPLATES_DIR
from sheetgen.rules.i18n import ENGLISH, Translator, using

LOCALE_DIR = TEMPLATES_DIR / "locale"
DOMAIN = "sheetgen"
DEFAULT = "en"
TEMPLATE_CATALOG = LOCALE_DIR / f"{DOMAIN}.pot"


def tag(folder: str) -> str:
    """The BCP 47 tag of a gettext locale folder: pt_BR -> pt-BR."""
    return folder.replace("_", "-")


def catalog_path(lang: str) -> str:
    return str(LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po")


@cache
def languages() -> tuple[str, ...]:
    """English first, then every language with a catalog, by tag."""
    found = sorted(
        tag(path.parent.parent.name)
        for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
        if path.is_file()
    )
    return (DEFAULT, *(lang for lang in found if lang != DEFAULT))


def find_language(name: str) -> str:
    """The known language `name` names (any case, `_` or `-`), or an error naming the known ones."""
    wanted = name.strip().replace("_", "-").lower()
    for lang in languages():
        if lang.lower() == wanted:
            return lang
    raise UnknownLanguageError(f"unknown language {name!r}; known languages: {', '.join(languages())}")


class Catalog:
    """A language from its .po file: gettext with the catalog's plural rule, Babel's numbers and dates."""

    def __init__(self, lang: str) -> None:
        from babel import Locale
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with open(catalog_path(lang), "rb") as handle:
            catalog = read_po(handle, domain=DOMAIN)
        compiled = io.BytesIO()
        write_mo(compiled, catalog, use_fuzzy=False)  # a fuzzy message is not a translation
        compiled.seek(0)
        self.lang = lang
        self._messages = gettext.GNUTranslations(compiled)
        self._locale = Locale.parse(lang.replace("-", "_"))

    def gettext(self, message: str) -> str:
        return self._messages.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._messages.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """`message` where English uses one word for two things (a noun, a verb) told apart by `context`."""
        return self._messages.pgettext(context, message)

    def number(self, n: int) -> str:
        from babel.numbers import format_decimal

        return format_decimal(n, locale=self._locale)

    def date(self, iso: str) -> str:
        """An ISO date (2026-11-27) as the language writes it (27/11/2026); other text as given."""
        import datetime

        from babel.dates import format_date

        try:
            day = datetime.date.fromisoformat(iso)
        except ValueError:
            return iso
        return format_date(day, format="short" if self.lang != "de" else "medium", locale=self._locale)


@cache
def translator(lang: str = DEFAULT) -> Translator:
    """The language `lang` (a known tag), its catalog compiled once per process."""
    lang = find_language(lang)
    return ENGLISH if lang == DEFAULT else Catalog(lang)


@contextmanager
def speaking(lang: str | None) -> Iterator[Translator]:
    """Every sentence in this block in `lang` (None: English)."""
    with using(translator(lang or DEFAULT)) as active:
        yield active


def paper_for(lang: str) -> str:
    """The paper a language's sheets default to: Letter for English (US), A4 everywhere else."""
    return "letter" if lang == DEFAULT else "a4"


@cache
def native_name(lang: str) -> str:
    """The language's name in itself, for a language switcher: Deutsch, français, português (Brasil)."""
    from babel import Locale

    name = Locale.parse(lang.replace("-", "_")).get_display_name() or lang
    return name[:1].upper() + name[1:]
