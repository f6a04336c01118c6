"""The session: an append-only log of actions with their dice, undo, redo, replay and saves.

A game's rules are a module-like object (see `Rules`) of pure functions over JSON-safe state.
The session owns everything else, as in boardgame.io: the log, the position in it (undo and
redo move the position; a new action after an undo drops the undone entries), the dice, and
the save format. Replaying the log from the setup gives the identical state, because every die
result, rolled or entered, is in the log.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Protocol

from forge import __version__ as ENGINE_VERSION
from forge.engine.dice import GENERATOR, Dice, NeedRoll

SAVE_FORMAT = "forge-session"
SAVE_FORMAT_VERSION = 1


def N_(message: str) -> str:
    """Mark an English message template for extraction (Babel's `N_` keyword); no-op here."""
    return message


class ActionError(ValueError):
    """An action that cannot be carried out; the message says why, for a player.

    `message` is an English template of the program catalog with `{placeholders}` and
    `fields` their values: `str(err)` is the English text, `err.translated(tr)` the same
    refusal in the translator's language. A field value with a `translated(tr)` method (an
    emperor's name, a phrase) is rendered through it; any other value is shown as it is.
    """

    def __init__(self, message: str, **fields):
        self.template = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)

    def translated(self, tr) -> str:
        """The refusal in the language of `tr` (any object with a `_` method)."""
        text = tr._(self.template)
        if not self.fields:
            return text
        return text.format(**{key: _translated(value, tr) for key, value in self.fields.items()})


def _translated(value, tr):
    method = getattr(value, "translated", None)
    return method(tr) if callable(method) else value


class ParseError(ActionError):
    """An action that is not well formed (unknown type, missing or wrong field)."""


class IllegalAction(ActionError):
    """A well-formed action the rules do not allow now (not enough PI, occupied, ...)."""


class SaveError(ValueError):
    """A save that cannot be read: corrupt, another game, or an unknown format."""


@dataclass(frozen=True)
class Outcome:
    """What applying one action did: the new state and the board delta as events."""

    state: dict
    events: list[dict]


class Rules(Protocol):
    """What a game's engine provides to a session."""

    name: str
    rules_version: str
    dice_faces: dict[str, int]

    def setup(self, options: dict, dice: Dice) -> Outcome: ...
    def apply(self, state: dict, action: dict, dice: Dice) -> Outcome: ...
    def legal_actions(self, state: dict) -> list[dict]: ...


