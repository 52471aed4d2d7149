"""The field contract in one place (issue 20): names built and read by sheetgen.forms.fields."""

from __future__ import annotations

import pytest

from sheetgen.forms.fields import (
    FieldKind,
    Line,
    card_prefix,
    cards_in,
    column_fields,
    game_column,
    line_field,
    lines_prefix,
    parse_field,
    partial_names,
    player_column,
    players_in,
    series_total_field,
)
from sheetgen.rules.boxes import SHEET_ROWS

READ = {
    "p1.aces": (FieldKind.BOX, "p1.", "aces"),
    "g3.chance": (FieldKind.BOX, "g3.", "chance"),
    "card2.g1.aces": (FieldKind.BOX, "card2.g1.", "aces"),
    "p2.g6.yahtzee_bonus_ticks": (FieldKind.TICKS, "p2.g6.", "yahtzee_bonus_ticks"),
    "p1.upper_total_again": (FieldKind.TOTAL, "p1.", "upper_total_again"),
    "series_total": (FieldKind.TOTAL, "", "series_total"),
    "card2.series_total": (FieldKind.TOTAL, "card2.", "series_total"),
    "title": (FieldKind.TEXT, "", "title"),
    "page2.date": (FieldKind.TEXT, "page2.", "date"),
    "card2.player": (FieldKind.TEXT, "card2.", "player"),
    "p4.name": (FieldKind.TEXT, "p4.", "name"),
}
NOT_OURS = [
    "aces",
    "grand_total",
    "card2.aces",
    "page2.g1.aces",
    "g7.aces",
    "g1.name",
    "p1.p1.aces",
    "x.aces",
]


@pytest.mark.parametrize("name", READ)
def test_every_kind_of_name_reads_back(name):
    field = parse_field(name)
    assert (field.kind, field.column, field.key) == READ[name] and field.name == name


@pytest.mark.parametrize("name", NOT_OURS)
def test_names_sheetgen_never_writes_are_not_fields(name):
    assert parse_field(name) is None


def test_builders_make_the_names_the_sheets_have():
    """Players, a lone six-game card, several full cards and half cards, their lines and totals."""
    assert player_column(3) == "p3." and column_fields("p3.")["name"] == "p3.name"
    assert [card_prefix(n, 1, half=False) for n in (1,)] == [""]
    assert [card_prefix(n, 3, half=False) for n in (1, 2)] == ["p1.", "p2."]
    assert [card_prefix(n, 2, half=True) for n in (1, 2)] == ["", "card2."]
    assert game_column("card2.", 4) == "card2.g4." and series_total_field("card2.") == "card2.series_total"
    assert line_field(lines_prefix(2, half=False), Line.PLAYER) == "page2.player"
    assert line_field(lines_prefix(2, half=True), Line.TITLE) == "card2.title"
    fields = column_fields("g1.")
    assert [fields[row.slug] for row in SHEET_ROWS][-2:] == ["g1.upper_total_again", "g1.grand_total"]
    assert partial_names("card2.g1.aces") == ["card2", "g1", "aces"]
    assert players_in(["p2.aces", "p10.aces", "p2.twos", "title"]) == [2, 10]
    assert cards_in(["card2.g1.aces", "g1.aces", "p1.aces"]) == ["", "card2."]
