"""CONQUEST OF THE EMPIRE II: the senate vote through real taps on a real window (Xvfb). The game
is brought to a player's turn holding a Senate Vote card through the engine."""
from __future__ import annotations

from test_conquest_season import (TO_ITALIA, conquest_game, fits, labels, open_screen,
                                  record_show, to_rounds)
from touch import press, screenshot, tap


def holding_a_vote(app, tmp_path, card="vote-hail-caesar", dice_mode="app", influence=None,
                   moves=TO_ITALIA):
    """A game in Ana's first turn, Ana holding the Senate Vote `card` (one action left)."""
    options = {"influence": influence} if influence else None
    session = conquest_game(app, tmp_path, options, dice_mode=dice_mode, moves=moves)
    to_rounds(session)
    session.act({"type": "take-card", "player": "Ana", "card": card})
    return session


def toggle(screen, value, pump):
    button = next(t for t in screen.toggles if t.value == value and t.state == "normal")
    press(button, pump)


def test_a_vote_called_bid_won_and_drawn_by_the_leader_in_italia(app, pump, window, shots,
                                                                 tmp_path, monkeypatch):
    shown = record_show(app, monkeypatch)
    session = holding_a_vote(app, tmp_path)
    senate = open_screen(app, "conquest_senate", session, pump)
    assert [b.text for b in senate.call_buttons] == ["Call the vote: Hail Caesar!"]
    screenshot(window, shots, "senate-call", pump)
    fits(senate, window, "senate call", pump)
    press(senate.call_buttons[0], pump)
    assert session.state["senate"]["caller"] == "Ana"
    assert senate.title_text == "Senate vote: Hail Caesar!"
    # Ana: senator 2
    assert [t.value for t in senate.toggles] == [1, 2, 3]
    assert senate.bid_button.disabled
    toggle(senate, 2, pump)
    assert "Selected: 2 votes" in senate.sum_label.text
    tap(senate.bid_button, pump)
    assert session.state["senate"]["high"]["senators"] == [2]
    # Bruno: 1 is not enough, the engine says so; 1 + 3 is
    toggle(senate, 1, pump)
    assert "at least 3" in senate.sum_label.text
    tap(senate.bid_button, pump)
    assert "more than 2 votes" in senate.message
    assert session.state["senate"]["high"]["player"] == "Ana"
    toggle(senate, 3, pump)
    assert "Selected: 4 votes" in senate.sum_label.text
    screenshot(window, shots, "senate-bid", pump)
    fits(senate, window, "senate bid", pump, shots)
    tap(senate.bid_button, pump)
    assert session.state["senate"]["high"] == {"player": "Bruno", "senators": [1, 3],
                                               "legions_to": "italia"}
    assert senate.pass_button.text == "Carla passes"
    tap(senate.pass_button, pump)
    assert senate.pass_button.text == "Ana passes"
    tap(senate.pass_button, pump)
    # Bruno won and paid 1 and 3; Ana (2 tokens in Italia against 1) drew one of them
    state = session.state
    assert state["senate"] is None
    assert state["books"]["Bruno"]["senators"] == [2] and state["books"]["Bruno"]["vp"] == 15
    assert len(state["books"]["Ana"]["senators"]) == 4
    texts = " ".join(labels(senate))
    assert "Bruno wins the vote Hail Caesar!" in texts
    assert "Ana, first in Italia, draws a senator worth" in texts
    assert "Bruno gains 15 VP (Hail Caesar!)" in texts
    screenshot(window, shots, "senate-result", pump)
    fits(senate, window, "senate result", pump)
    tap(senate.ids.back, pump)
    assert shown[-1] == "conquest_books"


