"""The context one set-up or action runs in, the same for every game.

A game's procedures take a context and change its state in place: `state` (JSON-safe data),
`dice` (the chance steps, forge.engine.dice), `t` (the game's facts, loaded once from its content)
and `events` (the board delta, one dict per change, put into words by the game's words.py). A
game extends it with its own helpers (Tetrarchia's `roll` as an event, Conquest's `book`).
"""
from __future__ import annotations

from typing import Any

from forge.engine.dice import Dice


class Context:
    """One set-up or action being applied: its state, dice, the game's tables, its events."""

    __slots__ = ("state", "dice", "t", "events")

    def __init__(self, state: dict, dice: Dice, t: Any):
        self.state, self.dice, self.t = state, dice, t
        self.events: list[dict] = []

    def emit(self, kind: str, **fields) -> dict:
        """Record one event of the board delta."""
        event = {"kind": kind, **fields}
        self.events.append(event)
        return event
