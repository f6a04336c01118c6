"""CONQUEST OF THE EMPIRE II in Spanish: the books and their forms, a battle with real dice (the
faces asked for), the end of a season step by step and the end of the game, walked by taps (Xvfb).
Each screen and form fails the test if it shows a message with no Spanish translation: looked up
without one (the app's translator and the engine's), or shown as the English of the catalogs.
The set-up, the first season's guide and the auction are walked in test_conquest_start.py.
"""
from __future__ import annotations

from test_conquest_auction import button, press
from test_conquest_battle import at_war, pick
from test_conquest_season import BOARD_VP, conquest_game, open_screen, to_season_end
from test_conquest_start import SHOTS, Untranslated, english_texts, shown_texts
from touch import assert_buttons_fit, screenshot, tap


class Spanish:
    """The checks of one walk: shots, buttons that fit, and no English."""

    def __init__(self, app, window, pump, shots, monkeypatch, name):
        self.untranslated = Untranslated(app, monkeypatch)
        app.set_setting("lang", "es")
        self.app, self.window, self.pump, self.shots = app, window, pump, shots
        self.english = english_texts()
        self.count, self.name = 0, name

    def look(self, what: str, root=None) -> None:
        self.pump(3)
        self.count += 1
        label = f"es-{self.name}-{self.count:02d}-{what}"
        screenshot(self.window, self.shots, label, self.pump)
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            screenshot(self.window, SHOTS, label, self.pump)
        root = root or self.app.manager.current_screen
        assert_buttons_fit(root, self.window, label)
        english = [t for t in shown_texts(root) if t in self.english]
        assert not english, f"{label}: English on screen: {english}"
        assert not self.untranslated.missing, \
            f"{label}: no Spanish for {sorted(self.untranslated.missing)}"

    def _(self, text: str) -> str:
        return self.app.tr._(text)


def test_books_and_their_forms_in_spanish(app, pump, window, shots, monkeypatch):
    es = Spanish(app, window, pump, shots, monkeypatch, "books")
    session = at_war(app, {"juan": {"galatia": {"infantry": 2, "general": 1}}})
    session.act({"type": "offer-cards", "cards": ["merchant-egypt", "assassin"]})
    app.open_game(session)
    pump(4)
    books = app.screen("conquest_books")
    if app.manager.current != "conquest_books":         # the guide: starting influence due
        assert app.manager.current == "conquest_start"
        es.look("guide")
        tap(app.screen("conquest_start").ids.back, pump)
    es.look("books")
    for kind in ("recruit", "buy-influence", "special-tax", "move", "relocate", "adjust",
                 "place-tokens", "offer-cards"):
        books.choose({"type": kind, "player": books.current()})
        es.look(f"form-{kind}", books.popup)
        tap(books.form["ok"], pump)                      # empty: "fill in the form first"
        es.look(f"form-{kind}-empty", books.popup)
        books.close_popup()
    books.choose({"type": "special-tax", "player": books.current()})
    pump(5)
    tap(books.form["fields"][0].buttons[25], pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    assert session.state["books"]["juan"]["talents"] == 105
    es.look("books-after-tax")
    books.show_log()
    es.look("log")


def test_a_battle_with_real_dice_in_spanish(app, pump, window, shots, monkeypatch):
    es = Spanish(app, window, pump, shots, monkeypatch, "battle")
    session = at_war(app, {"juan": {"galatia": {"infantry": 2, "cavalry": 1}},
                           "carlos": {"galatia": {"infantry": 5}}})
    screen = open_screen(app, "conquest_battle", session, pump)
    es.look("battle-declare")
    pick(screen, "where", "Galacia", pump)
    pick(screen, "defender", "carlos", pump)
    es.look("battle-declared")
    press(button(screen, es._("Declare the battle")), pump)
    session.dice_mode = "physical"
    screen.refresh()
    es.look("battle-real-dice")
    screen.play({"type": "roll"})                    # no faces: the engine asks for the dice
    assert screen.message == es._("Real dice: enter the faces rolled at the table.")
    es.look("battle-dice-asked")
    from companion.screens.conquest_names import symbol_name

    infantry, blank = symbol_name("infantry", app.tr), symbol_name("blank", app.tr)
    assert (infantry, blank) == ("Infantería", "En blanco"), (infantry, blank)
    for _ in range(3):
        pick(screen, "face-attacker", infantry, pump)
        pick(screen, "face-defender", blank, pump)
    es.look("battle-faces")
    press(button(screen, es._("Send the faces rolled at the table")), pump)
    es.look("battle-rolled")
    assert session.state["battle"]["step"] == "retreat"
    press(button(screen, es._("Stay and fight on")), pump)
    es.look("battle-stay")


def test_season_end_and_game_end_in_spanish(app, pump, window, shots, monkeypatch, tmp_path):
    es = Spanish(app, window, pump, shots, monkeypatch, "season")
    session = conquest_game(app, tmp_path, {"seasons": 4, "vp": BOARD_VP})
    for _ in range(3):
        to_season_end(session)
        session.act({"type": "end-season"})
    to_season_end(session)
    season = open_screen(app, "conquest_season", session, pump)
    es.look("season-ready")
    tap(season.end_button, pump)
    for step in range(5):
        es.look(f"season-step-{step + 1}")
        tap(season.next_button, pump)
    assert app.manager.current == "conquest_end"
    es.look("end")


def test_the_first_player_drawn_with_real_dice_in_spanish(app, pump, window, shots,
                                                           monkeypatch):
    """Real dice and 'Drawn': the set-up asks who was drawn at the table, by name and in
    Spanish, instead of the engine's 'd3 die for first player'."""
    es = Spanish(app, window, pump, shots, monkeypatch, "setup")
    app.set_setting("dice_mode", "physical")
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Conquest" in b.text), pump)
    setup = app.screen("conquest_setup")
    press(setup.ids.count3, pump)
    for field, name in zip(setup.name_inputs, ["Livia", "Marcus", "Tullia"]):
        field.text = name
    pump()
    tap(setup.ids.start, pump)
    popup = setup.dice_popup
    assert popup is not None, setup.ids.message.text
    assert [b.text for b in popup.faces] == ["Livia", "Marcus", "Tullia"]
    assert popup.question.text.startswith("Sortea en la mesa al primer jugador")
    es.look("setup-first-player", popup)
    tap(popup.faces[1], pump)
    assert app.manager.current == "conquest_start"
    assert app.session.state["auction"]["opener"] == "Marcus"
    es.look("guide-after-draw")
