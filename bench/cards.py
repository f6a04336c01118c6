"""Benchmark: one standard card job done by forge, by plain reportlab (the floor) and by peers.

The job: 90 poker cards (63.5 x 88.9 mm), each with a title, a 40-word text and an icon, fronts and
backs, 3 mm bleed, crop marks, on A4. With `--job svg` every card shows an SVG picture on its art
panel instead of an icon (10 distinct pictures, each on 9 cards): forge keeps them vector, stored
once each; the plain-reportlab floor, which cannot read SVG, draws them as 300 dpi PNGs that
cairosvg rasterises once each (peers are not run on this job). Every tool runs in its own Python process (this script with
`--child TOOL`), three times; the table shows the median wall time of the process (what a user
waits for, imports included), the median time of the job inside it (imports excluded), the PDF's
size and pages, and the ratios against the floor.

    .venv/bin/python bench/cards.py [--repeat 3] [--timeout 300] [--keep DIR]

Peers are optional: `pip install -r bench/requirements-peers.txt`. A peer that is missing, fails
or cannot do part of the job is reported with the reason. Targets (issue "print-shop grade
output"): forge within 3 x the floor, faster than every peer, a PDF under 1 MB.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CARDS = 90
WORDS = 40
TRIM = (63.5, 88.9)
BLEED = 3.0
A4 = (210.0, 297.0)
DPI = 300                       # raster peers draw at print resolution
GAME = "bench"
FILLS = ("#8a3b24", "#24597d", "#3f4a2a")
PANEL, INK, BACK = "#f4ead3", "#2a2118", "#4a3f35"
VOCABULARY = (
    "road legion senate coin grain river bridge stone tile builder merchant galley toll gate "
    "favour peril bandit fire camp milestone emperor province army fleet revolt victory laurel "
    "draw discard card turn round player each other until next your their take place move "
    "cross pay score point two three one any may must cannot before after instead again").split()
TOOLS = ("floor", "forge", "forge-kit", "decksmith", "board-game-factory", "cardimpose")
SVG_TOOLS = ("floor", "forge", "forge-kit")
PICTURES = 10


# --- the deck -----------------------------------------------------------------------------------

def _numbers(seed: int):
    """A small deterministic generator (an LCG), the same on every Python."""
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2 ** 64
        yield state >> 33


def deck() -> list[dict]:
    """The 90 cards: id, title, a 40-word text, icon, fill colour, cost (every 7th blank)."""
    from forge.render.icons import ICONS

    icons = sorted(ICONS)
    numbers = _numbers(2026)
    cards = []
    for i in range(CARDS):
        words = [VOCABULARY[next(numbers) % len(VOCABULARY)] for _ in range(WORDS)]
        text = " ".join(words).capitalize() + "."
        title = " ".join(VOCABULARY[next(numbers) % len(VOCABULARY)] for _ in range(2)).title()
        cards.append({"id": f"c{i + 1:02d}", "title": f"{title} {i + 1}", "text": text,
                      "icon": icons[i % len(icons)], "class": f"k{i % len(FILLS)}",
                      "fill": FILLS[i % len(FILLS)], "cost": None if i % 7 == 6 else i % 6})
    return cards


def prepare(work: Path, svg: bool = False) -> None:
    """Write the job's inputs: the forge game (with its catalog), icon PNGs, peer inputs; with
    `svg`, the SVG pictures and their PNGs for the floor."""
    cards = deck()
    if svg:
        _svg_pictures(work / "content" / GAME / "art", cards)
    (work / "deck.json").write_text(json.dumps(cards), encoding="utf-8")
    _forge_game(work / "content" / GAME, cards)
    if not svg:
        _icon_pngs(work / "icons", cards)


def _svg_pictures(folder: Path, cards: list[dict]) -> None:
    """PICTURES distinct SVG scenes (sky gradient, hills, sun, a star of n rays), one per card
    in turn, and each as the 300 dpi PNG the floor draws."""
    import cairosvg

    folder.mkdir(parents=True, exist_ok=True)
    for n in range(PICTURES):
        svg = _scene(n)
        (folder / f"p{n}.svg").write_text(svg, encoding="utf-8")
        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(folder / f"p{n}.png"),
                         output_width=_px(52), output_height=_px(26))
    for i, card in enumerate(cards):
        card["picture"] = f"art/p{i % PICTURES}.svg"


def _scene(n: int) -> str:
    """One picture: about 40 shapes and curves, two gradients, the n-th palette."""
    import math

    hue = FILLS[n % len(FILLS)]
    rays = 5 + n
    star = []
    for k in range(rays * 2):
        r = 9 if k % 2 == 0 else 4
        a = math.pi * k / rays
        star.append(f"{60 + r * math.sin(a):.2f},{24 - r * math.cos(a):.2f}")
    hills = " ".join(f"Q{10 + 20 * k + 10:.0f},{30 - (k * 7 + n * 3) % 9} {20 + 20 * k:.0f},38"
                     for k in range(6))
    dots = "".join(f'<circle cx="{8 + (k * 37 + n * 11) % 104}" cy="{44 + (k * 13) % 12}" '
                   f'r="{1 + k % 3}" fill="{hue}"/>' for k in range(24))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" '
            f'height="60"><defs><linearGradient id="s" x2="0" y2="1"><stop offset="0" '
            f'stop-color="#9cc3e6"/><stop offset="1" stop-color="#f4ead3"/></linearGradient>'
            f'<radialGradient id="u"><stop offset="0" stop-color="#fff3b0"/><stop offset="1" '
            f'stop-color="#e0a020"/></radialGradient></defs>'
            f'<rect width="120" height="60" fill="url(#s)"/>'
            f'<circle cx="{20 + n * 8}" cy="14" r="8" fill="url(#u)"/>'
            f'<path d="M0,38 {hills} L120,60 L0,60 Z" fill="#6b8e4e"/>'
            f'<polygon points="{" ".join(star)}" fill="{hue}" stroke="#2a2118" '
            f'stroke-width="0.8"/>{dots}</svg>')


def _forge_game(folder: Path, cards: list[dict]) -> None:
    import yaml

    from forge import i18n
    from forge.games import load_game

    folder.mkdir(parents=True, exist_ok=True)
    game = {
        "id": GAME, "title": "BENCH", "edition": "one",
        "editions": [{"id": "one", "name": "One", "source": "bench/cards.py"}],
        "version": "1", "players": {"min": 1, "max": 4}, "credits": {"publisher": "forge"},
        "languages": ["en"], "source_language": "en",
        "palette": {"ink": INK, "parchment": PANEL, "back": BACK,
                    **{f"k{i}": fill for i, fill in enumerate(FILLS)}},
        "families": [{"id": "instructions", "name": "Instructions"},
                     {"id": "cards", "name": "Cards"}],
        "components": [{"id": "instructions", "kind": "sheet", "family": "instructions",
                        "name": "Instructions", "count": 1, "draw": "instructions"},
                       {"id": "cards", "kind": "card", "family": "cards", "name": "Cards",
                        "count": CARDS, "trim": list(TRIM), "bleed": BLEED, "draw": "card",
                        "deck": "bench"}],
    }
    decks = {"decks": [{
        "id": "bench", "name": "Bench cards",
        "back": {"title": "BENCH", "subtitle": "90 poker cards", "icon": "laurel",
                 "fill": "back"},
        "classes": [{"id": f"k{i}", "name": f"Class {i + 1}", "fill": f"k{i}"}
                    for i in range(len(FILLS))],
        "cards": [{k: v for k, v in {"id": c["id"], "title": c["title"], "text": c["text"],
                                     "icon": c["icon"], "class": c["class"], "count": 1,
                                     "cost": c["cost"], "picture": c.get("picture")}.items()
                   if v is not None}
                  for c in cards]}]}
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    (folder / "cards.yaml").write_text(yaml.safe_dump(decks, sort_keys=False), encoding="utf-8")
    loaded = load_game(folder.parent, GAME, check_catalogs=False)
    keys = list(dict.fromkeys((t.context, t.english) for t in loaded.texts))
    i18n.write_catalog(i18n.game_catalog_path(folder, GAME, "en"), keys, "en")


def _icon_pngs(folder: Path, cards: list[dict]) -> None:
    """Each icon on its art-panel tint, rasterised at print resolution (the peers take images)."""
    from reportlab.pdfgen.canvas import Canvas

    from forge.model import MM
    from forge.render import art
    from forge.render.icons import draw_icon

    folder.mkdir(parents=True, exist_ok=True)
    size = 30.0                                 # mm, the art panel's icon box
    for icon, fill in sorted({(c["icon"], c["fill"]) for c in cards}):
        name = f"{icon}-{fill[1:]}"
        pdf = folder / f"{name}.pdf"
        canvas = Canvas(str(pdf), pagesize=(size * MM, size * MM))
        canvas.scale(MM, MM)
        tint = art.mix(fill, PANEL, 0.72)
        canvas.setFillColor(art.HexColor(tint))
        canvas.rect(0, 0, size, size, stroke=0, fill=1)
        draw_icon(canvas, icon, size / 2, size / 2, size * 0.8, fill, knock=tint)
        canvas.save()
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(pdf),
                        str(folder / name)], check=True)


# --- the floor: plain reportlab -----------------------------------------------------------------

def run_floor(work: Path, out: Path) -> dict:
    """90 fronts and 90 backs drawn straight with reportlab: 8 up on A4 landscape, own bleed."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    from forge.fonts import SANS, SERIF, SERIF_BOLD, register_fonts
    from forge.model import MM
    from forge.render.art import mix
    from forge.render.icons import draw_icon

    register_fonts()
    cards = json.loads((work / "deck.json").read_text(encoding="utf-8"))
    page = (A4[1], A4[0])
    cols, rows, x0, y0, pitch = _grid(page)
    per_page = cols * rows
    w, h = TRIM
    canvas = Canvas(str(out), pagesize=(page[0] * MM, page[1] * MM), pageCompression=1,
                    initialFontName=SANS)

    def front(card):
        canvas.setFillColor(HexColor(card["fill"]))
        canvas.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, stroke=0, fill=1)
        canvas.setFillColor(HexColor(PANEL))
        canvas.roundRect(3, 8, w - 6, 38, 1.4, stroke=0, fill=1)
        tint = mix(card["fill"], PANEL, 0.72)
        canvas.setFillColor(HexColor(tint))
        canvas.roundRect(3, 47, w - 6, 28, 1.4, stroke=0, fill=1)
        if card.get("picture"):
            png = work / "content" / GAME / card["picture"].replace(".svg", ".png")
            canvas.drawImage(str(png), 5.75, 48, 52, 26)
        else:
            draw_icon(canvas, card["icon"], w / 2, 61, 22, card["fill"], knock=tint)
        canvas.setFillColor(HexColor(PANEL))
        canvas.setFont(SERIF_BOLD, 11 / MM)
        canvas.drawCentredString(w / 2, h - 9, card["title"])
        if card["cost"] is not None:
            canvas.circle(7.5, h - 7.5, 4, stroke=0, fill=1)
            canvas.setFillColor(HexColor(INK))
            canvas.drawCentredString(7.5, h - 8.8, str(card["cost"]))
        size = 8 / MM
        canvas.setFillColor(HexColor(INK))
        canvas.setFont(SERIF, size)
        y = 42.0
        for line in simpleSplit(card["text"], SERIF, size, w - 10):
            canvas.drawCentredString(w / 2, y, line)
            y -= size * 1.2

    def back(_card):
        canvas.setFillColor(HexColor(BACK))
        canvas.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, stroke=0, fill=1)
        canvas.setStrokeColor(HexColor(PANEL))
        canvas.roundRect(3, 3, w - 6, h - 6, 2.5, stroke=1, fill=0)
        draw_icon(canvas, "laurel", w / 2, h * 0.58, 30, PANEL, knock=BACK)
        canvas.setFillColor(HexColor(PANEL))
        canvas.setFont(SERIF_BOLD, 16 / MM)
        canvas.drawCentredString(w / 2, h * 0.27, "BENCH")

    pages = 0
    for start in range(0, len(cards), per_page):
        chunk = cards[start:start + per_page]
        for side, draw in (("front", front), ("back", back)):
            canvas.scale(MM, MM)
            for n, card in enumerate(chunk):
                col, row = n % cols, n // cols
                if side == "back":
                    col = cols - 1 - col                   # long-edge duplex mirrors columns
                x, y = x0 + col * pitch[0], y0 - row * pitch[1]
                canvas.saveState()
                canvas.translate(x, y)
                clip = canvas.beginPath()
                clip.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED)
                canvas.clipPath(clip, stroke=0, fill=0)
                draw(card)
                canvas.restoreState()
            _floor_marks(canvas, cols, rows, x0, y0, pitch)
            canvas.showPage()
            pages += 1
    canvas.save()
    return {"pages": pages, "notes": f"{cols}x{rows} per page, backs mirrored, simple layout"}


