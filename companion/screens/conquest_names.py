"""The names CONQUEST OF THE EMPIRE II's screens show, in the players' language, from one place.

Provinces, units and card titles are the engine's own `Names` (forge.engine.conquest.words:
tables.yaml and cards.yaml through the game's catalog); added here are what only the screens
show: a card's printed text, a battle-die symbol by the unit it shows, and events in words. `tr`
is any translator with `lang` and `_` (the app's, or a session's).
"""
from __future__ import annotations

from functools import cache


def names(tr):
    """The engine's names in the translator's language."""
    from forge.engine.conquest.words import Names

    return Names(tr)


def place_name(place: str, tr) -> str:
    """A key province by its name; any other place (a sea, a province the table typed) as it
    is."""
    return names(tr).place(place)


def units_text(units: dict, tr) -> str:
    """'3 Infantry, 1 General'."""
    return names(tr).units(units)


def unit_name(unit: str, tr) -> str:
    """One unit type's name: 'Infantry'."""
    return names(tr).unit(unit)


def symbol_name(symbol: str, tr) -> str:
    """A battle-die face: the unit it shows, or 'Blank'."""
    for unit in names(tr).t.raw["units"]:
        if unit.get("symbol") == symbol:
            return unit_name(unit["id"], tr)
    return tr._("Blank") if symbol == "blank" else symbol


def card_title(card: str, tr) -> str:
    """A card's printed title (its id when cards.yaml lacks it)."""
    return names(tr).card(card)


@cache
def _card_texts() -> dict:
    """{card id: (deck id, English text)} of the cards with a printed text (cards.yaml)."""
    from forge.content import load_doc
    from forge.engine.conquest.data import CONTENT_DIR

    path = CONTENT_DIR / "cards.yaml"
    if not path.exists():
        return {}
    return {card["id"]: (deck["id"], card["text"])
            for deck in load_doc(path).data.get("decks", [])
            for card in deck.get("cards", []) if card.get("text")}


def card_text(card: str, tr) -> str:
    """A card's printed text, else ''."""
    deck, text = _card_texts().get(card, (None, ""))
    if deck is None:
        return ""
    return names(tr).game_text(text, f"cards/decks/{deck}/cards/{card}/text")


def event_words(events: list[dict], session) -> list[str]:
    """Events in words, in the session's language (the engine's own sentences)."""
    out = []
    for event in events:
        try:
            out.append(session.describe(event, session.translator))
        except (KeyError, ValueError):
            out.append(str(event.get("kind", "")))
    return out
