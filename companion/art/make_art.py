"""Write the companion's bitmap art: `python companion/art/make_art.py` (needs Pillow, reportlab
and poppler's pdftoppm, as forge's print checks do).

round.png: a white square with rounded corners, smooth (drawn 4x and scaled down). Kivy tints it
with a widget's background_color and stretches it as a BorderImage whose corners stay unscaled
(companion.theme.ROUND_BORDER), which gives buttons, text fields and dialogs their rounded corners
in one textured quad set (cheap to draw, smooth at the edge) without drawing over the cursor or
under the dim overlay as canvas instructions would. ring.png: its outline only (outlined
buttons).

icons/<name>.png: the printed kit's icons (forge/render/icons.py) that a game's dice show
(`faces_from` in game.yaml: the symbols of its tables.yaml `dice`), white on transparency, so the
drawn dice (companion.dieface) show the same symbols as the dice the players fold, tinted in the
die's ink. The same script writes the same bytes each run with the same tools.
"""
from __future__ import annotations

from pathlib import Path

SIZE = 64              # px of the image
RADIUS = 12            # px of its corners (theme.ROUND_BORDER)
SUPER = 4              # drawn this much larger, then scaled down: smooth edges

HERE = Path(__file__).resolve().parent


RING = 1.5             # px of ring.png's line


def rounded_square(size: int = SIZE, radius: int = RADIUS, ring: float = 0):
    """A white rounded square on transparency; with `ring`, only its outline that wide."""
    from PIL import Image, ImageDraw

    big = Image.new("L", (size * SUPER, size * SUPER), 0)
    box = (0, 0, size * SUPER - 1, size * SUPER - 1)
    if ring:
        ImageDraw.Draw(big).rounded_rectangle(box, radius * SUPER, outline=255,
                                              width=round(ring * SUPER))
    else:
        ImageDraw.Draw(big).rounded_rectangle(box, radius * SUPER, fill=255)
    mask = big.resize((size, size), Image.LANCZOS)
    image = Image.new("RGBA", (size, size), (255, 255, 255, 0))
    image.putalpha(mask)
    return image


ICON_PX = 128          # px of a die symbol's image
ICON_MM = 20.0         # mm the icon is drawn across before rasterising


def dice_symbols() -> list[str]:
    """The icon names the shipped games' dice show (`faces_from` a tables.yaml entry)."""
    import yaml

    from forge.places import SHIPPED_CONTENT

    names: set[str] = set()
    for game_yaml in sorted(SHIPPED_CONTENT.glob("*/game.yaml")):
        data = yaml.safe_load(game_yaml.read_text(encoding="utf-8")) or {}
        for component in data.get("components") or []:
            source = (component.get("style") or {}).get("faces_from")
            if component.get("kind") != "die" or not source:
                continue
            tables = yaml.safe_load((game_yaml.parent / "tables.yaml")
                                    .read_text(encoding="utf-8")) or {}
            names.update(str(face) for face in tables[source]["faces"])
    return sorted(names)


def icon_image(name: str):
    """The kit's icon `name` as a white silhouette on transparency, ICON_PX square."""
    import subprocess
    import tempfile

    from PIL import Image, ImageOps
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from forge.render.icons import draw_icon

    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "icon.pdf"
        canvas = Canvas(str(pdf), pagesize=(ICON_MM * mm, ICON_MM * mm), invariant=1)
        canvas.scale(mm, mm)
        draw_icon(canvas, name, ICON_MM / 2, ICON_MM / 2, ICON_MM * 0.96, "#000000",
                  knock="#ffffff")
        canvas.save()
        dpi = round(ICON_PX / (ICON_MM / 25.4))
        subprocess.run(["pdftoppm", "-png", "-gray", "-r", str(dpi), "-singlefile", str(pdf),
                        str(Path(folder) / "icon")], check=True)
        with Image.open(Path(folder) / "icon.png") as grey:
            mask = ImageOps.invert(grey.convert("L")).resize((ICON_PX, ICON_PX), Image.LANCZOS)
    image = Image.new("RGBA", mask.size, (255, 255, 255, 0))
    image.putalpha(mask)
    return image


def main() -> None:
    rounded_square().save(HERE / "round.png", optimize=True)
    rounded_square(ring=RING).save(HERE / "ring.png", optimize=True)
    (HERE / "icons").mkdir(exist_ok=True)
    for name in dice_symbols():
        if name != "blank":
            icon_image(name).save(HERE / "icons" / f"{name}.png", optimize=True)


if __name__ == "__main__":
    main()
