"""A new game's folder, made from the scaffold in `forge/scaffold/game/` (`forge new NAME`).

The scaffold is a small, commented game that validates and builds as it is: a deck of cards, a
sheet of counters, a rules reference and the instructions page, in English with Spanish
catalogs. Its files name the game with two markers, replaced when a folder is made: the game's
id (also the name of its folder and of its catalogs) and its title, the id in capitals.
"""
from __future__ import annotations

from pathlib import Path

from forge.errors import UserError
from forge.i18n import messages_translator
from forge.schema import ID_LIMIT, ID_PATTERN

SCAFFOLD = Path(__file__).parent / "game"
ID_MARK = "__GAME_ID__"
TITLE_MARK = "__GAME_TITLE__"
CATALOG_NAME = "game.po"        # each catalog of the scaffold, renamed <id>.po

_ = messages_translator()._


def check_game_id(name: str) -> None:
    """Refuse a name that cannot be a game's id (game.yaml `id`, its folder's name)."""
    if len(name) > ID_LIMIT or not ID_PATTERN.match(name):
        raise UserError(_("'{name}' cannot be a game's id: an id starts with a letter or a "
                          "digit and holds only letters, digits, '-', '_' and '.', at most "
                          "{limit} of them").format(name=name[:ID_LIMIT], limit=ID_LIMIT))
    if name in _games_of_forge():
        raise UserError(_("'{name}' is the id of a game forge already has; choose another "
                          "name").format(name=name))


def _games_of_forge() -> set[str]:
    """The ids of the games shipped with forge and of the playable ones: a new game of the same
    id would be hidden by them or checked by their rules."""
    from forge.games import DEFAULT_CONTENT, game_ids
    from forge.registry import engines

    shipped = set(game_ids(DEFAULT_CONTENT)) if DEFAULT_CONTENT.is_dir() else set()
    return shipped | set(engines())


def title_of(game_id: str) -> str:
    """The title a new game starts with: its id in capitals, '-' and '_' as spaces."""
    return game_id.replace("-", " ").replace("_", " ").upper()


def new_game(game_id: str, parent: Path) -> Path:
    """Write the scaffold as the game `game_id` into `parent/<game_id>`; return that folder.

    The folder may exist only if empty, so nothing of the user's is ever overwritten.
    """
    check_game_id(game_id)
    folder = Path(parent) / game_id
    _check_free(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for source in sorted(SCAFFOLD.rglob("*")):
        if source.is_file():
            _write_file(source, folder / _target_name(source.relative_to(SCAFFOLD), game_id),
                        game_id)
    return folder


def _check_free(folder: Path) -> None:
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise UserError(_("{path} exists and is not a folder").format(path=folder))
    if folder.is_dir() and any(folder.iterdir()):
        raise UserError(_("{path} already exists and is not empty; choose another name or "
                          "folder").format(path=folder))


def _target_name(relative: Path, game_id: str) -> Path:
    return relative.with_name(f"{game_id}.po") if relative.name == CATALOG_NAME else relative


def _write_file(source: Path, target: Path, game_id: str) -> None:
    text = source.read_text(encoding="utf-8")
    text = text.replace(ID_MARK, game_id).replace(TITLE_MARK, title_of(game_id))
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("x", encoding="utf-8") as stream:      # never over an existing file
        stream.write(text)
