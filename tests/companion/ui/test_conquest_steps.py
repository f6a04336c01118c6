"""CONQUEST OF THE EMPIRE II: the engine's steps of issue 16 in the companion, by real taps (Xvfb):
the withdrawal of a leader left alone after a lost battle (nothing else until it is done), the
Fair Wind question asked of its holder, and the immediate cards played from the books with their
targets chosen from lists, each checked against the engine's state; one refusal in Spanish.

Screenshots of each new screen state at a phone's size and a tablet's, upright and on its side, go
to the test's folder and, when it is set, to $FORGE_P2_SHOTS.
"""
from __future__ import annotations

import os
from pathlib import Path

from conquest_setup import place_starting_units
from test_conquest_auction import button, open_screen
from test_conquest_battle import at_war, pick
from test_conquest_flow import action_button, form_tap, press_action
from touch import assert_buttons_fit, press, screenshot, tap, walk, window_size

from companion.places import PlaceChooser

SHOTS = Path(os.environ["FORGE_P2_SHOTS"]) if os.environ.get("FORGE_P2_SHOTS") else None
TABLETS = {"tablet": (800, 1280), "landscape": (1280, 800)}


def look(window, shots, name: str, pump, root, tablet: bool = True) -> None:
    """Screenshots at the phone's size (and a tablet's, upright and on its side), kept in
    $FORGE_P2_SHOTS too when it is set; the buttons fit at each."""
    folders = [shots] + ([SHOTS] if SHOTS is not None else [])
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        screenshot(window, folder, f"{name}-phone", pump)
    assert_buttons_fit(root, window, name)
    if tablet:
        for size_name, size in TABLETS.items():
            with window_size(window, size, pump):
                pump(4)
                for folder in folders:
                    screenshot(window, folder, f"{name}-{size_name}", pump)
                assert_buttons_fit(root, window, f"{name} {size_name}")
            pump(4)


def texts(root) -> list[str]:
    return [w.text for w in walk(root) if isinstance(getattr(w, "text", None), str)]


def open_books(app, session, pump):
    app.open_game(session)
    pump(4)
    if app.manager.current == "conquest_start":        # others' starting influence is due
        tap(app.screen("conquest_start").ids.back, pump)
    assert app.manager.current == "conquest_books"
    return app.screen("conquest_books")


def form_chooser(books, role: str) -> PlaceChooser:
    found = [w for f in books.form["fields"] for w in walk(f)
             if isinstance(w, PlaceChooser) and w.choice_role == role]
    assert found, f"no place chooser {role!r} in the form"
    return found[0]


def form_grid_button(books, text: str):
    """A choice button of one of the form's choice grids, by its words."""
    found = [w for f in books.form["fields"] for w in walk(f)
             if getattr(w, "text", None) == text and hasattr(w, "group")]
    shown = [getattr(w, "text", None) for f in books.form["fields"] for w in walk(f)
             if hasattr(w, "group")]
    assert found, f"no choice {text!r} in the form: {shown}"
    return found[0]


def form_counter(books, starts: str):
    found = [w for f in books.form["fields"] for w in walk(f)
             if hasattr(w, "plus") and w.label.text.startswith(starts)]
    assert found, f"no counter {starts!r} in the form"
    return found[0]


# --- the withdrawal ------------------------------------------------------------------------------

