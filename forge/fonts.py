"""The fonts kits embed: forge's own, shipped with it, and a game's own, from its folder.

Only TrueType fonts are used, so reportlab embeds a subset of each in every PDF (never one of the
standard 14 unembedded fonts). Forge's files and their licences are in the shipped `fonts/`
folder (see its README); `forge doctor` checks them.

A game may bring fonts of its own (game.yaml `fonts:`, each with an id, a file in the game's
folder and a licence line). Each file is read like content (inside the folder, size-limited),
must have TrueType outlines and allow embedding, and is registered with reportlab under a name
made of GAME_PREFIX, the game's id, the font's id and a digest of the file: a changed file is a
new font, in the render cache's keys too. Layouts name fonts by `resolve_font`'s names.
"""
from __future__ import annotations

import hashlib
import io
import os
import re
import struct
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath

from forge.errors import ContentError, Problem, UserError
from forge.places import FONT_DIR
from forge.safefs import UnsafeFile, read_inside

SERIF = "Garamond"
SERIF_BOLD = "Garamond-Bold"
SERIF_ITALIC = "Garamond-Italic"
SANS = "Sans"
SANS_BOLD = "Sans-Bold"
SANS_ITALIC = "Sans-Italic"
GAME_PREFIX = "game:"     # reportlab names of a game's own fonts start with it
PLURAL_JOIN = "\x00"       # between the two English forms of a plural message's key (i18n)

# font name -> file in FONT_DIR. The Forge files are derived by scripts/make-fonts from the
# upstream files beside them: Forge Garamond (EB Garamond) prints lining digits, never old-style
# ones that read as Roman numerals ("1" as "I"); Forge Sans Condensed (DejaVu Sans Condensed)
# has a serifed capital I, so "III" never reads as "lll".
FONT_FILES = {
    SERIF: "ForgeGaramond-Regular.ttf",
    # EB Garamond's bold lacks accented letters; Cardo Bold (same old-style lineage, lining
    # digits) has them.
    SERIF_BOLD: "Cardob101.ttf",
    SERIF_ITALIC: "ForgeGaramond-Italic.ttf",
    SANS: "ForgeSansCondensed.ttf",
    SANS_BOLD: "ForgeSansCondensed-Bold.ttf",
    SANS_ITALIC: "ForgeSansCondensed-Oblique.ttf",
}

# the names content uses for forge's fonts -> their reportlab names
FORGE_FONT_NAMES = {
    "serif": SERIF, "serif-bold": SERIF_BOLD, "serif-italic": SERIF_ITALIC,
    "sans": SANS, "sans-bold": SANS_BOLD, "sans-italic": SANS_ITALIC,
}

FONT_SUFFIXES = (".ttf", ".otf")
MAX_FONT_BYTES = 20 * 1024 * 1024   # a large CJK font is about 16 MB
DIGEST_CHARS = 12                   # of a file's sha256 in its registered name
TRUETYPE_SIGNATURES = (b"\x00\x01\x00\x00", b"true")
OTHER_SIGNATURES = {
    b"OTTO": "has PostScript (CFF) outlines, which reportlab cannot embed; convert it to "
             "TrueType outlines (a .ttf), for example with FontForge or fonttools' otf2ttf",
    b"ttcf": "is a font collection (.ttc); extract the one font the game uses into a .ttf",
    b"wOFF": "is a web font (WOFF); convert it to a .ttf",
    b"wOF2": "is a web font (WOFF2); convert it to a .ttf",
}


def font_path(name: str) -> Path:
    """The file of one of forge's fonts."""
    return FONT_DIR / FONT_FILES[name]


class FontsMissing(UserError):
    """A font file forge ships is not where it should be."""


class MissingGlyph(UserError):
    """A text drawn in a font that has no glyph for one of its characters."""


@cache
def _checked_font_class():
    """reportlab's TrueType font, refusing to draw a character it has no glyph for: reportlab
    would print a blank (its .notdef) there, and nobody would know until the kit is printed."""
    from reportlab.pdfbase.ttfonts import TTFont

    class CheckedTTFont(TTFont):
        def splitString(self, text, doc, encoding="utf-8"):
            if isinstance(text, bytes):
                text = text.decode(encoding)
            known = self.face.charToGlyph
            missing = {ch for ch in text if ord(ch) not in known and not ch.isspace()}
            if missing:
                shown = ", ".join(f"{ch} U+{ord(ch):04X}" for ch in sorted(missing))
                raise MissingGlyph(f"the font {font_label(self.fontName)} cannot draw {shown} "
                                   f"in \"{text[:60]}\"")
            return super().splitString(text, doc, encoding)

    return CheckedTTFont


