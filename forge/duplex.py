"""Where the back of a piece goes so that it lands behind its front once the sheet is turned over.

A sheet printed on both sides is turned over about one of its edges:

- `duplex-long`: about the page's long edge. On a portrait page that mirrors the columns
  (A B C becomes C B A); on a landscape page it mirrors the rows.
- `duplex-short`: about the page's short edge: rows on a portrait page, columns on a landscape one.
- `fronts-then-backs`: the backs are printed on a second pass; the stack is turned over about its
  long edge, so the backs are laid out as for `duplex-long`.

The back offset corrects a printer that does not put the second side exactly where the first one
is: it moves everything on a back page X mm to the right and Y mm up (as the back page is seen on
screen). `forge calibrate` prints a sheet to measure it.
"""
from __future__ import annotations

FLIPS = ("duplex-long", "duplex-short", "fronts-then-backs")


def mirrors_columns(page: tuple[float, float], backs: str) -> bool:
    """Whether turning this page over (in this backs mode) mirrors its columns (else its rows)."""
    if backs not in FLIPS:
        raise ValueError(f"'{backs}' does not turn pages over")
    portrait = page[0] <= page[1]
    about_long_edge = backs != "duplex-short"
    return portrait == about_long_edge


def back_point(page: tuple[float, float], backs: str, x: float, y: float,
               offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """The point of the back page (mm, before the offset is undone) behind front point x, y.

    Printing the back page with `offset` puts the point drawn here at this place of the sheet.
    """
    if mirrors_columns(page, backs):
        x = page[0] - x
    else:
        y = page[1] - y
    return x + offset[0], y + offset[1]


def back_rect(page: tuple[float, float], backs: str, x: float, y: float, w: float, h: float,
              offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Bottom-left corner on the back page of the rectangle behind front rectangle x, y, w, h."""
    if mirrors_columns(page, backs):
        x = page[0] - x - w
    else:
        y = page[1] - y - h
    return x + offset[0], y + offset[1]


def back_sides(page: tuple[float, float], backs: str,
               sides: tuple[bool, bool, bool, bool]) -> tuple[bool, bool, bool, bool]:
    """Open sides (left, bottom, right, top) of a piece's back, given those of its front."""
    left, bottom, right, top = sides
    if mirrors_columns(page, backs):
        return right, bottom, left, top
    return left, top, right, bottom
