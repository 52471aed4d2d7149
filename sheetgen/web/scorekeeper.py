"""The browser scorekeeper: one self-contained HTML page per rules.

Everything the page knows about the game (boxes, labels, hints, score
constants, the Joker orders, house rules, name limits) is written into it as
one JSON blob from the rules model, so the page never retypes a label or a
number. The JavaScript engine and view are inlined, so the page makes no
request and works opened from disk.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache
from typing import Any

from sheetgen import __version__
from sheetgen.files.inputs import RECORD_LIMIT
from sheetgen.files.resources import TEMPLATES_DIR
from sheetgen.rules.boxes import (
    BOX_INFO,
    COLUMNS,
    DICE_COUNT,
    FACES,
    KIND_COUNTS,
    MAX_GAMES_IN_SERIES,
    MAX_YAHTZEE_BONUSES,
    SHEET_ROWS,
    STRAIGHT_LENGTHS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    Box,
    Section,
    Total,
)
from sheetgen.rules.guide import SITE_NOTICE
from sheetgen.rules.records import (
    BOXES_PLAYER_KEYS,
    DICE_TURN_KEYS,
    GAME_KEYS,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_TITLE_LENGTH,
    RECORD_KEYS,
    TURN_KEYS,
    TURNS_PLAYER_KEYS,
    TYPED_TURN_KEYS,
)
from sheetgen.rules.rulebook import edition_line, row_hint
from sheetgen.rules.scoring import JOKER_BOXES, possible_scores
from sheetgen.rules.text import BIDI_CONTROLS, BLANK_LETTERS, CONTROL_CATEGORIES, INVISIBLE_CATEGORIES
from sheetgen.rules.variants import START_RULES, VARIANTS, HouseRule, Rules, Variant

TEMPLATE = "scorekeeper/scorekeeper.html"
SEATS = COLUMNS  # the page seats as many players as the printed sheet has columns
SERIES_TOTAL_LABEL = "Series total"
STORAGE_KEY = "sheetgen-scorekeeper/v1/"  # versioned; the page adds its rules slug
FILL_COMMAND = "sheetgen fill game.json"
HISTORY_LIMIT = 100  # past games kept in the browser; the oldest goes first
UNDO_LIMIT = 500  # undo steps kept per game
MAX_STATE_CHARS = (
    1_000_000  # stored text refused unread past these sizes, so a planted one cannot freeze the page
)
MAX_HISTORY_CHARS = 4_000_000
MAX_IMPORT_BYTES = RECORD_LIMIT  # a file the page imports: as large as a record `sheetgen score` reads
MAX_ID_LENGTH = 40
MAX_FILE_NAME_PLAYERS = 60  # characters of player names in an export's file name
SAVED_GAME_KEY = "sheetgen_saved_game"  # marks an unfinished game's file, which only the page reads
MODULES = ("text.mjs", "engine.mjs", "store.mjs", "controller.mjs", "view.mjs")

# Every sentence the page's scripts show, in one place to translate; {names} are filled in.
TEXT: dict[str, Any] = {
    "other_tab": "This game was changed in another tab; that version is shown, your last change is not kept.",
    "updated": "Updated from another tab.",
    "not_saved": "This browser would not save the game; it stays on the page until you close it.",
    "not_written": "Not written: {reason}.",
    "wrote": "{name}: {box} {score}",
    "ticked": "{name}: Yahtzee bonus for {box}",
    "emptied": "{name}: {box} emptied",
    "sixth_die": "A roll is {count} dice: tap a die above to take it back first.",
    "dice_faces": "Dice are the numbers {low} to {high}.",
    "dice_first": "Enter the dice first.",
    "dice_count": "{have} of {count} dice.",
    "whole_number": "Type the score as a whole number.",
    "tick_refused": {
        "noBox": "No Yahtzee bonus: write {box} first, as a typed score.",
        "diceBox": "No Yahtzee bonus for {box}: its dice are on the card, and they earn their own bonus.",
        "ticked": "{box} already has its Yahtzee bonus: one per box.",
        "yahtzeeBox": "No Yahtzee bonus for the Yahtzee box itself.",
        "needsYahtzee": "No Yahtzee bonus yet: the Yahtzee box must hold {yahtzee}.",
        "misfit": "No Yahtzee bonus for {box} {score}: no extra Yahtzee leaves that score there.",
    },
    "already_empty": "{box} is already empty.",
    "nothing_to_undo": "Nothing to undo.",
    "undone": "Undone.",
    "correcting": "Correcting {name}'s {box}: enter the dice or a score, or cancel.",
    "correcting_label": "Correcting {box} for",
    "turn_label": "Turn:",
    "finished_label": "Finished:",
    "not_their_turn": "It is {name}'s turn; to correct a box, tap a filled one.",
    "chosen": "{name}, {box}: enter the dice or a score.",
    "correction_cancelled": "Correction cancelled.",
    "history_full": "The oldest past game was dropped: the page keeps {limit}.",
    "started": "New game: {names}.",
    "not_started": "This game has not started yet.",
    "next_in_series": "Game {number} of the series.",
    "new_game": "New game; the last one is in the past games.",
    "unknown_saved": "a saved game from another version of this page",
    "too_many_seats": "{name}: {count} players; this page seats {seats}. `{command}` prints it.",
    "imported": "Imported {name}.",
    "too_big": f"{{name}}: more than {MAX_IMPORT_BYTES >> 20} MB; a record file may be at most that.",
    "invalid_json": "{name}: invalid JSON: {reason}",
    "resumed": "Resumed: {names}.",
    "deleted": "Deleted the game of {names}.",
    "delete_confirm": "Delete the game of {names} from {when}? It cannot be brought back.",
    "exported": "Exported as {name}.",
    "set_aside": "A saved game here failed its checks and was set aside, not deleted; the page starts clean.",
    "every_filled": "Every box is filled. To correct one, tap it in the card.",
    "extra_yahtzee": "An extra Yahtzee: {bonus} bonus, wherever it goes.",
    "holds": "{box} holds{allowed}.",
    "leads": "leads",
    "wins": "\u2605 wins",
    "turn_now": "to play",
    "game": "Game",
    "game_number": "Game {number}",
    "card": "Score card",
    "card_number": "Score card, game {number}",
    "box": "Box",
    "empty": "empty",
    "cell": "{name}, {box}: {value}",
    "winner": "{names} wins {what}",
    "winners": "{names} tie {what}",
    "with_total": "with {total}",
    "series_with": "the series with {total}",
    "and": " and ",
    "remove_die": "Take back the {face}",
    "player_label": "Player {number}",
    "remove_player": "Remove player {number}",
    "remove": "Remove",
    "unfinished": "unfinished",
    "finished": "finished",
    "history_item": "{when}: {players}",
    "history_totals": "{totals}; {state}",
    "history_winner": "won by {names}",
    "resume": "Resume",
    "view": "View",
    "hide": "Hide",
    "export": "Export",
    "delete": "Delete",
    "no_history": "No past games yet.",
    "printed_on": "{date}",
}


def _house_rule_sets(fixed: tuple[HouseRule, ...]) -> list[tuple[HouseRule, ...]]:
    """Every set of house rules on top of `fixed` that holds together."""
    others = [rule for rule in HouseRule if rule not in fixed]
    return [
        fixed + extra
        for size in range(len(others) + 1)
        for extra in itertools.combinations(others, size)
        if sum(rule in START_RULES for rule in fixed + extra) <= 1
    ]


def _variant_data(rules: Rules, variant: Variant) -> dict[str, Any]:
    return {
        "name": rules.name,
        "base": variant.name,
        "aliases": list(variant.aliases) if rules.custom_name is None else [],
        "custom": rules.custom_name is not None,
        "house_rules": rules.house_rule_names if rules.custom_name else [],
        "start_rule": next(rule.value for rule, start in START_RULES.items() if start is variant.start),
        "joker_order": variant.joker_order.name,
        "joker_order_text": variant.joker_order.value,
    }


def _rulesets(variants: list[Rules]) -> tuple[dict[str, Any], list[list[str]]]:
    """What the page shows differently per rules: title, edition line, row hints.

    Rule sets with the same hints share one table, so the blob stays small.
    """
    sets: dict[str, Any] = {}
    hint_tables: list[list[str]] = []
    for base in variants:
        fixed = base.house_rules if base.custom_name else ()
        for house_rules in _house_rule_sets(fixed):
            rules = Rules(
                base.variant, house_rules, base.custom_name, base.custom_title, base.custom_house_rules
            )
            hints = [row_hint(row, rules) for row in SHEET_ROWS]
            if hints not in hint_tables:
                hint_tables.append(hints)
            sets[rules.slug] = {
                "title": rules.title,
                "edition": edition_line(rules),
                "hints": hint_tables.index(hints),
            }
    return sets, hint_tables


@cache
def _model_data() -> dict[str, Any]:
    """The rules-independent part of the blob: boxes, rows, totals, constants."""
    return {
        "constants": {
            "dice_count": DICE_COUNT,
            "faces": list(FACES),
            "upper_bonus_threshold": UPPER_BONUS_THRESHOLD,
            "upper_bonus": UPPER_BONUS,
            "yahtzee_score": YAHTZEE_SCORE,
            "yahtzee_bonus": YAHTZEE_BONUS,
            "max_yahtzee_bonuses": MAX_YAHTZEE_BONUSES,
            "max_games": MAX_GAMES_IN_SERIES,
            "max_players": SEATS,
            "max_record_players": MAX_PLAYERS,
            "max_name_length": MAX_NAME_LENGTH,
            "max_title_length": MAX_TITLE_LENGTH,
            "history_limit": HISTORY_LIMIT,
            "undo_limit": UNDO_LIMIT,
            "max_state_chars": MAX_STATE_CHARS,
            "max_history_chars": MAX_HISTORY_CHARS,
            "max_import_bytes": MAX_IMPORT_BYTES,
            "max_id_length": MAX_ID_LENGTH,
            "max_file_name_players": MAX_FILE_NAME_PLAYERS,
        },
        "text_rules": {
            "whitespace": [chr(c) for c in range(0x3000 + 1) if chr(c).isspace()],
            "control_categories": sorted(CONTROL_CATEGORIES),
            "invisible_categories": sorted(INVISIBLE_CATEGORIES),
            "bidi_controls": sorted(BIDI_CONTROLS),
            "blank_letters": sorted(BLANK_LETTERS),
        },
        "text": TEXT,
        "series_rule": HouseRule.SERIES.value,
        "saved_game_key": SAVED_GAME_KEY,
        "fill_command": FILL_COMMAND,
        "boxes": [
            {
                "name": box.value,
                "label": info.label,
                "section": info.section.value,
                "scoring": info.scoring.value,
                "face": info.face,
                "fixed_score": info.fixed_score,
                "kind_count": KIND_COUNTS.get(box),
                "straight_length": STRAIGHT_LENGTHS.get(box),
                "joker": box in JOKER_BOXES,
                "possible_scores": sorted(possible_scores(box)),
            }
            for box, info in BOX_INFO.items()
        ],
        "yahtzee_box": Box.YAHTZEE.value,
        "full_house_box": Box.FULL_HOUSE.value,
        "chance_box": Box.CHANCE.value,
        "kind_boxes": [box.value for box in KIND_COUNTS if box is not Box.YAHTZEE],
        "sections": [{"name": s.value, "label": s.label} for s in Section],
        "totals": [{"name": t.value, "label": t.label} for t in Total],
        "rows": [
            {"key": row.key.value, "slug": row.slug, "total": row.is_total, "section": row.section.value}
            for row in SHEET_ROWS
        ],
        "house_rules": [
            {"name": r.value, "key": r.name, "label": r.label, "summary": r.summary} for r in HouseRule
        ],
        "start_rules": [rule.value for rule in START_RULES],
        "record_keys": {
            "record": list(RECORD_KEYS),
            "game": list(GAME_KEYS),
            "turns_player": list(TURNS_PLAYER_KEYS),
            "boxes_player": list(BOXES_PLAYER_KEYS),
            "turn": list(TURN_KEYS),
            "dice_turn": list(DICE_TURN_KEYS),
            "typed_turn": list(TYPED_TURN_KEYS),
        },
        "series_total_label": SERIES_TOTAL_LABEL,
    }


def scorekeeper_data(rules: Rules) -> dict[str, Any]:
    """The JSON blob: the model, every variant the page can load, and the page's own rules."""
    bases = [Rules(variant) for variant in VARIANTS]
    if rules.custom_name:
        own = rules.custom_house_rules
        bases.append(Rules(rules.variant, own, rules.custom_name, rules.custom_title, own))
    rulesets, hint_tables = _rulesets(bases)
    return {
        **_model_data(),
        "variants": [_variant_data(base, base.variant) for base in bases],
        "rulesets": rulesets,
        "hint_tables": hint_tables,
        "page": {
            "variant": rules.name,
            # A custom variant's own house rules come with it; these are the ones added on top.
            "house_rules": [r.value for r in rules.house_rules if r not in rules.custom_house_rules],
            "slug": rules.slug,
            "storage_key": STORAGE_KEY + rules.slug,
        },
    }


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element: no '</' or '<!--' can end or confuse it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


