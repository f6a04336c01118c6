"""Honest undo, through real taps on the log screen: before going back the players are told what
to put back on the table and that the dice of the undone entries were seen (new dice will come
if they play differently; with real dice, roll again at the table); after it the changes are
the board's message; a different play then brings new, logged dice."""
from __future__ import annotations

import os
from pathlib import Path

from touch import screenshot, tap

from companion.session import TableSession
from forge.engine.dice import NeedRoll

SEED = 7
OPTIONS = {"level": "4211", "players": 4}
ENTER = {"type": "enter", "province": "ROMA"}
END = {"type": "end_turn"}
SHOTS = Path(os.environ.get("UNDO_SHOTS", "")) if os.environ.get("UNDO_SHOTS") else None


def play_a_turn(app, pump, dice_mode="app"):
    """A seeded game: Diocletian enters ROMA and ends his turn (the barbarian dice are rolled);
    then the log screen."""
    from companion.app import rules_of

    store = app.screen("home").game_store()
    table = TableSession.start(store, rules_of("tetrarchia"), OPTIONS, SEED, lang=app.tr.lang,
                               dice_mode=dice_mode)
    app.open_game(table)
    pump()
    table.act(ENTER)
    dice: list[int] = []
    while True:                     # with real dice: every die the engine asks for, as a 3
        try:
            table.act(END, dice)
            break
        except NeedRoll:
            dice.append(3)
    board = app.screen("tetrarchia_board")
    board.show_screen("tetrarchia_log")
    pump()
    return table, app.screen("tetrarchia_log")


def entry_button(log, index):
    return next(b for b in log.ids.entries.children if getattr(b, "entry_index", None) == index)


def texts(lines) -> list[str]:
    """The popup's texts, a line each (the changes are one label, a line each)."""
    return [line for w in lines for line in getattr(w, "text", "").split("\n")]


def shoot(window, shots, name, pump):
    screenshot(window, shots, name, pump)
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        screenshot(window, SHOTS, name, pump)


def test_undo_warns_of_seen_dice_and_lists_what_to_put_back(app, pump, window, shots):
    table, log = play_a_turn(app, pump)
    seen = [r["value"] for r in table.game.session.entries[2]["rolls"]]
    tap(entry_button(log, 1), pump)             # back to "Enter ROMA": the End turn is undone
    popup = log.popup
    lines = texts(popup.lines)
    assert lines[0].startswith("Go back to entry 1?")
    warning = next(w for w in popup.lines if getattr(w, "role", "") == "dice_warning")
    assert "the app rolls new dice" in warning.text
    assert "On the table:" in lines
    changes = [line[2:] for line in lines if line.startswith("• ")]
    assert changes == popup.preview["changes"] and changes
    assert any(line.startswith(("Put ", "Remove ", "Move ", "In ")) for line in changes)
    shoot(window, shots, "undo-confirm-en", pump)

    tap(popup.yes, pump)
    assert app.manager.current == "tetrarchia_board"
    assert table.position == 1
    board = app.screen("tetrarchia_board")
    message = board.message.splitlines()
    assert message[0] == "On the table:"
    assert [line[2:] for line in message if line.startswith("• ")] == changes
    assert "the app rolls new dice" in message[-1]
    shoot(window, shots, "undo-after-en", pump)

    # playing differently from there: new dice, logged, and the log says so
    move = next(a for a in table.legal_actions() if a["type"] == "move")
    entry = table.act(move)
    assert entry["reseed"] is not None
    again = [r["value"] for r in table.act(END)["rolls"]]
    assert again != seen
    log.refresh()
    pump()
    assert "new dice" in entry_button(log, 2).text


