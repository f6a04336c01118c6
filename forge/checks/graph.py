"""Checks true of any board shaped as forge/schemas/board.yaml describes, each problem with
file, line and field: links join two different provinces once, the map is one connected piece,
sea zones are neighbours both ways.

A game whose board has this shape runs them from its own checks (forge/checks/<game>.py); nothing
here knows a game's rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from forge.boards import Board
from forge.content import Doc, format_path
from forge.errors import Problem


@dataclass(frozen=True)
class Where:
    """What a check needs to name places: the board, its doc and the game doc.

    `home` is the province every other must be reached from (the first province when None).
    """

    board: Board
    doc: Doc
    game: Doc | None
    home: str | None = None

    def line(self, entry: tuple) -> str:
        """`board.yaml:12`, for messages located in another file."""
        return f"{self.doc.path.name}:{self.doc.line(entry)}"

    def entry_of(self, province: str) -> tuple:
        """The field path of a province's entry (of the provinces list if it is unknown)."""
        p = self.board.provinces.get(province)
        return p.entry if p else ("provinces",)


def _link_ends(w: Where) -> list[Problem]:
    """No link joins a province to itself; no two links join the same pair."""
    problems, first = [], {}
    for k in w.board.links:
        if k.a == k.b:
            problems.append(w.doc.problem(k.entry + ("to",), f"links {k.a} to itself"))
        elif k.ends in first:
            other = first[k.ends]
            problems.append(w.doc.problem(k.entry, (
                f"a second link between {k.a} and {k.b} (the first is "
                f"{format_path(other.entry)}, line {w.doc.line(other.entry)}); "
                f"two provinces share at most one link")))
        else:
            first[k.ends] = k
    return problems


def _connected(w: Where) -> list[Problem]:
    """Every province can be reached from the home province by links."""
    board = w.board
    if not board.provinces:
        return []
    home = w.home or next(iter(board.provinces))
    reached = board.component(home)
    problems = []
    for p in board.provinces.values():
        if p.id in reached:
            continue
        group = board.component(p.id)
        reached |= group
        others = sorted(group - {p.id})
        extra = f" (nor can {', '.join(others)})" if others else ""
        problems.append(w.doc.problem(p.entry, (
            f"{p.id} cannot be reached from {home} by links{extra}; the board must be one "
            f"connected map")))
    return problems


def _sea_neighbours(w: Where) -> list[Problem]:
    """Sea zones list each other as neighbours both ways."""
    problems = []
    for sea in w.board.seas.values():
        for i, other in enumerate(sea.next_to):
            back = w.board.seas.get(other)
            if other == sea.id:
                problems.append(w.doc.problem(sea.entry + ("next_to", i),
                                              f"{sea.id} cannot be next to itself"))
            elif back is not None and sea.id not in back.next_to:
                problems.append(w.doc.problem(sea.entry + ("next_to", i), (
                    f"{sea.id} lists {other} as next to it, but {other} "
                    f"({w.line(back.entry)}) does not list {sea.id}; next_to goes both ways")))
    return problems


GRAPH_CHECKS: tuple[Callable[[Where], list[Problem]], ...] = (
    _link_ends, _connected, _sea_neighbours,
)

