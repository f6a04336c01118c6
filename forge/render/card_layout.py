"""Card layouts as data: a designer's own card face, made of named boxes, without Python.

A deck's `style: {layout: <id>}` names a layout of cards.yaml's `layouts:` list (the built-in
`title` and `corners` layouts are forge/render/cards.py's). A layout is a list of boxes drawn in
order, each showing one thing of the card:

    frame       the card's colour, to the bleed (no `box`)
    panel       only the box itself: its fill and outline
    title       the card's title, wrapped on `lines` lines and shrunk to fit
    text        the card's text, wrapped and shrunk to fit
    cost        the card's cost (nothing when the card has none)
    art         the card's picture, or else its icon
    icon        the card's icon (its class's when it has none)
    class       the name of the card's class
    class-icon  the icon of the card's class
    mark        the card's mark (a numeral such as 'IV')

`box: [x, y, width, height]` is in millimetres from the top-left corner of the card's trim (y
goes down); boxes may reach into the bleed. Any box may have a `fill`, an outline (`stroke`,
`line` in points) and a `shape` (rect, rounded with `radius` in mm, circle). Text boxes take a
`font` (forge's serif, serif-bold, serif-italic, sans, sans-bold, sans-italic, or a font id of
game.yaml), `size` and `min_size` in points, `color`, `align`, `valign` and `upper`. Colours are
palette names, '#rrggbb', `class` (the class's colour, or the deck's `fill`) or `on-class` (the
light or dark ink that reads on it).

With the 'saver' ink, the frame is left out and filled boxes become outlines in their fill's
colour, and light inks on white paper turn dark; in grayscale kits every colour is a gray (the
palette is converted before any maker runs, forge/ink.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import HexColor

from forge import fonts, pictures
from forge.errors import UserError
from forge.model import pt
from forge.printing import BLEEDS
from forge.pictures import Picture
from forge.render import art, icons, textfit

SHOWS = ("frame", "panel", "title", "text", "cost", "art", "icon", "class", "class-icon", "mark")
TEXT_SHOWS = ("title", "text", "cost", "class", "mark")
DEFAULT_FONTS = {"title": "serif-bold", "text": "serif", "cost": "serif-bold",
                 "class": "sans-bold", "mark": "serif-bold"}
DEFAULT_SIZES = {"title": 11.0, "text": 10.0, "cost": 12.0, "class": 6.5, "mark": 40.0}
LEADING = 1.2               # line distance as a multiple of the font size
STEP_PT = 0.25              # text shrinks by this much at a time
PAD = 1.2                   # mm between a box's edge and its text or picture
LINE_PT = 0.7               # default outline width in points


@dataclass(frozen=True)
class Drawn:
    """One box of a card face, resolved: where, what and in which colours."""

    show: str
    rect: tuple[float, float, float, float]      # x, y (from the bottom), width, height in mm
    fill: str = ""
    stroke: str = ""
    line: float = 0.0
    shape: str = "rect"
    radius: float = 0.0
    lines: tuple[str, ...] = ()                  # text, already wrapped
    font: str = ""
    size: float = 0.0                            # mm
    color: str = ""
    align: str = "center"
    valign: str = "middle"
    icon: str | Picture | None = None

    def key(self) -> dict:
        data = dict(self.__dict__)
        data["icon"] = self.icon.key() if isinstance(self.icon, Picture) else self.icon
        return data


@dataclass(frozen=True)
class DataFace:
    """A card face laid out by a layout of cards.yaml: drawing it is just painting."""

    boxes: tuple[Drawn, ...]
    pictures: tuple[Picture, ...] = field(default=())

    def key(self) -> list:
        return [box.key() for box in self.boxes]


def find_layout(cards: dict, name: str) -> dict | None:
    """The layout `name` of cards.yaml's `layouts:`, or None."""
    return next((layout for layout in cards.get("layouts") or [] if layout["id"] == name), None)


def layout_card(card: dict, klass: dict | None, deck: dict, layout: dict, ctx, trim,
                bleed: float, where: str) -> DataFace:
    """Lay out one card with a data layout; UserError naming the card and box for a problem."""
    colors = _Colors(ctx, klass, deck, where)
    drawn = []
    for index, box in enumerate(layout["boxes"]):
        at = f"{where}, layout '{layout['id']}' box {index + 1} ({box['show']})"
        item = _lay_out_box(box, card, klass, ctx, colors.at(at), trim, bleed, at)
        if item is not None:
            drawn.append(item)
    used = icons.pictures_of(*(item.icon for item in drawn))
    return DataFace(tuple(drawn), used)


