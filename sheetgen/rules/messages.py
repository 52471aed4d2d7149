"""The checks' messages, written once, in the active language: the command line's and the page's.

`sheetgen score` and the scorekeeper's engine refuse a record, a name or a
roll with the same sentence. Each is a template here with `{name}`
placeholders, marked for the catalogs; the model fills it in the active
language (English unless the command speaks one: `fill --lang`, or the
record's own "lang") and the scorekeeper's blob carries the table translated,
for its script to fill the same way (`fmt` in templates/scorekeeper/text.mjs).
A message says what is wrong; where it is wrong is put in front with "at",
from the parts below it.
"""

from __future__ import annotations

import re

from sheetgen.rules.i18n import N_, active

CHECKS: dict[str, str] = {
    # Where: "game 2, player 1 ("Ann"), turn 3: ...". A part of the record is named by WORDS (English
    # keeps the record's own keys, another language its labels); the keys a record may hold ({allowed},
    # the boxes an unknown one is told) stay keys, what the user types; a message about the game names
    # a box by its label and the rules by their title ({rules}).
    "at": N_("{where}: {message}"),
    "within": N_("{where}, {part}"),
    "named": N_("{where} ({name})"),
    "top_level": N_("top level"),
    "game": N_("game {number}"),
    "player": N_("player {number}"),
    "turn": N_("turn {number}"),
    "box": N_("box {box}"),
    "the_name": N_("the name"),
    "the_title": N_("the title"),
    # Text: names and titles (text.clean_text)
    "not_text": N_("{what} must be text, found {found}"),
    "too_long": N_("{what} is {length} characters; at most {limit}"),
    "control": N_("{what} contains the control character {char}"),
    "bidi": N_("{what} contains the bidi control {char}"),
    "empty": N_("{what} is empty"),
    "invisible": N_("{what} is empty (only invisible characters)"),
    # Variants and house rules (variants.py)
    "unknown_game": N_("unknown game {name}; known games: {known}"),
    "not_of_game": N_("{what} {name} is not a rule of {game}; {game} has no variants or house rules"),
    "unknown_variant": N_("unknown variant {name}; known variants: {known}"),
    "unknown_house_rule": N_("unknown house rule {name}; known house rules: {known}"),
    "contradict": N_("house rules {one} and {other} contradict each other"),
    # A record file's JSON (files/inputs.parse_json); the reasons are the words of Python's json reader
    "duplicate_key": N_("duplicate key {key}"),
    "too_deep": N_("nested too deeply (more than {most} levels)"),
    "too_many_digits": N_("a number of {count} digits; at most {most}"),
    "not_json_number": N_("{name} is not a number JSON allows"),
    "invalid_json": N_("invalid JSON at line {line}, column {column}: {reason}"),
    "json_value": N_("Expecting value"),
    "json_name": N_("Expecting property name enclosed in double quotes"),
    "json_colon": N_("Expecting ':' delimiter"),
    "json_comma": N_("Expecting ',' delimiter"),
    "json_unterminated": N_("Unterminated string starting at"),
    "json_escape": N_("Invalid \\escape"),
    "json_unicode": N_("Invalid \\uXXXX escape"),
    "json_control": N_("Invalid control character at"),
    "json_extra": N_("Extra data"),
    "json_bom": N_("Unexpected UTF-8 BOM (decode using utf-8-sig)"),
    # A record's shape (records.py)
    "not_object": N_("expected an object, found {found}"),
    "unknown_key": N_("unknown key {key}; allowed: {allowed}"),
    "games_or_players": N_("give either 'games' or 'players', not both or neither"),
    "games_list": N_("expected a list of 1 to {most} games"),
    "series_games": N_("a series has at most {most} games, found {count}"),
    "series_players": N_(
        "players {names} differ from game 1's {first}; a series keeps the same players in the same order"
    ),
    "lang_tag": N_("expected a language tag like en or pt-BR, found {found}"),
    "unknown_language": N_("unknown language {name}; known languages: {known}"),
    "variant_name": N_("expected a variant name or a TOML file path"),
    "house_rule_names": N_("expected a list of house rule names"),
    "date": N_("expected a date as YYYY-MM-DD, found {found}"),
    "players_list": N_("expected a list of 1 or more players"),
    "game_players": N_("a game has at most {most} players, found {count}"),
    "name_twice": N_("the name {name} is used twice"),
    "turns_or_boxes": N_("give either 'turns' or '{boxes}', not both or neither"),
    "column": N_("column {number}"),
    "other_game": N_("this is a record of {game}, not of {wanted} (--game)"),
    "columns_list": N_("'columns' must be a list of {count} columns"),
    "column_number": N_("'column' must be a whole number from 1 to {most}, found {found}"),
    "turns_list": N_("'turns' must be a list of {count} turns"),
    "turns_count": N_("{count} turns; a game is exactly {boxes}"),
    "dice_or_score": N_("give either 'dice' or 'score', not both"),
    "needs_box": N_("needs 'box' and either 'dice' or 'score'"),
    "unknown_box": N_("unknown box {name}; boxes: {boxes}"),
    "box_twice": N_("box {box} is used twice"),
    "missing_boxes": N_("missing {missing}; all {count} are needed"),
    # Dice and scores (records.py, scoring.py)
    "dice_list": N_("dice must be a list of {count} numbers, found {found}"),
    "dice_count": N_("{count} dice; a roll is exactly {dice}"),
    "die": N_("die {die} is not a whole number from {low} to {high}"),
    "not_whole": N_("{value} is not a whole number"),
    "filled": N_("box {box} is already filled"),
    "joker_sends": N_("{rules}: this extra Yahtzee goes to {boxes}, not {box}"),
    "cannot_score": N_("{box} cannot score {score}{allowed}"),
    "only_these": N_(" (only {values})"),
    "only_zero_or_range": N_(" (only {zero} or {low} to {high})"),
    "only_range": N_(" (only {low} to {high})"),
    "scratch_true": N_("'scratch' must be true (leave it out for a scored turn), found {found}"),
    "scratch_rule": N_("a scratched turn needs the house rule {rule}"),
    "scratch_without_rule": N_(
        "a scratched turn needs the house rule {rule}, which is not part of {rules} here"
    ),
    # Yahtzee bonuses (records.py)
    "tick_bool": N_("'yahtzee_bonus' must be true or false, found {found}"),
    "tick_misfit": N_(
        "a Yahtzee bonus ticked for {box} {score}, a score no extra Yahtzee leaves there under {rules}"
    ),
    "tick_needs_yahtzee": N_("a ticked Yahtzee bonus needs {yahtzee} in the Yahtzee box, which holds {held}"),
    "nothing": N_("nothing"),
    "bonus_count": N_("{value} is not a count from 0 to {most}"),
    "bonuses_need_yahtzee": N_("Yahtzee bonuses need {yahtzee} in the Yahtzee box, which holds {held}"),
    "bonus_room": N_(
        "{bonuses} bonuses need {bonuses} extra Yahtzees, each written in a box of its own, "
        "but only {room} boxes hold a score an extra Yahtzee can leave under {rules} (not {shown})"
    ),
}

