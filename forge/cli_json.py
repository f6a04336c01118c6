"""What the JSON game commands (`forge tetrarchia`, `forge conquest-of-the-empire-2`) share:
options, reading JSON and dice from the command line, printing JSON, and turning the engine's
refusals into clear user errors."""
from __future__ import annotations

import json
from pathlib import Path

import click

from forge.errors import UserError
from forge.i18n import messages_translator

_ = messages_translator()._

lang_option = click.option("--lang", default="en", type=click.Choice(["en", "es"]),
                           show_default=True, help="Language of the board delta in words.")


def game_option(default: Path):
    """The --game option: the saved game file, with a default per game."""
    return click.option("--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
                        default=default, show_default=True, help="The saved game file.")


def print_json(value) -> None:
    click.echo(json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True))


def parse_dice(text: str | None) -> list[int]:
    """'3,6,1' -> [3, 6, 1]: die results entered on the command line."""
    if not text:
        return []
    try:
        return [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise UserError(_("--dice takes die results separated by commas, e.g. 3,6,1; "
                          "not '{text}'").format(text=text)) from None


def json_argument(text: str, what: str):
    """A JSON value given inline or as @file (a UTF-8 file, with or without a BOM)."""
    from forge.engine.inputs import Words, load_json

    if text.startswith("@"):
        try:
            text = Path(text[1:]).read_bytes().decode("utf-8-sig")
        except OSError as err:
            raise UserError(_("cannot read {file}: {reason}").format(
                file=text[1:], reason=err.strerror or err)) from None
        except UnicodeDecodeError:
            raise UserError(_("{file} is not UTF-8 text").format(file=text[1:])) from None
    return run_engine(lambda: load_json(text, Words(what)))


def json_object(text: str, what: str) -> dict:
    """A JSON object given inline or as @file (UserError for any other value)."""
    value = json_argument(text, what)
    if not isinstance(value, dict):
        raise UserError(_("{what} must be a JSON object, e.g. {example}").format(
            what=what, example='{"seasons": 5}')) from None
    return value


def run_engine(action):
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


def dice_choice(physical: bool, seed: int | None) -> int | None:
    """The seed of a new game: the program rolls from `seed` (1 by default) unless the players
    roll physical dice."""
    if physical and seed is not None:
        raise UserError(_("choose --seed (the program rolls) or --physical (you roll), "
                          "not both"))
    return None if physical else (1 if seed is None else seed)


def add_session_commands(group, rules, words, game_opt) -> None:
    """Add `legal`, `act`, `undo`, `redo` and `show` to a game's command group.

    rules: a function giving the game's rules object; words(events, lang): the board delta in
    words; game_opt: the game's --game option.
    """
    from forge.saves import read_session, save_session

    @group.command()
    @game_opt
    def legal(game_file):
        """List the legal actions now (with costs and the fields still to choose)."""
        print_json(read_session(game_file, rules()).legal_actions())

    @group.command()
    @click.argument("action")
    @click.option("--dice", "dice_text", default=None,
                  help="Die results for this action, in order.")
    @game_opt
    @lang_option
    def act(action, dice_text, game_file, lang):
        """Apply ACTION (JSON, or @file) and save; prints the board delta."""
        session = read_session(game_file, rules())
        parsed = json_argument(action, _("The action"))
        outcome = run_engine(lambda: session.act(parsed, parse_dice(dice_text)))
        save_session(game_file, session)
        print_json({"events": outcome.events, "words": words(outcome.events, lang),
                    "rolls": session.entries[-1]["rolls"], "state": outcome.state})

    @group.command()
    @click.option("--steps", default=1, type=click.IntRange(1), show_default=True)
    @click.option("--to", "to_entry", type=int, default=None,
                  help="Go to this log entry instead.")
    @game_opt
    def undo(steps, to_entry, game_file):
        """Step back in the log (the undone entries stay until a new action replaces them)."""
        session = read_session(game_file, rules())
        run_engine(lambda: session.goto(to_entry) if to_entry is not None
                   else session.undo(steps))
        save_session(game_file, session)
        print_json({"position": session.position, "entries": len(session.entries),
                    "state": session.state})

    @group.command()
    @click.option("--steps", default=1, type=click.IntRange(1), show_default=True)
    @game_opt
    def redo(steps, game_file):
        """Step forward again over undone entries."""
        session = read_session(game_file, rules())
        run_engine(lambda: session.redo(steps))
        save_session(game_file, session)
        print_json({"position": session.position, "entries": len(session.entries),
                    "state": session.state})

    @group.command()
    @click.option("--log", "with_log", is_flag=True, help="Include the whole log.")
    @game_opt
    def show(with_log, game_file):
        """Print the current state (and the log)."""
        session = read_session(game_file, rules())
        shown = {"position": session.position, "state": session.state}
        if with_log:
            shown["log"] = session.entries
        print_json(shown)
