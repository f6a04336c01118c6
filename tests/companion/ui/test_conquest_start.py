"""CONQUEST OF THE EMPIRE II: the set-up, the guided first season (starting influence, the
alliance auction, starting units) and the books after it, played by real taps (Xvfb) on a phone
(360 x 640), a tablet (800 x 1280) and a landscape tablet (1280 x 800), in English and Spanish.

Every screen on the way is shot (under pytest's tmp folder, and a copy in $FORGE_CONQUEST_SHOTS
when set) and checked: its buttons fit the window, and in Spanish no message is left in English.
After the auction the books name, over each player's figures, that player (issue 15, defect 5).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_conquest_auction import press, token
from touch import assert_buttons_fit, screenshot, tap, walk, window_size

from conftest import HEIGHT, WIDTH

from companion.screens.conquest_names import place_name

PLAYERS = ["Livia", "Marcus", "Tullia"]
COPIES = os.environ.get("FORGE_CONQUEST_SHOTS")         # a folder to keep the shots in, if set
SHOTS = Path(COPIES) if COPIES else None
SEED = 5
SIZES = {"phone": (WIDTH, HEIGHT), "tablet": (800, 1280), "landscape": (1280, 800)}
DRAWN = {"Livia": ["asia", "asia", "egypt", "hispania"],
         "Marcus": ["sicilia", "achaia", "galatia", "numidia"],
         "Tullia": ["narbonensis", "neapolis", "mesopotamia", "egypt"]}


class Untranslated:
    """Every message looked up in Spanish that has no Spanish translation: the app's translator
    (screens) and the sessions' (the engine's words), recorded while the test runs."""

    def __init__(self, app, monkeypatch):
        import forge.i18n

        self.missing: set[str] = set()
        table = app.tr._table("es")
        screens = app.tr._

        def app_lookup(msgid, *watched):
            if app.tr.lang == "es" and not table.get(msgid) and _words(msgid):
                self.missing.add(msgid)
            return screens(msgid, *watched)

        monkeypatch.setattr(app.tr, "_", app_lookup)
        engine = forge.i18n.Translator._

        def engine_lookup(translator, msgid):
            if translator.lang == "es" and translator.messages.get(msgid) is None \
                    and _words(msgid):
                self.missing.add(msgid)
            return engine(translator, msgid)

        monkeypatch.setattr(forge.i18n.Translator, "_", engine_lookup)
        monkeypatch.setattr(forge.i18n.Translator, "gettext", engine_lookup)


def _words(msgid: str) -> bool:
    """A message with words in it (not a number or a sign)."""
    return any(c.isalpha() for c in msgid)


def english_texts() -> set[str]:
    """The messages of the game's and forge's catalogs whose Spanish differs from the English."""
    from forge.i18n import program_messages

    english, spanish = program_messages("en"), program_messages("es")
    out = set()
    for key, entry in spanish.entries.items():
        if entry.msgstr and entry.msgstr != key[1] and len(key[1]) > 3 and "{" not in key[1]:
            out.add(key[1])
    return out & {key[1] for key in english.entries}


def shown_texts(root) -> list[str]:
    """The texts of every label and button under a widget, line by line."""
    from kivy.uix.label import Label

    return [line.strip() for w in walk(root) if isinstance(w, Label) and w.opacity
            for line in (w.text or "").split("\n") if line.strip()]


class Walk:
    """One play through the screens at one size and language, its checks and shots."""

    def __init__(self, app, window, pump, shots, name, lang, untranslated):
        self.app, self.window, self.pump, self.shots = app, window, pump, shots
        self.name, self.lang, self.untranslated = name, lang, untranslated
        self.english = english_texts() if lang == "es" else set()
        self.count = 0
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)

    def look(self, what: str, screen=None) -> None:
        """Shoot the window, check its buttons fit, and in Spanish that nothing is English."""
        self.pump(3)
        self.count += 1
        label = f"{self.name}-{self.lang}-{self.count:02d}-{what}"
        screenshot(self.window, self.shots, label, self.pump)
        if SHOTS is not None:
            screenshot(self.window, SHOTS, label, self.pump)
        screen = screen or self.app.manager.current_screen
        assert_buttons_fit(screen, self.window, label)
        if self.lang == "es":
            english = [t for t in shown_texts(screen) if t in self.english]
            assert not english, f"{label}: English on screen: {english}"
            assert not self.untranslated.missing, \
                f"{label}: no Spanish for {sorted(self.untranslated.missing)}"

    def tr(self, text: str) -> str:
        return self.app.tr._(text)


def set_up(app, pump, play: Walk | None = None, seed: int = SEED):
    """Home → New game: Conquest → names, Livia opens → Start: the guide opens (`play` looks
    at the screens on the way)."""
    look = play.look if play is not None else (lambda _what: None)
    home = app.screen("home")
    pump()
    look("home")
    tap(next(b for b in home.ids.new_games.children if "Conquest" in b.text), pump)
    setup = app.screen("conquest_setup")
    setup.seed = seed
    press(setup.ids.count3, pump)
    for field, name in zip(setup.name_inputs, PLAYERS):
        field.text = name
    pump()
    press(setup.first_buttons["Livia"], pump)
    look("setup")
    tap(setup.ids.start, pump)
    assert app.manager.current == "conquest_start", setup.ids.message.text
    return app.screen("conquest_start")


def enter_influence(app, pump, guide, play: Walk) -> None:
    """Each player's four provinces drawn, tapped from the list, from the first player on."""
    session = app.session
    first = True
    for player in ["Livia", "Marcus", "Tullia"]:
        assert guide.parts["player"] == player
        grid = guide.parts["provinces"]
        assert "italia" not in grid.buttons          # nobody starts in Italia
        for province in DRAWN[player][:3]:
            press(guide.parts["provinces"].buttons[province], pump)
        if first:
            play.look("influence-three")
            press(guide.parts["done"], pump)         # three of four: the engine says no
            assert play.tr("Not allowed: {reason}").split("{")[0] in guide.message
            assert not session.state["books"][player]["influence"]
            play.look("influence-refused")
        press(guide.parts["provinces"].buttons[DRAWN[player][3]], pump)
        if first:
            play.look("influence-four")
            first = False
        press(guide.parts["done"], pump)
        wanted: dict[str, int] = {}
        for province in DRAWN[player]:
            wanted[province] = wanted.get(province, 0) + 1
        assert session.state["books"][player]["influence"] == wanted, guide.message


