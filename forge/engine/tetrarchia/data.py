"""The game facts the engine plays by: loaded once from content/tetrarchia and precomputed.

Everything about TETRARCHIA as a game (the board graph, costs, the difficulty table, the result
table, reserves, variants) comes from `board.yaml`, `rules.yaml` and `game.yaml`. This module
turns them into plain lookup tables (dicts and tuples keyed by province id) so that the rules
never walk the board data while playing.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from forge.content import load_doc
from forge.engine.tetrarchia.board import TetrarchiaBoard
from forge.places import SHIPPED_CONTENT

CONTENT_DIR = SHIPPED_CONTENT / "tetrarchia"

# Facts the content files do not hold yet (rules.yaml's schema has no field for them); the
# engine reads them from here until the lead adds `powers:` to the IMPERIVM variants.
def roman_numeral(value: int) -> str:
    """I..XII for a die face or region number."""
    numerals = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    text = ""
    for amount, letters in numerals:
        while value >= amount:
            text, value = text + letters, value - amount
    return text


@dataclass(frozen=True)
class Tables:
    """Precomputed facts of the board and the rules (read-only)."""

    board: TetrarchiaBoard
    rules: Mapping
    game: Mapping
    # emperors
    emperors: tuple[str, ...]                   # turn order
    partner: Mapping[str, str]
    emperor_name: Mapping[str, str]
    capital: Mapping[str, str]                  # emperor -> province with his painted disc
    capital_owner: Mapping[str, str]
    # provinces and regions
    provinces: tuple[str, ...]                  # board order: Roman, then frontiers
    order: Mapping[str, int]
    name: Mapping[str, str]
    roman: frozenset
    frontier: frozenset
    region_of: Mapping[str, str]
    region_name: Mapping[str, str]
    number_of: Mapping[str, int | None]
    outer_regions: tuple[str, ...]              # regions I..VI in numeral order
    region_index: Mapping[str, int]             # I..VI -> 1..6; the central region 0
    region_provinces: Mapping[str, tuple[str, ...]]   # the Roman provinces of a region
    frontier_of: Mapping[str, str]
    at_coordinate: Mapping[tuple[int, int], str]      # (region 1-6, number 1-6) -> province
    roma: str
    # links and routes
    neighbours: Mapping[str, tuple[str, ...]]
    roman_neighbours: Mapping[str, tuple[str, ...]]
    broken: Mapping[str, frozenset]             # province -> neighbours over a broken link
    route_next: Mapping[str, str]
    distance: Mapping[str, int]                 # route steps to ROMA (only provinces on a route)
    # seas
    seas: tuple[str, ...]
    sea_name: Mapping[str, str]
    sea_next: Mapping[str, tuple[str, ...]]
    coast: Mapping[str, tuple[str, ...]]        # province -> its sea zones
    coastal: Mapping[str, tuple[str, ...]]      # sea -> its coastal provinces (board order)
    # numbers
    costs: Mapping[str, int]
    action_points: int
    multiplier: int
    broken_connected_from: int
    initial_revolt_min: int
    difficulty: tuple[tuple[str, tuple[int, ...]], ...]   # row id, values low -> high
    normal_level: tuple[int, ...]               # the level called normal (the default)
    totals: Mapping[str, int]                   # agitation, revolt, army, fleets, discs
    results: Mapping[str, str]                  # what the province holds -> effect
    victory_frontiers: int
    score_items: tuple[Mapping, ...]
    rebellion_above: int
    variants: Mapping[str, Mapping]
    editions: tuple[str, ...]
    default_edition: str
    players: tuple[int, int]

    def kind(self, a: str, b: str) -> str:
        """'broken' or 'normal' for two linked provinces."""
        return "broken" if b in self.broken[a] else "normal"

    def is_broken(self, a: str, b: str) -> bool:
        """Whether the link a-b is a broken link."""
        return b in self.broken[a]

    def coordinate(self, province: str) -> str:
        """'II 1' for a Roman province of an outer region, the name otherwise."""
        index = self.region_index.get(self.region_of.get(province, ""), 0)
        if index and province in self.roman:
            return f"{roman_numeral(index)} {self.number_of[province]}"
        return self.name.get(province, province)

    def power(self, variant: str, emperor: str) -> Mapping | None:
        """The IMPERIVM power an emperor has under `variant`, if any."""
        entry = next((v for v in self.rules["variants"] if v["id"] == variant), {})
        if "power" in entry:
            return entry["power"]
        return entry.get("powers", {}).get(emperor)


def _frozen(mapping: dict) -> Mapping:
    return MappingProxyType(mapping)


@cache
def tables(content_dir: Path = CONTENT_DIR) -> Tables:
    """The tables of the Tetrarchia content in `content_dir` (loaded once per folder)."""
    board_data = load_doc(content_dir / "board.yaml").data
    rules = load_doc(content_dir / "rules.yaml").data
    game = load_doc(content_dir / "game.yaml").data
    board = TetrarchiaBoard.from_data(board_data)
    return Tables(board=board, rules=rules, game=game, **_emperor_tables(board, rules, game),
                  **_province_tables(board, board_data), **_link_tables(board),
                  **_sea_tables(board, board_data), **_number_tables(rules, game))


def _emperor_tables(board: TetrarchiaBoard, rules: dict, game: dict) -> dict:
    info = {e["id"]: e for e in game["emperors"]}
    order = tuple(rules.get("turn_order") or info)
    capital = {e: board.capital_of(e) for e in order if board.capital_of(e)}
    return {
        "emperors": order,
        "partner": _frozen({e: info[e]["partner"] for e in order}),
        "emperor_name": _frozen({e: info[e]["name"] for e in order}),
        "capital": _frozen(capital),
        "capital_owner": _frozen({p: e for e, p in capital.items()}),
    }


def _province_tables(board: TetrarchiaBoard, data: dict) -> dict:
    provinces = tuple(board.provinces)
    names = {p["id"]: p.get("name", p["id"])
             for section in ("provinces", "frontiers") for p in data.get(section, [])}
    outer = sorted((r for r in board.regions.values() if r.numeral),
                   key=lambda r: _numeral_value(r.numeral))
    region_index = {r.id: 0 for r in board.regions.values()}
    region_index.update({r.id: _numeral_value(r.numeral) for r in outer})
    at = {(region_index[p.region], p.number): p.id for p in board.roman()
          if region_index[p.region]}
    return {
        "provinces": provinces,
        "order": _frozen({p: i for i, p in enumerate(provinces)}),
        "name": _frozen(names),
        "roman": frozenset(p.id for p in board.roman()),
        "frontier": frozenset(p.id for p in board.frontiers()),
        "region_of": _frozen({p.id: p.region for p in board.provinces.values()}),
        "region_name": _frozen({r["id"]: r.get("name", r["id"]) for r in data["regions"]}),
        "number_of": _frozen({p.id: p.number for p in board.provinces.values()}),
        "outer_regions": tuple(r.id for r in outer),
        "region_index": _frozen(region_index),
        "region_provinces": _frozen({r: tuple(p.id for p in board.in_region(r))
                                     for r in board.regions}),
        "frontier_of": _frozen({r.id: board.frontier_of(r.id) for r in outer}),
        "at_coordinate": _frozen(at),
        "roma": board.roma,
    }


def _numeral_value(numeral: str) -> int:
    for value in range(1, 40):
        if roman_numeral(value) == numeral:
            return value
    raise ValueError(f"not a Roman numeral: {numeral}")


def _link_tables(board: TetrarchiaBoard) -> dict:
    order = {p: i for i, p in enumerate(board.provinces)}
    neighbours = {p: tuple(sorted(board.neighbours(p), key=order.__getitem__))
                  for p in board.provinces}
    broken: dict[str, set] = {p: set() for p in board.provinces}
    for link in board.links:
        if link.kind == "broken":
            broken[link.a].add(link.b)
            broken[link.b].add(link.a)
    route_next = {p: board.route_next(p) for p in board.provinces if board.route_next(p)}
    distance = {p: board.distance_to_roma(p) for p in board.provinces
                if board.distance_to_roma(p) is not None}
    roman = {p.id for p in board.roman()}
    return {
        "neighbours": _frozen(neighbours),
        "roman_neighbours": _frozen({p: tuple(n for n in near if n in roman)
                                     for p, near in neighbours.items()}),
        "broken": _frozen({p: frozenset(b) for p, b in broken.items()}),
        "route_next": _frozen(route_next),
        "distance": _frozen(distance),
    }


def _sea_tables(board: TetrarchiaBoard, data: dict) -> dict:
    return {
        "seas": tuple(board.seas),
        "sea_name": _frozen({s["id"]: s.get("name", s["id"]) for s in data.get("seas", [])}),
        "sea_next": _frozen({s.id: tuple(s.next_to) for s in board.seas.values()}),
        "coast": _frozen({p.id: tuple(p.coast) for p in board.provinces.values()}),
        "coastal": _frozen({s: tuple(p.id for p in board.provinces.values() if s in p.coast)
                            for s in board.seas}),
    }


def _number_tables(rules: dict, game: dict) -> dict:
    supply = {item["id"]: item["count"] for item in rules["supply"]}
    difficulty = tuple((row["id"], (row["low"], row["normal"], row["high"]))
                       for row in rules["difficulty"]["rows"])
    return {
        "costs": _frozen({k: v["pi"] for k, v in rules["costs"].items()}),
        "action_points": rules["action_points"],
        "multiplier": rules["combat"]["multiplier"],
        "broken_connected_from": rules["broken_links"]["connected_from"],
        "initial_revolt_min": rules["setup"]["initial_revolt_min"],
        "difficulty": difficulty,
        "normal_level": tuple(next(level["digits"] for level in rules["difficulty"]["levels"]
                                   if level["id"] == "normal")),
        "totals": _frozen({"agitation": supply["agitation"], "revolt": supply["revolt"],
                           "army": supply["armies"], "fleets": supply["fleets"],
                           "discs": supply["emperor_discs"]}),
        "results": _frozen({r["holds"]: r["effect"] for r in rules["results"]}),
        "victory_frontiers": rules["victory"]["frontiers"],
        "score_items": tuple(rules["score"]["items"]),
        "rebellion_above": rules["score"]["rebellion_above"],
        "variants": _frozen({v["id"]: v for v in rules["variants"]}),
        "editions": tuple(e["id"] for e in game["editions"]),
        "default_edition": game["edition"],
        "players": (game["players"]["min"], game["players"]["max"]),
    }
