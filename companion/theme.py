"""A small theme: the game's parchment and ink colours, large type, 48 dp touch targets.

Colours come from the palette of the game being played (its game.yaml), so the companion looks
like the printed kit; before a game is chosen (Home, Settings) the neutral FALLBACK_PALETTE. Sizes
are numbers in dp/sp that the .kv files read through `app.theme`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

# parchment and ink: the neutral theme, and any colour a game's palette lacks
FALLBACK_PALETTE = {"ink": "#2a2118", "parchment": "#f4ead3", "land": "#eadbb8",
                    "gold": "#a87c1e", "route": "#7a1f12"}

TOUCH_DP = 48          # smallest touch target (Android and iOS guidelines)
BUTTON_DP = 56         # the usual button height: a little above the minimum
TEXT_SP = 20           # body text, readable at arm's length beside the board
TITLE_SP = 28
NUMBER_SP = 44         # die results and other numbers read from across the table
PAD_DP = 12


def rgba(hex_colour: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    """A '#rrggbb' colour as the RGBA floats Kivy wants."""
    value = hex_colour.lstrip("#")
    red, green, blue = (int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (red, green, blue, alpha)


def read_palette(game_yaml: Path) -> dict[str, str]:
    """The palette of a game.yaml, with the fallback colours for any it lacks."""
    import yaml   # only here: the theme must not slow the app's start when no file is given

    try:
        data = yaml.safe_load(game_yaml.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        data = {}
    return {**FALLBACK_PALETTE, **(data.get("palette") or {})}


@dataclass(frozen=True)
class Theme:
    """Colours (RGBA) and sizes the screens use."""

    ink: tuple
    parchment: tuple
    panel: tuple
    accent: tuple
    accent_ink: tuple
    muted: tuple
    touch_dp: int = TOUCH_DP
    button_dp: int = BUTTON_DP
    text_sp: int = TEXT_SP
    title_sp: int = TITLE_SP
    number_sp: int = NUMBER_SP
    pad_dp: int = PAD_DP

    @classmethod
    def from_palette(cls, palette: dict[str, str]) -> "Theme":
        """The theme of a game's palette."""
        return cls(ink=rgba(palette["ink"]), parchment=rgba(palette["parchment"]),
                   panel=rgba(palette["land"]), accent=rgba(palette["route"]),
                   accent_ink=rgba(palette["parchment"]), muted=rgba(palette["ink"], 0.6))


_GROUP_NUMBERS = itertools.count(1)


def fresh_group(name: str) -> str:
    """A toggle-button group name for one set of buttons only. Kivy keeps a group's buttons as
    weak references and can fail to release a group whose old buttons are being collected, so a
    set of buttons that is built again takes a new group rather than reusing the old one."""
    return f"{name}-{next(_GROUP_NUMBERS)}"