def hold_auctions(app, pump, guide, play: Walk) -> None:
    """Livia bids 5 for Tullia and Marcus; the others pass; Marcus bids 0 for Livia alone."""
    session = app.session
    play.look("auction-step")
    press(guide.parts["auction"], pump)
    assert app.manager.current == "conquest_auction"
    auction = app.screen("conquest_auction")
    tap(auction.ids.plus5, pump)
    press(token(auction, "box_a_row", "Tullia"), pump)
    press(token(auction, "box_b_row", "Marcus"), pump)
    play.look("auction-bid")
    tap(auction.ids.bid_button, pump)
    tap(auction.ids.pass_button, pump)
    tap(auction.ids.pass_button, pump)
    assert session.state["boxes"] == ["Tullia", "Marcus"]
    tap(auction.ids.bid_button, pump)               # Marcus opens auction 2: 0 for Livia
    while not auction.finished:
        tap(auction.ids.pass_button, pump)
    assert session.state["order"] == ["Tullia", "Marcus", "Livia"]
    assert auction.ids.back.text == play.tr("Next: starting units")
    play.look("auction-result")
    tap(auction.ids.back, pump)
    assert app.manager.current == "conquest_start"


def place_units(app, pump, guide, play: Walk) -> None:
    """In turn order, each player's land units on his first province and his galley beside it."""
    session = app.session
    for player in session.state["order"]:
        assert guide.parts["player"] == player
        where = guide.parts["where"]
        held = [p for p in where.buttons if not p.startswith("sea-by-")]
        assert held and set(held) <= set(DRAWN[player])
        if player == "Tullia":
            play.look("place-where")
        press(where.buttons[held[0]], pump)
        press(guide.parts["all"], pump)
        if player == "Tullia":
            play.look("place-units")
        press(guide.parts["place"], pump)
        army = session.state["army"][player]
        assert army[held[0]] == {"caesar": 1, "general": 1, "infantry": 8, "cavalry": 2,
                                 "catapult": 1}, guide.message
        assert list(guide.parts["where"].buttons) == [f"sea-by-{p}" for p in held]
        press(guide.parts["where"].buttons[f"sea-by-{held[-1]}"], pump)
        if player == "Tullia":
            play.look("place-galley")
        press(guide.parts["all"], pump)
        press(guide.parts["place"], pump)
        assert session.state["army"][player] == {
            held[0]: {"caesar": 1, "general": 1, "infantry": 8, "cavalry": 2, "catapult": 1},
            f"sea-by-{held[-1]}": {"galley": 1}}


