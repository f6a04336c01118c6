"""Issue 16: the whole game of tests/conquest_whole_game.yaml (4 seasons, a senate vote, eight
immediate cards, a battle) played in the companion at a phone's size, ending on the end screen
with the standings the JSON commands reach (tests/test_cli_conquest_game.py).

Every step is tapped; nothing goes through the app's session. The set-up screen (players, first
player, the app's dice from the plan's seed), the guide's starting influence and starting units,
the auction screen, the books' actions and forms (passes, the immediate cards, the cards dealt,
the province tokens, the recruit, the influence bought, the move), the senate screen (the vote
called, bid and passed), the battle screen (declared, the plan's faces entered, casualties, stays,
the withdrawal), the season screen (its steps, the board's VP typed when it asks) and the end
screen. Where the app's log differs from the plan's steps, and why:
- the starting influence is one `starting-influence` entry a player (the plan gives it as the
  set-up's `influence` option, as `forge ... new --option` does);
- the board's VP are asked one province at a time at the first season's end, only where the
  rulebook prints none (the plan enters them in one `set-board-values`, Egypt's printed ones too);
- Senator Bribe's senator is drawn by the app's dice (the plan names it with `drawn`): no vote
  follows either bribe, so the standings do not depend on it.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from test_conquest_auction import button, token
from test_conquest_battle import pick
from test_conquest_flow import counter_named, form_tap, press_action
from test_conquest_senate import toggle
from test_conquest_steps import form_chooser, form_counter, form_grid_button
from touch import press, screenshot, tap, walk

PLAN = yaml.safe_load((Path(__file__).parents[2] / "conquest_whole_game.yaml")
                      .read_text("utf-8"))


def set_up_by_taps(app, pump):
    """Home → Conquest → the plan's players, first player, the app's dice from the plan's seed
    (no board values typed: the season screen asks them) → the guide: each player's starting
    influence tapped from the provinces drawn → the books. The set-up entry and one
    starting-influence entry a player (the plan gives the influence as a set-up option)."""
    home = app.screen("home")
    pump()
    tap(next(b for b in home.ids.new_games.children if "Conquest" in b.text), pump)
    setup = app.screen("conquest_setup")
    setup.seed = PLAN["seed"]
    press(setup.ids[f"count{len(PLAN['players'])}"], pump)
    for field, name in zip(setup.name_inputs, PLAN["players"], strict=True):
        press(field, pump)
        field.text = name
    pump()
    press(setup.first_buttons[PLAN["first"]], pump)
    press(setup.ids.dice_app, pump)
    for fields in setup.vp_inputs.values():
        for field in fields:
            field.text = ""
    pump()
    tap(setup.ids.start, pump)
    assert app.manager.current == "conquest_start", setup.ids.message.text
    guide = app.screen("conquest_start")
    for player in PLAN["players"]:
        assert guide.parts["player"] == player
        for province, count in PLAN["influence"][player].items():
            for _ in range(count):
                press(guide.parts["provinces"].buttons[province], pump)
        tap(guide.parts["done"], pump)
        assert app.session.state["books"][player]["influence"] == PLAN["influence"][player]
    tap(guide.ids.back, pump)
    assert app.manager.current == "conquest_books"
    return app.session, app.screen("conquest_books")


def books_screen(app, session, pump):
    """The books, where every other screen's Back leads (nothing refreshed by hand)."""
    assert app.manager.current == "conquest_books", app.manager.current
    assert app.session is session
    return app.screen("conquest_books")


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


def end_season(app, books, pump, board_vp: dict) -> int:
    """The season screen's steps; the board's VP the engine asks for, one province at a time,
    typed from `board_vp` (the plan's set-board-values). How many provinces were asked."""
    press_action(books, "Season end", pump)
    assert app.manager.current == "conquest_season"
    season = app.screen("conquest_season")
    tap(season.end_button, pump)
    asked = 0
    while season.asking:
        assert season.asking in board_vp, season.message
        for box, value in zip(season.inputs, board_vp[season.asking], strict=True):
            press(box, pump)
            box.text = str(value)
        pump()
        tap(season.save_button, pump)
        asked += 1
    assert season.steps, season.message
    for _ in range(10):
        if season.next_button.text in ("Done: back to the books", "See the result"):
            break
        tap(season.next_button, pump)
    tap(season.next_button, pump)
    return asked


def auction_step(app, session, step: dict, pump) -> None:
    """A bid or a pass on the auction screen, opened from the books; back when it is over."""
    if app.manager.current != "conquest_auction":
        press_action(books_screen(app, session, pump), "Alliance auction", pump)
    auction = app.screen("conquest_auction")
    assert session.state["auction"]["bidder"] == step["player"]
    if step["type"] == "bid":
        for _ in range(step["amount"]):
            tap(auction.ids.plus, pump)
        assert auction.amount == step["amount"]
        press(token(auction, "box_a_row", step["a"]), pump)
        press(token(auction, "box_b_row", step["b"]), pump)
        tap(auction.ids.bid_button, pump)
    else:
        tap(auction.ids.pass_button, pump)
    if auction.finished:
        tap(auction.ids.back, pump)


def place_step(app, session, step: dict, pump) -> None:
    """Starting units placed on the guide's step, the books' way to it."""
    if app.manager.current != "conquest_start":
        press_action(books_screen(app, session, pump), "Place starting units…", pump)
    guide = app.screen("conquest_start")
    assert guide.parts["player"] == step["player"]
    press(guide.parts["where"].buttons[step["where"]], pump)
    for unit, count in step["units"].items():
        counter = counter_named(guide.ids.content, unit.capitalize())
        for _ in range(count):
            press(counter.plus, pump)
    tap(guide.parts["place"], pump)
    if "books" in guide.parts:
        tap(guide.parts["books"], pump)


