"""Cards: the faces of a deck of cards.yaml, and the deck's common back.

A component prints one deck: `{kind: card, draw: card, deck: <deck id>, count: <cards in the deck,
copies included>, trim: [63.5, 88.9], bleed: 3}`. Each card has a frame in its class's colour
running into the bleed, a title band with the cost (when the card has one), an art panel with its
icon and a text panel holding its effect, shrunk to fit down to the deck's smallest text size.
Everything that must be read stays 3 mm inside the trim; the class's name is printed at the foot
so that colour-coded classes survive a grayscale print. The rounded corners players expect are
left to the cutter: no cut outline is drawn.

Deck styles (`style` in cards.yaml): `fill` (frame of cards without a class), `panel` and `ink`
(the text panel and its text), `text_size` and `min_text_size` (points), `layout`. Colours are
palette names of game.yaml or '#rrggbb'.

Two built-in layouts (a deck may instead name a layout of cards.yaml's `layouts:`, boxes given as
data: forge/render/card_layout.py): `title` (the default) puts the cost in a badge beside the title and the class's
name, with its icon, at the foot. `corners` follows boxed games whose cards carry their class's
symbol in the lower-left corner and their cost in the lower-right one: a taller foot band holds
the symbol in a disc at the left, the class's name in the middle and the cost in a coin at the
right; a class without an icon leaves its corner empty (its name still says what it is). A card's
`mark` (a numeral such as 'IV') is drawn large on the art panel, over a faint icon.

The deck's back (`back:` in cards.yaml) is its `fill` to the bleed, an even field, with a medallion
holding its `icon` and, under it, its title and subtitle: nothing comes within 6 mm of the trim, so
a back printed a little off its front, or cut a little off its marks, looks the same on every card.
A light `fill` keeps the backs cheap in ink; give each deck (and any cards a player must tell apart
face down) a fill and emblem of its own.

With the 'saver' ink option there are no large fills: frames, bands and panels become outlines in
the class's colour, and every text, icon and cost is kept.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable

from reportlab.lib.colors import HexColor

from forge import fonts, pictures
from forge.content import load_doc
from forge.errors import ContentError, UserError
from forge.model import Piece, pt
from forge.pictures import Picture
from forge.render import art, card_layout, icons, maker, textfit

SAFE = 3.0                # mm inside the trim kept for everything that must be read
TITLE_BAND = 9.0          # mm, height of the title band
FOOT_BAND = 4.6           # mm, height of the class band at the foot
CORNER_BAND = 8.0         # mm, height of the foot band in the 'corners' layout
GAP = 1.0                 # mm between bands and panels
ART_SHARE = 0.42          # share of the room between the bands given to the art panel
PANEL_PAD = 1.8           # mm between a panel's edge and its text
RADIUS = 1.4              # mm, corner radius of the panels (decoration, never a cut line)
TITLE_PT, MIN_TITLE_PT = 11.0, 7.0
TEXT_PT, MIN_TEXT_PT = 10.0, 6.0
LEADING = 1.2             # line distance as a multiple of the font size
STEP_PT = 0.25            # the text shrinks by this much at a time
LINE_PT = 0.7             # outlines in the 'saver' ink
BUILT_IN_LAYOUTS = ("title", "corners")
EDGE_FREE = 6.0           # mm inside the trim where a back shows nothing but its field
BACK_EMBLEM_Y = 0.60      # height of the back's medallion centre, as a share of the card's
MAKER_VERSION = 3         # part of every piece key: bump it when the drawing changes


@dataclass(frozen=True)
class Colors:
    """The resolved colours one card is drawn with."""

    fill: str             # frame, title band, foot band
    panel: str            # text panel
    ink: str              # text on the panel
    on_fill: str          # text and icons on the frame
    art: str              # the art panel's tint
    light: str
    dark: str


@dataclass(frozen=True)
class Face:
    """Everything one card face shows, laid out: drawing it is just painting."""

    title: tuple[str, ...]
    title_size: float
    cost: str             # '' for a blank cost
    icon: str | Picture | None        # a built-in icon's name, or an art file tinted for it
    text: tuple[str, ...]
    text_size: float
    foot: str             # the class's name, or ''
    foot_icon: str | Picture | None
    colors: Colors
    saver: bool
    layout: str = "title"     # 'title' or 'corners'
    mark: str = ""            # drawn large on the art panel
    picture: Picture | None = None    # an art file filling the art panel, in its own colours

    def pictures(self) -> tuple[Picture, ...]:
        """The art files this face places."""
        return icons.pictures_of(self.icon, self.foot_icon, self.picture)


@dataclass(frozen=True)
class BackFace:
    """The deck's common back."""

    title: tuple[str, ...]
    title_size: float
    subtitle: str
    icon: str | Picture | None
    fill: str
    ink: str
    saver: bool


