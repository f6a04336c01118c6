"""The barbarian phase: State of the Empire, Result, Uprising and aftermath, the advance.

Played after every emperor's Roman phase, also when he is off the board (R6). Broken links are
rolled only in the three steps the rulebook marks "connected*" (propagation, an uprising's
spread, an army's step), through `LinkChecks` (R2, R19).
"""
from __future__ import annotations

from forge.engine.tetrarchia import combat, variants
from forge.engine.tetrarchia.data import Tables
from forge.engine.tetrarchia.decisions import offer_block, offer_boost
from forge.engine.tetrarchia.state import (Ctx, GameOver, army_provinces, holder, move_army,
                                           place_army, put_threat, remove_army, remove_disc,
                                           withdraw)


class LinkChecks:
    """The broken-link rolls of one step: once per link (default) or at every check (R2)."""

    __slots__ = ("ctx", "keep", "known")

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self.keep = ctx.state["rulings"]["broken_link_rolls"] == "once_per_step"
        self.known: dict[tuple[str, str], bool] = {}

    def connected(self, a: str, b: str) -> bool:
        """Whether linked provinces a and b count as connected now (a roll if broken)."""
        t = self.ctx.t
        if b not in t.broken[a]:
            return True
        key = (a, b) if t.order[a] < t.order[b] else (b, a)
        if self.keep and key in self.known:
            return self.known[key]
        value = self.ctx.roll("6", f"broken link {t.name[a]} - {t.name[b]}", "broken_link",
                              between=[a, b])
        linked = value >= t.broken_connected_from
        self.ctx.emit("link", between=[a, b], connected=linked, rule="broken_link")
        self.known[key] = linked
        return linked


def play_phase(ctx: Ctx) -> bool:
    """The whole barbarian phase; False when it stops for a player's choice."""
    ctx.emit("phase", phase="barbarian", emperor=ctx.state["turn"])
    state_of_the_empire(ctx)
    resolve_hit(ctx, roll_province(ctx))
    ctx.emit("step", step="advance")
    return advance(ctx, advance_order(ctx.state, ctx.t))


# --- 0. State of the Empire -----------------------------------------------------------------------

def state_of_the_empire(ctx: Ctx) -> None:
    """Agitation linked* to Revolt turns to Revolt, again and again; emperors on Revolt leave."""
    ctx.emit("step", step="state")
    propagate(ctx)
    state = ctx.state
    for emperor in ctx.t.emperors:
        at = state["emperors"][emperor]["at"]
        if at is not None and state["discs"].get(at) == "revolt":
            withdraw(ctx, emperor, "remove_emperors")


def propagate(ctx: Ctx) -> None:
    """Waves outward from the Revolt discs: each wave converts the Agitation discs linked* to
    the Revolt discs of the wave before (FAQ: repeated until nothing changes)."""
    state, t = ctx.state, ctx.t
    discs = state["discs"]
    checks = LinkChecks(ctx)
    fresh = [p for p in t.provinces if discs.get(p) == "revolt"]
    while fresh:
        touched = {n for p in fresh for n in t.neighbours[p] if discs.get(n) == "agitation"}
        converted = [a for a in sorted(touched, key=t.order.__getitem__)
                     if _linked_to_revolt(t, discs, checks, a)]
        for province in converted:
            put_threat(ctx, province, "revolt", "propagate")
        fresh = converted


def _linked_to_revolt(t: Tables, discs: dict, checks: LinkChecks, province: str) -> bool:
    revolts = [n for n in t.neighbours[province] if discs.get(n) == "revolt"]
    if any(n not in t.broken[province] for n in revolts):
        return True
    return any(checks.connected(province, n) for n in revolts)


def roll_province(ctx: Ctx) -> str:
    """The State of the Empire's roll, VI + 6: the Roman province at those coordinates."""
    region = ctx.roll("VI", "State of the Empire: region", "state_region")
    number = ctx.roll("6", "State of the Empire: province", "state_province")
    return ctx.t.at_coordinate[(region, number)]


# --- 1. Result, 2. Uprising and aftermath ---------------------------------------------------------

def resolve_hit(ctx: Ctx, province: str | None) -> None:
    """Apply the Result table where the dice point; an uprising may chain through aftermaths."""
    state, t = ctx.state, ctx.t
    while province is not None:
        holds = holder(state, t, province)
        effect = t.results[holds]
        ctx.emit("result", province=province, holds=holds, effect=effect, rule="result")
        if effect in ("agitation", "revolt"):
            put_threat(ctx, province, effect, "result")
        if effect != "uprising":
            return
        uprising(ctx, province)
        province = aftermath(ctx)


