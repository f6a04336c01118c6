"""CONQUEST OF THE EMPIRE II: the withdrawal of leaders left alone after a lost battle, as a step
the screens show in place of everything else while it is pending.

The engine keeps `withdrawal` in the state and lists only `withdraw` actions until every player
named there has withdrawn (digest 6.4, ruling R14); the books and the battle screen both show
this step (and the season screen, should one ever be pending there), so play cannot go on past
it. The destination is chosen with the shared place chooser (companion.places): the provinces
the engine lists when the game has a map (`choices`), else the provinces the game knows, the
player's own places first, never the battle's province nor a sea.
"""
from __future__ import annotations

from kivy.factory import Factory

from companion.places import PlaceChooser
from companion.screens.conquest_names import army_places, place_name, place_sections, units_text
from companion.widgets import big, body


def pending_withdrawals(session) -> list[dict]:
    """The engine's listed `withdraw` actions (empty when none is pending)."""
    if not (session.state or {}).get("withdrawal"):
        return []
    return [a for a in session.legal_actions() if a.get("type") == "withdraw"]


def show_withdrawal(box, session, tr, chosen: dict, play):
    """The step for the first player who must withdraw: who, what and from where, the
    destination's chooser and the Withdraw button. `chosen` keeps the destination and the
    filter text while the screen is built again; `play(action)` sends it (None: no place is
    chosen yet). The Withdraw button, or None when no withdrawal is pending."""
    listed = pending_withdrawals(session)
    if not listed:
        return None
    state = session.state
    action = listed[0]
    player, origin = action["player"], action["origin"]
    box.add_widget(Factory.Section(text=tr._("Leaders left alone must withdraw")))
    box.add_widget(body(tr._("{player} withdraws {units} from {where} to a land province "
                             "next to it (enemy units may stand there):").format(
        player=player, units=units_text(action.get("leaders") or {}, tr),
        where=place_name(origin, tr)), font_size="18sp"))
    if chosen.get("player") != player:          # a new player: nothing chosen for him yet
        chosen.clear()
        chosen["player"] = player
    listed_places = action.get("choices")
    if listed_places is not None:               # the map says where: only those
        sections = [(tr._("Next to {province}").format(province=place_name(origin, tr)),
                     [(p, place_name(p, tr)) for p in listed_places])]
        other = hint = None
    else:
        sections = place_sections(
            state, tr, seas=False, leave_out=(origin,),
            first=(tr._("Where {player}'s units stand").format(player=player),
                   army_places(state, [player], sea=False)))

        def other(name):
            return tr._("Another province: {name}").format(name=name)

        hint = tr._("Find or type a province")
    box.add_widget(PlaceChooser(
        sections, chosen.get("to"), lambda v: chosen.__setitem__("to", v), role="withdraw",
        hint=hint or "", other=other, typed=chosen.get("typed", ""),
        on_type=lambda text: chosen.__setitem__("typed", text),
        on_change=lambda v: chosen.__setitem__("to", v)))

    def withdraw():
        if not chosen.get("to"):
            play(None)
            return
        play({"type": "withdraw", "player": player, "to": chosen["to"]})

    button = big(tr._("Withdraw the leaders"), withdraw, role="withdraw-button")
    button.action = action
    box.add_widget(button)
    return button