# --- decks made from other content ---------------------------------------------------------------

DECKS_OF: dict[str, Callable[[dict, Any], dict]] = {}   # maker name -> the deck it prints


def deck_builder(maker_name: str):
    """Register the function that builds, from a game's own content files, the deck a card maker
    of that name prints: `build(component, ctx) -> deck` (a deck in cards.yaml's shape, its id
    the component's `deck`). Tuck boxes then find that deck as they find cards.yaml's."""
    def register(function):
        DECKS_OF[maker_name] = function
        return function
    return register


def game_decks(ctx) -> list[dict]:
    """Every deck the game prints: cards.yaml's, then those its card makers build."""
    decks = list((ctx.data.get("cards") or {}).get("decks") or [])
    for component in ctx.game.get("components", []):
        build = DECKS_OF.get(component.get("draw"))
        if build is not None and component.get("deck"):
            decks.append(build(component, ctx))
    return decks


def prints_deck(component: dict) -> bool:
    """Whether a component prints a deck: `draw: card`, or a maker that builds its deck."""
    return component.get("draw") == "card" or component.get("draw") in DECKS_OF


# --- the maker ----------------------------------------------------------------------------------

@maker("card", reads=("game", "cards"))
def make_cards(component: dict, ctx) -> list[Piece]:
    """The cards of one deck, copies included, in the order of cards.yaml; one back for all."""
    return make_deck(component, ctx, _deck_of(component, ctx))


def make_deck(component: dict, ctx, deck: dict) -> list[Piece]:
    """The cards of a deck given as data (a deck of cards.yaml, or one a game's maker builds from
    its own content files, in the same shape), copies included; one back for all."""
    trim = tuple(component["trim"])
    bleed = component.get("bleed", 0)
    _check_count(component, deck, ctx)
    back_face = _back_face(deck, ctx, component, trim)
    back = partial(draw_back, face=back_face, trim=trim, bleed=bleed)
    deck_part = {"maker": MAKER_VERSION, "deck": deck["id"], "style": deck.get("style") or {},
                 "back": _jsonable_back(back_face), "trim": list(trim), "bleed": bleed}
    classes = {c["id"]: c for c in deck.get("classes") or []}
    layout = _data_layout(deck, ctx, component)
    back_pictures = icons.pictures_of(back_face.icon)
    pieces = []
    for card in deck["cards"]:
        where = f"component '{component['id']}', card '{card['id']}' of deck '{deck['id']}'"
        klass = classes.get(card.get("class"))
        if layout is None:
            face = _face(card, klass, deck, ctx, trim, where)
            draw = partial(draw_card, face=face, trim=trim, bleed=bleed)
            face_key, used = _jsonable(face), face.pictures()
        else:
            face = card_layout.layout_card(card, klass, deck, layout, ctx, trim, bleed, where)
            draw = partial(card_layout.draw_data_card, face=face, trim=trim, bleed=bleed)
            face_key, used = _data_face_key(card, klass, layout, face), face.pictures
        key = {**deck_part, "card": card, "face": face_key}
        label = f"{component['name']}: {card['title']}"
        pieces += [Piece(component["id"], component["kind"], trim, bleed, draw, label,
                         back=back, key=key, pictures=used + back_pictures)] * card["count"]
    return pieces