def form_step(books, step: dict, pump) -> None:
    """A table entry or an action with a form in the books, filled in by taps."""
    kind = step["type"]
    if kind == "place-tokens":
        from forge.engine.conquest.data import tables

        press_action(books, "Lay out province tokens…", pump)
        names = tables().province_name
        for province, count in step["tokens"].items():
            counter = next(c for c in books.form["fields"]
                           if getattr(c, "label", None) is not None
                           and c.label.text == names[province])
            for _ in range(count):
                form_tap(books, counter.plus, pump)
    elif kind == "recruit":
        press_action(books, "Recruit…", pump)
        form_tap(books, books.form["fields"][1].buttons[step["province"]], pump)
        for unit, count in step["units"].items():
            for _ in range(count):
                form_tap(books, form_counter(books, unit.capitalize()).plus, pump)
    elif kind == "buy-influence":
        press_action(books, "Buy influence…", pump)
        form_tap(books, books.form["fields"][1].buttons[step["province"]], pump)
        assert set(step["purchases"]) == {"token"}
        for _ in step["purchases"]:
            form_tap(books, books.form["fields"][3].plus, pump)
    elif kind == "move":
        press_action(books, "Move land units", pump)
        origin = next(w for w in walk(books.form["fields"][1]) if getattr(w, "buttons", None))
        form_tap(books, origin.buttons[step["from"]], pump)
        ((to, units),) = step["to"].items()
        for unit, count in units.items():
            for _ in range(count):
                form_tap(books, form_counter(books, unit.capitalize()).plus, pump)
        form_tap(books, form_chooser(books, "to").buttons[to], pump)
    tap(books.form["ok"], pump)
    assert books.popup is None, (step, books.message, books.form["note"].text)


def battle_step(app, session, step: dict, pump) -> None:
    """The battle screen: declared, the table's faces entered, losses, stays, withdrawal."""
    from forge.engine.conquest.data import tables

    names = tables().province_name
    kind = step["type"]
    if kind == "battle":
        press_action(books_screen(app, session, pump), "Battle", pump)
    screen = app.screen("conquest_battle")
    assert app.manager.current == "conquest_battle"
    if kind == "battle":
        pick(screen, "where", names[step["province"]], pump)
        pick(screen, "defender", step["defender"], pump)
        press(button(screen, "Declare the battle"), pump)
    elif kind == "roll":
        for side, faces in step["faces"].items():
            for face in faces:
                pick(screen, f"face-{side}", face.capitalize(), pump)
        press(button(screen, "Send the faces rolled at the table"), pump)
    elif kind == "casualties":
        owed = 0
        for units in step["remove"].values():
            for unit, count in units.items():
                owed += count
                for _ in range(count):
                    row = next(w for w in walk(screen)
                               if f": {unit.capitalize()} " in str(getattr(w, "text", "")))
                    plus = next(c for c in row.parent.children if getattr(c, "text", "") == "+")
                    press(plus, pump)
        press(button(screen, f"Remove these {owed} of {owed}"), pump)
    elif kind == "stay":
        press(button(screen, "Stay and fight on"), pump)
    else:
        pick(screen, "withdraw", names[step["to"]], pump)
        press(button(screen, "Withdraw the leaders"), pump)
    if session.state["battle"] is None and not session.state.get("withdrawal"):
        tap(screen.ids.back, pump)
        assert app.manager.current == "conquest_books"


def end_standings(end) -> list[dict]:
    grid = next(w for w in walk(end) if isinstance(w, GridLayout) and w.cols == 4)
    cells = [w.text for w in reversed(grid.children) if isinstance(w, Label)]
    rows = [cells[i:i + 4] for i in range(4, len(cells), 4)]
    return [{"player": p, "vp": int(vp), "influence": int(tokens), "place": int(place)}
            for p, place, vp, tokens in rows]


def test_the_whole_game_by_taps(app, pump, window, shots):
    assert tuple(window.size) == (360, 640)             # the phone's size (conftest)
    session, books = set_up_by_taps(app, pump)
    assert session.state["players"] == PLAN["players"] and session.dice_mode == "app"
    # the log's entries beyond the plan's steps: the starting influence (one a player), the
    # board's VP (one plan step, one entry a province asked)
    extra, board_vp = len(PLAN["players"]), {}
    for index, step in enumerate(PLAN["steps"]):
        kind = step["type"]
        if kind == "set-board-values":         # typed when the season's end asks for them
            board_vp, extra = step["vp"], extra - 1
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
        elif kind in ("bid", "auction-pass"):
            auction_step(app, session, step, pump)
        elif kind in ("battle", "roll", "casualties", "stay", "withdraw"):
            battle_step(app, session, step, pump)
        elif kind == "place":
            place_step(app, session, step, pump)
        else:
            books = books_screen(app, session, pump)
            if kind in ("place-tokens", "recruit", "buy-influence", "move"):
                form_step(books, step, pump)
            elif kind == "pass":
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
                assert app.manager.current == "conquest_senate"
                press(app.screen("conquest_senate").call_buttons[0], pump)
                assert session.state["senate"]["caller"] == step["player"]
            else:
                assert kind == "end-season", f"no taps for {kind}"
                extra += end_season(app, books, pump, board_vp)
        assert len(session.log()) == index + 2 + extra, (index, step, app.manager.current)
    assert session.state["phase"] == "over"
    assert app.manager.current == "conquest_end"
    end = app.screen("conquest_end")
    screenshot(window, shots, "whole-game-end", pump)
    assert session.state["result"]["standings"] == PLAN["standings"]
    assert end_standings(end) == PLAN["standings"]
