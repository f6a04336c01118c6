"""The arithmetic of the rule tables: ratio shifts, losses, bands, ranks (all numbers from data).

Each function takes the tables (`t`, data.Tables) and the readings a table chose where the data
gives more than one reading.
"""
from __future__ import annotations

import math
from fractions import Fraction


def half_round(value: Fraction, direction: str) -> int:
    """`value` rounded to the nearest whole number, .5 going `direction` (up or down)."""
    floor = math.floor(value)
    rest = value - floor
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and direction == "up"):
        return floor + 1
    return floor


def ratio_shifts(t, larger: int, smaller: int, source: str = "rule") -> int:
    """The shifts of a larger to a smaller total (10.51 steps 2 and 4, 10.56; P1, P2).

    `source` card uses the printed cells of the Tabla de Proporciones within it."""
    ratio = t.combat["ratio"]
    if smaller <= 0:
        raise ValueError("a side with no battle points has no ratio")
    if source == "card" and smaller <= ratio["smaller_max"] and larger <= ratio["larger_max"]:
        return ratio["rows"][smaller - 1][larger - smaller]
    quotient = Fraction(larger, smaller)
    if quotient <= Fraction(str(ratio["zero_up_to"])):
        return 0
    if quotient <= Fraction(str(ratio["one_up_to"])):
        return 1
    return half_round(quotient, ratio["half_rounds"])


def simplified_ratio_shifts(t, larger: int, smaller: int) -> int:
    """The optional simplified rounding (10.56): whole times only."""
    shifts = 0
    for row in t.combat["simplified_ratio"]["rows"]:
        times = row["at_least_times"]
        if larger > times * smaller or (larger == times * smaller and not row.get("strictly_more")):
            shifts = row["shifts"]
    rows = t.combat["simplified_ratio"]["rows"]
    if t.combat["simplified_ratio"].get("and_so_on") and larger >= rows[-1]["at_least_times"] \
            * smaller:
        shifts = max(shifts, larger // smaller)
    return shifts


def loss_bp(t, roll: int, bp: int) -> int:
    """The BP a force of `bp` loses at modified roll `roll` (10.53, Tabla de Porcentaje de
    Pérdidas; above 30 BP column 30 is added once per full 30, P4)."""
    loss = t.combat["loss"]
    if roll <= 0 or bp <= 0:
        return 0
    row = loss["rows"][roll - 1]
    top = loss["columns_max"]
    full, rest = divmod(bp, top)
    return full * row[top - 1] + (row[rest - 1] if rest else 0)


def band(t, level: int, turmoil_from: int | None = None) -> str:
    """The stability band of a level (14.13, P5; `turmoil_from` the reading's top of Turmoil)."""
    bands = {b["id"]: b for b in t.stability["bands"]["list"]}
    if turmoil_from is None:
        turmoil_from = bands["turmoil"]["high"]
    if level >= bands["stable"]["low"]:
        return "stable"
    return "turmoil" if level <= turmoil_from else "unrest"


def clamp_stability(t, level: int) -> int:
    track = t.stability["track"]
    return max(track["min"], min(track["max"], level))


def max_manpower(t, power: str, band_id: str) -> int:
    """The Maximum Manpower of a power in a band (6.42)."""
    return t.economy["max_manpower"]["by_band"][band_id][power]


def rank_awards(values: dict[str, int], awards: list[int]) -> dict[str, int]:
    """Awards by rank, highest value first; tied powers share the awards of the places they
    take, rounded down (15.23, 15.33)."""
    ordered = sorted(values, key=lambda p: -values[p])
    result, place = {}, 0
    while place < len(ordered):
        tied = [p for p in ordered if values[p] == values[ordered[place]]]
        share = sum(awards[place + i] if place + i < len(awards) else 0
                    for i in range(len(tied))) // len(tied)
        for power in tied:
            result[power] = share
        place += len(tied)
    return result
