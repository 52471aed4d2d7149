"""The browser scorekeeper: one self-contained HTML page per rules.

Everything the page knows about the game (boxes, labels, hints, score
constants, the Joker orders, house rules, name limits) is written into it as
one JSON blob from the rules model, so the page never retypes a label or a
number. The JavaScript modules come as data: URLs under an import map, each a
real ES module in its own scope, so the page makes no request and works
opened from disk.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
from functools import cache
from typing import Any

from sheetgen import __version__
from sheetgen.files.inputs import MAX_DEPTH, MAX_DIGITS, RECORD_LIMIT
from sheetgen.files.locales import languages
from sheetgen.files.resources import template_text
from sheetgen.rules import i18n
from sheetgen.rules.boxes import (
    CARD_TOTAL_HINTS,
    COLUMNS,
    MAX_GAMES_IN_SERIES,
    CardTotal,
    SheetRow,
    Total,
    card_rows,
    row_label,
    total_hint,
)
from sheetgen.rules.game import DEFAULT_GAME, GAMES, YAHTZEE, Game, Kind, Scoring, Section
from sheetgen.rules.guide import site_notice
from sheetgen.rules.i18n import N_, _
from sheetgen.rules.messages import CHECKS, TYPE_NAMES, WORDS
from sheetgen.rules.records import (
    ALLOWED_SHOWN,
    BOXES_PLAYER_KEYS,
    COLUMN_KEYS,
    COLUMNS_PLAYER_KEYS,
    DEFAULT_VARIANT,
    DICE_TURN_KEYS,
    GAME_KEYS,
    LANG_PATTERN,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_TITLE_LENGTH,
    RECORD_KEYS,
    TURN_KEYS,
    TURNS_PLAYER_KEYS,
    TYPED_TURN_KEYS,
    keys_for,
)
from sheetgen.rules.rulebook import edition_line, row_hint
from sheetgen.rules.scoring import possible_scores
from sheetgen.rules.text import (
    ASCII_SPELLINGS,
    BIDI_CONTROLS,
    BLANK_LETTERS,
    CONTROL_CATEGORIES,
    EXCERPT,
    INVISIBLE_CATEGORIES,
    LINE_SPACES,
    MAX_LINE,
)
from sheetgen.rules.variants import (
    START_RULES,
    VARIANTS,
    HouseRule,
    JokerOrder,
    Rules,
    Variant,
    joker_order_text,
)
from sheetgen.web.app import ICON, icon

TEMPLATE = "scorekeeper/scorekeeper.html"
SEATS = COLUMNS  # the page seats as many players as the printed sheet has columns
SERIES_TOTAL_LABEL = N_("Series total")
SCOREKEEPER_HEADING = N_("Yahtzee scorekeeper")  # Yahtzee's page, as it always was
GAME_HEADING = N_("%(game)s scorekeeper")  # the other games' pages
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
MODULES = ("text.mjs", "engine.mjs", "store.mjs", "controller.mjs", "view.mjs", "app.mjs")

# The checks only the page makes: of its own fields, and of the saved games it reads back (store.mjs).
PAGE_CHECKS: dict[str, str] = {
    "players": N_("give 1 to {most} players"),
    "variant_file": N_("{variant} is a variant file; open the scorekeeper made from it"),
    "not_finished": N_("not finished: every player needs all {count} boxes filled"),
    "saved_game": N_("saved game"),
    "entry": N_("entry {number}"),
    "undo_step": N_("undo step {number}"),
    "missing_key": N_("missing {key}"),
    "list_at_most": N_("expected a list of at most {most}"),
    "text_at_most": N_("expected text of at most {most} characters"),
    "not_a_time": N_("not a time"),
    "not_clean": N_("not trimmed and normalized as the page saves it"),
    "no_game": N_("no game"),
    "no_player": N_("no such player"),
    "dice_or_score_needed": N_("needs dice or a score"),
    "dice_faces": N_("dice must be {count} faces"),
    "roll_bonus": N_("a roll earns its own bonus"),
    "typed_whole": N_("a typed score is a whole number"),
    "true_or_absent": N_("{key} is true or left out"),
    "unknown_step": N_("unknown step"),
    "index_range": N_("index out of range"),
    "other_game_page": N_("a game of {game}; this page keeps {wanted}: open the scorekeeper of {game}"),
}

# Every sentence the page's scripts show, in one place to translate; {names} are filled in by the
# page, %(names)s here. Marked for the catalogs; the blob carries them in the page's language.
TEXT: dict[str, Any] = {
    "other_tab": N_(
        "This game was changed in another tab; that version is shown, your last change is not kept."
    ),
    "updated": N_("Updated from another tab."),
    "not_saved": N_("This browser would not save the game; it stays on the page until you close it."),
    "not_written": N_("Not written: {reason}."),
    "wrote": N_("{name}: {box} {score}"),
    "wrote_bonus": N_("{name}: {box} {score}, Yahtzee bonus +{bonus}"),
    "game_over": N_("{said}. Game over: {result}."),
    "ticked": N_("{name}: Yahtzee bonus for {box}"),
    "emptied": N_("{name}: {box} emptied"),
    "sixth_die": N_("A roll is {count} dice: tap a die above to take it back first."),
    "dice_faces": N_("Dice are the numbers {low} to {high}."),
    "dice_first": N_("Enter the dice first."),
    "dice_count": N_("{have} of {count} dice."),
    "whole_number": N_("Type the score as a whole number."),
    "tick_refused": {
        "noBox": N_("No Yahtzee bonus: write {box} first, as a typed score."),
        "diceBox": N_("No Yahtzee bonus for {box}: its dice are on the card, and they earn their own bonus."),
        "ticked": N_("{box} already has its Yahtzee bonus: one per box."),
        "yahtzeeBox": N_("No Yahtzee bonus for the Yahtzee box itself."),
        "needsYahtzee": N_("No Yahtzee bonus yet: the Yahtzee box must hold {yahtzee}."),
        "misfit": N_("No Yahtzee bonus for {box} {score}: no extra Yahtzee leaves that score there."),
    },
    "already_empty": N_("{box} is already empty."),
    "nothing_to_undo": N_("Nothing to undo."),
    "undone": N_("Undone."),
    "undone_wrote": N_("Undone: {name}, {box} {score}"),
    "undone_ticked": N_("Undone: {name}, Yahtzee bonus for {box}"),
    "undone_emptied": N_("Undone: {name}, {box} emptied"),
    "correcting": N_("Correcting {name}'s {box}: enter the dice or a score, or cancel."),
    "correcting_label": N_("Correcting {box} for"),
    "turn_label": N_("Turn:"),
    "finished_label": N_("Finished:"),
    "not_their_turn": N_("It is {name}'s turn; to correct a box, tap a filled one."),
    "chosen": N_("{name}, {box}: enter the dice or a score."),
    "correction_cancelled": N_("Correction cancelled."),
    "history_full": N_("The oldest past game was dropped: the page keeps {limit}."),
    "started": N_("New game: {names}."),
    "not_started": N_("This game has not started yet."),
    "next_in_series": N_("Game {number} of the series."),
    "new_game": N_("New game; the last one is in the past games."),
    "unknown_saved": N_("a saved game from another version of this page"),
    "too_many_seats": N_("{name}: {count} players; this page seats {seats}. `{command}` prints it."),
    "imported": N_("Imported {name}."),
    "too_big": N_("{name}: more than %(mb)s MB; a record file may be at most that."),
    "resumed": N_("Resumed: {names}."),
    "deleted": N_("Deleted the game of {names}."),
    "delete_confirm": N_("Delete the game of {names} from {when}? It cannot be brought back."),
    "exported": N_("Exported as {name}."),
    "set_aside": N_(
        "A saved game here failed its checks and was set aside, not deleted; the page starts clean."
    ),
    "every_filled": N_("Every box is filled. To correct one, tap it in the card."),
    "extra_yahtzee": N_("An extra Yahtzee: {bonus} bonus, wherever it goes."),
    "holds": N_("{box} holds{allowed}."),
    "leads": N_("leads"),
    "wins": N_("\u2605 wins"),
    "turn_now": N_("to play"),
    "game": N_("Game"),
    "game_number": N_("Game {number}"),
    "game_result": N_("{game}: {result}"),  # the finished game's heading: French spaces its colon
    "card": N_("Score card"),
    "card_number": N_("Score card, game {number}"),
    "box": N_("Box"),
    "empty": N_("empty"),
    "cell": N_("{name}, {box}: {value}"),
    "winner": N_("{names} wins {what}"),
    "winners": N_("{names} tie {what}"),
    "with_total": N_("with {total}"),
    "series_with": N_("the series with {total}"),
    "remove_die": N_("Take back the {face}"),
    "player_label": N_("Player {number}"),
    "remove_player": N_("Remove player {number}"),
    "remove": N_("Remove"),
    "unfinished": N_("unfinished"),
    "finished": N_("finished"),
    "history_item": N_("{when}: {players}"),
    "history_totals": N_("{totals}; {state}"),
    "history_winner": N_("won by {names}"),
    "resume": N_("Resume"),
    "view": N_("View"),
    "hide": N_("Hide"),
    "export": N_("Export"),
    "delete": N_("Delete"),
    "no_history": N_("No past games yet."),
    "printed_on": N_("{date}"),
    # The checks the engine shares with sheetgen score (sheetgen/rules/messages.py), and the page's own.
    "checks": CHECKS | PAGE_CHECKS,
    "types": TYPE_NAMES,
    "words": WORDS,  # a part of the record, a box or a house rule as a message names it (text.mjs word)
}


def _translated(text: Any) -> Any:
    """`TEXT` (or a part of it) in the active language."""
    if isinstance(text, dict):
        return {key: _translated(value) for key, value in text.items()}
    return _(text, mb=MAX_IMPORT_BYTES >> 20) if "%(mb)s" in text else _(text)


def list_text() -> dict[str, str]:
    """The rule sheets' own way of listing ("Ann, Bob and Cy", "0, 1 or 2": rulebook.either), for the
    page's lists of players and of the scores a box allows."""
    places = {"first": "{first}", "last": "{last}"}
    return {
        "list_and": _("%(first)s and %(last)s") % places,
        "list_or": _("%(first)s or %(last)s") % places,
        "list_comma": _(", "),
    }


