"""Token and figure makers: round discs printed on square counters, fold-over emperor standees.

Styles (the `style` map of a component in game.yaml):

- `disc`: `{fill: <palette colour>, icon: <icon name>}` for a plain token, or
  `{emperor: <emperor id>}` for a token in an emperor's colour, pattern and initial.
- `disc` with a value (coins, chaos tokens): `{fill: <colour>, label: "10", icon: <optional icon>,
  shape: round | square, back_style: {...}}`. `round` (the default) is a coin with a heavy rim;
  `square` a framed square panel with corner studs, so the two kinds stay apart in grayscale.
  `back_style` gives the other face its own look, merged over the front's shape and fill (e.g.
  `{icon: chaos}`: a plain back that hides the value of a token kept face down); it cannot be
  combined with `back: same`. Label discs carry a key of exactly what they draw.
- `disc` with names (province tokens): `{names_from: <a list of tables.yaml>, copies: N, fill,
  shape, rim, icon, back_style}`: `copies` tokens for each entry of that list, each printing the
  entry's `name` (a translated text of the game) below its icon, in place of a value; the count
  is the entries times `copies`. A label disc whose component has `labels: {name: ...}` prints
  that name the same way (a power's activation marker). `rim` (any label disc) colours the frame instead of a tone of
  the fill.
- `standee`: no style; one standee per emperor of the game.

A disc component with `back: same` is printed on both faces alike (a double-sided token).

With the ink saver (`ctx.ink == "saver"`) nothing is filled to the bleed: a counter is white
with its disc outlined in its colour on a light tint, its icon or the emperor's pattern and
initial drawn in the colour; a standee is white with his colour in its outlines, pattern and
medallion.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.ink import color_for
from forge.model import Piece, pt
from forge.pictures import Picture
from forge.render import art, icons, maker, textfit

DISC_MARGIN = 0.05        # mm between the printed disc and the trim (a 16 mm punch still fits)
ICON_SHARE = 0.68         # icon size as a share of the disc's diameter
STANDEE_FOOT = 10.0       # mm, each foot (together they make a 20 mm deep base)
SAFE = 3.0                # mm kept free of text at each side of a standee's face
FOLD_WIDTH = pt(0.8)
FOLD_DASH = (0.7, 0.9)    # mm on, mm off


def _inks(ctx) -> tuple[str, str]:
    """The game's light and dark inks (its 'parchment' and 'ink' colours when it has them)."""
    palette = ctx.game.get("palette", {})
    return (palette.get("parchment", color_for(art.LIGHT, ctx.ink)),
            palette.get("ink", color_for(art.DARK, ctx.ink)))


def _fill_bleed(c, w: float, h: float, bleed: float, color: str) -> None:
    """Fill trim and bleed with one colour, so a cut that strays shows no white."""
    c.setFillColor(HexColor(color))
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)


# --- discs --------------------------------------------------------------------------------------

@maker("disc")
def make_discs(component: dict, ctx) -> list[Piece]:
    """One square counter per copy, art to the bleed, with the round disc drawn inside."""
    style = component.get("style") or {}
    saver = ctx.ink == "saver"
    used: tuple = ()
    if "emperor" in style:
        emperor = ctx.emperor(style["emperor"])
        draw = partial(_draw_saver_emperor_disc if saver else _draw_emperor_disc,
                       emperor=emperor, inks=_inks(ctx))
    elif "names_from" in style:
        return _make_name_discs(component, style, ctx)
    elif "label" in style or "back_style" in style or "shape" in style or \
            (component.get("labels") or {}).get("name"):
        return _make_label_discs(component, style, ctx)
    elif "fill" in style and "icon" in style:
        fill = ctx.color(style["fill"])
        ink = art.readable(fill) if saver else art.ink_on(fill, *_inks(ctx))
        icon = icons.resolve_icon(ctx, style["icon"], f"component '{component['id']}', icon", ink)
        used = icons.pictures_of(icon)
        draw = partial(_draw_saver_icon_disc if saver else _draw_icon_disc,
                       fill=fill, icon=icon, inks=_inks(ctx))
    else:
        raise UserError(f"component '{component['id']}': a disc's style needs 'fill' and 'icon', "
                        f"'fill' and 'label', or 'emperor'")
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    draw = partial(draw, trim=trim, bleed=bleed)
    back = draw if component.get("back") == "same" else None
    return [Piece(component["id"], component["kind"], trim, bleed, draw, component["name"],
                  back=back, pictures=used)
            for _ in range(component["count"])]


