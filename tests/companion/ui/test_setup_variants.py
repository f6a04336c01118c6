"""Tetrarchia's set-up variants, and the resume list's round and turn, through real touches."""
from __future__ import annotations

from touch import tap

SEED = 7


def open_setup(app, pump):
    home = app.screen("home")
    pump()
    tap(home.ids.new_games.children[0], pump)
    assert app.manager.current == "tetrarchia_setup"
    setup = app.screen("tetrarchia_setup")
    setup.seed = SEED
    return setup


def start(app, setup, pump):
    """Start, then past the set-up guide to the board."""
    tap(setup.ids.start, pump)
    assert app.manager.current == "tetrarchia_guide"
    tap(app.screen("tetrarchia_guide").ids.play, pump)
    assert app.manager.current == "tetrarchia_board"


def variant(setup, name, pump, nth=0):
    """The toggle button of a variant, by its printed name, scrolled into view."""
    buttons = [b for b in reversed(setup.ids.variants.children) if b.text == name]
    assert buttons, [b.text for b in setup.ids.variants.children]
    setup.ids.body.scroll_to(buttons[nth], padding=0, animate=False)
    pump()
    return buttons[nth]


def names(setup):
    return [b.text for b in reversed(setup.ids.variants.children)]


def test_two_variants_reach_the_game(app, pump):
    from kivy.metrics import dp

    setup = open_setup(app, pump)
    assert names(setup) == ["IMPERIVM", "MARE NOSTRVM", "DIARCHIA", "PATRES PATRIAE",
                            "EL GRANDE"]
    for button in setup.ids.variants.children:
        assert button.height >= dp(48) and button.width >= dp(48)
    tap(variant(setup, "DIARCHIA", pump), pump)
    tap(variant(setup, "IMPERIVM", pump), pump)
    assert setup.variants == ["imperivm", "diarchia"]          # rules.yaml order
    tap(variant(setup, "PATRES PATRIAE", pump), pump)
    tap(variant(setup, "PATRES PATRIAE", pump), pump)          # toggled off again
    assert setup.options()["variants"] == ["imperivm", "diarchia"]
    start(app, setup, pump)
    assert app.screen("tetrarchia_board").session.state["variants"] == ["imperivm", "diarchia"]


def test_switching_edition_drops_the_other_editions_variants(app, pump):
    setup = open_setup(app, pump)
    tap(variant(setup, "IMPERIVM", pump), pump)
    tap(variant(setup, "MARE NOSTRVM", pump), pump)
    setup.ids.body.scroll_to(setup.ids.earlier, padding=0, animate=False)
    pump()
    tap(setup.ids.earlier, pump)
    assert setup.variants == ["mare-nostrvm"]                   # later IMPERIVM dropped
    assert names(setup) == ["IMPERIVM", "MARE NOSTRVM", "DIARCHIA", "PATRES PATRIAE",
                            "EL GRANDE"]
    assert [b.variant_id for b in reversed(setup.ids.variants.children)][0] == \
        "imperivm-earlier"
    assert setup.variant_buttons["mare-nostrvm"].state == "down"
    assert setup.variant_buttons["imperivm-earlier"].state == "normal"
    tap(variant(setup, "IMPERIVM", pump), pump)
    start(app, setup, pump)
    state = app.screen("tetrarchia_board").session.state
    assert state["edition"] == "earlier"
    assert state["variants"] == ["imperivm-earlier", "mare-nostrvm"]


def test_a_refused_combination_is_explained_in_the_players_language(app, pump):
    app.set_setting("lang", "es")
    setup = open_setup(app, pump)
    setup.ids.body.scroll_to(setup.ids.earlier, padding=0, animate=False)
    pump()
    tap(setup.ids.earlier, pump)
    setup.ids.body.scroll_to(setup.ids.players3, padding=0, animate=False)
    pump()
    tap(setup.ids.players3, pump)
    tap(variant(setup, "EL GRANDE", pump), pump)
    tap(setup.ids.start, pump)
    assert app.manager.current == "tetrarchia_setup"
    assert setup.ids.message.text == "EL GRANDE no funciona con 3 jugadores en la edición anterior"
    assert app.screen("home").store.list_games() == []


def test_resume_list_shows_round_and_whose_turn(app, pump):
    setup = open_setup(app, pump)
    start(app, setup, pump)
    board = app.screen("tetrarchia_board")
    session = board.session
    enter = [a for a in session.legal_actions() if a["type"] == "enter"][0]
    board.play(enter)
    board.play({"type": "end_turn"})
    pump()
    assert session.state["turn"] == "galerius"
    tap(board.ids.home, pump)
    home = app.screen("home")
    pump()
    entry = home.ids.saved_games.children[0]
    lines = entry.text.split("\n")
    assert lines[0].startswith("Tetrarchia · ")
    assert lines[1] == "Round 1 · Galerius"
    assert entry.texture_size[1] <= entry.height
    app.set_setting("lang", "es")
    pump()
    entry = home.ids.saved_games.children[0]
    assert entry.text.split("\n")[1] == "Ronda 1 · Galerio"


def test_resume_list_shows_the_result_of_a_finished_game(app, pump):
    import json

    setup = open_setup(app, pump)
    start(app, setup, pump)
    board = app.screen("tetrarchia_board")
    meta_path = board.session.game.folder / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta.update(outcome={"result": "victory", "reason": "test"}, finished=True, phase="over")
    meta_path.write_text(json.dumps(meta))
    tap(board.ids.home, pump)
    home = app.screen("home")
    pump()
    assert home.ids.saved_games.children[0].text.split("\n")[1] == "Victory"
