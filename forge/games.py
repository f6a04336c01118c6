"""Find, load and validate the games of a content folder.

A game is a folder holding `game.yaml` and other content files, each with a schema in
`forge/schemas/`. `load_game` reads every file, validates all of them together (references may
cross files), runs the checks registered for the game's content (board rules, stated facts) and
checks its translation catalogs. Any problem raises one ContentError listing them all.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from forge import board_checks, i18n
from forge.content import Doc, load_doc
from forge.errors import ContentError, Problem, UserError
from forge.schema import Text, schema_names, validate_docs

DEFAULT_CONTENT = i18n.REPO_DIR / "content"

# Checks beyond the schema: functions taking the game's docs (by file stem), returning problems.
# The mechanisms are generic; the facts they check are data (board.yaml, facts.yaml).
EXTRA_CHECKS: list[Callable[[dict[str, Doc]], list[Problem]]] = [board_checks.check]


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


def load_game(content_dir: Path, game_id: str, check_catalogs: bool = True) -> Game:
    """Load and validate one game; raise ContentError listing every problem."""
    folder = content_dir / game_id
    if not (folder / "game.yaml").is_file():
        known = ", ".join(game_ids(content_dir)) or "none"
        raise UserError(f"no game '{game_id}' in {content_dir} (games there: {known})")
    docs, problems = _load_docs(folder)
    if problems:
        raise ContentError(problems)
    result = validate_docs(list(docs.values()))
    if result.problems:
        raise ContentError(result.problems)
    problems = _id_matches_folder(docs["game"], game_id)
    for check in EXTRA_CHECKS:
        problems += check(docs)
    problems += _template_problems(folder)
    languages = list(docs["game"].data["languages"])
    if check_catalogs:
        problems += i18n.check_game_catalogs(folder, game_id, result.texts, languages)
    if problems:
        raise ContentError(problems)
    return Game(game_id, folder, docs, tuple(result.texts))


def _load_docs(folder: Path) -> tuple[dict[str, Doc], list[Problem]]:
    docs: dict[str, Doc] = {}
    problems: list[Problem] = []
    known = schema_names()
    for path in sorted(folder.glob("*.yaml")):
        if path.name not in known:
            problems.append(Problem(path, 0, "", f"no schema for this file name "
                                                 f"(known: {', '.join(known)})"))
            continue
        try:
            docs[path.stem] = load_doc(path, folder)
        except ContentError as err:
            problems += err.problems
    return docs, problems


def _template_problems(folder: Path) -> list[Problem]:
    """Problems of the templates the game can use, found without rendering them."""
    from forge.render.sheets import check_templates     # rendering stays out of plain loads

    return check_templates(folder)


def _id_matches_folder(doc: Doc, game_id: str) -> list[Problem]:
    if doc.data.get("id") != game_id:
        return [doc.problem(("id",), f"must be '{game_id}', the name of its folder")]
    return []
