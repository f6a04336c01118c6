"""Random legal play of ANTIKE for 2 to 6 players: pieces and resources are conserved, resources
change only by the rules' amounts, a bank that counts its coins keeps them with the
civilizations' (a coin leaves it each turn and comes back when paid), events are frozen once
emitted, undo and saves replay."""
from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forge.engine.antike import RULES, describe
from forge.engine.antike.data import PAYMENT, RESOURCES, UNITS, tables
from forge.engine.core import ActionError, Session

NAMES = ["ana", "ben", "cai", "dan", "eva", "fer"]
PROVINCES = [f"p{n}" for n in range(26)]
BORDERS = ("land", "water", "mixed")
ENDINGS = ("end-turn", "end-maneuver", "set-seas")     # chosen less often, so turns are full


class English:
    lang = "en"

    def _(self, text):
        return text


def ring_map() -> dict:
    """A board of the pool's provinces: a ring with chords, borders of every kind, a resource
    each in turn and every fourth a sea (an invented board, in the shared map format)."""
    provinces = [{"id": p, "city": RESOURCES[i % 3], "sea": i % 4 == 0, "land": [], "water": [],
                  "mixed": []} for i, p in enumerate(PROVINCES)]
    count = len(PROVINCES)
    for i in range(count):
        for step, kind in ((1, BORDERS[i % 3]), (5, BORDERS[(i + 1) % 3])):
            j = (i + step) % count
            provinces[i][kind].append(PROVINCES[j])
            provinces[j][kind].append(PROVINCES[i])
    return {"title": "ring", "provinces": provinces}


def new_game(players: int, rnd, with_map: bool = False, coins: int | None = None) -> Session:
    """A game whose civilizations start in distinct provinces of the pool (on sites of their
    resource when it is played on the ring map), its bank holding `coins` (None: unlimited)."""
    options = {"players": NAMES[:players], "coins": coins}
    if with_map:
        options["map"] = ring_map()
    session = Session(RULES, options)
    free = list(PROVINCES)
    rnd.shuffle(free)
    for civ in list(session.state["civs"]):
        cities = {}
        for resource in RESOURCES:
            site = next(p for p in free if not with_map or
                        PROVINCES.index(p) % 3 == RESOURCES.index(resource))
            free.remove(site)
            cities[site] = resource
        session.act({"type": "start-cities", "civ": civ, "cities": cities})
    return session


def concrete(action: dict, state: dict, rnd) -> dict | None:
    """A playable action from a legal-action template, its open fields chosen at random."""
    kind = action["type"]
    info = ("cost", "steps", "yield", "open", "eligible", "power", "capacity", "prices",
            "choices", "name", "max")
    fixed = {k: v for k, v in action.items() if k not in info}
    if kind in ("set-rondel-order", "set-bank", "adjust", "start-cities"):
        return None
    if kind == "set-seas":
        return {**fixed, "seas": rnd.randint(0, 15)} if rnd.random() < 0.01 else None
    if kind == "arm":
        book = state["civs"][action["civ"]]
        units = {}
        for _ in range(rnd.randint(1, action["max"])):
            unit = rnd.choice([u for u in UNITS if book["supply"][u] > 0] or ["legion"])
            here = units.setdefault(rnd.choice(action["choices"]), {})
            here[unit] = here.get(unit, 0) + 1
        return {**fixed, "units": units, "pay": None}
    if kind == "build-temples":
        count = rnd.randint(1, action["max"])
        return {**fixed, "cities": rnd.sample(action["choices"], count), "pay": None}
    if kind == "move":
        ready = action["units"]
        units = {u: rnd.randint(0, n) for u, n in ready.items()}
        if "map" in state:
            return {**fixed, "units": units}
        return {**fixed, "to": rnd.choice(PROVINCES), "units": units,
                "border": rnd.choice(BORDERS)}
    if kind == "found-city" and "map" in state:
        return fixed
    if kind == "found-city":
        return {**fixed, "resource": rnd.choice(RESOURCES)}
    if kind == "conquer" and "open" in action:
        return {**fixed, "abandon": rnd.choice(list(state["civs"][action["civ"]]["cities"]))}
    return fixed


def check_conserved(state: dict) -> None:
    t = tables()
    for civ, book in state["civs"].items():
        for unit in UNITS:
            on_board = sum(here.get(unit, 0) for here in book["units"].values())
            assert on_board + book["supply"][unit] == t.supply[unit], (civ, unit)
            assert all(here.get(unit, 0) >= 0 for here in book["units"].values())
        assert all(book["resources"][r] >= 0 for r in RESOURCES) and book["coins"] >= 0
        assert len(book["cities"]) <= state["settings"]["city_cap"]
    temples = sum(c["temple"] for b in state["civs"].values() for c in b["cities"].values())
    assert temples + state["bank"]["temples"] == t.temples
    for kind, entry in t.personality.items():
        held = [n for b in state["civs"].values() for n in b["personalities"][kind]]
        assert sorted(held + state["piles"][kind]) == list(range(1, entry["count"] + 1))
    cities = [p for b in state["civs"].values() for p in b["cities"]]
    assert len(cities) == len(set(cities)), "one city a province"
    turn = state.get("turn")
    if turn and turn.get("maneuver"):
        book = state["civs"][turn["civ"]]
        for province, lists in turn["maneuver"]["units"].items():
            for unit in UNITS:
                assert len(lists[unit]) == book["units"].get(province, {}).get(unit, 0)


