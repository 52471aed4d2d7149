"""Where the templates and examples are: in a checkout, or inside an installed wheel."""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # sheetgen/
_INSTALLED_TEMPLATES = PACKAGE_DIR / "templates"  # a wheel carries templates/ as sheetgen.templates
TEMPLATES_DIR = _INSTALLED_TEMPLATES if _INSTALLED_TEMPLATES.is_dir() else PACKAGE_DIR.parent / "templates"
EXAMPLES_DIR = PACKAGE_DIR.parent / "examples"  # only in a checkout; build skips them elsewhere
FONTS_DIR = TEMPLATES_DIR / "fonts"