@cache
def register_fonts() -> tuple[str, ...]:
    """Register every kit font with reportlab (once); a missing file is a clear error."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    TTFont = _checked_font_class()
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


def check_glyphs(texts: Iterable[str], font: str, where: str) -> list[str]:
    """One message naming `where`, the font and every character of `texts` it cannot draw;
    none when it draws them all."""
    missing = set().union(*(missing_glyphs(text, font) for text in texts))
    if not missing:
        return []
    shown = ", ".join(f"{ch} U+{ord(ch):04X}" for ch in sorted(missing))
    return [f"{where}: the font {font_label(font)} cannot draw {shown}"]


def font_label(name: str) -> str:
    """A reportlab font name as a user knows it: a game's font by its id in game.yaml."""
    if name.startswith(GAME_PREFIX):
        return f"'{name.split(':')[2]}' (game.yaml fonts)"
    return next((f"'{short}'" for short, full in FORGE_FONT_NAMES.items() if full == name),
                name)


def resolve_font(name: str, game_fonts: dict[str, str]) -> str:
    """The reportlab name of a font as content names it: one of forge's (FORGE_FONT_NAMES) or
    a font id of the game (`game_fonts`, from register_game_fonts); UserError listing the known
    names otherwise."""
    if name in game_fonts:
        return game_fonts[name]
    if name in FORGE_FONT_NAMES:
        return FORGE_FONT_NAMES[name]
    known = ", ".join(list(FORGE_FONT_NAMES) + sorted(game_fonts))
    raise UserError(f"no font '{name}' (fonts: {known})")


# --- a game's own fonts --------------------------------------------------------------------------

class FontRefused(Exception):
    """A game's font entry forge will not use: the `field` at fault ('id', 'file', 'licence')
    and why."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class GameFont:
    """A game's font as registered: its entry in game.yaml and its reportlab name."""

    id: str
    file: str
    licence: str
    name: str


def register_game_fonts(game: dict, folder: Path) -> dict[str, str]:
    """Register the fonts game.yaml (`game`) lists with reportlab; font id -> reportlab name.
    ContentError naming game.yaml's line and field of each font that cannot be used."""
    fonts: dict[str, str] = {}
    refused: list[tuple[tuple, str]] = []
    for index, entry in enumerate(game.get("fonts") or ()):
        try:
            fonts[entry["id"]] = register_game_font(game["id"], entry, folder).name
        except FontRefused as err:
            refused.append((("fonts", index, err.field), err.message))
    if refused:
        raise ContentError(located(folder, refused))
    return fonts


def located(folder: Path, refused: list[tuple[tuple, str]]) -> list[Problem]:
    """Problems at their lines of the game's game.yaml (read again: only when there are some)."""
    from forge.content import load_doc

    doc = load_doc(Path(folder) / "game.yaml", folder)
    return [doc.problem(at, message) for at, message in refused]


def register_game_font(game_id: str, entry: dict, folder: Path) -> GameFont:
    """Check one `fonts:` entry's file and register it (once per file content)."""
    from reportlab.pdfbase import pdfmetrics

    font_id, file = entry["id"], entry["file"]
    if font_id in FORGE_FONT_NAMES:
        raise FontRefused("id", f"'{font_id}' is the name of one of forge's fonts "
                                f"({', '.join(FORGE_FONT_NAMES)}); choose another id")
    if "\n" in entry.get("licence", ""):
        raise FontRefused("licence", "must be one line: the licence's name, and the file of "
                                     "the game's folder its text is in")
    data = font_data(Path(folder), file)
    name = f"{GAME_PREFIX}{game_id}:{font_id}:{hashlib.sha256(data).hexdigest()[:DIGEST_CHARS]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(parsed_font(name, data, file))
    return GameFont(font_id, file, entry.get("licence", ""), name)


def font_data(folder: Path, file: str) -> bytes:
    """The bytes of a game's font file: inside `folder`, TrueType, embedding allowed."""
    path = folder / checked_font_path(file)
    if not os.path.lexists(path):       # also for a name too long for the system
        raise FontRefused("file", f"font file '{file}' not found in {folder}")
    try:
        data = read_inside(path, folder, MAX_FONT_BYTES)
    except UnsafeFile as err:
        raise FontRefused("file", f"font file '{file}' {err.reason}") from None
    check_signature(data, file)
    flags = embedding_flags(data)
    if flags:
        raise FontRefused("file", f"font file '{file}' may not be embedded in a PDF (its OS/2 "
                                  f"fsType is 0x{flags:04X}); use a font whose licence allows "
                                  f"embedding")
    return data


