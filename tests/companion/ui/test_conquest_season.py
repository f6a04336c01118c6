"""CONQUEST OF THE EMPIRE II: the end of a season and the end of the game, through real taps on a
real window (Xvfb). Games are brought to the season's end through the engine, not through taps."""
from __future__ import annotations

from conquest_setup import place_starting_units
from touch import assert_buttons_fit, screenshot, tap, walk, window_size

PLAYERS = ["Ana", "Bruno", "Carla"]
INFLUENCE = {"Ana": {"hispania": 2, "neapolis": 2},      # the drawn start (never Italia)
             "Bruno": {"egypt": 2, "neapolis": 2},
             "Carla": {"egypt": 2, "neapolis": 2}}
TO_ITALIA = {"Ana": {"italia": 2, "hispania": -1, "neapolis": -1},   # then tokens bought there:
             "Bruno": {"italia": 1, "neapolis": -1}}                 # entered as corrections
BOARD_VP = {"italia": [20, 10, 5], "hispania": [10, 4]}


def conquest_game(app, tmp_path, options=None, seed=5, dice_mode="app", moves=TO_ITALIA):
    """A new game in the app's store, made the app's game being played; `moves`: influence
    each player then shifts by a correction (tokens in Italia, where nobody starts)."""
    from companion.session import TableSession
    from companion.store import Store
    from forge.engine.conquest import RULES

    store = Store(tmp_path / "games", RULES)
    opts = {"players": PLAYERS, "first": "Ana", "influence": INFLUENCE, **(options or {})}
    session = TableSession.start(store, RULES, opts, seed=seed, dice_mode=dice_mode)
    for player, influence in (moves or {}).items():
        session.act({"type": "adjust", "player": player, "influence": influence})
    app.session = session
    return session


def finish_auction(session) -> None:
    """Each auction: its opener bids 0 for the first free tokens, the others pass."""
    while session.state["phase"] == "auction":
        bid = session.legal_actions()[0]
        if session.state["auction"]["high"] is None:
            free = bid["tokens"]
            session.act({"type": "bid", "player": bid["player"], "amount": 0, "a": free[0],
                         "b": free[1] if len(free) > 1 else None})
        else:
            session.act({"type": "auction-pass", "player": bid["player"]})


def to_rounds(session) -> None:
    """The season's auction played out, then (first season) every starting unit still off the
    board placed, as the table does before the first round (ruling R32)."""
    finish_auction(session)
    place_starting_units(session)


def pass_rounds(session) -> None:
    """Every player passes every action until the season's rounds are over."""
    while session.state["phase"] == "actions":
        session.act(next(a for a in session.legal_actions() if a["type"] == "pass"))


def to_season_end(session, before_rounds=()) -> None:
    to_rounds(session)
    for action in before_rounds:
        session.act(action)
    pass_rounds(session)
    assert session.state["phase"] == "season-end"


def open_screen(app, name, session, pump):
    screen = app.screen(name)
    screen.open(session)
    app.show(name)
    pump()
    return screen


def buttons(screen, text):
    from kivy.uix.button import Button
    return [w for w in walk(screen) if isinstance(w, Button) and w.text == text]


def labels(screen):
    from kivy.uix.label import Label
    return [w.text for w in walk(screen) if isinstance(w, Label)]


def record_show(app, monkeypatch):
    """app.show, recording the screens asked for."""
    shown = []
    real = app.show

    def show(name):
        shown.append(name)
        real(name)
    monkeypatch.setattr(app, "show", show)
    return shown


def fits(screen, window, name, pump, shots=None):
    """Every button at least 48 dp and inside the window, in a phone and a big window (with a
    screenshot of the big window when `shots` is given)."""
    assert_buttons_fit(screen, window, name)
    with window_size(window, (1280, 800), pump):
        pump(4)
        assert_buttons_fit(screen, window, name + " (1280x800)")
        if shots is not None:
            screenshot(window, shots, name.replace(" ", "-") + "-1280", pump)
    pump(4)


