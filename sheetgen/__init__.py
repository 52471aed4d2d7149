"""sheetgen: printable rule sheets, score sheets and game records for Yahtzee."""

__version__ = "0.1.0"
