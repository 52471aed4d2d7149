"""The fillable sheet's field contract, shared by the form that is written and the reader.

Field names themselves come from the template (`pN.` or `gN.` plus a box or
row slug); these are the few names and limits both sides must agree on.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from sheetgen.errors import SheetgenError
from sheetgen.layout.geometry import LAYOUTS, PAPERS
from sheetgen.rules.variants import Rules, find_house_rule, find_variant

SHEET_KEY = "/SheetgenSheet"  # in the document information: what the sheet was made for, as JSON
TICKS = "yahtzee_bonus_ticks"  # the count of extra Yahtzees: a number, or that many tick marks
TICK_MARKS = "xX/\u2713\u2714"  # x, /, a tick (and their look-alikes) count one each
SERIES_TOTAL = "series_total"
LINE_FIELDS = ("title", "date", "game", "player")
MAX_BOX_DIGITS = 4
MAX_TICKS_LENGTH = 12
FORMAT = 1  # of the sheet's embedded info


@dataclass(frozen=True)
class SheetInfo:
    """What a fillable sheet was made for, stored in it so a filled sheet reads back alone.

    `names` are the names printed in heads or on cards, in column order;
    the columns themselves are read from the field names.
    """

    layout: str
    paper: str
    variant: str
    base: str
    house_rules: tuple[str, ...]
    title: str | None
    names: tuple[str, ...]

    @classmethod
    def of(cls, rules: Rules, layout: str, paper: str, names: tuple[str, ...]) -> SheetInfo:
        return cls(
            layout,
            paper,
            rules.name,
            rules.variant.name,
            tuple(rules.house_rule_names),
            rules.custom_title,
            names,
        )

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, **asdict(self)}, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> SheetInfo:
        """The stored info, checked; SheetgenError if it is not one sheetgen wrote."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise SheetgenError("its sheetgen information is not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SheetgenError("its sheetgen information has an unknown format")
        try:
            info = cls(
                layout=data["layout"],
                paper=data["paper"],
                variant=data["variant"],
                base=data["base"],
                house_rules=tuple(data["house_rules"]),
                title=data["title"],
                names=tuple(data["names"]),
            )
        except (KeyError, TypeError):
            raise SheetgenError("its sheetgen information is incomplete") from None
        texts = [info.variant, info.base, *info.house_rules, *info.names, info.title or ""]
        if (
            info.layout not in LAYOUTS
            or info.paper not in PAPERS
            or not all(isinstance(t, str) and len(t) <= 200 for t in texts)
            or len(info.names) > 60
        ):
            raise SheetgenError("its sheetgen information is damaged")
        return info

    def rules(self) -> Rules:
        """The rules the sheet was made for; a custom variant keeps its name and title."""
        base = Rules(find_variant(self.base), tuple(find_house_rule(r) for r in self.house_rules))
        if self.variant == base.name:
            return base
        return Rules(base.variant, base.house_rules, self.variant, self.title)
