"""The languages sheetgen prints in: one gettext catalog each, read with Babel at first use.

A language is a folder under templates/locale/ holding LC_MESSAGES/sheetgen.po
(the folder name is the gettext locale, `pt_BR`; sheetgen calls it by its
BCP 47 tag, `pt-BR`), so a translator adds one with one file and no code. The
catalogs are read and compiled in memory the first time a run needs a language
or the list of them (no `.mo` file, no step for the user) and kept for the rest
of the process. English is the message ids themselves and needs no catalog.

A catalog that cannot serve is left out, never fatal: a folder Babel knows no
language for, a file that is not a catalog, a translation whose placeholders
differ from its message's (it would fail when filled). Its language is then
unknown, as if the folder were not there, and `left_out` says why in one line
each, for the caller to show; the other languages work as before.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from sheetgen.errors import UnknownLanguageError
from sheetgen.files.resources import TEMPLATES_DIR
from sheetgen.rules.i18n import ENGLISH, Translator, formats, placeholders, using
from sheetgen.rules.messages import say
from sheetgen.rules.text import REPR, printable, quote

LOCALE_DIR = TEMPLATES_DIR / "locale"
DOMAIN = "sheetgen"
DEFAULT = "en"
TEMPLATE_CATALOG = LOCALE_DIR / f"{DOMAIN}.pot"
SHOWN = 40  # characters of a message a notice quotes
PLURAL_CHECKS = 1000  # counts a catalog's plural rule is tried on: one that fails on any is left out


def tag(folder: str) -> str:
    """The BCP 47 tag of a gettext locale folder: pt_BR -> pt-BR."""
    return folder.replace("_", "-")


def catalog_path(lang: str, locale_dir: Path | None = None) -> str:
    """The .po file of `lang`, in `locale_dir` (default: sheetgen's own catalogs)."""
    return str((locale_dir or LOCALE_DIR) / lang.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.po")


class CatalogError(ValueError):
    """A catalog that cannot serve: why, in a few words."""


@dataclass(frozen=True)
class _Found:
    """The catalogs under one locale folder: the usable ones compiled (.mo bytes) by tag, and a notice
    for each one left out."""

    compiled: dict[str, bytes]
    notices: tuple[str, ...]


@cache
def _found(locale_dir: Path) -> _Found:
    compiled: dict[str, bytes] = {}
    notices = []
    for path in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"), key=_spelling):
        folder = path.parent.parent.name
        lang = tag(folder)
        if lang == DEFAULT:
            continue  # English is the messages themselves
        try:
            same = next((known for known in (DEFAULT, *compiled) if known.lower() == lang.lower()), None)
            if same is not None:
                raise CatalogError(f"{folder!r} is the same language as {same!r}")
            compiled[lang] = _compile(path, folder)
        except CatalogError as error:
            notices.append(f"Notice: {printable(str(path))}: {printable(str(error))}; left out")
    return _Found(compiled, tuple(notices))


def _spelling(path: Path) -> tuple[str, bool, str]:
    """Folders of one language together, the one spelt as gettext does (`de`, `pt_BR`) first."""
    folder = path.parent.parent.name
    return folder.lower(), not folder.split("_")[0].islower(), folder


def _compile(path: Path, folder: str) -> bytes:
    """The catalog at `path` as .mo bytes, once it has shown that every use of it will work."""
    from babel import Locale
    from babel.core import UnknownLocaleError
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    try:
        Locale.parse(folder)
    except (UnknownLocaleError, ValueError):
        raise CatalogError(f"{folder!r} is not a language Babel knows") from None
    if not path.is_file():  # a FIFO would hang the run, a device never end
        raise CatalogError("not a regular file")
    try:
        with path.open("rb") as handle:
            catalog = read_po(handle, domain=DOMAIN, abort_invalid=True)
    except PoFileError as error:
        message = str(error).removesuffix(f" on {error.lineno}")
        raise CatalogError(f"line {error.lineno + 1}: {message}") from None
    except OSError as error:
        raise CatalogError(error.strerror or str(error)) from None
    except (ValueError, LookupError) as error:  # an undecodable file, an unknown charset
        raise CatalogError(f"not a readable catalog ({error})") from None
    for message in catalog:
        if message.id and not message.fuzzy:  # a fuzzy message is not a translation, and is not used
            _check_placeholders(message.id, message.string)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    try:
        plural = gettext.GNUTranslations(io.BytesIO(compiled.getvalue())).plural
        for n in range(PLURAL_CHECKS):
            plural(n)
    except (ArithmeticError, ValueError, RecursionError) as error:
        raise CatalogError(f"its plural rule fails ({error})") from None
    return compiled.getvalue()


def _check_placeholders(message_id: str | tuple[str, ...], strings: str | tuple[str, ...]) -> None:
    """Every translation of a message fills the same placeholders, or filling it would fail; a plural
    form may leave out the count (`%(n)s`: "one game"), which ngettext always supplies."""
    ids = message_id if isinstance(message_id, tuple) else (message_id,)
    wanted = placeholders(ids[-1])
    countless = frozenset(p for p in wanted if not p.startswith("%(n)"))
    shown = repr(ids[0] if len(ids[0]) <= SHOWN else ids[0][: SHOWN - 1] + "…")
    for string in strings if isinstance(strings, tuple) else (strings,):
        if not string:
            continue  # untranslated: the English answers
        found = placeholders(string)
        if found != wanted and not (len(ids) > 1 and found == countless):
            names = ", ".join(sorted(found ^ wanted))
            raise CatalogError(f"the translation of {shown} has other placeholders ({names})")
        if formats(ids[-1]) and not formats(string):
            raise CatalogError(f"the translation of {shown} has a stray %")


def languages(locale_dir: Path | None = None) -> tuple[str, ...]:
    """English first, then every language with a usable catalog in `locale_dir` (default: sheetgen's
    own), by tag."""
    return (DEFAULT, *sorted(_found(locale_dir or LOCALE_DIR).compiled))


def left_out(locale_dir: Path | None = None) -> tuple[str, ...]:
    """One `Notice:` line for each catalog in `locale_dir` that `languages` leaves out, naming it and
    saying why; the library shows none of them itself."""
    return _found(locale_dir or LOCALE_DIR).notices


def find_language(name: str, locale_dir: Path | None = None) -> str:
    """The known language `name` names (any case, `_` or `-`), or an error naming the known ones."""
    wanted = name.strip().replace("_", "-").lower()
    known = languages(locale_dir)
    for lang in known:
        if lang.lower() == wanted:
            return lang
    raise UnknownLanguageError(say("unknown_language", name=quote(name, quotes=REPR), known=", ".join(known)))


class Catalog:
    """A language from its compiled catalog: gettext with the catalog's plural rule, Babel's numbers
    and dates."""

    def __init__(self, lang: str, compiled: bytes) -> None:
        from babel import Locale

        self.lang = lang
        self._messages = gettext.GNUTranslations(io.BytesIO(compiled))
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

    def decimal(self, value: float, places: int) -> str:
        from babel.numbers import format_decimal

        pattern = "#,##0." + "0" * places if places else "#,##0"
        return format_decimal(value, format=pattern, locale=self._locale, decimal_quantization=True)

    def date(self, iso: str) -> str:
        """An ISO date (2026-11-27) as the language writes it (27/11/2026); other text as given."""
        import datetime

        from babel.dates import format_date

        try:
            day = datetime.date.fromisoformat(iso)
        except ValueError:
            return iso
        return format_date(day, format=self.date_pattern, locale=self._locale)

    @property
    def date_pattern(self) -> str:
        """The language's short numeric date with a four-digit year (2/12/2026, 02.12.2026): CLDR's
        short form gives some languages a two-digit year, which reads as a day on a score sheet.
        Where the numeric form is the year first (Swedish 2026-12-02), the month is named instead
        (2 dec. 2026), as the browser's pages name it: an ISO date reads as a machine's."""
        pattern = self._locale.date_formats["short"].pattern
        if pattern.lstrip("'").startswith("y"):
            return self._locale.date_formats["medium"].pattern
        return pattern if "yyyy" in pattern else pattern.replace("yy", "yyyy")


def translator(lang: str = DEFAULT, locale_dir: Path | None = None) -> Translator:
    """The language `lang` (a known tag) from `locale_dir` (default: sheetgen's own catalogs).

    English needs no catalog, so asking for it reads none (and does not load Babel)."""
    if lang == DEFAULT:
        return ENGLISH
    return _translator(find_language(lang, locale_dir), locale_dir or LOCALE_DIR)


@cache
def _translator(lang: str, locale_dir: Path) -> Translator:
    return ENGLISH if lang == DEFAULT else Catalog(lang, _found(locale_dir).compiled[lang])


@contextmanager
def speaking(lang: str | None, locale_dir: Path | None = None) -> Iterator[Translator]:
    """Every sentence in this block in `lang` (None: English)."""
    with using(translator(lang or DEFAULT, locale_dir)) as active:
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