class _Colors:
    """The colour names a layout may use, for one card."""

    def __init__(self, ctx, klass, deck, where):
        palette = ctx.game.get("palette", {})
        self.palette = palette
        self.light = palette.get("parchment", art.LIGHT)
        self.dark = palette.get("ink", art.DARK)
        self.where = where
        style = deck.get("style") or {}
        self.klass = self.resolve((klass or {}).get("fill") or style.get("fill") or self.dark)
        self.saver = ctx.ink == "saver"

    def at(self, where: str) -> "_Colors":
        """The same colours, naming `where` in errors."""
        located = object.__new__(_Colors)
        located.__dict__.update(self.__dict__, where=where)
        return located

    def resolve(self, value: str) -> str:
        if value == "class":
            return self.klass
        if value == "on-class":
            return art.ink_on(self.klass, self.light, self.dark)
        if isinstance(value, str) and value.startswith("#") and len(value) == 7:
            return value
        if value in self.palette:
            return self.palette[value]
        raise UserError(f"{self.where}: unknown colour '{value}' (palette: "
                        f"{', '.join(self.palette)}, class, on-class, or '#rrggbb')")

    def ink(self, value: str | None, default: str) -> str:
        """A text or icon colour; in the saver ink a light one on white paper turns dark."""
        color = self.resolve(value or default)
        if self.saver and art.is_light(color):
            return self.dark
        return color


def _rect(box: dict, trim, bleed: float, where: str) -> tuple[float, float, float, float] | None:
    """The box in card millimetres from the bottom-left, checked to lie on the card (a box may
    reach into the largest bleed a kit can print; it is cut to the bleed of this one, and is
    None when nothing of it is left)."""
    if "box" not in box:
        if box["show"] == "frame":
            return (-bleed, -bleed, trim[0] + 2 * bleed, trim[1] + 2 * bleed)
        raise UserError(f"{where}: needs 'box: [x, y, width, height]' (mm from the card's "
                        f"top-left corner)")
    x, y, width, height = box["box"]
    if width <= 0 or height <= 0:
        raise UserError(f"{where}: its width and height must be more than 0")
    reach = max(BLEEDS)
    if x < -reach - 0.01 or y < -reach - 0.01 or x + width > trim[0] + reach + 0.01 \
            or y + height > trim[1] + reach + 0.01:
        raise UserError(f"{where}: box {list(box['box'])} leaves the card ({trim[0]:g} x "
                        f"{trim[1]:g} mm, and at most {reach:g} mm of bleed)")
    x0, y0 = max(x, -bleed), max(y, -bleed)     # art meant for the bleed stops at the bleed printed
    x1, y1 = min(x + width, trim[0] + bleed), min(y + height, trim[1] + bleed)
    if x1 <= x0 or y1 <= y0:
        return None                 # wholly in bleed that this kit does not print
    return (x0, trim[1] - y1, x1 - x0, y1 - y0)


def _lay_out_box(box: dict, card: dict, klass: dict | None, ctx, colors: _Colors, trim,
                 bleed: float, where: str) -> Drawn | None:
    show = box["show"]
    rect = _rect(box, trim, bleed, where)
    if rect is None or show == "frame" and colors.saver:
        return None
    if show == "cost" and card.get("cost") is None:
        return None
    base = _background(box, colors, show)
    if show in TEXT_SHOWS:
        text = _text_of(show, card, klass)
        if not text:
            return None
        return _text_box(box, text, rect, ctx, colors, base, where)
    if show in ("art", "icon", "class-icon"):
        return _picture_box(box, card, klass, ctx, colors, rect, base, where)
    return Drawn(show, rect, **base)


def _background(box: dict, colors: _Colors, show: str) -> dict:
    fill = colors.resolve(box["fill"]) if box.get("fill") else ""
    if show == "frame":
        fill = colors.resolve(box.get("fill", "class"))
    stroke = colors.resolve(box["stroke"]) if box.get("stroke") else ""
    if colors.saver and fill and show != "frame":
        stroke, fill = stroke or fill, ""
    return {"fill": fill, "stroke": stroke, "line": pt(box.get("line", LINE_PT)),
            "shape": box.get("shape", "rect"), "radius": box.get("radius", 0.0)}


def _text_of(show: str, card: dict, klass: dict | None) -> str:
    if show == "cost":
        return f"{card['cost']:g}"
    if show == "class":
        return (klass or {}).get("name", "")
    return card.get(show, "") or ""


