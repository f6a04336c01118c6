"""Issue 17: a whole game of Antike with 3 civilizations played to a victory by real taps in
the companion, at a phone's size: the set-up screen (3 players, 10 personalities to win, the
options), the start cities chosen or typed once, then every turn of every civilization through
the wheel, the forms and the end of the turn, to the end screen.

The Greeks (Ana) play to win: production, three temples (a Citizen), seven progresses first
(seven Scholars), arming, two Maneuvers that conquer two cities each of the Romans and the
Germans (never their last), three cities founded in provinces typed once (Kings at 5 and 10
cities). The Romans and the Germans move one space on each turn (free) and end it. Nothing goes
through the app's session: the state is only read, to check the books."""
from __future__ import annotations

import time

from test_antike_screens import (
    START,
    arm,
    at_every_size,
    button,
    conquer,
    end_turn,
    found,
    move,
    next_space,
    progress,
    rondel_at,
    set_up,
    shot_folder,
    start_cities,
    temples,
)
from touch import press

# The Greeks' turns: (rondel position, what follows): the rondel's default order is Gold,
# Marble, Iron, Maneuver, Knowledge, Temple, Arming, Maneuver.
GREEKS = [
    (0, []), (2, []), (5, [("temples", ["Corinth"])]), (0, []),
    (4, [("progress", ["market"])]), (0, []), (1, []), (4, [("progress", ["wheel"])]),
    (0, []), (1, []), (4, [("progress", ["boats"])]), (5, [("temples", ["Athens"])]),
    (6, [("arm", {"Athens": {"legion": 2}})]),
    (7, [("move", "Athens", "Roma"), ("conquer", "Roma"), ("move", "Athens", "Ostia"),
         ("conquer", "Ostia"), ("end-maneuver",)]),
    (0, []), (1, []), (4, [("progress", ["monarchy"])]), (5, [("temples", ["Sparta"])]),
    (6, [("arm", {"Athens": {"legion": 3}})]),
    (7, [("move", "Athens", "Rhenus"), ("conquer", "Rhenus"), ("move", "Athens", "Alba"),
         ("conquer", "Alba"), ("end-maneuver",)]),
    (1, []),
    (3, [("move", "Athens", "Thracia"), ("end-maneuver",), ("found", "Thracia", "gold")]),
    (7, [("move", "Thracia", "Dacia"), ("end-maneuver",), ("found", "Dacia", "gold")]),
    (0, []),
    (3, [("move", "Dacia", "Illyria"), ("end-maneuver",), ("found", "Illyria", "gold")]),
    (0, []), (4, [("progress", ["coinage"])]), (0, []), (4, [("progress", ["roads"])]),
    (0, []), (4, [("progress", ["navigation"])]),
]


def one_frame(pump):
    """A tap's reaction drawn in one frame (the screens lay out in one): ~400 taps stay
    quick."""
    return lambda frames=1: pump(frames)


def greeks_turn(books, position: int, steps: list, pump) -> None:
    rondel_at(books, position, pump)
    for step in steps:
        kind = step[0]
        if kind == "temples":
            temples(books, step[1], pump)
        elif kind == "progress":
            progress(books, step[1], pump)
        elif kind == "arm":
            arm(books, step[1], pump)
        elif kind == "move":
            move(books, step[1], step[2], {"legion": 1}, pump, border="land")
        elif kind == "conquer":
            conquer(books, step[1], pump)
        elif kind == "end-maneuver":
            press(button(books, "End the maneuver"), pump)
        elif kind == "found":
            found(books, step[1], step[2], pump)
    end_turn(books, pump)


def test_a_whole_three_civilization_game_to_a_victory_by_taps(app, pump, window, shots):
    began = time.monotonic()
    full = pump
    pump = one_frame(full)
    books = set_up(app, pump, needed=10)
    session = app.session
    for civ, cities in START.items():
        start_cities(books, civ, cities, pump)
    for position, steps in GREEKS:
        assert session.state["turn"]["civ"] == "greeks"
        greeks_turn(books, position, steps, pump)
        if session.state["phase"] == "over":
            break
        for _ in ("romans", "germans"):
            rondel_at(books, next_space(books), pump)
            end_turn(books, pump)
    state = session.state
    assert state["phase"] == "over" and state["winner"] == "greeks", state["civs"]["greeks"]
    book = state["civs"]["greeks"]
    assert sorted(book["cities"]) == sorted(
        ["Athens", "Sparta", "Corinth", "Roma", "Ostia", "Rhenus", "Alba", "Thracia", "Dacia",
         "Illyria"])
    assert {k: len(v) for k, v in book["personalities"].items()} == {
        "king": 2, "scholar": 7, "general": 0, "citizen": 1, "navigator": 0}
    assert state["civs"]["romans"]["cities"] == {"Capua": {"resource": "gold", "temple": False}}
    assert app.manager.current == "antike_end"
    end = app.screen("antike_end")
    assert "Greeks (Ana) wins with 10 personalities" in end.winner_text
    at_every_size(app, window, full, shot_folder(shots), "antike-end")
    print(f"whole game: {time.monotonic() - began:.1f} s, {len(session.log())} entries")
