"""The `forge` command: thin click commands that parse, call the library and print.

The group lives here; its commands in the modules beside it: kits.py (build, preview, validate,
games), translations.py, calibrate.py, doctor.py, simulate.py, and play.py, which makes the
commands of each game (`forge tetrarchia ...`) from the game registry.

User mistakes (bad content, unknown game, missing translation) are printed as plain messages with
a non-zero exit status, never as a traceback.
"""
from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import click

from forge import __version__, i18n
from forge.cli import calibrate, design, doctor, kits, play, simulate, translations
from forge.cli.common import show_error
from forge.errors import ForgeWarning, UserError
from forge.output import os_problem

_ = i18n.messages_translator()._


def _fail(err: UserError) -> None:
    show_error(err)
    sys.exit(1)


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """Something in the content the user should fix, though the kit was built."""
    if issubclass(category, ForgeWarning):
        click.echo(_("warning: {message}").format(message=message), err=True)


class ForgeGroup(click.Group):
    """Turns every UserError raised by a command into a clear message and exit status 1, and so
    every OSError too (a file or folder the system refused), naming the file and the reason.

    Beside its own commands it offers one group per game of the registry, made when asked for,
    so a game added to forge.engine has its commands without an edit here."""

    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *play.game_ids()})

    def get_command(self, ctx, name):
        return super().get_command(ctx, name) or play.game_group(name)

    def invoke(self, ctx):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("default", ForgeWarning)
                warnings.showwarning = _show_warning
                return super().invoke(ctx)
        except UserError as err:
            _fail(err)
        except BrokenPipeError:         # the reader went away (forge games | head): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)
        except OSError as err:
            _fail(UserError(os_problem(err)))


@click.group(cls=ForgeGroup)
@click.version_option(__version__, prog_name="forge")
def main():
    """Turn board-game rules written as data into print-and-play kits."""


@main.command()
@click.option("--demo", "demo_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Play a scripted turn and save a screenshot of each screen in this folder.")
def companion(demo_dir):
    """Open the table companion in a phone-shaped window (needs the companion extra: Kivy)."""
    import subprocess
    from importlib.util import find_spec

    if find_spec("kivy") is None:           # looked for, not imported: Kivy logs as it loads
        raise UserError(_("the companion needs Kivy: pip install \"forge-pnp[companion]\""))
    demo = ["--demo", str(demo_dir)] if demo_dir else []
    sys.exit(subprocess.call([sys.executable, "-m", "companion", *demo]))


for command in (kits.build, kits.list_games, kits.preview, kits.validate,
                translations.translations, calibrate.calibrate, doctor.doctor,
                simulate.simulate, design.new, design.schema):
    main.add_command(command)
