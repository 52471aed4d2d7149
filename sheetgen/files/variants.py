"""Custom variants read from TOML files, and `--variant` values that may name one."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path, PurePath

from sheetgen.errors import SheetgenError, VariantFileError
from sheetgen.files.inputs import VARIANT_LIMIT, as_path, parse_toml, read_input
from sheetgen.rules.game import YAHTZEE, Game
from sheetgen.rules.text import printable, type_name
from sheetgen.rules.variants import OFFICIAL, Rules, custom_rules, find_variant, is_variant_file


def load_rules(
    spec: str = OFFICIAL.name,
    house_rules: Iterable[str] = (),
    base_dir: Path | None = None,
    game: Game = YAHTZEE,
) -> Rules:
    """Rules from a built-in variant name or a TOML file path, plus house rules.

    A file path given with `base_dir` (a record's folder) must lie beside the
    record or below its folder, so that a record cannot make sheetgen read any file.
    `spec` may be a Path; `house_rules` a list of names, or one name. A game without
    Jokers takes neither: NotOfGameError.
    """
    if isinstance(spec, os.PathLike):
        spec = str(as_path(spec, "variant file"))
    if not isinstance(spec, str):
        raise VariantFileError(
            f"variant: expected a variant name or a TOML file path, found {type_name(spec)}"
        )
    if is_variant_file(spec):
        path = Path(spec) if base_dir is None else inside(base_dir, spec)
        rules = load_variant_file(path)
    else:
        rules = Rules(find_variant(spec))
    return rules.with_house_rules(house_rules).for_game(game)


def inside(base_dir: Path, spec: str, error: type[SheetgenError] = VariantFileError) -> Path:
    """`spec` taken from `base_dir`, refused if it is absolute or leads out of the folder."""
    relative = PurePath(spec.replace("\\", "/"))
    what = "variant" if error is VariantFileError else "game"
    if relative.is_absolute() or ".." in relative.parts:
        raise error(
            f"{printable(spec)}: a record's {what} file must be beside the record or below its folder"
        )
    path = base_dir / relative
    if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(base_dir)):
        raise error(f"{printable(spec)}: links out of the record's folder")
    return path


def load_variant_file(path: Path) -> Rules:
    """A custom variant: `name`, `base`, `house_rules` and `title` in TOML."""
    shown = printable(str(path))
    data = parse_toml(
        read_input(path, VARIANT_LIMIT, "variant file", VariantFileError), shown, VariantFileError
    )
    return custom_rules(data, shown)
