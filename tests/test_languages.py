"""Every language as its speakers write it (issue 26): its style guide, one form of address, its
typography, numbers and dates on filled records, its own site, plain file names, and line breaks a
typesetter accepts on every rule sheet.

The catalogs' completeness and the absence of English are test_i18n.py's; this file holds the
language's own rules, one table row a rule, so a fault a native speaker reported stays fixed.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from helpers import hyphenation_faults, rule_sheet_pdf
from PIL import Image

from sheetgen.build import JobKind, plan, run_job
from sheetgen.files.locales import LOCALE_DIR, catalog_path, languages, speaking, translator
from sheetgen.pdf.fill import Filler
from sheetgen.rules.guide import difference
from sheetgen.rules.records import parse_record
from sheetgen.rules.text import file_stem
from sheetgen.rules.variants import FREE_CHOICE, OFFICIAL, HouseRule, Rules
from sheetgen.web.site import human_size, paper_label, render_index, render_rules_page
from sheetgen.web.templating import whole

OTHERS = [lang for lang in languages() if lang != "en"]

# The form of address each guide picks, and words of the forms it rules out (pronouns and the
# imperatives the catalogs used to mix in). Checked against every translation in the catalog.
ADDRESS = {
    "da": ("du", r"jer|jeres|Jer|Jeres|Dem"),
    "de": ("du", r"euch|euer|eure\w*|Tragt|Würfelt|Teilt|Wählt|Lest|ladet|Rechnet"),
    "fi": (
        "sinä",
        r"te|teidän|teille|teitä|teistä|Te|Teidän|Heittäkää|Kirjatkaa|Kirjoittakaa|Laskekaa|Valitkaa"
        r"|Pelatkaa|Pitäkää|Merkitkää|Lukekaa|Ladatkaa|Napauttakaa|Antakaa",
    ),
    "fr": ("vous", r"tu|toi|ton|ta|tes"),
    "es": (
        "tú",
        r"vosotros|vuestr\w+|usted|queráis|elijáis|queréis|necesitáis|Compartid|Tirad|Anotad|Contad"
        r"|Reunid|Sumad|ponedlo|Jugad|Elegid|leedlas|descargad|llevad",
    ),
    "it": (
        "tu",
        r"voi|vostr\w+|volete|preferite|Condividete|Tirate|Segnate|Contate|Raccogliete|Sommate"
        r"|mettetelo|Giocate|Scegliete|leggetele|scaricate|tenete",
    ),
    "nb": ("du", r"dere|deres|Dere|Deres"),
    "nl": ("je", r"u|uw"),
    "sv": ("du", r"[Nn]i|er|ert|era|Er|Ert|Era|Eder"),
    "pt-BR": (
        "você",
        r"vocês|tu|teu|tua|Compartilhem|Joguem|Anotem|Contem|Juntem|Somem|coloquem-no|escolherem"
        r"|quiserem|Escolham|leiam-nas|baixem|marquem",
    ),
}

# Faults a native speaker reported (issue 26), by language: text that must never be in the catalog's
# translations again, and text the rendered rule sheet must hold.
NEVER = {
    "da": [", eller %(best)s", "Højst mulige", "{name}s "],
    "de": ["Tragt ein", "Werte die letzten", "Spiel Nr.", ", oder %(best)s", "Auslegung: die", "Teilt euch"],
    "fi": [", tai %(best)s", "{name}n ", "%(name)sn ", "sarake kertoo bonuksen"],
    "fr": ["Annulé.", " :", " ;", " ?", " !"],
    "es": [", o %(best)s", "Compartid"],
    "it": [", o %(best)s", "Condividete"],
    "nb": [", eller %(best)s", "Høyst mulig", "{name}s "],
    "nl": [", of %(best)s", "na elk "],
    "pt-BR": [", ou %(best)s", "Compartilhem", "em toda vez"],
    "sv": [", eller %(best)s", "Husregler som ni", "%(name)ss", "{name}s "],
}
SHEET_HOLDS = {
    "da": ["375 eller 1.575", "Fortolkning: Reglerne siger"],
    "de": ["Trag die letzten Würfel", "Auslegung: Die Regeln", "375 oder 1.575"],
    "fi": ["375 tai 1 575", "Tulkinta: Säännöt eivät kerro", "Ei bonusta, jos siinä on 0"],
    "fr": ["Maximum possible : 375 ou 1 575"],
    "es": ["375 o 1.575"],
    "it": ["375 o 1.575"],
    "nb": ["375 eller 1 575", "Tolkning: Reglene sier"],
    "nl": ["375 of 1.575"],
    "pt-BR": ["375 ou 1.575"],
    "sv": ["375 eller 1 575", "Tolkning: Reglerna säger"],
}


@cache
def translations(lang: str) -> list[tuple[str, str]]:
    """(message id, translation) for every form of every message of `lang`'s catalog."""
    with open(catalog_path(lang), "rb") as handle:
        catalog = read_po(handle)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(ids[0], string) for string in strings]
    return pairs


