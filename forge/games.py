"""Find, load and validate games.

A game is a folder holding `game.yaml` and other content files, each with a schema in
`forge/schemas/` or, for a game's own file names or shapes, in the game's `schemas/` folder.
`load_game` reads every file, validates all of them together (references may cross files), runs
the game's own checks (forge/checks/: Tetrarchia's board rules and stated facts) and checks its
translation catalogs. Any problem raises one ContentError listing them all.

Games are looked for in this order, the first game of an id winning: the folder given with
`--content`, the user's games folder (forge.places.user_games_dir), then the games shipped with
forge. A content folder holds one folder per game, or is itself one game's folder.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from forge import i18n, places
from forge.card_lists import merge_card_lists
from forge.checks import game_checks
from forge.content import Doc, load_doc
from forge.errors import ContentError, Problem, UserError
from forge.schema import GAME_SCHEMAS, Text, game_schemas, schema_names, validate_docs

DEFAULT_CONTENT = places.SHIPPED_CONTENT
ORIGINS = ("content", "user", "shipped")     # where a game was found, in search order

# Checks beyond the schema: functions taking the game's docs (by file stem), returning problems.
# Shared code names no game: each game's own checks are found by its package name.
EXTRA_CHECKS: list[Callable[[dict[str, Doc]], list[Problem]]] = [game_checks]


@dataclass(frozen=True)
class Game:
    """A validated game: its documents and the translatable texts they hold."""

    id: str
    folder: Path
    docs: dict[str, Doc]
    texts: tuple[Text, ...]

    @property
    def meta(self) -> dict:
        """The data of game.yaml."""
        return self.docs["game"].data

    @property
    def languages(self) -> list[str]:
        """Languages the game is translated into."""
        return list(self.meta["languages"])

    def data(self, lang: str, strict: bool = True) -> dict[str, Any]:
        """All content by file stem, every text field translated into `lang`.

        With strict=False a missing translation falls back to the English text (for drafts).
        """
        translated = {stem: copy.deepcopy(doc.data) for stem, doc in self.docs.items()}
        messages = i18n.Messages(i18n.game_catalog_path(self.folder, self.id, lang))
        for text in self.texts:
            value = messages.get(text.english, text.context)
            if value is None and not strict:
                value = text.english
            if value is None:
                raise i18n.MissingTranslation(
                    f"{messages.path}: no '{lang}' translation for {text.context}")
            _set(translated[text.doc.stem], text.at, value)
        return translated


def _set(data: Any, at: tuple, value: Any) -> None:
    for part in at[:-1]:
        data = data[part]
    data[at[-1]] = value


def game_ids(content_dir: Path) -> list[str]:
    """The games a content folder holds (folders with a game.yaml), sorted."""
    if not content_dir.is_dir():
        raise UserError(f"content folder '{content_dir}' does not exist")
    return sorted(p.parent.name for p in content_dir.glob("*/game.yaml"))


@dataclass(frozen=True)
class GameSource:
    """A game found on the search path: its id, folder and where it was found (ORIGINS)."""

    id: str
    folder: Path
    origin: str

    @property
    def content_dir(self) -> Path:
        """The folder holding the game's folder."""
        return self.folder.parent

    def load(self, check_catalogs: bool = True) -> "Game":
        """The validated game (see load_game)."""
        return load_game(self.content_dir, self.id, check_catalogs)


def search_path(content_dir: Path | None = None) -> list[tuple[str, Path]]:
    """The folders games are looked for in, first to last, each with its origin."""
    roots = [] if content_dir is None else [("content", Path(content_dir))]
    return roots + [("user", places.user_games_dir()), ("shipped", places.SHIPPED_CONTENT)]


def _games_in(origin: str, root: Path) -> list[GameSource]:
    if (root / "game.yaml").is_file():
        return [GameSource(root.resolve().name, root.resolve(), origin)]
    return [GameSource(game_id, root / game_id, origin) for game_id in game_ids(root)]


