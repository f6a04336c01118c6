"""The companion's look: the game's parchment and ink colours, its kit's type, 48 dp targets.

Colours come from the palette of the game being played (its game.yaml), so the companion looks
like the printed kit; before a game is chosen (Home, Settings) the neutral FALLBACK_PALETTE. Every
other colour is derived from those few: a lighter "card" tone of the parchment for panels and
fields, a darker tone of the accent for a pressed button, faint ink for hairlines. Sizes are
numbers in dp/sp that the .kv files read through `app.theme`; text sizes are in sp, so they follow
the system's font scale (kivy.metrics.Metrics.fontscale, Android's font size setting) and the
widgets built on them grow with their text (app.WIDGETS_KV).

Titles use the kit's serif, Forge Garamond (its bold is Cardo Bold, as in the kit), registered
with Kivy as TITLE_FONT when forge's fonts are present; body text keeps Kivy's Roboto, which reads
well small. Without the fonts (a phone build that leaves them out) titles fall back to Roboto.
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
SECTION_SP = 19        # headings of a group of controls (serif, accent colour)
SMALL_SP = 16          # captions, history lines, the label under an icon
NUMBER_SP = 44         # die results and other numbers read from across the table
PAD_DP = 12
RADIUS_DP = 10         # corners of buttons, cards, fields and dialogs

TITLE_FONT = "ForgeTitle"          # Forge Garamond (bold: Cardo Bold), when registered
BODY_FONT = "Roboto"               # Kivy's own sans
TITLE_FONT_FILES = {"fn_regular": "ForgeGaramond-Regular.ttf",
                    "fn_italic": "ForgeGaramond-Italic.ttf",
                    "fn_bold": "Cardob101.ttf"}

ART_DIR = Path(__file__).resolve().parent / "art"
ROUND_IMAGE = ART_DIR / "round.png"      # a white rounded square: tinted, it fills fields
ROUND_BORDER = 12                        # px of its corners that BorderImage keeps unscaled
RING_IMAGE = ART_DIR / "ring.png"        # its outline only: outlined buttons


def rgba(hex_colour: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    """A '#rrggbb' colour as the RGBA floats Kivy wants."""
    value = hex_colour.lstrip("#")
    red, green, blue = (int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (red, green, blue, alpha)


def mix(colour: tuple, other: tuple, share: float) -> tuple:
    """`colour` moved `share` (0-1) of the way towards `other` (RGB; colour's alpha kept)."""
    return tuple(a + (b - a) * share for a, b in zip(colour[:3], other[:3])) + (colour[3],)


def with_alpha(colour: tuple, alpha: float) -> tuple:
    return tuple(colour[:3]) + (alpha,)


WHITE = (1.0, 1.0, 1.0, 1.0)


def read_palette(game_yaml: Path) -> dict[str, str]:
    """The palette of a game.yaml, with the fallback colours for any it lacks."""
    import yaml  # only here: the theme must not slow the app's start when no file is given

    try:
        data = yaml.safe_load(game_yaml.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        data = {}
    return {**FALLBACK_PALETTE, **(data.get("palette") or {})}


@dataclass(frozen=True)
class Theme:
    """Colours (RGBA) and sizes the screens use.

    ink, parchment: text and page; panel: the kit's land tone (unselected choices); accent: the
    kit's route red (primary buttons, headings), accent_ink the text on it, accent_down the
    pressed accent; card: panels and dialogs' bodies, lighter than the page; field: text fields;
    line: hairlines and outlines; gold: the kit's gold (rules under titles, selection marks);
    muted: secondary text.
    """

    ink: tuple
    parchment: tuple
    panel: tuple
    accent: tuple
    accent_ink: tuple
    muted: tuple
    accent_down: tuple = (0.3, 0.1, 0.05, 1)
    card: tuple = (1, 1, 1, 1)
    field: tuple = (1, 1, 1, 1)
    line: tuple = (0, 0, 0, 0.2)
    gold: tuple = (0.66, 0.49, 0.12, 1)
    shadow: tuple = (0, 0, 0, 0.12)
    touch_dp: int = TOUCH_DP
    button_dp: int = BUTTON_DP
    text_sp: int = TEXT_SP
    title_sp: int = TITLE_SP
    section_sp: int = SECTION_SP
    small_sp: int = SMALL_SP
    number_sp: int = NUMBER_SP
    pad_dp: int = PAD_DP
    radius_dp: int = RADIUS_DP
    title_font: str = BODY_FONT
    body_font: str = BODY_FONT
    colours: tuple = ()         # (name, RGBA) of every palette colour: colour(name)

    @classmethod
    def from_palette(cls, palette: dict[str, str]) -> Theme:
        """The theme of a game's palette."""
        ink, parchment = rgba(palette["ink"]), rgba(palette["parchment"])
        accent = rgba(palette["route"])
        return cls(ink=ink, parchment=parchment, panel=rgba(palette["land"]), accent=accent,
                   accent_ink=parchment, muted=rgba(palette["ink"], 0.62),
                   accent_down=mix(accent, ink, 0.45), card=mix(parchment, WHITE, 0.5),
                   field=mix(parchment, WHITE, 0.75), line=with_alpha(ink, 0.22),
                   gold=rgba(palette["gold"]), shadow=with_alpha(ink, 0.14),
                   title_font=title_font(),
                   colours=tuple((name, rgba(value)) for name, value in palette.items()
                                 if isinstance(value, str) and value.startswith("#")))

    def colour(self, name: str, default: tuple | None = None) -> tuple:
        """A palette colour by its name in game.yaml ("route", "sea"); `default` (else ink)
        for a name the palette lacks."""
        return dict(self.colours).get(name, default or self.ink)

    # --- what the kv rules ask -------------------------------------------------------------

    def button_fill(self, emphasis: str, down: bool, disabled: bool = False) -> tuple:
        """The fill of a button: primary filled with the accent, secondary and quiet ones none
        (pressed: a darker accent, a tint of it over the card tone, or a faint tint); faded
        when disabled."""
        if emphasis == "primary":
            fill = self.accent_down if down else self.accent
        elif emphasis == "secondary":
            fill = mix(self.card, self.accent, 0.18) if down else (0, 0, 0, 0)
        else:
            fill = with_alpha(self.accent, 0.14) if down else (0, 0, 0, 0)
        return with_alpha(fill, fill[3] * 0.4) if disabled else fill

    def button_image(self, emphasis: str, down: bool) -> str:
        """The picture a button's background tints: an outline for a secondary button at rest,
        else the filled rounded square."""
        return str(RING_IMAGE if emphasis == "secondary" and not down else ROUND_IMAGE)

    def button_tint(self, emphasis: str, down: bool, disabled: bool = False) -> tuple:
        """What tints that picture: the fill, or the accent of a secondary button's outline
        (the page shows through inside it)."""
        if emphasis == "secondary" and not down:
            return with_alpha(self.accent, 0.4) if disabled else self.accent
        return self.button_fill(emphasis, down, disabled)

    def button_text(self, emphasis: str) -> tuple:
        """The text of a button: on the accent for primary ones, in the accent otherwise."""
        return self.accent_ink if emphasis == "primary" else self.accent



def title_font() -> str:
    """The titles' font name: the kit's serif once registered, else the body font."""
    return TITLE_FONT if register_fonts() else BODY_FONT


_REGISTERED: list[bool] = []


def register_fonts() -> bool:
    """Register the kit's serif with Kivy (once); False when its files are not there."""
    if not _REGISTERED:
        from forge.places import FONT_DIR

        files = {key: FONT_DIR / name for key, name in TITLE_FONT_FILES.items()}
        found = all(path.is_file() for path in files.values())
        if found:
            from kivy.core.text import LabelBase

            LabelBase.register(TITLE_FONT, str(files["fn_regular"]),
                               fn_italic=str(files["fn_italic"]), fn_bold=str(files["fn_bold"]))
        _REGISTERED.append(found)
    return _REGISTERED[0]


_GROUP_NUMBERS = itertools.count(1)


def fresh_group(name: str) -> str:
    """A toggle-button group name for one set of buttons only. Kivy keeps a group's buttons as
    weak references and can fail to release a group whose old buttons are being collected, so a
    set of buttons that is built again takes a new group rather than reusing the old one."""
    return f"{name}-{next(_GROUP_NUMBERS)}"
