"""Icons: single-colour silhouettes that read on any token fill, by the name content uses.

Each game lists its own in `forge/render/<game>/icons.py` (`ICONS`: name -> drawing function);
this module gathers every game's into one registry, so content names any icon and a new game's
icons are found by existing. Every function draws on a reportlab canvas whose unit is one
millimetre and leaves the canvas state as it found it.
"""
from __future__ import annotations

import pkgutil
from importlib import import_module
from importlib.util import find_spec
from typing import Callable

import forge.render
from forge.errors import UserError
from forge.pictures import Picture, draw_picture, is_picture, load_picture, tinted


def _gather() -> dict[str, Callable]:
    """Every game's icons, games in name order; a name two games draw differently is an error."""
    found: dict[str, Callable] = {}
    for info in sorted(pkgutil.iter_modules(forge.render.__path__), key=lambda i: i.name):
        name = f"forge.render.{info.name}.icons"
        if not info.ispkg or find_spec(name) is None:
            continue
        for icon, draw in import_module(name).ICONS.items():
            if found.setdefault(icon, draw) is not draw:
                raise ValueError(f"icon '{icon}' is drawn by two games ({name})")
    return found


ICONS: dict[str, Callable] = _gather()


def resolve_icon(ctx, value: str | None, where: str, ink: str) -> str | Picture | None:
    """A content icon value for drawing in `ink`: a built-in icon's name as it is, or the game's
    art file it names, loaded and tinted in `ink` (neutral in a grayscale kit)."""
    if not value:
        return None
    if is_picture(value):
        picture = load_picture(ctx.folder, value, where)
        return tinted(picture, ink, gray=ctx.ink == "grayscale")
    if value not in ICONS:
        raise UserError(f"{where}: unknown icon '{value}' (known: {', '.join(ICONS)}; or an art "
                        f"file of the game, like art/bridge.svg)")
    return value


def pictures_of(*values) -> tuple[Picture, ...]:
    """The art files among resolved icons (for Piece.pictures)."""
    return tuple(value for value in values if isinstance(value, Picture))


def draw_icon(c, name: str, cx: float, cy: float, size: float, color: str,
              knock: str | None = None) -> None:
    """Draw icon `name` centred on (cx, cy), `size` mm across, in `color`.

    `knock` is the colour behind the icon, used for the thin gaps that keep overlapping parts
    apart (crossed blades, rivets); without it the icon is a plain silhouette. `name` may be a
    game's art file (forge.pictures.Picture) instead, already tinted by the maker in `color`.
    """
    if isinstance(name, Picture):
        draw_picture(c, name, cx - size / 2, cy - size / 2, size, size)
        return
    if name not in ICONS:
        raise ValueError(f"unknown icon '{name}' (known: {', '.join(ICONS)})")
    c.saveState()
    c.translate(cx, cy)
    c.scale(size / 2, size / 2)
    ICONS[name](c, color, knock)
    c.restoreState()
