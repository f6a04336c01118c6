"""CONQUEST OF THE EMPIRE II: set-up, the books and the log, driven through real taps (Xvfb)."""
from __future__ import annotations

import pytest
from conquest_setup import place_starting_units
from touch import assert_buttons_fit, screenshot, show, tap, window_size

from conftest import HEIGHT, WIDTH

SEED = 11
PLAYERS = ["Livia", "Marcus", "Tullia", "Gaius"]


def seen(scroll, widget, pump) -> None:
    """Scroll a list until the widget shows, before tapping it."""
    show(widget, pump)


def conquest_button(home):
    return next(b for b in home.ids.new_games.children if "Conquest" in b.text)


def start_from_setup(app, pump, window=None, shots=None):
    """Home → New game: Conquest → set-up (names typed, first player, a VP row) → Start."""
    home = app.screen("home")
    pump()
    tap(conquest_button(home), pump)
    assert app.manager.current == "conquest_setup"
    setup = app.screen("conquest_setup")
    setup.seed = SEED
    for field, name in zip(setup.name_inputs, PLAYERS):
        field.text = name
    pump()
    if shots is not None:
        screenshot(window, shots, "conquest-setup-top", pump)
    seen(setup.ids.body, setup.first_buttons["Livia"], pump)
    tap(setup.first_buttons["Livia"], pump)
    italia = setup.vp_inputs["italia"]
    for field, value in zip(italia, (20, 10, 5)):
        field.text = str(value)
    seen(setup.ids.body, setup.face_buttons[5], pump)
    tap(setup.face_buttons[5], pump)              # blank -> infantry
    if shots is not None:
        screenshot(window, shots, "conquest-setup", pump)
        assert_buttons_fit(setup, window, "conquest_setup")
    tap(setup.ids.start, pump)
    # a new game opens on the first season's guide; its Books button leads to the books
    assert app.manager.current == "conquest_start", setup.ids.message.text
    tap(app.screen("conquest_start").ids.back, pump)
    assert app.manager.current == "conquest_books"
    return app.screen("conquest_books")


def settle(session):
    """The first season's table steps done through the engine: each player's starting influence
    and, after the auction, all his units on it (the galley beside it)."""
    for action in session.legal_actions():
        if action["type"] == "starting-influence":
            session.act({"type": "starting-influence", "player": action["player"],
                         "provinces": dict.fromkeys(action["choices"][:4], 1)})
    to_actions(session)
    for action in session.legal_actions():
        if action["type"] == "place":
            land = {u: n for u, n in action["unplaced"].items() if u != "galley"}
            session.act({"type": "place", "player": action["player"],
                         "where": action["choices"][0], "units": land})
            session.act({"type": "place", "player": action["player"],
                         "where": action["seas"][0], "units": {"galley": 1}})


def to_actions(session):
    """The engine's auction played out quickly: Livia bids 0 for Livia+Marcus, all pass, ..."""
    while session.state["phase"] == "auction":
        auction = session.state["auction"]
        free = auction and [p for p in session.state["players"]
                            if p not in session.state["boxes"]]
        if auction["high"] is None:
            session.act({"type": "bid", "player": auction["bidder"], "amount": 0, "a": free[0],
                         "b": free[1] if len(free) > 1 else None})
        else:
            session.act({"type": "auction-pass", "player": auction["bidder"]})


def test_setup_reaches_the_engine_and_remembers_the_board(app, pump, window, shots):
    books = start_from_setup(app, pump, window, shots)
    state = books.session.state
    assert state["players"] == PLAYERS
    assert state["seasons"] == 4
    assert state["settings"]["vp"]["italia"] == [20, 10, 5]
    assert state["settings"]["faces"][5] == "infantry"
    assert app.session is books.session
    saved = app.settings["conquest_board_values"]
    assert saved["vp"]["italia"] == [20, 10, 5]
    assert saved["faces"][5] == "infantry"
    # a second set-up starts with the values remembered
    from companion.app import read_settings
    assert read_settings(app.settings_path)["conquest_board_values"]["vp"]["italia"] == \
        [20, 10, 5]
    screenshot(window, shots, "conquest-books-auction", pump)
    assert "Alliance auction" in books.header_text
    assert books.player_text == "Livia"
    labels = [b.text for b in books.action_buttons]
    assert labels[0] == "Alliance auction"
    # the resume list says the game, the season and who is to bid
    app.show("home")
    pump()
    entry = app.screen("home").ids.saved_games.children[0].text
    assert "Conquest of the Empire II" in entry
    assert "Season 1 of 4 · Alliance auction · Livia" in entry


