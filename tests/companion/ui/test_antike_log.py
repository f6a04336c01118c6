"""The Antike companion's log, undo, saves and languages by taps: an action undone through the
log screen (what to put back on the table said first), the game resumed from Home after the
app is killed, and the screens in Spanish (every word from the catalogs)."""
from __future__ import annotations

import json

from test_antike_screens import (
    START,
    at_every_size,
    button,
    rondel_at,
    set_up,
    shot_folder,
    start_cities,
)
from touch import killed_after, press, reopen_first_saved, tap, walk


def entry_button(log, index):
    return next(b for b in log.ids.entries.children if getattr(b, "entry_index", None) == index)


def test_undo_through_the_log_puts_the_books_back(app, pump, window, shots):
    books = set_up(app, pump)
    session = app.session
    for civ, cities in START.items():
        start_cities(books, civ, cities, pump)
    before = session.position
    rondel_at(books, 0, pump)                       # Gold: +1 gold
    assert session.state["civs"]["greeks"]["resources"]["gold"] == 4
    tap(books.ids.log, pump)
    assert app.manager.current == "antike_log"
    log = app.screen("antike_log")
    assert any("Greeks: rondel to Gold" in getattr(w, "text", "") for w in walk(log))
    tap(entry_button(log, before), pump)
    assert log.popup is not None
    tap(log.popup.yes, pump)
    assert app.manager.current == "antike_books"
    assert session.position == before
    assert session.state["civs"]["greeks"]["resources"]["gold"] == 3
    assert session.state["turn"]["space"] is None
    assert books.wheel.spaces[0].disabled is False


CHILD = r'''
import sys
from pathlib import Path
from kivy.clock import Clock
from companion.app import CompanionApp

app = CompanionApp(data_dir=Path(sys.argv[1]))

START = {"greeks": {"Athens": "marble", "Sparta": "iron", "Corinth": "gold"},
         "romans": {"Roma": "marble", "Ostia": "iron", "Capua": "gold"},
         "germans": {"Rhenus": "marble", "Alba": "iron", "Suebia": "gold"}}


def begin(_dt):
    home = app.screen("home")
    home.refresh()
    home.new_game("antike")
    setup = app.screen("antike_setup")
    setup.start()
    books = app.screen("antike_books")
    for civ, cities in START.items():
        books.play({"type": "start-cities", "civ": civ, "cities": cities})
    books.play({"type": "rondel", "civ": "greeks", "space": 0})
    print("PLAYED " + str(app.session.position), flush=True)


app.bind(on_start=lambda *_: Clock.schedule_once(begin, 0.5))
app.run()
'''


def test_a_game_survives_a_kill(app, pump, window, tmp_path):
    """A child app sets a game up, enters the start cities and moves on the rondel, and is
    killed with SIGKILL; reopened from Home, the books show that very turn."""
    data = tmp_path / "data"
    said = killed_after(CHILD, [data], "PLAYED")
    assert said, "the child app did not play"
    reopen_first_saved(app, data, pump)
    assert app.manager.current == "antike_books"
    state = app.session.state
    assert app.session.position == int(json.loads(said))
    assert state["turn"]["space"] == 0 and state["civs"]["greeks"]["resources"]["gold"] == 4
    assert app.screen("antike_books").turn_text.startswith("Turn 1: Greeks (Player 1)")
    tap(app.screen("antike_books").ids.home, pump)
    saved = [b.text for b in app.screen("home").ids.saved_games.children]
    assert any(text.endswith("Turn 1 · Greeks (Player 1)") for text in saved), saved


def test_the_screens_in_spanish(app, pump, window, shots):
    app.set_setting("lang", "es")
    pump()
    books = set_up(app, pump)
    assert app.screen("antike_setup").ids.start.text == "Empezar"
    assert button(books, "Ciudades iniciales de Griegos")
    spanish = {"greeks": "Griegos", "romans": "Romanos", "germans": "Germanos"}
    for civ, cities in START.items():
        start_cities(books, civ, cities, pump, "Ciudades iniciales de " + spanish[civ])
    assert app.session.state["phase"] == "play"
    assert books.turn_text == "Turno 1: Griegos (Ana) · moneda tomada"
    assert "gratis" in books.wheel.spaces[0].text and "Oro" in books.wheel.spaces[0].text
    press(books.wheel.spaces[4], pump)
    texts = [w.text for w in walk(books.popup) if isinstance(getattr(w, "text", None), str)]
    assert "Mover" in texts and any(t.startswith("Precios ahora") for t in texts), texts
    tap(books.popup.form["ok"], pump)
    at_every_size(app, window, pump, shot_folder(shots), "antike-spanish")
    end_turn_text = [b.text for b in books.action_buttons]
    assert "Terminar el turno" in end_turn_text, end_turn_text
