"""CONQUEST OF THE EMPIRE II: a whole first season played across the companion's screens by real
taps only (Xvfb): home → set-up → the books → the alliance auction → the table's entries → round
1 actions → a land battle rolled by the app → passes to the season's end → the season report →
the books at the next season's auction.

Nothing moves the game on but taps; the engine's state is only read, to check each screen told
the truth. The set-up screen's `seed` is set so that the app's dice fall the same way every run.
"""
from __future__ import annotations

from test_conquest_auction import button, press, token
from test_conquest_battle import pick, take_casualties
from test_conquest_start import set_up
from touch import assert_buttons_fit, screenshot, tap, walk

PLAYERS = ["Livia", "Marcus", "Tullia"]
SEED = 7
DRAWN = {"Livia": ["galatia", "galatia", "hispania", "asia"],        # starting influence
         "Marcus": ["galatia", "narbonensis", "sicilia", "numidia"],
         "Tullia": ["achaia", "mesopotamia", "egypt", "neapolis"]}


def action_button(books, text: str):
    """A button of the books' action list that starts with `text`."""
    found = [b for b in books.action_buttons if b.text.startswith(text)]
    assert found, f"no {text!r} in {[b.text for b in books.action_buttons]}"
    return found[0]


def press_action(books, text: str, pump) -> None:
    press(action_button(books, text), pump)


def form_tap(books, widget, pump) -> None:
    """Tap a widget of the open form, scrolled into view first when needed."""
    press(widget, pump)


def counter_named(box, name: str):
    """The Counter of a form box whose label starts with `name`."""
    found = [w for w in walk(box) if hasattr(w, "plus") and w.label.text.startswith(name)]
    assert found, f"no counter {name!r}"
    return found[0]


def book(session, player: str) -> dict:
    return session.state["books"][player]