def _disc_geometry(trim) -> tuple[float, float, float]:
    w, h = trim
    return w / 2, h / 2, min(w, h) / 2 - DISC_MARGIN


def _disc_tone(fill: str) -> str:
    """The disc's own tone, a little off the square's fill so the round shape shows."""
    return art.mix(fill, art.accent_of(fill), 0.22)


def _draw_disc_face(c, fill: str, trim, bleed: float) -> tuple[float, float, float]:
    """The square in the fill colour, a slightly raised disc and its rim; returns the disc."""
    cx, cy, r = _disc_geometry(trim)
    accent = art.accent_of(fill)
    _fill_bleed(c, *trim, bleed, fill)
    c.setFillColor(HexColor(_disc_tone(fill)))
    c.circle(cx, cy, r, stroke=0, fill=1)
    c.setStrokeColor(HexColor(accent))
    c.setLineWidth(pt(0.6))
    c.circle(cx, cy, r - 0.9, stroke=1, fill=0)
    return cx, cy, r


def _draw_icon_disc(c, fill: str, icon: str, inks, trim, bleed: float) -> None:
    cx, cy, r = _draw_disc_face(c, fill, trim, bleed)
    ink = art.ink_on(fill, *inks)
    icons.draw_icon(c, icon, cx, cy, 2 * r * ICON_SHARE, ink, knock=_disc_tone(fill))


def _draw_emperor_disc(c, emperor: dict, inks, trim, bleed: float) -> None:
    cx, cy, r = _disc_geometry(trim)
    color = emperor["color"]
    _fill_bleed(c, *trim, bleed, color)
    art.draw_emperor_mark(c, emperor, cx, cy, r - 0.5, *inks)
    c.setStrokeColor(HexColor(art.accent_of(color)))
    c.setLineWidth(pt(0.6))
    c.circle(cx, cy, r - 0.5, stroke=1, fill=0)


def _draw_saver_icon_disc(c, fill: str, icon: str, inks, trim, bleed: float) -> None:
    """Ink saver: a white counter, the disc a light tint in a ring of its colour, the icon in
    the colour (a dark one when the colour is light, so grey and black discs stay apart)."""
    cx, cy, r = _disc_geometry(trim)
    strong = art.readable(fill)
    face = art.tint(fill, 0.10)
    c.saveState()
    c.setFillColor(HexColor(face))
    c.setStrokeColor(HexColor(strong))
    c.setLineWidth(pt(1.6))
    c.circle(cx, cy, r - pt(0.8), stroke=1, fill=1)
    c.setLineWidth(pt(0.5))
    c.circle(cx, cy, r - 1.3, stroke=1, fill=0)
    c.restoreState()
    icons.draw_icon(c, icon, cx, cy, 2 * r * ICON_SHARE, strong, knock=face)


def _draw_saver_emperor_disc(c, emperor: dict, inks, trim, bleed: float) -> None:
    """Ink saver: a white counter with the emperor's mark (pattern, rim, initial) on it."""
    cx, cy, r = _disc_geometry(trim)
    art.draw_emperor_mark(c, emperor, cx, cy, r - 0.1, saver=True)


# --- label discs: values printed on tokens (coins, chaos tokens) ------------------------------------