BREAKABLE_LENGTH = 10  # words this long get soft hyphens in the card's narrow label column


def _breakable(label: str, lang: str) -> str:
    """`label` with soft hyphens at the syllables of its long words ("Zwischen\u00adsumme"), so the
    card's label column breaks them as the language does even where the browser has no hyphenation
    dictionary (Chromium on Linux); English labels stay as they are, and so do a language's that
    pyphen has no dictionary for (Finnish): its catalog keeps its labels short enough, or carries
    its own soft hyphens."""
    import pyphen

    dictionary = pyphen.language_fallback(lang.replace("-", "_"))
    if lang == "en" or dictionary is None:
        return label
    words = pyphen.Pyphen(lang=dictionary)
    # A compound with its own hyphen (Yahtzee-Bonus) breaks there, each part only if long itself.
    return re.sub(
        rf"\w{{{BREAKABLE_LENGTH},}}", lambda word: words.inserted(word.group(), hyphen="\u00ad"), label
    )


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
        "slug": rules.slug,  # the file-name part of these rules with no house rules added
        "label": rules.label,  # how a message names these rules
        "base": variant.name,
        "aliases": list(variant.aliases) if rules.custom_name is None else [],
        "custom": rules.custom_name is not None,
        "house_rules": rules.house_rule_names if rules.custom_name else [],
        "start_rule": next(rule.value for rule, start in START_RULES.items() if start is variant.start),
        "joker_order": variant.joker_order.name,
        "joker_order_text": joker_order_text(variant.joker_order),
    }


