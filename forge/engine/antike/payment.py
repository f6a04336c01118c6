"""Costs and payments: what a civilization pays with, checked against what a cost allows.

A cost is {resource: n} (a temple's 5 marble) or {"any": n} (the rondel's steps). Coins stand
for any resource; once a civilization owns all 8 progresses any resource stands for any other.
A payment must add up to the cost exactly (the bank gives change) and be held.
"""
from __future__ import annotations

from forge.engine.antike.data import PAYMENT, RESOURCES
from forge.engine.antike.refusal import IllegalAction
from forge.engine.antike.state import Ctx, holdings
from forge.engine.core import N_

ANY = "any"


def total(amounts: dict) -> int:
    return sum(amounts.values())


def free_exchange(book: dict, t) -> bool:
    """Whether the civilization owns every progress (any resource stands for any)."""
    return set(t.progresses) <= set(book["progress"])


def times(cost: dict, count: int) -> dict:
    return {key: value * count for key, value in cost.items() if value * count}


def suggest(book: dict, cost: dict, t) -> dict | None:
    """A payment of `cost` from what the civilization holds (None: it cannot pay): the cost's
    own resources first, then (all 8 progresses) the others, coins last."""
    held = holdings(book)
    pay = dict.fromkeys(PAYMENT, 0)
    wanted = dict(cost)
    others = sorted(RESOURCES, key=lambda r: (-held[r], RESOURCES.index(r)))
    if ANY in wanted:
        due = wanted.pop(ANY)
        for resource in others:
            pay[resource] += _take(held, resource, due - total(pay))
    else:
        for resource, amount in wanted.items():
            pay[resource] += _take(held, resource, amount)
        if free_exchange(book, t):
            for resource in others:
                pay[resource] += _take(held, resource, total(wanted) - total(pay))
    due = total(cost) - total(pay)
    pay["coin"] = _take(held, "coin", due)
    if total(pay) < total(cost):
        return None
    return {key: value for key, value in pay.items() if value}


def _take(held: dict, what: str, wanted: int) -> int:
    taken = max(0, min(held[what], wanted))
    held[what] -= taken
    return taken


def check_payment(book: dict, civ: str, cost: dict, pay: dict, t) -> dict:
    """The payment as {marble, iron, gold, coin}, when it pays `cost` (IllegalAction if not)."""
    pay = {key: pay.get(key) or 0 for key in PAYMENT}
    if total(pay) != total(cost):
        raise IllegalAction(N_("the payment adds up to {paid}, the cost is {cost}"),
                            paid=total(pay), cost=total(cost))
    if ANY not in cost and not free_exchange(book, t):
        for resource in RESOURCES:
            if pay[resource] > cost.get(resource, 0):
                raise IllegalAction(N_("this cost takes at most {most} {resource}; coins pay "
                                       "for the rest"), most=cost.get(resource, 0),
                                    resource=resource)
    held = holdings(book)
    for key in PAYMENT:
        if pay[key] > held[key]:
            raise IllegalAction(N_("{civ}: {have} {what} held, {pay} to pay"), civ=civ,
                                have=held[key], what=key, pay=pay[key])
    return pay


def pay_cost(ctx: Ctx, civ: str, cost: dict, pay: dict | None, why: str) -> dict:
    """Pay `cost` with `pay` (None: the suggested payment) to the bank, whose coins take back
    the coins paid when it counts them; emits `paid`."""
    book = ctx.civ(civ)
    if pay is None:
        pay = suggest(book, cost, ctx.t)
        if pay is None:
            raise IllegalAction(N_("{civ}: not enough to pay {cost}"), civ=civ, cost=total(cost))
    paid = check_payment(book, civ, cost, pay, ctx.t)
    for resource in RESOURCES:
        book["resources"][resource] -= paid[resource]
    book["coins"] -= paid["coin"]
    if ctx.state["bank"]["coins"] is not None:
        ctx.state["bank"]["coins"] += paid["coin"]
    if total(paid):
        ctx.emit("paid", civ=civ, pay={k: v for k, v in paid.items() if v}, why=why)
    return paid