LABEL_VERSION = 1         # part of every label disc's key: bump it when the drawing changes
SHAPES = ("round", "square")
SQUARE_INSET = 0.9        # mm between the trim and a square token's panel
LABEL_CAP = 0.40          # a lone value's capital height, as a share of the token's size
LABEL_WIDTH = 0.66        # widest a value may be, as a share of the token's size
NAME_CAP = 0.13           # a name's capital height at most, as a share of the token's size
NAME_WIDTH = 0.76         # widest a name may be, as a share of the token's size


@dataclass(frozen=True)
class LabelFace:
    """Everything one face of a label disc shows, resolved: drawing it is just painting."""

    shape: str            # round (a coin with a rim) or square (a framed square panel)
    fill: str             # '#rrggbb'
    label: str            # the value printed, '' for none
    icon: str | Picture | None    # a built-in icon's name or the game's art file, tinted in ink
    ink: str              # letters and icon on the fill
    saver: bool
    rim: str = ""         # the frame's colour ('': a tone of the fill)
    name: str = ""        # a name printed below the icon, smaller than a value (province tokens)
    name_cap: float = 0.0     # the name's capital height in mm, the same on all a list's tokens

    def key(self) -> dict:
        """What drawing the face depends on (for the render cache)."""
        return {**self.__dict__, "icon": self.icon.key() if isinstance(self.icon, Picture)
                else self.icon}


def _label_face(spec: dict, ctx, where: str) -> LabelFace:
    if "fill" not in spec:
        raise UserError(f"{where}: a label disc needs 'fill'")
    shape = spec.get("shape", "round")
    if shape not in SHAPES:
        raise UserError(f"{where}: unknown shape '{shape}' (known: {', '.join(SHAPES)})")
    label = "" if spec.get("label") is None else str(spec["label"])
    if not label and not spec.get("icon"):
        raise UserError(f"{where}: a label disc face needs a 'label', an 'icon' or both")
    fill = ctx.color(spec["fill"])
    saver = ctx.ink == "saver"
    ink = art.readable(fill) if saver else art.ink_on(fill, *_inks(ctx))
    icon = icons.resolve_icon(ctx, spec.get("icon"), f"{where}, icon", ink)
    rim = ctx.color(spec["rim"]) if spec.get("rim") else ""
    return LabelFace(shape, fill, label, icon, ink, saver, rim=rim)


def _make_label_discs(component: dict, style: dict, ctx) -> list[Piece]:
    """Tokens with a printed value (`label`), an optional icon, and their own back."""
    where = f"component '{component['id']}'"
    front_spec = {k: v for k, v in style.items() if k != "back_style"}
    front = _label_face(front_spec, ctx, where)
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    front = _named(front, component, trim)
    draw = partial(draw_label_disc, face=front, trim=trim, bleed=bleed)
    back_face, back = _styled_back(component, style, front.shape, ctx, trim, bleed)
    back_key: object = back_face.key() if back_face else None
    if back_face is None and component.get("back") == "same":
        back, back_key = draw, "same"
    key = {"maker": "disc-label", "version": LABEL_VERSION, "front": front.key(),
           "back": back_key, "trim": list(trim), "bleed": bleed}
    used = icons.pictures_of(front.icon, back_face.icon if back_face else None)
    return [Piece(component["id"], component["kind"], trim, bleed, draw, component["name"],
                  back=back, key=key, pictures=used)
            for _ in range(component["count"])]


def _named(face: LabelFace, component: dict, trim) -> LabelFace:
    """The face with the component's `labels: {name: ...}` (a translated text) under its icon,
    as province tokens print theirs: a marker that must say whose it is in words."""
    name = (component.get("labels") or {}).get("name")
    if not name:
        return face
    size = 2 * _disc_geometry(trim)[2]
    cap = _fitting_cap(str(name), size * NAME_CAP, size * NAME_WIDTH)
    return replace(face, name=str(name), name_cap=round(cap, 4))


