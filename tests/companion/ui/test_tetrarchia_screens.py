"""Tetrarchia's play screens driven through real touches on a real window (Xvfb)."""
from __future__ import annotations

import pytest
from touch import assert_buttons_fit, screenshot, show, tap

SEED = 7



def action_button(board, starts: str):
    """The first legal-action button whose words start with `starts`."""
    for button in reversed(board.ids.actions.children):     # children are newest first
        if button.text.startswith(starts):
            return button
    raise AssertionError(f"no action {starts!r} in {[b.text for b in board.ids.actions.children]}")


def scroll_to(button, pump) -> None:
    """Bring a button of a scrolled list into view before tapping it."""
    show(button, pump)


def start_game(app, pump, window=None, shots=None):
    """Home → New game → set-up (seeded) → Start: the board screen of a fresh game."""
    home = app.screen("home")
    pump()                                  # lay out a list just rebuilt (language change)
    tap(home.ids.new_games.children[0], pump)
    assert app.manager.current == "tetrarchia_setup"
    setup = app.screen("tetrarchia_setup")
    setup.seed = SEED
    assert setup.level_text() == "4211"
    if shots is not None:
        screenshot(window, shots, "tetrarchia-setup", pump)
    tap(setup.ids.start, pump)
    if app.manager.current == "tetrarchia_guide":       # the set-up guide: straight to play
        tap(app.screen("tetrarchia_guide").ids.play, pump)
    assert app.manager.current == "tetrarchia_board"
    return app.screen("tetrarchia_board")


def test_setup_choices_reach_the_game(app, pump, window, shots):
    home = app.screen("home")
    tap(home.ids.new_games.children[0], pump)
    setup = app.screen("tetrarchia_setup")
    setup.seed = SEED
    plus0 = [c for c in setup.ids.digit0.children if c.text == "+"][0]
    tap(plus0, pump)                                   # 4 -> 5 discs
    tap(setup.ids.earlier, pump)
    tap(setup.ids.players2, pump)
    assert setup.options() == {"level": "5211", "edition": "earlier", "players": 2}
    tap(setup.ids.start, pump)
    state = app.session.state
    assert (state["level"], state["edition"], state["players"]) == ("5211", "earlier", 2)


def test_play_a_turn_and_undo_it_from_the_log(app, pump, window, shots):
    board = start_game(app, pump, window, shots)
    assert board.emperor_text == "Diocletian"
    assert board.pi_text == "6 PI"
    tap(action_button(board, "Enter ROMA"), pump)
    assert board.session.state["figures"]["ROMA"] == "diocletian"
    move = action_button(board, "Move to APVLIA · 1 PI")
    scroll_to(move, pump)
    tap(move, pump)
    assert board.session.state["figures"].get("APVLIA") == "diocletian"
    assert board.pi_text == "5 PI"
    screenshot(window, shots, "tetrarchia-board", pump)
    end = action_button(board, "End turn")
    scroll_to(end, pump)
    tap(end, pump)
    assert board.session.state["turn"] == "galerius"
    assert board.emperor_text == "Galerius"
    assert "Barbarian phase" in board.message
    assert "State of the Empire" in board.message
    screenshot(window, shots, "tetrarchia-barbarian-phase", pump)

    tap(board.ids.log, pump)
    log = app.screen("tetrarchia_log")
    assert app.manager.current == "tetrarchia_log"
    entries = [b for b in log.ids.entries.children if hasattr(b, "entry_index")]
    assert [b.entry_index for b in reversed(entries)] == [3, 2, 1, 0]   # newest first
    screenshot(window, shots, "tetrarchia-log", pump)
    tap([b for b in entries if b.entry_index == 1][0], pump)         # back to "Enter ROMA"
    screenshot(window, shots, "tetrarchia-log-confirm", pump)
    tap(log.popup.yes, pump)
    assert app.manager.current == "tetrarchia_board"
    assert board.session.position == 1
    assert board.session.state["turn"] == "diocletian"
    assert board.session.state["figures"].get("ROMA") == "diocletian"
    assert board.pi_text == "6 PI"


def physical(app, board) -> None:
    """Real dice from now on (a game started with physical dice first asks for its set-up's)."""
    app.set_setting("dice_mode", "physical")
    board.session.dice_mode = "physical"


def test_illegal_or_physical_dice_are_explained(app, pump, window, shots):
    board = start_game(app, pump)
    physical(app, board)
    tap(action_button(board, "Enter ROMA"), pump)
    end = action_button(board, "End turn")
    scroll_to(end, pump)
    tap(end, pump)
    assert board.message == "State of the Empire, which region: roll the die with Roman " \
                            "numerals (I-VI) and tap its result."
    faces = {b.text: b for b in board.ids.dice_row.children}
    assert sorted(faces) == sorted(["I", "II", "III", "IV", "V", "VI"])
    screenshot(window, shots, "tetrarchia-physical-die", pump)
    tap(faces["III"], pump)
    assert board.message == "State of the Empire, which province: roll the die with " \
                            "numbers (1-6) and tap its result."
    app.set_setting("lang", "es")
    pump()
    board.play({"type": "end_turn"}, [3])
    pump()
    assert board.message == "Estado del Imperio, qué provincia: tira el dado de números (1-6) " \
                            "y toca su resultado."
    app.set_setting("lang", "en")
    pump()
    # an action the engine refuses: its reason is shown, nothing changes
    board.play({"type": "move", "to": "ATLANTIS"})
    pump()
    assert board.message.startswith("Not allowed:")
    assert board.session.state["turn"] == "diocletian"


def test_switching_language_changes_the_header(app, pump):
    board = start_game(app, pump)
    assert board.ids.round_label.text == "Round 1"
    app.set_setting("lang", "es")
    pump()
    assert board.ids.emperor_label.text == "Diocleciano"          # from the game catalog
    assert board.ids.round_label.text == app.tr._("Round {round}").format(round=1)
    enter = [b for b in board.ids.actions.children if b.action["type"] == "enter"][-1]
    assert enter.text == app.tr._("Enter {province}").format(province="ROMA")


def test_a_refusal_is_shown_in_the_players_language(app, pump):
    board = start_game(app, pump)
    app.set_setting("lang", "es")
    pump()
    before = board.session.state
    board.play({"type": "protect"})               # off the board: he must enter first
    pump()
    assert board.message == "No permitido: Diocleciano debe volver primero al tablero: " \
                            "entra en ROMA o BITHYNIA"
    assert board.session.state == before


def test_resume_list_opens_the_board(app, pump):
    board = start_game(app, pump)
    tap(action_button(board, "Enter ROMA"), pump)
    tap(board.ids.home, pump)
    home = app.screen("home")
    tap(home.ids.saved_games.children[0], pump)
    assert app.manager.current == "tetrarchia_board"
    assert board.session.state["figures"]["ROMA"] == "diocletian"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_buttons_are_big_enough_and_inside_the_window(app, window, pump, lang):
    app.set_setting("lang", lang)
    board = start_game(app, pump)
    physical(app, board)
    tap([b for b in board.ids.actions.children if b.action["type"] == "enter"][-1], pump)
    board.play({"type": "end_turn"})         # waits for a die: the face buttons show
    pump()
    for name in ("tetrarchia_setup", "tetrarchia_board", "tetrarchia_log"):
        if name == "tetrarchia_log":
            board.show_log()
        else:
            app.show(name)
        pump()
        screen = app.screen(name)
        assert_buttons_fit(screen, window, name)
