"""The session: an append-only log of actions with their dice, undo, redo, replay and saves.

A game's rules are a module-like object (see `Rules`) of pure functions over JSON-safe state,
usually made with `GameRules` from the game's procedures over one action context. The session
owns everything else, as in boardgame.io: the log, the position in it (undo and redo move the
position; a new action after an undo drops the undone entries), the dice, and the save format.
Replaying the log from the setup gives the identical state, because every die result, rolled or
entered, is in the log, and the generator's state after each entry is in its state.

Dice once seen stay seen: a new action after an undo that drops entries whose dice the generator
rolled (the players saw them) carries a `reseed`, a number mixed into the generator's state before
the action (forge.engine.dice.reseeded), so playing differently does not meet the same dice again.
The reseed is logged in the entry, so saves and journals replay it exactly; redo keeps the undone
entries, their dice included, exactly as they were.
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from forge import __version__ as ENGINE_VERSION
from forge.engine import inputs
from forge.engine.context import Context
from forge.engine.dice import GENERATOR, Dice, NeedRoll, reseeded
from forge.engine.errors import (N_, ActionError, ForeignSave, IllegalAction, ParseError,
                                 SaveError)

SAVE_FORMAT = "forge-session"
SAVE_FORMAT_VERSION = 3     # 2: a digest of the state after each entry is recorded and checked
READ_FORMAT_VERSIONS = (1, 2, 3)    # 3: an entry may carry a reseed (1 and 2 never do)
AUTO = object()             # `Session.act`'s reseed: decided by the session

__all__ = ["N_", "ActionError", "ParseError", "IllegalAction", "SaveError", "ForeignSave",
           "Context", "GameRules", "Outcome", "Rules", "Session", "SAVE_FORMAT",
           "SAVE_FORMAT_VERSION"]


@dataclass(frozen=True)
class Outcome:
    """What applying one action did: the new state and the board delta as events."""

    state: dict
    events: list[dict]


class Rules(Protocol):
    """What a game's engine provides to a session.

    `action_schemas` (action type -> inputs.Record) and `options_schema` (inputs.Record) say
    what its inputs look like: the session checks every action and set of options against
    them (forge.engine.inputs) before `setup` or `apply` sees it. The state `setup` and `apply`
    return keeps the generator's state in `rng` (None with physical dice), where the next
    action's dice start: `GameRules` does this for a game."""

    name: str
    rules_version: str
    dice_faces: dict[str, int]
    action_schemas: dict[str, inputs.Record]
    options_schema: inputs.Record

    def setup(self, options: dict, dice: Dice) -> Outcome: ...
    def apply(self, state: dict, action: dict, dice: Dice) -> Outcome: ...
    def legal_actions(self, state: dict) -> list[dict]: ...


class GameRules:
    """The Rules of a game made from its procedures over one action context.

    A game gives its `tables()` (its facts, as each context's `t`), its `context` class
    (forge.engine.context.Context or a subclass), `start(ctx, options)`, which fills the empty
    state of a new game, and `play(ctx, action)`, which carries one action out on `ctx.state`:
    as a subclass, or as the values and functions given to the constructor.
    `setup` and `apply` build the context, call them and record the generator's state in the
    state they return, so every caller (a session, a simulation) gets the same game.
    """

    name: str
    rules_version: str
    dice_faces: dict[str, int]
    action_schemas: dict[str, inputs.Record]
    options_schema: inputs.Record
    context: type[Context] = Context

    def __init__(self, **declared: Any):
        """The rules, with any of DECLARED given here (as values and plain functions) instead
        of as class attributes and methods."""
        unknown = sorted(set(declared) - set(DECLARED))
        if unknown:
            raise TypeError(f"GameRules takes {', '.join(DECLARED)}, not {', '.join(unknown)}")
        for key, value in declared.items():
            setattr(self, key, value)

    def tables(self) -> Any:
        """The game's facts, given to every context as `t`."""
        raise NotImplementedError

    def start(self, ctx: Context, options: dict) -> None:
        """Set a new game up in `ctx.state` (empty) from the options."""
        raise NotImplementedError

    def play(self, ctx: Context, action: dict) -> None:
        """Carry one action out on `ctx.state`."""
        raise NotImplementedError

    def legal_actions(self, state: dict) -> list[dict]:
        """Every action allowed now."""
        raise NotImplementedError

    def setup(self, options: dict, dice: Dice) -> Outcome:
        """A new game from the options, with the set-up's events."""
        ctx = self.context({}, dice, self.tables())
        self.start(ctx, options)
        return outcome_of(ctx)

    def apply(self, state: dict, action: dict, dice: Dice) -> Outcome:
        """Apply one action to `state` (changed in place and returned, with the events)."""
        ctx = self.context(state, dice, self.tables())
        self.play(ctx, action)
        return outcome_of(ctx)


DECLARED = ("name", "rules_version", "dice_faces", "action_schemas", "options_schema", "context",
            "tables", "start", "play", "legal_actions")