def test_real_dice_the_drawn_card_is_tapped_and_a_tie_in_italia_draws_nothing(
        app, pump, window, shots, tmp_path, monkeypatch):
    record_show(app, monkeypatch)
    app.set_setting("dice_mode", "physical")
    session = holding_a_vote(app, tmp_path, card="vote-new-legions", dice_mode="physical")
    senate = open_screen(app, "conquest_senate", session, pump)
    press(senate.call_buttons[0], pump)
    # New Legions: where the 6 legions go is chosen with the bid
    assert [t.text for t in senate.legion_toggles] == ["Italia", "Neapolis"]
    press(senate.legion_toggles[1], pump)
    toggle(senate, 3, pump)
    toggle(senate, 2, pump)
    tap(senate.bid_button, pump)
    assert session.state["senate"]["high"]["legions_to"] == "neapolis"
    tap(senate.pass_button, pump)           # Bruno
    tap(senate.pass_button, pump)           # Carla: Ana wins, the draw is asked
    assert sorted(b.text for b in senate.draw_buttons) == ["Senator 2", "Senator 3"]
    screenshot(window, shots, "senate-draw", pump)
    fits(senate, window, "senate draw", pump)
    drawn = next(b for b in senate.draw_buttons if b.text == "Senator 2")
    press(drawn, pump)                      # drawn by Ana herself (2 tokens in Italia)
    state = session.state
    assert state["senate"] is None
    assert sorted(state["books"]["Ana"]["senators"]) == [1, 2]
    assert state["army"]["Ana"]["neapolis"] == {"infantry": 6}
    texts = " ".join(labels(senate))
    assert "draws a senator worth 2" in texts

    # a second game with Italia tied: nobody draws, no die is asked
    drawn = {"Ana": {"asia": 4}, "Bruno": {"asia": 4}, "Carla": {"egypt": 4}}
    tied = {"Ana": {"italia": 1}, "Bruno": {"italia": 1}}
    session = holding_a_vote(app, tmp_path / "tie", card="vote-emergency-tax",
                             dice_mode="physical", influence=drawn, moves=tied)
    senate = open_screen(app, "conquest_senate", session, pump)
    press(senate.call_buttons[0], pump)
    toggle(senate, 1, pump)
    tap(senate.bid_button, pump)
    tap(senate.pass_button, pump)
    tap(senate.pass_button, pump)
    assert session.state["senate"] is None and not senate.draw_buttons
    texts = " ".join(labels(senate))
    assert "Nobody leads in Italia: no senator is drawn" in texts
    assert "Ana gains 40 talents" in texts
    screenshot(window, shots, "senate-tie", pump)


def test_nobody_votes_and_no_card_to_call(app, pump, window, shots, tmp_path, monkeypatch):
    record_show(app, monkeypatch)
    session = conquest_game(app, tmp_path)
    to_rounds(session)
    senate = open_screen(app, "conquest_senate", session, pump)
    assert not senate.call_buttons
    assert "No senate vote can be called now" in " ".join(labels(senate))
    screenshot(window, shots, "senate-none", pump)
    # Ana takes a vote card in round 1 and another in round 2
    session.act({"type": "take-card", "player": "Ana", "card": "vote-emergency-tax"})
    while session.state["round"] == 1:
        session.act(next(a for a in session.legal_actions() if a["type"] == "pass"))
    session.act({"type": "take-card", "player": "Ana", "card": "vote-hail-caesar"})
    senate.open(session)
    pump()
    assert len(senate.call_buttons) == 2
    press(senate.call_buttons[0], pump)
    assert session.state["senate"]["card"] == "vote-emergency-tax"
    for _ in range(3):
        tap(senate.pass_button, pump)
    assert session.state["senate"] is None
    assert "Nobody votes" in " ".join(labels(senate))
    assert session.state["books"]["Ana"]["used"] == ["vote-emergency-tax"]
    # under the result: the other card, still unused this season
    assert "Another vote" in labels(senate)
    assert [b.action["card"] for b in senate.call_buttons] == ["vote-hail-caesar"]
    screenshot(window, shots, "senate-empty-and-another", pump)
    fits(senate, window, "senate another", pump)
    press(senate.call_buttons[0], pump)
    assert session.state["senate"]["card"] == "vote-hail-caesar"