def check_books(app, pump, play: Walk) -> None:
    """Each player's name over his own figures, from whose turn it is through the switcher."""
    session = app.session
    books = app.screen("conquest_books")
    state = session.state
    assert books.player_text == state["order"][0] == "Tullia"
    assert books.ledger_title == "Tullia"
    assert books.talents_text == str(state["books"]["Tullia"]["talents"])
    play.look("books")
    for player in PLAYERS:
        button = next(b for b in books.ids.switcher.children if b.player == player)
        tap(button, pump)
        assert books.ids.ledger_name.text == player
        book = state["books"][player]
        assert (books.talents_text, books.vp_text, books.chaos_text) == \
            (str(book["talents"]), str(book["vp"]), str(book["chaos"])), player
        texts = [w.text for w in books.ids.ledger.children]
        province = place_name(next(iter(book["influence"])), app.tr)
        assert any(province in t for t in texts), (player, texts)
    assert state["books"]["Livia"]["talents"] == 75      # she paid 5 for the first auction


# each size in one language at least, the phone (the tightest) in both
@pytest.mark.parametrize("size, lang", [("phone", "en"), ("phone", "es"), ("tablet", "es"),
                                        ("landscape", "en")])
def test_first_season_guided_by_taps(app, pump, window, shots, monkeypatch, size, lang):
    untranslated = Untranslated(app, monkeypatch)
    app.set_setting("lang", lang)
    play = Walk(app, window, pump, shots, size, lang, untranslated)
    with window_size(window, SIZES[size], pump):
        guide = set_up(app, pump, play)
        enter_influence(app, pump, guide, play)
        hold_auctions(app, pump, guide, play)
        play.look("place-first")
        place_units(app, pump, guide, play)
        play.look("ready")
        press(guide.parts["books"], pump)
        assert app.manager.current == "conquest_books"
        check_books(app, pump, play)


def test_the_guide_survives_leaving_and_undo(app, pump, window, shots):
    """Home and back in the middle of the influence: the same step; undo takes a player's
    influence back; the books' entry leads to the guide while steps are due."""
    play = Walk(app, window, pump, shots, "leave", "en", None)
    guide = set_up(app, pump, play)
    for province in DRAWN["Livia"]:
        press(guide.parts["provinces"].buttons[province], pump)
    press(guide.parts["done"], pump)
    assert guide.parts["player"] == "Marcus"
    tap(guide.ids.back, pump)
    books = app.screen("conquest_books")
    assert app.manager.current == "conquest_books"
    entry = next(b for b in books.action_buttons if b.text == "Starting influence…")
    press(entry, pump)
    assert app.manager.current == "conquest_start" and guide.parts["player"] == "Marcus"
    tap(guide.ids.undo, pump)
    assert guide.parts["player"] == "Livia"
    assert not app.session.state["books"]["Livia"]["influence"]


def test_the_first_round_waits_for_the_starting_units(app, pump, window, shots):
    """Ruling R32: while starting units wait off the board the books offer no round action but
    say who still has to place and lead to the guide; the guide starts with a player who has
    somewhere to place (juan, first in turn order but with no influence, holds nobody up); once
    ana's units are on the board by taps, the round's actions are offered."""
    from test_conquest_battle import at_war

    session = at_war(app, {"juan": {"galatia": {"infantry": 2, "general": 1}},
                           "carlos": {"asia": {"infantry": 1}},
                           "ben": {"sea-by-italia": {"galley": 1}}})
    session.act({"type": "adjust", "player": "ana", "influence": {"egypt": 1}})
    app.open_game(session)
    pump(4)
    guide = app.screen("conquest_start")
    assert app.manager.current == "conquest_start" and guide.parts["player"] == "ana"
    tap(guide.ids.back, pump)
    books = app.screen("conquest_books")
    labels = [b.text for b in books.action_buttons]
    assert "Pass" not in labels and labels.count("Place starting units…") == 1, labels
    note = "The first round begins once every starting unit is on the board. Still to place " \
        "theirs: ana."
    assert note in [getattr(w, "text", None) for w in walk(books)]
    screenshot(window, shots, "books-waiting-for-units", pump)
    assert_buttons_fit(books, window, "books waiting for units")
    app.set_setting("lang", "es")
    pump()
    assert any(getattr(w, "text", "").endswith("Aún faltan las de: ana.") for w in walk(books))
    app.set_setting("lang", "en")
    pump()
    press(next(b for b in books.action_buttons if b.text == "Place starting units…"), pump)
    assert app.manager.current == "conquest_start" and guide.parts["player"] == "ana"
    for where in ("egypt", "sea-by-egypt"):
        press(guide.parts["where"].buttons[where], pump)
        press(guide.parts["all"], pump)
        press(guide.parts["place"], pump)
    assert session.state["army"]["ana"] == {
        "egypt": {"caesar": 1, "general": 1, "infantry": 8, "cavalry": 2, "catapult": 1},
        "sea-by-egypt": {"galley": 1}}, guide.message
    tap(guide.ids.back, pump)
    assert app.manager.current == "conquest_books"
    labels = [b.text for b in books.action_buttons]
    assert "Pass" in labels, labels
    assert not any("Still to place" in getattr(w, "text", "") for w in walk(books))
