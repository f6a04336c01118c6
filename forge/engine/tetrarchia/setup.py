"""Setting a game up: the options, a fresh state for a level, and the set-up rolls.

A level [DFRB] gives the discs per emperor, the fleets, the extra Revolt discs (VI + 6 each)
and the starting armies (VI each); every row takes the values of rules.yaml's difficulty table.
With `options["position"]` the rolls are skipped and the position is played from instead
(position.py).
"""
from __future__ import annotations

from forge.engine.core import N_, ParseError
from forge.engine.tetrarchia.data import Tables
from forge.engine.tetrarchia.position import POSITION_OPTIONS, apply_position
from forge.engine.tetrarchia.refusal import Emperor, either
from forge.engine.tetrarchia.rulings import merge_rulings
from forge.engine.tetrarchia.schemas import OPTIONS
from forge.engine.tetrarchia.state import (GAME, RULES_VERSION, Ctx, place_army, put_threat)
from forge.engine.words import Counted

OPTION_FIELDS = set(OPTIONS.fields)     # as the session's door knows them (schemas.py)


# --- options --------------------------------------------------------------------------------------

def parse_level(t: Tables, level: object) -> dict[str, int]:
    """'4211', '[4211]' or [4, 2, 1, 1] -> {row id: value}; ParseError naming a bad digit."""
    if isinstance(level, (list, tuple)):
        digits = list(level)
    elif isinstance(level, (str, int)) and not isinstance(level, bool):
        text = str(level).strip().strip("[]")
        digits = [int(c) if c.isdigit() else c for c in text]
    else:
        raise ParseError(N_("a level is four digits such as '4211', not {level}"),
                         level=repr(level))
    if len(digits) != len(t.difficulty):
        raise ParseError(N_("a level has {count} digits ({rows}), not {level}"),
                         count=len(t.difficulty), rows=", ".join(row for row, _ in t.difficulty),
                         level=repr(level))
    values = {}
    for (row, allowed), digit in zip(t.difficulty, digits):
        if digit not in allowed:
            raise ParseError(N_("level {level}: {row} must be {allowed}, not {digit}"),
                             level=level, row=row.replace("_", " "),
                             allowed=", ".join(map(str, allowed)), digit=repr(digit))
        values[row] = digit
    return values


def level_text(values: dict[str, int]) -> str:
    """{row: value} -> '4211'."""
    return "".join(str(v) for v in values.values())


def parse_options(t: Tables, options: object) -> dict:
    """Check the set-up options; return them complete, defaults filled in."""
    if not isinstance(options, dict):
        raise ParseError(N_("the set-up options must be a mapping"))
    unknown = set(options) - OPTION_FIELDS
    if unknown:
        raise ParseError(N_("unknown set-up option(s) {unknown}; the options are {options}"),
                         unknown=", ".join(sorted(unknown)),
                         options=", ".join(sorted(OPTION_FIELDS)))
    edition = options.get("edition") or t.default_edition
    if edition not in t.editions:
        raise ParseError(N_("edition is {editions}, not {edition}"),
                         editions=either(list(t.editions)), edition=repr(edition))
    players = options.get("players", 1)
    low, high = t.players
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise ParseError(N_("players must be {low} to {high}, not {players}"), low=low,
                         high=high, players=repr(players))
    level = parse_level(t, options.get("level", list(t.normal_level)))
    variants = parse_variants(t, options.get("variants") or [], edition, players)
    return {"edition": edition, "players": players, "level": level, "variants": variants,
            "rulings": merge_rulings(options.get("rulings")),
            "control": parse_control(t, players, options.get("control"),
                                     options.get("shared_caesar")),
            "fleets": parse_fleets(t, options.get("fleets"), level["fleets"])}


