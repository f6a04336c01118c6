"""The print plan: what paper each part of a kit goes on, on one side or both, and the order of
kit.pdf that lets a player print the whole file two-sided, as the instructions say, without one
part landing behind another.

A family (one PDF of the kit) is printed on one paper and one way:
- `two`: pieces with backs, each front page followed by the page printed behind it;
- `read`: full pages that are read, not cut (instructions, rules); either side will do;
- `one`: pieces cut or glued from one face of the sheet (board tiles, standees, nets, aids), and
  sheets handed out one a player (`handout: true`), which two-sided printing would pair up;
- `sandwich`: counters with backs: a sheet of fronts and a sheet of backs, each printed on one
  side and glued either side of greyboard, lined up by their marks.

In kit.pdf every family starts on the front of a sheet, and when the kit is printed two-sided
each page of a `one` family is followed by a blank page that says so: its back stays blank.
Every printed page carries a small label naming its family, its sheet and its side, so loose
sheets can be matched; two-sided sheets carry a registration target on both faces.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import HexColor

from forge import fonts
from forge.duplex import FLIPS, back_point
from forge.errors import UserError
from forge.i18n import N_
from forge.model import Component, Page, pt

PAPERS = ("plain", "card", "greyboard")          # in the order kit.pdf prints them
PAPER_BY_KIND = {"board": "greyboard", "counter": "greyboard", "card": "card",
                 "standee": "card", "die": "card"}
PAPER_WORDS = {
    "plain": N_("Plain paper, 80–100 g/m²"),
    "card": N_("Card, 200–300 g/m²"),
    "greyboard": N_("Plain paper 80–120 g/m², glued to greyboard 1–1.5 mm"),
}
LABEL_GREY = "#8c8c8c"
LABEL_PT = 6.5
LABEL_BASELINE = 2.6        # mm above the bottom edge: inside the page margin, below crop marks
LABEL_INSET = 8.0           # mm from the left edge
TARGET_RADIUS = 1.6         # mm: the registration target's circle
TARGET_INSET = 8.0          # mm from the right and bottom edges to its centre


def paper_of(spec: dict) -> str:
    """The paper a component is printed on: its own `paper`, else the usual one for its kind
    (a sheet of the page's size is read on plain paper, a smaller one is cut from card)."""
    if spec.get("paper"):
        return spec["paper"]
    if spec["kind"] == "sheet":
        return "card" if spec.get("trim") else "plain"
    return PAPER_BY_KIND.get(spec["kind"], "plain")


def family_paper(family: str, specs: list[dict]) -> str:
    """The one paper of a family's components; UserError when they disagree."""
    papers = {paper_of(spec): spec["id"] for spec in specs}
    if len(papers) > 1:
        named = ", ".join(f"{component} ({paper})" for paper, component in sorted(papers.items()))
        raise UserError(f"game.yaml family '{family}': its components go on different papers "
                        f"({named}); one PDF is printed on one paper, so give each paper its own "
                        f"family, or set `paper:` alike")
    return next(iter(papers), "plain")


def family_sides(pages: list[Page], components: list[Component], paper: str) -> str:
    """'two', 'sandwich', 'read' or 'one' (see the module's docstring)."""
    if any(page.side == "back" for page in pages):
        return "sandwich" if paper == "greyboard" else "two"
    if all(c.kind == "sheet" and not c.pieces[0].bleed and c.cut_marks and not c.handout
           and _full_page(c, pages) for c in components):
        return "read"
    return "one"


def _full_page(component: Component, pages: list[Page]) -> bool:
    size = pages[0].size if pages else component.trim
    return all(abs(a - b) < 0.01 for a, b in zip(sorted(component.trim), sorted(size)))


@dataclass(frozen=True)
class Part:
    """One family as kit.pdf prints it."""

    family: str
    name: str
    paper: str
    sides: str
    pages: tuple[Page, ...]


@dataclass(frozen=True)
class Slot:
    """One page of kit.pdf: a family's page, or a blank page (`family` '' or the family whose
    page it backs)."""

    page: Page
    family: str
    index: int | None           # the page's index in its family file; None for a blank


def order_parts(parts: list[Part]) -> list[Part]:
    """Families in print order: by paper (plain, card, greyboard), as the game lists them
    within a paper, so a player changes paper as seldom as possible."""
    return sorted(parts, key=lambda part: PAPERS.index(part.paper))


def kit_slots(parts: list[Part], backs: str, blank) -> list[Slot]:
    """The pages of kit.pdf in order. Printed two-sided (`backs` a duplex mode), every family
    starts on the front of a sheet (read pages of one paper may run on) and a one-sided page
    gets a blank back. `blank(family)` makes a blank page."""
    duplex = backs in ("duplex-long", "duplex-short")
    slots: list[Slot] = []
    previous = None
    for part in parts:
        runs_on = previous is not None and part.sides == previous.sides == "read" \
            and part.paper == previous.paper
        if duplex and len(slots) % 2 == 1 and not runs_on:
            slots.append(Slot(blank(previous.family if previous else ""), "", None))
        for index, page in enumerate(part.pages):
            slots.append(Slot(page, part.family, index))
            if duplex and part.sides in ("one", "sandwich"):
                slots.append(Slot(blank(part.family), part.family, None))
        previous = part
    return slots


def kit_page_numbers(slots: list[Slot]) -> dict[str, list[int]]:
    """For each family, the kit.pdf number of each of its file's pages, in file order."""
    numbers: dict[str, list[int]] = {}
    for number, slot in enumerate(slots, 1):
        if slot.index is not None:
            numbers.setdefault(slot.family, []).append(number)
    return numbers


@dataclass(frozen=True)
class PlanRow:
    """One line of the print plan: a range of kit.pdf pages printed one way on one paper.
    `way`: '' or, printing fronts then backs, 'fronts' or 'backs' (the second pass)."""

    first: int
    last: int
    names: tuple[str, ...]
    paper: str
    sides: str
    sheets: int
    way: str = ""


def plan_rows(parts: list[Part], slots: list[Slot], backs: str) -> list[PlanRow]:
    """The print plan: consecutive families on the same paper, printed the same way, share a
    row; blank pages are counted in the range they belong to. Printing fronts then backs, a
    family's fronts and its backs are rows of their own."""
    by_family = {part.family: part for part in parts}
    rows: list[PlanRow] = []
    for number, slot in enumerate(slots, 1):
        part = by_family.get(slot.family)
        if part is None:                # a blank that only moves the next family to a front
            continue
        way = _way(part, slot, backs)
        last = rows[-1] if rows else None
        if last and (last.paper, last.sides, last.way) == (part.paper, part.sides, way) \
                and last.last == number - 1 and not (way and part.name not in last.names):
            names = last.names if part.name in last.names else last.names + (part.name,)
            rows[-1] = PlanRow(last.first, number, names, part.paper, part.sides, 0, way)
        else:
            rows.append(PlanRow(number, number, (part.name,), part.paper, part.sides, 0, way))
    duplex = backs in ("duplex-long", "duplex-short")
    return [PlanRow(r.first, r.last, r.names, r.paper, r.sides, _sheets(r, duplex), r.way)
            for r in rows]


def _way(part: Part, slot: Slot, backs: str) -> str:
    if backs != "fronts-then-backs" or part.sides != "two":
        return ""
    return "backs" if slot.page.side == "back" else "fronts"


def _sheets(row: PlanRow, duplex: bool) -> int:
    """Sheets a row takes: none more for the backs' pass over sheets already printed."""
    pages = row.last - row.first + 1
    if row.way == "backs":
        return 0
    if duplex:
        return (pages + 1) // 2
    return pages


def sides_words(sides: str, backs: str, tr, way: str = "", marks: str = "crop") -> str:
    """How a row is printed, in the player's words."""
    _ = tr._
    if way == "fronts":
        return _("First pass: these fronts, on one side")
    if way == "backs":
        return _("Second pass: the printed fronts back in the tray, turned over on their long "
                 "edge, in the same order")
    if sides == "two":
        return {
            "duplex-long": _("Two-sided, flip on the long edge"),
            "duplex-short": _("Two-sided, flip on the short edge"),
        }.get(backs, _("Two-sided, flip on the long edge"))     # pieces too large to fold
    if sides == "sandwich" and marks == "none":
        return _("One side each: glue the fronts and the backs either side of the greyboard, "
                 "lined up by their edges")
    if sides == "sandwich":
        return _("One side each: glue the fronts and the backs either side of the greyboard, "
                 "lined up by the marks")
    if backs in ("duplex-long", "duplex-short"):
        if sides == "one":
            return _("One side: every second page is blank, so two-sided printing is safe")
        return _("Two-sided or one side, as you like")
    return _("One side")


# --- labels and registration --------------------------------------------------------------------

def label_pages(part: Part, options, tr) -> None:
    """Put on every page of a family its label ('Conquest cards 3/13 · front') and, on
    two-sided sheets, a registration target on both faces (`options`: the print options)."""
    _ = tr._
    fronts = [page for page in part.pages if page.side != "back"]
    backs_of = [page for page in part.pages if page.side == "back"]
    total = len(fronts)
    for number, page in enumerate(fronts, 1):
        text = f"{part.name} {number}/{total}"
        if part.sides in ("two", "sandwich"):
            text += " · " + _("front")
        if part.sides == "two":
            _add_target(page, options, front=True)
        page.decorate.append(partial(draw_label, text=text, size=page.size))
    for number, page in enumerate(backs_of, 1):
        page.decorate.append(partial(draw_label, text=f"{part.name} {number}/{total} · "
                                     + _("back"), size=page.size, right=True))
        if part.sides == "two":
            _add_target(page, options, front=False)


def draw_label(c, text: str, size: tuple[float, float], right: bool = False) -> None:
    """A sheet's label in the bottom margin (page mm): at the left of a front, and at the right
    of a back, so that both read the same corner of the sheet once it is turned over."""
    fonts.register_fonts()
    c.saveState()
    c.setFillColor(HexColor(LABEL_GREY))
    c.setFont(fonts.SANS, pt(LABEL_PT))
    if right:
        c.drawRightString(size[0] - LABEL_INSET, LABEL_BASELINE, text)
    else:
        c.drawString(LABEL_INSET, LABEL_BASELINE, text)
    c.restoreState()


def target_point(size: tuple[float, float], backs: str, front: bool,
                 offset=(0.0, 0.0)) -> tuple[float, float]:
    """Where the registration target of a two-sided sheet is drawn on its front, or on its back
    (behind the front's, the back offset applied as for the pieces)."""
    x, y = size[0] - TARGET_INSET, TARGET_INSET
    if front or backs not in FLIPS:
        return x, y
    return back_point(size, backs, x, y, offset)


def _add_target(page: Page, options, front: bool) -> None:
    if options.backs not in FLIPS:
        return
    page.decorate.append(partial(draw_target, size=page.size, backs=options.backs, front=front,
                                 offset=tuple(options.back_offset)))


def draw_target(c, size, backs: str, front: bool, offset=(0.0, 0.0)) -> None:
    """A ring with a cross on the front, a cross on the back: held to the light, the back's
    cross sits in the front's ring when the printer put both faces in register."""
    x, y = target_point(size, backs, front, offset)
    c.saveState()
    c.setStrokeColor(HexColor(LABEL_GREY))
    c.setLineWidth(pt(0.4))
    arm = TARGET_RADIUS * 1.6
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    if front:
        c.circle(x, y, TARGET_RADIUS, stroke=1, fill=0)
    c.restoreState()