def _styled_back(component: dict, style: dict, shape: str, ctx, trim, bleed: float):
    """The face and the drawing of a token's own back (`back_style`), or (None, None)."""
    if "back_style" not in style:
        return None, None
    where = f"component '{component['id']}'"
    if component.get("back") == "same":
        raise UserError(f"{where}: give either 'back: same' or a 'back_style', not both")
    spec = {"shape": shape, "fill": style["fill"], "rim": style.get("rim"),
            **(style["back_style"] or {})}
    face = _label_face(spec, ctx, f"{where}, back_style")
    return face, partial(draw_label_disc, face=face, trim=trim, bleed=bleed)


def _make_name_discs(component: dict, style: dict, ctx) -> list[Piece]:
    """Tokens naming the entries of a list of the game's tables.yaml (`names_from`), `copies`
    of each, with one back for all (`back_style`), so that they can be drawn blind."""
    where = f"component '{component['id']}'"
    source = style["names_from"]
    entries = (ctx.data.get("tables") or {}).get(source)
    if not isinstance(entries, list) or not all(isinstance(e, dict) and e.get("name")
                                                for e in entries):
        raise UserError(f"{where}: names_from '{source}' needs a list '{source}' of entries with "
                        f"a 'name' in the game's tables.yaml")
    if "label" in style:
        raise UserError(f"{where}: give either a 'label' or 'names_from', not both")
    copies = style.get("copies", 1)        # the build checks that count is entries x copies
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    front_spec = {k: v for k, v in style.items()
                  if k not in ("back_style", "names_from", "copies")}
    blank = replace(_label_face({**front_spec, "label": None}, ctx, where), label="")
    back_face, back = _styled_back(component, style, blank.shape, ctx, trim, bleed)
    size = 2 * _disc_geometry(trim)[2]
    cap = min(_fitting_cap(str(e["name"]), size * NAME_CAP, size * NAME_WIDTH) for e in entries)
    pieces = []
    for entry in entries:
        face = replace(blank, name=str(entry["name"]), name_cap=round(cap, 4))
        draw = partial(draw_label_disc, face=face, trim=trim, bleed=bleed)
        piece_back = draw if component.get("back") == "same" else back
        key = {"maker": "disc-name", "version": LABEL_VERSION, "front": face.key(),
               "back": "same" if component.get("back") == "same"
               else (back_face.key() if back_face else None),
               "trim": list(trim), "bleed": bleed}
        used = icons.pictures_of(face.icon, back_face.icon if back_face else None)
        pieces += [Piece(component["id"], component["kind"], trim, bleed, draw,
                         f"{component['name']}: {entry['name']}", back=piece_back, key=key,
                         pictures=used)
                   for _ in range(copies)]
    return pieces


def draw_label_disc(c, face: LabelFace, trim, bleed: float) -> None:
    """A coin (round, with a rim) or a square token: its value, its icon, or both."""
    w, h = trim
    cx, cy, r = _disc_geometry(trim)
    c.saveState()
    if face.saver:
        back = art.tint(face.fill, 0.10)
        _label_shape(c, face.shape, trim, r, fill=back, rim=face.ink, rim_width=pt(1.6),
                     inner=face.ink)
    else:
        back = _disc_tone(face.fill)
        _fill_bleed(c, w, h, bleed, face.fill)
        _label_shape(c, face.shape, trim, r, fill=back, rim=face.rim or art.accent_of(face.fill),
                     rim_width=pt(2.2), inner=face.rim or art.accent_of(face.fill))
    c.restoreState()
    size = 2 * r
    if face.name:
        if face.icon:
            icons.draw_icon(c, face.icon, cx, cy + size * 0.11, size * 0.44, face.ink, knock=back)
        _draw_value(c, face.name, cx, cy - size * (0.24 if face.icon else 0), face.name_cap,
                    size * NAME_WIDTH, face.ink)
    elif face.label and face.icon:
        icons.draw_icon(c, face.icon, cx, cy + size * 0.19, size * 0.34, face.ink, knock=back)
        _draw_value(c, face.label, cx, cy - size * 0.15, size * 0.27, size * LABEL_WIDTH, face.ink)
    elif face.label:
        _draw_value(c, face.label, cx, cy, size * LABEL_CAP, size * LABEL_WIDTH, face.ink)
    else:
        icons.draw_icon(c, face.icon, cx, cy, size * ICON_SHARE * 0.92, face.ink, knock=back)


