"""Catalog maintenance for translators: update, merge, add, count and check every .po file.

`update_all` rewrites each catalog so it holds exactly the messages in use (new ones empty,
translations kept, unused ones dropped); `merge_mapping` fills empty translations from a YAML
mapping of English text to translation; `add_language` creates every catalog of a new language;
`status_all` counts what each catalog has translated; `check_all` lists what is missing or
unused, `warnings_all` what a proofreader of each language would mark.

A game's catalogs are those of the languages its game.yaml lists and of every language it has a
catalog folder for (a translation under way is kept up to date too).

Each works on the games it is given and, when `program` is true (in a source checkout), on
forge's own catalogs too. Forge's catalogs hold its shared code's words, a game's catalogs its
content texts (with msgctxt) and its own code's words (without).
"""
from __future__ import annotations

import fcntl
import io
import os
import re
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from forge import i18n
from forge.errors import ContentError, Problem, UserError
from forge.content import load_doc
from forge.games import GameSource
from forge.safefs import write_atomic

DEFAULT_LANGUAGES = ["en", "es"]


def program_catalog_paths() -> list[Path]:
    """The program catalog of every language (existing ones, or the defaults)."""
    languages = i18n.program_languages() or DEFAULT_LANGUAGES
    return [i18n.program_catalog_path(lang) for lang in languages]


def _lang_of(path: Path) -> str:
    return path.parent.parent.name


def game_catalog_languages(game) -> list[str]:
    """The languages of a loaded game's catalogs: game.yaml's, then any other it has a folder
    for."""
    found = i18n.catalog_languages(game.folder / "locale")
    return list(dict.fromkeys([*game.languages, *found]))


def program_keys() -> list[tuple[None, str]]:
    """The keys forge's own catalogs hold: the shared code's messages."""
    return [(None, msgid) for msgid in sorted(i18n.code_messages().shared)]


def update_all(games: list[GameSource], program: bool) -> list[tuple[Path, int]]:
    """Update the program catalogs and every game's; returns (path, untranslated count).

    Forge's catalogs hold the shared code's messages, a game's its content texts and its own
    code's messages; a message that moves between them keeps its translation.
    """
    loaded = [source.load(check_catalogs=False) for source in games]
    paths = program_catalog_paths() if program else []
    paths += [i18n.game_catalog_path(g.folder, g.id, lang)
              for g in loaded for lang in game_catalog_languages(g)]
    elsewhere = _translations_without_context(paths)
    done = []
    if program:
        keys = program_keys()
        for path in program_catalog_paths():
            done.append((path, _write(path, keys, elsewhere)))
    for game in loaded:
        for lang in game_catalog_languages(game):
            path = i18n.game_catalog_path(game.folder, game.id, lang)
            done.append((path, _write(path, _game_keys(game, path), elsewhere)))
    return done


def add_language(lang: str, games: list[GameSource], program: bool) -> list[tuple[Path, int]]:
    """Create the `lang` catalog of forge (when `program`) and of every game, each with every
    message in use and an empty translation (the language's Plural-Forms header set); existing
    catalogs are left as they are. Returns (path, untranslated count) of those written."""
    if not _LANGUAGE.fullmatch(lang):
        raise UserError(f"'{lang}' is not a language code (two or three small letters, then "
                        f"an optional _REGION: fr, de, pt_BR)")
    written = []
    if program and not i18n.program_catalog_path(lang).exists():
        path = i18n.program_catalog_path(lang)
        written.append((path, _write(path, program_keys(), {})))
    for game in (source.load(check_catalogs=False) for source in games):
        path = i18n.game_catalog_path(game.folder, game.id, lang)
        if not path.exists():
            written.append((path, _write(path, _game_keys(game, path), {})))
    return written


_LANGUAGE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")


def status_all(games: list[GameSource], program: bool) -> list[tuple[str, str, i18n.Status]]:
    """(catalog's owner: 'forge' or a game's id, language, its Status) of forge's catalogs
    (when `program`) and every game's, measured against the messages in use."""
    rows = []
    if program:
        keys = program_keys()
        rows += [("forge", _lang_of(path), i18n.catalog_status(path, keys))
                 for path in program_catalog_paths()]
    for source in games:
        rows += [(source.id, lang, i18n.catalog_status(path, keys))
                 for lang, path, keys in _game_catalogs(source)]
    return rows