def _text_box(box: dict, text: str, rect, ctx, colors: _Colors, base: dict, where: str) -> Drawn:
    try:
        font = ctx.font(box.get("font", DEFAULT_FONTS[box["show"]]))
    except UserError as err:
        raise UserError(f"{where}: {err}") from None
    if box.get("upper"):
        text = text.upper()
    problems = fonts.check_glyphs([text], font, where)
    if problems:
        raise UserError(problems[0])
    largest = box.get("size", DEFAULT_SIZES[box["show"]])
    smallest = min(box.get("min_size", largest * 0.6), largest)
    width, height = rect[2] - 2 * PAD, rect[3] - 2 * PAD
    if box["show"] == "text":
        lines, size = _fit_paragraphs(text, font, largest, smallest, width, height, ctx.lang)
    else:
        lines, size = _fit_lines(text, font, largest, smallest, width, height,
                                 box.get("lines", 2))
    if lines is None:
        raise UserError(f"{where}: '{text[:40]}' does not fit its box even at {smallest:g} pt; "
                        f"shorten it or make the box larger")
    return Drawn(box["show"], rect, lines=tuple(lines), font=font, size=size,
                 color=colors.ink(box.get("color"), "ink" if "ink" in colors.palette else "#000000"),
                 align=box.get("align", "center"), valign=box.get("valign", "middle"), **base)


def _fit_paragraphs(text, font, largest, smallest, width, height, lang: str):
    return textfit.fit_text(text, font, largest, smallest, max(width, 0.1), max(height, 0.1),
                            lang, LEADING, STEP_PT)


def _fit_lines(text, font, largest, smallest, width, height, most: int):
    lines, size = textfit.fit_lines(text, font, pt(largest), width, most)
    while len(lines) * size * LEADING > height + 1e-6 and size >= pt(smallest):
        size -= pt(STEP_PT)
    if size < pt(smallest) - 1e-9:
        return None, 0.0
    return lines, size


def _picture_box(box, card, klass, ctx, colors: _Colors, rect, base: dict, where: str):
    show = box["show"]
    ink = colors.ink(box.get("color"), "class")
    if show == "art" and card.get("picture"):
        picture = pictures.load_picture(ctx.folder, card["picture"], where)
        pictures.check_resolution(picture, rect[2] - 2 * PAD, rect[3] - 2 * PAD, where)
        icon = pictures.tinted(picture, "", gray=ctx.ink == "grayscale")
    else:
        value = (klass or {}).get("icon") if show == "class-icon" else \
            card.get("icon") or (klass or {}).get("icon")
        icon = icons.resolve_icon(ctx, value, where, ink)
    if icon is None and not (base["fill"] or base["stroke"]):
        return None
    return Drawn(show, rect, color=ink, icon=icon, **base)


# --- drawing ------------------------------------------------------------------------------------

def draw_data_card(c, face: DataFace, trim, bleed: float) -> None:
    """One card face laid out by a data layout, trim box at the origin."""
    for box in face.boxes:
        _draw_background(c, box)
        if box.lines:
            _draw_lines(c, box)
        elif box.icon is not None:
            _draw_icon(c, box)


def _draw_background(c, box: Drawn) -> None:
    if not (box.fill or box.stroke):
        return
    x, y, width, height = box.rect
    if box.fill:
        c.setFillColor(HexColor(box.fill))
    if box.stroke:
        c.setStrokeColor(HexColor(box.stroke))
        c.setLineWidth(box.line)
    stroke, fill = int(bool(box.stroke)), int(bool(box.fill))
    if box.shape == "circle":
        c.circle(x + width / 2, y + height / 2, min(width, height) / 2, stroke=stroke, fill=fill)
    elif box.shape == "rounded":
        c.roundRect(x, y, width, height, box.radius or 1.4, stroke=stroke, fill=fill)
    else:
        c.rect(x, y, width, height, stroke=stroke, fill=fill)


def _draw_lines(c, box: Drawn) -> None:
    x, y, width, height = box.rect
    lead = box.size * LEADING
    block = lead * (len(box.lines) - 1) + box.size * 0.7      # cap height to last baseline
    if box.valign == "top":
        baseline = y + height - PAD - box.size * 0.75
    elif box.valign == "bottom":
        baseline = y + PAD + lead * (len(box.lines) - 1) + box.size * 0.05
    else:
        baseline = y + height / 2 + block / 2 - box.size * 0.7
    c.setFillColor(HexColor(box.color))
    c.setFont(box.font, box.size)
    for line in box.lines:
        if box.align == "left":
            c.drawString(x + PAD, baseline, line)
        elif box.align == "right":
            c.drawRightString(x + width - PAD, baseline, line)
        else:
            c.drawCentredString(x + width / 2, baseline, line)
        baseline -= lead


def _draw_icon(c, box: Drawn) -> None:
    x, y, width, height = box.rect
    if isinstance(box.icon, Picture) and box.show == "art":
        pictures.draw_picture(c, box.icon, x + PAD, y + PAD, width - 2 * PAD, height - 2 * PAD)
        return
    size = min(width, height) - 2 * PAD
    knock = box.fill or None
    icons.draw_icon(c, box.icon, x + width / 2, y + height / 2, size, box.color, knock=knock)
