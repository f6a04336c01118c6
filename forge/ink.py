"""Ink variants of a kit: full colour, ink saver and grayscale (`forge build --ink ...`).

- `full`: the art as designed.
- `saver`: no large fills; every piece of information is kept. The piece makers do this
  themselves (each knows which of its fills are large and which carry information): they ask
  `ctx.ink == "saver"` and draw outlines, light tints, hatching and icons instead.
- `grayscale`: every colour that reaches the PDF is neutral (R = G = B). The content is changed
  here, once, before any maker runs: every '#rrggbb' of the translated content (the palette, the
  emperors' colours, the board's region tints...) becomes the gray of its luminance, and the
  emperors' grays are spread apart so that none two are near-identical (their patterns and
  initials tell them apart as well). Colours the makers derive (`art.mix`, `art.accent_of`) from
  neutral colours are neutral too; the few constants in the makers go through `color_for`.
"""
from __future__ import annotations

import copy
import re

INKS = ("full", "saver", "grayscale")
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")

# Rec. 709 luma weights (sRGB primaries), applied to the gamma-encoded components.
WEIGHTS = (0.2126, 0.7152, 0.0722)

EMPEROR_GAP = 0.12      # smallest difference in lightness between two emperors' grays (0-1)
EMPEROR_RANGE = (0.16, 0.84)   # the grays the spreading may move an emperor into

SAVER_TINT = 0.12       # share of a colour in the light tints the saver variant draws at most


def _components(color: str) -> tuple[float, float, float]:
    return tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def _hex_gray(value: float) -> str:
    level = f"{round(max(0.0, min(1.0, value)) * 255):02x}"
    return "#" + level * 3


def lightness(color: str) -> float:
    """Rec. 709 luma of '#rrggbb', 0 (black) to 1 (white)."""
    return sum(w * v for w, v in zip(WEIGHTS, _components(color)))


def gray(color: str) -> str:
    """The neutral gray '#vvvvvv' with the luminance of `color`."""
    return _hex_gray(lightness(color))


def is_neutral(color: str) -> bool:
    """Whether '#rrggbb' has R = G = B."""
    return color[1:3].lower() == color[3:5].lower() == color[5:7].lower()


def color_for(color: str, ink: str) -> str:
    """A colour constant of a maker as this ink variant prints it (gray in grayscale)."""
    return gray(color) if ink == "grayscale" and HEX.match(color) else color


def apply_ink(data: dict, ink: str) -> dict:
    """A deep copy of the translated content, its colours changed for the ink variant.

    `saver` leaves the content as it is (the makers drop their large fills); `grayscale` turns
    every colour into a neutral gray and keeps the emperors' grays apart.
    """
    if ink not in INKS:
        raise ValueError(f"unknown ink '{ink}' (known: {', '.join(INKS)})")
    data = copy.deepcopy(data)
    if ink != "grayscale":
        return data
    emperors = (data.get("game") or {}).get("emperors") or []
    spread = spread_grays({e["id"]: lightness(e["color"]) for e in emperors
                           if isinstance(e.get("color"), str) and HEX.match(e["color"])})
    data = _map_colors(data, gray)
    for emperor in (data.get("game") or {}).get("emperors") or []:
        if emperor.get("id") in spread:
            emperor["color"] = _hex_gray(spread[emperor["id"]])
    return data


def _map_colors(value, change):
    """`value` with every '#rrggbb' string in it (at any depth) replaced by change(string)."""
    if isinstance(value, dict):
        return {k: _map_colors(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [_map_colors(v, change) for v in value]
    if isinstance(value, tuple):
        return tuple(_map_colors(v, change) for v in value)
    if isinstance(value, str) and HEX.match(value):
        return change(value)
    return value


def spread_grays(levels: dict[str, float], gap: float = EMPEROR_GAP,
                 bounds: tuple[float, float] = EMPEROR_RANGE) -> dict[str, float]:
    """Lightness levels moved apart, in the same order, so neighbours differ by at least `gap`.

    The levels move as little as possible (least squares): levels already far enough apart stay
    where they are, a crowded group spreads about its middle, and all stay within `bounds`.
    """
    if len(levels) < 2:
        return dict(levels)
    order = sorted(levels, key=lambda k: (levels[k], k))
    low, high = bounds
    gap = min(gap, (high - low) / (len(order) - 1))
    # y[i] = z[i] + i * gap: the gaps hold exactly when z never decreases, so the nearest
    # spread levels are an isotonic regression of the shifted levels (pool adjacent violators)
    blocks: list[list[float]] = []            # [mean, count]
    for i, key in enumerate(order):
        blocks.append([levels[key] - i * gap, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            mean, count = blocks.pop()
            blocks[-1] = [(blocks[-1][0] * blocks[-1][1] + mean * count) / (blocks[-1][1] + count),
                          blocks[-1][1] + count]
    shifted = [mean for mean, count in blocks for _ in range(count)]
    top = high - (len(order) - 1) * gap
    return {key: min(max(z, low), top) + i * gap for i, (key, z) in enumerate(zip(order, shifted))}
