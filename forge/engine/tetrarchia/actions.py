"""Actions: check their shape (ParseError), check they are allowed now, and carry them out.

An action is a dict with a `type` and its fields (docs/tetrarchia/engine.md). The keys `cost`,
`discs` and `gain` that `legal_actions` adds are accepted and ignored, so a listed action can be
applied as it is.
"""
from __future__ import annotations

from forge.engine.core import N_, IllegalAction, ParseError
from forge.engine.tetrarchia import barbarian, combat, roman, turns, variants
from forge.engine.tetrarchia.refusal import Emperor, Phrase, either
from forge.engine.tetrarchia.schemas import ACTIONS
from forge.engine.tetrarchia.schemas import INFORMATION as INFORMATION_FIELDS
from forge.engine.tetrarchia.state import Ctx
from forge.engine.words import Counted

# the fields of each action type, as the session's door knows them (schemas.py)
FIELDS = {kind: set(schema.fields) for kind, schema in ACTIONS.items()}
INFORMATION = {"type", *INFORMATION_FIELDS}


def parse(action: object) -> str:
    """The action's type, after checking its fields are known."""
    if not isinstance(action, dict):
        raise ParseError(N_("an action is a mapping with a 'type'"))
    kind = action.get("type")
    if kind not in FIELDS:
        raise ParseError(N_("unknown action type {kind}; the types are {types}"),
                         kind=repr(kind), types=", ".join(FIELDS))
    unknown = set(action) - FIELDS[kind] - INFORMATION
    if unknown:
        fields = ", ".join(sorted(FIELDS[kind])) or Phrase(N_("none"))
        raise ParseError(N_("unknown field(s) {unknown} for {kind}; its fields are: {fields}"),
                         unknown=", ".join(sorted(unknown)), kind=kind, fields=fields)
    return kind


def apply_action(ctx: Ctx, action: dict) -> None:
    """Carry out one action (IllegalAction, before any change, if it is not allowed now)."""
    kind = parse(action)
    state = ctx.state
    if state["phase"] == "over":
        raise IllegalAction(N_("the game is over"))
    if state["pending"] is not None:
        return resolve_decision(ctx, kind, action)
    if kind in ("boost", "block"):
        raise IllegalAction(N_("there is no decision to make now"))
    if state["phase"] == "barbarian":
        if kind != "end_turn":
            raise IllegalAction(N_("the Roman phase ended with the lost attack: end the turn "
                                   "to play the barbarian phase"))
        return turns.play_waiting_phase(ctx)
    check_turn_allows(ctx, kind, action)
    ROMAN[kind](ctx, action)


def check_turn_allows(ctx: Ctx, kind: str, action: dict) -> None:
    """An emperor off the board must first come back; one passing through must move on."""
    state, t = ctx.state, ctx.t
    emperor = state["turn"]
    record = state["emperors"][emperor]
    who = Emperor(emperor)
    if record["at"] is None and kind != "enter":
        places = roman.entry_points(state, t, emperor)
        if places:
            raise IllegalAction(N_("{emperor} must first come back onto the board: enter "
                                   "{places}"),
                                emperor=who, places=either([roman.name(t, p) for p in places]))
        if kind not in ("end_turn", "transfer"):
            raise IllegalAction(N_("{emperor} cannot come back onto the board this turn"),
                                emperor=who)
    if record["passing"] and (kind != "move" or action.get("emperor", emperor) != emperor):
        raise IllegalAction(N_("{emperor} is passing through {province}: he must move on "
                               "with his next action"),
                            emperor=who, province=roman.name(t, record["at"]))


def do_attack(ctx: Ctx, action: dict) -> None:
    """Attack; a lost attack ends the Roman phase."""
    if roman.do_attack(ctx, action) == "army":
        turns.after_lost_attack(ctx)


def do_end_turn(ctx: Ctx, action: dict) -> None:
    """End the Roman phase: the barbarian phase is played, then the next emperor's turn."""
    turns.end_roman_phase(ctx)


ROMAN = {
    "enter": roman.do_enter,
    "move": roman.do_move,
    "sail": roman.do_sail,
    "protect": roman.do_protect,
    "subdue": roman.do_subdue,
    "attack": do_attack,
    "imperium": variants.use_power,
    "transfer": variants.transfer,
    "end_turn": do_end_turn,
}


# --- decisions in the middle of a fight -----------------------------------------------------------

def resolve_decision(ctx: Ctx, kind: str, action: dict) -> None:
    """Galerius's +1s or Constantius's block, then the fight or the advance carries on."""
    pending = ctx.state["pending"]
    if kind != pending["kind"]:
        who = Emperor(pending["emperor"])
        if pending["kind"] == "boost":
            raise IllegalAction(N_("{emperor} must first decide how many +1s to add (boost)"),
                                emperor=who)
        raise IllegalAction(N_("{emperor} must first decide whether to block the army "
                               "(block)"), emperor=who)
    if kind == "boost":
        resolve_boost(ctx, action, pending)
    else:
        resolve_block(ctx, action, pending)


def resolve_boost(ctx: Ctx, action: dict, pending: dict) -> None:
    """Add Galerius's +1s (one disc out of the game each) and finish the fight."""
    state = ctx.state
    times = action.get("times", 0)
    if not isinstance(times, int) or isinstance(times, bool) or times < 0:
        raise ParseError(N_("'times' is the number of +1s to add: 0 or more"))
    emperor = pending["emperor"]
    have = variants.discs_for_powers(state, emperor)
    if times > have:
        raise IllegalAction(N_("{emperor} can take only {discs} out of the game"),
                            emperor=Emperor(emperor), discs=Counted("{n} disc", "{n} discs", have))
    variants.take_out(ctx, emperor, times, "boost", action.get("discs_from"))
    power = variants.power_of(state, ctx.t, emperor)
    fight, queue = pending["fight"], pending["queue"]
    fight["roman"]["boost"] += times * power["value"]
    combat.score(fight)
    state["pending"] = None
    if queue is None:
        if roman.finish_attack(ctx, fight) == "army":
            turns.after_lost_attack(ctx)
        return
    barbarian.finish_defence(ctx, fight)
    turns.resume_advance(ctx, queue)


def resolve_block(ctx: Ctx, action: dict, pending: dict) -> None:
    """Constantius stops the army (one disc out of the game) or lets it attack him."""
    use = action.get("use")
    if not isinstance(use, bool):
        raise ParseError(N_("'use' is true (block the army) or false (let it attack)"))
    state, queue = ctx.state, pending["queue"]
    if use:
        variants.take_out(ctx, pending["emperor"], 1, "block", action.get("discs_from"))
        state["pending"] = None
        barbarian.block_army(ctx, pending["army"], pending["to"], pending["emperor"])
    else:
        state["pending"] = None
        if not barbarian.army_attacks(ctx, pending["army"], pending["to"], queue):
            return
    turns.resume_advance(ctx, queue)
