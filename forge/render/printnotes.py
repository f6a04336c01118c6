"""What the print options mean for the player, in words and on the page: the printing notes of
the instructions page, and the note on a page left blank on purpose."""
from __future__ import annotations

from babel.numbers import format_decimal
from reportlab.lib.colors import HexColor

from forge import fonts
from forge.i18n import N_
from forge.model import pt

NOTE_GREY = "#8c8c8c"

BACKS_NOTES = {
    "duplex-long": N_("Print two-sided, flipping on the long edge: each page of backs follows "
                      "the page of fronts it belongs behind."),
    "duplex-short": N_("Print two-sided, flipping on the short edge: each page of backs follows "
                       "the page of fronts it belongs behind."),
    "fronts-then-backs": N_("Print the front pages first, then put the printed stack back in the "
                            "tray, turned over along its long edge, and print their back pages in "
                            "the same order: the print plan on the first page gives both ranges."),
    "fold": N_("Two-sided pieces come with their backs on the other half of the page, across "
               "a dashed fold line: fold the sheet along it, glue the halves together and cut "
               "along the marks. A piece too large for half a page prints as a page of fronts "
               "followed by the page of their backs."),
    "none": N_("Backs are left out: the pieces print on one side only."),
}
MARKS_NOTES = {
    "crop": N_("Cut along the lines the short crop marks point to."),
    "lines": N_("Cut along the long cut lines; they stop short of the art."),
    "none": N_("No cut marks are printed: cut along the edge of the art."),
}
INK_NOTES = {
    "full": "",
    "saver": N_("Ink-saving version: large areas of colour are left out; nothing else is."),
    "grayscale": N_("Grayscale version: colours are told apart by their patterns and letters."),
}


def print_notes(ctx, two_sided: bool, turned: bool = False) -> list[str]:
    """The sentences that tell the player how these print options want the kit printed."""
    options, _ = ctx.options, ctx.tr._
    notes = []
    if two_sided:
        notes.append(_(BACKS_NOTES[options.backs]))
        if turned:
            notes.append(_("Pages with backs are all upright (portrait) for the printer, so "
                           "landscape layouts show turned on screen: print them as they are."))
        if options.backs != "fold" and any(options.back_offset):
            notes.append(_("Backs are moved {x} mm right and {y} mm up to suit your printer "
                           "(measured with forge calibrate).").format(
                x=_number(options.back_offset[0], ctx.lang),
                y=_number(options.back_offset[1], ctx.lang)))
    notes.append(_(MARKS_NOTES[options.marks]))
    if INK_NOTES[options.ink]:
        notes.append(_(INK_NOTES[options.ink]))
    return notes


def layout_note(row: dict, ctx) -> str:
    """How many pieces of a component a page holds: '8 (landscape)'; '' for whole pages."""
    per_page, trim = row.get("per_page", 0), row.get("trim_mm")
    whole_page = trim and not row.get("bleed_mm") and all(
        abs(a - b) < 0.01 for a, b in zip(trim, ctx.paper_size))
    if not per_page or not trim or whole_page or row.get("kind") == "board":
        return ""
    orientation = ctx.tr._("landscape") if row.get("landscape") else ctx.tr._("portrait")
    return ctx.tr._("{count} ({orientation})").format(count=per_page, orientation=orientation)


def cut_note(rows, ctx) -> str:
    """Which pieces share cut lines and how much bleed the others carry, in one sentence."""
    cut = [r for r in rows if r.get("trim_mm") and r.get("cut_marks", True)]
    shared = [r for r in cut if r.get("shared_cuts")]
    own = [r for r in cut if not r.get("shared_cuts")]
    bleeds = sorted({r.get("bleed_mm", 0) for r in own})
    _ = ctx.tr._
    parts = []
    if shared:
        parts.append(_("Pieces of one kind laid edge to edge (such as tokens) share their cut "
                       "lines."))
    if own and bleeds and bleeds[-1] > 0:
        parts.append(_("Every other piece has its own {bleed} mm bleed, so the gaps between them "
                       "are cut away.").format(bleed=_number(bleeds[-1], ctx.lang)))
    return " ".join(parts)


def _number(value: float, lang: str) -> str:
    if float(value).is_integer():
        return str(int(value))
    return format_decimal(value, locale=lang, format="#,##0.#")


def draw_blank_note(c, text: str, size: tuple[float, float]) -> None:
    """A small grey line in the middle of an otherwise blank page (page mm coordinates)."""
    fonts.register_fonts()
    c.setFillColor(HexColor(NOTE_GREY))
    c.setFont(fonts.SANS, pt(8))
    c.drawCentredString(size[0] / 2, size[1] / 2, text)
