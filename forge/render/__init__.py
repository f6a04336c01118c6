"""Piece makers: functions that turn one component of game.yaml into pieces with faces.

A component names its maker in its `draw` field. A maker is registered with `@maker("name")` and
called as `make(component, ctx)`, where `component` is the component's translated data and `ctx` a
RenderContext; it returns the list of Piece values to print (see forge/model.py). Makers draw only:
where a piece goes on a page is the imposition stage's job.
"""
from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from typing import Callable

from forge.model import Piece

MAKERS: dict[str, Callable[..., list[Piece]]] = {}
READS: dict[str, tuple[str, ...]] = {}


def maker(name: str, reads: tuple[str, ...] = ("game",)):
    """Register a piece maker under the name components use in their `draw` field.

    `reads` names what its art depends on besides the component itself: content files by stem
    ('game', 'board', 'rules', 'sheets', 'atlas', ...) and 'manifest' (the kit's component list).
    Pieces without their own `key` are re-rendered when any of these change (forge/piece_cache.py).
    """
    def register(function):
        MAKERS[name] = function
        READS[name] = tuple(reads)
        return function
    return register


def load_makers() -> dict[str, Callable[..., list[Piece]]]:
    """Import every module of forge.render and its subpackages, and return the registry.

    A maker module registers itself by existing: adding a file (a game's own subpackage
    included) is all it takes for its makers to be found.
    """
    _import_render_modules()
    return MAKERS


@cache
def _import_render_modules() -> tuple[str, ...]:
    """Import each module under forge.render once, in name order; return their names."""
    names = tuple(info.name for info in pkgutil.walk_packages(__path__, prefix=f"{__name__}."))
    for name in names:
        import_module(name)
    return names
