"""Where each copy of each card is, and the deals the deck cannot make.

The Conquest deck is data (cards.yaml: every card with its `count`, rulebook "TIPOS DE NAIPES
DE CONQUISTA"); the engine's books already say where every copy it has seen is, so the
whereabouts are derived from them rather than kept twice (an old save replays to the very
states it recorded):

- `offer`: face up beside the board (`state.offer`); the Senate Votes lie in `state.votes`
  from the start and are never in the deck (rulebook "Voto Senatorial": "se retiran de la
  baraja antes de comenzar el juego");
- `hand`: in front of a player (`books.<player>.cards`), `used` when turned face down this
  season (`books.<player>.used`);
- `removed`: out of the game (an immediate card once taken, `state.removed`);
- `taken`: Senators taken from the offer (`state.taken`, kept only once one is): in the hand
  they are votes (`books.<player>.senators`, ruling R18) and leave the game when paid, so they
  never come back to the deck;
- `draw`: the rest, face down in the draw pile.
"""
from __future__ import annotations

from collections import Counter

from forge.engine.conquest.data import card_data
from forge.engine.conquest.refusal import IllegalAction
from forge.engine.core import N_

DRAW_DECK = "conquest"


def deck_of(state: dict, card: str) -> str:
    """The deck a card belongs to (a card of the `cards` option without one: the Conquest
    deck)."""
    info = state["cards"].get(card) or {}
    return info.get("deck") or (card_data().get(card) or {}).get("deck") or DRAW_DECK


def copies(state: dict, card: str) -> int:
    """How many copies of the card the game has (cards.yaml `count`; 1 if not given)."""
    info = state["cards"].get(card) or {}
    count = info.get("count") or (card_data().get(card) or {}).get("count")
    return count if isinstance(count, int) and count > 0 else 1


def whereabouts(state: dict, card: str) -> dict:
    """{place: copies} for one card; `hand` and `used` are {player: copies}."""
    books = state["books"]
    hand = {p: b["cards"].count(card) - b["used"].count(card) for p, b in books.items()}
    used = {p: min(b["used"].count(card), b["cards"].count(card)) for p, b in books.items()}
    where = {"offer": state["offer"].count(card) + state["votes"].count(card),
             "hand": {p: n for p, n in hand.items() if n > 0},
             "used": {p: n for p, n in used.items() if n > 0},
             "removed": state["removed"].count(card),
             "taken": (state.get("taken") or {}).get(card, 0)}
    seen = (where["offer"] + sum(where["hand"].values()) + sum(where["used"].values())
            + where["removed"] + where["taken"])
    where["draw"] = copies(state, card) - seen if deck_of(state, card) == DRAW_DECK else 0
    return where


def draw_pile(state: dict) -> dict:
    """{card: copies still face down in the draw pile} (cards with none left are left out)."""
    pile = {}
    for card in state["cards"]:
        if deck_of(state, card) == DRAW_DECK:
            left = whereabouts(state, card)["draw"]
            if left > 0:
                pile[card] = left
    return pile


def check_deal(state: dict, cards: list) -> None:
    """Refuse a deal the deck cannot make: a card of another deck, a card in someone's hand,
    more copies than are left in the draw pile."""
    for card, wanted in Counter(cards).items():
        if card not in state["cards"]:
            raise IllegalAction(N_("the card {card} is not in the game's card list"), card=card)
        deck = deck_of(state, card)
        if deck == "senate-votes":
            raise IllegalAction(N_("{card} is a Senate Vote: the Senate Votes lie face up "
                                   "from the start and are never dealt from the deck"),
                                card=card)
        if deck != DRAW_DECK:
            raise IllegalAction(N_("{card} is not a card of the Conquest deck"), card=card)
        where = whereabouts(state, card)
        if wanted <= where["draw"]:
            continue
        holders = sorted(set(where["hand"]) | set(where["used"]))
        if copies(state, card) == 1 and holders:
            raise IllegalAction(N_("{card} is in {player}'s hand: the game has only one"),
                                card=card, player=holders[0])
        raise IllegalAction(N_("{card}: the deck has {count} in all, and {left} left in the "
                               "draw pile"), card=card, count=copies(state, card),
                            left=max(where["draw"], 0))


def note_taken(state: dict, card: str) -> None:
    """A Senator taken from the offer: it stays out of the deck for the rest of the game."""
    taken = state.setdefault("taken", {})
    taken[card] = taken.get(card, 0) + 1
