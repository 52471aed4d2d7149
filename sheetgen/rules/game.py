"""Dice games' cards as data: dice, sections, boxes of a few kinds, bonuses, columns.

The scoring engines (Python here, the scorekeeper's engine.mjs, the fillable
forms' scripts) read a definition and score each box by its kind, so a card
is written once. Yahtzee's variants and house rules (sheetgen.rules.variants)
choose the Joker order and the rulings of the games whose boxes take Jokers.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from sheetgen.errors import GameDefinitionError, UnknownGameError
from sheetgen.rules.i18n import N_, _
from sheetgen.rules.messages import say
from sheetgen.rules.text import REPR, quote


class Section(enum.Enum):
    """The two halves of the card; the upper one earns the upper bonus."""

    UPPER = "upper"
    LOWER = "lower"

    @property
    def label(self) -> str:
        return _(SECTION_LABELS[self.value])


SECTION_LABELS = {"upper": N_("Upper section"), "lower": N_("Lower section")}


class Kind(enum.Enum):
    """What the dice must show for a box to score."""

    FACE = "face"  # anything; counts the dice showing `face`
    ALIKE = "alike"  # at least `count` dice alike
    PAIRS = "pairs"  # `count` pairs of different numbers
    FULL_HOUSE = "full_house"  # three of one face and two of another
    STRAIGHT = "straight"  # `run` faces in a row, or exactly the faces `faces`
    ANYTHING = "anything"  # any dice
    ALL_ALIKE = "all_alike"  # every die alike: the box extra bonuses and Jokers hang on


class Scoring(enum.Enum):
    """How a box turns the dice into points once they fit."""

    COUNT_FACE = "count"  # the sum of the dice showing the box's face
    DICE_TOTAL = "total"  # the sum of all the dice
    MATCHED = "matched"  # the sum of the dice that make the kind: the pairs, the n alike
    FIXED = "fixed"  # a set score


@dataclass(frozen=True, eq=False)
class BoxRule:
    """One box: its kind and parameters, how it scores, and what the card says of it.

    Boxes compare by identity: a game's card holds each of its boxes once.
    """

    id: str
    section: Section
    kind: Kind
    scoring: Scoring
    label_id: str  # message ids, translated where they are shown
    needs_id: str
    example: tuple[int, ...]
    face: int | None = None
    count: int | None = None
    run: int | None = None
    faces: tuple[int, ...] = ()
    score: int | None = None  # the fixed score
    joker: bool = False  # an extra all-alike roll played as a Joker scores `score` here
    dice: int = 5

    def __post_init__(self) -> None:
        needed = {
            Kind.FACE: self.face is not None and self.scoring is Scoring.COUNT_FACE,
            Kind.ALIKE: self.count is not None,
            Kind.PAIRS: self.count in (1, 2),
            Kind.STRAIGHT: (self.run is None) != (not self.faces),
        }.get(self.kind, True)
        matched = self.scoring is not Scoring.MATCHED or self.kind in (Kind.ALIKE, Kind.PAIRS)
        fixed = (self.scoring is Scoring.FIXED) == (self.score is not None)
        if not needed or not matched or not fixed or (self.joker and self.score is None):
            raise GameDefinitionError(f"box {self.id}: the parameters do not fit kind {self.kind.value}")

    @property
    def value(self) -> str:
        """The record id, as an enum member's value: records, fields and the blob name boxes by it."""
        return self.id

    @property
    def name(self) -> str:
        return self.id.upper()

    @property
    def label(self) -> str:
        """The box's name on the card, in the active language."""
        return _(self.label_id)

    @property
    def fixed_score(self) -> int | None:
        return self.score

    @property
    def needs(self) -> str:
        """What the dice must show, in words: 'at least 3 dice alike'."""
        return _(self.needs_id, face=self.face, dice=self.dice)

    @property
    def scores(self) -> str:
        """What the box scores, in words: 'total of all 5 dice', '25'."""
        if self.scoring is Scoring.COUNT_FACE:
            return _("total of the %(face)ss only", face=self.face)
        if self.scoring is Scoring.DICE_TOTAL:
            return _("total of all %(dice)s dice", dice=self.dice)
        if self.scoring is Scoring.MATCHED:
            return _(MATCHED_SCORES[self.kind, self.count])
        return str(self.score)

    def __repr__(self) -> str:
        return f"Box.{self.name}"