def holdings(state: dict) -> dict:
    return {civ: {**book["resources"], "coin": book["coins"]}
            for civ, book in state["civs"].items()}


def coins_in_play(state: dict) -> int | None:
    """The bank's coins and the civilizations' together (None: the bank never runs out)."""
    if state["bank"]["coins"] is None:
        return None
    return state["bank"]["coins"] + sum(book["coins"] for book in state["civs"].values())


def bank_change(events: list[dict]) -> int:
    """What the events say the bank's coins changed by: a coin out each turn, coins paid back."""
    return sum(event["pay"].get("coin", 0) if event["kind"] == "paid"
               else -(event["resource"] == "coin") if event["kind"] == "coin" else 0
               for event in events)


def check_bank(before: dict, after: dict, events: list[dict], total: int | None) -> None:
    """A bank that counts its coins: the coins in play stay `total`, and its own change is
    the events'."""
    if total is None:
        assert after["bank"]["coins"] is None
        return
    assert coins_in_play(after) == total, events
    assert after["bank"]["coins"] - before["bank"]["coins"] == bank_change(events), events


def expected_change(events: list[dict]) -> dict:
    """What the events say each civilization's resources and coins changed by."""
    change: dict = {}
    for event in events:
        if event["kind"] in ("paid", "produced", "coin"):
            mine = change.setdefault(event["civ"], dict.fromkeys(PAYMENT, 0))
        if event["kind"] == "paid":
            for what, amount in event["pay"].items():
                mine[what] -= amount
        elif event["kind"] == "produced":
            mine[event["resource"]] += event["amount"]
        elif event["kind"] == "coin":
            mine[event["resource"]] += 1
    return change


def check_resources(before: dict, after: dict, events: list[dict]) -> None:
    change = expected_change(events)
    for civ in after:
        for what in PAYMENT:
            wanted = change.get(civ, {}).get(what, 0)
            assert after[civ][what] - before[civ][what] == wanted, (civ, what, events)


def play(session: Session, rnd, steps: int) -> list:
    """Random legal play; every action's events as they were returned."""
    emitted = []
    total = coins_in_play(session.state)
    for _ in range(steps):
        state = session.state
        options = [a for a in (concrete(t, state, rnd) for t in session.legal_actions()) if a]
        if not options:
            break
        acting = [a for a in options if a["type"] not in ENDINGS]
        action = rnd.choice(acting if acting and rnd.random() < 0.8 else options)
        before = holdings(state)
        bank = copy.deepcopy(state["bank"])
        try:
            outcome = session.act(action)
        except ActionError:
            assert session.state == state
            continue
        emitted.append((len(session.entries) - 1, copy.deepcopy(outcome.events)))
        assert all(describe(e, English()) for e in outcome.events)
        check_conserved(session.state)
        check_resources(before, holdings(session.state), outcome.events)
        check_bank({"bank": bank}, session.state, outcome.events, total)
    return emitted


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_play_conserves_pieces_and_resources(players, seed):
    rnd = random.Random(seed)
    session = new_game(players, rnd, coins=rnd.choice([None, rnd.randint(0, 12), 50]))
    emitted = play(session, rnd, 250)
    for index, events in emitted:
        assert session.entries[index]["events"] == events, "an event changed after it was emitted"


@pytest.mark.parametrize("players", [2, 4, 6])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_play_on_a_map_keeps_to_its_borders_and_sites(players, seed):
    rnd = random.Random(seed)
    session = new_game(players, rnd, with_map=True)
    play(session, rnd, 250)
    state = session.state
    provinces = state["map"]["provinces"]
    for book in state["civs"].values():
        for province, city in book["cities"].items():
            assert city["resource"] == provinces[province]["city"]
        assert all(province in provinces for province in book["units"])
    for index, entry in enumerate(session.entries[1:], 1):
        for event in entry["events"]:
            if event["kind"] == "moved":
                assert provinces[event["from"]]["borders"][event["to"]] == event["border"]
            if event["kind"] == "seas":
                assert event["seas"] <= sum(p["sea"] for p in provinces.values())


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_counted_bank_keeps_its_coins_with_the_civilizations(seed):
    """Coins paid go back to the bank, so a small bank runs out and fills again."""
    rnd = random.Random(seed)
    session = new_game(3, rnd, coins=rnd.randint(0, 6))
    total = coins_in_play(session.state)
    play(session, rnd, 150)
    assert coins_in_play(session.state) == total


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_undo_restores_and_saves_replay(seed):
    rnd = random.Random(seed)
    session = new_game(3, rnd)
    play(session, rnd, 60)
    final = session.state
    again = Session.from_json(RULES, session.to_json())
    assert again.state == final
    position = session.position
    session.undo(min(10, position))
    session.redo(min(10, position))
    assert session.state == final
