"""The end of a season: taxes, key-province VP, chaos and its penalties, cards back, and the
next season's auction or the end of the game (rulebook phases 6-8; digest 7, 8, 9.3, 12.3).
"""
from __future__ import annotations

from forge.engine.conquest.state import Ctx, gain, influence_total
from forge.engine.core import N_
from forge.engine.conquest.refusal import IllegalAction


def dense_places(counts: dict[str, int]) -> dict[str, int]:
    """Place 1, 2, ... by count, highest first; equal counts share a place; 0 has no place."""
    distinct = sorted({c for c in counts.values() if c > 0}, reverse=True)
    return {p: distinct.index(c) + 1 for p, c in counts.items() if c > 0}


def vp_values(ctx: Ctx, province: str) -> list[int] | None:
    """The province's VP list: the table's setting, else the rulebook's, else unknown."""
    return ctx.state["settings"]["vp"].get(province) or (
        list(ctx.t.vp[province]) if province in ctx.t.vp else None)


def end_season(ctx: Ctx, action: dict) -> None:
    state = ctx.state
    if state["phase"] != "season-end":
        raise IllegalAction(N_("the season ends after its last round of actions"))
    _check_vp_known(ctx)
    collect_taxes(ctx)
    score_provinces(ctx)
    chaos_penalties(ctx)
    _refresh_cards(ctx)
    ctx.emit("season-over", season=state["season"], last_player=state["last_player"])
    if state["season"] >= state["seasons"]:
        return finish(ctx)
    state["season"] += 1
    state["round"] = 1
    from forge.engine.conquest.auction import open_auctions
    opener = state["last_player"] or (state["order"] or state["players"])[-1]
    open_auctions(ctx, opener)


def _check_vp_known(ctx: Ctx) -> None:
    """Refuse before changing anything if a contested province's VP are not known."""
    for province in ctx.t.key_provinces:
        held = any(ctx.book(p)["influence"].get(province) for p in ctx.state["players"])
        if held and vp_values(ctx, province) is None:
            raise IllegalAction(N_("the VP of {province} are printed only on the board: enter "
                                   "them with set-board-values before scoring"),
                                province=ctx.t.province_name[province])


def collect_taxes(ctx: Ctx) -> None:
    economy, cities = ctx.t.economy, ctx.state["cities"]
    for player in ctx.state["players"]:
        influence = ctx.book(player)["influence"]
        base = economy["tax_per_influence"] * sum(influence.values())
        bonus = economy["city_bonus"] * sum(n for p, n in influence.items()
                                            if cities.get(p) == player)
        gain(ctx, player, "talents", base + bonus, "taxes")


def score_provinces(ctx: Ctx) -> None:
    for province in ctx.t.key_provinces:
        counts = {p: ctx.book(p)["influence"].get(province, 0) for p in ctx.state["players"]}
        places = dense_places(counts)
        if not places:
            continue
        values = vp_values(ctx, province)
        awarded = {p: values[place - 1] for p, place in places.items() if place <= len(values)}
        ctx.emit("province-scored", province=province, places=places, vp=awarded)
        for player, points in awarded.items():
            gain(ctx, player, "vp", points, province)


def chaos_penalties(ctx: Ctx) -> None:
    chaos, state = ctx.t.chaos, ctx.state
    for player in state["players"]:
        cities = sum(1 for owner in state["cities"].values() if owner == player)
        if cities:
            gain(ctx, player, "chaos", chaos["per_city"] * cities, "cities")
    places = dense_places({p: ctx.book(p)["chaos"] for p in state["players"]})
    penalties = chaos["penalties"]
    ctx.emit("chaos-ranked", places=places)
    for player, place in places.items():
        if place <= len(penalties):
            gain(ctx, player, "vp", -penalties[place - 1], "chaos")


def _refresh_cards(ctx: Ctx) -> None:
    state = ctx.state
    for player in state["players"]:
        book = ctx.book(player)
        book["used"] = []
        back = [c for c in book["cards"] if state["cards"].get(c, {}).get("class") == "diplomacy"]
        for card in back:
            book["cards"].remove(card)
            state["offer"].append(card)
        if back:
            ctx.emit("diplomacy-returned", player=player, cards=back)


def standings(state: dict) -> list[dict]:
    """Players by VP, then influence tokens; `place` shared by full ties."""
    rows = sorted(({"player": p, "vp": state["books"][p]["vp"],
                    "influence": influence_total(state, p)} for p in state["players"]),
                  key=lambda r: (-r["vp"], -r["influence"]))
    place, previous = 0, None
    for index, row in enumerate(rows, 1):
        key = (row["vp"], row["influence"])
        if key != previous:
            place, previous = index, key
        row["place"] = place
    return rows


def finish(ctx: Ctx) -> None:
    state = ctx.state
    table = standings(state)
    winners = [r["player"] for r in table if r["place"] == 1]
    state["phase"] = "over"
    state["result"] = {"winners": winners, "standings": table}
    ctx.emit("game-over", winners=winners, standings=table)
