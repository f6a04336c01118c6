"""`forge tetrarchia ...`: play or script a Tetrarchia game with JSON in and out.

Each command reads the saved game (a session file), does one thing, saves it back atomically
and prints JSON: scripts and tests drive the engine through exactly what a player would do.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from forge.cli_json import (add_session_commands, dice_choice, game_option, json_argument,
                            json_object, lang_option, parse_dice, print_json, run_engine)
from forge.i18n import messages_translator

_ = messages_translator()._

DEFAULT_GAME = Path("tetrarchia-game.json")
game_option = game_option(DEFAULT_GAME)


def _rules():
    from forge.engine.tetrarchia import RULES
    return RULES


def _words(events: list[dict], lang: str) -> list[str]:
    from forge.engine.tetrarchia.words import describe
    from forge.i18n import Translator

    tr = Translator(lang)
    return [describe(event, tr) for event in events]


@click.group()
def tetrarchia():
    """Play Tetrarchia from the command line (JSON in and out)."""


@tetrarchia.command()
@click.option("--level", default="4211", show_default=True, help="Difficulty [DFRB].")
@click.option("--edition", default="later", type=click.Choice(["later", "earlier"]),
              show_default=True)
@click.option("--variant", "variants", multiple=True, help="A variant id (repeatable).")
@click.option("--players", default=4, type=click.IntRange(1, 4), show_default=True)
@click.option("--seed", type=int, default=None, help="Let the program roll, from this seed.")
@click.option("--physical", is_flag=True, help="Physical dice: every roll is entered.")
@click.option("--dice", "dice_text", default=None, help="Set-up rolls, e.g. 3,6,1.")
@click.option("--position", "position_file", type=click.Path(dir_okay=False, exists=True,
              path_type=Path), default=None, help="Start from a hand-written position (JSON).")
@click.option("--option", "options_json", default=None, help="More options as JSON.")
@game_option
@lang_option
def new(level, edition, variants, players, seed, physical, dice_text, position_file,
        options_json, game_file, lang):
    """Set up a new game and save it."""
    from forge.engine.core import Session
    from forge.saves import check_replaceable, save_session

    check_replaceable(game_file)
    seed = dice_choice(physical, seed)
    options = {"level": level, "edition": edition, "variants": list(variants),
               "players": players}
    if position_file:
        options["position"] = json_argument(f"@{position_file}", _("The position file"))
    if options_json:
        options.update(json_object(options_json, _("The --option value")))
    session = run_engine(lambda: Session(_rules(), options, seed, parse_dice(dice_text)))
    save_session(game_file, session)
    print_json({"game": str(game_file), "events": session.entries[0]["events"],
            "words": _words(session.entries[0]["events"], lang), "state": session.state})


add_session_commands(tetrarchia, _rules, _words, game_option)


@tetrarchia.command()
@game_option
def score(game_file):
    """The optional 10-point score of the current position."""
    from forge.engine.tetrarchia import score_of
    from forge.saves import read_session

    print_json(score_of(read_session(game_file, _rules()).state))


if __name__ == "__main__":
    sys.exit(tetrarchia())