MATCHED_SCORES = {
    (Kind.PAIRS, 1): N_("total of the pair"),
    (Kind.PAIRS, 2): N_("total of the 4 dice"),
    (Kind.ALIKE, 3): N_("total of the 3 alike"),
    (Kind.ALIKE, 4): N_("total of the 4 alike"),
}


@dataclass(frozen=True)
class UpperBonus:
    """Points for an upper section adding up to at least `threshold`."""

    threshold: int
    score: int


@dataclass(frozen=True)
class ExtraBonus:
    """Points for each all-alike roll after every all-alike box holds its score, at most `most` times."""

    score: int
    most: int


class Boxes:
    """A game's boxes as a closed set, the way an enum reads: `Boxes.ACES`, `Boxes("aces")`, `list(Boxes)`."""

    def __init__(self, boxes: tuple[BoxRule, ...]) -> None:
        self._boxes = boxes
        self._by_id = {box.id: box for box in boxes}
        if len(self._by_id) != len(boxes):
            twice = next(box.id for box in boxes if [b.id for b in boxes].count(box.id) > 1)
            raise GameDefinitionError(f"box {twice}: the id stands twice")

    def __call__(self, box_id: object) -> BoxRule:
        if isinstance(box_id, BoxRule) and box_id in self._boxes:
            return box_id
        try:
            return self._by_id[box_id]  # type: ignore[index]
        except (KeyError, TypeError):
            raise ValueError(f"{box_id!r} is not a box of this game") from None

    def __getattr__(self, name: str) -> BoxRule:
        try:
            return self.__dict__["_by_id"][name.lower()]
        except KeyError:
            raise AttributeError(name) from None

    def __iter__(self) -> Iterator[BoxRule]:
        return iter(self._boxes)

    def __len__(self) -> int:
        return len(self._boxes)

    def __contains__(self, box: object) -> bool:
        return any(box is b for b in self._boxes)

    def for_face(self, face: int) -> BoxRule:
        """The upper box that counts `face`."""
        return next(box for box in self._boxes if box.kind is Kind.FACE and box.face == face)


@dataclass(frozen=True)
class Game:
    """A whole card: boxes in card order, bonuses, and a multiplier per column.

    A game whose boxes take Jokers plays under Yahtzee's variants and house rules;
    the others have one set of rules, the definition's own.
    """

    id: str
    title_id: str
    dice: int
    faces: tuple[int, ...]
    rolls: int
    boxes: tuple[BoxRule, ...]
    upper_bonus: UpperBonus | None
    extra_bonus: ExtraBonus | None
    columns: tuple[int, ...] = (1,)
    summary_id: str = ""  # one line on the game, for the site's index; a game file has none
    notice_id: str = ""  # the trademark notice its sheets print; Yatzy, Yacht and game files have none

    def __post_init__(self) -> None:
        Boxes(self.boxes)  # each id once
        alike = self.of_kind(Kind.ALL_ALIKE)
        if self.extra_bonus is not None and len(alike) != 1:
            raise GameDefinitionError(f"game {self.id}: an extra bonus needs one all-alike box")
        if self.takes_jokers and (self.extra_bonus is None or len(self.faces) > len(self.of_kind(Kind.FACE))):
            raise GameDefinitionError(f"game {self.id}: Jokers need an extra bonus and an upper box per face")
        if self.upper_bonus is not None and self.upper_bonus.threshold > sum(
            self.dice * box.face for box in self.of_kind(Kind.FACE)
        ):
            raise GameDefinitionError(f"game {self.id}: no card reaches the upper bonus threshold")

    @cached_property
    def box_set(self) -> Boxes:
        """The boxes, read like an enum."""
        return Boxes(self.boxes)

    @property
    def title(self) -> str:
        return _(self.title_id)

    @property
    def summary(self) -> str:
        return _(self.summary_id) if self.summary_id else ""

    @property
    def notice(self) -> str:
        return _(self.notice_id) if self.notice_id else ""

    @property
    def takes_jokers(self) -> bool:
        """Whether Yahtzee's Joker rules, and so its variants and house rules, apply."""
        return any(box.joker for box in self.boxes)

    def of_kind(self, kind: Kind) -> tuple[BoxRule, ...]:
        """The boxes of `kind`, in card order."""
        return tuple(box for box in self.boxes if box.kind is kind)

    def in_section(self, section: Section) -> tuple[BoxRule, ...]:
        return tuple(box for box in self.boxes if box.section is section)

    @property
    def all_alike_box(self) -> BoxRule | None:
        return next(iter(self.of_kind(Kind.ALL_ALIKE)), None)

    @property
    def turns(self) -> int:
        """A game is as many turns as the card has boxes, in every column."""
        return len(self.boxes) * len(self.columns)

    def to_data(self) -> dict[str, object]:
        """The definition as JSON data: what the browser engine and the form scripts read."""
        return {
            "id": self.id,
            "dice": self.dice,
            "faces": list(self.faces),
            "rolls": self.rolls,
            "columns": list(self.columns),
            "upper_bonus": self.upper_bonus
            and {"threshold": self.upper_bonus.threshold, "score": self.upper_bonus.score},
            "extra_bonus": self.extra_bonus
            and {"score": self.extra_bonus.score, "most": self.extra_bonus.most},
            "boxes": [
                {
                    "id": box.id,
                    "section": box.section.value,
                    "kind": box.kind.value,
                    "scoring": box.scoring.value,
                    "face": box.face,
                    "count": box.count,
                    "run": box.run,
                    "faces": list(box.faces),
                    "score": box.score,
                    "joker": box.joker,
                }
                for box in self.boxes
            ],
        }


