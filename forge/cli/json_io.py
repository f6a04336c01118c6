"""JSON in and out for the game commands (forge/cli/play.py): reading JSON and dice from the
command line, printing JSON, and turning the engine's refusals into clear user errors."""
from __future__ import annotations

import json
import os
import stat

import click

from forge.errors import UserError
from forge.i18n import messages_translator

_ = messages_translator()._


def print_json(value) -> None:
    """Print a JSON value, keys sorted, as people read it."""
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
            text = read_json_file(text[1:]).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UserError(_("{file} is not UTF-8 text").format(file=text[1:])) from None
    return run_engine(lambda: load_json(text, Words(what)))


MAX_JSON_FILE_BYTES = 16 * 1024 * 1024  # an action or position is a few kB


def read_json_file(name: str) -> bytes:
    """The bytes of a file given as @file: a regular file (never a pipe or device, which
    could block or never end) of at most MAX_JSON_FILE_BYTES."""
    try:
        handle = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise UserError(_("cannot read {file}: {reason}").format(
            file=name, reason=err.strerror or err)) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise UserError(_("{file} is not a regular file").format(file=name))
        data = os.read(handle, MAX_JSON_FILE_BYTES + 1)
    except OSError as err:
        raise UserError(_("cannot read {file}: {reason}").format(
            file=name, reason=err.strerror or err)) from None
    finally:
        os.close(handle)
    if len(data) > MAX_JSON_FILE_BYTES:
        raise UserError(_("{file} is too large: at most {size} MB").format(
            file=name, size=MAX_JSON_FILE_BYTES // (1024 * 1024)))
    return data


def json_object(text: str, what: str) -> dict:
    """A JSON object given inline or as @file (UserError for any other value)."""
    value = json_argument(text, what)
    if not isinstance(value, dict):
        raise UserError(_("{what} must be a JSON object, e.g. {example}").format(
            what=what, example='{"seasons": 5}')) from None
    return value


def run_engine(action, tr=None):
    """Run an engine call; turn the engine's refusals into clear user errors, in the language
    of `tr` (default: the program's own)."""
    from forge.engine.core import ActionError
    from forge.engine.dice import BadRoll, NeedRoll

    try:
        return action()
    except NeedRoll as err:
        raise UserError(_("{need}: enter it with --dice (physical dice), or start the game "
                          "with a seed to let the program roll").format(need=err)) from None
    except ActionError as err:
        raise UserError(err.translated(tr or messages_translator())) from None
    except BadRoll as err:
        raise UserError(str(err)) from None


def dice_choice(physical: bool, seed: int | None) -> int | None:
    """The seed of a new game: the program rolls from `seed` (1 by default) unless the players
    roll physical dice."""
    if physical and seed is not None:
        raise UserError(_("choose --seed (the program rolls) or --physical (you roll), "
                          "not both"))
    return None if physical else (1 if seed is None else seed)