def parse_variants(t: Tables, chosen: object, edition: str, players: int) -> list[str]:
    """Variant ids valid for the edition, in rules.yaml order."""
    if not isinstance(chosen, list) or not all(isinstance(v, str) for v in chosen):
        raise ParseError(N_("variants must be a list of variant ids"))
    for variant in chosen:
        if variant not in t.variants:
            raise ParseError(N_("unknown variant '{variant}'; the variants are {variants}"),
                             variant=variant, variants=", ".join(t.variants))
        editions = t.variants[variant].get("editions")
        if editions and edition not in editions:
            other = [v for v, d in t.variants.items()
                     if d["name"] == t.variants[variant]["name"] and v != variant]
            if other:
                raise ParseError(N_("variant '{variant}' belongs to the {editions} edition; in "
                                    "the {edition} edition it is '{other}'"),
                                 variant=variant, editions=", ".join(editions), edition=edition,
                                 other=other[0])
            raise ParseError(N_("variant '{variant}' belongs to the {editions} edition"),
                             variant=variant, editions=", ".join(editions))
    if "el-grande" in chosen and edition == "earlier" and players == 3:
        raise ParseError(N_("EL GRANDE does not work with 3 players in the earlier edition"))
    return [v for v in t.variants if v in chosen]


def caesars(t: Tables) -> list[str]:
    """The emperors whose title makes them a Caesar (game.yaml)."""
    return [e["id"] for e in t.game["emperors"] if e["title"].startswith("Caesar")]


def parse_control(t: Tables, players: int, given: object, shared: object) -> dict:
    """Which players move each emperor (R14): a list of players, the one with the last word
    first."""
    if given is not None:
        return _given_control(t, players, given)
    order = t.emperors
    if players == 1:
        return {e: [1] for e in order}
    if players == 2:
        first = {order[0], t.partner[order[0]]}
        return {e: [1] if e in first else [2] for e in order}
    if players == 4:
        return {e: [i + 1] for i, e in enumerate(order)}
    shared = shared or caesars(t)[0]
    if shared not in caesars(t):
        raise ParseError(N_("shared_caesar is one of {caesars}, not {shared}"),
                         caesars=", ".join(caesars(t)), shared=repr(shared))
    solo = [e for e in order if e != shared]
    control = {e: [i + 1] for i, e in enumerate(solo)}
    last_word = control[t.partner[shared]][0]
    control[shared] = [last_word] + [p for p in range(1, players + 1) if p != last_word]
    return {e: control[e] for e in order}


def _given_control(t: Tables, players: int, given: object) -> dict:
    if not isinstance(given, dict) or set(given) != set(t.emperors):
        raise ParseError(N_("control maps every emperor ({emperors}) to its players"),
                         emperors=", ".join(t.emperors))
    control = {}
    for e in t.emperors:
        value = given[e] if isinstance(given[e], list) else [given[e]]
        if not value or not all(isinstance(p, int) and 1 <= p <= players for p in value):
            raise ParseError(N_("control of {emperor}: players are numbered 1 to {players}"),
                             emperor=Emperor(e, e), players=players)
        control[e] = value
    return control


def default_fleets(t: Tables, count: int) -> list[str]:
    """Without a choice, fleets go to the zones with the most coasts first."""
    ranked = sorted(t.seas, key=lambda s: (-len(t.coastal[s]), t.seas.index(s)))
    return [ranked[i % len(ranked)] for i in range(count)]


def parse_fleets(t: Tables, fleets: object, count: int) -> list[str]:
    """The sea zone of each fleet; as many as the level gives."""
    if fleets is None:
        return default_fleets(t, count)
    if not isinstance(fleets, list) or not all(f in t.seas for f in fleets):
        raise ParseError(N_("fleets is a list of sea zones ({seas})"), seas=", ".join(t.seas))
    if len(fleets) != count:
        raise ParseError(N_("the level gives {fleets}; {placed} placed"), placed=len(fleets),
                         fleets=Counted("{n} fleet", "{n} fleets", count))
    return list(fleets)


# --- a fresh state ----------------------------------------------------------------------------------