FACE_NAMES = {1: N_("Aces"), 2: N_("Twos"), 3: N_("Threes"), 4: N_("Fours"), 5: N_("Fives"), 6: N_("Sixes")}
ONES_NAMES = {1: N_("Ones"), 2: N_("Twos"), 3: N_("Threes"), 4: N_("Fours"), 5: N_("Fives"), 6: N_("Sixes")}
_FACES = (1, 2, 3, 4, 5, 6)


def _upper(names: dict[int, str]) -> tuple[BoxRule, ...]:
    return tuple(
        BoxRule(
            names[face].lower(),
            Section.UPPER,
            Kind.FACE,
            Scoring.COUNT_FACE,
            names[face],
            N_("any %(face)ss"),
            example=(face, face, face, *[f for f in _FACES if f != face][:2]),
            face=face,
        )
        for face in _FACES
    )


def _lower(
    box_id: str, kind: Kind, scoring: Scoring, label: str, needs: str, example: tuple[int, ...], **parameters
):
    return BoxRule(box_id, Section.LOWER, kind, scoring, label, needs, example=example, **parameters)


YAHTZEE_NOTICE = N_("Yahtzee is a trademark of Hasbro. This sheet is not affiliated with Hasbro.")
_FULL_HOUSE_NEEDS = N_("3 of one number and 2 of another")
_CHANCE_NEEDS = N_("any 5 dice")
_ALL_ALIKE_NEEDS = N_("all 5 dice alike")

# Yatzy's and Yacht's boxes alike in both: one rule each, as Triple Yahtzee shares Yahtzee's boxes.
_ONES_UPPER = _upper(ONES_NAMES)
_MATCHED_FOUR = _lower(
    "four_of_a_kind",
    Kind.ALIKE,
    Scoring.MATCHED,
    N_("4 of a Kind"),
    N_("at least 4 dice alike"),
    (3, 3, 3, 3, 3),
    count=4,
)
_SUM_FULL_HOUSE = _lower(
    "full_house", Kind.FULL_HOUSE, Scoring.DICE_TOTAL, N_("Full House"), _FULL_HOUSE_NEEDS, (6, 2, 2, 2, 6)
)