def test_books_play_actions_and_undo(app, pump, window, shots):
    books = start_from_setup(app, pump)
    session = books.session
    session.act({"type": "adjust", "player": "Livia", "influence": {"galatia": 2}})
    to_actions(session)
    session.act({"type": "place", "player": "Livia", "where": "galatia",
                 "units": {"caesar": 1, "general": 1, "infantry": 8}})
    place_starting_units(session)                   # her other units, before the first round
    session.act({"type": "offer-cards", "cards": ["merchant-egypt", "assassin"]})
    books.open(session)
    pump()
    player = books.current()
    assert books.player_text == player
    assert "Round 1" in books.header_text
    assert books.left_text == "Actions: 2\nCard picks: 1"
    screenshot(window, shots, "conquest-books-actions", pump)
    assert_buttons_fit(books, window, "conquest_books")
    labels = [b.text for b in books.action_buttons]
    assert "Take Merchant of Egypt · 25 talents" in labels
    assert any(text.startswith("Buy influence…") for text in labels)
    assert "Pass" in labels and "Battle" in labels

    # the special tax through its form
    before = session.state["books"][player]["talents"]
    tax = next(b for b in books.action_buttons if b.text.startswith("Special tax"))
    books.ids.action_scroll.scroll_to(tax, animate=False)
    pump()
    tap(tax, pump)
    assert books.popup is not None
    screenshot(window, shots, "conquest-books-tax-form", pump)
    assert_buttons_fit(books.popup, window, "tax form")
    grid = books.form["fields"][0]
    tap(grid.buttons[15], pump)
    tap(books.form["ok"], pump)
    assert books.popup is None
    book = session.state["books"][player]
    assert book["talents"] == before + 15 and book["chaos"] == 3
    assert books.talents_text == str(before + 15) and books.chaos_text == "3"
    assert books.left_text == "Actions: 1\nCard picks: 1"

    # another player's ledger through the switcher
    other = next(b for b in books.ids.switcher.children if b.player == "Livia")
    tap(other, pump)
    assert books.shown_player == "Livia"
    texts = [w.text for w in books.ids.ledger.children]
    assert any("Galatia: 1 Caesar, 1 General, 8 Infantry" in t for t in texts), texts
    assert any("Influence: Galatia 2" in t for t in texts), texts
    screenshot(window, shots, "conquest-books-ledger", pump)

    # undo through the log
    tap(books.ids.log, pump)
    assert app.manager.current == "conquest_log"
    log = app.screen("conquest_log")
    screenshot(window, shots, "conquest-log", pump)
    assert_buttons_fit(log, window, "conquest_log")
    position = session.position
    target = next(b for b in log.ids.entries.children
                  if getattr(b, "entry_index", None) == position - 1)
    tap(target, pump)
    tap(log.popup.yes, pump)
    assert app.manager.current == "conquest_books"
    assert session.state["books"][player]["talents"] == before
    tap(books.ids.log, pump)
    tap(log.ids.back, pump)
    assert app.manager.current == "conquest_books"