def _game_catalogs(source: GameSource):
    """(language, path, keys in use) of each of a game's catalogs; the keys of its English
    catalog where the game cannot be loaded (a content file mid-edit)."""
    try:
        game = source.load(check_catalogs=False)
    except ContentError:
        english = i18n.Messages(i18n.game_catalog_path(source.folder, source.id, "en"))
        for lang in i18n.catalog_languages(source.folder / "locale"):
            yield lang, i18n.game_catalog_path(source.folder, source.id, lang), english.entries
        return
    for lang in game_catalog_languages(game):
        path = i18n.game_catalog_path(game.folder, game.id, lang)
        yield lang, path, _game_keys(game, path)


def warnings_all(games: list[GameSource], program: bool) -> list[Problem]:
    """What a proofreader of each language would mark in every catalog (French spacing, German
    quotes, placeholders left out: forge.pocheck.convention_warnings)."""
    paths = program_catalog_paths() if program else []
    for game in (source.load(check_catalogs=False) for source in games):
        paths += [i18n.game_catalog_path(game.folder, game.id, lang)
                  for lang in game_catalog_languages(game)]
    return [problem for path in paths if path.is_file() for problem in i18n.catalog_warnings(path)]


def _write(path: Path, keys: list, elsewhere: dict[str, dict[str, str]]) -> int:
    lang = _lang_of(path)
    return _locked(path, lambda: i18n.write_catalog(path, keys, lang,
                                                    elsewhere=elsewhere.get(lang, {})))


def _game_keys(game, path: Path) -> list[tuple[str | None, str]]:
    """A game catalog's keys: its content texts and its code's messages (the catalog's own
    entries without msgctxt where the code cannot be read)."""
    keys = list(i18n.game_catalog_keys(game.id, game.texts))
    if i18n.game_code_messages(game.id) is None and path.exists():
        keys += sorted(k for k in i18n.Messages(path).entries if k[0] is None)
    return list(dict.fromkeys(keys))


def _translations_without_context(paths: list[Path]) -> dict[str, dict[str, str | tuple]]:
    """{language: {msgid: translation}} of the entries without msgctxt of the catalogs, read
    before any is rewritten so a message moving from one catalog to another keeps its words."""
    found: dict[str, dict[str, str]] = {}
    for path in paths:
        if path.exists():
            table = found.setdefault(_lang_of(path), {})
            for (context, msgid), entry in i18n.Messages(path).entries.items():
                if context is None and entry.msgstr:
                    table.setdefault(msgid, entry.forms or entry.msgstr)
    return found


def merge_mapping(mapping_file: Path, lang: str, games: list[GameSource],
                  program: bool) -> list[tuple[Path, int]]:
    """Fill empty translations in `lang` catalogs from {English text: translation}."""
    mapping = load_doc(mapping_file).data or {}
    if not isinstance(mapping, dict):
        raise UserError(f"{mapping_file}: expected a mapping of English text to translation")
    paths = [p for p in program_catalog_paths() if _lang_of(p) == lang] if program else []
    paths += [i18n.game_catalog_path(source.folder, source.id, lang) for source in games]
    return [(p, _locked(p, lambda p=p: _fill(p, mapping))) for p in paths if p.exists()]


def _fill(path: Path, mapping: dict) -> int:
    i18n.Messages(path)                 # refuses a broken or outside catalog before Babel reads it
    with path.open("rb") as stream:
        catalog = read_po(stream)
    filled = 0
    for message in catalog:
        if message.id and not message.string and isinstance(mapping.get(message.id), str):
            message.string = mapping[message.id]
            filled += 1
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False)
    write_atomic(path, out.getvalue())
    return filled


def _locked(path: Path, action):
    """Run `action` holding a lock file beside `path`, so two writers never interleave."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = path.with_suffix(".lock")
    try:        # O_NOFOLLOW: a planted link in the lock's place is never opened
        lock = os.open(lock_path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as err:
        raise UserError(f"{lock_path}: cannot be used as a lock file ({err.strerror})") from None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return action()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock_path.unlink(missing_ok=True)
    finally:
        os.close(lock)


def check_all(games: list[GameSource], program: bool) -> list[Problem]:
    """Missing, empty and unused messages of every catalog."""
    problems = []
    if program:
        problems += i18n.check_program_catalogs([_lang_of(p) for p in program_catalog_paths()])
    for source in games:
        game = source.load(check_catalogs=False)
        problems += i18n.check_game_catalogs(game.folder, game.id, game.texts,
                                             game_catalog_languages(game))
    return problems
