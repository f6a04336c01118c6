"""PAX ROMANA's turn track and stability track, each a strip of boxes read from the rule data.

`pax-romana-turns`: a box for each turn of turn.yaml `turns` (first to last), its Roman numeral
and the years it covers (`years_each` years from `first_year_bc`). `pax-romana-stability-track`:
a box for each level of stability.yaml `track` (min to max), and under the boxes each band of
`bands` as a bar with its name, so that the band of a level is read at a glance. Words are the
component's `labels` (title, years); each power keeps a marker on its box.
"""
from __future__ import annotations

from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.errors import UserError
from forge.model import Piece, pt
from forge.render import art, maker, textfit

PAD = 3.0                 # mm of paper inside the trim around everything printed
TITLE_H = 8.0             # mm, the title band
BAND_H = 7.0              # mm, the stability bands' bar
LINE = pt(0.7)
ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman(number: int) -> str:
    """A whole number from 1 to 39 in Roman numerals, as the rulebook numbers its turns."""
    out = ""
    for value, letters in ROMAN:
        while number >= value:
            out, number = out + letters, number - value
    return out


def signed(level: int) -> str:
    """A stability level as the track prints it: +3, 0, −3."""
    return f"+{level}" if level > 0 else ("0" if level == 0 else f"\u2212{-level}")


def _trim(component: dict) -> tuple[float, float]:
    if not component.get("trim"):
        raise UserError(f"component '{component['id']}': a track needs a 'trim'")
    return tuple(component["trim"])


def _inks(ctx) -> dict:
    palette = ctx.game["palette"]
    paper = "#ffffff" if ctx.ink == "saver" else palette.get("parchment", "#ffffff")
    accent = art.readable(palette.get("route", palette["ink"]))
    return {"paper": paper, "ink": palette["ink"], "accent": accent,
            "band": art.mix(accent, "#ffffff", 0.85) if ctx.ink == "saver" else accent,
            "band_ink": accent if ctx.ink == "saver" else paper}


@maker("pax-romana-turns", reads=("game", "turn"))
def make_turn_track(component: dict, ctx) -> list[Piece]:
    """The turn track: one box for each turn, with its numeral and years."""
    turns = (ctx.data.get("turn") or {}).get("turns")
    if not turns:
        raise UserError(f"component '{component['id']}': the game has no turn.yaml 'turns'")
    labels = component.get("labels") or {}
    boxes = []
    for n in range(turns["first"], turns["last"] + 1):
        start = turns["first_year_bc"] - turns["years_each"] * (n - turns["first"])
        boxes.append((roman(n), labels.get("years", "{start}-{end}").format(
            start=start, end=start - turns["years_each"])))
    trim = _trim(component)
    draw = partial(_draw_strip, title=labels.get("title", component["name"]), boxes=boxes,
                   bands=(), trim=trim, inks=_inks(ctx))
    return [Piece(component["id"], component["kind"], trim, component.get("bleed", 0), draw,
                  component["name"]) for _ in range(int(component["count"]))]


@maker("pax-romana-stability-track", reads=("game", "stability"))
def make_stability_track(component: dict, ctx) -> list[Piece]:
    """The stability track: one box for each level, the bands under them."""
    stability = ctx.data.get("stability") or {}
    if "track" not in stability:
        raise UserError(f"component '{component['id']}': the game has no stability.yaml 'track'")
    track = stability["track"]
    levels = list(range(track["min"], track["max"] + 1))
    boxes = [(signed(level), "") for level in levels]
    bands = tuple((band["low"] - track["min"], band["high"] - track["min"], band["name"])
                  for band in stability["bands"]["list"])
    labels = component.get("labels") or {}
    trim = _trim(component)
    draw = partial(_draw_strip, title=labels.get("title", component["name"]), boxes=boxes,
                   bands=bands, trim=trim, inks=_inks(ctx))
    return [Piece(component["id"], component["kind"], trim, component.get("bleed", 0), draw,
                  component["name"]) for _ in range(int(component["count"]))]


def _draw_strip(c, *, title: str, boxes, bands, trim, inks) -> None:
    """The title band, a row of square-ish boxes, and the bands' bars under them."""
    width, height = trim
    c.saveState()
    c.setFillColor(HexColor(inks["paper"]))
    c.rect(0, 0, width, height, stroke=0, fill=1)
    c.setFillColor(HexColor(inks["accent"]))
    c.setFont(fonts.SERIF_BOLD, pt(13))
    c.drawString(PAD, height - PAD - pt(13) * 0.8, title)
    inner_w = width - 2 * PAD
    box_w = inner_w / len(boxes)
    box_top = height - PAD - TITLE_H
    box_h = box_top - PAD - (BAND_H + 1 if bands else 0)
    tint = art.mix(inks["accent"], "#ffffff", 0.85)
    c.setStrokeColor(HexColor(inks["ink"]))
    c.setLineWidth(LINE)
    for i, (big, small) in enumerate(boxes):
        x = PAD + i * box_w
        c.setFillColor(HexColor(tint if i % 2 else inks["paper"]))
        c.rect(x, box_top - box_h, box_w, box_h, stroke=1, fill=1)
        c.setFillColor(HexColor(inks["ink"]))
        big_size = textfit.fit_lines(big, fonts.SERIF_BOLD, min(pt(20), box_h * 0.45),
                                     box_w * 0.8, max_lines=1)[1]
        c.setFont(fonts.SERIF_BOLD, big_size)
        c.drawCentredString(x + box_w / 2, box_top - box_h * 0.45, big)
        if small:
            small_size = textfit.fit_lines(small, fonts.SANS, pt(7), box_w * 0.9, max_lines=1)[1]
            c.setFont(fonts.SANS, small_size)
            c.drawCentredString(x + box_w / 2, box_top - box_h + 2, small)
    for first, last, name in bands:
        x = PAD + first * box_w
        w = (last - first + 1) * box_w
        c.setFillColor(HexColor(inks["band"]))
        c.rect(x + 0.5, PAD, w - 1, BAND_H, stroke=0, fill=1)
        c.setFillColor(HexColor(inks["band_ink"]))
        size = textfit.fit_lines(name, fonts.SANS_BOLD, pt(9), w - 2, max_lines=1)[1]
        c.setFont(fonts.SANS_BOLD, size)
        c.drawCentredString(x + w / 2, PAD + (BAND_H - size * 0.7) / 2, name)
    c.restoreState()
