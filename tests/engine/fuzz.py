"""Mutations of real JSON for the fuzz tests: type swaps, deletions, unknown fields, deep
nesting, huge numbers, NaN and infinity, true or false for numbers, endless texts, and values
of the right type that a game does not expect there (another id, a count at an edge).

`mutations(value)` draws a mutated deep copy of a real value (an action, set-up options, a
position, a save) with a note of what it did and whether the door must refuse it whatever the
rules say: a number beyond 64 bits, NaN, nesting past the limit, an unknown field at the top,
true/false where a number was, a text past the limit.
"""
from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass, field

from hypothesis import strategies as st

from forge.engine.inputs import MAX_DEPTH, MAX_INT, MAX_TEXT

STRANGE = [None, True, False, 0, -1, 1, 7, 1.5, -0.0, "", " ", "x", "ROMA", "angela", "é" * 3,
           "\u0000", "𝔘𝔫𝔦", [], [1], ["x"], {}, {"x": 1}, {"": None}, [[[]]], [None]]
HUGE = [MAX_INT, -MAX_INT, 10 ** 30, 2 ** 200, float("nan"), float("inf"), float("-inf")]
# values of the right type that a real game uses: ids of both games, counts at the edges
IDS = ["ROMA", "NARBONENSIS", "CISALPINA", "MARE_INTERNVM", "diocletian", "galerius", "link",
       "fleet", "revolt", "agitation", "army", "italia", "hispania", "aegean", "ana", "bea",
       "angela", "bernardo", "carlos", "infantry", "galley", "general", "caesar", "attacker",
       "defender", "own", "token", "blank", "senator-3", "military-training-9"]
NUMBERS = [-1, 0, 1, 2, 3, 6, 7, 25, 100, 1_000_000, 1_000_001]


@dataclass
class Mutant:
    """A mutated value, what was done to it, and whether it must be refused at the door."""

    value: object
    done: list = field(default_factory=list)
    must_refuse: bool = False


def paths(value, deepest: int = 40) -> list[tuple]:
    """Every path to a value inside `value` (the root is ()), down to `deepest` levels."""
    found, stack = [], [((), value)]
    while stack:
        prefix, item = stack.pop()
        found.append(prefix)
        if len(prefix) >= deepest:
            continue
        if isinstance(item, dict):
            stack.extend((prefix + (key,), inner) for key, inner in item.items())
        elif isinstance(item, list):
            stack.extend((prefix + (index,), inner) for index, inner in enumerate(item))
    return sorted(found, key=lambda p: (len(p), repr(p)))


def get(value, path):
    for step in path:
        value = value[step]
    return value


def put(root, path, new):
    """`root` with the value at `path` replaced (the root itself when path is ())."""
    if not path:
        return new
    get(root, path[:-1])[path[-1]] = new
    return root


def nested(depth: int, inner=0):
    """A value wrapped in `depth` lists, built without recursion."""
    value = inner
    for _ in range(depth):
        value = [value]
    return value


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=6)
    | st.sampled_from(["ROMA", "NARBONENSIS", "italia", "aegean", "angela", "infantry"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                  max_size=3),
    max_leaves=6)


@st.composite
def mutations(draw, value, top_fields=None, protected=(), rounds=3,
              deepest=MAX_DEPTH) -> Mutant:
    """A mutated copy of `value`; `top_fields`: the names the top level may hold (an unknown
    one there must be refused); `protected`: top-level names whose values are information
    the door ignores (true/false for a number is not refused below them); `deepest`: the
    nesting the door allows."""
    mutant = Mutant(copy.deepcopy(value))
    bools = []
    for _ in range(draw(st.integers(1, rounds))):
        where = draw(st.sampled_from(paths(mutant.value)))
        kind = draw(st.sampled_from(["swap", "swap", "json", "delete", "unknown", "bool",
                                     "huge", "nest", "long", "same", "same", "same"]))
        if _apply(draw, mutant, where, kind) and kind == "bool" and not (
                where and where[0] in protected):
            bools.append(where)
    mutant.must_refuse = must_refuse(mutant.value, top_fields, bools, deepest)
    return mutant


def _apply(draw, mutant, where, kind) -> bool:
    old = get(mutant.value, where)
    if kind == "swap":
        new = copy.deepcopy(draw(st.sampled_from(STRANGE)))
    elif kind == "json":
        new = draw(json_values)
    elif kind == "delete" and where:
        del get(mutant.value, where[:-1])[where[-1]]
        new = None
    elif kind == "unknown" and isinstance(old, dict):
        name = draw(st.sampled_from(["zz", "Type", "player ", "colour", "rng", "", "cost",
                                     "open", "x" * 300]))
        old[name] = copy.deepcopy(draw(st.sampled_from(STRANGE)))
        new = old
    elif kind == "same" and isinstance(old, str):
        new = draw(st.sampled_from(IDS))
    elif kind == "same" and isinstance(old, int) and not isinstance(old, bool):
        new = draw(st.sampled_from(NUMBERS))
    elif kind == "bool" and isinstance(old, int) and not isinstance(old, bool):
        new = draw(st.booleans())
    elif kind == "huge":
        new = draw(st.sampled_from(HUGE))
    elif kind == "nest":
        new = nested(draw(st.sampled_from([MAX_DEPTH + 1, 100, 1_000, 5_000])), old)
    elif kind == "long":
        new = "x" * (MAX_TEXT + 1)
    else:
        return False
    if kind != "delete":
        mutant.value = put(mutant.value, where, new)
    mutant.done.append((kind, where))
    return True


def must_refuse(value, top_fields, bools, deepest=MAX_DEPTH) -> bool:
    """Whether the door must refuse `value` whatever its schema says."""
    if depth(value) > deepest or any(_out_of_bounds(leaf) for leaf in _leaves(value)):
        return True
    if isinstance(value, dict) and top_fields is not None and set(value) - set(top_fields):
        return True
    for where in bools:
        try:
            if isinstance(get(value, where), bool):
                return True
        except (KeyError, IndexError, TypeError):
            pass
    return False


def _out_of_bounds(leaf) -> bool:
    if isinstance(leaf, str):
        return len(leaf) > MAX_TEXT
    if isinstance(leaf, float):
        return not math.isfinite(leaf)
    return isinstance(leaf, int) and not isinstance(leaf, bool) and abs(leaf) >= MAX_INT


def depth(value) -> int:
    """How deep mappings and lists nest (a scalar is 1)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack.extend((inner, level + 1) for inner in item.values())
        elif isinstance(item, list):
            stack.extend((inner, level + 1) for inner in item)
    return deepest


def is_plain(value) -> bool:
    """Plain JSON data, with no NaN or infinity (what a state or an event must always be)."""
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return False
    return not any(isinstance(v, float) and not math.isfinite(v)
                   for v in _leaves(value))


def _leaves(value):
    """Every scalar inside `value`, the field names of its mappings among them."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield from item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            yield item
