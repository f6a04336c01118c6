"""Province details, attack odds with confirmation and the end screen, through real touches."""
from __future__ import annotations

from touch import screenshot, tap, walk

# the rulebook's NARBONENSIS example (tests/companion/test_odds.py works it out by hand)
REVOLTS = ("NARBONENSIS", "TARRACONENSIS", "GALLAECIA", "LVSITANIA", "BAETICA",
           "CARTHAGINIENSIS", "TINGITANA")
NARBONENSIS = {
    "figures": {"NARBONENSIS": "army", "AQVITANIA": "diocletian", "CISALPINA": "galerius"},
    "discs": {"AQVITANIA": "diocletian", "LVGDVNENSIS": "diocletian",
              "GERMANIA_SVPERIOR": "diocletian", **{p: "revolt" for p in REVOLTS}},
}
# five frontiers protected, Diocletian on the sixth: protecting it wins
END = {"figures": {"PHAZANIA": "diocletian"},
       "discs": {"GAETVLIA": "galerius", "BRITANNIA": "galerius", "SARMATIA": "maximian",
                 "DACIA": "constantius", "PERSIS": "diocletian"}}



def board_with(app, pump, position):
    """The board screen of a game started from a position (through the session, as Setup)."""
    from companion.app import rules_of
    from companion.session import TableSession

    home = app.screen("home")
    session = TableSession.start(home.store, rules_of("tetrarchia"), {"position": position}, 7,
                                 lang=app.tr.lang, dice_mode=app.dice_mode)
    board = app.screen("tetrarchia_board")
    board.open(session)
    app.show("tetrarchia_board")
    pump()
    return board


def action(board, pump, kind):
    """The button of the first legal action of a kind, scrolled into view."""
    button = [b for b in reversed(board.ids.actions.children) if b.action["type"] == kind][0]
    board.ids.action_scroll.scroll_to(button, padding=0, animate=False)
    pump()
    return button


def check_buttons(root, window, scrolled_ok=True) -> None:
    from kivy.metrics import dp
    from kivy.uix.button import Button
    from kivy.uix.scrollview import ScrollView

    scrolled = {id(w) for s in walk(root) if isinstance(s, ScrollView) for w in walk(s)
                if w is not s}
    buttons = [w for w in walk(root) if isinstance(w, Button)]
    assert buttons
    for widget in buttons:
        left, bottom = widget.to_window(widget.x, widget.y)
        right, top = widget.to_window(widget.right, widget.top)
        where = f"{widget.text!r} at {left:.0f},{bottom:.0f}-{right:.0f},{top:.0f}"
        assert widget.width >= dp(48) and widget.height >= dp(48), where
        assert 0 <= left and right <= window.width, where
        if id(widget) not in scrolled:
            assert 0 <= bottom and top <= window.height, where


def test_tapping_a_province_shows_its_details(app, pump, window, shots):
    board = board_with(app, pump, NARBONENSIS)
    view = board.ids.board

    class Spot:                         # a finger on NARBONENSIS's circle
        def __init__(self):
            self.center = view.centre_of("NARBONENSIS")

        def to_window(self, x, y):
            return view.to_window(x, y)

    tap(Spot(), pump)
    popup = board.popup
    assert popup is not None and popup.province == "NARBONENSIS"
    assert popup.title == "NARBONENSIS (II 6)"
    text = "\n".join(w.text for w in walk(popup.content) if hasattr(w, "text"))
    assert "Region: GALLIA" in text and "a barbarian army" in text and "a Revolt disc" in text
    assert "MARE INTERNVM" in text or "MARE_INTERNVM" in text
    assert "CISALPINA (broken link)" in text
    screenshot(window, shots, "province-details", pump)
    check_buttons(popup, window)
    tap(popup.close, pump)
    assert board.popup is None


def test_an_attack_shows_its_odds_and_asks_first(app, pump, window, shots):
    board = board_with(app, pump, NARBONENSIS)
    attack = action(board, pump, "attack")
    assert attack.text == "Attack NARBONENSIS · 2 PI · win 67 %: (VI+3)×2 against 6+7"
    screenshot(window, shots, "attack-odds", pump)
    before = board.session.state
    tap(attack, pump)
    popup = board.popup
    assert popup is not None
    screenshot(window, shots, "attack-confirm", pump)
    check_buttons(popup, window)
    tap(popup.no, pump)
    assert board.popup is None
    assert board.session.state == before
    tap(attack, pump)
    tap(board.popup.yes, pump)
    assert board.session.state != before
    assert board.session.log()[-1]["action"]["type"] == "attack"


def test_a_finished_game_shows_the_end_screen(app, pump, window, shots):
    board = board_with(app, pump, END)
    protect = action(board, pump, "protect")
    tap(protect, pump)
    assert app.manager.current == "tetrarchia_end"
    end = app.screen("tetrarchia_end")
    assert end.result_text == "Victory"
    assert end.total_text == "Score: 10 out of 10"
    assert "Roma Victrix" in end.reason_text
    lines = [w.text for w in end.ids.score_items.children]
    assert "Protected frontiers (6): +6" in lines
    screenshot(window, shots, "end-screen", pump)
    check_buttons(end, window)
    tap(end.ids.log, pump)
    assert app.manager.current == "tetrarchia_log"
