"""Where each copy of each card is, and the deals the deck cannot make.

The Conquest deck is data (cards.yaml: every card with its `count`, rulebook "TIPOS DE NAIPES
DE CONQUISTA"); the engine's books already say where every copy it has seen is, so the
whereabouts are derived from them and nothing is added to the state (a save written before
this bookkeeping replays to the very states it recorded, digests included):

- `offer`: face up beside the board (`state.offer`); the Senate Votes lie in `state.votes`
  from the start and are never in the deck (rulebook "Voto Senatorial": "se retiran de la
  baraja antes de comenzar el juego");
- `hand`: in front of a player (`books.<player>.cards`), `used` when turned face down this
  season (`books.<player>.used`);
- `removed`: out of the game (an immediate card once taken, `state.removed`);
- `taken`: Senators taken from the offer. In the hand a Senator is a vote value
  (`books.<player>.senators`, ruling R18), not told apart from the starting ones, and once paid
  it leaves the game without a trace in the books; so the copies of a value held beyond the
  starting ones (one I, II and III per player) are counted, a bound that never refuses a deal
  the table can make (ruling R25);
- `draw`: the rest, face down in the draw pile.
"""
from __future__ import annotations

from collections import Counter

from forge.engine.conquest.data import card_data, senator_value, tables
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
             "taken": _senators_held(state, card)}
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


def _senators_held(state: dict, card: str) -> int:
    """Copies of a deck Senator that the hands must hold: the players' senators of its value
    beyond the starting ones (tables.yaml `start.senators`, one set per player)."""
    value = senator_value(card) if deck_of(state, card) == DRAW_DECK else None
    if value is None:
        return 0
    held = sum(b["senators"].count(value) for b in state["books"].values())
    starting = list(tables().start["senators"]).count(value) * len(state["players"])
    return max(0, held - starting)
