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

# The face: the kind's colour as frame, the title in a band, the text on parchment filling the
# card, the kind's icon and name at the foot (boxes in mm from the top-left of the trim).
LAYOUT = {"id": "pax-romana-event", "boxes": [
    {"show": "frame"},
    {"show": "panel", "box": [3, 3, 57.5, 12], "fill": "class", "stroke": "parchment", "line": 1,
     "shape": "rounded", "radius": 1.6},
    {"show": "title", "box": [4, 3, 55.5, 12], "font": "serif-bold", "color": "on-class",
     "size": 12, "min_size": 8, "lines": 2},
    {"show": "text", "box": [3, 17, 57.5, 60], "fill": "parchment", "shape": "rounded",
     "radius": 1.4, "color": "ink", "size": 9, "min_size": 6},
    {"show": "class-icon", "box": [4, 78.6, 7, 7], "color": "on-class"},
    {"show": "class", "box": [12, 78.1, 39.5, 8], "font": "sans-bold", "upper": True,
     "color": "on-class", "size": 7.5, "min_size": 6, "lines": 1},
]}

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
            "style": {"layout": LAYOUT}, "classes": classes, "cards": cards}


@maker("pax-romana-events", reads=("game", "event_cards"))
def make_event_cards(component: dict, ctx) -> list[Piece]:
    """Every event card, copies included, with the deck's common back."""
    return make_deck(component, ctx, event_deck(component, ctx))
