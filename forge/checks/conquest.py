"""Conquest of the Empire II's own checks: its optional map.yaml true to the movement rules'
needs (forge/engine/conquest/board.py), each problem with file, line and field.

The schema (forge/schemas/map.yaml) checks shapes and that every id named is a place of the
map; these add what a schema cannot say: neighbours listed both ways, one id per place, straits
between provinces that are not land neighbours in a sea touching both, the key provinces exactly
those of the game's tables.yaml, and the places the cards of cards.yaml name (a Barbarians'
province, a Fleet Command's sea, a city's provinces) on the map as what they are.
"""
from __future__ import annotations

from forge.content import Doc
from forge.engine.conquest.board import doc_problems
from forge.errors import Problem


def check(docs: dict[str, Doc]) -> list[Problem]:
    """The map's problems (none when the game has no map.yaml)."""
    if "map" not in docs:
        return []
    tables = docs.get("tables")
    entries = tables.data.get("key_provinces") if tables is not None else None
    keys = [k.get("id") for k in entries or [] if isinstance(k, dict)]
    problems = doc_problems(docs["map"], keys)
    if "cards" in docs:
        problems += _card_places(docs["map"], docs["cards"])
    return problems


def _card_places(board: Doc, cards: Doc) -> list[Problem]:
    """Each place a card's play names is on the map: provinces as provinces, seas as seas."""
    kinds = {section: {e.get("id") for e in board.data.get(section) or [] if isinstance(e, dict)}
             for section in ("provinces", "seas")}
    problems = []
    for d, deck in enumerate(cards.data.get("decks") or []):
        for c, card in enumerate(deck.get("cards") or [] if isinstance(deck, dict) else []):
            play = card.get("play") if isinstance(card, dict) else None
            if not isinstance(play, dict):
                continue
            named = [("provinces", play.get("to")), ("seas", play.get("sea"))]
            named += [("provinces", p) for p in play.get("city") or []]
            for section, place in named:
                if isinstance(place, str) and place not in kinds[section]:
                    what = "province" if section == "provinces" else "sea"
                    problems.append(board.problem((section,), (
                        f"the card {card.get('id')} ({cards.path.name}:"
                        f"{cards.line(('decks', d, 'cards', c, 'play'))}) names the {what} "
                        f"'{place}', which this map does not have as a {what}")))
    return problems
