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

from sheetgen.files.resources import TEMPLATES_DIR
from sheetgen.rules import i18n
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
from sheetgen.rules.guide import site_notice
from sheetgen.rules.i18n import N_, _
from sheetgen.rules.records import (
    BOXES_PLAYER_KEYS,
    GAME_KEYS,
    MAX_NAME_LENGTH,
    MAX_TITLE_LENGTH,
    RECORD_KEYS,
    TURN_KEYS,
    TURNS_PLAYER_KEYS,
)
from sheetgen.rules.rulebook import edition_line, row_hint
from sheetgen.rules.scoring import JOKER_BOXES, possible_scores
from sheetgen.rules.variants import START_RULES, VARIANTS, HouseRule, Rules, Variant, joker_order_text

TEMPLATE = "scorekeeper/scorekeeper.html"
SEATS = COLUMNS  # the page seats as many players as the printed sheet has columns
SERIES_TOTAL_LABEL = N_("Series total")
# Every sentence view.mjs says through T("..."): marked here for the catalogs, sent in the blob.
PAGE_STRINGS = (
    N_(" and "),
    N_("%(box)s (now %(score)s)"),
    N_("%(box)s is already empty."),
    N_("%(file)s: invalid JSON: %(reason)s"),
    N_("%(n)s games"),
    N_("%(n)s of %(dice)s dice."),
    N_("%(n)s to go"),
    N_("%(names)s tie the series with %(score)s"),
    N_("%(names)s tie with %(score)s"),
    N_("%(names)s wins the series with %(score)s"),
    N_("%(names)s wins with %(score)s"),
    N_("%(player)s, %(box)s: %(value)s"),
    N_("%(player)s, %(box)s: enter the dice or a score to correct it."),
    N_("%(player)s, %(box)s: enter the dice or a score."),
    N_("%(title)s: scorekeeper"),
    N_("A new series starts."),
    N_("A roll is %(dice)s dice."),
    N_("An extra Yahtzee: %(bonus)s bonus, wherever it goes."),
    N_("Box"),
    N_("Correct %(box)s"),
    N_("Correct a box: %(player)s"),
    N_("Dice are the numbers 1 to 6."),
    N_("Every box is filled. To correct one, choose it in the card or below."),
    N_("Exported %(games)s as %(file)s."),
    N_("Game %(n)s has not started yet."),
    N_("Game %(n)s of the series."),
    N_("Game %(n)s starts again."),
    N_("Game %(n)s"),
    N_("Game"),
    N_("Imported %(file)s."),
    N_("Not in %(box)s: %(reason)s."),
    N_("Not written: %(reason)s."),
    N_("Nothing exported: %(reason)s."),
    N_("Nothing to undo."),
    N_("Player %(n)s"),
    N_("Remove player %(n)s"),
    N_("Remove"),
    N_("Score card"),
    N_("Score card, game %(n)s"),
    N_("This browser would not save the game; it stays on the page until you close it."),
    N_("This game was changed in another tab; that version is shown and your last change was not kept."),
    N_("Turn: %(player)s"),
    N_("Type the score as a whole number."),
    N_("Undone."),
    N_("Updated from another tab."),
    N_("★ wins"),
    N_("empty"),
    N_("leads"),
    N_("missed"),
    N_("the game"),
)
STORAGE_KEY = "sheetgen-scorekeeper/v1/"  # versioned; the page adds its rules slug
FILL_COMMAND = "sheetgen fill game.json"


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
        "joker_order_text": joker_order_text(variant.joker_order),
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
def _model_data(lang: str) -> dict[str, Any]:
    """The rules-independent part of the blob: boxes, rows, totals, constants, in `lang` (the active one)."""
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
            "max_name_length": MAX_NAME_LENGTH,
            "max_title_length": MAX_TITLE_LENGTH,
        },
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
        },
        "series_total_label": _(SERIES_TOTAL_LABEL),
        # An export records the language; English, the default, and its sentences (the ids) go unsaid.
        **({} if lang == "en" else {"lang": lang, "strings": {text: _(text) for text in PAGE_STRINGS}}),
    }


def scorekeeper_data(rules: Rules) -> dict[str, Any]:
    """The JSON blob: the model, every variant the page can load, and the page's own rules."""
    bases = [Rules(variant) for variant in VARIANTS]
    if rules.custom_name:
        own = rules.custom_house_rules
        bases.append(Rules(rules.variant, own, rules.custom_name, rules.custom_title, own))
    rulesets, hint_tables = _rulesets(bases)
    return {
        **_model_data(i18n.lang()),
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


def render_scorekeeper(rules: Rules, site: bool = False, alternates: list | None = None) -> str:
    """The scorekeeper page for `rules`, as one self-contained HTML string, in the active language.

    With `site` (the build's copy) it links the rules page and the index beside it,
    and `alternates` (`sheetgen.web.site.Alternate`) the same page in other languages.
    """
    from markupsafe import Markup

    from sheetgen.web.templating import environment

    data = scorekeeper_data(rules)
    ruleset = data["rulesets"][rules.slug]
    css = (TEMPLATES_DIR / "scorekeeper" / "scorekeeper.css").read_text(encoding="utf-8")
    script = _module("engine.mjs") + "\n" + _module("view.mjs")
    return (
        environment()
        .get_template(TEMPLATE)
        .render(
            title=ruleset["title"],
            edition=ruleset["edition"],
            data=Markup(_script_json(data)),
            css=Markup(css),
            script=Markup(script.replace("</script", "<\\/script")),
            max_players=SEATS,
            faces=FACES,
            fill_command=FILL_COMMAND,
            notice=site_notice(),
            alternates=alternates or [],
            site={"rules": f"rules-{rules.slug}.html", "index": f"index.html#{rules.slug}"} if site else None,
        )
    )
