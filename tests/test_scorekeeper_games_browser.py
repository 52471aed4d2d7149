"""The scorekeeper of each game of the family in a real browser: a whole game, exported, scored.

The page of `sheetgen scorekeeper --game ID` offers the boxes the Python engine allows, shows its
totals, and exports a record with "game" that `sheetgen score` accepts with the same totals; and the
keyboard alone plays it, the focus never lost and always shown.
"""

from __future__ import annotations

import random

import pytest
from browsing import DESKTOP_WIDTH, PHONE_WIDTH, export, open_page, score_json, start
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


# After each key: the focus is on an element of the page (never on the body), shown by the focus ring
# (the card's by the ring of the cell under its cursor), and on the screen.
FOCUS_SHOWN = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "lost";
  if (!el.matches(":focus-visible")) return `not :focus-visible: ${el.outerHTML.slice(0, 80)}`;
  const shown = el.id === "card" ? document.getElementById(el.getAttribute("aria-activedescendant")) : el;
  if (!shown) return "the card has no cell under its cursor";
  const style = getComputedStyle(shown);
  const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
  if (!ring) return `no ring: ${shown.outerHTML.slice(0, 80)}`;
  const box = shown.getBoundingClientRect();
  const scroll = shown.closest(".card-scroll")?.getBoundingClientRect() ?? { left: 0, right: innerWidth };
  const off = !box.width || box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth;
  const hidden = box.right <= scroll.left || box.left >= scroll.right; // scrolled away in the card's box
  return off || hidden ? `off screen: ${shown.outerHTML.slice(0, 80)}` : "";
}"""
SLOT = "() => [document.activeElement.dataset.option, Number(document.activeElement.dataset.column || 1)]"


@pytest.mark.parametrize("game_id", ["yatzy", "yacht", "triple-yahtzee"])
def test_the_keyboard_alone_plays_a_few_turns_and_never_loses_the_focus(browser_page, tmp_path, game_id):
    """Tab, arrows, Enter and typed dice only: a name, three turns (on Triple Yahtzee's card one in
    column 2 from the options, one typed into column 3 from the list), a correction opened on the card
    and cancelled, new players and back; after every key the focus is on the page and shown, and the
    card shows the engine's totals."""
    game = GAMES[game_id]
    rules = Rules(game=game)
    path = tmp_path / f"{game_id}.html"
    assert run_cli(["scorekeeper", "--game", game_id, "-o", str(path)]).exit_code == 0
    # Triple Yahtzee's at a phone's width, where its card scrolls sideways in its own box.
    browsing = open_page(browser_page, path.as_uri(), PHONE_WIDTH if len(game.columns) > 1 else DESKTOP_WIDTH)
    page = browsing.page
    lost: list[tuple[str, str]] = []

    def press(key: str) -> None:
        page.keyboard.press(key)
        if state := page.evaluate(FOCUS_SHOWN):
            lost.append((key, state))

    def tab_to(selector: str, key: str = "Tab", limit: int = 80) -> None:
        for _ in range(limit):
            press(key)
            if page.evaluate("s => document.activeElement.matches(s)", selector):
                return
        raise AssertionError(f"{key} never reached {selector}")

    tab_to("#name-1")
    page.keyboard.type("Dee")
    tab_to('[aria-label="Remove player 2"]')
    press("Enter")  # one player
    tab_to('[data-action="start"]')
    press("Enter")
    card, rng, placed = Card.empty(game), random.Random(30), []
    columns = len(game.columns)
    for turn in range(3):
        dice = roll_turn(rng, game)
        legal = card.legal_slots(dice, rules)
        wanted = {0: 1, 1: 2}.get(turn, 0) if columns > 1 else 0  # Triple Yahtzee: columns 2, 3, then 1
        slot = max((s for s in legal if s[0] == wanted), key=lambda s: card.score(dice, s, rules))
        score = card.score(dice, slot, rules)
        if turn == 1:  # typed: the box (and column) chosen in the list with the arrows
            value = f"{slot[0] + 1}:{slot[1].value}" if columns > 1 else slot[1].value
            tab_to("#score-box")
            for _ in range(len(legal) + 1):
                if page.input_value("#score-box") == value:
                    break
                press("ArrowDown")
            tab_to("#score")
            page.keyboard.type(str(score))
            press("Enter")
            tab_to("#dice", "Shift+Tab")
        else:  # the dice typed, Enter to the options, Tab to the slot, Enter
            assert page.evaluate("document.activeElement.id") == "dice", turn
            page.keyboard.type("".join(map(str, dice)))
            press("Enter")
            for _ in range(len(legal)):
                if page.evaluate(SLOT) == [slot[1].value, slot[0] + 1]:
                    break
                press("Tab")
            press("Enter")
        card = card.place(dice, slot, rules)
        placed.append(slot)
        assert page.evaluate("document.activeElement.id") == "dice", turn
    # The card: its cursor to the box written first (down the rows, across to its column), Enter opens
    # its correction, Cancel the correction hands the focus back to the dice.
    first = placed[0]
    tab_to("#card")
    press("Home")
    for _ in range([box.value for box in game.boxes].index(first[1].value)):
        press("ArrowDown")
    for _ in range(first[0]):
        press("ArrowRight")
    cell = f"cell-0-{first[0] + 1}-{first[1].value}" if columns > 1 else f"cell-0-{first[1].value}"
    assert page.get_attribute("#card", "aria-activedescendant") == cell
    press("Enter")
    assert page.evaluate("document.querySelector('td.correcting')?.id") == cell
    tab_to('[data-action="cancel-correction"]', "Shift+Tab")
    press("Enter")
    assert page.evaluate("document.activeElement.id") == "dice" and not page.query_selector("td.correcting")
    tab_to('[data-action="new-players"]')
    press("Enter")
    tab_to('[data-action="back"]')
    press("Enter")
    assert page.evaluate("document.activeElement.id") == "dice"
    assert lost == []
    grand = "card_total" if columns > 1 else "grand_total"
    shown = page.evaluate(TOTAL, [1, grand]).replace(",", "")
    assert shown == str(card.grand_total)
    assert browsing.errors == [] and browsing.outside_requests == []