def test_a_leader_left_alone_withdraws_before_anything_else(app, pump, window, shots):
    session = at_war(app, {"juan": {"galatia": {"infantry": 3, "general": 1}},
                           "carlos": {"galatia": {"infantry": 1, "general": 1},
                                      "asia": {"infantry": 1}}})
    screen = open_screen(app, "conquest_battle", session, pump)
    pick(screen, "where", "Galatia", pump)
    pick(screen, "defender", "carlos", pump)
    press(button(screen, "Declare the battle"), pump)
    for side, faces in (("attacker", ["Infantry", "Infantry", "Blank", "Blank"]),
                        ("defender", ["Blank"] * 4)):
        for face in faces:
            pick(screen, f"face-{side}", face, pump)
    press(button(screen, "Send the faces rolled at the table"), pump)
    state = session.state
    assert state["battle"] is None
    assert state["withdrawal"] == {"where": "galatia", "players": ["carlos"]}
    # the battle screen: the result, then the withdrawal; no other battle
    assert screen.title_text == "The battle is over"
    shown = texts(screen)
    assert "Another battle" not in shown
    assert any("carlos must withdraw the leaders left alone" in t.lower() for t in shown), \
        [t for t in shown if len(t) > 20]
    assert any(t.startswith("carlos withdraws 1 General from Galatia") for t in shown), shown
    look(window, shots, "withdraw-battle", pump, screen)
    # the books show only the step: no Pass, no other action, no table's entry
    tap(screen.ids.back, pump)
    books = app.screen("conquest_books")
    assert app.manager.current == "conquest_books"
    assert [b.text for b in books.action_buttons] == ["Withdraw the leaders"]
    assert books.player_text == "carlos" and books.shown_player == "carlos"  # he acts now
    look(window, shots, "withdraw-books", pump, books)
    # the withdrawal's place is the battle's province never, Asia (where carlos stands) first
    places = next(w for w in walk(books.ids.actions) if isinstance(w, PlaceChooser))
    assert "galatia" not in places.buttons and "asia" in places.buttons
    assert not any(v.startswith("sea-by-") for v in places.buttons)
    assert places.sections[0][1][0][0] == "asia"
    press(action_button(books, "Withdraw the leaders"), pump)          # no place chosen
    assert books.message == "Choose where the leaders go."
    assert session.state["withdrawal"]
    press(places.buttons["asia"], pump)
    press(action_button(books, "Withdraw the leaders"), pump)
    state = session.state
    assert "withdrawal" not in state
    assert books.player_text == "juan"                          # juan's turn again
    assert state["army"]["carlos"]["asia"] == {"infantry": 1, "general": 1}
    assert not state["army"]["carlos"].get("galatia")
    assert "Carlos withdraws 1 General from Galatia to Asia" in books.message
    labels = [b.text for b in books.action_buttons]
    assert "Pass" in labels and "Withdraw the leaders" not in labels
    look(window, shots, "withdraw-done", pump, books, tablet=False)


# --- Fair Wind ------------------------------------------------------------------------------------

def fair_wind_game(app):
    """carlos holds Fair Wind (taken from the offer, its cost entered) and galleys in the
    Aegean; juan's turn in round 2, his galleys there too."""
    session = at_war(app, {"juan": {"aegean": {"galley": 2}, "galatia": {"general": 1}},
                           "carlos": {"aegean": {"galley": 1}}})
    session.act({"type": "offer-cards", "cards": ["fair-wind"]})
    for player, action in (("juan", "pass"), ("juan", "pass"), ("carlos", "take-card"),
                           ("carlos", "pass"), ("ana", "pass"), ("ana", "pass"),
                           ("ben", "pass"), ("ben", "pass")):
        extra = {"card": "fair-wind", "cost": 10} if action == "take-card" else {}
        session.act({"type": action, "player": player, **extra})
    assert "fair-wind" in session.state["books"]["carlos"]["cards"]
    assert session.state["order"][session.state["turn"]["index"]] == "juan"
    return session


def declare_naval(app, session, pump):
    screen = open_screen(app, "conquest_battle", session, pump)
    pick(screen, "kind", "Naval battle", pump)
    assert "The defender plays Fair Wind" not in texts(screen)      # the holder decides
    pick(screen, "where", "Aegean", pump)
    pick(screen, "defender", "carlos", pump)
    assert "fair_wind" not in screen.declaration()["battle"]
    press(button(screen, "Declare the battle"), pump)
    battle = session.state["battle"]
    assert battle["kind"] == "naval" and battle["step"] == "fair-wind"
    return screen


def test_the_holder_of_fair_wind_is_asked_and_fights(app, pump, window, shots):
    session = fair_wind_game(app)
    screen = declare_naval(app, session, pump)
    shown = texts(screen)
    assert "Fair Wind: carlos decides" in shown
    assert any(t.startswith("carlos may call off this naval battle before it begins")
               for t in shown), shown
    assert not any(t.startswith("Round ") for t in shown)      # no round begun yet
    assert [a["type"] for a in session.legal_actions()] == ["fair-wind", "fair-wind"]
    look(window, shots, "fair-wind-asked", pump, screen)
    press(button(screen, "Fight the battle"), pump)
    battle = session.state["battle"]
    assert battle["step"] == "roll"
    assert "carlos does not use fair wind" in screen.message.lower(), screen.message
    assert button(screen, "Roll for me")