def all_games(content_dir: Path | None = None) -> list[GameSource]:
    """Every game on the search path in search order, hidden ones (an id found earlier) too."""
    if content_dir is not None and not Path(content_dir).is_dir():
        raise UserError(f"content folder '{content_dir}' does not exist")
    found: list[GameSource] = []
    for origin, root in search_path(content_dir):
        if root.is_dir():
            found += _games_in(origin, root)
    return found


def find_games(content_dir: Path | None = None) -> dict[str, GameSource]:
    """The game of each id the search path finds first, by id, sorted."""
    first: dict[str, GameSource] = {}
    for source in all_games(content_dir):
        first.setdefault(source.id, source)
    return dict(sorted(first.items()))


def find_game(game_id: str, content_dir: Path | None = None) -> GameSource:
    """The game `game_id` as the search path finds it; an unknown id lists the known ones."""
    games = find_games(content_dir)
    if game_id not in games:
        raise UserError(f"no game '{game_id}' (games found: {', '.join(games) or 'none'}; "
                        f"see 'forge games')")
    return games[game_id]


def load_game(content_dir: Path, game_id: str, check_catalogs: bool = True) -> Game:
    """Load and validate one game; raise ContentError listing every problem."""
    folder = content_dir / game_id
    if not (folder / "game.yaml").is_file():
        known = ", ".join(game_ids(content_dir)) or "none"
        raise UserError(f"no game '{game_id}' in {content_dir} (games there: {known})")
    schemas, problems = game_schemas(folder)
    docs, load_problems = _load_docs(folder, schemas)
    problems += load_problems
    if problems:
        raise ContentError(problems)
    result = validate_docs(list(docs.values()), schemas)
    if result.problems:
        raise ContentError(result.problems)
    problems = _id_matches_folder(docs["game"], game_id) + _engine_problems(docs["game"], game_id)
    for check in EXTRA_CHECKS:
        problems += check(docs)
    problems += _template_problems(folder)
    languages = list(docs["game"].data["languages"])
    if check_catalogs:
        problems += i18n.check_game_catalogs(folder, game_id, result.texts, languages)
    if problems:
        raise ContentError(problems)
    return Game(game_id, folder, docs, tuple(result.texts))


def _load_docs(folder: Path, schemas: dict[str, dict]) -> tuple[dict[str, Doc], list[Problem]]:
    """The game's content files, each with a schema of its own or a shared one; the rows of its
    card lists (cards.csv, cards.xlsx: forge/card_lists.py) merged into cards.yaml's decks."""
    docs: dict[str, Doc] = {}
    problems: list[Problem] = []
    known = sorted(set(schema_names()) | set(schemas))
    for path in sorted(folder.glob("*.yaml")):
        if path.name not in known:
            problems.append(Problem(path, 0, "", f"no schema for this file name (known: "
                                                 f"{', '.join(known)}; a game's own schemas go "
                                                 f"in its {GAME_SCHEMAS}/ folder)"))
            continue
        try:
            docs[path.stem] = load_doc(path, folder)
        except ContentError as err:
            problems += err.problems
    problems += merge_card_lists(folder, docs, schemas)
    return docs, problems


def _template_problems(folder: Path) -> list[Problem]:
    """Problems of the templates the game can use, found without rendering them."""
    from forge.render.sheets import check_templates     # rendering stays out of plain loads

    return check_templates(folder)


def _engine_problems(doc: Doc, game_id: str) -> list[Problem]:
    """A named engine package must exist and play this game (or its checks would be another's)."""
    from forge.registry import engines

    name = doc.data.get("engine")
    if name is None:
        return []
    playing = {engine.short_name: engine.id for engine in engines().values()}
    if name not in playing:
        return [doc.problem(("engine",), f"no engine package '{name}' (engines: "
                                         f"{', '.join(sorted(playing)) or 'none'})")]
    if playing[name] != game_id:
        return [doc.problem(("engine",), f"the engine '{name}' plays '{playing[name]}', "
                                         f"not '{game_id}'")]
    return []


def _id_matches_folder(doc: Doc, game_id: str) -> list[Problem]:
    if doc.data.get("id") != game_id:
        return [doc.problem(("id",), f"must be '{game_id}', the name of its folder")]
    return []