IMPORT = re.compile(r"^import\b[^;]*;\n", re.MULTILINE)
EXPORT = re.compile(r"^export ", re.MULTILINE)


def _module(name: str) -> str:
    """A template module's source with its imports and `export` words dropped, to inline it.

    The modules are written as real ES modules so Node can import the engine in tests;
    inlined one after the other in one module script, they share one scope.
    """
    source = (TEMPLATES_DIR / "scorekeeper" / name).read_text(encoding="utf-8")
    return EXPORT.sub("", IMPORT.sub("", source))


def render_scorekeeper(rules: Rules, site: bool = False) -> str:
    """The scorekeeper page for `rules`, as one self-contained HTML string.

    With `site` (the build's copy) it links the rules page and the index beside it.
    """
    from markupsafe import Markup

    from sheetgen.web.site import SITE_CSS, stylesheet
    from sheetgen.web.templating import environment

    data = scorekeeper_data(rules)
    ruleset = data["rulesets"][rules.slug]
    script = "\n".join(_module(name) for name in MODULES)
    return (
        environment()
        .get_template(TEMPLATE)
        .render(
            title=ruleset["title"],
            edition=ruleset["edition"],
            data=Markup(_script_json(data)),
            css=stylesheet(SITE_CSS, "scorekeeper/scorekeeper.css"),
            script=Markup(script.replace("</script", "<\\/script")),
            max_players=SEATS,
            faces=FACES,
            fill_command=FILL_COMMAND,
            notice=SITE_NOTICE,
            version=__version__,
            app=site,
            history_limit=HISTORY_LIMIT,
            site={"rules": f"rules-{rules.slug}.html", "index": f"index.html#{rules.slug}"} if site else None,
        )
    )
