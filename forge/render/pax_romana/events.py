"""PAX ROMANA's event cards (the Advanced Game's deck, 17.2), built from event_cards.yaml.

`pax-romana-events` prints one card per copy of each entry of event_cards.yaml `cards`, in its
order, with the shared card faces of forge/render/cards.py: the title, the text, and at the foot
the card's kind (Play When Drawn or Hold In Hand, each with its colour and icon, so the two read
apart in grayscale); a card used once and removed says so under its text. One back for all: the
game's title and the component's `back_subtitle`. The deck's words are the component's `labels`.
"""
from __future__ import annotations

from forge.errors import UserError
from forge.model import Piece
from forge.render import maker
from forge.render.cards import deck_builder, make_deck

KINDS = {"play_when_drawn": {"fill": "play", "icon": "immediate"},
         "hold_in_hand": {"fill": "hold", "icon": "multiple-use"}}


@deck_builder("pax-romana-events")
def event_deck(component: dict, ctx) -> dict:
    """The deck of event_cards.yaml in cards.yaml's shape, its id the component's `deck`."""
    data = ctx.data.get("event_cards")
    if not data:
        raise UserError(f"component '{component['id']}': the game has no event_cards.yaml")
    labels = component.get("labels") or {}
    classes = [{"id": kind, "name": labels.get(kind, kind), **look}
               for kind, look in KINDS.items()]
    cards = []
    for card in data["cards"]:
        text = card["text"]
        if card.get("remove") and labels.get("remove"):
            text = f"{text}\n{labels['remove']}"
        cards.append({"id": card["id"], "title": card["name"], "text": text,
                      "class": card["kind"], "count": card["copies"]})
    return {"id": component.get("deck") or "events", "name": labels.get("deck", component["name"]),
            "back": {"title": labels.get("back_title", ctx.game["title"]),
                     "subtitle": labels.get("back_subtitle", ""), "icon": "laurel",
                     "fill": "deck", "ink": "play"},
            "style": {"min_text_size": 6.0}, "classes": classes, "cards": cards}


@maker("pax-romana-events", reads=("game", "event_cards"))
def make_event_cards(component: dict, ctx) -> list[Piece]:
    """Every event card, copies included, with the deck's common back."""
    return make_deck(component, ctx, event_deck(component, ctx))