def uprising(ctx: Ctx, province: str) -> None:
    """Revolt on every Roman province linked* to it, replacing any other disc."""
    ctx.emit("uprising", province=province, rule="uprising")
    discs = ctx.state["discs"]
    checks = LinkChecks(ctx)
    for near in ctx.t.roman_neighbours[province]:
        if discs.get(near) != "revolt" and checks.connected(province, near):
            put_threat(ctx, near, "revolt", "uprising", source=province)


def aftermath(ctx: Ctx) -> str | None:
    """While an army is in reserve: VI; an empty frontier gets an army, else roll 6 and return
    the province to check next."""
    state, t = ctx.state, ctx.t
    if state["reserve"]["army"] <= 0:
        ctx.emit("aftermath", armies_left=0, rule="aftermath")
        return None
    region = ctx.roll("VI", "aftermath of the uprising: region", "aftermath_region")
    frontier = t.frontier_of[t.outer_regions[region - 1]]
    if frontier not in state["discs"] and frontier not in state["figures"]:
        place_army(ctx, frontier, "aftermath")
        return None
    number = ctx.roll("6", "aftermath of the uprising: province", "aftermath_province",
                      frontier=frontier)
    return t.at_coordinate[(region, number)]


# --- 3. Barbarian advance -------------------------------------------------------------------------

ORDER_KEYS = {
    "closest_to_roma": lambda t, p: t.distance.get(p, len(t.provinces)),
    "lower_region": lambda t, p: t.region_index[t.region_of[p]],
}


def advance_order(state: dict, t: Tables) -> list[str]:
    """The armies in the order they move (rules.yaml advance_order, then board order; R21)."""
    keys = [ORDER_KEYS[k] for k in t.rules["advance_order"]]
    return sorted(army_provinces(state),
                  key=lambda p: (*(k(t, p) for k in keys), t.order[p]))


def advance(ctx: Ctx, queue: list[str]) -> bool:
    """Advance the armies of `queue` in order; False when a player's choice stops it."""
    while queue:
        army = queue.pop(0)
        if not step_army(ctx, army, queue):
            return False
    return True


def step_army(ctx: Ctx, at: str, queue: list[str]) -> bool:
    """One army's step along its route; False when it waits for a player's choice."""
    state, t = ctx.state, ctx.t
    to = t.route_next.get(at)
    if to is None:
        ctx.emit("block", army=at, to=None, reason="no_route", rule="advance")
        return True
    if state["figures"].get(to) == "army":
        ctx.emit("block", army=at, to=to, reason="army", rule="advance")
        return True
    if not LinkChecks(ctx).connected(at, to):
        ctx.emit("block", army=at, to=to, reason="broken_link", rule="advance")
        return True
    if to not in state["figures"]:
        army_enters(ctx, at, to)
        return True
    if offer_block(ctx, at, to, queue):
        return False
    return army_attacks(ctx, at, to, queue)


def army_attacks(ctx: Ctx, army_at: str, emperor_at: str, queue: list[str]) -> bool:
    """The army attacks the emperor in its way; False while Galerius chooses his +1s."""
    emperor = ctx.state["figures"][emperor_at]
    fight = combat.roll_combat(ctx, emperor, army_at, "army")
    if offer_boost(ctx, fight, queue):
        return False
    finish_defence(ctx, fight)
    return True


def finish_defence(ctx: Ctx, fight: dict) -> None:
    """Resolve an army's attack once the values are final."""
    emperor, army_at, emperor_at = fight["emperor"], fight["army_at"], fight["emperor_at"]
    ctx.emit("combat", **fight, rule="defence")
    if fight["winner"] == "army":
        withdraw(ctx, emperor, "defence_lost")
        variants.debit_defeat(ctx, emperor)
        army_enters(ctx, army_at, emperor_at)
    elif fight["winner"] == "emperor":
        remove_army(ctx, army_at, "defence_won")
        if ctx.state["discs"].get(army_at) == "revolt":
            remove_disc(ctx, army_at, "defence_won")
        variants.credit_victory(ctx, emperor)


def block_army(ctx: Ctx, army_at: str, to: str, emperor: str) -> None:
    """Constantius's power: the army stays where it is this turn."""
    ctx.emit("block", army=army_at, to=to, reason="imperivm", emperor=emperor, rule="imperivm")


def army_enters(ctx: Ctx, frm: str, to: str) -> None:
    """The army moves in; ROMA taken loses the game; a Roman province is devastated."""
    move_army(ctx, frm, to, "advance")
    if to == ctx.t.roma:
        raise GameOver("defeat", "roma_taken", province=to)
    if to in ctx.t.roman:
        put_threat(ctx, to, "revolt", "devastation")