def _label_shape(c, shape: str, trim, r: float, fill: str, rim: str, rim_width: float,
                 inner: str) -> None:
    """The token's panel: a disc with a heavy rim and a fine inner ring, or a framed square."""
    w, h = trim
    cx, cy = w / 2, h / 2
    c.setFillColor(HexColor(fill))
    c.setStrokeColor(HexColor(rim))
    c.setLineWidth(rim_width)
    if shape == "round":
        c.circle(cx, cy, r - rim_width / 2, stroke=1, fill=1)
        c.setStrokeColor(HexColor(inner))
        c.setLineWidth(pt(0.5))
        c.circle(cx, cy, r - rim_width - 0.6, stroke=1, fill=0)
        return
    side = min(w, h) - 2 * SQUARE_INSET
    x, y = cx - side / 2, cy - side / 2
    c.rect(x + rim_width / 2, y + rim_width / 2, side - rim_width, side - rim_width,
           stroke=1, fill=1)
    c.setStrokeColor(HexColor(inner))
    c.setLineWidth(pt(0.5))
    gap = rim_width + 0.6
    c.rect(x + gap, y + gap, side - 2 * gap, side - 2 * gap, stroke=1, fill=0)
    for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):       # corner studs: square, even in gray
        c.setFillColor(HexColor(inner))
        c.rect(x + gap + dx * (side - 2 * gap) - 0.45, y + gap + dy * (side - 2 * gap) - 0.45,
               0.9, 0.9, stroke=0, fill=1)


def _fitting_cap(text: str, cap: float, width: float) -> float:
    """The capital height (at most `cap`) at which `text` is no wider than `width`."""
    from reportlab.pdfbase import pdfmetrics

    fonts.register_fonts()
    face = pdfmetrics.getFont(fonts.SERIF_BOLD).face
    ratio = (getattr(face, "capHeight", 0) or face.ascent * 0.9) / 1000
    wide = fonts.text_width(text, fonts.SERIF_BOLD, cap / ratio)
    return cap * width / wide if wide > width else cap


def _draw_value(c, text: str, cx: float, cy: float, cap: float, width: float, ink: str) -> None:
    """A value centred by its capital height, made smaller if it would be wider than `width`."""
    art.draw_letter(c, text, cx, cy, _fitting_cap(text, cap, width), ink, font=fonts.SERIF_BOLD)


# --- standees -----------------------------------------------------------------------------------

@maker("standee")
def make_standees(component: dict, ctx) -> list[Piece]:
    """One fold-over standee per emperor: foot, face, fold, face upside down, foot."""
    emperors = ctx.game.get("emperors") or []
    if len(emperors) != component["count"]:
        raise UserError(f"component '{component['id']}': count {component['count']} but the game "
                        f"has {len(emperors)} emperors (one standee each)")
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    return [Piece(component["id"], component["kind"], trim, bleed,
                  partial(draw_standee, emperor=e, inks=_inks(ctx), trim=trim, bleed=bleed,
                          saver=ctx.ink == "saver"),
                  f"{component['name']}: {e['name']}")
            for e in emperors]


def standee_geometry(trim) -> tuple[float, float]:
    """Foot length and face height of a standee of this trim (mm)."""
    w, h = trim
    foot = min(STANDEE_FOOT, h / 6)
    return foot, (h - 2 * foot) / 2