def pdf_lines(pdf: bytes) -> str:
    """The PDF's text as poppler lays out its lines (each line's end as printed)."""
    return subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def flat(text: str) -> str:
    """Lines joined as a reader reads them: a break the typesetter hyphenated joins its word again."""
    return " ".join(text.replace("\u2010\n", "").replace("\u00a0", " ").replace("\u202f", " ").split())


# ---- 1. the style guides and the catalogs against them ----


@pytest.mark.parametrize("lang", OTHERS)
def test_each_language_has_a_style_guide_beside_its_catalog(lang: str) -> None:
    """The guide names the form of address, the box names, punctuation, numbers and the words kept."""
    guide = (LOCALE_DIR / lang.replace("-", "_") / "STYLE.md").read_text(encoding="utf-8")
    address, _ = ADDRESS[lang]
    assert f"**{address}" in guide, f"{lang}: the guide does not name its form of address, {address}"
    words = translator(lang)
    assert "Yahtzee" in guide and words.number(1575) in guide and words.date("2026-12-02") in guide
    assert "2-3-4-5-6" in guide  # its hyphenation rule
    with speaking(lang):
        from sheetgen.rules.boxes import Box

        labels = [box.label for box in Box]
    missing = [label for label in labels if label not in guide]
    assert not missing, f"{lang}: box names the guide does not fix: {missing}"


@pytest.mark.parametrize("lang", OTHERS)
def test_one_form_of_address_in_every_translation(lang: str) -> None:
    """No message speaks to the reader in another form than the one the guide picks."""
    address, others = ADDRESS[lang]
    pattern = re.compile(rf"(?<!\w)(?:{others})(?!\w)")
    found = [(mid, s) for mid, s in translations(lang) if pattern.search(re.sub(r"\{\w+\}|%\(\w+\)s", "", s))]
    assert not found, f"{lang} speaks as {address}, but: {found[:5]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_reported_faults_stay_fixed(lang: str) -> None:
    """The catalog holds none of the wordings a native speaker corrected."""
    found = [(bad, s) for bad in NEVER[lang] for _, s in translations(lang) if bad in s]
    assert not found, found[:5]


def test_french_spaces_before_high_punctuation() -> None:
    """French: a no-break space before a colon, a narrow one before ; ! ? (never a plain one, never none)."""
    for _id, string in translations("fr"):
        for match in re.finditer(r"(.)([:;!?])(?=\s|$)", string):
            wanted = "\u00a0" if match[2] == ":" else "\u202f"
            assert match[1] == wanted, f"{string!r}: {match[0]!r} wants U+{ord(wanted):04X} before {match[2]}"


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_undo_and_cancel_do_not_start_alike(lang: str) -> None:
    """Undo and the correction's Cancel are told apart by their first word; Undo's status says what."""
    with speaking(lang) as words:
        undo, cancel = words.gettext("Undo"), words.gettext("Cancel the correction")
        undone = words.gettext("Undone.")
    assert undo.split()[0] != cancel.split()[0], (undo, cancel)
    assert len(undone.split()) > 1, undone


@pytest.mark.parametrize("lang", OTHERS)
def test_rule_sheet_reads_as_corrected(lang: str) -> None:
    """The rendered rule sheet holds the corrected sentences, with the language's grouped numbers."""
    text = flat(pdf_lines(rule_sheet_pdf(Rules(OFFICIAL), "a4", lang)))
    for wanted in SHEET_HOLDS[lang]:
        assert wanted in text, f"{lang}: {wanted!r} not on the rule sheet"