def checked_font_path(file: str) -> PurePosixPath:
    """`file` as a relative path inside the game's folder; FontRefused for one that could
    leave it or is not a .ttf or .otf."""
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in file):
        raise FontRefused("file", f"font file {file!r} holds a control character")
    if "\\" in file or file.startswith("/") or re.match(r"^[A-Za-z]:", file):
        raise FontRefused("file", f"font file '{file}' must be a path relative to the game's "
                                  f"folder, with '/' between folders (like fonts/Name.ttf)")
    relative = PurePosixPath(file)
    if ".." in relative.parts:
        raise FontRefused("file", f"font file '{file}' may not use '..': font files must be "
                                  f"inside the game's folder")
    if relative.suffix.lower() not in FONT_SUFFIXES:
        raise FontRefused("file", f"font file '{file}' is not a .ttf or .otf file")
    return relative


def check_signature(data: bytes, file: str) -> None:
    """Refuse a file that does not start like a font with TrueType outlines."""
    head = data[:4]
    if head in TRUETYPE_SIGNATURES:
        return
    if head in OTHER_SIGNATURES:
        raise FontRefused("file", f"font file '{file}' {OTHER_SIGNATURES[head]}")
    raise FontRefused("file", f"font file '{file}' is not a TrueType font (it does not start "
                              f"as one does)")


def parsed_font(name: str, data: bytes, file: str):
    """A reportlab TTFont of `data`; FontRefused with reportlab's reason when it cannot read it."""
    TTFont = _checked_font_class()
    stream = io.BytesIO(data)
    stream.name = file                  # what reportlab's messages call it
    try:
        return TTFont(name, stream)
    except Exception as err:   # noqa: BLE001 - a corrupt file raises struct and index errors too
        raise FontRefused("file", f"font file '{file}' cannot be read as a font "
                                  f"({type(err).__name__}: {str(err)[:200]})") from None


def embedding_flags(data: bytes) -> int:
    """The OS/2 fsType bits of a TrueType file's bytes that forbid embedding or subsetting it
    (0: none, or no readable OS/2 table: then reportlab says what is wrong).

    Read here because reportlab 5.1 loads such a font anyway (the test of its rl_config
    allowTTFSubsetting list is inverted); older and fixed versions refuse it.
    """
    try:
        (count,) = struct.unpack_from(">H", data, 4)
        for record in range(count):
            tag, _checksum, offset, _length = struct.unpack_from(">4sLLL", data, 12 + 16 * record)
            if tag == b"OS/2":
                (fs_type,) = struct.unpack_from(">H", data, offset + 8)
                return fs_type if fs_type == 0x0002 else fs_type & 0x0300
    except struct.error:
        return 0
    return 0


# --- every character a catalog prints -----------------------------------------------------------

def kit_font_names() -> tuple[str, ...]:
    """The reportlab names of forge's fonts: a catalog's text may be set in any of them (body,
    bold headings, italic notes, serif cards, sans sheets)."""
    register_fonts()
    return tuple(FONT_FILES)


def catalog_paths(locale_dir: Path, domain: str) -> list[Path]:
    """Every catalog of `domain` under a locale folder, in every language folder there is
    (those game.yaml does not list yet too: a translation being written)."""
    return sorted(Path(locale_dir).glob(f"*/LC_MESSAGES/{domain}.po"))


def catalog_glyph_problems(path: Path, folder: Path | None = None,
                           font_names: Iterable[str] | None = None) -> list[Problem]:
    """A problem at the line of each entry of a catalog (its msgid and every msgstr form) with
    a character one of forge's fonts cannot draw: a kit would print a blank there."""
    from forge.i18n import Messages

    names = tuple(font_names or kit_font_names())
    messages = Messages(Path(path), folder)
    problems = []
    for (_context, msgid), entry in sorted(messages.entries.items(), key=lambda e: e[1].line):
        english = list(msgid) if isinstance(msgid, tuple) else msgid.split(PLURAL_JOIN)
        text = "".join([*english, entry.msgstr, *getattr(entry, "forms", ())])
        lacking = {name: missing_glyphs(text, name) for name in names}
        for ch in sorted(set().union(*lacking.values())):
            which = ", ".join(font_label(name) for name in names if ch in lacking[name])
            shown = english[0]
            problems.append(Problem(Path(path), entry.line, "",
                                    f"\"{shown[:40]}\": the font(s) {which} cannot draw {ch} "
                                    f"U+{ord(ch):04X}: a kit would print a blank there"))
    return problems


def game_glyph_problems(folder: Path, game_id: str) -> list[Problem]:
    """Every character of a game's catalogs, in every language folder it has, that a font of
    forge's cannot draw (see catalog_glyph_problems)."""
    problems = []
    for path in catalog_paths(Path(folder) / "locale", game_id):
        try:
            problems += catalog_glyph_problems(path, folder)
        except ContentError as err:     # a catalog that cannot be read: said as it is
            problems += err.problems
    return problems