def draw_standee(c, emperor: dict, inks, trim, bleed: float, saver: bool = False) -> None:
    """The whole strip: both feet, both faces (the back one turned), dashed fold lines.

    `saver`: no fill (white paper), the feet patterned in a light tone of his colour, each face
    framed in his colour.
    """
    w, h = trim
    foot, face = standee_geometry(trim)
    color = emperor["color"]
    accent = art.accent_of(color)
    if not saver:
        _fill_bleed(c, w, h, bleed, color)
    for y0, y1 in ((-bleed, foot), (h - foot, h + bleed)):
        art.draw_pattern_rect(c, emperor["pattern"], -bleed, y0, w + 2 * bleed, y1 - y0,
                              art.saver_pattern_tone(color) if saver
                              else art.mix(color, accent, 0.6), period=2.4)
    for turned in (False, True):
        c.saveState()
        if turned:
            c.translate(w, foot + 2 * face)
            c.rotate(180)
        else:
            c.translate(0, foot)
        if saver:
            _saver_frame(c, art.readable(color), w, face)
        draw_standee_face(c, emperor, inks, w, face, saver)
        c.restoreState()
    _fold_lines(c, w, (foot, foot + face, foot + 2 * face),
                inks[1] if saver else art.ink_on(color, *inks))


def _saver_frame(c, color: str, w: float, h: float) -> None:
    """A thin frame in the emperor's colour just inside a face (ink saver)."""
    c.saveState()
    c.setStrokeColor(HexColor(color))
    c.setLineWidth(pt(1.2))
    c.rect(0.7, 0.7, w - 1.4, h - 1.4, stroke=1, fill=0)
    c.restoreState()


def _fold_lines(c, w: float, ys, color: str) -> None:
    c.saveState()
    c.setStrokeColor(HexColor(color))
    c.setLineWidth(FOLD_WIDTH)
    c.setLineCap(1)
    c.setDash(*FOLD_DASH)
    for y in ys:
        c.line(0, y, w, y)
    c.restoreState()


def draw_standee_face(c, emperor: dict, inks, w: float, h: float, saver: bool = False) -> None:
    """One face, feet at y=0: the emperor's medallion in a laurel wreath, then his name plate."""
    light, dark = inks
    color = emperor["color"]
    ink = art.readable(color) if saver else art.ink_on(color, light, dark)
    plate = (1.2, 1.0, w - 2.4, h * 0.36)
    bottom, top = plate[1] + plate[3] + 0.6, h - 0.9
    wreath = min(w - 2.0, (top - bottom) * 1.02)          # the wreath's box, leaves included
    cy = (bottom + top) / 2
    icons.draw_icon(c, "laurel", w / 2, cy, wreath, ink)
    r = wreath * 0.335                                  # hides the inner leaves
    art.draw_emperor_mark(c, emperor, w / 2, cy + wreath * 0.02, r, light, dark, saver=saver)
    if not saver:
        c.setStrokeColor(HexColor(ink))
        c.setLineWidth(pt(0.6))
        c.circle(w / 2, cy + wreath * 0.02, r, stroke=1, fill=0)
    _draw_plate(c, emperor, plate, w - 2 * SAFE, "#ffffff" if saver else light, dark)


def _draw_plate(c, emperor: dict, box, text_width: float, light: str, dark: str) -> None:
    """The name plate: a light card with a dark rule, the name in bold, the title in italic."""
    x, y, pw, ph = box
    c.setFillColor(HexColor(light))
    c.setStrokeColor(HexColor(dark))
    c.setLineWidth(pt(0.5))
    c.roundRect(x, y, pw, ph, 0.8, stroke=1, fill=1)
    cx = x + pw / 2
    name, name_size = textfit.fit_lines(emperor["name"], fonts.SERIF_BOLD, pt(11), text_width, 1)
    title, title_size = textfit.fit_lines(emperor["title"], fonts.SERIF_ITALIC, pt(7.5), text_width)
    lead = title_size * 1.05
    block = name_size * 0.7 + 0.9 + title_size * 0.7 + lead * (len(title) - 1)
    baseline = y + ph / 2 + block / 2 - name_size * 0.7
    c.setFillColor(HexColor(dark))
    c.setFont(fonts.SERIF_BOLD, name_size)
    c.drawCentredString(cx, baseline, name[0])
    baseline -= 0.9 + title_size * 0.7
    c.setFont(fonts.SERIF_ITALIC, title_size)
    for line in title:
        c.drawCentredString(cx, baseline, line)
        baseline -= lead