def fresh_state(t: Tables, chosen: dict) -> dict:
    """The state of a level before any roll: empty board, full reserve, emperors off the board."""
    level = chosen["level"]
    return {
        "game": GAME, "rules_version": RULES_VERSION,
        "edition": chosen["edition"], "level": level_text(level),
        "players": chosen["players"], "control": chosen["control"],
        "variants": chosen["variants"], "rulings": chosen["rulings"],
        "round": 1, "turn": t.emperors[0], "phase": "roman", "pi": t.action_points,
        "this_turn": {"allowance": t.action_points, "powers": [], "discs_out": 0},
        "this_round": {"transfers": [], "pi_next": {}},
        "discs": {}, "figures": {},
        "emperors": {e: {"at": None, "supply": level["discs"], "out": 0, "glory": 0,
                         "passing": False} for e in t.emperors},
        "fleets": chosen["fleets"],
        "reserve": {"agitation": t.totals["agitation"], "revolt": t.totals["revolt"],
                    "army": t.totals["army"]},
        "pending": None, "outcome": None,
    }


# --- the set-up rolls ---------------------------------------------------------------------------

def roll_threats(ctx: Ctx, level: dict[str, int]) -> None:
    """Set-up steps 1 and 2: a Revolt disc per outer region, the extra ones, the armies."""
    for fleet in ctx.state["fleets"]:
        ctx.emit("place", piece="fleet", sea=fleet, rule="setup")
    for index, region in enumerate(ctx.t.outer_regions, 1):
        number = _initial_revolt_number(ctx, region)
        put_threat(ctx, ctx.t.at_coordinate[(index, number)], "revolt", "setup.revolts")
    for _ in range(level["extra_revolts"]):
        put_threat(ctx, _free_province(ctx), "revolt", "setup.threats")
    for _ in range(level["armies"]):
        place_army(ctx, _free_frontier(ctx), "setup.threats")


def _initial_revolt_number(ctx: Ctx, region: str) -> int:
    name = ctx.t.region_name[region]
    while True:
        number = ctx.roll("6", f"set-up: Revolt in {name}", "setup_revolt", region=region)
        if number >= ctx.t.initial_revolt_min:
            return number


def _free_province(ctx: Ctx) -> str:
    """Roll VI + 6 until the province is free (R17: province 1 allowed by default)."""
    state, t = ctx.state, ctx.t
    while True:
        region = ctx.roll("VI", "set-up: extra Revolt, region", "setup_extra_region")
        number = ctx.roll("6", "set-up: extra Revolt, province", "setup_extra_province")
        province = t.at_coordinate[(region, number)]
        low = number < t.initial_revolt_min and not state["rulings"]["extra_revolt_on_province_1"]
        if province not in state["discs"] and province not in state["figures"] and not low:
            return province


def _free_frontier(ctx: Ctx) -> str:
    """Roll VI until that region's frontier holds no army."""
    while True:
        region = ctx.roll("VI", "set-up: army, region", "setup_army")
        frontier = ctx.t.frontier_of[ctx.t.outer_regions[region - 1]]
        if frontier not in ctx.state["figures"]:
            return frontier


def new_game(ctx: Ctx, options: dict) -> None:
    """Set-up from the options into ctx.state: the rolls of a level, or a given position (which
    may also name the level, edition, players, control, variants and rulings; its values win)."""
    if not isinstance(options, dict):
        raise ParseError(N_("the set-up options must be a mapping"))
    position = options.get("position")
    if position is not None and not isinstance(position, dict):
        raise ParseError(N_("a position is a mapping of state fields"))
    merged = dict(options)
    for field in POSITION_OPTIONS:
        if position is not None and field in position:
            merged[field] = position[field]
    chosen = parse_options(ctx.t, merged)
    ctx.state = fresh_state(ctx.t, chosen)
    if position is None:
        roll_threats(ctx, chosen["level"])
    else:
        ctx.state = apply_position(ctx.t, ctx.state, position, chosen["level"])
        ctx.emit("position", rule="setup")
