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
ABOUT_THE_KIT: set[str] = set()     # makers of pages about the kit itself, not the game's pieces
TWO_SIDED_ONLY: set[str] = set()    # makers of pages only a kit printed two-sided needs


def maker(name: str, reads: tuple[str, ...] = ("game",), about_the_kit: bool = False,
          two_sided_only: bool = False):
    """Register a piece maker under the name components use in their `draw` field.

    `reads` names what its art depends on besides the component itself: content files by stem
    ('game', 'board', 'rules', 'sheets', 'atlas', ...) and 'manifest' (the kit's component list;
    such a maker is run once the rest of the kit is planned). Pieces without their own `key` are
    re-rendered when any of these change (forge/piece_cache.py). `about_the_kit`: its pages
    describe the kit (cover, instructions), so the cover does not count them as pieces;
    `two_sided_only`: a kit printed on one side leaves its component out (the duplex test).
    """
    def register(function):
        MAKERS[name] = function
        READS[name] = tuple(reads)
        (ABOUT_THE_KIT.add if about_the_kit else ABOUT_THE_KIT.discard)(name)
        (TWO_SIDED_ONLY.add if two_sided_only else TWO_SIDED_ONLY.discard)(name)
        return function
    return register


def late_makers() -> set[str]:
    """The makers that read the kit's manifest: run once the rest of the kit is planned."""
    load_makers()
    return {name for name, reads in READS.items() if "manifest" in reads}


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
