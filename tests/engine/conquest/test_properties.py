"""Replay and undo over random plays: a save replays to the same state, undo restores it."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from forge.engine.conquest import RULES
from forge.engine.conquest.words import describe
from forge.engine.core import ActionError, Session

PLAYERS = ["angela", "bernardo", "carlos"]


class English:
    lang = "en"

    def _(self, text):
        return text


def concrete(action: dict, state: dict, pick) -> dict | None:
    """A playable action from a legal-action template, choosing the open fields."""
    kind = action["type"]
    if kind == "bid":
        free = action["tokens"]
        a = pick(free)
        rest = [p for p in free if p != a]
        return {"type": "bid", "player": action["player"], "amount": action["min"], "a": a,
                "b": pick(rest) if rest else None}
    if kind == "special-tax":
        return {**{k: v for k, v in action.items() if k not in ("open", "choices")},
                "amount": pick(action["choices"])}
    if "open" in action:
        return None
    return action


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2**32))
def test_replay_and_undo(rnd, seed):
    session = Session(RULES, {"players": PLAYERS}, seed=seed)
    for _ in range(40):
        options = [a for a in (concrete(t, session.state, rnd.choice)
                               for t in session.legal_actions()) if a]
        if not options:
            break
        before = session.state
        try:
            outcome = session.act(rnd.choice(options))
        except ActionError:
            continue
        assert all(describe(e, English()) for e in outcome.events)
        session.undo()
        assert session.state == before
        session.redo()
    again = Session.from_json(RULES, session.to_json())
    assert again.state == session.state


# --- events are frozen once emitted ------------------------------------------------------------

import copy
from contextlib import contextmanager
from unittest import mock

from forge.engine.conquest.state import Ctx

SPOTS = ["galatia", "asia", "egypt", "hispania", "sea-by-galatia", "sea-by-asia"]
VP = {"vp": {p: [5, 3, 1] if p == "italia" else [5, 3] for p in (
    "hispania", "narbonensis", "italia", "neapolis", "sicilia", "achaia", "asia", "galatia",
    "mesopotamia", "egypt", "numidia")}}


def rich(action: dict, state: dict, pick) -> dict | None:
    """Like `concrete`, for every listed action: open fields are filled with plausible values
    (some refused, which the play skips), so battles, votes and withdrawals come up."""
    kind, player = action["type"], action.get("player")
    fixed = {k: v for k, v in action.items() if k not in ("open", "choices", "min", "tokens",
                                                          "hand", "count", "sides", "seas",
                                                          "unplaced", "origin", "leaders")}
    if kind in ("bid", "special-tax"):
        return concrete(action, state, pick)
    if kind == "starting-influence":
        chosen = [pick(action["choices"]) for _ in range(action["count"])]
        return {**fixed, "provinces": {p: chosen.count(p) for p in set(chosen)}}
    if kind == "place":
        if not action["choices"]:           # his influence bought before he placed (R32)
            return None
        land = {u: c for u, c in action["unplaced"].items() if u != "galley"}
        if land:
            return {**fixed, "where": pick(action["choices"]), "units": land}
        return {**fixed, "where": pick(action["seas"]), "units": {"galley": 1}}
    if kind == "vote-bid":
        hand = list(action["hand"])
        for _ in range(4):
            bid = [v for v in hand if pick([True, False])]
            if sum(bid) >= action["min"]:
                return {**fixed, "senators": bid}
        return None
    if kind == "casualties":
        groups = state["battle"]["sides"][action["side"]]["groups"]
        left, remove = action["count"], {}
        naval = state["battle"]["kind"] == "naval"
        for group, units in groups.items():
            for unit, count in units.items():
                if naval and unit != "galley":
                    continue
                take = min(left, count)
                if take:
                    remove.setdefault(group, {})[unit] = take
                    left -= take
        return {**fixed, "remove": remove}
    if kind in ("retreat", "withdraw"):
        return {**fixed, "to": pick(SPOTS[:4])}
    if kind == "roll":
        return {"type": "roll"}
    army = state["army"].get(player, {})
    if kind == "battle":
        mine = [w for w, u in army.items() if w != "unplaced"
                and any(u.get(k) for k in ("infantry", "cavalry", "catapult"))]
        if not mine:
            return None
        where = pick(mine)
        others = [p for p in state["players"] if p != player]
        return {**fixed, "province": where, "defender": pick(others)}
    if kind == "move":
        led = [w for w, u in army.items() if w != "unplaced" and (u.get("general")
                                                                   or u.get("caesar"))]
        if not led:
            return None
        origin = pick(led)
        units = {u: c for u, c in army[origin].items() if u != "galley"}
        return {**fixed, "from": origin, "to": {pick(SPOTS[:4]): units}}
    if kind == "naval":
        seas = [w for w, u in army.items() if u.get("galley")]
        if not seas:
            return None
        origin = pick(seas)
        others = [p for p in state["players"] if p != player]
        battle = {"defender": pick(others)} if pick([True, False]) else None
        return {**fixed, "to": pick(SPOTS[4:]), "galleys": {origin: army[origin]["galley"]},
                "battle": battle}
    if kind == "recruit":
        return {**fixed, "province": pick(SPOTS[:4]), "units": {"infantry": 2}}
    if kind == "buy-influence":
        return {**fixed, "province": pick(SPOTS[:4]), "purchases": ["token"]}
    if "open" in action:
        return None
    return fixed


@contextmanager
def watched_events():
    """Every event emitted, with a deep copy taken the moment it was emitted."""
    seen: list[tuple[dict, dict]] = []
    emit = Ctx.emit

    def spy(self, kind, **fields):
        event = emit(self, kind, **fields)
        seen.append((event, copy.deepcopy(event)))
        return event

    with mock.patch.object(Ctx, "emit", spy):
        yield seen


def changed(seen) -> list[dict]:
    return [then for now, then in seen if now != then]


@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2**32))
def test_events_never_change_once_emitted(rnd, seed):
    """Random legal play (battles, votes, withdrawals, Fair Wind...): each event equals the
    copy taken when it was emitted, after its own action and after every later one; a list
    emitted and then changed (the senators paid, once the leader in Italia drew one) fails."""
    with watched_events() as seen:
        session = Session(RULES, {"players": PLAYERS, "first": PLAYERS[0], **VP}, seed=seed)
        session.act({"type": "adjust", "player": rnd.choice(PLAYERS), "influence": {"italia": 1}})
        logged = []
        for _ in range(160):
            state = session.state
            options = [a for a in (rich(t, state, rnd.choice)
                                   for t in session.legal_actions()) if a]
            if not options:
                break
            try:
                outcome = session.act(rnd.choice(options))
            except ActionError:
                continue
            assert changed(seen) == []
            logged.append((outcome.events, copy.deepcopy(outcome.events)))
        assert changed(seen) == []
        assert all(now == then for now, then in logged)
        # the log keeps them as they were (entry 0 is the set-up, 1 the table's adjust)
        assert [e["events"] for e in session.entries[2:]] == [then for _, then in logged]


def test_vote_won_reports_the_senators_paid_when_the_italia_leader_draws_one():
    """The bug this guards: the winner's paid senators were emitted, then one was drawn out of
    the very list by the leader in Italia, so the event showed one senator too few."""
    with watched_events() as seen:
        session = Session(RULES, {"players": PLAYERS, "first": PLAYERS[0]}, seed=None)
        state = session.states[0]
        state.update({"phase": "actions", "auction": None, "order": list(PLAYERS),
                      "alliances": {"A": PLAYERS[0::2], "B": PLAYERS[1::2]},
                      "turn": {"index": 0, "actions_left": 2, "card_picks_left": 1,
                               "played": []}})
        for army in state["army"].values():
            army.pop("unplaced")
        state["books"]["bernardo"]["influence"] = {"italia": 2}
        state["books"]["angela"]["cards"] = ["vote-emergency-tax"]
        state["votes"].remove("vote-emergency-tax")
        session.act({"type": "call-vote", "player": "angela", "card": "vote-emergency-tax"})
        session.act({"type": "vote-bid", "player": "angela", "senators": [3, 2]})
        session.act({"type": "vote-pass", "player": "bernardo"})
        outcome = session.act({"type": "vote-pass", "player": "carlos"}, dice_values=[1])
        won = next(e for e in outcome.events if e["kind"] == "vote-won")
        assert won["senators"] == [3, 2] and won["votes"] == 5
        drawn = next(e for e in outcome.events if e["kind"] == "senator-drawn")
        removed = next(e for e in outcome.events if e["kind"] == "senators-removed")
        assert drawn == {"kind": "senator-drawn", "player": "bernardo", "value": 3}
        assert removed["senators"] == [2]
        assert changed(seen) == []
