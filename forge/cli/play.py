"""`forge <game> ...`: play or script any game forge can play, with JSON in and out.

Every game of the registry (forge.registry) gets the same group of commands, named by its id and
made here from its engine's data: `new`, `legal`, `act`, `undo`, `redo`, `show`, and one
read-only command per entry of its REPORTS. Each command reads the saved game (a session file,
`<package>-game.json` unless --game says otherwise), does one thing, saves it back atomically and
prints JSON: scripts and tests drive the engine through exactly what a player would do.

The options of `new` are the engine's NEW_OPTIONS, then those every game has (--option, --game,
--lang), and for a game with dice --seed, --physical and --dice. An entry of NEW_OPTIONS is a dict:

- `name`: the option is `--name`; `key`: its key in the engine's options (default: the name);
- `type`: "str", "int", "choice" (one of `choices`, given back as the choice itself, so
  `choices: (4, 5)` gives the number), "flag" (True when given), "file" (a JSON file, whose
  value is the option's) or "folder" (a folder, which the entry's `read(folder or None)` turns
  into the option's value: None leaves the option out; it is called when the option is not
  given too, so a game may look in its own folder);
- `default`, `help` (English, marked with N_), `required`, `min` and `max` (for "int");
- `multiple`: the option may be repeated and its value is the list of what was given.

An option neither given nor with a default is left out of the engine's options.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from forge import registry
from forge.cli.json_io import (
    dice_choice,
    json_argument,
    json_object,
    parse_dice,
    print_json,
    run_engine,
)
from forge.i18n import Translator, messages_translator, program_languages
from forge.registry import GameEngine

_ = messages_translator()._


def game_ids() -> list[str]:
    """The ids of the games that have commands (every game with an engine)."""
    return list(registry.engines())


def game_group(game_id: str) -> click.Group | None:
    """The commands of one game, or None when forge has no engine for it."""
    engine = registry.engine_for(game_id)
    if engine is None:
        return None
    group = click.Group(game_id, help=_group_help(engine))
    game_opt = _game_option(engine)
    for command in (_new_command(engine, game_opt), *_session_commands(engine, game_opt),
                    *_report_commands(engine, game_opt)):
        group.add_command(command)
    return group


def _group_help(engine: GameEngine) -> str:
    if engine.help:
        return _(engine.help)
    return _("Play {game} from the command line (JSON in and out).").format(game=engine.id)


def _game_option(engine: GameEngine):
    """The --game option: the saved game file, named after the engine package by default."""
    return click.option("--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
                        default=Path(f"{engine.short_name}-game.json"), show_default=True,
                        help="The saved game file.")


def _lang_option():
    return click.option("--lang", default="en", type=click.Choice(program_languages()),
                        show_default=True, help="Language of the board delta in words.")


def _words(engine: GameEngine, events: list[dict], lang: str) -> list[str]:
    """The events in words; a missing translation shows the English."""
    tr = Translator(lang, strict=False)
    return [engine.describe(event, tr) for event in events]


# --- new ----------------------------------------------------------------------------------------

def _new_command(engine: GameEngine, game_opt) -> click.Command:
    def new(options_json, game_file, lang, seed=None, physical=False, dice_text=None, **chosen):
        """Set up a new game and save it."""
        from forge.engine.core import Session
        from forge.saves import check_replaceable, keep_replaced, save_session

        check_replaceable(game_file)
        seed = dice_choice(physical, seed)
        options = engine_options(engine.new_options, chosen)
        if options_json:
            options.update(json_object(options_json, _("The --option value")))
        session = run_engine(lambda: Session(engine.rules, options, seed, parse_dice(dice_text)),
                             Translator(lang, strict=False))
        replaced = keep_replaced(game_file)
        save_session(game_file, session)
        events = session.entries[0]["events"]
        out = {"game": str(game_file), "events": events,
               "words": _words(engine, events, lang), "state": session.state}
        if replaced is not None:
            out["replaced"] = str(replaced)
        print_json(out)

    dice = _dice_options() if engine.rules.dice_faces else []
    decorators = [*(_click_option(spec) for spec in engine.new_options), *dice,
                  _more_options(engine), game_opt, _lang_option()]
    for decorator in reversed(decorators):
        new = decorator(new)
    return click.command("new")(new)


def _dice_options() -> list:
    return [
        click.option("--seed", type=int, default=None, help="Let the program roll, from this seed."),
        click.option("--physical", is_flag=True, help="Physical dice: every roll is entered."),
        click.option("--dice", "dice_text", default=None, help="Set-up rolls, e.g. 3,6,1."),
    ]


def _more_options(engine: GameEngine):
    """The --option option, naming the engine's options that have no option of their own."""
    own = {_key(spec) for spec in engine.new_options}
    others = [name for name in engine.rules.options_schema.fields if name not in own]
    text = (_("More options as JSON ({fields}).").format(fields=", ".join(others)) if others
            else _("More options as JSON."))
    return click.option("--option", "options_json", default=None, help=text)


def _key(spec: dict) -> str:
    return spec.get("key", spec["name"])


def _param(spec: dict) -> str:
    """The name click passes the option's value under (apart from the shared options')."""
    return f"new_{_key(spec)}"