YAHTZEE = Game(
    id="yahtzee",
    title_id=N_("Yahtzee"),
    dice=5,
    faces=_FACES,
    rolls=3,
    boxes=(
        *_upper(FACE_NAMES),
        _lower(
            "three_of_a_kind",
            Kind.ALIKE,
            Scoring.DICE_TOTAL,
            N_("3 of a Kind"),
            N_("at least 3 dice alike"),
            (5, 5, 5, 2, 1),
            count=3,
        ),
        _lower(
            "four_of_a_kind",
            Kind.ALIKE,
            Scoring.DICE_TOTAL,
            N_("4 of a Kind"),
            N_("at least 4 dice alike"),
            (4, 4, 4, 4, 2),
            count=4,
        ),
        _lower(
            "full_house",
            Kind.FULL_HOUSE,
            Scoring.FIXED,
            N_("Full House"),
            _FULL_HOUSE_NEEDS,
            (3, 3, 3, 6, 6),
            score=25,
            joker=True,
        ),
        _lower(
            "small_straight",
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Small Straight"),
            N_("4 in a row: 1-2-3-4, 2-3-4-5 or 3-4-5-6"),
            (3, 4, 5, 6, 6),
            run=4,
            score=30,
            joker=True,
        ),
        _lower(
            "large_straight",
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Large Straight"),
            N_("5 in a row: 1-2-3-4-5 or 2-3-4-5-6"),
            (1, 2, 3, 4, 5),
            run=5,
            score=40,
            joker=True,
        ),
        _lower(
            "yahtzee",
            Kind.ALL_ALIKE,
            Scoring.FIXED,
            N_("Yahtzee"),
            _ALL_ALIKE_NEEDS,
            (6, 6, 6, 6, 6),
            score=50,
        ),
        _lower("chance", Kind.ANYTHING, Scoring.DICE_TOTAL, N_("Chance"), _CHANCE_NEEDS, (6, 5, 4, 2, 2)),
    ),
    upper_bonus=UpperBonus(threshold=63, score=35),
    extra_bonus=ExtraBonus(score=100, most=12),
    notice_id=YAHTZEE_NOTICE,
)
"""Yahtzee: 13 boxes in one column."""

TRIPLE_YAHTZEE = Game(
    id="triple-yahtzee",
    title_id=N_("Triple Yahtzee"),
    dice=5,
    faces=_FACES,
    rolls=3,
    boxes=YAHTZEE.boxes,
    upper_bonus=YAHTZEE.upper_bonus,
    extra_bonus=ExtraBonus(score=100, most=36),
    columns=(1, 2, 3),
    summary_id=N_("Yahtzee's card three times over: the second column counts double, the third triple."),
    notice_id=YAHTZEE_NOTICE,
)
"""Triple Yahtzee: Yahtzee's card three times, the columns counted once, twice and three times."""

YATZY = Game(
    id="yatzy",
    title_id=N_("Yatzy"),
    dice=5,
    faces=_FACES,
    rolls=3,
    boxes=(
        *_ONES_UPPER,
        _lower(
            "one_pair",
            Kind.PAIRS,
            Scoring.MATCHED,
            N_("One Pair"),
            N_("two dice alike"),
            (3, 3, 5, 5, 6),
            count=1,
        ),
        _lower(
            "two_pairs",
            Kind.PAIRS,
            Scoring.MATCHED,
            N_("Two Pairs"),
            N_("two pairs of different numbers"),
            (3, 3, 6, 6, 6),
            count=2,
        ),
        _lower(
            "three_of_a_kind",
            Kind.ALIKE,
            Scoring.MATCHED,
            N_("3 of a Kind"),
            N_("at least 3 dice alike"),
            (3, 3, 3, 3, 5),
            count=3,
        ),
        _MATCHED_FOUR,
        _lower(
            "small_straight",
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Small Straight"),
            N_("exactly 1-2-3-4-5"),
            (1, 2, 3, 4, 5),
            faces=(1, 2, 3, 4, 5),
            score=15,
        ),
        _lower(
            "large_straight",
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Large Straight"),
            N_("exactly 2-3-4-5-6"),
            (2, 3, 4, 5, 6),
            faces=(2, 3, 4, 5, 6),
            score=20,
        ),
        _SUM_FULL_HOUSE,
        _lower("chance", Kind.ANYTHING, Scoring.DICE_TOTAL, N_("Chance"), _CHANCE_NEEDS, (6, 5, 4, 2, 2)),
        _lower(
            "yatzy", Kind.ALL_ALIKE, Scoring.FIXED, N_("Yatzy"), _ALL_ALIKE_NEEDS, (4, 4, 4, 4, 4), score=50
        ),
    ),
    upper_bonus=UpperBonus(threshold=63, score=50),
    extra_bonus=None,
    summary_id=N_(
        "The Scandinavian game: 15 boxes with pairs and exact straights, 50 for 63 up top, no Jokers."
    ),
)
"""Yatzy, as Scandinavia plays it: 15 boxes, pairs, straights of exact faces, no Joker."""