def test_the_holder_of_fair_wind_calls_the_battle_off(app, pump, window, shots):
    session = fair_wind_game(app)
    screen = declare_naval(app, session, pump)
    chaos = {p: b["chaos"] for p, b in session.state["books"].items()}
    press(button(screen, "Use Fair Wind: no battle"), pump)
    state = session.state
    assert state["battle"] is None
    assert screen.title_text == "The battle is over"
    assert any("carlos cancels the naval battle with fair wind" in t.lower()
               for t in screen.result), screen.result
    assert {p: b["chaos"] for p, b in state["books"].items()} == chaos
    assert state["army"]["juan"]["aegean"] == {"galley": 2}
    assert state["turn"]["actions_left"] == 1                   # juan's action stays spent
    look(window, shots, "fair-wind-cancelled", pump, screen, tablet=False)


# --- immediate cards -----------------------------------------------------------------------------

CARD_UNITS = {"juan": {"galatia": {"infantry": 2, "general": 1}},
              "carlos": {"asia": {"infantry": 1}},
              "ben": {"sea-by-italia": {"galley": 2}}}


def test_four_immediate_cards_by_taps(app, pump, window, shots):
    session = at_war(app, CARD_UNITS)
    session.act({"type": "adjust", "player": "ana", "influence": {"egypt": 1}})
    place_starting_units(session, {"ana": "egypt"})    # her caesar among them, before round 1
    books = open_books(app, session, pump)

    # the cards dealt from the draw pile: copies counted, one copy a toggle
    press_action(books, "Deal cards on offer…", pump)
    look(window, shots, "cards-deal", pump, books.popup)
    grid = books.form["fields"][0]
    by_card = {w.card: w for w in grid.children}
    assert "vote-hail-caesar" not in by_card                   # the Senate Votes' deck
    assert by_card["political-personality"].label.text == "Political Personality · 5 left"
    for card in ("city-asia-galatia", "senator-bribe", "fleet-aegean"):
        if hasattr(by_card[card], "plus"):
            form_tap(books, by_card[card].plus, pump)
        else:
            form_tap(books, by_card[card], pump)
    form_tap(books, by_card["political-personality"].plus, pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    assert sorted(session.state["offer"]) == ["city-asia-galatia", "fleet-aegean",
                                              "political-personality", "senator-bribe"]

    # juan: City Construction in Galatia (the card's provinces without a city)
    labels = [b.text for b in books.action_buttons]
    assert "Play City Construction (Asia / Galatia) · 40 talents" in labels, labels
    assert not any(t.startswith("Take City") for t in labels)
    look(window, shots, "cards-books", pump, books)
    press_action(books, "Play City Construction", pump)
    chooser = form_chooser(books, "card-province")
    assert set(chooser.buttons) == {"asia", "galatia"}
    look(window, shots, "cards-city", pump, books.popup)
    form_tap(books, chooser.buttons["galatia"], pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    state = session.state
    assert state["cities"]["galatia"] == "juan"
    assert state["books"]["juan"]["talents"] == 40
    assert "city-asia-galatia" in state["removed"]
    assert "Juan builds a city in Galatia: put a city there" in books.message, books.message
    press_action(books, "Pass", pump)

    # carlos: Senator Bribe from juan's hand, drawn by the app
    assert books.current() == "carlos"
    press_action(books, "Play Senator Bribe · 5 talents", pump)
    form_tap(books, form_grid_button(books, "juan"), pump)
    assert books.form["collect"]()["target"] == "juan"
    look(window, shots, "cards-bribe", pump, books.popup)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    state = session.state
    assert len(state["books"]["carlos"]["senators"]) == 4
    assert len(state["books"]["juan"]["senators"]) == 2
    assert state["books"]["carlos"]["talents"] == 75
    assert "Carlos takes a Senator worth" in books.message, books.message
    press_action(books, "Pass", pump)

    # ana: Political Personality, where her caesar stands
    assert books.current() == "ana"
    press_action(books, "Play Political Personality · 15 talents", pump)
    assert any("goes to Egypt, where ana's caesar stands" in t for t in texts(books.popup))
    look(window, shots, "cards-personality", pump, books.popup, tablet=False)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    assert session.state["books"]["ana"]["influence"]["egypt"] == 2
    assert session.state["books"]["ana"]["talents"] == 65
    press_action(books, "Pass", pump)

    # ben, in Spanish: Fleet Command, its cost entered once; too dear a cost is refused
    assert books.current() == "ben"
    app.set_setting("lang", "es")
    pump()
    tr = app.tr
    fleet = next(b for b in books.action_buttons
                 if (b.action or {}).get("card") == "fleet-aegean")
    before, after = tr._("Play {card} · enter its cost").split("{card}")
    assert fleet.text.startswith(before) and fleet.text.endswith(after), fleet.text
    assert before != "Play "
    press(fleet, pump)
    chooser = form_chooser(books, "card-from")
    assert set(chooser.buttons) == {"sea-by-italia"}
    form_tap(books, chooser.buttons["sea-by-italia"], pump)
    cost = form_counter(books, tr._("Cost printed on the card"))
    for _ in range(18):                     # 90 talents: ben has 80
        form_tap(books, cost.plus, pump)
    tap(books.form["ok"], pump)
    note = books.form["note"].text
    assert books.popup is not None and note.startswith("No permitido"), note
    assert "talentos" in note, note
    look(window, shots, "cards-fleet-refused-es", pump, books.popup)
    assert "costs" not in session.state["settings"]
    for _ in range(14):                     # 20 talents
        form_tap(books, cost.minus, pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    state = session.state
    assert state["army"]["ben"]["aegean-sea"] == {"galley": 3}
    assert state["army"]["ben"]["sea-by-italia"] == {"galley": 1}
    assert state["settings"]["costs"] == {"fleet-aegean": 20}
    assert state["books"]["ben"]["talents"] == 60
    assert "aegean" in books.message.lower() or "Egeo" in books.message, books.message
    look(window, shots, "cards-fleet-played-es", pump, books, tablet=False)


def test_barbarians_slave_revolt_and_the_assassin_by_taps(app, pump, window, shots):
    session = at_war(app, {"juan": {"galatia": {"general": 1, "infantry": 4, "cavalry": 1}},
                           "carlos": {"galatia": {"infantry": 2}},
                           "ana": {"egypt": {"caesar": 1}}})
    session.act({"type": "offer-cards", "cards": ["barbarians-moesia", "slave-revolt",
                                                  "assassin"]})
    books = open_books(app, session, pump)

    # juan: Barbarians at the Gates of Moesia, its cost entered once, 4 units and his general
    press_action(books, "Play Barbarians at the Gates (Moesia) · enter its cost", pump)
    chooser = form_chooser(books, "card-from")
    assert set(chooser.buttons) == {"galatia"}
    form_tap(books, chooser.buttons["galatia"], pump)
    for unit, count in (("Infantry", 3), ("Cavalry", 1), ("General", 1)):
        for _ in range(count):
            form_tap(books, form_counter(books, unit).plus, pump)
    cost = form_counter(books, "Cost printed on the card")
    for _ in range(2):
        form_tap(books, cost.plus, pump)
    assert books.form["note"].text == "Land military units chosen: 4 of 4"
    look(window, shots, "cards-barbarians", pump, books.popup)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    state = session.state
    assert state["army"]["juan"]["moesia"] == {"infantry": 6, "cavalry": 2, "general": 1}
    assert state["army"]["juan"]["galatia"] == {"infantry": 1}
    assert state["settings"]["costs"] == {"barbarians-moesia": 10}
    assert state["books"]["juan"]["talents"] == 70
    press_action(books, "Pass", pump)

    # carlos: Slave Revolt in Galatia, juan's army attacked first, the losses entered
    press_action(books, "Play Slave Revolt · enter its cost", pump)
    chooser = form_chooser(books, "card-province")
    form_tap(books, chooser.buttons["galatia"], pump)
    form_tap(books, form_grid_button(books, "juan"), pump)
    form_tap(books, form_counter(books, "juan: Infantry").plus, pump)
    for _ in range(2):
        form_tap(books, form_counter(books, "carlos: Infantry").plus, pump)
    cost = form_counter(books, "Cost printed on the card")
    form_tap(books, cost.plus, pump)
    look(window, shots, "cards-revolt", pump, books.popup)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    state = session.state
    assert not state["army"]["juan"].get("galatia")
    assert not state["army"]["carlos"].get("galatia")
    assert "slave-revolt" in state["removed"]
    assert "Remove 1 Infantry of juan from Galatia" in books.message, books.message
    press_action(books, "Pass", pump)

    # ana: takes the Assassin, then strikes juan's general in Moesia
    press_action(books, "Take Assassin · 20 talents", pump)
    press_action(books, "Use Assassin: choose its target…", pump)
    look(window, shots, "cards-assassin", pump, books.popup)
    form_tap(books, form_grid_button(books, "juan's general in Moesia"), pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    state = session.state
    assert "general" not in state["army"]["juan"]["moesia"]
    assert "assassin" in state["books"]["ana"]["used"]
    assert "remove juan's general from moesia" in books.message.lower(), books.message


def test_a_card_cost_the_rulebook_leaves_out_is_asked_once(app, pump, window, shots):
    session = at_war(app, {"juan": {"galatia": {"general": 1}}})
    session.act({"type": "offer-cards", "cards": ["fair-wind"]})
    books = open_books(app, session, pump)
    press_action(books, "Take Fair Wind", pump)
    assert any(t == "The rulebook gives no cost for this card." for t in texts(books.popup))
    cost = form_counter(books, "Cost printed on the card")
    for _ in range(3):
        form_tap(books, cost.plus, pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message
    state = session.state
    assert state["settings"]["costs"] == {"fair-wind": 15}
    assert "fair-wind" in state["books"]["juan"]["cards"]
    assert state["books"]["juan"]["talents"] == 65
    assert [e["action"]["type"] for e in session.log()[-2:]] == ["set-board-values",
                                                                "take-card"]


def test_the_new_steps_in_spanish(app, pump, window, shots, monkeypatch):
    """The withdrawal, the Fair Wind question and every card form shown in Spanish: no English
    on screen, no message without its Spanish."""
    from test_conquest_spanish import Spanish

    es = Spanish(app, window, pump, shots, monkeypatch, "steps")
    session = at_war(app, {"juan": {"galatia": {"infantry": 3, "general": 1},
                                    "aegean": {"galley": 2}},
                           "carlos": {"galatia": {"infantry": 1, "general": 1},
                                      "aegean": {"galley": 1}},
                           "ana": {"egypt": {"caesar": 1, "infantry": 4, "general": 1}},
                           "ben": {"sea-by-italia": {"galley": 2}}})
    session.act({"type": "offer-cards", "cards": [
        "city-asia-galatia", "senator-bribe", "political-personality", "fleet-aegean",
        "barbarians-moesia", "slave-revolt", "fair-wind", "assassin"]})
    books = open_books(app, session, pump)
    es.look("books")
    for action in session.legal_actions():
        if action["type"] == "play-card" or action.get("card") == "fair-wind":
            books.choose(action)
            pump(3)
            es.look(f"form-{action['card']}", books.popup)
            books.close_popup()
    # a withdrawal after a battle, in Spanish, on the battle screen and the books
    session.act({"type": "battle", "player": "juan", "province": "galatia",
                 "defender": "carlos"})
    screen = open_screen(app, "conquest_battle", session, pump)
    for side, face in (("attacker", "Infantería"), ("defender", "En blanco")):
        count = 4 if side == "attacker" else 4
        faces = [face] * (2 if side == "attacker" else 4)
        faces += ["En blanco"] * (count - len(faces))
        for name in faces:
            pick(screen, f"face-{side}", name, pump)
    press(button(screen, es._("Send the faces rolled at the table")), pump)
    assert session.state["withdrawal"]
    es.look("withdraw-battle")
    tap(screen.ids.back, pump)
    es.look("withdraw-books")
    places = next(w for w in walk(books.ids.actions) if isinstance(w, PlaceChooser))
    press(places.buttons["asia"], pump)
    press(action_button(books, es._("Withdraw the leaders")), pump)
    assert "withdrawal" not in session.state
    # Fair Wind, asked of carlos in Spanish
    session.act({"type": "pass", "player": "juan"})
    session.act({"type": "take-card", "player": "carlos", "card": "fair-wind", "cost": 10})
    for player in ("carlos", "ana", "ana", "ben", "ben"):
        session.act({"type": "pass", "player": player})
    session.act({"type": "naval", "player": "juan", "to": "aegean",
                 "battle": {"defender": "carlos"}})
    screen = open_screen(app, "conquest_battle", session, pump)
    assert session.state["battle"]["step"] == "fair-wind"
    es.look("fair-wind")
