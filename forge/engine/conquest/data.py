"""The game facts the engine plays by, loaded once from content/conquest-of-the-empire-2.

`tables.yaml` holds the numbers and procedures; `cards.yaml` (when present) the conquest cards,
of which the engine needs each card's class and cost, plus a few effects it recognises by the
words in the card id (senator-N, military-training, naval-training, the senate votes ...).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from forge.content import load_doc
from forge.places import SHIPPED_CONTENT

GAME = "conquest-of-the-empire-2"
CONTENT_DIR = SHIPPED_CONTENT / GAME



@dataclass(frozen=True)
class Tables:
    """The tables.yaml numbers as lookups (read-only)."""

    raw: Mapping
    players: tuple[int, int]
    seasons: int
    extra_seasons: int
    rounds: int
    actions_per_round: int
    card_picks_per_round: int
    start: Mapping
    unit_cost: Mapping[str, int | None]
    unit_kind: Mapping[str, str]
    unit_where: Mapping[str, str]
    unit_name: Mapping[str, str]
    galley_load: int                             # land military units a galley carries by sea
    symbols: tuple[str, ...]
    faces: tuple[str, ...]
    land_base: int
    key_provinces: tuple[str, ...]
    province_name: Mapping[str, str]
    named_place: Mapping[str, str]               # the other places the cards name, by id
    named_seas: frozenset[str]                   # those of them that are sea zones
    places: Mapping[str, int]
    vp: Mapping[str, tuple[int, ...]]            # only the provinces whose VP the rulebook gives
    economy: Mapping
    chaos: Mapping
    battle: Mapping

    @property
    def military(self) -> tuple[str, ...]:
        return tuple(u for u, k in self.unit_kind.items() if k == "military")

    @property
    def land_military(self) -> tuple[str, ...]:
        return tuple(u for u in self.military if self.unit_where[u] == "land")

    @property
    def leaders(self) -> tuple[str, ...]:
        return tuple(u for u, k in self.unit_kind.items() if k == "leader")


@cache
def tables(content_dir: Path = CONTENT_DIR) -> Tables:
    """The tables of the game in `content_dir` (loaded once per folder)."""
    data = load_doc(content_dir / "tables.yaml").data
    units = data["units"]
    keys = data["key_provinces"]
    frozen = MappingProxyType
    return Tables(
        raw=frozen(data),
        players=(data["players"]["min"], data["players"]["max"]),
        seasons=data["seasons"]["count"], extra_seasons=data["seasons"]["extra"],
        rounds=data["seasons"]["rounds"],
        actions_per_round=data["seasons"]["actions_per_round"],
        card_picks_per_round=data["seasons"]["card_picks_per_round"],
        start=frozen(data["start"]),
        unit_cost=frozen({u["id"]: u.get("cost") for u in units}),
        unit_kind=frozen({u["id"]: u["kind"] for u in units}),
        unit_where=frozen({u["id"]: u["where"] for u in units}),
        unit_name=frozen({u["id"]: u["name"] for u in units}),
        galley_load=next((u.get("carries", 0) for u in units if u["id"] == "galley"), 0),
        symbols=tuple(data["dice"]["symbols"]), faces=tuple(data["dice"]["faces"]),
        land_base=data["dice"]["land_base"],
        key_provinces=tuple(k["id"] for k in keys),
        province_name=frozen({k["id"]: k["name"] for k in keys}),
        named_place=frozen({p["id"]: p["name"] for p in data.get("named_places") or []}),
        named_seas=frozenset(p["id"] for p in data.get("named_places") or [] if p.get("sea")),
        places=frozen({k["id"]: k["places"] for k in keys}),
        vp=frozen({k["id"]: tuple(k["vp"]) for k in keys if "vp" in k}),
        economy=frozen(data["economy"]), chaos=frozen(data["chaos"]),
        battle=frozen(data["battle"]),
    )


@cache
def cards_in_decks(content_dir: Path = CONTENT_DIR) -> tuple:
    """(deck id, card entry) for every card of cards.yaml, in order; none while the file is
    missing."""
    path = content_dir / "cards.yaml"
    if not path.exists():
        return ()
    return tuple((deck["id"], card) for deck in load_doc(path).data.get("decks", [])
                 for card in deck.get("cards", []))


@cache
def card_data(content_dir: Path = CONTENT_DIR) -> dict:
    """{card id: {class, cost, deck, count}} from cards.yaml; empty while the file is missing."""
    return {card["id"]: {"class": card.get("class"), "cost": card.get("cost"), "deck": deck,
                         "count": card.get("count", 1), "title": card.get("title", card["id"])}
            for deck, card in cards_in_decks(content_dir)}


@cache
def card_troops(content_dir: Path = CONTENT_DIR) -> Mapping:
    """{card id: {troops, province, battles}} of the cards that bring their own troops to their
    holder's battles (the Diplomacy cards of cards.yaml): the units and counts the card shows,
    the key province whose battles they join (None: any) and the kind of battle (`land` or
    `naval`). Kept apart from card_data, which the state copies."""
    return MappingProxyType({card["id"]: MappingProxyType({
        "troops": MappingProxyType(dict(card["troops"])), "province": card.get("province"),
        "battles": card.get("battles", "land")})
        for _deck, card in cards_in_decks(content_dir) if card.get("troops")})


def senator_value(card_id: str) -> int | None:
    """The votes of a senator card ('senator-3', 'senator-iii'), None for other cards."""
    match = re.fullmatch(r"senator[-_]?(\d|i{1,3}|iv)(?:[-_].*)?", card_id)
    if not match:
        return None
    value = match.group(1)
    return int(value) if value.isdigit() else {"i": 1, "ii": 2, "iii": 3, "iv": 4}[value]


def card_effects() -> Mapping:
    """What the cards the engine carries out give (tables.yaml `card_effects`)."""
    return tables().raw["card_effects"]


def vote_effect(card_id: str) -> str | None:
    """Which senate vote a card is, by the words of its id (docs/conquest-of-the-empire-2/
    engine.md): a key of `card_effects.votes`."""
    return next((effect for effect in card_effects()["votes"] if effect in card_id), None)


def training_kind(card_id: str) -> str | None:
    """'land' for Military Training, 'naval' for Naval Training, else None."""
    if "military-training" in card_id:
        return "land"
    if "naval-training" in card_id:
        return "naval"
    return None