YACHT = Game(
    id="yacht",
    title_id=N_("Yacht"),
    dice=5,
    faces=_FACES,
    rolls=3,
    boxes=(
        *_ONES_UPPER,
        _SUM_FULL_HOUSE,
        _MATCHED_FOUR,
        _lower(
            "little_straight",
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Little Straight"),
            N_("exactly 1-2-3-4-5"),
            (1, 2, 3, 4, 5),
            faces=(1, 2, 3, 4, 5),
            score=30,
        ),
        _lower(
            "big_straight",
            Kind.STRAIGHT,
            Scoring.FIXED,
            N_("Big Straight"),
            N_("exactly 2-3-4-5-6"),
            (2, 3, 4, 5, 6),
            faces=(2, 3, 4, 5, 6),
            score=30,
        ),
        _lower("choice", Kind.ANYTHING, Scoring.DICE_TOTAL, N_("Choice"), _CHANCE_NEEDS, (6, 5, 4, 2, 2)),
        _lower(
            "yacht", Kind.ALL_ALIKE, Scoring.FIXED, N_("Yacht"), _ALL_ALIKE_NEEDS, (4, 4, 4, 4, 4), score=50
        ),
    ),
    upper_bonus=None,
    extra_bonus=None,
    summary_id=N_("The 1938 original: 12 boxes, straights worth 30, no bonus and no Jokers."),
)
"""Yacht, the 1938 original as exercism scores it: 12 boxes, no bonus, no Joker."""

GAMES: dict[str, Game] = {game.id: game for game in (YAHTZEE, TRIPLE_YAHTZEE, YATZY, YACHT)}
"""The built-in games, in the order `sheetgen games` lists them."""
DEFAULT_GAME = YAHTZEE.id


def game_named(name: object) -> Game:
    """A built-in game by its id, in any case; anything else is an UnknownGameError."""
    if isinstance(name, str) and name.strip().lower() in GAMES:
        return GAMES[name.strip().lower()]
    shown = quote(name, quotes=REPR) if isinstance(name, str) else repr(name)
    raise UnknownGameError(say("unknown_game", name=shown, known=", ".join(GAMES)))


GAME_FILE_KEYS = ("name", "title", "dice", "faces", "rolls", "columns", "upper_bonus", "extra_bonus", "boxes")
BOX_KEYS = (
    "id",
    "label",
    "needs",
    "section",
    "kind",
    "scoring",
    "face",
    "count",
    "run",
    "faces",
    "score",
    "joker",
)
DEFAULT_SCORING = {
    Kind.FACE: Scoring.COUNT_FACE,
    Kind.ALIKE: Scoring.DICE_TOTAL,
    Kind.PAIRS: Scoring.MATCHED,
    Kind.FULL_HOUSE: Scoring.DICE_TOTAL,
    Kind.STRAIGHT: Scoring.FIXED,
    Kind.ANYTHING: Scoring.DICE_TOTAL,
    Kind.ALL_ALIKE: Scoring.FIXED,
}
MAX_GAME_BOXES = 30
MAX_LABEL = 40


def game_from_data(data: object, shown: str) -> Game:
    """A user's game from its decoded file (TOML): the built-in games' box kinds, no code.

    Each key is checked for its type and range, and the whole for holding together (a box id
    twice, an unknown kind, a bonus no card reaches); the error names the file and the key.
    """
    reader = _GameReader(shown)
    return reader.game(data)


