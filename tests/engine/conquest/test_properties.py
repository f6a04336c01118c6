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