def _data_layout(deck: dict, ctx, component: dict) -> dict | None:
    """The deck's layout from cards.yaml's `layouts:` (or given whole by a deck a game's maker
    builds); None for a built-in one."""
    name = (deck.get("style") or {}).get("layout", "title")
    if isinstance(name, dict):
        return name
    if name in BUILT_IN_LAYOUTS:
        return None
    layout = card_layout.find_layout(ctx.data.get("cards") or {}, name)
    if layout is None:
        known = list(BUILT_IN_LAYOUTS) + [entry["id"] for entry in
                                          (ctx.data.get("cards") or {}).get("layouts") or []]
        raise UserError(f"component '{component['id']}', deck '{deck['id']}': no layout "
                        f"'{name}' (layouts: {', '.join(known)})")
    return layout


def _data_face_key(card: dict, klass: dict | None, layout: dict, face) -> dict:
    """A data-laid-out face's key: its boxes, and what it says, named as a built-in face's are."""
    cost = card.get("cost")
    return {"layout": layout["id"], "foot": (klass or {}).get("name", ""),
            "foot_icon": (klass or {}).get("icon"), "cost": "" if cost is None else f"{cost:g}",
            "mark": card.get("mark", ""), "boxes": face.key()}


def deck_total(deck: dict) -> int:
    """How many cards a deck prints, copies included."""
    return sum(card["count"] for card in deck["cards"])


def _deck_of(component: dict, ctx) -> dict:
    decks = (ctx.data.get("cards") or {}).get("decks") or []
    wanted = component.get("deck")
    if wanted is None:
        raise _game_problem(ctx, component, ("deck",), "a card component needs 'deck', the id "
                            "of a deck in cards.yaml", at_component=True)
    for deck in decks:
        if deck["id"] == wanted:
            return deck
    known = ", ".join(d["id"] for d in decks) or "none: the game has no cards.yaml"
    raise _game_problem(ctx, component, ("deck",), f"unknown deck '{wanted}' (decks: {known})")


def _check_count(component: dict, deck: dict, ctx) -> None:
    total = deck_total(deck)
    if component["count"] != total:
        raise _game_problem(ctx, component, ("count",),
                            f"count {component['count']} but deck '{deck['id']}' in cards.yaml "
                            f"holds {total} cards (copies included)")


def _game_problem(ctx, component: dict, field: tuple, message: str,
                  at_component: bool = False) -> ContentError:
    """A problem located at a field of this component in game.yaml (file, line and field)."""
    index = next(i for i, c in enumerate(ctx.game["components"]) if c["id"] == component["id"])
    at = ("components", index) + (() if at_component else field)
    path = Path(ctx.folder or ".") / "game.yaml"
    try:
        doc = load_doc(path)
    except ContentError:
        from forge.content import Doc
        doc = Doc(path, None)
    return ContentError([doc.problem(at, message)])


# --- laying out a card --------------------------------------------------------------------------

