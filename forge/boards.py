"""A board as a graph: provinces, the links between them and the sea zones on their coasts.

`Board.from_data` turns the data of a board.yaml into an immutable view that checks, rules
engines and drawings share. It knows no game: each province and link keeps its entry's fields
as `data`, and a game with its own words for its board (regions, capitals, routes...)
subclasses `Board` in its engine package. It imports nothing from rendering.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Iterable, Mapping


@dataclass(frozen=True)
class Province:
    """A land space: its id, the sea zones on its coast and its entry's fields as data."""

    id: str
    coast: tuple[str, ...]
    entry: tuple                      # field path of its entry in board.yaml
    data: Mapping[str, Any] = field(compare=False, repr=False)


@dataclass(frozen=True)
class Link:
    """A link between two provinces, of a kind the game names, and its entry's fields."""

    a: str
    b: str
    kind: str
    entry: tuple
    data: Mapping[str, Any] = field(compare=False, repr=False)

    @property
    def ends(self) -> frozenset[str]:
        """The two provinces it joins, in no order."""
        return frozenset((self.a, self.b))

    def other(self, province: str) -> str:
        """The end that is not `province`."""
        return self.b if province == self.a else self.a


@dataclass(frozen=True)
class Sea:
    """A sea zone: its neighbouring zones and where its fleet circle sits."""

    id: str
    next_to: tuple[str, ...]
    fleet_at: tuple[float, float]
    entry: tuple


@dataclass(frozen=True)
class Board:
    """An immutable graph view of a board."""

    provinces: Mapping[str, Province]
    seas: Mapping[str, Sea]
    links: tuple[Link, ...]
    adjacent: Mapping[str, frozenset[str]]

    province_sections: ClassVar[tuple[str, ...]] = ("provinces",)
    province_type: ClassVar[type[Province]] = Province
    link_type: ClassVar[type[Link]] = Link

    @classmethod
    def from_data(cls, data: dict) -> Board:
        """Build the view from board data shaped as forge/schemas/board.yaml describes."""
        return cls(**cls.parts_of(data))

    @classmethod
    def parts_of(cls, data: dict) -> dict[str, Any]:
        """The view's fields, by name, from board data; a subclass adds its own."""
        provinces: dict[str, Province] = {}
        for section in cls.province_sections:
            for i, p in enumerate(data.get(section, [])):
                provinces.setdefault(p["id"], cls.province_type(
                    p["id"], tuple(p.get("coast", [])), (section, i), _frozen_copy(p)))
        seas = {s["id"]: Sea(s["id"], tuple(s.get("next_to", [])),
                             tuple(s.get("fleet_at", (0, 0))), ("seas", i))
                for i, s in enumerate(data.get("seas", []))}
        links = tuple(cls.link_type(k["from"], k["to"], k["kind"], ("links", i), _frozen_copy(k))
                      for i, k in enumerate(data.get("links", [])))
        return {"provinces": MappingProxyType(provinces), "seas": MappingProxyType(seas),
                "links": links, "adjacent": _adjacency(provinces, links)}

    # links

    def neighbours(self, province: str) -> frozenset[str]:
        """The provinces linked to `province`, whatever the kind of link."""
        return self.adjacent.get(province, frozenset())

    def link(self, a: str, b: str) -> Link | None:
        """The (first) link joining a and b, in either direction."""
        return next((k for k in self.links if k.ends == {a, b} and a != b), None)

    def link_kind(self, a: str, b: str) -> str | None:
        """The kind of the link joining a and b, None when they are not linked."""
        found = self.link(a, b)
        return found.kind if found else None

    def steps_between(self, a: str, b: str) -> int | None:
        """The fewest links from a to b, or None when b cannot be reached."""
        return _distances(self, a).get(b)

    def component(self, start: str, within: Iterable[str] | None = None) -> frozenset[str]:
        """The provinces reachable from `start` by links, optionally staying `within` a set."""
        allowed = frozenset(within) if within is not None else None
        return frozenset(_distances(self, start, allowed))

    # seas

    def coastal(self, sea: str) -> frozenset[str]:
        """The provinces on the coast of a sea zone."""
        return frozenset(p.id for p in self.provinces.values() if sea in p.coast)


def _frozen_copy(entry: dict) -> Mapping[str, Any]:
    return MappingProxyType(dict(entry))


def _adjacency(provinces: dict, links: tuple[Link, ...]) -> Mapping[str, frozenset[str]]:
    near: dict[str, set[str]] = {p: set() for p in provinces}
    for k in links:
        if k.a != k.b:
            near.setdefault(k.a, set()).add(k.b)
            near.setdefault(k.b, set()).add(k.a)
    return MappingProxyType({p: frozenset(n) for p, n in near.items()})


def _distances(board: Board, start: str, allowed: frozenset | None = None) -> dict[str, int]:
    """Breadth-first distances by links from `start` (staying in `allowed` when given)."""
    found, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(board.neighbours(here)):
            if there not in found and (allowed is None or there in allowed):
                found[there] = found[here] + 1
                queue.append(there)
    return found
