"""The state of a game and the small operations every rule uses to change it.

The state is plain JSON-safe data (docs/tetrarchia/engine.md). `Ctx` carries one action's work:
the state being changed, the dice, the events produced and the game tables. The piece operations
here are the only code that moves discs and figures between the board, the reserve and the
supplies, so that every change is an event and the pieces are always conserved.
"""
from __future__ import annotations

import copy

from forge.engine.context import Context
from forge.engine.tetrarchia.data import Tables

GAME = "tetrarchia"
RULES_VERSION = "1"
THREATS = ("agitation", "revolt")
ROLL_RULES = {                       # the rule each kind of roll belongs to
    "setup_revolt": "setup.revolts", "setup_extra_region": "setup.threats",
    "setup_extra_province": "setup.threats", "setup_army": "setup.threats",
    "state_region": "state", "state_province": "state",
    "aftermath_region": "aftermath", "aftermath_province": "aftermath",
    "broken_link": "broken_link", "combat_emperor": "combat", "combat_army": "combat",
}


class GameOver(Exception):
    """Raised where the game ends at once (victory, ROMA taken, an empty reserve)."""

    def __init__(self, result: str, reason: str, **details):
        super().__init__(f"{result}: {reason}")
        self.result, self.reason, self.details = result, reason, details


class Ctx(Context):
    """One action's work (forge.engine.context), with Tetrarchia's rolls, rulings and variants."""

    __slots__ = ()

    def roll(self, die: str, reason: str, purpose: str, **fields) -> int:
        """Roll (or take the entered result of) one die, as an event."""
        value = self.dice.roll(die, reason)
        self.emit("roll", die=die, value=value, purpose=purpose, reason=reason,
                  rule=ROLL_RULES[purpose], **fields)
        return value

    def rule(self, name: str):
        """The value of a ruling option."""
        return self.state["rulings"][name]

    def variant(self, name: str) -> bool:
        """Whether a variant is played."""
        return name in self.state["variants"]


# --- reading the state --------------------------------------------------------------------------

def emperor_positions(state: dict) -> dict[str, str]:
    """Province -> emperor for every emperor standing on the board (not one passing through,
    who shares another emperor's province)."""
    return {v["at"]: e for e, v in state["emperors"].items()
            if v["at"] is not None and not v["passing"]}


def army_provinces(state: dict) -> list[str]:
    """The provinces holding a barbarian army."""
    return [p for p, f in state["figures"].items() if f == "army"]


def holder(state: dict, t: Tables, province: str) -> str:
    """What a province holds for the Result table: emperor, none, agitation or revolt."""
    disc = state["discs"].get(province)
    if disc is None:
        uncovered_painted = province in t.capital_owner or province == t.roma
        return "emperor" if uncovered_painted else "none"
    return disc if disc in THREATS else "emperor"


def is_uncovered_capital(state: dict, t: Tables, province: str) -> bool:
    """A province whose painted disc (a capital, or ROMA's wildcard) shows."""
    return (province in t.capital_owner or province == t.roma) and province not in state["discs"]


def frontiers_protected(state: dict, t: Tables) -> list[str]:
    """The frontier provinces holding an emperor disc."""
    discs = state["discs"]
    return [t.frontier_of[r] for r in t.outer_regions
            if discs.get(t.frontier_of[r]) in state["emperors"]]


def piece_counts(state: dict) -> dict[str, int]:
    """Every kind of piece counted wherever it is (board, reserve, supply, out, glory)."""
    discs = list(state["discs"].values())
    counts = {
        "agitation": discs.count("agitation") + state["reserve"]["agitation"]
        + sum(v["glory"] for v in state["emperors"].values()),
        "revolt": discs.count("revolt") + state["reserve"]["revolt"],
        "army": len(army_provinces(state)) + state["reserve"]["army"],
    }
    for e, v in state["emperors"].items():
        counts[e] = discs.count(e) + v["supply"] + v["out"]
    return counts


def copy_state(state: dict) -> dict:
    """A copy of a state, as deep as apply needs and much faster than copy.deepcopy."""
    new = dict(state)
    for key in ("discs", "figures", "reserve", "rulings"):
        new[key] = dict(state[key])
    new["emperors"] = {e: dict(v) for e, v in state["emperors"].items()}
    new["fleets"] = list(state["fleets"])
    new["variants"] = list(state["variants"])
    new["control"] = {e: list(p) for e, p in state["control"].items()}
    new["this_turn"] = copy.deepcopy(state["this_turn"])
    new["this_round"] = copy.deepcopy(state["this_round"])
    new["pending"] = copy.deepcopy(state["pending"])
    new["outcome"] = copy.deepcopy(state["outcome"])
    return new


