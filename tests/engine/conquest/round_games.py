"""Conquest games set in a round of actions, for tests of single refusals and events: two
players, angela to act, the state's fields given; and a refusal read in Spanish."""
import pytest

from forge.engine.conquest import RULES
from forge.engine.core import ActionError, Session
from forge.i18n import Translator

PLAYERS = ["angela", "bernardo"]


def game(**state) -> Session:
    """A session in angela's turn of a round of actions; `books` updates the players' books,
    any other field replaces the state's."""
    session = Session(RULES, {"players": PLAYERS, "first": "angela"}, seed=None)
    start = session.states[0]
    start.update({"phase": "actions", "auction": None, "order": list(PLAYERS),
                  "alliances": {"A": ["angela"], "B": ["bernardo"]},
                  "turn": {"index": 0, "actions_left": 2, "card_picks_left": 1, "played": []}})
    for key, value in state.items():
        if key == "books":
            for player, book in value.items():
                start["books"][player].update(book)
        else:
            start[key] = value
    return session


def refusal(session: Session, action: dict) -> str:
    """The engine's refusal of `action`, in Spanish."""
    with pytest.raises(ActionError) as err:
        session.act(action)
    return err.value.translated(Translator("es"))