# How a message names a part of the record, a box or a house rule: in English the record's own key
# (the word the file is written with), in another language its label ("Einser", "Spieler").
WORDS: dict[str, str] = {
    "game": N_("game"),
    "columns": N_("columns"),
    "games": N_("games"),
    "players": N_("players"),
    "boxes": N_("boxes"),
    "yahtzee_bonuses": N_("yahtzee_bonuses"),
    "variant": N_("variant"),
    "house_rules": N_("house_rules"),
    "title": N_("title"),
    "date": N_("date"),
    "lang": N_("lang"),
    "aces": N_("aces"),
    "twos": N_("twos"),
    "threes": N_("threes"),
    "fours": N_("fours"),
    "fives": N_("fives"),
    "sixes": N_("sixes"),
    "three_of_a_kind": N_("three_of_a_kind"),
    "four_of_a_kind": N_("four_of_a_kind"),
    "full_house": N_("full_house"),
    "small_straight": N_("small_straight"),
    "large_straight": N_("large_straight"),
    "yahtzee": N_("yahtzee"),
    "chance": N_("chance"),
    "ones": N_("ones"),
    "one_pair": N_("one_pair"),
    "two_pairs": N_("two_pairs"),
    "yatzy": N_("yatzy"),
    "little_straight": N_("little_straight"),
    "big_straight": N_("big_straight"),
    "choice": N_("choice"),
    "yacht": N_("yacht"),
    "five-of-a-kind-full-house": N_("five-of-a-kind-full-house"),
    "one-die-start": N_("one-die-start"),
    "five-dice-start": N_("five-dice-start"),
    "series": N_("series"),
    "scratch-any-box": N_("scratch-any-box"),
}

# How a message names the JSON type of a value it did not expect (text.type_name).
TYPE_NAMES: dict[str, str] = {
    "object": N_("an object"),
    "list": N_("a list"),
    "text": N_("text"),
    "bool": N_("true/false"),
    "int": N_("int"),
    "number": N_("a number"),
    "null": N_("null"),
}

PLACEHOLDER = re.compile(r"\{(\w+)\}")  # as text.mjs's fmt finds them


def fill(template: str, values: dict[str, object]) -> str:
    """`template` with each `{name}` replaced by its value, in one pass, as the scorekeeper's `fmt` does."""
    return PLACEHOLDER.sub(lambda match: str(values[match[1]]), template)


def say(key: str, /, **values: object) -> str:
    """The check `key` in the active language, its placeholders filled from `values`."""
    return fill(active().gettext(CHECKS[key]), values)


def word(key: str) -> str:
    """A record key, box or house rule as a message names it in the active language (see WORDS)."""
    return active().gettext(WORDS[key])


def at(where: str, key: str, /, **values: object) -> str:
    """The check `key` located: "where: message"."""
    return located(where, say(key, **values))


def json_reason(reason: str) -> str:
    """A reason Python's json reader gives (English), in the active language when the table has it."""
    known = any(key.startswith("json_") and CHECKS[key] == reason for key in CHECKS)
    return active().gettext(reason) if known else reason


def located(where: str, message: str) -> str:
    """A message, perhaps already located further in, put under `where`."""
    return say("at", where=where, message=message)


def within(where: str, part: str) -> str:
    """A place inside `where` ("player 1, turn 3"); with `where` empty, the place alone."""
    return say("within", where=where, part=part) if where else part
