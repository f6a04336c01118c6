"""TETRARCHIA's board in its own words: regions, numbered and frontier provinces, ROMA,
capitals and the barbarian route arrows, on the generic board graph of forge/boards.py.

`TetrarchiaBoard.from_data` reads a board.yaml with regions (a Roman numeral I-VI each, none for
ITALIA), Roman provinces numbered 1-6 within their region, one frontier province per outer
region, one ROMA, emperors' capital marks and route arrows (`route: true` links).
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from forge.boards import Board, Link, Province


@dataclass(frozen=True)
class Region:
    """A region: its id, Roman numeral (None for the central region) and board entry."""

    id: str
    numeral: str | None
    entry: tuple


class TetrarchiaProvince(Province):
    """A land circle: a Roman province (with a number) or a frontier province (without)."""

    @property
    def region(self) -> str:
        """The region it belongs to (a frontier province, to the region it borders)."""
        return self.data["region"]

    @property
    def frontier(self) -> bool:
        """Whether it lies beyond the frontier, where barbarian armies enter."""
        return self.entry[0] == "frontiers"

    @property
    def number(self) -> int | None:
        """A Roman province's number (1-6) within its region; None for a frontier."""
        return None if self.frontier else self.data.get("number")

    @property
    def capital(self) -> str | None:
        """The emperor whose capital mark it bears, if any."""
        return self.data.get("capital")

    @property
    def roma(self) -> bool:
        """Whether it is ROMA."""
        return bool(self.data.get("roma"))


class TetrarchiaLink(Link):
    """A link; `route` means a barbarian route arrow runs from `a` to `b`."""

    @property
    def route(self) -> bool:
        """Whether a route arrow runs along it, from `a` to `b`."""
        return bool(self.data.get("route"))


@dataclass(frozen=True)
class TetrarchiaBoard(Board):
    """The board graph with Tetrarchia's regions, coordinates, ROMA, capitals and routes."""

    regions: Mapping[str, Region]
    arrows: Mapping[str, TetrarchiaLink]      # the first route arrow leaving each province

    province_sections = ("provinces", "frontiers")
    province_type = TetrarchiaProvince
    link_type = TetrarchiaLink

    @classmethod
    def parts_of(cls, data: dict) -> dict[str, Any]:
        """The generic graph's fields, with the regions and the route arrows."""
        parts = super().parts_of(data)
        regions = {r["id"]: Region(r["id"], r.get("numeral"), ("regions", i))
                   for i, r in enumerate(data.get("regions", []))}
        return parts | {"regions": MappingProxyType(regions), "arrows": _arrows(parts["links"])}

    # provinces and regions

    def roman(self) -> tuple[TetrarchiaProvince, ...]:
        """The Roman provinces, in board order."""
        return tuple(p for p in self.provinces.values() if not p.frontier)

    def frontiers(self) -> tuple[TetrarchiaProvince, ...]:
        """The frontier (barbarian) provinces, in board order."""
        return tuple(p for p in self.provinces.values() if p.frontier)

    def in_region(self, region: str) -> tuple[TetrarchiaProvince, ...]:
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

    def coordinate_text(self, region: str, number: int | None) -> str:
        """How a player reads a coordinate: 'II 1', or 'ITALIA 3' in the central region."""
        found = self.regions.get(region)
        return f"{found.numeral if found and found.numeral else region} {number}"

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


def _arrows(links: tuple[TetrarchiaLink, ...]) -> Mapping[str, TetrarchiaLink]:
    arrows: dict[str, TetrarchiaLink] = {}
    for k in links:
        if k.route:
            arrows.setdefault(k.a, k)
    return MappingProxyType(arrows)
