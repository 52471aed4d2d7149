"""Where the templates and examples are (in a checkout, or inside an installed wheel), and reading them."""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # sheetgen/
_INSTALLED_TEMPLATES = PACKAGE_DIR / "templates"  # a wheel carries templates/ as sheetgen.templates
TEMPLATES_DIR = _INSTALLED_TEMPLATES if _INSTALLED_TEMPLATES.is_dir() else PACKAGE_DIR.parent / "templates"
EXAMPLES_DIR = PACKAGE_DIR.parent / "examples"  # only in a checkout; build skips them elsewhere
FONTS_DIR = TEMPLATES_DIR / "fonts"


def template_bytes(name: str) -> bytes:
    """A file sheetgen ships under templates/, by its name there."""
    return (TEMPLATES_DIR / name).read_bytes()


def template_text(name: str) -> str:
    """A UTF-8 text file sheetgen ships under templates/ (a stylesheet, a script, a template)."""
    return template_bytes(name).decode("utf-8")