@pytest.mark.parametrize("lang", languages())
def test_translated_titles_keep_their_capitals(lang: str) -> None:
    """A custom variant's line names its base as titled ("Based on Free choice"), never lower-cased;
    the score sheet's document title keeps the sheet's kind as the language writes it (Spielblatt)."""
    from sheetgen.pdf.scoresheet import render_scoresheet

    with speaking(lang):
        line = difference(Rules(FREE_CHOICE, (HouseRule.SERIES,), "ours", "Ours"))
        assert FREE_CHOICE.title in line
        pdf = render_scoresheet(Rules(OFFICIAL), "players", "a4", columns=2)
        kind = translator(lang).gettext("Score sheet")
    import pypdf

    title = pypdf.PdfReader(io.BytesIO(pdf)).metadata.title
    assert re.search(f" [\u2013\u2014] {re.escape(kind)}$", title), title  # the language's dash


# ---- 2. numbers and dates in the language's form ----


def record_of_1575(lang: str | None) -> dict:
    """The highest game there is (1,575: a Yahtzee every turn), dated, optionally in `lang`."""
    turns = [{"dice": [6] * 5, "box": "yahtzee"}]
    turns += [{"dice": [face] * 5, "box": box} for face, box in enumerate(UPPER_KEYS, start=1)]
    turns += [{"dice": [6] * 5, "box": box} for box in LOWER_KEYS]
    record = {"title": "Max", "date": "2026-11-27", "players": [{"name": "Léo", "turns": turns}]}
    return record | ({"lang": lang} if lang else {})


UPPER_KEYS = ["aces", "twos", "threes", "fours", "fives", "sixes"]
LOWER_KEYS = ["three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance"]


@pytest.mark.parametrize("lang", languages())
def test_filled_record_prints_numbers_and_date_in_its_language(lang: str) -> None:
    """The German filled PDF prints 1.575 (not 1575) and 27.11.2026; every language its own forms."""
    record = parse_record(json.loads(json.dumps(record_of_1575(lang))), "max.json")
    assert record.games[0].players[0].totals.grand_total == 1575
    text = flat(pdf_lines(Filler(None).pdf([record])))
    words = translator(lang)
    assert flat(words.number(1575)) in text and flat(words.number(1200)) in text
    assert words.date("2026-11-27") in text
    if lang != "en":
        assert not re.search(r"(?<![\d.,\u00a0\u202f])1575(?!\d)", text), "an ungrouped total"
        assert "2026-11-27" not in text, "an ISO date"


@pytest.mark.parametrize("lang", languages())
def test_dates_have_four_digit_years(lang: str) -> None:
    """A record's date is the language's short numeric form with the whole year, never 27/11/26."""
    shown = translator(lang).date("2026-11-27")
    assert "2026" in shown and "27" in shown


@pytest.mark.parametrize(
    ("lang", "size", "shown"),
    [
        ("en", 1_234_567, "1.2 MB"),
        ("de", 1_234_567, "1,2 MB"),
        ("fr", 1_234_567, "1,2\u00a0Mo"),
        ("fr", 48_000, "48\u00a0ko"),
        ("pt-BR", 1_234_567, "1,2 MB"),
        ("nl", 2_000, "2 KB"),
    ],
)
def test_download_sizes_in_the_language(lang: str, size: int, shown: str) -> None:
    """The index's file sizes use the language's decimal comma and units."""
    with speaking(lang):
        assert human_size(size) == shown


# ---- 5. each language's site is its own ----


