"""CONQUEST OF THE EMPIRE II: places are chosen from lists, never typed (issue 15), driven by taps
(Xvfb) at a phone's and two tablets' sizes.

The recruit form's sea for the galleys, the move form's destination, the battle's place and a
retreat are tapped in lists of the known places (key provinces, the seas beside them, where the
armies stand); typing only filters a long list, or names a province printed only on the table's
board ("Another province: ..."). Each test checks the engine's resulting state.
"""
from __future__ import annotations

import pytest
from conquest_setup import place_starting_units
from test_conquest_auction import button, open_screen
from test_conquest_battle import at_war, chooser, pick, type_into
from test_conquest_start import SHOTS
from touch import assert_buttons_fit, press, screenshot, tap, walk, window_size

from companion.places import PlaceChooser, fold
from conftest import HEIGHT, WIDTH

SIZES = {"phone": (WIDTH, HEIGHT), "tablet": (800, 1280), "landscape": (1280, 800)}
UNITS = {"juan": {"galatia": {"infantry": 2, "general": 1}, "asia": {"infantry": 1}},
         "carlos": {"galatia": {"infantry": 5}, "aegean": {"galley": 1}}}


def look(window, shots, name: str, pump, root) -> None:
    """A screenshot (kept in FORGE_CONQUEST_SHOTS too, if set) and the buttons fit."""
    screenshot(window, shots, name, pump)
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        screenshot(window, SHOTS, name, pump)
    assert_buttons_fit(root, window, name)


def books_at_war(app, pump, influence: dict | None = None, start_in: dict | None = None):
    """juan's turn in a round of actions (test_conquest_battle.at_war), his influence set by
    the table's correction and then his starting units placed (in `start_in[player]` if given),
    the books shown."""
    session = at_war(app, UNITS)
    for player, provinces in (influence or {}).items():
        session.act({"type": "adjust", "player": player, "influence": provinces})
    place_starting_units(session, start_in)
    app.open_game(session)
    pump(4)
    if app.manager.current == "conquest_start":        # others' starting influence is due
        tap(app.screen("conquest_start").ids.back, pump)
    assert app.manager.current == "conquest_books"
    return app.screen("conquest_books"), session


def open_action(books, words: str, pump):
    """Tap the action button whose words start with `words`; its form opens."""
    found = next(b for b in books.action_buttons if b.text.startswith(words))
    books.ids.action_scroll.scroll_to(found, padding=0, animate=False)
    pump()
    tap(found, pump)
    assert books.popup is not None
    return books.form


def form_chooser(form) -> PlaceChooser:
    return next(w for field in form["fields"] for w in walk(field)
                if isinstance(w, PlaceChooser))


def counter(form, unit: str):
    return next(f for f in form["fields"] if getattr(getattr(f, "label", None), "text", "")
                .startswith(unit))


def headings(places: PlaceChooser) -> list[str]:
    """The headings a place chooser shows, top down."""
    from kivy.uix.button import Button
    from kivy.uix.label import Label

    return [w.text for w in reversed(places.list.children)
            if isinstance(w, Label) and not isinstance(w, Button)]


def typed(field, text: str, pump) -> None:
    """Tap a text field and type into it."""
    press(field, pump)
    field.text = text
    pump()


def move_form(books, pump):
    """The move form with juan's 1 infantry from Galatia counted."""
    form = open_action(books, "Move land units", pump)
    origin = next(w for w in walk(form["fields"][1]) if getattr(w, "buttons", None))
    press(origin.buttons["galatia"], pump)
    infantry = next(w for w in walk(form["fields"][2]) if getattr(w, "label", None) is not None
                    and w.label.text == "Infantry")
    press(infantry.plus, pump)
    return form


def test_a_name_is_compared_without_case_or_accents():
    assert fold("Neópolis") == fold("NEOPOLIS") == "neopolis"
    assert fold(" Égypte ") == "egypte"


