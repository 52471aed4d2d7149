"""Reference PNGs of the printed sheets: `python tools/refpngs.py` rewrites tests/reference/.

One small greyscale picture (36 dpi) per sheet kind, paper and a language or two,
each page of it, so a change that moves anything on a sheet shows in review as a
changed image. `--only WORD` redraws just the pictures whose names hold WORD, and
`-o DIR` writes them elsewhere (to look at without touching the reference folder).
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path

import pypdfium2

from sheetgen.files.locales import speaking
from sheetgen.files.variants import load_rules
from sheetgen.pdf.rulesheet import render_rulesheet
from sheetgen.pdf.scoresheet import render_scoresheet

REFERENCE = Path(__file__).resolve().parents[1] / "tests" / "reference"
DPI = 36  # enough to see a moved line or a wrapped footer; a page is about 20 KB


def _sheets() -> dict[str, tuple[str, Callable[[], bytes]]]:
    """Each picture's name, its language and how to draw it: every kind, both papers."""
    official, free = load_rules("official"), load_rules("free-choice")
    every = load_rules(
        "official", ("five-of-a-kind-full-house", "one-die-start", "series", "scratch-any-box")
    )
    sheets: dict[str, tuple[str, Callable[[], bytes]]] = {}
    for paper, lang in (("letter", "en"), ("a4", "de")):
        sheets[f"rules-{lang}-{paper}"] = (lang, lambda p=paper: render_rulesheet(official, p))
        sheets[f"players6-{lang}-{paper}"] = (lang, lambda p=paper: render_scoresheet(official, "players", p))
        sheets[f"players1-{lang}-{paper}"] = (
            lang,
            lambda p=paper: render_scoresheet(official, "players", p, columns=1),
        )
        sheets[f"series-{lang}-{paper}"] = (lang, lambda p=paper: render_scoresheet(official, "series", p))
        sheets[f"half-{lang}-{paper}"] = (
            lang,
            lambda p=paper: render_scoresheet(official, "series", p, card="half"),
        )
    sheets["rules-es-a4"] = ("es", lambda: render_rulesheet(free, "a4"))
    sheets["rules-pt-BR-letter"] = ("pt-BR", lambda: render_rulesheet(free, "letter"))
    sheets["rules-house-de-a4"] = ("de", lambda: render_rulesheet(every, "a4"))
    sheets["players7-fr-a4"] = ("fr", lambda: render_scoresheet(official, "players", "a4", names=["A"] * 7))
    sheets["players12-de-a4"] = ("de", lambda: render_scoresheet(official, "players", "a4", names=[""] * 12))
    sheets["large-players-nl-a4"] = (
        "nl",
        lambda: render_scoresheet(official, "players", "a4", columns=4, print_size="large"),
    )
    sheets["large-rules-it-letter"] = ("it", lambda: render_rulesheet(official, "letter", print_size="large"))
    return sheets


def pictures(pdf: bytes) -> list[bytes]:
    """Each page of `pdf` as a PNG at DPI, greyscale."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        pngs = []
        for page in document:
            image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            out = io.BytesIO()
            image.save(out, "PNG", optimize=True)
            pngs.append(out.getvalue())
        return pngs
    finally:
        document.close()


def main(argv: list[str] | None = None) -> int:
    """Draw the sheets and write their pages as NAME-pN.png; old pictures of a redrawn sheet go."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=REFERENCE)
    parser.add_argument("--only", default="")
    options = parser.parse_args(argv)
    options.output.mkdir(parents=True, exist_ok=True)
    for name, (lang, draw) in _sheets().items():
        if options.only not in name:
            continue
        for old in options.output.glob(f"{name}-p*.png"):
            old.unlink()
        with speaking(lang):
            pngs = pictures(draw())
        for number, png in enumerate(pngs, 1):
            (options.output / f"{name}-p{number}.png").write_bytes(png)
        print(f"{name}: {len(pngs)} page(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
