"""The Advanced Game's event deck (17.1): drawing a card after paying for an activation (by the
app, or the card the table drew), holding at most 3 (a fourth waits in `state["hand_limit"]`
until its holder plays or discards down to the limit, 17.14), playing, and the reshuffle in the
Victory Phase. A card played waits for its effect to be applied (effects.py)."""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.effects import card_played
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx, advanced, check_power

DECK_DIE = "bag{count}"


def full_deck(t) -> list[str]:
    """Every copy of every card in the text (17.2; P39: 54 of the 55)."""
    return sorted(card["id"] for card in t.event_cards["cards"] for _ in range(card["copies"]))


def deck_state(t) -> dict:
    return {"cards": full_deck(t), "discards": [], "removed": []}


def _card(t, card_id: str) -> dict:
    card = next((c for c in t.event_cards["cards"] if c["id"] == card_id), None)
    if card is None:
        raise IllegalAction(N_("'{card}' is not an event card"), card=card_id)
    return card


def draw_card(ctx: Ctx, action: dict) -> None:
    """A power draws the deck's next card: kept in hand if it is a Hold In Hand card, else
    played at once (17.13, 17.14)."""
    state, t = ctx.state, ctx.t
    if not advanced(state):
        raise IllegalAction(N_("event cards are played in the Advanced Game only"))
    power = check_power(state, action["power"])
    deck = state["deck"]
    if not deck["cards"]:
        raise IllegalAction(N_("the deck is empty until the Victory Phase"))
    given = action.get("card")
    if given is not None:
        _card(t, given)
        if given not in deck["cards"]:
            raise IllegalAction(N_("no copy of {card} is left in the deck"), card=given)
        card_id = given
    else:
        cards = sorted(deck["cards"])
        card_id = cards[ctx.dice.roll(DECK_DIE.format(count=len(cards)), "event card") - 1]
    deck["cards"].remove(card_id)
    card = _card(t, card_id)
    ctx.emit("card-drawn", power=power, card=card_id, held=card["kind"] == "hold_in_hand")
    if card["kind"] == "hold_in_hand":
        hold(ctx, power, card_id)
    else:
        _played(ctx, power, card)


def hold(ctx: Ctx, power: str, card_id: str) -> None:
    """A card joins a power's hand, drawn or taken (Traitor); over the limit, the holder plays
    or discards before anything else (17.14; P56)."""
    book = ctx.book(power)
    book["cards"].append(card_id)
    most = ctx.t.event_cards["deck"]["hand_max"]
    if len(book["cards"]) > most:
        ctx.state["hand_limit"] = {"power": power, "most": most}
        ctx.emit("hand-full", power=power, most=most)


def play_card(ctx: Ctx, action: dict) -> None:
    """A power plays a card from its hand, or discards one (17.15)."""
    power = check_power(ctx.state, action["power"])
    card = _card(ctx.t, action["card"])
    book = ctx.book(power)
    if card["id"] not in book["cards"]:
        raise IllegalAction(N_("{power} holds no {card}"), power=power, card=card["id"])
    book["cards"].remove(card["id"])
    limit = ctx.state.get("hand_limit")
    if limit and limit["power"] == power and len(book["cards"]) <= limit["most"]:
        ctx.state["hand_limit"] = None
    if action.get("discard"):
        ctx.state["deck"]["discards"].append(card["id"])
        ctx.emit("card-discarded", power=power, card=card["id"])
        return
    _played(ctx, power, card)


def check_hand_limit(state: dict, action: dict) -> None:
    """While a hand holds more cards than the limit, its holder plays or discards one before
    any other action (17.13, 17.14; P56)."""
    limit = state.get("hand_limit")
    if not limit:
        return
    if action["type"] == "play-card" and action.get("power") == limit["power"]:
        return
    raise IllegalAction(N_("{power} holds more than {most} event cards: it plays or discards "
                           "one first"), power=limit["power"], most=limit["most"])


def hand_limit_choices(state: dict) -> list[dict]:
    """The ways out of a hand over the limit: each card of the hand played or discarded."""
    power = state["hand_limit"]["power"]
    cards = sorted(set(state["powers"][power]["cards"]))
    return [{"type": "play-card", "power": power, "card": card, **extra}
            for card in cards for extra in ({}, {"discard": True})]


def _played(ctx: Ctx, power: str, card: dict) -> None:
    deck = ctx.state["deck"]
    (deck["removed"] if card.get("remove") else deck["discards"]).append(card["id"])
    ctx.emit("card-played", power=power, card=card["id"], removed=bool(card.get("remove")))
    card_played(ctx, power, card)


def reshuffle(ctx: Ctx) -> None:
    """The Victory Phase: the discards go back into the deck (17.16); hands keep their cards
    and removed cards stay out."""
    deck = ctx.state["deck"]
    deck["cards"] = sorted(deck["cards"] + deck["discards"])
    deck["discards"] = []
    ctx.emit("deck-reshuffled", cards=len(deck["cards"]))