@pytest.mark.parametrize("size", SIZES)
def test_recruited_galleys_go_to_a_sea_chosen_from_the_list(app, pump, window, shots, size):
    with window_size(window, SIZES[size], pump):
        books, session = books_at_war(app, pump, {"juan": {"galatia": 2, "egypt": 1}},
                                      start_in={"juan": "egypt"})
        form = open_action(books, "Recruit", pump)
        assert not any(isinstance(w, PlaceChooser) for f in form["fields"] for w in walk(f))
        press(form["fields"][1].buttons["galatia"], pump)
        press(counter(form, "Infantry").plus, pump)
        press(counter(form, "Galley").plus, pump)         # a galley: its sea is asked for
        seas = form_chooser(form)
        assert seas.field is not None and seas.field.hint_text == "Find or type a sea"
        assert headings(seas) == ["Next to Galatia", "Seas"]
        assert seas.buttons["sea-by-galatia"].text == "The sea by Galatia"
        assert "aegean" in seas.buttons                   # carlos's galley is there
        assert "galatia" not in seas.buttons              # no province among the seas
        press(seas.buttons["sea-by-galatia"], pump)
        look(window, shots, f"places-recruit-{size}", pump, books.popup)
        tap(form["ok"], pump)
        assert books.popup is None, form["note"].text
        army = session.state["army"]["juan"]
        assert army["sea-by-galatia"] == {"galley": 1}
        assert army["galatia"]["infantry"] == 3


@pytest.mark.parametrize("size", SIZES)
def test_units_move_to_a_province_chosen_from_the_list(app, pump, window, shots, size):
    with window_size(window, SIZES[size], pump):
        books, session = books_at_war(app, pump)
        form = move_form(books, pump)
        to = form_chooser(form)
        assert to.field.hint_text == "Find or type a province"
        assert {"galatia", "egypt", "asia"} <= set(to.buttons)
        assert {"dacia", "moesia", "britannia"} <= set(to.buttons)   # named by the cards
        assert to.buttons["dacia"].text == "Dacia" and "Other provinces" in headings(to)
        assert not any(place.startswith("sea-by-") or place in ("aegean", "aegean-sea")
                       for place in to.buttons)
        look(window, shots, f"places-move-{size}", pump, books.popup)
        egypt = to.buttons["egypt"]
        press(egypt, pump)
        assert to.chosen == "egypt", (egypt.to_window(*egypt.center), tuple(window.size),
                                      form["scroll"].scroll_y, egypt.state)
        tap(form["ok"], pump)
        assert books.popup is None, form["note"].text
        army = session.state["army"]["juan"]
        assert army["egypt"] == {"infantry": 1} and army["galatia"]["infantry"] == 1


@pytest.mark.parametrize("size", ["phone", "landscape"])
def test_typing_filters_the_list_and_a_tap_chooses(app, pump, window, shots, size):
    with window_size(window, SIZES[size], pump):
        books, session = books_at_war(app, pump)
        form = move_form(books, pump)
        to = form_chooser(form)
        typed(to.field, "MESO", pump)
        assert set(to.buttons) == {"mesopotamia"} and to.other_button is None
        look(window, shots, f"places-filtered-{size}", pump, books.popup)
        press(to.buttons["mesopotamia"], pump)
        typed(to.field, "", pump)                          # the whole list again, still chosen
        assert to.buttons["mesopotamia"].state == "down" and len(to.buttons) > 10
        tap(form["ok"], pump)
        assert books.popup is None, form["note"].text
        assert session.state["army"]["juan"]["mesopotamia"] == {"infantry": 1}


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_province_only_on_the_board_is_typed_and_chosen_as_another(app, pump, window, shots,
                                                                      size):
    with window_size(window, SIZES[size], pump):
        books, session = books_at_war(app, pump)
        form = move_form(books, pump)
        to = form_chooser(form)
        typed(to.field, "Gal", pump)                      # a known place: no other choice
        assert to.other_button is None and set(to.buttons) == {"galatia"}
        typed(to.field, "Thracia", pump)
        assert not to.buttons.keys() - {"Thracia"}
        assert to.other_button.text == "Another province: Thracia"
        look(window, shots, f"places-another-{size}", pump, books.popup)
        other = to.other_button
        press(other, pump)
        assert to.chosen == "Thracia", (other.to_window(*other.center), tuple(window.size),
                                      form["scroll"].scroll_y, other.state)
        typed(to.field, "Thracia Felix", pump)              # the chosen name follows the typing
        assert to.chosen == "Thracia Felix" and to.other_button.state == "down"
        tap(form["ok"], pump)
        assert books.popup is None, form["note"].text
        assert session.state["army"]["juan"]["Thracia Felix"] == {"infantry": 1}