def _grid(page):
    """Columns, rows, the first card's trim origin and the pitch on a page (own bleed each)."""
    margin = 5.0 + 4.5 + BLEED
    pitch = (TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED)
    cols = int((page[0] - 2 * margin + 2 * BLEED) // pitch[0])
    rows = int((page[1] - 2 * margin + 2 * BLEED) // pitch[1])
    width = cols * pitch[0] - 2 * BLEED
    height = rows * pitch[1] - 2 * BLEED
    x0 = (page[0] - width) / 2
    top = (page[1] + height) / 2
    return cols, rows, x0, top - TRIM[1], pitch


def _floor_marks(canvas, cols, rows, x0, y0, pitch) -> None:
    """Crop marks outside the outer bleed, one pair per cut line."""
    canvas.setLineWidth(0.2)
    canvas.setStrokeColorRGB(0, 0, 0)
    top = y0 + TRIM[1]
    bottom = y0 - (rows - 1) * pitch[1]
    right = x0 + (cols - 1) * pitch[0] + TRIM[0]
    out = BLEED + 0.5
    for col in range(cols):
        for x in (x0 + col * pitch[0], x0 + col * pitch[0] + TRIM[0]):
            canvas.line(x, top + out, x, top + out + 4)
            canvas.line(x, bottom - out, x, bottom - out - 4)
    for row in range(rows):
        for y in (y0 - row * pitch[1], y0 - row * pitch[1] + TRIM[1]):
            canvas.line(x0 - out, y, x0 - out - 4, y)
            canvas.line(right + out, y, right + out + 4, y)


# --- forge --------------------------------------------------------------------------------------

def run_forge(work: Path, out: Path) -> dict:
    """forge's own path for one PDF: context, pieces, imposition, writing."""
    from forge.impose import impose_components
    from forge.kit import make_components, make_context
    from forge.write import DocInfo, write_pdf

    ctx = make_context(GAME, "en", "a4", work / "content")
    components = make_components(ctx, only={"card"})
    pages = impose_components(components, ctx.paper_size, ctx.options)
    write_pdf(out, pages, DocInfo("BENCH: cards", "bench", "forge", "bench", "en"))
    sides = sorted({p.side for p in pages})
    return {"pages": len(pages), "notes": f"backs {ctx.options.backs}, page sides {sides}"}


def run_forge_kit(work: Path, out: Path) -> dict:
    """The whole kit build (cards.pdf, kit.pdf, kit.json), for reference."""
    from forge.games import load_game
    from forge.kit import build_kit

    game = load_game(work / "content", GAME)
    target = out.parent / "kit"
    result = build_kit(game, "en", "a4", target)
    shutil.copy(result.folder / "cards.pdf", out)
    return {"pages": result.pages, "notes": "load + validate + build_kit (cards.pdf and kit.pdf)"}


# --- peers --------------------------------------------------------------------------------------

def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def _rgb(color: str) -> list[int]:
    return [int(color[i:i + 2], 16) for i in (1, 3, 5)]


def run_decksmith(work: Path, out: Path) -> dict:
    """decksmith: YAML layout + CSV data -> one PNG per card (PIL) -> images placed in a PDF."""
    from decksmith.deck_builder import DeckBuilder
    from decksmith.export import PdfExporter
    from ruamel.yaml import YAML

    from forge.fonts import FONT_FILES, SERIF, SERIF_BOLD

    cards = json.loads((work / "deck.json").read_text(encoding="utf-8"))
    folder = out.parent / "decksmith"
    folder.mkdir(exist_ok=True)
    width, height = _px(TRIM[0] + 2 * BLEED), _px(TRIM[1] + 2 * BLEED)
    serif, bold = FONT_FILES[SERIF][1], FONT_FILES[SERIF_BOLD][1]
    icon_px = _px(30)
    front = {"id": "canvas", "width": width, "height": height, "background_color": None,
             "elements": [
                 {"id": "panel", "type": "rectangle", "size": [width - _px(12), _px(38)],
                  "position": [_px(6), height - _px(8 + BLEED + 38)],
                  "color": _rgb(PANEL), "corner_radius": _px(1.4)},
                 {"id": "icon", "type": "image", "path": "%icon%",
                  "position": [(width - icon_px) // 2, _px(BLEED + 13)]},
                 {"id": "title", "type": "text", "text": "%title%", "position": [0, _px(BLEED + 4)],
                  "relative_to": ["canvas", "top-center"], "anchor": "top-center",
                  "font_path": bold, "font_size": _px(11 * 25.4 / 72), "color": _rgb(PANEL),
                  "align": "center"},
                 {"id": "text", "type": "text", "text": "%text%",
                  "position": [0, height - _px(BLEED + 8 + 36)],
                  "relative_to": ["canvas", "top-center"], "anchor": "top-center",
                  "font_path": serif, "font_size": _px(8 * 25.4 / 72), "color": _rgb(INK),
                  "width": width - _px(16), "align": "center"}]}
    back = {"id": "canvas", "width": width, "height": height, "background_color": _rgb(BACK),
            "elements": [
                {"id": "title", "type": "text", "text": "BENCH", "position": [0, 0],
                 "relative_to": ["canvas", "center"], "anchor": "center", "font_path": bold,
                 "font_size": _px(16 * 25.4 / 72), "color": _rgb(PANEL)}]}
    yaml = YAML()
    fronts, backs, images = folder / "fronts", folder / "backs", folder / "images"
    for f in (fronts, backs, images):
        f.mkdir(exist_ok=True)
    with (folder / "back.yaml").open("w", encoding="utf-8") as stream:
        yaml.dump(back, stream)
    DeckBuilder(folder / "back.yaml", None).build_deck(backs)
    made = []
    for fill in FILLS:          # a colour cannot come from the CSV: one layout per class colour
        spec, data = folder / f"front-{fill[1:]}.yaml", folder / f"deck-{fill[1:]}.csv"
        with spec.open("w", encoding="utf-8") as stream:
            yaml.dump({**front, "background_color": _rgb(fill)}, stream)
        rows = ["title;text;icon"] + [
            f"{c['title']};{c['text']};{work / 'icons' / (c['icon'] + '-' + fill[1:] + '.png')}"
            for c in cards if c["fill"] == fill]
        data.write_text("\n".join(rows) + "\n", encoding="utf-8")
        out_dir = fronts / fill[1:]
        out_dir.mkdir(exist_ok=True)
        DeckBuilder(spec, data).build_deck(out_dir)
        made += sorted(out_dir.glob("card_*.png"), key=lambda p: int(p.stem.split("_")[1]))
    if len(made) != CARDS:
        raise RuntimeError(f"decksmith made {len(made)} of {CARDS} fronts")
    exporter = PdfExporter(images, out, "A4", TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED, 0,
                           (5, 5))
    cols, rows_, _rotated = exporter._calculate_layout(*exporter.page_size)
    per_page = cols * rows_
    for n, path in enumerate(made):            # fronts and backs on alternate pages
        sheet = n // per_page
        shutil.copy(path, images / f"s{sheet:03d}a{n:03d}.png")
        shutil.copy(backs / "card_1.png", images / f"s{sheet:03d}b{n:03d}.png")
    exporter = PdfExporter(images, out, "A4", TRIM[0] + 2 * BLEED, TRIM[1] + 2 * BLEED, 0,
                           (5, 5))
    exporter.export()
    return {"pages": None, "notes": f"raster {DPI} dpi PNG per card; {per_page} per page; no "
                                    "crop marks (not supported); bleed drawn but cards abut; "
                                    "text neither fitted nor checked"}


def run_bgfactory(work: Path, out: Path) -> dict:
    """board-game-factory: cairo/pango components -> raster sheets with cut lines -> PDF."""
    from bgfactory import ff

    cards = json.loads((work / "deck.json").read_text(encoding="utf-8"))
    width, height = _px(TRIM[0] + 2 * BLEED), _px(TRIM[1] + 2 * BLEED)

    def rgb(color):
        return tuple(v / 255 for v in _rgb(color))

    def front(card):
        icon = work / "icons" / f"{card['icon']}-{card['fill'][1:]}.png"
        return ff.Rectangle(0, 0, width, height, stroke_width=0, fill_src=rgb(card["fill"]),
                            children=[
            ff.TextUniform(_px(6), _px(BLEED + 3), width - _px(12), _px(8), card["title"],
                           ff.FontDescription("EB Garamond", _px(11 * 25.4 / 72)),
                           halign=ff.HALIGN_CENTER),
            ff.Rectangle((width - _px(30)) // 2, _px(BLEED + 13), _px(30), _px(30),
                         stroke_width=0, fill_src=ff.PNGSource(str(icon))),
            ff.Rectangle(_px(6), height - _px(BLEED + 8 + 38), width - _px(12), _px(38),
                         stroke_width=0, fill_src=rgb(PANEL), children=[
                ff.TextUniform(_px(2), _px(2), width - _px(16), _px(34), card["text"],
                               ff.FontDescription("EB Garamond", _px(8 * 25.4 / 72)),
                               halign=ff.HALIGN_CENTER)])])

    def back():
        return ff.Rectangle(0, 0, width, height, stroke_width=0, fill_src=rgb(BACK), children=[
            ff.TextUniform(0, height // 2, width, _px(10), "BENCH",
                           ff.FontDescription("EB Garamond", _px(16 * 25.4 / 72)),
                           halign=ff.HALIGN_CENTER)])

    fronts = ff.make_printable_sheets([front(c) for c in cards], dpi=DPI)
    backs = ff.make_printable_sheets([back() for _ in cards], dpi=DPI)
    images = []
    for f, b in zip(fronts, backs):
        images += [f.image().convert("RGB"), b.image().convert("RGB")]
    images[0].save(out, save_all=True, append_images=images[1:], resolution=DPI)
    return {"pages": len(images), "notes": f"raster {DPI} dpi sheets; dashed cut lines at the "
                                           "grid edges, cards abut (no own bleed); PIL PDF"}


def run_cardimpose(work: Path, out: Path) -> dict:
    """cardimpose imposes a PDF of single cards: the cards come from the floor's drawing code,
    one per page with trim and bleed boxes; cardimpose lays them out with crop marks."""
    from cardimpose import CardImpose
    from cardimpose.layout import Backside, Mode

    single = out.parent / "single-cards.pdf"
    _single_card_pdf(work, single)
    imposer = (CardImpose(str(single)).set_bleed("3mm").set_margin("10mm")
               .set_page_size("A4").set_mode(Mode.SINGLES).set_backside(Backside.ALTERNATING)
               .set_crop_marks(disable_crop_marks=False))   # else it lacks the attribute
    document = imposer.fill_page()
    document.save(str(out), garbage=3, deflate=True)
    return {"pages": None, "notes": "imposition only: cards drawn by plain reportlab, one per "
                                    "page (timed too); backs alternate"}


def _single_card_pdf(work: Path, out: Path) -> None:
    """One card per page, front then back, each page the card with its bleed (boxes set)."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen.canvas import Canvas

    from forge.fonts import SANS, SERIF, SERIF_BOLD, register_fonts
    from forge.model import MM
    from forge.render.art import mix
    from forge.render.icons import draw_icon

    register_fonts()
    cards = json.loads((work / "deck.json").read_text(encoding="utf-8"))
    w, h = TRIM
    size = ((w + 2 * BLEED) * MM, (h + 2 * BLEED) * MM)
    canvas = Canvas(str(out), pagesize=size, pageCompression=1, initialFontName=SANS)
    trim_box = (BLEED * MM, BLEED * MM, (w + BLEED) * MM, (h + BLEED) * MM)
    for card in cards:
        for side in ("front", "back"):
            canvas.setTrimBox(trim_box)
            canvas.setBleedBox((0, 0, *size))
            canvas.scale(MM, MM)
            canvas.translate(BLEED, BLEED)
            if side == "front":
                canvas.setFillColor(HexColor(card["fill"]))
                canvas.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, stroke=0, fill=1)
                tint = mix(card["fill"], PANEL, 0.72)
                canvas.setFillColor(HexColor(tint))
                canvas.roundRect(3, 47, w - 6, 28, 1.4, stroke=0, fill=1)
                draw_icon(canvas, card["icon"], w / 2, 61, 22, card["fill"], knock=tint)
                canvas.setFillColor(HexColor(PANEL))
                canvas.roundRect(3, 8, w - 6, 38, 1.4, stroke=0, fill=1)
                canvas.setFont(SERIF_BOLD, 11 / MM)
                canvas.drawCentredString(w / 2, h - 9, card["title"])
                canvas.setFillColor(HexColor(INK))
                canvas.setFont(SERIF, 8 / MM)
                y = 42.0
                for line in simpleSplit(card["text"], SERIF, 8 / MM, w - 10):
                    canvas.drawCentredString(w / 2, y, line)
                    y -= 8 / MM * 1.2
            else:
                canvas.setFillColor(HexColor(BACK))
                canvas.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, stroke=0, fill=1)
                draw_icon(canvas, "laurel", w / 2, h * 0.58, 30, PANEL, knock=BACK)
                canvas.setFillColor(HexColor(PANEL))
                canvas.setFont(SERIF_BOLD, 16 / MM)
                canvas.drawCentredString(w / 2, h * 0.27, "BENCH")
            canvas.showPage()
    canvas.save()


RUNNERS = {"floor": run_floor, "forge": run_forge, "forge-kit": run_forge_kit,
           "decksmith": run_decksmith, "board-game-factory": run_bgfactory,
           "cardimpose": run_cardimpose}
PEER_PACKAGES = {"decksmith": "decksmith", "board-game-factory": "bgfactory",
                 "cardimpose": "cardimpose"}


# --- running and reporting ----------------------------------------------------------------------

def child(tool: str, work: Path, out: Path) -> None:
    """Run one tool once in this process; print its figures as JSON on the last line."""
    started = time.perf_counter()
    result = RUNNERS[tool](work, out)
    result["job"] = time.perf_counter() - started
    print(json.dumps(result))


def run_tool(tool: str, work: Path, repeat: int, timeout: float) -> dict:
    """Run a tool `repeat` times in fresh processes; the medians, or why it could not run."""
    package = PEER_PACKAGES.get(tool)
    if package and not _importable(package):
        return {"tool": tool, "error": "not installed (pip install -r "
                                       "bench/requirements-peers.txt)"}
    walls, jobs, result = [], [], {}
    for n in range(repeat):
        out = work / "out" / tool / str(n) / "cards.pdf"
        out.parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, __file__, "--child", tool, str(work), str(out)],
                                  capture_output=True, text=True, timeout=timeout,
                                  cwd=out.parent)      # a tool's own files (decksmith.log) stay there
        except subprocess.TimeoutExpired:
            return {"tool": tool, "error": f"timed out after {timeout:g} s"}
        walls.append(time.perf_counter() - started)
        if proc.returncode != 0:
            lines = (proc.stderr or proc.stdout).strip().splitlines()
            return {"tool": tool, "error": f"failed: {lines[-1] if lines else proc.returncode}"}
        result = json.loads(proc.stdout.strip().splitlines()[-1])
        jobs.append(result["job"])
    pdf = work / "out" / tool / "0" / "cards.pdf"
    return {"tool": tool, "wall": statistics.median(walls), "job": statistics.median(jobs),
            "size": pdf.stat().st_size, "pages": result.get("pages") or _pages(pdf),
            "notes": result.get("notes", "")}


def _importable(package: str) -> bool:
    code = f"import importlib.util, sys; sys.exit(importlib.util.find_spec('{package}') is None)"
    return subprocess.run([sys.executable, "-c", code]).returncode == 0


def _pages(pdf: Path) -> int:
    import pypdf

    return len(pypdf.PdfReader(str(pdf)).pages)


def report(rows: list[dict]) -> None:
    floor = next((r for r in rows if r["tool"] == "floor" and "error" not in r), None)
    print(f"{'tool':<20}{'wall s':>8}{'job s':>8}{'x floor':>9}{'PDF kB':>9}{'pages':>7}  notes")
    for row in rows:
        if "error" in row:
            print(f"{row['tool']:<20}{'—':>8}{'—':>8}{'—':>9}{'—':>9}{'—':>7}  {row['error']}")
            continue
        ratio = f"{row['wall'] / floor['wall']:.2f}" if floor else "—"
        print(f"{row['tool']:<20}{row['wall']:>8.2f}{row['job']:>8.2f}{ratio:>9}"
              f"{row['size'] / 1024:>9.0f}{row['pages']:>7}  {row['notes']}")
    forge = next((r for r in rows if r["tool"] == "forge" and "error" not in r), None)
    if forge and floor and not PEER_PACKAGES.keys() & {r["tool"] for r in rows}:
        print(f"\ntargets: forge / floor = {forge['wall'] / floor['wall']:.2f} (wall; job "
              f"{forge['job'] / floor['job']:.2f}) [< 3], PDF {forge['size'] / 1e6:.2f} MB "
              f"[< 1 MB]")
    elif forge and floor:
        peers = [r for r in rows if r["tool"] in PEER_PACKAGES and "error" not in r]
        faster = all(forge["wall"] < p["wall"] for p in peers)
        print(f"\ntargets: forge / floor = {forge['wall'] / floor['wall']:.2f} (wall; job "
              f"{forge['job'] / floor['job']:.2f}) [< 3], faster than every peer that ran: "
              f"{'yes' if faster else 'no'} ({len(peers)} ran), PDF {forge['size'] / 1e6:.2f} MB "
              f"[< 1 MB]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--keep", type=Path, help="keep the inputs and PDFs in this folder")
    parser.add_argument("--tools", help=f"default: {','.join(TOOLS)}; with --job svg: "
                                        f"{','.join(SVG_TOOLS)}")
    parser.add_argument("--job", choices=("icons", "svg"), default="icons")
    parser.add_argument("--child", nargs=3, metavar=("TOOL", "WORK", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        tool, work, out = args.child
        return child(tool, Path(work), Path(out))
    if not shutil.which("pdftoppm"):
        sys.exit("bench/cards.py rasterises the icons the peer tools take with pdftoppm: "
                 "apt-get install poppler-utils")
    work = args.keep or Path(tempfile.mkdtemp(prefix="forge-bench-cards-"))
    work.mkdir(parents=True, exist_ok=True)
    tools = args.tools or ",".join(SVG_TOOLS if args.job == "svg" else TOOLS)
    try:
        prepare(work, svg=args.job == "svg")
        art = (f"an SVG picture ({PICTURES} distinct)" if args.job == "svg" else "icon")
        print(f"job: {CARDS} poker cards {TRIM[0]} x {TRIM[1]} mm, {WORDS}-word texts, {art}, "
              f"fronts and backs, {BLEED:g} mm bleed, crop marks, A4; median of {args.repeat}\n")
        rows = [run_tool(tool, work, args.repeat, args.timeout) for tool in tools.split(",")]
        report(rows)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