def test_refusal_is_shown_in_words(app, pump, window, shots):
    books = start_from_setup(app, pump)
    session = books.session
    to_actions(session)
    books.open(session)
    pump()
    buy = next(b for b in books.action_buttons if b.text.startswith("Buy influence"))
    books.ids.action_scroll.scroll_to(buy, animate=False)
    pump()
    tap(buy, pump)
    form = books.form
    provinces = form["fields"][1]
    seen(form["scroll"], provinces.buttons["italia"], pump)
    tap(provinces.buttons["italia"], pump)
    seen(form["scroll"], form["fields"][3], pump)
    tap(form["fields"][3].plus, pump)
    tap(form["ok"], pump)
    assert books.popup is not None
    assert "needs a general or his caesar" in form["note"].text
    screenshot(window, shots, "conquest-books-refused", pump)
    tap(form["cancel"], pump)
    assert books.popup is None


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(WIDTH, HEIGHT), (1280, 800)])
def test_conquest_screens_fit(app, pump, window, shots, size, lang):
    with window_size(window, size, pump):
        books = start_from_setup(app, pump)
        to_actions(books.session)
        app.set_setting("lang", lang)
        books.open(books.session)
        pump(5)
        screenshot(window, shots, f"conquest-books-{lang}-{size[0]}", pump)
        assert_buttons_fit(books, window, f"conquest_books {size}")
        for kind in ("recruit", "buy-influence", "adjust"):
            books.choose({"type": kind, "player": books.current()})
            pump(5)
            screenshot(window, shots, f"conquest-form-{kind}-{lang}-{size[0]}", pump)
            assert_buttons_fit(books.popup, window, f"{kind} form {size}")
            books.close_popup()
        app.show("conquest_setup")
        pump(5)
        assert_buttons_fit(app.screen("conquest_setup"), window, f"conquest_setup {size}")
        books.show_log()
        pump(5)
        assert_buttons_fit(app.screen("conquest_log"), window, f"conquest_log {size}")
        app.show("home")
        pump(5)
        assert_buttons_fit(app.screen("home"), window, f"home {size}")


def test_resume_opens_the_books_with_the_session(app, pump, window, shots):
    books = start_from_setup(app, pump)
    session = books.session
    settle(session)
    app.show("home")
    pump()
    home = app.screen("home")
    entry = home.ids.saved_games.children[0]
    assert "Season 1 of 4 · Round 1 · " + session.state["order"][0] in entry.text
    screenshot(window, shots, "conquest-home-resume", pump)
    app.session = None
    tap(entry, pump)
    assert app.manager.current == "conquest_books"
    assert app.session is not None and app.session.game.id == session.game.id
    assert app.screen("conquest_books").player_text == session.state["order"][0]


def test_after_the_auction_each_name_is_over_its_own_figures(app, pump, window, shots):
    """Issue 15, defect 5: after an auction the books showed the player to act over another
    player's figures. Played by taps: the auction changes who acts first; the books then show
    that player's figures under his name, and each switcher row its own player's."""
    from test_conquest_auction import token

    books = start_from_setup(app, pump)
    session = books.session
    assert books.ledger_title == books.player_text == "Livia"
    press_auction = next(b for b in books.action_buttons if b.text == "Alliance auction")
    tap(press_auction, pump)
    auction = app.screen("conquest_auction")
    for _ in range(2):
        tap(auction.ids.plus5, pump)                 # Livia bids 10 for Tullia and Gaius
    tap(token(auction, "box_a_row", "Tullia"), pump)
    tap(token(auction, "box_b_row", "Gaius"), pump)
    tap(auction.ids.bid_button, pump)
    while session.state["auction"]["number"] == 1:
        tap(auction.ids.pass_button, pump)
    tap(auction.ids.bid_button, pump)                # Marcus opens auction 2: 0 for two
    while not auction.finished:
        tap(auction.ids.pass_button, pump)
    state = session.state
    assert state["order"][0] == "Tullia" and state["books"]["Livia"]["talents"] == 70
    tap(auction.ids.back, pump)                      # on to the guide (starting units) ...
    tap(app.screen("conquest_start").ids.back, pump)  # ... and to the books
    assert app.manager.current == "conquest_books"
    assert books.player_text == "Tullia"
    assert books.ledger_title == "Tullia" and books.ids.ledger_name.text == "Tullia"
    assert books.talents_text == "80"
    screenshot(window, shots, "conquest-books-after-auction", pump)
    for row in list(books.ids.switcher.children):
        player = row.player
        tap(row, pump)
        book = state["books"][player]
        assert books.ids.ledger_name.text == player
        assert (books.talents_text, books.vp_text, books.chaos_text) == \
            (str(book["talents"]), str(book["vp"]), str(book["chaos"])), player
        assert any(f"Alliance {'A' if player in state['alliances']['A'] else 'B'} · turn "
                   f"{state['order'].index(player) + 1}" in w.text
                   for w in books.ids.ledger.children), player