class _GameReader:
    def __init__(self, shown: str) -> None:
        self.shown = shown

    def fail(self, key: str, why: str) -> GameDefinitionError:
        return GameDefinitionError(f"{self.shown}: {key}: {why}")

    def table(self, key: str, value: object, allowed: tuple[str, ...]) -> dict:
        if not isinstance(value, dict):
            raise self.fail(key, "expected a table")
        unknown = [name for name in value if name not in allowed]
        if unknown:
            raise self.fail(
                f"{key}.{unknown[0]}" if key else unknown[0], f"unknown key; allowed: {', '.join(allowed)}"
            )
        return value

    def integer(self, key: str, value: object, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(
                key, f"expected a whole number from {low} to {high}, found {quote(value, quotes=REPR)}"
            )
        return value

    def text(self, key: str, value: object, limit: int = MAX_LABEL) -> str:
        if not isinstance(value, str) or not value.strip() or len(value) > limit or not value.isprintable():
            raise self.fail(key, f"expected printable text of 1 to {limit} characters")
        return value.strip()

    def choice(self, key: str, value: object, enum_type: type[enum.Enum]) -> enum.Enum:
        try:
            return enum_type(value)
        except ValueError:
            known = ", ".join(member.value for member in enum_type)
            found = "missing" if value is None else f"unknown {quote(value, quotes=REPR)}"
            raise self.fail(key, f"{found}; known: {known}") from None

    def game(self, data: object) -> Game:
        data = self.table("", data, GAME_FILE_KEYS)
        name = data.get("name")
        if not isinstance(name, str) or not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", name):
            raise self.fail("name", "expected lowercase letters, digits and dashes, at most 40")
        if name in GAMES:
            raise self.fail("name", f"{quote(name, quotes=REPR)} is a built-in game")
        dice = self.integer("dice", data.get("dice", 5), 2, 10)
        sides = self.integer("faces", data.get("faces", 6), 2, 20)
        rolls = self.integer("rolls", data.get("rolls", 3), 1, 10)
        columns = data.get("columns", [1])
        if not isinstance(columns, list) or not 1 <= len(columns) <= 6:
            raise self.fail("columns", "expected a list of 1 to 6 multipliers")
        columns = tuple(self.integer(f"columns[{n}]", m, 1, 10) for n, m in enumerate(columns))
        upper = extra = None
        if "upper_bonus" in data:
            bonus = self.table("upper_bonus", data["upper_bonus"], ("threshold", "score"))
            upper = UpperBonus(
                self.integer("upper_bonus.threshold", bonus.get("threshold"), 1, 10_000),
                self.integer("upper_bonus.score", bonus.get("score"), 1, 10_000),
            )
        if "extra_bonus" in data:
            bonus = self.table("extra_bonus", data["extra_bonus"], ("score", "most"))
            extra = ExtraBonus(
                self.integer("extra_bonus.score", bonus.get("score"), 1, 10_000),
                self.integer("extra_bonus.most", bonus.get("most"), 1, 100),
            )
        boxes = data.get("boxes")
        if not isinstance(boxes, list) or not 1 <= len(boxes) <= MAX_GAME_BOXES:
            raise self.fail("boxes", f"expected a list of 1 to {MAX_GAME_BOXES} boxes ([[boxes]] tables)")
        rules = tuple(self.box(f"boxes[{n}]", box, dice, sides) for n, box in enumerate(boxes))
        seen: set[str] = set()
        for n, rule in enumerate(rules):
            if rule.id in seen:
                raise self.fail(f"boxes[{n}].id", f"{quote(rule.id, quotes=REPR)} stands twice")
            seen.add(rule.id)
        title = self.text("title", data.get("title", name))
        try:
            return Game(name, title, dice, tuple(range(1, sides + 1)), rolls, rules, upper, extra, columns)
        except GameDefinitionError as error:
            raise GameDefinitionError(f"{self.shown}: {str(error).removeprefix(f'game {name}: ')}") from None

    def box(self, key: str, data: object, dice: int, sides: int) -> BoxRule:
        data = self.table(key, data, BOX_KEYS)
        box_id = data.get("id")
        if not isinstance(box_id, str) or not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", box_id):
            raise self.fail(f"{key}.id", "expected lowercase letters, digits and underscores, at most 40")
        kind = self.choice(f"{key}.kind", data.get("kind"), Kind)
        scoring = self.choice(f"{key}.scoring", data.get("scoring", DEFAULT_SCORING[kind].value), Scoring)
        section = self.choice(
            f"{key}.section", data.get("section", "upper" if kind is Kind.FACE else "lower"), Section
        )
        numbers = {}
        for name, high in (("face", sides), ("count", dice), ("run", sides), ("score", 10_000)):
            if name in data:
                numbers[name] = self.integer(f"{key}.{name}", data[name], 1, high)
        faces = data.get("faces", [])
        if not isinstance(faces, list):
            raise self.fail(f"{key}.faces", "expected a list of faces")
        faces = tuple(self.integer(f"{key}.faces[{n}]", f, 1, sides) for n, f in enumerate(faces))
        joker = data.get("joker", False)
        if not isinstance(joker, bool):
            raise self.fail(f"{key}.joker", "expected true or false")
        label = self.text(f"{key}.label", data.get("label", box_id.replace("_", " ").capitalize()))
        default_needs = "any %(face)ss" if kind is Kind.FACE else None
        needs = self.text(f"{key}.needs", data.get("needs", default_needs), limit=80)
        try:
            rule = BoxRule(
                box_id,
                section,
                kind,
                scoring,
                label,
                needs,
                (),
                faces=faces,
                joker=joker,
                dice=dice,
                **numbers,
            )
        except GameDefinitionError:
            raise self.fail(
                key, f"the parameters do not fit kind {kind.value} with scoring {scoring.value}"
            ) from None
        return rule
