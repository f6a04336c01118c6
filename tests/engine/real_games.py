"""Real games for the fuzz tests to start from: seeded set-ups played a few legal steps."""
from __future__ import annotations

import copy
import random

from forge.engine import conquest
from forge.engine.core import ActionError, Session

TETRARCHIA_OPTIONS = [
    {"level": "4211", "players": 4},
    {"level": "5322", "edition": "earlier", "players": 2,
     "variants": ["imperivm-earlier", "patres-patriae"]},
    {"level": "3101", "players": 3, "variants": ["imperivm", "mare-nostrvm", "diarchia",
                                                  "el-grande"], "rulings": {}},
]


def conquest_options() -> dict:
    t = conquest.tables()
    return {"players": ["angela", "bernardo", "carlos"], "seasons": 5, "first": "bernardo",
            "influence": {"angela": {"asia": 2, "egypt": 2}, "carlos": {"hispania": 4}},
            "vp": {p: [5] * n for p, n in list(t.places.items())[:3]},
            "faces": list(t.faces),
            "cards": {"military-training-9": {"class": "permanent", "cost": 10}}}


def played(rules, options: dict, seed: int | None, steps: int) -> Session:
    """A game `steps` legal actions in (Conquest templates made concrete); with no seed, the
    dice are entered as a table with physical dice would (six-sided dice only)."""
    chooser = random.Random(seed)
    physical = [] if seed is not None else [chooser.randint(1, 6) for _ in range(60)]
    session = Session(rules, copy.deepcopy(options), seed=seed, dice_values=physical)
    for _ in range(steps):
        actions = [a for a in map(concrete, session.legal_actions()) if a]
        if not actions:
            break
        dice = [] if seed is not None else [chooser.randint(1, 6) for _ in range(60)]
        try:
            session.act(chooser.choice(actions), dice)
        except ActionError:
            continue
    return session


def concrete(action: dict) -> dict | None:
    """A playable action from a legal one (Conquest lists open ones as templates)."""
    if action["type"] == "bid":
        free = action["tokens"]
        return {"type": "bid", "player": action["player"], "amount": action["min"],
                "a": free[0], "b": free[1] if len(free) > 1 else None}
    if action["type"] == "special-tax":
        return {"type": "special-tax", "player": action["player"], "amount": 5}
    return None if "open" in action else action