def test_going_forward_again_keeps_the_dice_and_warns_of_nothing(app, pump):
    table, log = play_a_turn(app, pump)
    tap(entry_button(log, 1), pump)
    tap(log.popup.yes, pump)
    app.screen("tetrarchia_board").show_screen("tetrarchia_log")
    pump()
    tap(entry_button(log, 2), pump)             # forward again to the End turn
    lines = texts(log.popup.lines)
    assert lines[0].startswith("Go forward to entry 2?")
    assert not [w for w in log.popup.lines if getattr(w, "role", "") == "dice_warning"]
    tap(log.popup.yes, pump)
    assert table.position == 2 and "reseed" not in table.game.session.entries[2]


def test_with_real_dice_the_table_rolls_again(app, pump, window, shots):
    app.set_setting("dice_mode", "physical")
    table, log = play_a_turn(app, pump, dice_mode="physical")
    tap(entry_button(log, 1), pump)
    warning = next(w for w in log.popup.lines if getattr(w, "role", "") == "dice_warning")
    assert "roll them again at the table" in warning.text
    shoot(window, shots, "undo-confirm-physical-en", pump)
    tap(log.popup.no, pump)
    assert table.position == 2


def test_the_confirmation_in_spanish(app, pump, window, shots):
    app.set_setting("lang", "es")
    pump()
    table, log = play_a_turn(app, pump)
    tap(entry_button(log, 1), pump)
    lines = texts(log.popup.lines)
    assert lines[0].startswith("¿Volver a la entrada 1?")
    assert "En la mesa:" in lines
    warning = next(w for w in log.popup.lines if getattr(w, "role", "") == "dice_warning")
    assert "la aplicación tirará dados nuevos" in warning.text
    changes = [line[2:] for line in lines if line.startswith("• ")]
    assert changes and all(line.startswith(("Pon ", "Quita ", "Mueve ", "Retira ", "En "))
                           for line in changes)
    shoot(window, shots, "undo-confirm-es", pump)
    tap(log.popup.yes, pump)
    shoot(window, shots, "undo-after-es", pump)
    assert app.screen("tetrarchia_board").message.startswith("En la mesa:\n• ")


CONQUEST = "conquest-of-the-empire-2"
CONQUEST_OPTIONS = {"players": ["Livia", "Marcus"], "first": "Livia",
                    "influence": {"Livia": {"asia": 4}, "Marcus": {"egypt": 2, "sicilia": 2}}}


def test_conquest_undo_lists_units_and_books_to_put_back(app, pump, window, shots):
    from companion.app import rules_of

    store = app.screen("home").game_store()
    table = TableSession.start(store, rules_of(CONQUEST), CONQUEST_OPTIONS, 3, lang=app.tr.lang)
    app.open_game(table)
    pump()
    table.act({"type": "bid", "player": "Livia", "amount": 0, "a": "Livia", "b": "Marcus"})
    table.act({"type": "auction-pass", "player": "Marcus"})
    start = table.position
    table.act({"type": "place", "player": "Livia", "where": "asia",
               "units": {"infantry": 3, "caesar": 1}})
    table.act({"type": "adjust", "player": "Marcus", "talents": -5, "vp": 2,
               "influence": {"egypt": 1}, "cities": {"egypt": "Marcus"}, "why": "a card"})
    app.screen("conquest_books").show_screen("conquest_log")
    pump()
    log = app.screen("conquest_log")
    tap(entry_button(log, start), pump)
    changes = [line[2:] for line in texts(log.popup.lines) if line.startswith("• ")]
    assert changes == ["Livia: take 3 Infantry, 1 Caesar off Asia.",
                       "Remove the city of Marcus from Egypt.",
                       "Marcus: talents from 75 to 80.", "Marcus: VP from 2 to 0.",
                       "Marcus: influence tokens in Egypt from 3 to 2."]
    assert not [w for w in log.popup.lines if getattr(w, "role", "") == "dice_warning"]
    shoot(window, shots, "undo-confirm-conquest-en", pump)
    tap(log.popup.yes, pump)
    assert app.manager.current == "conquest_books" and table.position == start