def test_a_first_season_by_taps(app, pump, window, shots):
    # --- home → new game: Conquest → set-up ------------------------------------------------------
    home = app.screen("home")
    pump()
    screenshot(window, shots, "01-home", pump)
    conquest = next(b for b in home.ids.new_games.children if "Conquest" in b.text)
    tap(conquest, pump)
    assert app.manager.current == "conquest_setup"
    setup = app.screen("conquest_setup")
    setup.seed = SEED
    press(setup.ids.count3, pump)
    assert setup.count == 3 and len(setup.name_inputs) == 3
    for field, name in zip(setup.name_inputs, PLAYERS):
        press(field, pump)                      # focus, then type as the keyboard would
        field.text = name
    pump()
    press(setup.first_buttons["Livia"], pump)
    assert setup.first == "Livia"
    press(setup.ids.dice_app, pump)
    assert app.dice_mode == "app"
    board = {"hispania": [10, 4], "narbonensis": [8, 3], "italia": [20, 10, 5],
             "sicilia": [8, 3], "achaia": [8, 3], "asia": [10, 4], "galatia": [8, 3],
             "mesopotamia": [10, 4], "numidia": [8, 3]}
    assert set(setup.vp_inputs) == set(board)
    for province, fields in setup.vp_inputs.items():
        for field, value in zip(fields, board[province]):
            press(field, pump)
            field.text = str(value)
    pump()
    screenshot(window, shots, "02-setup", pump)
    assert_buttons_fit(setup, window, "setup")
    tap(setup.ids.start, pump)
    assert app.manager.current == "conquest_start", setup.ids.message.text
    books = app.screen("conquest_books")
    session = app.session
    state = session.state
    assert state["players"] == PLAYERS and state["phase"] == "auction"
    assert state["settings"]["vp"]["italia"] == [20, 10, 5]
    assert session.dice_mode == "app"

    # --- the guide: each player's starting influence, tapped from the provinces drawn ----------
    guide = app.screen("conquest_start")
    for player, drawn in DRAWN.items():
        assert guide.parts["player"] == player
        for province in drawn:
            press(guide.parts["provinces"].buttons[province], pump)
        if player == "Livia":
            screenshot(window, shots, "02b-guide-influence", pump)
        tap(guide.parts["done"], pump)
    assert book(session, "Livia")["influence"] == {"galatia": 2, "hispania": 1, "asia": 1}
    tap(guide.ids.back, pump)
    assert app.manager.current == "conquest_books"

    # --- the books in the auction phase → the auction screen -------------------------------------
    assert "Season 1 of 4 · Alliance auction" in books.header_text
    assert books.player_text == "Livia"
    screenshot(window, shots, "03-books-auction", pump)
    press_action(books, "Alliance auction", pump)
    assert app.manager.current == "conquest_auction"
    auction = app.screen("conquest_auction")
    assert auction.title_text == "Alliance auction 1"
    assert "Livia to bid (80 talents)" in auction.status
    tap(auction.ids.plus, pump)
    tap(auction.ids.plus, pump)
    assert auction.amount == 2
    press(token(auction, "box_a_row", "Livia"), pump)
    press(token(auction, "box_b_row", "Marcus"), pump)
    tap(auction.ids.bid_button, pump)
    assert session.state["auction"]["high"] == {"player": "Livia", "bid": 2, "a": "Livia",
                                                "b": "Marcus"}
    screenshot(window, shots, "04-auction-bid", pump)
    tap(auction.ids.pass_button, pump)              # Marcus
    tap(auction.ids.pass_button, pump)              # Tullia: Livia wins, pays 2
    assert session.state["boxes"] == ["Livia", "Marcus"]
    assert book(session, "Livia")["talents"] == 78
    assert auction.title_text == "Alliance auction 2"
    assert [b.text for b in auction.ids.box_a_row.children] == ["Tullia"]
    opener = session.state["auction"]["bidder"]
    tap(auction.ids.bid_button, pump)               # 0 talents for Tullia alone
    while not auction.finished:
        tap(auction.ids.pass_button, pump)
    state = session.state
    assert state["phase"] == "actions"
    assert state["order"] == ["Livia", "Marcus", "Tullia"]
    assert state["alliances"] == {"A": ["Livia", "Tullia"], "B": ["Marcus"]}
    assert "Alliance A: Livia, Tullia" in auction.status
    assert f"Auction 2: {opener} paid 0 talents" in auction.status
    screenshot(window, shots, "05-auction-result", pump)
    assert_buttons_fit(auction, window, "auction result")
    tap(auction.ids.back, pump)
    assert app.manager.current == "conquest_start"     # the guide: starting units

    # --- the guide: starting units in turn order, some in Galatia, the rest elsewhere -----------
    placed = {"Livia": {"Caesar": 1, "Infantry": 3, "Cavalry": 1},
              "Marcus": {"General": 1, "Infantry": 2}, "Tullia": {}}
    for player, units in placed.items():
        assert guide.parts["player"] == player
        if units:
            press(guide.parts["where"].buttons["galatia"], pump)
            for name, count in units.items():
                counter = counter_named(guide.ids.content, name)
                for _ in range(count):
                    press(counter.plus, pump)
            if player == "Livia":
                screenshot(window, shots, "06-guide-place", pump)
            tap(guide.parts["place"], pump)
        rest = next(p for p in guide.parts["where"].buttons if p != "galatia")
        press(guide.parts["where"].buttons[rest], pump)
        tap(guide.parts["all"], pump)
        tap(guide.parts["place"], pump)
        press(next(b for p, b in guide.parts["where"].buttons.items()
                   if p.startswith("sea-by-")), pump)
        tap(guide.parts["all"], pump)
        tap(guide.parts["place"], pump)
        assert not session.state["army"][player].get("unplaced"), guide.message
    army = session.state["army"]
    assert army["Livia"]["galatia"] == {"caesar": 1, "infantry": 3, "cavalry": 1}
    assert army["Marcus"]["galatia"] == {"general": 1, "infantry": 2}
    tap(guide.parts["books"], pump)
    assert app.manager.current == "conquest_books"
    assert "Round 1" in books.header_text and books.player_text == "Livia"
    assert books.left_text == "Actions: 2\nCard picks: 1"

    # The province tokens are laid out in test_province_tokens_by_taps below: the books drop the
    # action's `tokens` field before sending it (a known bug), so the flow goes on without them.

    press_action(books, "Deal cards on offer…", pump)
    grid = books.form["fields"][0]
    for card in ("merchant-italia", "assassin"):
        form_tap(books, next(b for b in grid.children if b.card == card), pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    assert session.state["offer"] == ["merchant-italia", "assassin"]
    screenshot(window, shots, "07-books-actions", pump)
    assert_buttons_fit(books, window, "books actions")

    # --- round 1: Livia's special tax and a card, Marcus recruits, the rest pass ----------------
    press_action(books, "Special tax…", pump)
    tap(books.form["fields"][0].buttons[15], pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    assert book(session, "Livia")["talents"] == 93 and book(session, "Livia")["chaos"] == 3
    assert (books.talents_text, books.chaos_text) == ("93", "3")
    assert books.left_text == "Actions: 1\nCard picks: 1"

    press_action(books, "Take Merchant of Italia", pump)
    assert books.popup is None, books.message
    livia = book(session, "Livia")
    assert livia["talents"] == 78 and "merchant-italia" in livia["cards"]
    labels = [b.text for b in books.action_buttons]
    assert "Take Assassin · 20 talents" in labels
    assert not any(t.startswith("Take Merchant of Italia") for t in labels)
    # the card took Livia's second action: Marcus' turn, and his ledger shows
    assert books.player_text == "Marcus" and books.shown_player == "Marcus"
    assert books.left_text == "Actions: 2\nCard picks: 1", books.left_text
    assert books.talents_text == "80"
    tap(next(b for b in books.ids.switcher.children if b.player == "Livia"), pump)
    assert books.shown_player == "Livia"
    assert (books.talents_text, books.chaos_text) == ("78", "3")
    texts = [w.text for w in books.ids.ledger.children]
    assert any("Merchant of Italia (ready)" in t for t in texts), texts
    assert any("Galatia: 1 Caesar, 3 Infantry, 1 Cavalry" in t for t in texts), texts

    press_action(books, "Recruit…", pump)
    form_tap(books, books.form["fields"][1].buttons["galatia"], pump)
    for _ in range(2):
        form_tap(books, counter_named(books.popup.content, "Infantry").plus, pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    marcus = book(session, "Marcus")
    assert marcus["talents"] == 70 and marcus["chaos"] == 2
    assert session.state["army"]["Marcus"]["galatia"] == {"general": 1, "infantry": 4}
    assert (books.talents_text, books.chaos_text) == ("70", "2")
    assert books.left_text == "Actions: 1\nCard picks: 1"
    screenshot(window, shots, "08-books-after-recruit", pump)

    # Tullia has no leader on the board: buying influence is refused, in words
    press_action(books, "Pass", pump)               # Marcus
    assert books.player_text == "Tullia"
    press_action(books, "Buy influence…", pump)
    form = books.form
    form_tap(books, form["fields"][1].buttons["italia"], pump)
    form_tap(books, form["fields"][3].plus, pump)
    tap(form["ok"], pump)
    assert books.popup is not None and "needs a general or his caesar" in form["note"].text
    tap(form["cancel"], pump)
    assert book(session, "Tullia")["talents"] == 80
    press_action(books, "Pass", pump)
    press_action(books, "Pass", pump)               # Tullia's two actions
    assert session.state["round"] == 2 and books.player_text == "Livia"
    assert "Round 2" in books.header_text

    # --- a land battle: Livia attacks Marcus in Galatia, the app rolls --------------------------
    chaos = {p: book(session, p)["chaos"] for p in PLAYERS}
    press_action(books, "Battle", pump)
    assert app.manager.current == "conquest_battle"
    battle_screen = app.screen("conquest_battle")
    assert battle_screen.title_text == "Battle"
    pick(battle_screen, "where", "Galatia", pump)
    pick(battle_screen, "defender", "Marcus", pump)
    screenshot(window, shots, "09-battle-declare", pump)
    press(button(battle_screen, "Declare the battle"), pump)
    battle = session.state["battle"]
    assert battle is not None and battle["where"] == "galatia"
    assert battle_screen.title_text == "Land battle in Galatia"
    steps = 0
    while session.state["battle"] is not None:
        steps += 1
        assert steps < 40, session.state["battle"]
        step = session.state["battle"]["step"]
        if step == "roll":
            press(button(battle_screen, "Roll for me"), pump)
            if steps == 1:
                screenshot(window, shots, "10-battle-rolled", pump)
        elif step == "casualties":
            take_casualties(battle_screen, session, pump)
        else:
            press(button(battle_screen, "Stay and fight on"), pump)
    assert battle_screen.title_text == "The battle is over"
    result = "\n".join(battle_screen.result)
    over = next(e for entry in session.log() for e in entry["events"]
                if e.get("kind") == "battle-over")
    winner, loser = over["winner"], over["losers"][0]
    assert f"{winner} wins the battle in Galatia" in result, result
    assert book(session, loser)["chaos"] == chaos[loser] + 2           # chaos to the loser
    assert book(session, winner)["chaos"] == chaos[winner]
    screenshot(window, shots, "11-battle-result", pump)
    # the loser's leader is left alone in Galatia: he withdraws before anything else happens
    pending = session.state.get("withdrawal")
    assert pending == {"where": "galatia", "players": [loser]}, pending
    assert "Another battle" not in [w.text for w in walk(battle_screen) if hasattr(w, "text")]
    assert [a["type"] for a in session.legal_actions()] == ["withdraw"]
    leaders = dict(session.state["army"][loser]["galatia"])
    pick(battle_screen, "withdraw", "Asia", pump)
    press(button(battle_screen, "Withdraw the leaders"), pump)
    assert "withdrawal" not in session.state
    assert session.state["army"][loser]["asia"] == leaders
    assert not session.state["army"][loser].get("galatia")
    assert button(battle_screen, "Another battle")
    assert_buttons_fit(battle_screen, window, "battle result")
    tap(battle_screen.ids.back, pump)
    assert app.manager.current == "conquest_books"
    assert books.player_text == "Livia"             # a battle is one of her two actions
    assert books.left_text == "Actions: 1\nCard picks: 1"
    assert books.chaos_text == str(book(session, "Livia")["chaos"])
    assert books.talents_text == str(book(session, "Livia")["talents"])

    # --- the remaining turns: everyone passes until the season's end ---------------------------
    passes = 0
    while session.state["phase"] == "actions":
        passes += 1
        assert passes <= 24
        press_action(books, "Pass", pump)
    assert session.state["phase"] == "season-end"
    assert "Season end" in books.header_text
    screenshot(window, shots, "12-books-season-end", pump)

    # --- the season screen through its steps ----------------------------------------------------
    talents = {p: book(session, p)["talents"] for p in PLAYERS}
    press_action(books, "Season end", pump)
    assert app.manager.current == "conquest_season"
    season = app.screen("conquest_season")
    assert season.title_text == "End of season 1 of 4"
    tap(season.end_button, pump)
    assert season.steps, season.message
    assert season.step_text.startswith("Step 1 of")
    screenshot(window, shots, "13-season-taxes", pump)
    from kivy.uix.label import Label

    seen, shown = [], {}
    while True:
        kind = season.steps[season.step_index]["kind"]
        seen.append(kind)
        shown[kind] = [w.text for w in walk(season.ids.content) if isinstance(w, Label)]
        if season.next_button.text != "Done: next":
            break
        if kind == "vp":
            screenshot(window, shots, "14-season-vp", pump)
        tap(season.next_button, pump)
    assert seen == ["taxes", "vp", "chaos", "cards", "next"]
    state = session.state
    # taxes: 5 talents a token of influence, four each (nobody holds a city)
    for player in PLAYERS:
        assert state["books"][player]["talents"] == talents[player] + 20
    assert "+20" in shown["taxes"]
    # VP: Galatia scored, Livia first (2 tokens) and Marcus second (1 token)
    assert "Galatia" in shown["vp"]
    scored = next(e for e in session.log()[session.position]["events"]
                  if e.get("kind") == "province-scored" and e["province"] == "galatia")
    assert scored["province"] == "galatia" and scored["vp"]["Livia"] == 8
    assert scored["vp"]["Marcus"] == 3
    screenshot(window, shots, "15-season-next", pump)
    assert season.next_button.text == "Done: back to the books"
    tap(season.next_button, pump)

    # --- the books again: season 2's auction -----------------------------------------------------
    assert app.manager.current == "conquest_books"
    state = session.state
    assert state["season"] == 2 and state["phase"] == "auction"
    assert "Season 2 of 4 · Alliance auction" in books.header_text
    assert action_button(books, "Alliance auction")
    screenshot(window, shots, "16-books-season-2", pump)
    # The flow stops here: a tap on "Alliance auction" crashes the auction screen (its bid panel
    # was taken out of the tree when season 1's auction ended, and is gone); see
    # test_auction_screen_reopens_after_its_result below.


def start_by_taps(app, pump):
    """Home → Conquest → set-up with three named players → Start: the books."""
    set_up(app, pump, seed=SEED)
    tap(app.screen("conquest_start").ids.back, pump)
    assert app.manager.current == "conquest_books"
    return app.screen("conquest_books")


def test_province_tokens_by_taps(app, pump, window, shots):
    books = start_by_taps(app, pump)
    press_action(books, "Lay out province tokens…", pump)
    for province, count in (("Italia", 2), ("Egypt", 1)):
        counter = next(c for c in books.form["fields"] if c.label.text == province)
        for _ in range(count):
            form_tap(books, counter.plus, pump)
    tap(books.form["ok"], pump)
    screenshot(window, shots, "tokens-refused", pump)
    assert books.popup is None, books.form["note"].text
    assert books.session.state["tokens"] == {"italia": 2, "egypt": 1}


def test_auction_screen_reopens_after_its_result(app, pump, window, shots):
    import gc

    books = start_by_taps(app, pump)
    press_action(books, "Alliance auction", pump)
    auction = app.screen("conquest_auction")
    for _ in range(8):                              # the openers bid 0, the others pass
        if auction.finished:
            break
        if auction.session.state["auction"]["high"] is None:
            tap(auction.ids.bid_button, pump)
        else:
            tap(auction.ids.pass_button, pump)
    assert auction.finished
    assert books.session.state["phase"] == "actions"
    gc.collect()                                    # as happens over a season of play
    tap(auction.ids.undo, pump)                     # the last pass undone: bidding again
    assert auction.ids.bid_row.parent is not None
