"""Properties of any game: exact replay, undo to the start, pieces conserved (Hypothesis)."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forge.engine.core import Session
from forge.engine.tetrarchia import RULES, piece_counts

LATER = ["imperivm", "mare-nostrvm", "diarchia", "patres-patriae", "el-grande"]
EARLIER = ["imperivm-earlier", "mare-nostrvm", "diarchia", "patres-patriae", "el-grande"]
levels = st.tuples(st.sampled_from("543"), st.sampled_from("321"), st.sampled_from("012"),
                   st.sampled_from("012")).map("".join)


@st.composite
def game_options(draw):
    edition = draw(st.sampled_from(["later", "earlier"]))
    pool = LATER if edition == "later" else EARLIER
    players = draw(st.integers(1, 4))
    variants = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3))
    if edition == "earlier" and players == 3 and "el-grande" in variants:
        variants.remove("el-grande")        # the earlier edition: EL GRANDE not with 3 players
    return {"level": draw(levels), "edition": edition, "players": players,
            "variants": [v for v in pool if v in variants]}


def totals(state):
    discs = int(state["level"][0])
    return {"agitation": 21, "revolt": 21, "army": 3,
            **{e: discs for e in state["emperors"]}}


def play(seed, options, actions):
    session = Session(RULES, options, seed=seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        if session.state["phase"] == "over":
            break
        legal = session.legal_actions()
        busy = [a for a in legal if a["type"] != "end_turn"]
        session.act(chooser.choice(busy if busy and chooser.random() < 0.8 else legal))
        assert piece_counts(session.states[session.position]) == totals(session.state)
    return session


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), options=game_options(), actions=st.integers(1, 150))
def test_any_game_replays_undoes_and_conserves_pieces(seed, options, actions):
    session = play(seed, options, actions)
    replayed = Session.from_json(RULES, session.to_json())
    assert replayed.state == session.state
    assert [e["events"] for e in replayed.entries] == [e["events"] for e in session.entries]
    initial = Session(RULES, options, seed=seed).state
    session.undo(session.position)
    assert session.state == initial
