"""`forge conquest-of-the-empire-2 ...`: keep the books of a CONQUEST OF THE EMPIRE II game and
run its procedures with JSON in and out.

Each command reads the saved game (a session file), does one thing, saves it back atomically and
prints JSON. The engine keeps the books and adjudicates; it does not know the map
(docs/conquest-of-the-empire-2/engine.md).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from forge.errors import UserError
from forge.i18n import messages_translator

_ = messages_translator()._

DEFAULT_GAME = Path("conquest-game.json")

game_option = click.option("--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
                           default=DEFAULT_GAME, show_default=True, help="The saved game file.")
lang_option = click.option("--lang", default="en", type=click.Choice(["en", "es"]),
                           show_default=True, help="Language of the board delta in words.")


def _rules():
    from forge.engine.conquest import RULES
    return RULES


def _print(value) -> None:
    click.echo(json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True))


def _dice(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        return [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise UserError(_("--dice takes die results separated by commas, e.g. 3,6,1; "
                          "not '{text}'").format(text=text)) from None


def _json_argument(text: str, what: str):
    if text.startswith("@"):
        try:
            text = Path(text[1:]).read_text(encoding="utf-8")
        except OSError as err:
            raise UserError(_("cannot read {file}: {reason}").format(
                file=text[1:], reason=err.strerror)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise UserError(_("{what} is not valid JSON ({reason} at column {column})").format(
            what=what, reason=err.msg, column=err.colno)) from None


def _words(events: list[dict], lang: str) -> list[str]:
    from forge.engine.conquest.words import describe
    from forge.i18n import Translator

    tr = Translator(lang, strict=False)
    return [describe(event, tr) for event in events]


def _run(action):
    """Run an engine call; turn the engine's refusals into clear user errors."""
    from forge.engine.core import ActionError
    from forge.engine.dice import BadRoll, NeedRoll

    try:
        return action()
    except NeedRoll as err:
        raise UserError(_("{need}: enter it with --dice (physical dice), or start the game "
                          "with a seed to let the program roll").format(need=err)) from None
    except ActionError as err:
        raise UserError(err.translated(messages_translator())) from None
    except BadRoll as err:
        raise UserError(str(err)) from None


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
    from forge.saves import write_session

    if physical and seed is not None:
        raise UserError(_("choose --seed (the program rolls) or --physical (you roll), "
                          "not both"))
    if not physical and seed is None:
        seed = 1
    options = {"players": list(players), "seasons": int(seasons)}
    if first:
        options["first"] = first
    if options_json:
        options.update(_json_argument(options_json, _("The --option value")))
    session = _run(lambda: Session(_rules(), options, seed, _dice(dice_text)))
    write_session(game_file, session)
    _print({"game": str(game_file), "events": session.entries[0]["events"],
            "words": _words(session.entries[0]["events"], lang), "state": session.state})


@conquest.command()
@game_option
def legal(game_file):
    """List the actions possible now (open fields still to choose)."""
    from forge.saves import read_session

    _print(read_session(game_file, _rules()).legal_actions())


@conquest.command()
@click.argument("action")
@click.option("--dice", "dice_text", default=None,
              help="Die results for this action, in order (battle dice 1-6, draws 1-n).")
@game_option
@lang_option
def act(action, dice_text, game_file, lang):
    """Apply ACTION (JSON, or @file) and save; prints the board delta."""
    from forge.saves import read_session, write_session

    session = read_session(game_file, _rules())
    parsed = _json_argument(action, _("The action"))
    outcome = _run(lambda: session.act(parsed, _dice(dice_text)))
    write_session(game_file, session)
    _print({"events": outcome.events, "words": _words(outcome.events, lang),
            "rolls": session.entries[-1]["rolls"], "state": outcome.state})


@conquest.command()
@click.option("--steps", default=1, type=click.IntRange(1), show_default=True)
@click.option("--to", "to_entry", type=int, default=None, help="Go to this log entry instead.")
@game_option
def undo(steps, to_entry, game_file):
    """Step back in the log (the undone entries stay until a new action replaces them)."""
    from forge.saves import read_session, write_session

    session = read_session(game_file, _rules())
    _run(lambda: session.goto(to_entry) if to_entry is not None else session.undo(steps))
    write_session(game_file, session)
    _print({"position": session.position, "entries": len(session.entries),
            "state": session.state})


@conquest.command()
@click.option("--steps", default=1, type=click.IntRange(1), show_default=True)
@game_option
def redo(steps, game_file):
    """Step forward again over undone entries."""
    from forge.saves import read_session, write_session

    session = read_session(game_file, _rules())
    _run(lambda: session.redo(steps))
    write_session(game_file, session)
    _print({"position": session.position, "entries": len(session.entries),
            "state": session.state})


@conquest.command()
@click.option("--log", "with_log", is_flag=True, help="Include the whole log.")
@game_option
def show(with_log, game_file):
    """Print the current state (and the log)."""
    from forge.saves import read_session

    session = read_session(game_file, _rules())
    shown = {"position": session.position, "state": session.state}
    if with_log:
        shown["log"] = session.entries
    _print(shown)


@conquest.command()
@game_option
def standings(game_file):
    """Players by VP, then influence tokens (the end-of-game order)."""
    from forge.engine.conquest import standings as table
    from forge.saves import read_session

    _print(table(read_session(game_file, _rules()).state))


if __name__ == "__main__":
    sys.exit(conquest())