def _face(card: dict, klass: dict | None, deck: dict, ctx, trim, where: str) -> Face:
    style = deck.get("style") or {}
    colors = _colors(ctx, klass, style, where)
    w, h = trim
    layout = style.get("layout", "title")
    title_width = w - 2 * SAFE - 2 * (TITLE_BAND + GAP)   # room for the cost badge, both sides
    if layout == "corners":                                # the cost sits in its corner
        title_width = w - 2 * SAFE - 2 * GAP
    title, title_size = textfit.fit_lines(card["title"], fonts.SERIF_BOLD, pt(TITLE_PT), title_width)
    if title_size < pt(MIN_TITLE_PT):
        raise UserError(f"{where}: the title '{card['title']}' is too long for the card")
    box_w, box_h = text_box(trim, layout)[2:]
    largest = style.get("text_size", TEXT_PT)
    smallest = min(style.get("min_text_size", MIN_TEXT_PT), largest)
    text, text_size = fit_text(card["text"], fonts.SERIF, largest, smallest,
                               box_w - 2 * PANEL_PAD, box_h - 2 * PANEL_PAD, ctx.lang)
    if text is None:
        raise UserError(f"{where}: its text does not fit the card even at {smallest:g} pt "
                        f"({len(card['text'].split())} words, \"{card['text'][:40]}...\"); "
                        f"shorten it")
    saver = ctx.ink == "saver"
    icon = icons.resolve_icon(ctx, card.get("icon") or (klass or {}).get("icon"), f"{where}, icon",
                 art_ink(colors, saver))
    foot_icon = icons.resolve_icon(ctx, (klass or {}).get("icon"), f"{where}, its class's icon",
                      foot_ink(colors, saver, layout))
    picture = _picture(ctx, card.get("picture"), f"{where}, picture", art_box(trim, layout))
    _check_glyphs(where, (card["title"], fonts.SERIF_BOLD), (card["text"], fonts.SERIF))
    cost = card.get("cost")
    mark = card.get("mark", "")
    _check_glyphs(where, (mark, fonts.SERIF_BOLD))
    return Face(tuple(title), title_size, "" if cost is None else f"{cost:g}", icon,
                tuple(text), text_size, (klass or {}).get("name", ""), foot_icon,
                colors, saver, layout, mark, picture)


def _picture(ctx, value: str | None, where: str, box) -> Picture | None:
    """The art file a card shows on its art panel, in its own colours."""
    if not value:
        return None
    picture = pictures.load_picture(ctx.folder, value, where)
    pictures.check_resolution(picture, box[2], box[3], where)
    return pictures.tinted(picture, "", gray=ctx.ink == "grayscale")


def art_ink(colors: Colors, saver: bool) -> str:
    """The ink of icons and marks on the art panel."""
    return _readable_on(colors.fill, colors, saver, on=colors.art)


def foot_ink(colors: Colors, saver: bool, layout: str) -> str:
    """The ink of the class's icon at the foot."""
    if layout == "corners":
        return colors.fill
    return _readable_on(colors.fill if saver else colors.on_fill, colors, saver)


def _colors(ctx, klass, style, where) -> Colors:
    palette = ctx.game.get("palette", {})
    light, dark = palette.get("parchment", art.LIGHT), palette.get("ink", art.DARK)
    fill = _color(ctx, (klass or {}).get("fill") or style.get("fill") or dark, where)
    panel = _color(ctx, style.get("panel", light), where)
    ink = _color(ctx, style.get("ink", dark), where)
    return Colors(fill, panel, ink, art.ink_on(fill, light, dark), art.mix(fill, light, 0.72),
                  light, dark)


def _color(ctx, value: str, where: str) -> str:
    """A palette name or '#rrggbb' as '#rrggbb'."""
    palette = ctx.game.get("palette", {})
    if value.startswith("#") and len(value) == 7:
        return value
    if value in palette:
        return palette[value]
    raise UserError(f"{where}: unknown colour '{value}' (palette: {', '.join(palette)}, "
                    f"or '#rrggbb')")


def _check_glyphs(where: str, *texts) -> None:
    for text, font in texts:
        missing = fonts.missing_glyphs(text, font)
        if missing:
            raise UserError(f"{where}: the font {font} cannot draw {''.join(sorted(missing))!r}")


def _jsonable(face: Face) -> dict:
    data = {name: _jsonable_value(value) for name, value in face.__dict__.items()}
    data["colors"] = dict(face.colors.__dict__)
    data["title"], data["text"] = list(face.title), list(face.text)
    return data


def _jsonable_back(face: BackFace) -> dict:
    return {name: _jsonable_value(value) for name, value in face.__dict__.items()}


