"""The scorekeeper of each game of the family in a real browser: a whole game, exported, scored.

The page of `sheetgen scorekeeper --game ID` offers the boxes the Python engine allows, shows its
totals, and exports a record with "game" that `sheetgen score` accepts with the same totals.
"""

from __future__ import annotations

import random

import pytest
from browsing import export, open_page, score_json, start
from helpers import run_cli

from sheetgen.rules.game import GAMES
from sheetgen.rules.scoring import Card
from sheetgen.rules.simulate import roll_turn
from sheetgen.rules.variants import Rules

NAMES = ["Ann", "Bob"]
OPTIONS = "buttons => buttons.map((b) => b.dataset.option)"
TOTAL = "([p, t]) => document.querySelector(`[data-player='${p}'][data-total='${t}']`).innerText"


@pytest.mark.parametrize("game_id", ["yatzy"])
def test_a_whole_game_exports_a_record_sheetgen_scores(browser_page, tmp_path, game_id):
    """Two players fill every box from dice; the options are Python's legal boxes, and the export
    names the game and scores in `sheetgen score` to the page's grand totals."""
    game = GAMES[game_id]
    rules = Rules(game=game)
    path = tmp_path / f"{game_id}.html"
    result = run_cli(["scorekeeper", "--game", game_id, "-o", str(path)])
    assert result.exit_code == 0, result.output
    browsing = open_page(browser_page, path.as_uri())
    page = browsing.page
    start(page, NAMES)
    rng = random.Random(30)
    cards = [Card.empty(game) for _ in NAMES]
    for _ in range(game.turns):
        for p in range(len(NAMES)):
            dice = roll_turn(rng) if rng.random() > 0.2 else (rng.choice(game.faces),) * game.dice
            page.fill("#dice", "".join(map(str, dice)))
            shown = page.eval_on_selector_all("#option-list [data-option]", OPTIONS)
            legal = [box.value for _, box in cards[p].legal_slots(dice, rules)]
            assert shown == legal
            slot = max(cards[p].legal_slots(dice, rules), key=lambda s: cards[p].score(dice, s, rules))
            page.click(f'#option-list [data-option="{slot[1].value}"]')
            cards[p] = cards[p].place(dice, slot, rules)
    shown = [int(page.evaluate(TOTAL, [p + 1, "grand_total"])) for p in range(len(NAMES))]
    assert shown == [card.grand_total for card in cards]
    record, exported = export(page, tmp_path)
    assert record["game"] == game_id and "variant" not in record
    checked = score_json(exported)
    assert checked["game"] == game_id
    assert [p["grand_total"] for p in checked["games"][0]["players"]] == shown
    assert browsing.errors == [] and browsing.outside_requests == []