class Session:
    """One game in play: the log of entries and the position reached in it."""

    def __init__(self, rules: Rules, options: dict, seed: int | None = None,
                 dice_values: list[int] | None = None):
        """Set a game up. seed None: physical dice (setup rolls must be in dice_values)."""
        self.rules = rules
        self.seed = seed
        self.entries: list[dict] = []
        self.states: list[dict] = []
        self.position = -1
        dice = self._dice(seed, dice_values or [])
        outcome = rules.setup(copy.deepcopy(options), dice)
        self._push({"action": {"type": "setup", "options": options, "seed": seed},
                    "rolls": dice.rolls, "events": outcome.events}, outcome.state)

    # --- playing ----------------------------------------------------------------------------

    @property
    def state(self) -> dict:
        """The state at the current position (a copy: the log is never changed through it)."""
        return copy.deepcopy(self.states[self.position])

    def legal_actions(self) -> list[dict]:
        """Every action allowed now."""
        return self.rules.legal_actions(self.states[self.position])

    def act(self, action: dict, dice_values: list[int] | None = None) -> Outcome:
        """Apply an action; entered dice are used first, then the generator (if any)."""
        current = self.states[self.position]
        dice = self._dice(current.get("rng"), dice_values or [])
        outcome = self.rules.apply(copy.deepcopy(current), action, dice)
        self._push({"action": action, "rolls": dice.rolls, "events": outcome.events},
                   outcome.state)
        return outcome

    def _dice(self, rng_state: int | None, values: list[int]) -> Dice:
        return Dice(list(values), rng_state, [], dict(self.rules.dice_faces))

    def _push(self, entry: dict, state: dict) -> None:
        del self.entries[self.position + 1:]
        del self.states[self.position + 1:]
        self.entries.append(entry)
        self.states.append(state)
        self.position += 1

    # --- time travel ------------------------------------------------------------------------

    def undo(self, steps: int = 1) -> None:
        """Step back; the setup entry cannot be undone."""
        if self.position - steps < 0:
            raise IllegalAction("nothing to undo")
        self.position -= steps

    def redo(self, steps: int = 1) -> None:
        """Step forward again over undone entries."""
        if self.position + steps >= len(self.entries):
            raise IllegalAction("nothing to redo")
        self.position += steps

    def goto(self, index: int) -> None:
        """Move to any entry of the log (0 is the setup)."""
        if not 0 <= index < len(self.entries):
            raise IllegalAction(f"the log has entries 0 to {len(self.entries) - 1}")
        self.position = index

    # --- saves ------------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The save: versioned, self-describing, replayable."""
        return {
            "format": SAVE_FORMAT, "format_version": SAVE_FORMAT_VERSION,
            "game": self.rules.name, "rules_version": self.rules.rules_version,
            "engine_version": ENGINE_VERSION, "generator": GENERATOR,
            "position": self.position, "entries": copy.deepcopy(self.entries),
        }

    @classmethod
    def from_json(cls, rules: Rules, data: Any) -> "Session":
        """Rebuild a session by replaying a save's log; SaveError if it cannot be trusted."""
        _check_save(rules, data)
        entries = data["entries"]
        setup = entries[0]["action"]
        try:
            session = cls(rules, setup.get("options", {}), setup.get("seed"),
                          _entered(entries[0]))
        except (ValueError, NeedRoll, KeyError, TypeError) as err:
            raise SaveError(f"the setup does not replay: {err}") from None
        if _dice_of(session.entries[0]) != _dice_of(entries[0]):
            raise SaveError("the setup replays with different dice")
        for number, entry in enumerate(entries[1:], 1):
            try:
                session.act(entry["action"], _entered(entry))
            except (ValueError, NeedRoll, KeyError, TypeError) as err:
                raise SaveError(f"entry {number} does not replay: {err}") from None
            if _dice_of(session.entries[-1]) != _dice_of(entry):
                raise SaveError(f"entry {number} replays with different dice")
        session.position = data["position"]
        return session

    def dumps(self) -> str:
        """The save as JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)


def _entered(entry: dict) -> list[int]:
    """The results players entered; the generator must reproduce the others on replay."""
    return [r["value"] for r in entry["rolls"] if r.get("source") == "entered"]


def _dice_of(entry: dict) -> list[tuple]:
    return [(r["die"], r["value"], r["reason"], r.get("source")) for r in entry["rolls"]]


def _check_save(rules: Rules, data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a forge session save")
    if data.get("format_version") != SAVE_FORMAT_VERSION:
        raise SaveError(f"save format {data.get('format_version')} is not supported "
                        f"(this engine reads {SAVE_FORMAT_VERSION})")
    if data.get("game") != rules.name:
        raise SaveError(f"a save of {data.get('game')!r}, not of {rules.name!r}")
    if data.get("rules_version") != rules.rules_version:
        raise SaveError(f"saved under rules version {data.get('rules_version')}, this engine "
                        f"plays {rules.rules_version}; no migration is known")
    if data.get("generator") != GENERATOR:
        raise SaveError(f"saved with dice generator {data.get('generator')}, not {GENERATOR}")
    entries = data.get("entries")
    if not isinstance(entries, list) or not entries or not isinstance(data.get("position"), int):
        raise SaveError("the save has no log")
    if not 0 <= data["position"] < len(entries):
        raise SaveError("the save's position is outside its log")
