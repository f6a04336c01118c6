"""Everything `forge validate` checks, so that a build finds nothing new.

Loading a game checks its files against their schemas, its catalogs and its templates
(forge/games.py). What only shows when the pieces are made (a text too long for its box, a
template that fails on this game's values, a style a maker cannot draw) is found by laying out
every kit of the game, each language on each paper, without drawing or writing anything.
"""
from __future__ import annotations

from pathlib import Path

from forge.errors import ContentError, Problem, UserError
from forge.games import Game, load_game

KIT_PAPERS = ("a4", "letter")          # the papers of a full build, and of validation


def validate_game(content_dir: Path, game_id: str, papers=KIT_PAPERS,
                  languages=None) -> list[Problem]:
    """Every problem of one game: its content, its catalogs' use of its glossary, then the
    layout of each of its kits (of `languages` only, when given)."""
    from forge.fonts import game_glyph_problems
    from forge.i18n import check_glossary

    try:
        game = load_game(content_dir, game_id)
    except ContentError as err:
        return list(err.problems)
    problems = check_glossary(game.folder, game.id, list(game.languages))
    problems += game_glyph_problems(game.folder, game.id)   # staging languages too
    if not papers:
        return problems + font_problems(game)
    return problems + lay_out_kits(game, papers, languages)


def font_problems(game: Game) -> list[Problem]:
    """The problems of the game's own fonts (found by laying out too, once per kit)."""
    from forge.fonts import register_game_fonts

    try:
        register_game_fonts(game.meta, game.folder)
    except ContentError as err:
        return list(err.problems)
    return []


def lay_out_kits(game: Game, papers=KIT_PAPERS, languages=None) -> list[Problem]:
    """Problems found making the pieces of every kit of `game` (of `languages` only, when
    given; nothing is drawn); a fault that shows in several kits is reported once, naming them."""
    from forge.kit import context_for, lay_out_kit

    content_problems: dict[str, Problem] = {}
    kits_by_error: dict[str, list[str]] = {}
    for lang in game.languages:
        if languages is not None and lang not in languages:
            continue
        for paper in papers:
            try:
                lay_out_kit(context_for(game, lang, paper))
            except ContentError as err:
                content_problems.update((str(p), p) for p in err.problems)
            except UserError as err:
                kits_by_error.setdefault(str(err), []).append(f"{lang} {paper}")
    problems = list(content_problems.values())
    for message, kits in kits_by_error.items():
        problems.append(Problem(game.folder / "game.yaml", 0, "",
                                f"in the {', '.join(kits)} kit(s): {message}"))
    return problems