def _row_hint(row: SheetRow, rules: Rules) -> str:
    """A row's hint: the printed sheet's where it has one (the games of Yahtzee's card), else what the
    definition says the box needs and scores."""
    if isinstance(row.key, CardTotal):
        return _(CARD_TOTAL_HINTS[row.key])
    if isinstance(row.key, Total):
        return total_hint(row.key, rules.game)
    if rules.game.takes_jokers:
        return row_hint(row, rules)
    return f"{row.key.needs} \u00b7 {row.key.scores}"


def _rulesets(variants: list[Rules]) -> tuple[dict[str, Any], list[list[str]]]:
    """What the page shows differently per rules: title, edition line, row hints.

    Rule sets with the same hints share one table, so the blob stays small.
    """
    sets: dict[str, Any] = {}
    hint_tables: list[list[str]] = []
    for base in variants:
        fixed = base.house_rules if base.custom_name else ()
        for house_rules in _house_rule_sets(fixed) if base.game.takes_jokers else [()]:
            rules = Rules(
                base.variant,
                house_rules,
                base.custom_name,
                base.custom_title,
                base.custom_house_rules,
                game=base.game,
            )
            hints = [_row_hint(row, rules) for row in card_rows(rules.game)]
            if hints not in hint_tables:
                hint_tables.append(hints)
            sets[rules.slug] = {
                "title": rules.title,
                "edition": edition_line(rules),
                "hints": hint_tables.index(hints),
            }
    return sets, hint_tables


