"""Triple Yahtzee's scorekeeper in a real browser: a card of three columns per player.

Every turn's options name a column (data-column beside data-box), a typed score goes to the column
chosen, the keyboard cursor and a correction reach each cell, the column totals, the scored row and
the player's grand total match the Python engine, and the export (each turn with its "column") is a
record `sheetgen score` accepts with the same totals.
"""

from __future__ import annotations

import random

from browsing import PHONE_WIDTH, export, open_page, score_json, start
from helpers import run_cli

from sheetgen.rules.game import TRIPLE_YAHTZEE
from sheetgen.rules.scoring import Card
from sheetgen.rules.simulate import roll_turn
from sheetgen.rules.variants import Rules

NAMES = ["Ann", "Bob"]
# The dice typed (an input event, as typing sends) and the slots then offered, in one round trip.
ROLL = """dice => {
  const field = document.querySelector("#dice");
  field.value = dice;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  const offered = [...document.querySelectorAll("#option-list [data-option]")];
  return offered.map((b) => [Number(b.dataset.column), b.dataset.option]);
}"""
CELL = (
    "([p, k, key, at]) => document.querySelector(`[data-player='${p}'][data-column='${k}'][${at}='${key}']`)"
)
TEXT = f"args => ({CELL})(args).innerText.replace(/,/g, '')"  # 1,344 as the page's English writes it
GRAND = (
    "p => document.querySelector(`[data-player='${p}'][data-total='card_total']`).innerText.replace(/,/g, '')"
)


def test_a_triple_yahtzee_game_keeps_three_columns_a_player_and_exports_a_record(browser_page, tmp_path):
    """Two players play the 39 turns from dice (one turn typed into column 2); at a phone's width the
    card scrolls in its box, not the page."""
    game = TRIPLE_YAHTZEE
    rules = Rules(game=game)
    path = tmp_path / "triple.html"
    result = run_cli(["scorekeeper", "--game", game.id, "-o", str(path)])
    assert result.exit_code == 0, result.output
    browsing = open_page(browser_page, path.as_uri(), width=PHONE_WIDTH)
    page = browsing.page
    start(page, NAMES)
    heads = page.eval_on_selector_all("#card thead tr.multipliers th", "ths => ths.map((t) => t.innerText)")
    assert heads == ["\u00d71", "\u00d72", "\u00d73"] * len(NAMES)
    rng = random.Random(30)
    cards = [Card.empty(game) for _ in NAMES]
    for turn in range(len(game.boxes) * len(game.columns)):
        for p in range(len(NAMES)):
            dice = roll_turn(rng, game) if rng.random() > 0.2 else (rng.choice(game.faces),) * game.dice
            legal = cards[p].legal_slots(dice, rules)
            shown = [tuple(slot) for slot in page.evaluate(ROLL, "".join(map(str, dice)))]
            assert shown == [(k + 1, box.value) for k, box in legal]
            if turn == 0 and p == 0:  # Ann types her first turn's Chance into column 2 instead
                slot = (1, game.box_set("chance"))
                page.select_option("#score-box", "2:chance")
                page.fill("#score", str(cards[p].score(dice, slot, rules)))
                page.click('#typed [type="submit"]')
                page.fill("#dice", "")
            else:
                slot = max(legal, key=lambda s: cards[p].score(dice, s, rules))
                page.click(f'#option-list [data-option="{slot[1].value}"][data-column="{slot[0] + 1}"]')
            cards[p] = cards[p].place(dice, slot, rules)
        if turn == 0:
            chance = cards[0].columns[1].boxes[game.box_set("chance")]
            assert page.evaluate(TEXT, [1, 2, "chance", "data-box"]) == str(chance)
            # The cursor moves across one player's columns: Ann's x2 cell is next to her x1 cell.
            page.focus("#card")
            page.keyboard.press("ArrowRight")
            assert page.get_attribute("#card", "aria-activedescendant") == "cell-0-2-aces"
            # A filled cell opens its own correction, named with its column.
            page.click("[data-player='1'][data-column='2'][data-box='chance']")
            assert page.get_attribute("[data-player='1'][data-column='2'][data-box='chance']", "class").count(
                "correcting"
            )
            assert "\u00d72" in page.inner_text("#whose-label")
            page.click('[data-action="cancel-correction"]')
    for p, card in enumerate(cards):
        for k, column in enumerate(card.columns):
            total = column.totals.grand_total
            assert page.evaluate(TEXT, [p + 1, k + 1, "grand_total", "data-total"]) == str(total)
            assert page.evaluate(TEXT, [p + 1, k + 1, "scored", "data-total"]) == str(total * (k + 1))
        assert page.evaluate(GRAND, p + 1) == str(card.grand_total)
    assert browsing.horizontal_overflow() == 0  # the card scrolls sideways in its own box
    record, exported = export(page, tmp_path)
    assert record["game"] == game.id
    turns = record["players"][0]["turns"]
    assert len(turns) == 39 and turns[0] == {"column": 2, "box": "chance", "score": chance}
    checked = score_json(exported)
    assert [p["grand_total"] for p in checked["games"][0]["players"]] == [card.grand_total for card in cards]
    assert browsing.errors == [] and browsing.outside_requests == []