# --- moving pieces --------------------------------------------------------------------------------

def return_disc(state: dict, disc: str) -> str:
    """Put a removed disc back where it belongs (R5); returns 'reserve' or 'supply'."""
    if disc in THREATS:
        state["reserve"][disc] += 1
        return "reserve"
    state["emperors"][disc]["supply"] += 1
    return "supply"


def need_threat(ctx: Ctx, kind: str, province: str) -> None:
    """Raise GameOver if a disc of `kind` must be placed and the reserve has none (R8)."""
    if ctx.state["reserve"][kind] <= 0:
        raise GameOver("defeat", "reserve_empty", piece=kind, province=province)


def put_threat(ctx: Ctx, province: str, kind: str, rule: str, **fields) -> bool:
    """Place an Agitation or Revolt disc, replacing any other disc; False if already there."""
    state = ctx.state
    old = state["discs"].get(province)
    if old == kind:
        return False
    need_threat(ctx, kind, province)
    state["reserve"][kind] -= 1
    state["discs"][province] = kind
    if old is None:
        covers = _painted(ctx, province)
        extra = {"covers": covers} if covers else {}
        ctx.emit("place", piece=kind, province=province, rule=rule, **extra, **fields)
    else:
        ctx.emit("replace", piece=kind, was=old, province=province,
                 was_to=return_disc(state, old), rule=rule, **fields)
    return True


def _painted(ctx: Ctx, province: str) -> str | None:
    if province == ctx.t.roma:
        return "roma"
    return ctx.t.capital_owner.get(province)


def remove_disc(ctx: Ctx, province: str, rule: str, **fields) -> str | None:
    """Remove whatever disc a province holds, back to its reserve or supply."""
    old = ctx.state["discs"].pop(province, None)
    if old is not None:
        ctx.emit("remove", piece=old, province=province, to=return_disc(ctx.state, old),
                 rule=rule, **fields)
    return old


def place_emperor_disc(ctx: Ctx, emperor: str, province: str, rule: str) -> None:
    """An emperor puts one of his discs from his supply on a province."""
    ctx.state["emperors"][emperor]["supply"] -= 1
    ctx.state["discs"][province] = emperor
    covers = _painted(ctx, province)
    extra = {"covers": covers} if covers else {}
    ctx.emit("place", piece=emperor, province=province, rule=rule, **extra)


def place_army(ctx: Ctx, province: str, rule: str) -> None:
    """A barbarian army comes from the reserve onto a (frontier) province."""
    ctx.state["reserve"]["army"] -= 1
    ctx.state["figures"][province] = "army"
    ctx.emit("place", piece="army", province=province, rule=rule)


def remove_army(ctx: Ctx, province: str, rule: str) -> None:
    """A barbarian army goes back to the reserve."""
    del ctx.state["figures"][province]
    ctx.state["reserve"]["army"] += 1
    ctx.emit("remove", piece="army", province=province, to="reserve", rule=rule)


def move_army(ctx: Ctx, frm: str, to: str, rule: str) -> None:
    """A barbarian army steps from one province to the next."""
    figures = ctx.state["figures"]
    del figures[frm]
    figures[to] = "army"
    ctx.emit("move", piece="army", **{"from": frm}, to=to, rule=rule)


def set_emperor(state: dict, emperor: str, province: str | None, passing: bool = False) -> None:
    """Put an emperor's figure on a province (or off the board with None)."""
    record = state["emperors"][emperor]
    figures = state["figures"]
    if record["at"] is not None and figures.get(record["at"]) == emperor:
        del figures[record["at"]]
    record["at"], record["passing"] = province, passing
    if province is not None and not passing:
        figures[province] = emperor


def withdraw(ctx: Ctx, emperor: str, rule: str, **fields) -> None:
    """An emperor leaves the board; he comes back at the start of his next turn."""
    province = ctx.state["emperors"][emperor]["at"]
    set_emperor(ctx.state, emperor, None)
    ctx.emit("withdraw", emperor=emperor, province=province, rule=rule, **fields)


def spend(ctx: Ctx, emperor: str, pi: int, action: str) -> None:
    """The current emperor spends PI."""
    ctx.state["pi"] -= pi
    ctx.emit("spend", emperor=emperor, pi=pi, left=ctx.state["pi"], action=action, rule=action)
