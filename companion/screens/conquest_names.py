"""The names CONQUEST OF THE EMPIRE II's screens show, in the players' language, from one place.

Provinces, units and card titles are the engine's own `Names` (forge.engine.conquest.words:
tables.yaml and cards.yaml through the game's catalog); added here are what only the screens
show: a card's printed text, a battle-die symbol by the unit it shows, events in words, and the
places a screen offers to choose from (companion.places): the key provinces and the seas beside
them from the tables, and every place where an army stands now from the state. `tr` is any
translator with `lang` and `_` (the app's, or a session's).
"""
from __future__ import annotations

from functools import cache


def names(tr):
    """The engine's names in the translator's language."""
    from forge.engine.conquest.words import Names

    return Names(tr)


def place_name(place: str, tr) -> str:
    """A key province by its name; any other place (a sea, a province the table typed) as it
    is, an id's hyphens as spaces ('aegean-sea', a card's sea: 'Aegean sea')."""
    name = names(tr).place(place)
    if name == place and "-" in place and " " not in place:
        name = place.replace("-", " ")
        name = name[:1].upper() + name[1:]
    return name


def place_label(place: str, tr) -> str:
    """A place's name as a choice shows it, starting with a capital ('The sea by Egypt')."""
    text = place_name(place, tr)
    return text[:1].upper() + text[1:]


def is_sea(place: str, state: dict) -> bool:
    """Whether a place is a sea: one beside a key province, or a place the table named where
    only ships stand (the engine keeps galleys at sea only)."""
    from forge.engine.conquest.data import tables
    from forge.engine.conquest.words import SEA_BY

    t = tables()
    if place.startswith(SEA_BY) or place in t.named_seas:
        return True
    if place in t.key_provinces or place in t.named_place:
        return False
    units = [u for army in state.get("army", {}).values() for u, n in army.get(place, {}).items()
             if n]
    return bool(units) and all(t.unit_where.get(u) == "sea" for u in units)


def army_places(state: dict, players=None, sea: bool | None = None) -> list[str]:
    """Where the players' units stand (all players by default; seas only, provinces only, or
    both), in the order the books list them."""
    out = []
    for player in players if players is not None else state.get("players", []):
        for place, units in state.get("army", {}).get(player, {}).items():
            if place != "unplaced" and any(units.values()) and place not in out \
                    and (sea is None or is_sea(place, state) == sea):
                out.append(place)
    return out


def place_sections(state: dict, tr, provinces: bool = True, seas: bool = True,
                   first: tuple = ("", ()), leave_out=()) -> list:
    """The places a screen offers (companion.places sections): `first` (a heading and places)
    at the top, then the key provinces, the other provinces where units stand or the cards name,
    and the seas (those beside the key provinces, those where galleys stand, those the cards
    name), each place once."""
    from forge.engine.conquest.data import tables
    from forge.engine.conquest.legal import sea_by

    t = tables()
    key = list(t.key_provinces)
    named_seas = [p for p in t.named_place if p in t.named_seas]
    named_provinces = [p for p in t.named_place if p not in t.named_seas]
    taken = set(leave_out)
    sections = []

    def add(title, places):
        fresh = [p for p in dict.fromkeys(places) if p not in taken]
        taken.update(fresh)
        sections.append((title, [(p, place_label(p, tr)) for p in fresh]))

    add(*first)
    if provinces:
        add(tr._("Key provinces"), key)
        add(tr._("Other provinces"), army_places(state, sea=False) + named_provinces)
    if seas:
        add(tr._("Seas"), [sea_by(p) for p in key] + army_places(state, sea=True) + named_seas)
    return [(title, options) for title, options in sections if options]


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
