"""Conquest of the Empire II: the alliance auction screen, driven by real taps (Xvfb)."""
from __future__ import annotations

from touch import assert_buttons_fit, press, screenshot, tap, walk, window_size


def conquest_session(app, options: dict, seed: int = 5):
    """A Conquest game in the app's data folder, through the session (not through taps)."""
    from forge.engine.conquest import RULES
    from forge.engine.conquest.words import describe

    from companion.session import TableSession
    from companion.store import Store

    store = Store(app.data_dir / "games", [RULES])
    game = store.new_game(RULES, options, seed)
    return TableSession(game, "en", describe=describe)


def open_screen(app, name: str, session, pump):
    """Open one of the game's screens the way the app builds any screen."""
    app.session = session               # what conquest_books does before opening a screen
    screen = app.screen(name)
    screen.open(session)
    app.show(name)
    pump(4)
    return screen


def button(screen, text: str):
    """The button of a screen whose words are `text` exactly (or start with it)."""
    from kivy.uix.button import Button

    found = [w for w in walk(screen) if isinstance(w, Button) and w.text == text] or \
            [w for w in walk(screen) if isinstance(w, Button) and w.text.startswith(text)]
    assert found, f"no button {text!r} in " \
                  f"{[w.text for w in walk(screen) if isinstance(w, Button)]}"
    return found[0]


def token(screen, row_id: str, player: str):
    return next(b for b in screen.ids[row_id].children if b.text == player)


def back_to_books(app, screen, pump):
    """Back: the books."""
    tap(screen.ids.back, pump)
    assert app.manager.current == "conquest_books"


def test_a_season_of_auctions_by_taps(app, pump, window, shots):
    session = conquest_session(app, {"players": ["ana", "ben", "cai"], "first": "ana"})
    screen = open_screen(app, "conquest_auction", session, pump)
    assert screen.title_text == "Alliance auction 1"
    assert "ana to bid (80 talents)" in screen.status
    assert "No bid yet: ana opens the auction" in screen.status
    assert screen.ids.pass_button.disabled        # the opener must bid, 0 if he likes
    assert_buttons_fit(screen, window, "auction")
    screenshot(window, shots, "auction-open", pump)

    tap(screen.ids.plus, pump)
    tap(screen.ids.plus, pump)
    tap(screen.ids.minus, pump)
    tap(screen.ids.plus5, pump)
    assert screen.amount == 6
    press(token(screen, "box_a_row", "ben"), pump)
    press(token(screen, "box_b_row", "cai"), pump)
    assert (screen.box_a, screen.box_b) == ("ben", "cai")
    tap(screen.ids.bid_button, pump)
    auction = session.state["auction"]
    assert auction["high"] == {"player": "ana", "bid": 6, "a": "ben", "b": "cai"}
    assert "ben to bid" in screen.status
    assert "High bid: ana, 6 talents: box A ben, box B cai" in screen.status
    assert screen.amount == 7                     # the engine's new minimum
    assert "Ana bids 6 talents for ben and cai" in screen.message
    screenshot(window, shots, "auction-high-bid", pump)

    # the engine refuses: a bid beyond ben's talents, said in its words
    screen.amount = 500
    tap(screen.ids.bid_button, pump)
    assert screen.message.startswith("Not allowed: ben has only 80 talents")
    assert session.state["auction"]["high"]["player"] == "ana"

    screen.amount = 7
    press(token(screen, "box_a_row", "ana"), pump)
    press(token(screen, "box_b_row", "ben"), pump)
    tap(screen.ids.bid_button, pump)
    tap(screen.ids.pass_button, pump)             # cai
    tap(screen.ids.pass_button, pump)             # ana: ben wins the first auction
    state = session.state
    assert state["boxes"] == ["ana", "ben"] and state["books"]["ben"]["talents"] == 73
    assert screen.title_text == "Alliance auction 2"
    assert "Box 1 (A): ana" in screen.boxes_text and "Box 2 (B): ben" in screen.boxes_text
    # the lone last token: only box A, no box B choices
    assert [b.text for b in screen.ids.box_a_row.children] == ["cai"]
    assert not screen.ids.box_b_row.children
    assert "cai's token is the last one" in screen.ids.box_b_label.text
    assert screen.amount == 0                     # ben opens: he may bid 0
    screenshot(window, shots, "auction-last-token", pump)
    assert_buttons_fit(screen, window, "auction last token")

    tap(screen.ids.bid_button, pump)              # ben bids 0 for cai
    tap(screen.ids.pass_button, pump)             # cai
    tap(screen.ids.pass_button, pump)             # ana
    state = session.state
    assert state["phase"] == "actions"
    assert state["alliances"] == {"A": ["ana", "cai"], "B": ["ben"]}
    assert screen.finished
    assert screen.title_text == "Alliances and turn order"
    assert "Alliance A: ana, cai" in screen.status and "Alliance B: ben" in screen.status
    assert "Auction 1: ben paid 7 talents" in screen.status
    assert "Auction 2: ben paid 0 talents" in screen.status
    assert "Box 3 (A): cai" in screen.boxes_text
    assert screen.ids.bid_row.parent is None   # no bidding once the result shows
    assert_buttons_fit(screen, window, "auction result")
    screenshot(window, shots, "auction-result", pump)

    tap(screen.ids.undo, pump)                    # ana's last pass undone: bidding again
    assert not screen.finished and session.state["phase"] == "auction"
    assert screen.ids.bid_row.parent is not None
    back_to_books(app, screen, pump)


def test_auction_fits_a_large_window_and_speaks_spanish(app, pump, window, shots):
    session = conquest_session(app, {"players": ["ana", "ben"], "first": "ana"})
    screen = open_screen(app, "conquest_auction", session, pump)
    with window_size(window, (1280, 800), pump):
        assert_buttons_fit(screen, window, "auction big")
        screenshot(window, shots, "auction-big", pump)
    app.set_setting("lang", "es")
    pump(4)
    assert screen.ids.pass_button.text == app.tr._("Pass")
    screenshot(window, shots, "auction-es", pump)
    assert_buttons_fit(screen, window, "auction es")
