"""`forge conquest-of-the-empire-2 ...`: keep the books of a CONQUEST OF THE EMPIRE II game and
run its procedures with JSON in and out.

Each command reads the saved game (a session file), does one thing, saves it back atomically and
prints JSON. The engine keeps the books and adjudicates; it does not know the map
(docs/conquest-of-the-empire-2/engine.md).
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from forge.cli_json import (add_session_commands, dice_choice, game_option, json_object,
                            lang_option, parse_dice, print_json, run_engine)
from forge.i18n import messages_translator

_ = messages_translator()._

DEFAULT_GAME = Path("conquest-game.json")
game_option = game_option(DEFAULT_GAME)


def _rules():
    from forge.engine.conquest import RULES
    return RULES


def _words(events: list[dict], lang: str) -> list[str]:
    from forge.engine.conquest.words import describe
    from forge.i18n import Translator

    tr = Translator(lang, strict=False)
    return [describe(event, tr) for event in events]


@click.group("conquest-of-the-empire-2")
def conquest():
    """Keep the books of Conquest of the Empire II (JSON in and out)."""


@conquest.command()
@click.option("--player", "players", multiple=True, required=True,
              help="A player's name, in seat order (repeat, 2 to 6).")
@click.option("--seasons", default=4, type=click.Choice(["4", "5"]), show_default=True)
@click.option("--first", default=None, help="The first player (default: drawn at random).")
@click.option("--seed", type=int, default=None, help="Let the program roll, from this seed.")
@click.option("--physical", is_flag=True, help="Physical dice: every roll is entered.")
@click.option("--dice", "dice_text", default=None, help="Set-up rolls, e.g. 3.")
@click.option("--option", "options_json", default=None,
              help="More options as JSON (influence, vp, faces, cards).")
@game_option
@lang_option
def new(players, seasons, first, seed, physical, dice_text, options_json, game_file, lang):
    """Set up a new game and save it."""
    from forge.engine.core import Session
    from forge.saves import check_replaceable, save_session

    check_replaceable(game_file)
    seed = dice_choice(physical, seed)
    options = {"players": list(players), "seasons": int(seasons)}
    if first:
        options["first"] = first
    if options_json:
        options.update(json_object(options_json, _("The --option value")))
    session = run_engine(lambda: Session(_rules(), options, seed, parse_dice(dice_text)))
    save_session(game_file, session)
    print_json({"game": str(game_file), "events": session.entries[0]["events"],
            "words": _words(session.entries[0]["events"], lang), "state": session.state})


add_session_commands(conquest, _rules, _words, game_option)


@conquest.command()
@game_option
def standings(game_file):
    """Players by VP, then influence tokens (the end-of-game order)."""
    from forge.engine.conquest import standings as table
    from forge.saves import read_session

    print_json(table(read_session(game_file, _rules()).state))


if __name__ == "__main__":
    sys.exit(conquest())
