"""A new game of Pax Romana from its set-up options (docs/pax-romana/engine.md).

The scenario's facts the text lacks (the first order of play, the starting Talents, stability
and VP, the first turn) are entered by the table; the rest comes from turn.yaml and options.yaml.
"""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.pax_romana.cards import deck_state
from forge.engine.pax_romana.refusal import IllegalAction
from forge.engine.pax_romana.state import Ctx
from forge.engine.pax_romana.turns import open_phase


def new_game(ctx: Ctx, options: dict) -> None:
    """Fill the empty state of a new game from the options."""
    t, state = ctx.t, ctx.state
    powers = list(options.get("powers") or t.powers)
    _check_powers(t, powers)
    fmt = options.get("format") or "advanced"
    if fmt not in t.formats:
        raise IllegalAction(N_("'{format}' is not a game format"), format=fmt)
    game_format = t.formats[fmt]
    turns = t.turn["turns"]
    first = options.get("first_turn") or turns["first"]
    last = options.get("last_turn") or min(turns["last"], first + game_format["turns"] - 1)
    if not first <= last <= turns["last"]:
        raise IllegalAction(N_("the game runs from turn {first} to a later turn, {last} at "
                               "most"), first=first, last=turns["last"])
    order = list(options.get("order") or powers)
    if sorted(order) != sorted(powers):
        raise IllegalAction(N_("the order of play names each power in the game once"))
    players = options.get("players") or {}
    state.update({
        "format": fmt, "game": game_format["game"], "turn": first, "first_turn": first,
        "last_turn": last, "phase": None, "order": order,
        "optional": _optional(t, options.get("optional") or {}, game_format["game"]),
        "readings": _readings(t, options.get("readings") or {}),
        "powers": {p: _books(p, players.get(p, p), options) for p in powers},
        "bag": {"markers": [], "drawn": [], "events": 0},
        "deck": deck_state(t) if game_format["game"] == "advanced" else None,
        "battle": None, "last": None,
    })
    ctx.emit("game-set-up", powers=powers, format=fmt, first=first, last=last)
    open_phase(ctx, first_phase(t, state))


def first_phase(t, state: dict) -> str:
    """The first phase of the turn: Phases A-E are skipped on the first turn (3.6)."""
    first_turn = state["turn"] == state["first_turn"]
    return next(p["key"] for p in t.phases if not (first_turn and p["skipped_first_turn"]))


def _check_powers(t, powers: list) -> None:
    players = t.turn["players"]
    if not players["min"] <= len(powers) <= players["max"] or len(set(powers)) != len(powers):
        raise IllegalAction(N_("a game has {low} to {high} different powers"),
                            low=players["min"], high=players["max"])
    for power in powers:
        if power not in t.powers:
            raise IllegalAction(N_("'{power}' is not a power of this game"), power=power)


def _books(power: str, player: str, options: dict) -> dict:
    return {"player": player, "treasury": (options.get("treasury") or {}).get(power, 0),
            "stability": (options.get("stability") or {}).get(power, 0),
            "vp": (options.get("vp") or {}).get(power, 0), "vp_turn": 0, "gop": 0, "cvp": 0,
            "heavy": 0, "galleys": 0, "leaders": [], "cards": [], "objectives": [],
            "temporary": []}


def _optional(t, given: dict, game: str) -> dict:
    chosen = {}
    for rule_id, rule in t.optional_rules.items():
        if "default" in rule:
            default = rule["default"]
        else:
            default = rule["default_advanced"] if game == "advanced" else rule["default_standard"]
        chosen[rule_id] = given.get(rule_id, default)
        values = rule.get("values")
        if values and chosen[rule_id] not in values:
            raise IllegalAction(N_("the optional rule {rule} takes {values}"), rule=rule_id,
                                values=", ".join(map(str, values)))
        if rule.get("advanced_only") and game != "advanced" and given.get(rule_id):
            raise IllegalAction(N_("the optional rule {rule} is for the Advanced Game"),
                                rule=rule_id)
    for rule_id in given:
        if rule_id not in t.optional_rules:
            raise IllegalAction(N_("'{rule}' is not an optional rule"), rule=rule_id)
    return chosen


def _readings(t, given: dict) -> dict:
    chosen = {}
    for reading_id, entry in t.readings.items():
        chosen[reading_id] = given.get(reading_id, entry["default"])
        if chosen[reading_id] not in entry["values"]:
            raise IllegalAction(N_("the reading {reading} takes {values}"), reading=reading_id,
                                values=", ".join(map(str, entry["values"])))
    for reading_id in given:
        if reading_id not in t.readings:
            raise IllegalAction(N_("'{reading}' is not a reading of the rules"),
                                reading=reading_id)
    return chosen
