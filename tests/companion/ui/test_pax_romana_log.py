"""The Pax Romana companion's log, undo, real dice, forms and saves by taps: an activation
payment undone through the log screen, a procedure's die and a bag's marker entered from the
table's real dice, every procedure's form opened and its buttons fitting at the three sizes,
and the game resumed from Home after the app is killed."""
from __future__ import annotations

import json

from test_pax_romana_screens import at_every_size, button, fill, ok, set_up
from touch import assert_buttons_fit, killed_after, press, reopen_first_saved, tap, walk

from companion.screens.pax_romana_books import FORMS


def entry_button(log, index):
    return next(b for b in log.ids.entries.children if getattr(b, "entry_index", None) == index)


def test_undo_through_the_log_puts_the_books_back(app, pump, window):
    books = set_up(app, pump, treasury=2)
    session = app.session
    press(button(books, "First round: Rome"), pump)
    before = session.position
    press(button(books, "Rome pays the activation"), pump)
    ok(books, pump)
    assert session.state["powers"]["rome"]["treasury"] == 1
    tap(books.ids.log, pump)
    assert app.manager.current == "pax_romana_log"
    log = app.screen("pax_romana_log")
    assert any("Pay the activation · Rome" in getattr(w, "text", "") for w in walk(log))
    tap(entry_button(log, before), pump)
    assert log.popup is not None
    tap(log.popup.yes, pump)
    assert app.manager.current == "pax_romana_books"
    assert session.position == before
    assert session.state["powers"]["rome"]["treasury"] == 2


def test_real_dice_entered_by_taps(app, pump, window):
    app.set_setting("dice_mode", "physical")
    books = set_up(app, pump)
    session = app.session
    assert session.dice_mode == "physical"
    press(button(books, "Attrition"), pump)
    fill(books, pump, {"units": 6})
    tap(books.popup.form["ok"], pump)
    assert books.dice_popup is not None, books.message
    at_every_size(books, window, pump, "pax-real-die")
    tap(books.dice_popup.faces[5], pump)                     # a 6 rolled at the table
    assert books.dice_popup is None
    rolls = session.log()[session.position]["rolls"]
    assert [(r["value"], r["source"]) for r in rolls] == [(6, "entered")], rolls
    for marker in ("rome", "carthage", "greece", "east"):    # the first round
        press(button(books, "First round: "), pump)
    press(button(books, "Greece"), pump)                     # drawn from the real bag
    assert session.state["bag"]["drawn"][-1] == "greece"


def test_every_procedure_form_fits(app, pump, window):
    """Every form's buttons fit a phone; the longest (two fleets) all three sizes."""
    books = set_up(app, pump)
    for kind in FORMS:
        books.form_procedure(kind)
        pump()
        if kind == "naval-battle":
            at_every_size(books.popup, window, pump, f"pax-form-{kind}")
        else:
            assert_buttons_fit(books.popup, window, f"pax-form-{kind}")
        tap(books.popup.form["cancel"], pump)
        assert books.popup is None


CHILD = r'''
import sys
from pathlib import Path
from kivy.clock import Clock
from companion.app import CompanionApp

app = CompanionApp(data_dir=Path(sys.argv[1]))


def begin(_dt):
    home = app.screen("home")
    home.refresh()
    home.new_game("pax-romana")
    setup = app.screen("pax_romana_setup")
    setup.start()
    books = app.screen("pax_romana_books")
    books.play({"type": "draw-marker"})
    books.play({"type": "pay-activation", "power": "rome"})
    print("PLAYED " + str(app.session.position), flush=True)


app.bind(on_start=lambda *_: Clock.schedule_once(begin, 0.5))
app.run()
'''


def test_a_game_survives_a_kill(app, pump, window, tmp_path):
    data = tmp_path / "data"
    said = killed_after(CHILD, [data], "PLAYED")
    assert said, "the child app did not play"
    reopen_first_saved(app, data, pump)
    assert app.manager.current == "pax_romana_books"
    assert app.session.position == int(json.loads(said))
    assert app.session.state["bag"]["drawn"] == ["rome"]
    tap(app.screen("pax_romana_books").ids.home, pump)
    saved = [b.text for b in app.screen("home").ids.saved_games.children]
    assert any("Turn 1 · Activation" in text for text in saved), saved


def test_the_screens_in_spanish(app, pump, window):
    app.set_setting("lang", "es")
    pump()
    books = set_up(app, pump)
    assert app.screen("pax_romana_setup").ids.start.text == "Empezar"
    assert books.turn_text.startswith("Turno 1 de 10"), books.turn_text
    assert button(books, "Primera ronda: marcador de")
    press(button(books, "Batalla terrestre"), pump)
    battle = app.screen("pax_romana_battle")
    assert battle.fight_button.text == "Combatir"
    at_every_size(battle, window, pump, "pax-spanish-battle")
    tap(battle.ids.back, pump)
    at_every_size(books, window, pump, "pax-spanish-books")


def test_a_battle_with_real_dice_and_left_half_way(app, pump, window):
    """With real dice the battle asks for each die (elephants, then both sides' rolls); left
    for the books half way, the books send the players back to it."""
    from test_pax_romana_screens import enter_side, fight_through

    app.set_setting("dice_mode", "physical")
    books = set_up(app, pump)
    session = app.session
    press(button(books, "Land battle"), pump)
    battle = app.screen("pax_romana_battle")
    enter_side(battle, "attacker", "greece", {"heavy_infantry": 4}, pump,
               leader={"tactical": 2, "campaign": 4})
    enter_side(battle, "defender", "east", {"light_infantry": 3, "elephant": 1}, pump,
               elephants=1)
    press(battle.fight_button, pump)
    for face in (3, 5, 2):                     # the elephant, the attacker's, the defender's
        assert battle.dice_popup is not None, battle.message
        tap(battle.dice_popup.faces[face - 1], pump)
    fought = session.state["battle"]
    assert fought is not None, battle.message
    assert (fought["attacker"]["roll"], fought["defender"]["roll"]) == (5, 2)
    assert [r["source"] for r in session.log()[session.position]["rolls"]] == ["entered"] * 3
    tap(battle.ids.back, pump)
    assert [b.text for b in books.action_buttons] == ["Back to the battle", "Correction…"]
    press(button(books, "Back to the battle"), pump)
    assert app.manager.current == "pax_romana_battle"
    fight_through(battle, pump)
    assert session.state["battle"] is None