@pytest.mark.parametrize("size", SIZES)
def test_a_battle_place_and_a_retreat_are_tapped_in_lists(app, pump, window, shots, size):
    with window_size(window, SIZES[size], pump):
        session = at_war(app, UNITS)
        screen = open_screen(app, "conquest_battle", session, pump)
        where = chooser(screen, "where")
        assert "sea-by-egypt" not in where.buttons and "aegean" not in where.buttons
        type_into(screen, "where", "gala", pump)
        assert set(chooser(screen, "where").buttons) == {"galatia"}
        pick(screen, "where", "Galatia", pump)
        pick(screen, "defender", "carlos", pump)
        assert screen.where == "galatia"
        look(window, shots, f"places-battle-where-{size}", pump, screen)
        press(button(screen, "Declare the battle"), pump)
        session.dice_mode = "physical"
        screen.refresh()
        pump()
        from companion.screens.conquest_battle import dice_reasons

        battle = session.state["battle"]
        for side, face in (("attacker", "Infantry"), ("defender", "Blank")):
            for _ in range(dice_reasons(battle, side, app.tr)[0]):
                pick(screen, f"face-{side}", face, pump)
        press(button(screen, "Send the faces rolled at the table"), pump)
        assert session.state["battle"]["retreat_due"] == "defender"
        press(button(screen, "Stay and fight on"), pump)
        retreat = chooser(screen, "retreat")
        assert "galatia" not in retreat.buttons          # not where the battle is
        assert not any(p.startswith("sea-by-") for p in retreat.buttons)
        look(window, shots, f"places-battle-retreat-{size}", pump, screen)
        pick(screen, "retreat", "Asia", pump)             # where juan's units stand: first
        press(button(screen, "Retreat"), pump)
        state = session.state
        assert state["battle"] is None
        assert state["army"]["juan"]["asia"] == {"infantry": 3, "general": 1}


@pytest.mark.parametrize("size", SIZES)
def test_a_naval_battle_offers_seas_and_takes_another_typed(app, pump, window, shots, size):
    with window_size(window, SIZES[size], pump):
        naval_battle(app, pump, window, shots, size)


def naval_battle(app, pump, window, shots, size):
    session = at_war(app, UNITS)
    session.act({"type": "adjust", "player": "juan", "units": {"ionian": {"galley": 2}}})
    screen = open_screen(app, "conquest_battle", session, pump)
    pick(screen, "kind", "Naval battle", pump)
    where = chooser(screen, "where")
    assert "ionian" in where.buttons and "sea-by-egypt" in where.buttons
    assert where.buttons["sea-of-alexandria"].text == "Sea of Alexandria"   # named by a card
    assert "galatia" not in where.buttons
    pick(screen, "where", "Aegean", pump)
    pick(screen, "defender", "carlos", pump)
    pick(screen, "source", "Galleys moving in", pump)
    type_into(screen, "sea", "adriatic", pump)
    look(window, shots, f"places-naval-another-{size}", pump, screen)
    pick(screen, "sea", "Another sea: adriatic", pump)
    assert screen.entry["sea"] == "adriatic"
    type_into(screen, "sea", "", pump)                   # the whole list again: the typed
    assert screen.entry["sea"] == ""                     # name no longer chosen
    pick(screen, "sea", "Ionian", pump)
    press(button(screen, "Add"), pump)
    look(window, shots, f"places-naval-{size}", pump, screen)
    assert screen.declaration()["galleys"] == {"ionian": 1}


def test_the_filter_speaks_spanish(app, pump, window, shots, monkeypatch):
    from test_conquest_spanish import Spanish

    es = Spanish(app, window, pump, shots, monkeypatch, "places")
    books, session = books_at_war(app, pump, {"juan": {"galatia": 2}})
    form = open_action(books, "Mover unidades", pump)
    origin = next(w for w in walk(form["fields"][1]) if getattr(w, "buttons", None))
    press(origin.buttons["galatia"], pump)
    to = form_chooser(form)
    assert to.field.hint_text == "Busca o escribe una provincia"
    typed(to.field, "neo", pump)                          # Neópolis, without its accent
    assert [b.text for b in to.buttons.values()] == ["Neópolis"]
    es.look("move-filtered", books.popup)
    typed(to.field, "Tracia", pump)
    assert to.other_button.text == "Otra provincia: Tracia"
    es.look("move-another", books.popup)
    books.close_popup()
    form = open_action(books, "Reclutar", pump)
    press(form["fields"][1].buttons["galatia"], pump)
    galley = next(f for f in form["fields"] if getattr(getattr(f, "label", None), "text", "")
                  .startswith("Galera"))
    press(galley.plus, pump)
    seas = form_chooser(form)
    assert seas.buttons["sea-by-galatia"].text == "El mar junto a Galacia"
    typed(seas.field, "egi", pump)
    assert [b.text for b in seas.buttons.values()] == ["El mar junto a Egipto"]
    es.look("recruit-sea-filtered", books.popup)