def test_missing_board_vp_are_asked_remembered_and_scored(app, pump, window, shots, tmp_path,
                                                          monkeypatch):
    shown = record_show(app, monkeypatch)
    session = conquest_game(app, tmp_path)
    to_season_end(session, [{"type": "adjust", "player": "Carla", "chaos": 6},
                            {"type": "adjust", "player": "Bruno", "chaos": 6},
                            {"type": "adjust", "player": "Ana", "chaos": 2},
                            {"type": "adjust", "player": "Carla", "cities": {"egypt": "Carla"}}])
    season = open_screen(app, "conquest_season", session, pump)
    assert season.title_text == "End of season 1 of 4"
    screenshot(window, shots, "season-ready", pump)
    fits(season, window, "season ready", pump)
    tap(season.end_button, pump)
    # Hispania is held and its VP are printed only on the board: the engine names it
    assert "Hispania" in season.message and season.asking == "hispania"
    assert len(season.inputs) == 2 and all(box.text == "" for box in season.inputs)
    screenshot(window, shots, "season-board-values", pump)
    fits(season, window, "season board values", pump)
    tap(season.save_button, pump)
    assert "Enter a number" in season.message
    for box, value in zip(season.inputs, BOARD_VP["hispania"]):
        box.text = str(value)
    tap(season.save_button, pump)
    # then Italia (three places)
    assert season.asking == "italia" and len(season.inputs) == 3
    assert "Italia" in season.message
    for box, value in zip(season.inputs, BOARD_VP["italia"]):
        box.text = str(value)
    tap(season.save_button, pump)
    assert app.settings["conquest_board_values"]["vp"] == BOARD_VP
    assert session.state["settings"]["vp"]["italia"] == [20, 10, 5]
    assert session.state["season"] == 2 and session.state["phase"] == "auction"

    # step 1: taxes, the engine's amounts
    assert season.step_text == "Step 1 of 5: Taxes"
    texts = labels(season)
    assert "+20" in texts                       # Ana: 4 tokens x 5
    assert "+30" in texts                       # Carla: 4 tokens x 5 + 2 in her city x 5
    screenshot(window, shots, "season-taxes", pump)
    fits(season, window, "season taxes", pump)
    tap(season.next_button, pump)
    # step 2: VP per key province, ties sharing a place
    assert season.step_text == "Step 2 of 5: Victory points"
    texts = labels(season)
    assert "Neapolis" in texts and "Italia" in texts and "Egypt" in texts
    screenshot(window, shots, "season-vp", pump)
    fits(season, window, "season vp", pump, shots)
    tap(season.next_button, pump)
    # step 3: chaos, cities, ranking with ties, penalties
    assert season.step_text == "Step 3 of 5: Chaos"
    texts = labels(season)
    assert "6 » 3" in texts and "-10" in texts and "-5" in texts
    screenshot(window, shots, "season-chaos", pump)
    fits(season, window, "season chaos", pump)
    tap(season.next_button, pump)
    assert season.step_text == "Step 4 of 5: Cards"
    screenshot(window, shots, "season-cards", pump)
    tap(season.next_button, pump)
    assert season.step_text == "Step 5 of 5: Next"
    assert any("Season 1 is over" in t for t in labels(season))
    screenshot(window, shots, "season-next", pump)
    fits(season, window, "season next", pump)
    tap(season.next_button, pump)
    assert shown[-1] == "conquest_books"


def test_saved_board_values_are_offered_and_the_last_season_ends_the_game(
        app, pump, window, shots, tmp_path, monkeypatch):
    shown = record_show(app, monkeypatch)
    app.set_setting("conquest_board_values", {"vp": BOARD_VP})
    session = conquest_game(app, tmp_path, {"seasons": 4})
    for season_number in range(1, 5):
        to_season_end(session)
        if season_number < 4:
            if season_number == 1:
                session.act({"type": "set-board-values", "vp": BOARD_VP})
            session.act({"type": "end-season"})
    season = open_screen(app, "conquest_season", session, pump)
    assert season.title_text == "End of season 4 of 4"
    tap(season.end_button, pump)
    assert session.state["phase"] == "over"
    assert season.step_text.startswith("Step 1 of 5")
    for _ in range(4):
        tap(season.next_button, pump)
    assert any("The game is over" in t for t in labels(season))
    assert season.next_button.text == "See the result"
    tap(season.next_button, pump)
    assert app.manager.current == "conquest_end"
    end = app.screen("conquest_end")
    standings = session.state["result"]["standings"]
    assert end.winners_text.endswith(", ".join(session.state["result"]["winners"]))
    rows = labels(end)
    for row in standings:
        assert row["player"] in rows
    screenshot(window, shots, "end", pump)
    fits(end, window, "end", pump, shots)


def test_a_season_with_board_values_known_needs_no_form(app, pump, window, shots, tmp_path,
                                                       monkeypatch):
    record_show(app, monkeypatch)
    app.set_setting("conquest_board_values", {"vp": {"hispania": [9, 3]}})
    session = conquest_game(app, tmp_path, {"vp": BOARD_VP})
    to_season_end(session)
    season = open_screen(app, "conquest_season", session, pump)
    tap(season.end_button, pump)
    assert season.asking == "" and season.message == ""
    assert session.state["season"] == 2
    # Spanish: the screen follows the language
    app.set_setting("lang", "es")
    pump()
    assert season.step_text.startswith("Paso 1 de 5")
    screenshot(window, shots, "season-taxes-es", pump)
    fits(season, window, "season es", pump, shots)