@cache
def _unprintable() -> str:
    """The code points `text.printable` escapes, as hex ranges ("0-1f,7f-a0,ad,..."): the page escapes
    exactly these, whatever Unicode version its browser knows."""
    ranges: list[list[int]] = []
    for code in range(0x110000):
        char = chr(code)
        if char.isprintable() and char not in BIDI_CONTROLS:
            continue
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    return ",".join(f"{low:x}" if low == high else f"{low:x}-{high:x}" for low, high in ranges)


@cache
def _model_data(lang: str, game: Game = YAHTZEE) -> dict[str, Any]:
    """The rules-independent part of the blob: the game's definition, rows, totals, constants, in `lang`
    (the active one). Every number and box the engine needs comes from the definition (`game`); the
    constants only restate it for the page's messages."""
    alike = game.all_alike_box
    return {
        "game": game.to_data(),
        "game_title": game.title,
        "games": list(GAMES),
        "game_titles": {other.id: other.title for other in GAMES.values()},  # messages name games by title
        "default_game": DEFAULT_GAME,
        "constants": {
            "dice_count": game.dice,
            "faces": list(game.faces),
            "upper_bonus_threshold": game.upper_bonus and game.upper_bonus.threshold,
            "upper_bonus": game.upper_bonus and game.upper_bonus.score,
            "yahtzee_score": alike and alike.score,
            "yahtzee_bonus": game.extra_bonus.score if game.extra_bonus else 0,
            "max_yahtzee_bonuses": game.extra_bonus.most if game.extra_bonus else 0,
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
            "max_depth": MAX_DEPTH,
            "max_digits": MAX_DIGITS,
            "max_id_length": MAX_ID_LENGTH,
            "max_file_name_players": MAX_FILE_NAME_PLAYERS,
            "excerpt": EXCERPT,
            "max_line": MAX_LINE,
            "allowed_shown": ALLOWED_SHOWN,
        },
        "text_rules": {
            "whitespace": [chr(c) for c in range(0x3000 + 1) if chr(c).isspace()],
            "control_categories": sorted(CONTROL_CATEGORIES),
            "invisible_categories": sorted(INVISIBLE_CATEGORIES),
            "bidi_controls": sorted(BIDI_CONTROLS),
            "blank_letters": sorted(BLANK_LETTERS),
            "unprintable": _unprintable(),
            "line_spaces": LINE_SPACES,
            "ascii_spellings": ASCII_SPELLINGS,
        },
        "text": _translated(TEXT) | list_text(),
        "series_rule": HouseRule.SERIES.value,
        # The names the engine's branches test, so no rule, kind, section or scoring is spelt twice.
        "engine": {
            "scratch_rule": HouseRule.SCRATCH_ANY_BOX.value,
            "full_house_rule": HouseRule.FIVE_OF_A_KIND_FULL_HOUSE.value,
            "free_order": JokerOrder.FREE.name,
            "kinds_order": JokerOrder.UPPER_THEN_KINDS.name,
            "upper": Section.UPPER.value,
            "lower": Section.LOWER.value,
            "count": Scoring.COUNT_FACE.value,
            "total": Scoring.DICE_TOTAL.value,
            "matched": Scoring.MATCHED.value,
            "fixed": Scoring.FIXED.value,
            "kinds": {kind.name.lower(): kind.value for kind in Kind},
        },
        "default_variant": DEFAULT_VARIANT,
        "lang_pattern": LANG_PATTERN.pattern,
        "languages": list(languages()),  # a record's "lang" must name one, as `sheetgen fill` prints it
        "saved_game_key": SAVED_GAME_KEY,
        "fill_command": FILL_COMMAND,
        # What the page shows of each box; how it scores is the definition's (`game`).
        "boxes": [
            {
                "name": box.value,
                "label": _breakable(box.label, lang),
                "section": box.section.value,
                "scoring": box.scoring.value,
                "face": box.face,
                "fixed_score": box.fixed_score,
                "joker": box.joker,
                "possible_scores": sorted(possible_scores(box, game=game)),
            }
            for box in game.boxes
        ],
        "sections": [{"name": s.value, "label": s.label} for s in Section],
        # A card of several columns calls each column's grand total its column total, and adds the
        # scored row and the player's grand total under them (boxes.card_rows).
        "totals": [
            {"name": t.value, "label": _breakable(row_label(SheetRow(t, Section.LOWER), game), lang)}
            for t in (*Total, *(CardTotal if len(game.columns) > 1 else ()))
        ],
        "rows": [
            {"key": row.key.value, "slug": row.slug, "total": row.is_total, "section": row.section.value}
            for row in card_rows(game)
        ],
        "house_rules": [
            {"name": r.value, "key": r.name, "label": r.label, "summary": r.summary} for r in HouseRule
        ],
        "start_rules": [rule.value for rule in START_RULES],
        "record_keys": {
            name: list(keys_for(game, keys))
            for name, keys in {
                "record": RECORD_KEYS,
                "game": GAME_KEYS,
                "turns_player": TURNS_PLAYER_KEYS,
                "boxes_player": BOXES_PLAYER_KEYS,
                "columns_player": COLUMNS_PLAYER_KEYS,
                "column": COLUMN_KEYS,
                "turn": TURN_KEYS,
                "dice_turn": DICE_TURN_KEYS,
                "typed_turn": TYPED_TURN_KEYS,
            }.items()
        },
        "series_total_label": _(SERIES_TOTAL_LABEL),
        "lang": lang,  # an export records the page's language, for `sheetgen fill` to print it in
    }