def _jsonable_value(value):
    return value.key() if isinstance(value, Picture) else value


def title_band(trim) -> tuple[float, float, float, float]:
    """x, y, width, height of the title band."""
    w, h = trim
    return SAFE - 0.6, h - SAFE - TITLE_BAND, w - 2 * SAFE + 1.2, TITLE_BAND


def foot_band(layout: str = "title") -> float:
    """Height in mm of the foot band of a layout."""
    return CORNER_BAND if layout == "corners" else FOOT_BAND


def text_box(trim, layout: str = "title") -> tuple[float, float, float, float]:
    """x, y, width, height of the text panel."""
    w, h = trim
    bottom, top = SAFE + foot_band(layout) + GAP, h - SAFE - TITLE_BAND - GAP
    height = (top - bottom - GAP) * (1 - ART_SHARE)
    return SAFE, bottom, w - 2 * SAFE, height


def art_box(trim, layout: str = "title") -> tuple[float, float, float, float]:
    """x, y, width, height of the art panel."""
    x, y, width, height = text_box(trim, layout)
    top = trim[1] - SAFE - TITLE_BAND - GAP
    return x, y + height + GAP, width, top - (y + height + GAP)


def fit_text(text: str, font: str, largest: float, smallest: float, width: float,
             height: float, lang: str = "") -> tuple[list[str] | None, float]:
    """Wrap `text` (points sizes) into a box in mm at the largest size that fits, hyphenated in
    `lang` where it must (textfit.fit_text); (None, 0) if even `smallest` does not."""
    return textfit.fit_text(text, font, largest, smallest, width, height, lang, LEADING, STEP_PT)


def wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy line breaking at word boundaries; None when a single word is wider than `width`."""
    return textfit.wrap(text, font, size, width)


def _back_face(deck: dict, ctx, component: dict, trim) -> BackFace:
    back = deck["back"]
    where = f"component '{component['id']}', the back of deck '{deck['id']}'"
    palette = ctx.game.get("palette", {})
    light, dark = palette.get("parchment", art.LIGHT), palette.get("ink", art.DARK)
    fill = _color(ctx, back["fill"], where)
    ink = _color(ctx, back["ink"], where) if back.get("ink") else art.ink_on(fill, light, dark)
    title, size = textfit.fit_lines(back["title"], fonts.SERIF_BOLD, pt(14),
                                    trim[0] - 2 * EDGE_FREE)
    _check_glyphs(where, (back["title"], fonts.SERIF_BOLD),
                  (back.get("subtitle", ""), fonts.SERIF_ITALIC))
    if ctx.ink == "saver" and art.is_light(fill):
        ink = dark
    elif ctx.ink == "saver":
        ink = fill
    icon = icons.resolve_icon(ctx, back.get("icon"), f"{where}, icon", ink)
    return BackFace(tuple(title), size, back.get("subtitle", ""), icon, fill, ink,
                    ctx.ink == "saver")


# --- drawing ------------------------------------------------------------------------------------

def draw_card(c, face: Face, trim, bleed: float) -> None:
    """One card face, trim box at the origin, art into the bleed."""
    col = face.colors
    w, h = trim
    if not face.saver:
        c.setFillColor(HexColor(col.fill))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    _draw_title(c, face, trim)
    _draw_art(c, face, trim)
    _draw_text(c, face, trim)
    _draw_foot(c, face, trim)


def _panel(c, box, fill: str, edge: str, saver: bool) -> None:
    x, y, width, height = box
    c.setLineWidth(pt(LINE_PT))
    c.setStrokeColor(HexColor(edge))
    if saver:
        c.roundRect(x, y, width, height, RADIUS, stroke=1, fill=0)
    else:
        c.setFillColor(HexColor(fill))
        c.roundRect(x, y, width, height, RADIUS, stroke=0, fill=1)


def _draw_title(c, face: Face, trim) -> None:
    col = face.colors
    x, y, width, height = title_band(trim)
    ink = col.fill if face.saver else col.on_fill
    if face.saver:
        _panel(c, (x, y, width, height), col.fill, col.fill, True)
    cy = y + height / 2
    size = face.title_size
    lead = size * 1.02
    baseline = cy + lead * (len(face.title) - 1) / 2 - size * 0.33
    c.setFillColor(HexColor(_readable(ink, face)))
    c.setFont(fonts.SERIF_BOLD, size)
    for line in face.title:
        c.drawCentredString(trim[0] / 2, baseline, line)
        baseline -= lead
    if face.cost and face.layout != "corners":
        _draw_cost(c, face, x + height / 2, cy, height / 2 - 0.4)


def _draw_cost(c, face: Face, cx: float, cy: float, r: float) -> None:
    col = face.colors
    c.setLineWidth(pt(1.0))
    c.setStrokeColor(HexColor(col.fill if face.saver else col.on_fill))
    c.setFillColor(HexColor(col.light))
    c.circle(cx, cy, r, stroke=1, fill=0 if face.saver else 1)
    size = min(pt(14), r * 1.5) if len(face.cost) < 3 else r * 0.9
    c.setFillColor(HexColor(col.dark))
    c.setFont(fonts.SERIF_BOLD, size)
    c.drawCentredString(cx, cy - size * 0.34, face.cost)


def _draw_art(c, face: Face, trim) -> None:
    col = face.colors
    box = art_box(trim, face.layout)
    _panel(c, box, col.art, col.fill, face.saver)
    x, y, width, height = box
    ink = art_ink(col, face.saver)
    if face.picture:
        pad = PANEL_PAD
        pictures.draw_picture(c, face.picture, x + pad, y + pad, width - 2 * pad,
                              height - 2 * pad)
    elif face.icon:
        size = min(height * 0.82, width * 0.6)
        knock = "#ffffff" if face.saver else col.art      # paper shows through
        if face.mark:       # the icon steps aside, small, for the numeral
            size *= 0.42
            icons.draw_icon(c, face.icon, x + 2.0 + size / 2, y + height - 2.0 - size / 2, size,
                          ink, knock=knock)
        else:
            icons.draw_icon(c, face.icon, x + width / 2, y + height / 2, size, ink, knock=knock)
    if face.mark:
        size = min(height * 0.62, pt(60))
        while fonts.text_width(face.mark, fonts.SERIF_BOLD, size) > width * 0.7:
            size *= 0.9
        c.setFillColor(HexColor(ink))
        c.setFont(fonts.SERIF_BOLD, size)
        c.drawCentredString(x + width / 2, y + height / 2 - size * 0.34, face.mark)


def _draw_text(c, face: Face, trim) -> None:
    col = face.colors
    box = text_box(trim, face.layout)
    _panel(c, box, col.panel, col.fill, face.saver)
    x, y, width, height = box
    size = face.text_size
    lead = size * LEADING
    block = lead * (len(face.text) - 1)
    baseline = y + height / 2 + block / 2 - size * 0.3
    c.setFillColor(HexColor(col.ink))
    c.setFont(fonts.SERIF, size)
    for line in face.text:
        c.drawCentredString(x + width / 2, baseline, line)
        baseline -= lead


def _draw_foot(c, face: Face, trim) -> None:
    if face.layout == "corners":
        _draw_corners(c, face, trim)
        return
    if not face.foot:
        return
    col = face.colors
    ink = foot_ink(col, face.saver, face.layout)
    size = pt(6.5)
    label = face.foot.upper()
    width = fonts.text_width(label, fonts.SANS_BOLD, size)
    icon = 3.4 if face.foot_icon else 0.0
    left = trim[0] / 2 - (width + icon + (0.8 if icon else 0)) / 2
    cy = SAFE + FOOT_BAND / 2
    if face.foot_icon:
        knock = None if face.saver else col.fill
        icons.draw_icon(c, face.foot_icon, left + icon / 2, cy, icon, ink, knock=knock)
    c.setFillColor(HexColor(ink))
    c.setFont(fonts.SANS_BOLD, size)
    c.drawString(left + icon + (0.8 if icon else 0), cy - size * 0.35, label)


def _draw_corners(c, face: Face, trim) -> None:
    """The 'corners' foot: class symbol lower left, class name in the middle, cost lower right."""
    col = face.colors
    ink = _readable(col.fill if face.saver else col.on_fill, face)
    r = CORNER_BAND / 2 - 0.3
    cy = SAFE + CORNER_BAND / 2
    left, right = SAFE + r, trim[0] - SAFE - r
    if face.foot_icon:
        c.setLineWidth(pt(0.8))
        c.setStrokeColor(HexColor(col.fill if face.saver else col.on_fill))
        c.setFillColor(HexColor(col.light))
        c.circle(left, cy, r, stroke=1, fill=0 if face.saver else 1)
        icons.draw_icon(c, face.foot_icon, left, cy, r * 1.35, col.fill,
                      knock="#ffffff" if face.saver else col.light)
    if face.foot:
        label = face.foot.upper()
        room = right - left - 2 * r - 2.0
        size = pt(7)
        while fonts.text_width(label, fonts.SANS_BOLD, size) > room and size > pt(5):
            size -= pt(0.25)
        c.setFillColor(HexColor(ink))
        c.setFont(fonts.SANS_BOLD, size)
        c.drawCentredString(trim[0] / 2, cy - size * 0.35, label)
    if face.cost:
        _draw_cost(c, face, right, cy, r)


def _readable(color: str, face: Face, on: str = "#ffffff") -> str:
    """In the saver ink a light colour on white paper becomes the dark ink."""
    return _readable_on(color, face.colors, face.saver, on)


def _readable_on(color: str, colors: Colors, saver: bool, on: str = "#ffffff") -> str:
    if saver and art.is_light(color):
        return colors.dark
    if not saver and on != "#ffffff" and abs(art.luminance(color) - art.luminance(on)) < 0.2:
        return colors.dark
    return color


def draw_back(c, face: BackFace, trim, bleed: float) -> None:
    """The deck's back: an even field to the bleed and, well inside the trim, a medallion with the
    deck's emblem and the title under it.

    Nothing but the field comes within EDGE_FREE of the trim, so a back printed a little off its
    front, or cut a little off its marks, still looks the same on every card; the field is light
    so that a deck's backs do not drink a page's ink."""
    w, h = trim
    cx, cy = w / 2, h * BACK_EMBLEM_Y
    r = min(w / 2 - EDGE_FREE - 2.0, h * 0.3)
    if not face.saver:
        c.setFillColor(HexColor(face.fill))
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
        c.setFillColor(HexColor(art.mix(face.fill, face.ink, 0.10)))
        c.circle(cx, cy, r, stroke=0, fill=1)
    c.setStrokeColor(HexColor(face.ink))
    c.setLineWidth(pt(0.9))
    c.circle(cx, cy, r, stroke=1, fill=0)
    if face.icon:
        knock = None if face.saver else art.mix(face.fill, face.ink, 0.10)
        icons.draw_icon(c, face.icon, cx, cy, 2 * r * 0.86, face.ink, knock=knock)
    c.setFillColor(HexColor(face.ink))
    c.setFont(fonts.SERIF_BOLD, face.title_size)
    baseline = cy - r - 4.0 - face.title_size * 0.7
    for line in face.title:
        c.drawCentredString(w / 2, baseline, line)
        baseline -= face.title_size * 1.05
    if face.subtitle:
        size = pt(8)
        sub, size = textfit.fit_lines(face.subtitle, fonts.SERIF_ITALIC, size, w - 4 * SAFE, 1)
        c.setFont(fonts.SERIF_ITALIC, size)
        c.drawCentredString(w / 2, baseline - 0.6, sub[0])
