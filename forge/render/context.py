"""What a piece maker needs to know about the build it draws for."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from forge.errors import UserError
from forge.fonts import resolve_font
from forge.i18n import Translator
from forge.printing import PrintOptions


@dataclass(frozen=True)
class RenderContext:
    """One build: game, language, paper; the content already translated into that language."""

    game_id: str
    lang: str
    data: dict[str, Any]        # content by file stem ('game', 'board', 'rules', 'sheets')
    tr: Translator              # program strings: ctx.tr._("Cut along the marks")
    paper: str                  # 'a4' or 'letter'
    paper_size: tuple[float, float]   # portrait width, height in mm
    version: str = ""                 # forge version, printed on the instructions page
    manifest: tuple[dict, ...] = ()   # the kit's components, for the instructions page: each
    # {id, kind, family, name, count, trim_mm [w, h], bleed_mm, file, pages (in file),
    #  kit_pages (in kit.pdf), howto}: the entries of kit.json
    print_plan: tuple[dict, ...] = ()  # the cover's print plan: each {first, last, parts,
    # paper, paper_words, sides, sides_words, sheets}: the rows of kit.json's print_plan
    large_board: str = ""             # file name of the single-page board ('board-a3.pdf')
    folder: Path | None = None        # the game's content folder (its own templates/ come first)
    options: PrintOptions = PrintOptions()   # backs, bleed, marks, ink, board (forge.printing)
    fonts: dict[str, str] = field(default_factory=dict)   # the game's own fonts: id ->
    # reportlab name (forge.fonts.register_game_fonts)

    @property
    def ink(self) -> str:
        """'full', 'saver' (no large fills, every piece of information kept) or 'grayscale'."""
        return self.options.ink

    @property
    def game(self) -> dict:
        """game.yaml, translated."""
        return self.data["game"]

    def font(self, name: str) -> str:
        """The reportlab name of a font as content names it: 'serif', 'sans-bold', ... or one
        of the game's own (game.yaml `fonts:`); UserError listing them for another name."""
        return resolve_font(name, self.fonts)

    def emperor(self, emperor_id: str) -> dict:
        """One emperor's entry of game.yaml; UserError for an id the game does not have."""
        for entry in self.game.get("emperors", []):
            if entry["id"] == emperor_id:
                return entry
        raise UserError(f"no emperor or palette colour '{emperor_id}' in game.yaml")

    def color(self, name: str) -> str:
        """A colour of the game's palette, or an emperor's colour, as '#rrggbb'."""
        palette = self.game["palette"]
        if name in palette:
            return palette[name]
        if name.startswith("#"):
            return name         # content validation let only '#rrggbb' through
        return self.emperor(name)["color"]
