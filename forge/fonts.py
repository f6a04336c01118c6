"""The fonts every kit embeds, shipped with forge and registered with reportlab.

Only TrueType fonts are used, so reportlab embeds a subset of each in every PDF (never one of the
standard 14 unembedded fonts). The files and their licences are in the shipped `fonts/` folder
(see its README); `forge doctor` checks them.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from forge.errors import UserError
from forge.places import FONT_DIR

SERIF = "Garamond"
SERIF_BOLD = "Garamond-Bold"
SERIF_ITALIC = "Garamond-Italic"
SANS = "Sans"
SANS_BOLD = "Sans-Bold"
SANS_ITALIC = "Sans-Italic"
GAME_PREFIX = "game:"     # reportlab names of a game's own fonts start with it

# font name -> file in FONT_DIR
FONT_FILES = {
    SERIF: "EBGaramond12-Regular.ttf",
    # EB Garamond's bold lacks accented letters; Cardo Bold (same old-style lineage) has them.
    SERIF_BOLD: "Cardob101.ttf",
    SERIF_ITALIC: "EBGaramond12-Italic.ttf",
    SANS: "DejaVuSansCondensed.ttf",
    SANS_BOLD: "DejaVuSansCondensed-Bold.ttf",
    SANS_ITALIC: "DejaVuSansCondensed-Oblique.ttf",
}


def font_path(name: str) -> Path:
    """The file of one of forge's fonts."""
    return FONT_DIR / FONT_FILES[name]


class FontsMissing(UserError):
    """A font file forge ships is not where it should be."""


@cache
def register_fonts() -> tuple[str, ...]:
    """Register every kit font with reportlab (once); a missing file is a clear error."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    missing = [str(font_path(name)) for name in FONT_FILES if not font_path(name).is_file()]
    if missing:
        raise FontsMissing(f"fonts missing: {', '.join(missing)}; forge's installation is "
                           f"incomplete: reinstall it (pip install --force-reinstall forge-pnp)")
    for name in FONT_FILES:
        pdfmetrics.registerFont(TTFont(name, str(font_path(name))))
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD)
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD)
    return tuple(FONT_FILES)


def text_width(text: str, font: str, size: float) -> float:
    """Width of `text` in the unit `size` is given in (mm when size is in mm)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    return stringWidth(text, font, size)


def missing_glyphs(text: str, font: str) -> set[str]:
    """Characters of `text` that `font` cannot draw (reportlab has no per-glyph fallback)."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    face = pdfmetrics.getFont(font).face
    return {ch for ch in set(text) if not ch.isspace() and ord(ch) not in face.charToGlyph}
