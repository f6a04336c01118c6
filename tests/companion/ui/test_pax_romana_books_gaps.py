"""Issue 18, the books and the battle by taps: temporary units entered on the books with the
turn they leave (and a refusal in words), a fourth card in hand as a step of its own that offers
only its cards to play or discard, the battle's leaders picked from the power's books (their
name and Elite mark carried into the battle) and the optional re-roll offered as a step of the
battle, at a phone's size."""
from __future__ import annotations

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


def seed_rolling_lower(options: dict) -> int:
    """A seed whose first battle rolls lower for the attacker: the re-roll is offered."""
    from forge.engine.core import Session
    from forge.engine.pax_romana import RULES

    for seed in range(1, 200):
        session = Session(RULES, {**options, "optional": {"reroll": True}}, seed=seed)
        session.act({"type": "battle", "attacker": {"power": "rome", "units": LI12},
                     "defender": {"power": "carthage", "units": LI6}})
        if session.states[session.position]["battle"]["stage"] == "reroll":
            return seed
    raise AssertionError("no seed")


LI12, LI6 = {"light_infantry": 12}, {"light_infantry": 6}


def book_text(books) -> str:
    return "\n".join(getattr(w, "text", "") for w in books.ids.page.walk())


def test_temporary_units_entered_on_the_books(app, pump, window):
    books = set_up(app, pump, treasury=3)
    session = app.session
    press(button(books, "Temporary units"), pump)
    note = "\n".join(getattr(w, "text", "") for w in books.popup.walk())
    assert "They leave in the Elimination Phase of turn 2." in note, note
    fill(books, pump, {"power": "rome", "source": "mercenaries",
                       "units": {"mercenary_heavy_infantry": 1}})
    tap(books.popup.form["ok"], pump)
    assert books.popup is not None                               # refused: the form stays
    assert "Rome never gets mercenaries" in books.popup.form["note"].text
    press(books.popup.fieldset.parts["power"].buttons["carthage"], pump)
    press(books.popup.fieldset.parts["pay"].buttons[True], pump)
    at_every_size(books.popup, window, pump, "pax-temporary-form")
    ok(books, pump)
    book = session.state["powers"]["carthage"]
    assert book["temporary"] == [{"unit": "mercenary_heavy_infantry", "count": 1,
                                  "expires": 2}]
    assert (book["treasury"], book["heavy"]) == (1, 1)
    press(books.power_buttons["carthage"], pump)
    text = book_text(books)
    assert "1 Mercenary Heavy Infantry leaves in turn 2" in text, text
    press(button(books, "Temporary units"), pump)
    fill(books, pump, {"power": "carthage", "source": "mercenaries",
                       "units": {"mercenary_cavalry": 1}})
    ok(books, pump)
    assert "1 Mercenary Cavalry becomes Cavalry in turn 2" in book_text(books)
    at_every_size(books, window, pump, "pax-temporary-books")


def test_a_fourth_card_is_played_or_discarded_before_anything_else(app, pump, window):
    books = set_up(app, pump)
    session = app.session
    press(button(books, "First round: Rome"), pump)
    for card in ("alliance", "spies", "traitor", "cunctator"):
        press(button(books, "The card drawn at the table"), pump)
        fill(books, pump, {"card": card})
        ok(books, pump)
    assert session.state["hand_limit"] == {"power": "rome", "most": 3}
    texts = [b.text for b in books.action_buttons]
    assert "Too many cards in hand" in book_text(books)
    assert not any(t.startswith(("Next:", "Land battle", "Correction")) for t in texts), texts
    assert len(texts) == 8 and "Discard Cunctator" in texts, texts
    at_every_size(books, window, pump, "pax-hand-limit")
    press(button(books, "Discard Spies"), pump)
    assert session.state["hand_limit"] is None
    assert sorted(session.state["powers"]["rome"]["cards"]) == ["alliance", "cunctator",
                                                                "traitor"]
    assert any(b.text.startswith("Next:") for b in books.action_buttons)


def test_the_battle_picks_its_leaders_from_the_books_and_offers_the_reroll(app, pump,
                                                                            window):
    setup = app.screen("pax_romana_setup")
    options = setup.options
    setup.options = lambda: {**options(), "optional": {"reroll": True}}
    setup.seed = seed_rolling_lower(options())
    books = set_up(app, pump)
    session = app.session
    assert session.state["optional"]["reroll"] is True
    for power, leaders in (("rome", [{"name": "Scipio", "tactical": 3, "campaign": 5,
                                      "elite": True}]),
                           ("carthage", [{"tactical": 2, "campaign": 4}])):
        assert books.play({"type": "set-leaders", "power": power, "leaders": leaders})
    press(button(books, "Land battle"), pump)
    battle = app.screen("pax_romana_battle")
    parts = battle.entry.parts
    assert [b.text for b in parts["attacker.leaders_in_play"]] == ["Rome: Scipio 3-5 (Elite)"]
    assert [b.text for b in parts["defender.leaders_in_play"]] == ["Carthage: leader 2-4"]
    press(parts["defender.power"].buttons["greece"], pump)
    assert battle.entry.parts["defender.leaders_in_play"] == []       # Greece has none
    enter_side(battle, "attacker", "rome", {"light_infantry": 12}, pump)
    press(battle.entry.parts["attacker.leaders_in_play"][0], pump)
    assert parts["attacker.leader.tactical"].value == 3
    enter_side(battle, "defender", "carthage", {"light_infantry": 6}, pump)
    press(battle.entry.parts["defender.leaders_in_play"][0], pump)
    at_every_size(battle, window, pump, "pax-battle-leaders")
    action = battle.battle_action()
    assert action["attacker"]["leader"] == {"tactical": 3, "campaign": 5, "name": "Scipio",
                                            "elite": True}
    assert action["defender"]["leader"] == {"tactical": 2, "campaign": 4}
    press(battle.fight_button, pump)
    assert session.state["battle"]["stage"] == "reroll", battle.message
    texts = [b.text for b in battle.action_buttons]
    assert texts == ["Try: re-roll our own die", "Try: the other side re-rolls", "No re-roll"]
    page = "\n".join(getattr(w, "text", "") for w in battle.ids.page.walk())
    assert "Rome may try for a re-roll" in page and "2d6 at most 8" in page, page
    assert "Scipio · Leader: Tactics 3, Campaign 5 (Elite)" in page, page
    at_every_size(battle, window, pump, "pax-battle-reroll")
    press(battle.action_buttons[0], pump)
    assert session.state["battle"]["reroll"]["attempts"], battle.message
    page = "\n".join(getattr(w, "text", "") for w in battle.ids.page.walk())
    assert "tries for a re-roll" in page, page
    fight_through(battle, pump)
    assert session.state["last"]["stage"] == "over"
