"""What the scorekeeper's Export writes (issue 26): a record that keeps the page's language, which
`sheetgen fill` prints in that language on that language's paper, under a file name that drops
accents and is never empty or hidden. The controller runs in Node, without a browser."""

from __future__ import annotations

import json
import re

import pypdf
import pytest
from helpers import node_answers, run_cli

from sheetgen.files.locales import languages, paper_for, speaking
from sheetgen.layout.geometry import PAPER_SIZES_PT, Paper
from sheetgen.rules.boxes import Box
from sheetgen.rules.game import GAMES
from sheetgen.rules.variants import OFFICIAL, Rules
from sheetgen.web.scorekeeper import scorekeeper_data

PLAYERS = ["Léo", "Zoë"]
# A whole game of two in turn: every box 0 but Chance, then Chance for each.
WHOLE_GAME = [
    ["start", PLAYERS],
    *[["writeScore", box.value, "0"] for box in Box if box is not Box.CHANCE for _ in PLAYERS],
    ["writeScore", "chance", "22"],
    ["writeScore", "chance", "17"],
]


@pytest.mark.parametrize("lang", languages())
def test_an_export_keeps_its_language_and_fill_prints_it_on_its_paper(lang, tmp_path):
    """The French page's record says "lang": "fr"; `sheetgen score` reads it and `sheetgen fill` prints
    it in French (the sheet's translated title) on A4; the English one on Letter."""
    with speaking(lang):
        model = scorekeeper_data(Rules(OFFICIAL))
        title = Rules(OFFICIAL).title
    answer = node_answers({"model": model, "plays": [WHOLE_GAME]})["plays"][0]
    assert answer["alerts"] == []
    exported = answer["exported"]
    record = json.loads(exported["text"])
    assert exported["finished"] and record["lang"] == lang
    path = tmp_path / exported["name"]
    path.write_text(exported["text"], encoding="utf-8")
    scored = run_cli(["score", str(path), "--json"])
    assert scored.exit_code == 0, scored.output
    assert [p["grand_total"] for p in json.loads(scored.output)["games"][0]["players"]] == [22, 17]
    pdf = tmp_path / "filled.pdf"
    filled = run_cli(["fill", str(path), "-o", str(pdf)])
    assert filled.exit_code == 0, filled.output
    reader = pypdf.PdfReader(pdf)
    box = reader.pages[0].mediabox
    size = (round(float(box.width)), round(float(box.height)))
    assert size == tuple(round(side) for side in PAPER_SIZES_PT[Paper.of(paper_for(lang))])
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert text.startswith(f"{' '.join(title.split())} "), (lang, title)  # French: "Yahtzee\u00a0: …"


@pytest.mark.parametrize(
    ("names", "slug"),
    [
        (["Léo", "Zoë", "Müller"], "leo-zoe-muller"),
        (["Straße", "Søren", "Łukasz", "Ægir"], "strasse-soren-lukasz-aegir"),
        (["Marie-Christine", "Maman"], "marie-christine-maman"),
        (["李", "..."], ""),
        ([".hidden", "-x-"], "hidden-x"),
    ],
    ids=["accents", "letters-without-accents", "hyphen", "nothing-left", "dots-and-dashes"],
)
def test_an_export_s_file_name_drops_accents_and_is_never_hidden(names, slug):
    """Léo → leo, Zoë → zoe, Müller → muller, ß → ss; a name with nothing left adds nothing, so the
    name still starts with the game's word and never with a dot."""
    model = scorekeeper_data(Rules(OFFICIAL))
    answer = node_answers({"model": model, "plays": [[["start", names]]], "slugs": names})
    name = answer["plays"][0]["exported"]["name"]
    tail = f"-{slug}" if slug else ""
    assert re.fullmatch(rf"yahtzee-\d{{4}}-\d\d-\d\d-\d{{4}}{re.escape(tail)}\.json", name), name
    assert "-".join(s for s in answer["slugs"] if s) == slug


def test_an_export_s_file_name_starts_with_its_game():
    """yatzy-…, yacht-…, triple-yahtzee-…: a family's downloads say which card each game was played on
    (before, every game's file began yahtzee-)."""
    for game_id, game in GAMES.items():
        answer = node_answers({"model": scorekeeper_data(Rules(game=game)), "plays": [[["start", ["Ann"]]]]})
        name = answer["plays"][0]["exported"]["name"]
        assert re.fullmatch(rf"{game_id}-\d{{4}}-\d\d-\d\d-\d{{4}}-ann\.json", name), name
