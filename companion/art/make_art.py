"""Write the companion's bitmap art: `python companion/art/make_art.py` (needs Pillow).

round.png: a white square with rounded corners, smooth (drawn 4x and scaled down). Kivy tints it
with a widget's background_color and stretches it as a BorderImage whose corners stay unscaled
(companion.theme.ROUND_BORDER), which gives text fields and dialogs their rounded corners without
drawing over the cursor or under the dim overlay as canvas instructions would. The same script
writes the same bytes each run with the same Pillow.
"""
from __future__ import annotations

from pathlib import Path

SIZE = 64              # px of the image
RADIUS = 12            # px of its corners (theme.ROUND_BORDER)
SUPER = 4              # drawn this much larger, then scaled down: smooth edges

HERE = Path(__file__).resolve().parent


def rounded_square(size: int = SIZE, radius: int = RADIUS):
    """A white rounded square on transparency."""
    from PIL import Image, ImageDraw

    big = Image.new("L", (size * SUPER, size * SUPER), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, size * SUPER - 1, size * SUPER - 1),
                                          radius * SUPER, fill=255)
    mask = big.resize((size, size), Image.LANCZOS)
    image = Image.new("RGBA", (size, size), (255, 255, 255, 0))
    image.putalpha(mask)
    return image


def main() -> None:
    rounded_square().save(HERE / "round.png", optimize=True)


if __name__ == "__main__":
    main()
