"""The board as a graph: provinces, regions, links, route arrows, seas, capitals and ROMA.

`Board.from_data` turns the data of a board.yaml into an immutable view that the checks
(forge/checks/), the rules engine and the drawing share; it imports nothing from
rendering.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping

# --- The graph view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Region:
    """A region: its id, Roman numeral (None for the central region) and board entry."""

    id: str
    numeral: str | None
    entry: tuple


@dataclass(frozen=True)
class Province:
    """A land circle: a Roman province (with a number) or a frontier province (without)."""

    id: str
    region: str
    number: int | None
    frontier: bool
    coast: tuple[str, ...]
    capital: str | None
    roma: bool
    entry: tuple                      # field path of its entry in board.yaml


@dataclass(frozen=True)
class Link:
    """A link between two provinces; `route` means an arrow runs from `a` to `b`."""

    a: str
    b: str
    kind: str
    route: bool
    entry: tuple

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

    regions: Mapping[str, Region]
    provinces: Mapping[str, Province]
    seas: Mapping[str, Sea]
    links: tuple[Link, ...]
    adjacent: Mapping[str, frozenset[str]]
    arrows: Mapping[str, Link]        # the first route arrow leaving each province

    @classmethod
    def from_data(cls, data: dict) -> Board:
        """Build the view from board data shaped as forge/schemas/board.yaml describes."""
        regions = {r["id"]: Region(r["id"], r.get("numeral"), ("regions", i))
                   for i, r in enumerate(data.get("regions", []))}
        provinces = {}
        for section in ("provinces", "frontiers"):
            for i, p in enumerate(data.get(section, [])):
                provinces.setdefault(p["id"], _province(p, section, i))
        seas = {s["id"]: Sea(s["id"], tuple(s.get("next_to", [])),
                             tuple(s.get("fleet_at", (0, 0))), ("seas", i))
                for i, s in enumerate(data.get("seas", []))}
        links = tuple(Link(k["from"], k["to"], k["kind"], bool(k.get("route")), ("links", i))
                      for i, k in enumerate(data.get("links", [])))
        return cls(MappingProxyType(regions), MappingProxyType(provinces),
                   MappingProxyType(seas), links, _adjacency(provinces, links), _arrows(links))

    # provinces and regions

    def roman(self) -> tuple[Province, ...]:
        """The Roman provinces, in board order."""
        return tuple(p for p in self.provinces.values() if not p.frontier)

    def frontiers(self) -> tuple[Province, ...]:
        """The frontier (barbarian) provinces, in board order."""
        return tuple(p for p in self.provinces.values() if p.frontier)

    def in_region(self, region: str) -> tuple[Province, ...]:
        """The Roman provinces of a region, in board order."""
        return tuple(p for p in self.roman() if p.region == region)

    def frontier_of(self, region: str) -> str | None:
        """The frontier province of an outer region."""
        return next((p.id for p in self.frontiers() if p.region == region), None)

    def coordinate(self, province: str) -> tuple[str | None, int] | None:
        """A Roman province's (region numeral, number); the numeral is None in ITALIA."""
        p = self.provinces.get(province)
        if p is None or p.frontier:
            return None
        region = self.regions.get(p.region)
        return (region.numeral if region else None), p.number

    def province_at(self, region: str, number: int) -> str | None:
        """The Roman province of `region` numbered `number`."""
        return next((p.id for p in self.in_region(region) if p.number == number), None)

    def at_coordinate(self, numeral: str, number: int) -> str | None:
        """The Roman province the dice name: numeral (I-VI) and number (1-6)."""
        region = next((r.id for r in self.regions.values() if r.numeral == numeral), None)
        return self.province_at(region, number) if region else None

    @property
    def roma(self) -> str | None:
        """The province marked as ROMA."""
        return next((p.id for p in self.roman() if p.roma), None)

    def capital_of(self, emperor: str) -> str | None:
        """The province bearing an emperor's capital mark."""
        return next((p.id for p in self.roman() if p.capital == emperor), None)

    # links

    def neighbours(self, province: str) -> frozenset[str]:
        """The provinces linked to `province`, whatever the kind of link."""
        return self.adjacent.get(province, frozenset())

    def link(self, a: str, b: str) -> Link | None:
        """The (first) link joining a and b, in either direction."""
        return next((k for k in self.links if k.ends == {a, b} and a != b), None)

    def link_kind(self, a: str, b: str) -> str | None:
        """'normal' or 'broken' for linked provinces, None otherwise."""
        found = self.link(a, b)
        return found.kind if found else None

    def steps_between(self, a: str, b: str) -> int | None:
        """The fewest links from a to b, or None when b cannot be reached."""
        return _distances(self, a).get(b)

    def component(self, start: str, within: Iterable[str] | None = None) -> frozenset[str]:
        """The provinces reachable from `start` by links, optionally staying `within` a set."""
        allowed = frozenset(within) if within is not None else None
        return frozenset(_distances(self, start, allowed))

    # barbarian routes

    def route_next(self, province: str) -> str | None:
        """Where an army in `province` goes next: the end of its route arrow."""
        arrow = self.arrows.get(province)
        return arrow.b if arrow else None

    def route_from(self, province: str) -> tuple[str, ...]:
        """The provinces met following arrows from `province`: to ROMA, a dead end or a repeat."""
        path, seen = [province], {province}
        while path[-1] != self.roma:
            nxt = self.route_next(path[-1])
            if nxt is None or nxt in seen:
                break
            path.append(nxt)
            seen.add(nxt)
        return tuple(path)

    def route(self, region: str) -> tuple[str, ...]:
        """A region's barbarian route, from its frontier province to ROMA."""
        frontier = self.frontier_of(region)
        return self.route_from(frontier) if frontier else ()

    def route_numbers(self, region: str) -> tuple[int, ...]:
        """The numbers of the region's own provinces along its route, in route order."""
        return tuple(self.provinces[p].number for p in self.route(region)
                     if self.provinces[p].region == region and not self.provinces[p].frontier)

    def distance_to_roma(self, province: str) -> int | None:
        """Steps along the route arrows from `province` to ROMA; None if they never get there."""
        path = self.route_from(province)
        return len(path) - 1 if path[-1] == self.roma else None

    # seas

    def coastal(self, sea: str) -> frozenset[str]:
        """The provinces on the coast of a sea zone."""
        return frozenset(p.id for p in self.provinces.values() if sea in p.coast)


def _province(p: dict, section: str, index: int) -> Province:
    frontier = section == "frontiers"
    return Province(p["id"], p["region"], None if frontier else p.get("number"), frontier,
                    tuple(p.get("coast", [])), p.get("capital"), bool(p.get("roma")),
                    (section, index))


def _adjacency(provinces: dict, links: tuple[Link, ...]) -> Mapping[str, frozenset[str]]:
    near: dict[str, set[str]] = {p: set() for p in provinces}
    for k in links:
        if k.a != k.b:
            near.setdefault(k.a, set()).add(k.b)
            near.setdefault(k.b, set()).add(k.a)
    return MappingProxyType({p: frozenset(n) for p, n in near.items()})


def _arrows(links: tuple[Link, ...]) -> Mapping[str, Link]:
    arrows: dict[str, Link] = {}
    for k in links:
        if k.route:
            arrows.setdefault(k.a, k)
    return MappingProxyType(arrows)


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