def outcome_of(ctx: Context) -> Outcome:
    """What a context's work did, with the generator's state kept in the state."""
    ctx.state["rng"] = ctx.dice.rng_state
    return Outcome(ctx.state, ctx.events)


class Session:
    """One game in play: the log of entries and the position reached in it."""

    def __init__(self, rules: Rules, options: dict, seed: int | None = None,
                 dice_values: list[int] | None = None):
        """Set a game up. seed None: physical dice (setup rolls must be in dice_values)."""
        inputs.check_options(rules.options_schema, options)
        inputs.SEED.check(seed, "seed")
        self.rules = rules
        self.seed = seed
        self.entries: list[dict] = []
        self.states: list[dict] = []
        self.digests: list[str | None] = []     # of each state, computed when first needed
        self.position = -1
        dice = self._dice(seed, dice_values)
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

    def check(self, action: object) -> None:
        """ParseError unless the action fits the game's schemas (what `act` checks first)."""
        inputs.check_action(self.rules.action_schemas, action)

    def act(self, action: dict, dice_values: list[int] | None = None,
            reseed: int | None | object = AUTO) -> Outcome:
        """Apply an action; entered dice are used first, then the generator (if any).

        `reseed`: by default the session's own (`next_reseed`); a replay gives the logged one
        (None: none), so the replayed entry is the one played."""
        self.check(action)
        if reseed is AUTO:
            reseed = self.next_reseed()
        RESEED.check(reseed, "reseed")
        current = self.states[self.position]
        rng = current.get("rng")
        if reseed is not None:
            if rng is None:
                raise IllegalAction(N_("this game has no dice generator to reseed"))
            rng = reseeded(rng, reseed)
        dice = self._dice(rng, dice_values)
        outcome = self.rules.apply(copy.deepcopy(current), action, dice)
        entry = {"action": action, "rolls": dice.rolls, "events": outcome.events}
        if reseed is not None:
            entry["reseed"] = reseed
        self._push(entry, outcome.state)
        return outcome

    def revealed_ahead(self) -> list[int]:
        """The undone entries (after the position) with dice the generator rolled: their
        results were seen, and a new action here drops them."""
        return [index for index in range(self.position + 1, len(self.entries))
                if _rolled(self.entries[index])]

    def next_reseed(self) -> int | None:
        """The reseed a new action here gets: None unless it drops entries whose rolled dice
        were seen and the game has a generator; else a number derived from the seed and what
        is dropped (the same log, the same number: replays and tests are exact; no player
        can work it out at the table)."""
        if self.states[self.position].get("rng") is None or not self.revealed_ahead():
            return None
        dropped = [self.digest_at(index) for index in range(self.position + 1,
                                                            len(self.entries))]
        text = json.dumps(["reseed", self.seed, self.position, self.digest_at(self.position),
                           dropped])
        return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")

    def _dice(self, rng_state: int | None, values: list[int] | None) -> Dice:
        DICE_VALUES.check(values or [], "dice")
        return Dice(list(values or []), rng_state, [], dict(self.rules.dice_faces))

    def _push(self, entry: dict, state: dict) -> None:
        del self.entries[self.position + 1:]
        del self.states[self.position + 1:]
        del self.digests[self.position + 1:]
        self.entries.append(entry)
        self.states.append(state)
        self.digests.append(None)
        self.position += 1

    def digest_at(self, index: int) -> str:
        """The digest of the state after entry `index` (the log's states never change)."""
        if self.digests[index] is None:
            self.digests[index] = digest(self.states[index])
        return self.digests[index]

    # --- time travel ------------------------------------------------------------------------

    def undo(self, steps: int = 1) -> None:
        """Step back; the setup entry cannot be undone."""
        STEPS.check(steps, "steps")
        if self.position - steps < 0:
            raise IllegalAction(N_("nothing to undo"))
        self.position -= steps

    def redo(self, steps: int = 1) -> None:
        """Step forward again over undone entries."""
        STEPS.check(steps, "steps")
        if self.position + steps >= len(self.entries):
            raise IllegalAction(N_("nothing to redo"))
        self.position += steps

    def goto(self, index: int) -> None:
        """Move to any entry of the log (0 is the setup)."""
        if not inputs.Int().fits(index) or not 0 <= index < len(self.entries):
            raise IllegalAction(N_("the log has entries 0 to {last}"),
                                last=len(self.entries) - 1)
        self.position = index

    # --- saves ------------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The save: versioned, self-describing, replayable; a digest of the state after each
        entry lets a reader tell that the log replays to the very game that was saved."""
        return {
            "format": SAVE_FORMAT, "format_version": SAVE_FORMAT_VERSION,
            "game": self.rules.name, "rules_version": self.rules.rules_version,
            "engine_version": ENGINE_VERSION, "generator": GENERATOR,
            "position": self.position, "entries": copy.deepcopy(self.entries),
            "digests": [self.digest_at(index) for index in range(len(self.states))],
        }

    @classmethod
    def from_json(cls, rules: Rules, data: Any) -> "Session":
        """Rebuild a session by replaying a save's log; SaveError if it cannot be trusted
        (ForeignSave if it is sound but not one this engine plays)."""
        _check_save(rules, data)
        entries = data["entries"]
        setup = entries[0]["action"]
        if set(setup) - {"type", "options", "seed"} or setup.get("type") != "setup":
            raise SaveError("the first entry of the log is not the set-up")
        try:
            session = cls(rules, setup.get("options", {}), setup.get("seed"),
                          _entered(entries[0]))
        except (ValueError, NeedRoll) as err:
            raise SaveError(f"the setup does not replay: {err}") from None
        _check_replayed(session, data, 0)
        for number, entry in enumerate(entries[1:], 1):
            try:
                session.act(entry["action"], _entered(entry), entry.get("reseed"))
            except (ValueError, NeedRoll) as err:
                raise SaveError(f"entry {number} does not replay: {err}") from None
            _check_replayed(session, data, number)
        session.position = data["position"]
        return session

    def dumps(self) -> str:
        """The save as JSON text."""
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)


STEPS = inputs.Int(1, 1_000_000)
RESEED = inputs.Maybe(inputs.Int(0, inputs.MAX_INT - 1))
SAVED_ENTRY = inputs.Record({**inputs.ENTRY.fields, "reseed": inputs.Int(0, inputs.MAX_INT - 1)},
                            required=inputs.ENTRY.required)
DICE_VALUES = inputs.ListOf(inputs.Int(-inputs.MAX_INT + 1, inputs.MAX_INT - 1), 10_000)


def _entered(entry: dict) -> list[int]:
    """The results players entered; the generator must reproduce the others on replay."""
    return [r["value"] for r in entry["rolls"] if r.get("source") == "entered"]


def _rolled(entry: dict) -> bool:
    """Whether the generator rolled any of an entry's dice."""
    return any(r.get("source") == "rolled" for r in entry["rolls"])


