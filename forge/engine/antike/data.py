"""The game facts the ANTIKE engine plays by, loaded once from content/antike/tables.yaml.

The file is checked against the game's own schema (content/antike/schemas/tables.yaml) when it
is read, so the engine never meets a malformed table; `Tables` gives it as lookups.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from forge.content import load_doc
from forge.errors import ContentError
from forge.places import SHIPPED_CONTENT
from forge.schema import game_schemas, validate_docs

GAME = "antike"
CONTENT_DIR = SHIPPED_CONTENT / GAME
RESOURCES = ("marble", "iron", "gold")
UNITS = ("legion", "galley")
PAYMENT = (*RESOURCES, "coin")


@dataclass(frozen=True)
class Tables:
    """The tables.yaml numbers as lookups (read-only)."""

    raw: Mapping
    players: tuple[int, int]
    sides: Mapping[str, Mapping]                 # side id -> its entry
    civ_side: Mapping[str, str]                  # civilization id -> side id
    civ_name: Mapping[str, str]
    start_resources: Mapping[str, int]
    supply: Mapping[str, int]                    # legion, galley
    temples: int
    city_cap: tuple[int, tuple[int, ...]]        # default, options
    space_name: Mapping[str, str]
    space_kind: Mapping[str, str]
    space_resource: Mapping[str, str]            # production spaces: the resource produced
    rondel_order: tuple[str, ...]
    space_count: Mapping[str, int]               # how many of each space the rondel has
    free_steps: int
    step_cost: int
    repeat: tuple[int, tuple[int, ...]]
    production: Mapping
    temple_cost: Mapping[str, int]
    arming_cost: Mapping[str, int]
    capacity: Mapping[str, int]                  # city, temple_city
    unit_name: Mapping[str, str]
    unit_crosses: Mapping[str, str]
    city_cost: Mapping[str, int]
    prices: Mapping[str, Mapping[str, int]]
    progresses: Mapping[str, Mapping]            # id -> entry (tier, needs, effect, name)
    base_maneuvers: int
    defence: Mapping
    personality: Mapping[str, Mapping]           # type id -> entry (count, per, counts, name)
    personalities_total: int
    needed: Mapping[int, tuple[int, tuple[int, ...]]]   # civilizations -> default, options
    start_player: tuple[Mapping, ...]

    def civilizations_for(self, side: str, count: int) -> list[str]:
        """The side's civilizations that play with `count` civilizations, in joining order."""
        return [c["id"] for c in self.sides[side]["civilizations"] if c["from"] <= count]

    def pairs(self, side: str) -> list[list[str]]:
        """The civilization pairs of the 2-player game on a side."""
        return [list(pair) for pair in self.sides[side]["two_players"]["pairs"]]

    def known_start(self, side: str, count: int) -> str | None:
        """The civilization the text names as start player for this side and count."""
        return next((k["civilization"] for k in self.start_player
                     if k["side"] == side and k["civilizations"] == count), None)


def check_tables(content_dir: Path) -> dict:
    """tables.yaml of `content_dir`, validated against the game's schema (ContentError if not)."""
    schemas, problems = game_schemas(content_dir)
    doc = load_doc(content_dir / "tables.yaml", content_dir)
    problems += validate_docs([doc], schemas).problems
    if problems:
        raise ContentError(problems)
    return doc.data


@cache
def tables(content_dir: Path = CONTENT_DIR) -> Tables:
    """The tables of the game in `content_dir` (loaded and checked once per folder)."""
    data = check_tables(Path(content_dir))
    frozen = MappingProxyType
    rondel = data["rondel"]
    spaces = rondel["spaces"]
    knowledge = data["knowledge"]
    units = data["arming"]["units"]
    civs = [(side["id"], civ) for side in data["sides"] for civ in side["civilizations"]]
    return Tables(
        raw=frozen(data),
        players=(data["players"]["min"], data["players"]["max"]),
        sides=frozen({side["id"]: side for side in data["sides"]}),
        civ_side=frozen({civ["id"]: side for side, civ in civs}),
        civ_name=frozen({civ["id"]: civ["name"] for _side, civ in civs}),
        start_resources=frozen({r: data["start"]["resources"].get(r, 0) for r in RESOURCES}),
        supply=frozen({"legion": data["supply"]["legions"], "galley": data["supply"]["galleys"]}),
        temples=data["supply"]["temples"],
        city_cap=(data["city_cap"]["default"], tuple(data["city_cap"]["options"])),
        space_name=frozen({s["id"]: s["name"] for s in spaces}),
        space_kind=frozen({s["id"]: s["kind"] for s in spaces}),
        space_resource=frozen({s["id"]: s["resource"] for s in spaces if "resource" in s}),
        rondel_order=tuple(rondel["order"]["default"]),
        space_count=frozen({s["id"]: s.get("count", 1) for s in spaces}),
        free_steps=rondel["free_steps"], step_cost=rondel["step_cost"],
        repeat=(rondel["repeat"]["default"], tuple(rondel["repeat"]["options"])),
        production=frozen(data["production"]),
        temple_cost=frozen(data["temple"]["cost"]),
        arming_cost=frozen(data["arming"]["cost"]),
        capacity=frozen(data["arming"]["capacity"]),
        unit_name=frozen({u["id"]: u["name"] for u in units}),
        unit_crosses=frozen({u["id"]: u["crosses"] for u in units}),
        city_cost=frozen(data["city"]["cost"]),
        prices=frozen(knowledge["prices"]),
        progresses=frozen({p["id"]: p for p in knowledge["progresses"]}),
        base_maneuvers=data["maneuvers"]["base"],
        defence=frozen(data["defence"]),
        personality=frozen({p["id"]: p for p in data["personalities"]["types"]}),
        personalities_total=data["personalities"]["total"],
        needed=frozen({v["civilizations"]: (v["needed"], tuple(v.get("options") or [v["needed"]]))
                       for v in data["victory"]["needed"]}),
        start_player=tuple(data["start_player"]["known"]),
    )
