"""The fonts every kit embeds, found on the system and registered with reportlab.

Only TrueType fonts are used, so reportlab embeds a subset of each in every PDF (never one of the
standard 14 unembedded fonts). The README's setup command installs the Debian packages named here.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from forge.errors import UserError

SERIF = "Garamond"
SERIF_BOLD = "Garamond-Bold"
SERIF_ITALIC = "Garamond-Italic"
SANS = "Sans"
SANS_BOLD = "Sans-Bold"
SANS_ITALIC = "Sans-Italic"

# font name -> (Debian package, file)
FONT_FILES = {
    SERIF: ("fonts-ebgaramond-extra", "/usr/share/fonts/truetype/ebgaramond/EBGaramond12-Regular.ttf"),
    # Debian's EB Garamond Bold lacks accented letters; Cardo Bold (same old-style lineage) has them.
    SERIF_BOLD: ("fonts-cardo", "/usr/share/fonts/truetype/cardo/Cardob101.ttf"),
    SERIF_ITALIC: ("fonts-ebgaramond-extra", "/usr/share/fonts/truetype/ebgaramond/EBGaramond12-Italic.ttf"),
    SANS: ("fonts-dejavu-core", "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"),
    SANS_BOLD: ("fonts-dejavu-core", "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf"),
    SANS_ITALIC: ("fonts-dejavu-core", "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Oblique.ttf"),
}


@cache
def register_fonts() -> tuple[str, ...]:
    """Register every kit font with reportlab (once); a missing file is a clear error."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    missing = [(name, pkg, f) for name, (pkg, f) in FONT_FILES.items() if not Path(f).is_file()]
    if missing:
        packages = " ".join(sorted({pkg for _, pkg, _ in missing}))
        files = ", ".join(f for _, _, f in missing)
        raise UserError(f"fonts missing ({files}); install them with: apt-get install {packages}")
    for name, (_pkg, file) in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, file))
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