def _dice_of(entry: dict) -> list[tuple]:
    return [(r["die"], r["value"], r["reason"], r.get("source")) for r in entry["rolls"]]


def digest(state: dict) -> str:
    """A short fingerprint of a state: equal states, equal digests."""
    text = json.dumps(state, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _check_replayed(session: Session, data: dict, number: int) -> None:
    """The entry replayed with the saved dice to the state the save records (format 2)."""
    what = "the setup" if number == 0 else f"entry {number}"
    if _dice_of(session.entries[-1]) != _dice_of(data["entries"][number]):
        raise SaveError(f"{what} replays with different dice")
    saved = data.get("digests")
    if saved is not None and session.digest_at(number) != saved[number]:
        raise SaveError(f"{what} replays to another game than the one saved (was the seed, "
                        f"an option or an action edited?)")


def _check_save(rules: Rules, data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a forge session save")
    version = data.get("format_version")
    if version not in READ_FORMAT_VERSIONS or isinstance(version, bool):
        raise ForeignSave(f"save format {version!r} is not supported (this engine reads "
                          f"{', '.join(map(str, READ_FORMAT_VERSIONS))})")
    if data.get("game") != rules.name:
        raise ForeignSave(f"a save of {data.get('game')!r}, not of {rules.name!r}")
    if data.get("rules_version") != rules.rules_version:
        raise ForeignSave(f"saved under rules version {data.get('rules_version')}, this engine "
                          f"plays {rules.rules_version}; no migration is known")
    if data.get("generator") != GENERATOR:
        raise ForeignSave(f"saved with dice generator {data.get('generator')}, not {GENERATOR}")
    try:
        _check_shape(data, version)
    except ParseError as err:
        raise SaveError(str(err)) from None
    entries = data.get("entries")
    if not entries or "position" not in data:
        raise SaveError("the save has no log")
    if not 0 <= data["position"] < len(entries):
        raise SaveError("the save's position is outside its log")
    if version >= 2 and len(data.get("digests") or ()) != len(entries):
        raise SaveError("the save does not record a digest of the game after each entry")
    if version == 1 and "digests" in data:
        raise SaveError("a save of format 1 records no digests")


def _check_shape(data: dict, version: int) -> None:
    """forge.engine.inputs.check_save_shape, with the entries of format 3 (a reseed)."""
    inputs.check_plain(data, inputs.SAVE, inputs.MAX_SAVE_VALUES, inputs.MAX_SAVE_DEPTH)
    inputs.SAVE_SCHEMA.check(data, "save")
    entry_spec = SAVED_ENTRY if version >= 3 else inputs.ENTRY
    for number, entry in enumerate(data["entries"]):
        entry_spec.check(entry, f"save.entries[{number}]")
    if version >= 3 and data["entries"] and "reseed" in data["entries"][0]:
        raise SaveError("the set-up of the log carries a reseed")