def _png(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("L", (4, 6)).save(path)


@pytest.mark.parametrize(("lang", "first"), [("en", "Letter"), *((lang, "A4") for lang in OTHERS)])
def test_index_lists_the_languages_paper_first(tmp_path: Path, lang: str, first: str) -> None:
    """A4 before Letter (and its preview) on every index but English's; the rules page's sheets too."""
    files = {}
    for name in ("letter", "a4"):
        path = f"rules-official{'-a4' if name == 'a4' else ''}.pdf"
        with speaking(lang):
            paper = paper_label(name)  # Carta in Brazil
        files[path] = {
            "slug": "official",
            "title": "T",
            "kind": "Rule sheet",
            "paper": paper,
            "option": paper,
        }
        _png(tmp_path / f"{path}.png")
    with speaking(lang):
        html = render_index(files, tmp_path, {path: f"{path}.png" for path in files})
        page = render_rules_page(Rules(OFFICIAL), list(files))
    letter, a4 = html.index('href="rules-official.pdf"'), html.index('href="rules-official-a4.pdf"')
    assert (a4 < letter) == (first == "A4")
    assert re.search(rf'<img src="rules-official{"-a4" if first == "A4" else ""}\.pdf\.png"', html)
    letter, a4 = page.index('href="rules-official.pdf"'), page.index('href="rules-official-a4.pdf"')
    assert (a4 < letter) == (first == "A4")
    assert ("Carta" in page) == (lang == "pt-BR")


def test_a_languages_examples_are_filled_in_that_language() -> None:
    """The German site's example records are German sheets, not English ones ("Title", "SCORE SHEET")."""
    (job,) = [
        job
        for job in plan(["official"], langs=("en", "de"))
        if job.kind == JobKind.RECORDS and job.lang == "de" and job.paper == "a4"
    ]
    assert job.outputs[0].startswith("de/records/")
    for output, pdf, _preview in run_job(job):
        text = pdf_lines(pdf)
        heading = text.replace(" ", "")
        assert "Titel" in text and ("SPIELBLATT" in heading or "SERIENKARTE" in heading), (
            f"{output}: {text[:200]!r}"
        )
        assert "Title" not in text and "SCORESHEET" not in heading and "SERIESCARD" not in heading, output


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Léo", "leo"),
        ("Zoë", "zoe"),
        ("Müller", "muller"),
        ("Straße", "strasse"),
        ("Łukasz Ørsted", "lukasz-orsted"),
        ("Ann & Bob", "ann-bob"),
        (".hidden", "hidden"),
        ("...", "record"),
        ("Ψ", "record"),
        ("  ", "record"),
    ],
)
def test_file_names_transliterate_and_are_never_empty_or_hidden(name: str, stem: str) -> None:
    """A name in a file name is plain letters and digits: Léo -> leo, never '' or '.hidden'."""
    assert file_stem(name, "record") == stem


def test_a_hidden_record_name_prints_to_a_visible_file(tmp_path: Path) -> None:
    """`fill .x.json` writes x.pdf, not a hidden .x.pdf."""
    from sheetgen.pdf.batch import _targets

    (target,) = _targets([tmp_path / ".x.json"], tmp_path, [""])
    assert target.name == "x.pdf"


# ---- 6. hyphenation a typesetter accepts ----


@pytest.mark.parametrize(
    ("lines", "faults"),
    [
        (["ein Yaht\u2010", "zee fällt"], 1),  # inside Yahtzee
        (["Twee\u2010", "ën"], 1),  # two letters after the break
        (["Ya\u2010", "htzee"], 2),  # both
        (["1.5\u2010", "75 Punkte"], 2),  # inside a number
        (["Haus\u2010", "version und", "Milton-", "Bradley"], 0),  # a hyphen of the text is no break
        (["zu\u2010", "sam\u2010", "men\u2010", "fassung"], 2),  # three in a row; sam-/men is fine
    ],
)
def test_the_hyphenation_check_finds_what_a_typesetter_refuses(lines: list[str], faults: int) -> None:
    """The checker itself: each refused break is one fault."""
    assert len(hyphenation_faults("\n".join(lines))) == faults


# The longest rule sheets of every language are checked with this checker where they are laid out once
# a run: test_i18n.test_every_rule_sheet_is_one_page.


def test_whole_keeps_figures_and_yahtzee_whole() -> None:
    """The spans the sheets' and pages' CSS keep whole: figures never break, Yahtzee never hyphenates."""
    html = str(whole("Ein Yahtzee-Bonus: 2-3-4-5-6 zählt 1.575 <b>", tail=True))
    assert '<span class="whole">Yahtzee-Bonus:</span>' in html
    assert '<span class="figures">2-3-4-5-6</span>' in html
    assert html.endswith('<span class="whole"><span class="figures">1.575</span>&nbsp;&lt;b&gt;</span>')


@pytest.mark.parametrize("lang", OTHERS)
def test_pages_keep_dice_sequences_whole(tmp_path: Path, lang: str) -> None:
    """On the rules page every dice sequence and big number sits in a span that never breaks."""
    from helpers import web_pages

    html = (web_pages(tmp_path, lang) / "rules-official.html").read_text(encoding="utf-8")
    body = re.sub(
        r"<(script|style)\b.*?</\1>|<[^>]+\bclass=\"(?:figures|roll|points)\b[^>]*>.*?</span>",
        "",
        html,
        flags=re.S,
    )
    text = re.sub(r"<[^>]+>", " ", body)
    loose = re.findall(r"\b\d(?:-\d){3,4}\b|\b\d[.\u00a0\u202f ]\d{3}\b", text)
    assert not loose, loose[:5]