def _click_option(spec: dict):
    """A click option made from one entry of NEW_OPTIONS."""
    settings: dict[str, Any] = {"multiple": spec.get("multiple", False),
                                "required": spec.get("required", False)}
    if "default" in spec:
        settings.update(default=_shown_default(spec), show_default=True)
    help_text = spec.get("help")
    if help_text:
        settings["help"] = _(help_text)
    if spec.get("type") == "flag":
        settings["is_flag"] = True
    else:
        settings["type"] = _click_type(spec)
    return click.option(f"--{spec['name']}", _param(spec), **settings)


def _shown_default(spec: dict):
    return str(spec["default"]) if spec.get("type") == "choice" else spec["default"]


def _click_type(spec: dict):
    kind = spec.get("type", "str")
    if kind == "int":
        return click.IntRange(spec.get("min"), spec.get("max"))
    if kind == "choice":
        return click.Choice([str(choice) for choice in spec["choices"]])
    if kind == "file":
        return click.Path(dir_okay=False, exists=True, path_type=Path)
    if kind == "folder":
        return click.Path(file_okay=False, exists=True, path_type=Path)
    return click.STRING


def engine_options(specs: tuple[dict, ...], chosen: dict) -> dict:
    """The engine's options from what the options of `new` were given."""
    options = {}
    for spec in specs:
        given = chosen[_param(spec)]
        if spec.get("type") == "folder":
            value = spec["read"](given)
            if value is not None:
                options[_key(spec)] = value
        elif spec.get("multiple"):
            options[_key(spec)] = [_value(spec, one) for one in given]
        elif given is not None:
            options[_key(spec)] = _value(spec, given)
    return options


def _value(spec: dict, given):
    if spec.get("type") == "choice":
        return {str(choice): choice for choice in spec["choices"]}[given]
    if spec.get("type") == "file":
        return json_argument(f"@{given}", _("The --{option} file").format(option=spec["name"]))
    return given


# --- the session: legal, act, undo, redo, show --------------------------------------------------

def _session_commands(engine: GameEngine, game_opt) -> list[click.Command]:
    """`legal`, `act`, `undo`, `redo` and `show`, the same for every game."""
    from forge.saves import read_session, save_session

    @click.command()
    @game_opt
    def legal(game_file):
        """List the legal actions now (with costs and the fields still to choose)."""
        print_json(read_session(game_file, engine.rules).legal_actions())

    @click.command()
    @click.argument("action")
    @click.option("--dice", "dice_text", default=None,
                  help="Die results for this action, in order.")
    @game_opt
    @_lang_option()
    def act(action, dice_text, game_file, lang):
        """Apply ACTION (JSON, or @file) and save; prints the board delta."""
        session = read_session(game_file, engine.rules)
        parsed = json_argument(action, _("The action"))
        outcome = run_engine(lambda: session.act(parsed, parse_dice(dice_text)),
                             Translator(lang, strict=False))
        save_session(game_file, session)
        print_json({"events": outcome.events, "words": _words(engine, outcome.events, lang),
                    "rolls": session.entries[-1]["rolls"], "state": outcome.state})

    @click.command()
    @click.option("--steps", default=1, type=click.IntRange(1), show_default=True)
    @click.option("--to", "to_entry", type=int, default=None,
                  help="Go to this log entry instead.")
    @game_opt
    def undo(steps, to_entry, game_file):
        """Step back in the log (the undone entries stay until a new action replaces them)."""
        session = read_session(game_file, engine.rules)
        run_engine(lambda: session.goto(to_entry) if to_entry is not None
                   else session.undo(steps))
        save_session(game_file, session)
        print_json(_position(session))

    @click.command()
    @click.option("--steps", default=1, type=click.IntRange(1), show_default=True)
    @game_opt
    def redo(steps, game_file):
        """Step forward again over undone entries."""
        session = read_session(game_file, engine.rules)
        run_engine(lambda: session.redo(steps))
        save_session(game_file, session)
        print_json(_position(session))

    @click.command()
    @click.option("--log", "with_log", is_flag=True, help="Include the whole log.")
    @game_opt
    def show(with_log, game_file):
        """Print the current state (and the log)."""
        session = read_session(game_file, engine.rules)
        shown = {"position": session.position, "state": session.state}
        if with_log:
            shown["log"] = session.entries
        print_json(shown)

    return [legal, act, undo, redo, show]


def _position(session) -> dict:
    return {"position": session.position, "entries": len(session.entries),
            "state": session.state}


# --- reports ------------------------------------------------------------------------------------

def _report_commands(engine: GameEngine, game_opt) -> list[click.Command]:
    return [_report_command(engine, name, function, help_text, game_opt)
            for name, (function, help_text) in engine.reports.items()]


def _report_command(engine: GameEngine, name: str, function: Callable[[dict], Any],
                    help_text: str, game_opt) -> click.Command:
    """A read-only command printing what `function` makes of the current state."""
    from forge.saves import read_session

    @click.command(name, help=_(help_text))
    @game_opt
    def report(game_file):
        print_json(function(read_session(game_file, engine.rules).state))

    return report
