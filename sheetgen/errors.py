"""One named ValueError per way input can be wrong.

Each message is a single line that says where and why, so the command line
can print it as it is. Interrupted, not an error, is how a stop signal unwinds.
"""


class SheetgenError(ValueError):
    """Base class: bad input that the user can fix."""


class UnknownVariantError(SheetgenError):
    """A variant name that is neither built in nor a readable TOML file."""


class UnknownHouseRuleError(SheetgenError):
    """A house rule name sheetgen does not know."""


class ConflictingHouseRulesError(SheetgenError):
    """House rules that cannot hold together, such as two ways to start."""


class VariantFileError(SheetgenError):
    """A custom variant TOML file that cannot be read or has a wrong shape."""


class GameDefinitionError(SheetgenError):
    """A game definition whose boxes or parameters do not hold together."""


class UnknownGameError(SheetgenError):
    """A game id that is not one of the built-in games."""


class NotOfGameError(SheetgenError):
    """A variant or house rule asked of a game it does not belong to."""


class IllegalPlacementError(SheetgenError):
    """A roll placed in a box that is filled or that the variant forbids."""


class RecordError(SheetgenError):
    """A game record that is malformed or breaks the rules."""


class RecordShapeError(RecordError):
    """A record whose JSON does not have the documented shape."""


class DiceError(RecordError):
    """Dice that are not five integers from 1 to 6."""


class ImpossibleScoreError(RecordError):
    """A number written in a box that the box can never score."""


class TitleFitError(SheetgenError):
    """A title too long for a sheet's heading even at its smallest size."""


class OutputError(SheetgenError):
    """A destination that cannot be written, or must not be: an input, a device, a folder."""


class UnknownLanguageError(SheetgenError):
    """A language sheetgen has no catalog for."""


class RuleSheetFitError(SheetgenError):
    """Rules too long for the one-page rule sheet even at its smallest size."""


class SheetInfoError(RecordError):
    """A fillable sheet's embedded information that sheetgen did not write, or that was changed."""


class NameFitError(SheetgenError):
    """A name that cannot fit its head even at the smallest size, wrapped."""


class GeometryError(SheetgenError):
    """A layout, paper, card or column the score sheet does not have."""


class Interrupted(KeyboardInterrupt):
    """A run stopped by SIGINT, SIGTERM or SIGHUP: it unwinds like Ctrl-C and exits with 128 + the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.exit_code = 128 + signum
