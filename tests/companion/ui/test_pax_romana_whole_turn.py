"""Issue 18: a whole game turn of Pax Romana for 4 powers played by real taps in the
companion, at a phone's size: the set-up (4 powers and their players, 10 Talents each), turn 1
passed to its end, then every phase of turn 2 in order: each power's income and upkeep, the
Elimination Phase, each power's leaders in play, an objective bought and a legion recruited,
the activation bag (the first round fixed, then drawn by the app or entered as the table drew
it) with every activation paid and a land battle fought through every step in Rome's, an event
drawn, attrition, the victory phase's GOP and CvP, and the order of play to turn 3. Nothing goes
through the app's session: the state is only read, to check the books."""
from __future__ import annotations

import time

from test_pax_romana_screens import (
    at_every_size,
    button,
    enter_side,
    fight_through,
    fill,
    ok,
    set_up,
)
from touch import press, tap

from companion.screens.pax_romana_names import home_provinces

ORDER = ["rome", "carthage", "greece", "east"]
NAMES = {"rome": "Rome", "carthage": "Carthage", "greece": "Greece", "east": "The East"}


def exact(screen, text: str):
    found = [b for b in screen.action_buttons if b.text == text]
    assert found, (text, [b.text for b in screen.action_buttons])
    return found[0]


def next_phase(books, pump, phase: str) -> None:
    press(button(books, "Next: "), pump)
    assert books.session.state["phase"] == phase, (phase, books.message)


def pay(books, power: str, pump) -> None:
    press(button(books, f"{NAMES[power]} pays the activation"), pump)
    ok(books, pump)


def battle_in_rome_activation(app, books, pump) -> None:
    press(exact(books, "Land battle"), pump)
    battle = app.screen("pax_romana_battle")
    enter_side(battle, "attacker", "rome", {"legion": 4, "cavalry": 1}, pump)
    rome_leader = battle.entry.parts["attacker.leaders_in_play"][0]      # from the books
    assert rome_leader.text == "Rome: leader 2-4"
    press(rome_leader, pump)
    enter_side(battle, "defender", "carthage", {"heavy_infantry": 3, "cavalry": 1}, pump)
    for _ in range(4):                                  # the attacker has 4 MP left
        press(battle.entry.parts["mp"].plus, pump)
    press(battle.fight_button, pump)
    assert battle.session.state["battle"] is not None, battle.message
    assert battle.session.state["battle"]["attacker"]["leader"] == {"tactical": 2,
                                                                     "campaign": 4}
    fight_through(battle, pump)
    last = battle.session.state["last"]
    assert last["stage"] == "over" and last["mp_left"] is not None
    texts = [getattr(w, "text", "") for w in battle.ids.page.children]
    assert f"The attacker has {last['mp_left']} MP left." in texts, texts
    tap(battle.ids.back, pump)
    assert app.manager.current == "pax_romana_books"


