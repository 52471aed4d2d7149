"""What the sheets say, as data computed from the rules in effect.

The score-sheet hints live here, and the rule sheet's prose is built here too,
so no sentence is written twice and nothing variant-dependent is chosen in a
template. This module imports no rendering library.
"""

from __future__ import annotations

from sheetgen.model import BOX_INFO, DICE_COUNT, KIND_COUNTS, TOTAL_HINTS, Box, Scoring, SheetRow, Total
from sheetgen.variants import Rules


def box_hint(box: Box, rules: Rules) -> str:
    """The one-line reminder printed under a box's name on the score sheet."""
    info = BOX_INFO[box]
    if info.scoring is Scoring.COUNT_FACE:
        return f"count and add only {info.face}s"
    if box is Box.CHANCE:
        return f"any dice: add all {DICE_COUNT}"
    if info.scoring is Scoring.DICE_TOTAL:
        return f"{KIND_COUNTS[box]} alike: add all {DICE_COUNT} dice"
    need = {
        Box.FULL_HOUSE: "3 and 2 alike",
        Box.SMALL_STRAIGHT: "4 in a row",
        Box.LARGE_STRAIGHT: "5 in a row",
        Box.YAHTZEE: f"{DICE_COUNT} alike",
    }[box]
    if box is Box.FULL_HOUSE and rules.five_of_a_kind_full_house:
        need = f"3 and 2, or {DICE_COUNT} alike"
    return f"{need}: score {info.fixed_score}"


def row_hint(row: SheetRow, rules: Rules) -> str:
    """The hint of any score-sheet row, box or total."""
    if isinstance(row.key, Total):
        return TOTAL_HINTS[row.key]
    return box_hint(row.key, rules)


def edition_line(rules: Rules) -> str:
    """The footer of every sheet: the edition, the custom variant, the house rules."""
    parts = [rules.variant.edition]
    if rules.custom_name:
        parts.insert(0, f"{rules.name} (based on {rules.variant.name})")
    labels = [rule.label for rule in rules.house_rules]
    parts.append("House rules: " + "; ".join(labels) if labels else "No house rules")
    return " · ".join(parts)
