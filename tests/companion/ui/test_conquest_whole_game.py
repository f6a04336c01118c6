"""Issue 16: the whole game of tests/conquest_whole_game.yaml (4 seasons, a senate vote, eight
immediate cards, a battle) played in the companion at a phone's size, ending on the end screen
with the standings the JSON commands reach (tests/test_cli_conquest_game.py).

Tapped: every pass, every immediate card (play-card, with its form), the cards dealt
(offer-cards), the vote card taken and the senate vote (call, bids, passes on the senate screen)
and every season end (the season screen's steps, then the end screen). Through the app's session,
as the other tests do for set-up shortcuts: the set-up itself (players, first player, starting
influence), the auctions, the starting units, the province tokens, the move, the battle (its
faces are the plan's, entered), its casualties, stay and withdrawal, the influence bought, the
recruit and the board's VP values (the season screen asks them one province at a time; the plan
enters them in one action). Senator Bribe's senator is drawn by the app's dice here (the plan
names it): no vote follows either bribe, so the standings do not depend on it.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from test_conquest_auction import conquest_session
from test_conquest_flow import form_tap, press_action
from test_conquest_senate import toggle
from test_conquest_steps import form_chooser, form_counter, form_grid_button, open_books
from touch import press, screenshot, tap, walk

PLAN = yaml.safe_load((Path(__file__).parents[2] / "conquest_whole_game.yaml")
                      .read_text("utf-8"))
TAPPED = {"pass", "play-card", "offer-cards", "take-card", "call-vote", "vote-bid",
          "vote-pass", "end-season"}

SHORTCUTS = {"bid", "auction-pass", "place", "place-tokens", "move", "battle", "roll",
             "casualties", "stay", "withdraw", "buy-influence", "recruit", "set-board-values"}


def books_screen(app, session, pump):
    if app.manager.current != "conquest_books":
        return open_books(app, session, pump)
    books = app.screen("conquest_books")
    books.refresh()
    pump()
    return books


def card_button(books, step: dict):
    found = [b for b in books.action_buttons
             if (b.action or {}).get("type") == step["type"]
             and b.action.get("card") == step["card"]]
    assert found, (step, [b.text for b in books.action_buttons])
    return found[0]


def play_card(books, step: dict, pump) -> None:
    press(card_button(books, step), pump)
    effect = step["effect"]
    if books.popup is None:
        return
    if effect == "city":
        form_tap(books, form_chooser(books, "card-province").buttons[step["province"]], pump)
    elif effect == "senator":
        form_tap(books, form_grid_button(books, step["target"]), pump)
    elif effect in ("sea", "move"):
        form_tap(books, form_chooser(books, "card-from").buttons[step["from"]], pump)
        for unit, count in (step.get("units") or {}).items():
            for _ in range(count):
                form_tap(books, form_counter(books, unit.capitalize()).plus, pump)
    if "cost" in step:
        cost = form_counter(books, "Cost printed on the card")
        for _ in range(step["cost"] // 5):
            form_tap(books, cost.plus, pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, (step, books.message, books.form["note"].text)


def deal(books, cards: list, pump) -> None:
    press_action(books, "Deal cards on offer…", pump)
    by_card = {w.card: w for w in books.form["fields"][0].children}
    for card in cards:
        widget = by_card[card]
        form_tap(books, widget.plus if hasattr(widget, "plus") else widget, pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, books.message


def end_season(app, books, pump) -> None:
    press_action(books, "Season end", pump)
    assert app.manager.current == "conquest_season"
    season = app.screen("conquest_season")
    tap(season.end_button, pump)
    assert season.steps, season.message
    for _ in range(10):
        if season.next_button.text in ("Done: back to the books", "See the result"):
            break
        tap(season.next_button, pump)
    tap(season.next_button, pump)


def end_standings(end) -> list[dict]:
    grid = next(w for w in walk(end) if isinstance(w, GridLayout) and w.cols == 4)
    cells = [w.text for w in reversed(grid.children) if isinstance(w, Label)]
    rows = [cells[i:i + 4] for i in range(4, len(cells), 4)]
    return [{"player": p, "vp": int(vp), "influence": int(tokens), "place": int(place)}
            for p, place, vp, tokens in rows]


def test_the_whole_game_by_taps(app, pump, window, shots):
    session = conquest_session(app, {"players": PLAN["players"], "first": PLAN["first"],
                                     "influence": PLAN["influence"]}, seed=PLAN["seed"])
    books = open_books(app, session, pump)
    steps = PLAN["steps"]
    shortcuts = set()
    for index, step in enumerate(steps):
        kind = step["type"]
        if kind not in TAPPED:
            shortcuts.add(kind)
            session.act(step)
            if session.state["phase"] != "over":
                books = books_screen(app, session, pump)
            continue
        if kind in ("vote-bid", "vote-pass"):
            senate = app.screen("conquest_senate")
            if kind == "vote-bid":
                for value in step["senators"]:
                    toggle(senate, value, pump)
                tap(senate.bid_button, pump)
            else:
                tap(senate.pass_button, pump)
            if session.state["senate"] is None:
                tap(senate.ids.back, pump)
                assert app.manager.current == "conquest_books"
            continue
        books = books_screen(app, session, pump)
        if kind == "pass":
            assert books.current() == step["player"], (index, step)
            press_action(books, "Pass", pump)
        elif kind == "play-card":
            play_card(books, step, pump)
        elif kind == "take-card":
            press(card_button(books, step), pump)
        elif kind == "offer-cards":
            deal(books, step["cards"], pump)
        elif kind == "call-vote":
            press_action(books, "Senate vote", pump)
            senate = app.screen("conquest_senate")
            assert app.manager.current == "conquest_senate"
            press(senate.call_buttons[0], pump)
            assert session.state["senate"]["caller"] == step["player"]
        elif kind == "end-season":
            end_season(app, books, pump)
        assert len(session.log()) == index + 2, (index, step, books.message)
    assert shortcuts == SHORTCUTS
    assert session.state["phase"] == "over"
    assert app.manager.current == "conquest_end"
    end = app.screen("conquest_end")
    screenshot(window, shots, "whole-game-end", pump)
    assert session.state["result"]["standings"] == PLAN["standings"]
    assert end_standings(end) == PLAN["standings"]