def scorekeeper_data(rules: Rules) -> dict[str, Any]:
    """The JSON blob: the model, every variant the page can load, and the page's own rules."""
    game = rules.game
    variants = VARIANTS if game.takes_jokers else VARIANTS[:1]  # a game without Jokers has its own rules
    bases = [Rules(variant, game=game) for variant in variants]
    if rules.custom_name:
        own = rules.custom_house_rules
        bases.append(Rules(rules.variant, own, rules.custom_name, rules.custom_title, own, game=game))
    rulesets, hint_tables = _rulesets(bases)
    return {
        **_model_data(i18n.lang(), game),
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


# A module's imports of its sibling modules, `from "./engine.mjs"` or `import "./view.mjs";`: the
# specifier is the one part of a module the page changes, to the bare name its import map gives a
# data: URL (a data: module has no base URL for "./" to resolve against). Every import must be one.
SIBLING = re.compile(r'^(import\b(?:[^;"]*\bfrom)?\s*)"\./([\w-]+\.mjs)";$', re.MULTILINE)
ANY_IMPORT = re.compile(r"^import\b", re.MULTILINE)
MODULE_SCHEME = "sheetgen:"  # the bare specifiers' prefix, so no page name can be taken for a path


def _module_url(name: str) -> str:
    """The template module `name` as a data: URL, its sibling imports given their import-map names.

    The modules stay real ES modules, each in its own scope, in the browser as in Node (the tests
    import them from templates/scorekeeper/); the page makes no request and works from file://.
    """
    source = template_text(f"scorekeeper/{name}")
    rewritten, count = SIBLING.subn(rf'\1"{MODULE_SCHEME}\2";', source)
    if count != len(ANY_IMPORT.findall(source)):
        raise ValueError(f"scorekeeper/{name}: every import must be one line from a sibling module")
    return "data:text/javascript;base64," + base64.b64encode(rewritten.encode()).decode("ascii")


@cache
def module_scripts() -> tuple[str, list[str]]:
    """The import map naming every module of MODULES, and the module scripts that load them in order."""
    imports = {MODULE_SCHEME + name: _module_url(name) for name in MODULES}
    importmap = _script_json({"imports": imports})
    return importmap, [MODULE_SCHEME + name for name in MODULES]


@cache
def _icon_url() -> str:
    """The app icon as a data: URL, for the standalone page, which has no icon.svg beside it: linked,
    a served page never asks for /favicon.ico."""
    return "data:image/svg+xml;base64," + base64.b64encode(icon()).decode("ascii")


def render_scorekeeper(rules: Rules, site: bool = False, alternates: list | None = None) -> str:
    """The scorekeeper page for `rules`, as one self-contained HTML string, in the active language.

    With `site` (the build's copy) it links the rules page and the index beside it,
    and `alternates` (`sheetgen.web.site.Alternate`) the same page in other languages.
    """
    from markupsafe import Markup, escape

    from sheetgen.web.site import SITE_CSS, stylesheet
    from sheetgen.web.templating import environment

    data = scorekeeper_data(rules)
    ruleset = data["rulesets"][rules.slug]
    importmap, modules = module_scripts()
    return (
        environment()
        .get_template(TEMPLATE)
        .render(
            title=ruleset["title"],
            heading=_(SCOREKEEPER_HEADING)
            if rules.game.id == DEFAULT_GAME
            else _(GAME_HEADING, game=rules.game.title),
            extra_bonus=rules.game.extra_bonus is not None,
            edition=ruleset["edition"],
            data=Markup(_script_json(data)),
            css=stylesheet(SITE_CSS, "scorekeeper/scorekeeper.css"),
            importmap=Markup(importmap),
            modules=modules,
            max_players=SEATS,
            columns=len(rules.game.columns),  # a card of several columns scrolls sideways in its box
            faces=rules.game.faces,
            fill_command=FILL_COMMAND,
            fill_code=Markup(f"<code>{escape(FILL_COMMAND)}</code>"),
            notice=site_notice(),
            alternates=alternates or [],
            version=__version__,
            app=site,
            icon=ICON if site else _icon_url(),
            history_limit=HISTORY_LIMIT,
            site={"rules": f"rules-{rules.slug}.html", "index": f"index.html#{rules.slug}"} if site else None,
        )
    )
