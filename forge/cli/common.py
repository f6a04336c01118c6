"""What several commands share: the --content option, the games it finds, paths as shown."""
from __future__ import annotations

from pathlib import Path

import click

from forge import i18n
from forge.errors import ContentError, UserError
from forge.games import GameSource, find_games

_ = i18n.messages_translator()._

content_option = click.option(
    "--content", "content_dir", type=click.Path(file_okay=False, path_type=Path),
    help="A folder of games (one folder per game) or one game's folder, searched before your "
         "games folder and the games shipped with forge (see 'forge games').")


def games_named(content_dir: Path | None, names: tuple[str, ...]) -> list[GameSource]:
    """The games named (every game found when none is), as the search path finds them."""
    found = find_games(content_dir)
    for name in names:
        if name not in found:
            raise UserError(_("no game '{game}' (games found: {known}; see 'forge games')").format(
                game=name, known=", ".join(found) or "-"))
    return [found[name] for name in dict.fromkeys(names)] if names else list(found.values())


def shown(path: Path) -> str:
    """A path relative to the current folder when it is inside it, else as it is."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def show_error(err: UserError) -> None:
    """A content error's problems one a line and their count, or another error's message."""
    if isinstance(err, ContentError):
        for problem in err.problems:
            click.echo(str(problem), err=True)
        click.echo(_("{count} problem(s) found.").format(count=len(err.problems)), err=True)
    else:
        click.echo(_("error: {message}").format(message=err), err=True)