def test_a_whole_turn_for_four_powers_by_taps(app, pump, window):
    began = time.monotonic()
    full = pump
    pump = lambda frames=1: full(frames)
    app.screen("pax_romana_setup").seed = 18
    books = set_up(app, pump, treasury=10)
    session = app.session
    assert session.state["order"] == ORDER
    for phase in ("attrition", "victory", "order_of_play", "income"):
        next_phase(books, pump, phase)
    state = session.state
    assert state["turn"] == 2
    for power in ORDER:                                     # A: income
        press(button(books, f"Income of {NAMES[power]}"), pump)
        provinces = [p for p, _name in home_provinces(power)]
        fill(books, pump, {"provinces": provinces, "towns.full": 1})
        ok(books, pump)
    income = {p: session.state["powers"][p]["treasury"] for p in ORDER}
    assert all(income[p] > 10 for p in ORDER), income
    next_phase(books, pump, "upkeep")
    for power in ORDER:                                     # B: upkeep
        press(button(books, f"Upkeep of {NAMES[power]}"), pump)
        ok(books, pump)
    next_phase(books, pump, "elimination")                 # C
    next_phase(books, pump, "leader_selection")            # D
    for power in ORDER:
        press(button(books, f"Leaders of {NAMES[power]}"), pump)
        fill(books, pump, {"count": 1, "l0.tactical": 2, "l0.campaign": 4})
        ok(books, pump)
    assert session.state["powers"]["east"]["leaders"] == [
        {"tactical": 2, "campaign": 4, "elite": False}]
    next_phase(books, pump, "manpower")                    # E
    press(button(books, "Objective for Rome"), pump)
    fill(books, pump, {"objective": "E"})
    ok(books, pump)
    assert session.state["powers"]["rome"]["objectives"] == ["E"]
    press(button(books, "Recruit for Rome"), pump)
    fill(books, pump, {"province": "italia", "units": {"legion": 1}})
    ok(books, pump)
    next_phase(books, pump, "activation")                  # F
    fought = False
    for round_ in range(16):
        bag = session.state["bag"]
        if round_ < 4:
            press(button(books, "First round: "), pump)
        elif round_ % 3 == 0:                               # the marker the table drew
            last = bag["drawn"][-1]
            entered = next(m for m in sorted(set(bag["markers"])) if m != last)
            press(exact(books, NAMES[entered]), pump)
            assert session.state["bag"]["drawn"][-1] == entered
        else:
            press(button(books, "The app draws a marker"), pump)
        drawn = session.state["bag"]["drawn"][-1]
        assert len(session.state["bag"]["drawn"]) == round_ + 1, books.message
        pay(books, drawn, pump)
        if round_ in (5, 6):                                 # an event card, app or table
            deck = len(session.state["deck"]["cards"])
            if round_ == 5:
                press(button(books, "The app draws a card for"), pump)
            else:
                press(button(books, "The card drawn at the table"), pump)
                fill(books, pump, {"card": "alliance"})
                ok(books, pump)
                assert "alliance" in session.state["powers"][drawn]["cards"]
            assert len(session.state["deck"]["cards"]) == deck - 1, books.message
            assert books.result_lines[0] == NAMES[drawn], books.result_lines
        if drawn == "rome" and not fought:
            battle_in_rome_activation(app, books, pump)
            fought = True
    assert fought and session.state["bag"]["markers"] == []
    holder = next(p for p in ORDER if "alliance" in session.state["powers"][p]["cards"])
    assert holder
    before = len(session.log())
    press(button(books, "Draw an event"), pump)             # the Standard Event Table
    assert len(session.log()) == before + 1 and books.message, books.message
    event = session.state["last"]
    assert books.result_lines[0] == f"Dice {event['dice'][0]} + {event['dice'][1]} = " \
        f"{event['total']}", books.result_lines
    at_every_size(books, window, full, "pax-whole-event")
    next_phase(books, pump, "attrition")                   # G
    press(button(books, "Attrition"), pump)
    fill(books, pump, {"units": 4})
    ok(books, pump)
    next_phase(books, pump, "victory")                     # H
    press(button(books, "GOP and CvP"), pump)
    fill(books, pump, {"gop.rome": 3, "cvp.rome": 1, "gop.carthage": 2, "gop.greece": 1})
    ok(books, pump)
    assert session.state["powers"]["rome"]["vp"] > 0, books.message
    next_phase(books, pump, "order_of_play")               # I
    next_phase(books, pump, "income")
    assert session.state["turn"] == 3
    log = session.log()
    kinds = [entry["action"]["type"] for entry in log if entry["action"]]
    for kind in ("income", "upkeep", "set-leaders", "buy-objective", "recruit", "draw-marker",
                 "pay-activation", "battle", "allocate", "losses", "event", "attrition",
                 "victory"):
        assert kind in kinds, kind
    print(f"whole turn: {time.monotonic() - began:.1f} s, {len(log)} entries")
