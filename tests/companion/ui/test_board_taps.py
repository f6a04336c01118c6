"""Actions chosen by tapping provinces, and the barbarian phase walked through step by step."""
from __future__ import annotations

from test_tetrarchia_details import NARBONENSIS, board_with, check_buttons
from test_tetrarchia_screens import action_button, scroll_to, start_game
from touch import screenshot, show, tap, tap_province, walk

from companion.screens.tetrarchia_board import barbarian_steps


def in_view(button, pump) -> None:
    """Scroll a popup's button into view."""
    show(button, pump)


def test_moving_by_tapping_a_province(app, pump, window, shots):
    board = start_game(app, pump)
    tap(action_button(board, "Enter ROMA"), pump)
    tap_province(board, "APVLIA", pump)
    popup = board.popup
    assert popup is not None and popup.province == "APVLIA"
    texts = [b.text for b in popup.actions]
    assert "Move to APVLIA · 1 PI" in texts
    screenshot(window, shots, "province-actions", pump)
    check_buttons(popup, window)
    move = [b for b in popup.actions if b.text == "Move to APVLIA · 1 PI"][0]
    in_view(move, pump)
    tap(move, pump)
    assert board.popup is None
    assert board.session.state["figures"].get("APVLIA") == "diocletian"
    assert board.pi_text == "5 PI"
    # where he stands: protect (and no move to his own province)
    tap_province(board, "APVLIA", pump)
    kinds = [b.action["type"] for b in board.popup.actions]
    assert "protect" in kinds and "move" not in kinds
    tap(board.popup.close, pump)
    assert board.popup is None


def test_a_province_with_nothing_to_do_lists_no_action(app, pump):
    board = start_game(app, pump)
    tap_province(board, "BRITANNIA", pump)
    assert board.popup.actions == []
    tap(board.popup.close, pump)


def test_attacking_from_the_popup_asks_with_the_odds(app, pump, window):
    board = board_with(app, pump, NARBONENSIS)
    before = board.session.state
    tap_province(board, "NARBONENSIS", pump)
    attack = [b for b in board.popup.actions if b.action["type"] == "attack"][0]
    assert attack.text.startswith("Attack NARBONENSIS · 2 PI")
    in_view(attack, pump)
    tap(attack, pump)
    popup = board.popup                       # the confirmation, with the odds
    assert popup is not None and popup.title == "Attack?"
    text = "\n".join(w.text for w in walk(popup.content) if hasattr(w, "text"))
    assert "Win 67 %" in text
    tap(popup.no, pump)
    assert board.session.state == before
    tap_province(board, "NARBONENSIS", pump)
    attack = [b for b in board.popup.actions if b.action["type"] == "attack"][0]
    in_view(attack, pump)
    tap(attack, pump)
    tap(board.popup.yes, pump)
    assert board.session.log()[-1]["action"]["type"] == "attack"


def test_the_barbarian_phase_step_by_step(app, pump, window, shots):
    board = start_game(app, pump)
    tap(action_button(board, "Enter ROMA"), pump)
    end = action_button(board, "End turn")
    scroll_to(end, pump)
    tap(end, pump)
    entry = board.session.log()[-1]
    assert entry["action"]["type"] == "end_turn"
    total = len(board.steps)
    assert total >= 3                         # state, a roll with its result, an army's advance
    assert board.session.state["turn"] == "galerius"       # the engine has played it all
    seen = []
    for number in range(1, total + 1):
        assert f"Step {number} of {total}" in board.message
        buttons = list(board.ids.actions.children)
        assert buttons == [board.step_button]     # no action while walking through
        step = board.steps[number - 1]
        seen.extend(step["words"])
        for line in step["words"]:
            assert line in board.message
        if step["dice"]:
            assert "Dice rolled: " in board.message
        if number == 1:
            assert "State of the Empire" in board.message
            screenshot(window, shots, "barbarian-step-1", pump)
            check_buttons(board, window)
        assert board.step_button.text == ("Done" if number == total else "Done: next")
        assert board.step_button.height >= 48
        tap(board.step_button, pump)
    assert seen == entry["words"]
    assert board.steps == [] and board.message == ""
    assert action_button(board, "Enter ROMA")        # Galerius's actions
    kinds = [step["kind"] for step in barbarian_steps(entry)]
    assert kinds[0] == "state" and "roll" in kinds and kinds[-1] == "advance"


def test_the_steps_follow_the_language(app, pump, window):
    board = start_game(app, pump)
    tap(action_button(board, "Enter ROMA"), pump)
    end = action_button(board, "End turn")
    scroll_to(end, pump)
    tap(end, pump)
    tap(board.step_button, pump)
    app.set_setting("lang", "es")
    pump()
    total = len(board.steps)
    assert board.step_index == 1
    assert app.tr._("Step {step} of {steps}").format(step=2, steps=total) in board.message
    assert board.steps[1]["words"] == \
        barbarian_steps(board.session.log()[-1])[1]["words"]
    assert board.session.log()[-1]["words"][0] in board.steps[0]["words"]
    check_buttons(board, window)
    text_width, text_height = board.step_button.texture_size
    assert text_width <= board.step_button.width
    while board.steps:
        tap(board.step_button, pump)
    assert board.message == ""


def test_a_save_the_disk_refuses_keeps_the_game_as_it_was_and_says_so(app, pump, monkeypatch):
    import errno
    import os

    from companion import store

    board = start_game(app, pump)
    position = board.session.position

    def full_disk(_fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(store.os, "fsync", full_disk)
    tap(action_button(board, "Enter ROMA"), pump)
    assert board.message == "Not saved (No space left on device): the action was not kept."
    assert board.session.position == position
    monkeypatch.undo()
    tap(action_button(board, "Enter ROMA"), pump)
    assert board.session.position == position + 1
