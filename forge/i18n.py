"""Translations: gettext catalogs (.po) read and written with Babel.

Two kinds of catalog, both with English msgids:

- the program catalog `forge/locale/<lang>/LC_MESSAGES/forge.po`: every string forge's shared code
  and the templates show (found by Babel's extractors in `_("...")` calls);
- one catalog per game, `content/<game>/locale/<lang>/LC_MESSAGES/<game>.po`: every `text` field of
  the game's content, with the field's key path as msgctxt, and every string only the game's own
  code shows (its engine, render and check modules and companion screens, see `code_owner`),
  without msgctxt.

At run time a translator finds a message in forge's catalog or in any playable game's catalog.

Catalogs are read straight from .po files: there is no compile step to forget.
"""
from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from collections.abc import Iterable
from functools import cache
from pathlib import Path, PurePosixPath

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from forge.errors import ContentError, Problem, UserError
from forge import places
from forge.places import CHECKOUT_DIR, TEMPLATE_DIR  # noqa: F401  (TEMPLATE_DIR: re-exported)
from forge.pocheck import check_po
from forge.safefs import UnsafeFile, read_inside, write_atomic

FORGE_DIR = Path(__file__).parent
PROGRAM_DOMAIN = "forge"
PROGRAM_LOCALE_DIR = FORGE_DIR / "locale"


def N_(message: str) -> str:
    """Mark a string for extraction where it is defined; translate it where it is shown."""
    return message


class MissingTranslation(UserError):
    """A message has no translation in the catalog a build needs."""


@dataclass(frozen=True)
class Entry:
    """One translated message of a catalog file."""

    msgstr: str
    line: int


class Messages:
    """The messages of one .po file, looked up by (context, msgid).

    The file must lie in `folder` (by default the one holding `locale/`), links followed, and
    pass the strict syntax check of forge/pocheck.py before Babel reads it.
    """

    def __init__(self, path: Path, folder: Path | None = None):
        self.path = path
        self.folder = Path(folder) if folder is not None else Path(path).parents[3]
        self.entries: dict[tuple[str | None, str], Entry] = {}
        if path.exists() or path.is_symlink():
            self._read()

    def _read(self) -> None:
        try:
            raw = read_inside(self.path, self.folder)
            text = raw.decode("utf-8-sig")
        except UnsafeFile as err:
            raise ContentError([Problem(self.path, 0, "", err.reason)]) from None
        except UnicodeDecodeError as err:
            raise ContentError([Problem(self.path, 0, "", f"is not UTF-8 text ({err.reason})")]
                               ) from None
        problems = check_po(self.path, text)
        if problems:
            raise ContentError(problems)
        try:
            catalog = read_po(io.BytesIO(text.encode("utf-8")))
        except Exception as err:   # noqa: BLE001 - Babel raises several types for a broken file
            raise ContentError([Problem(self.path, 0, "", f"is not a readable gettext catalog "
                                                          f"({err})")]) from None
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            msgstr = message.string if isinstance(message.string, str) else message.string[0]
            line = message.lineno or 0
            self.entries[(message.context, message.id)] = Entry(msgstr or "", line)

    def get(self, msgid: str, context: str | None = None) -> str | None:
        """The translation, or None when the catalog lacks it or leaves it empty."""
        entry = self.entries.get((context, msgid))
        return entry.msgstr if entry and entry.msgstr else None


def program_catalog_path(lang: str) -> Path:
    """Where forge's own catalog for a language lives."""
    return PROGRAM_LOCALE_DIR / lang / "LC_MESSAGES" / f"{PROGRAM_DOMAIN}.po"


@cache
def forge_messages(lang: str) -> Messages:
    """Forge's own catalog for a language (the shared code's and templates' words)."""
    return Messages(program_catalog_path(lang))


def program_messages(lang: str) -> Messages:
    """Every message the program shows in a language: forge's own catalog, then the entries
    without msgctxt of each playable game's catalogs (the first translation found wins).
    Read once for each language and set of playable games."""
    from forge.registry import engine_packages

    return _merged_messages(lang, tuple(engine_packages()), str(places.user_games_dir()))


@cache
def _merged_messages(lang: str, _packages: tuple, _user_games: str) -> Messages:
    merged = Messages(program_catalog_path(lang))
    for path in playable_game_catalogs(lang):
        for (context, msgid), entry in Messages(path).entries.items():
            if context is None and entry.msgstr:
                merged.entries.setdefault((None, msgid), entry)
    return merged


def playable_game_catalogs(lang: str) -> list[Path]:
    """The catalogs of the games forge can play, in search-path order (a user's copy first)."""
    from forge.games import all_games
    from forge.registry import engines

    playable = engines()
    return [path for source in all_games() if source.id in playable
            if (path := game_catalog_path(source.folder, source.id, lang)).is_file()]


def program_languages() -> list[str]:
    """Languages the program catalog exists in."""
    return sorted(p.parent.parent.name for p in PROGRAM_LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def game_catalog_path(game_dir: Path, game_id: str, lang: str) -> Path:
    """Where a game's catalog for a language lives."""
    return game_dir / "locale" / lang / "LC_MESSAGES" / f"{game_id}.po"


class Translator:
    """Translates program strings for one language, from forge's catalog and the playable games'
    (see program_messages); `_` is the call the extractor finds."""

    def __init__(self, lang: str, strict: bool = True):
        self.lang = lang
        self.strict = strict            # False: a missing translation shows the English (drafts)

    @property
    def messages(self) -> Messages:
        """Forge's and the playable games' messages in this language (read once per language)."""
        return program_messages(self.lang)

    def _(self, msgid: str) -> str:
        """The translation of a program string; a missing one stops the build clearly."""
        found = self.messages.get(msgid)
        if found is None and not self.strict:
            return msgid
        if found is None:
            raise MissingTranslation(
                f"{self.messages.path}: no '{self.lang}' translation for \"{msgid}\" (nor in "
                f"the playable games' catalogs)")
        return found

    gettext = _


def message_language() -> str:
    """The language for command-line messages, from the usual gettext environment variables."""
    import os

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


@cache
def messages_translator() -> Translator:
    """The translator of command-line messages (English where a translation is missing)."""
    return Translator(message_language(), strict=False)


# --- extraction and checking -------------------------------------------------------------------

BABEL_METHODS = [("forge/**.py", "python"), ("templates/**", "jinja2"),
                 ("companion/**.py", "python"), ("companion/**.kv", "python")]


def extract_program_messages() -> dict[str, list[tuple[str, int]]]:
    """Every msgid in the code and templates, with where it was found. The result is kept in
    the user's cache folder under a digest of the files read, so unchanged code is not parsed
    again (Babel takes most of a second)."""
    files = sorted(path for top in ("forge", "templates", "companion")
                   for path in (CHECKOUT_DIR / top).rglob("*")
                   if path.is_file() and "__pycache__" not in path.parts
                   and path.suffix in (".py", ".kv", ".j2"))
    cached = places.user_cache_dir() / f"messages-{_digest(files)}.json"
    try:
        return {msgid: [tuple(w) for w in where]
                for msgid, where in json.loads(cached.read_text(encoding="utf-8")).items()}
    except (OSError, ValueError, TypeError, AttributeError):
        pass
    found = _extract_checkout()
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        for older in cached.parent.glob("messages-*.json"):
            older.unlink(missing_ok=True)
        write_atomic(cached, json.dumps(found, ensure_ascii=False).encode("utf-8"))
    except OSError:
        pass                            # no cache folder: extract again next time
    return found


def _digest(files: list[Path]) -> str:
    """A sha256 of files' names and contents."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(CHECKOUT_DIR).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _extract_checkout() -> dict[str, list[tuple[str, int]]]:
    found: dict[str, list[tuple[str, int]]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
            CHECKOUT_DIR, method_map=BABEL_METHODS,
            keywords={"_": None, "N_": None, "gettext": None}):
        if isinstance(message, tuple):
            message = message[0]
        if message:
            found.setdefault(message, []).append((filename, lineno))
    return found


def code_owner(filename: str, packages: Iterable[str]) -> str | None:
    """The engine package whose game alone a code file belongs to, or None for shared code.

    A game's code files are forge/engine/<package>/**, forge/render/<package>/**,
    forge/checks/<package>.py and companion/screens/<package>_*.py and .kv.
    """
    parts = PurePosixPath(filename).parts
    known = set(packages)
    if len(parts) > 3 and parts[0] == "forge" and parts[1] in ("engine", "render"):
        return parts[2] if parts[2] in known else None
    if len(parts) != 3:
        return None
    if parts[:2] == ("forge", "checks") and parts[2].endswith(".py"):
        return parts[2][:-3] if parts[2][:-3] in known else None
    if parts[:2] == ("companion", "screens") and parts[2].endswith((".py", ".kv")):
        return next((p for p in sorted(known, key=len, reverse=True)
                     if parts[2].startswith(f"{p}_")), None)
    return None


@dataclass(frozen=True)
class CodeMessages:
    """The messages of the code, split by owner: forge's shared code, or each game's own."""

    shared: dict[str, list[tuple[str, int]]]
    games: dict[str, dict[str, list[tuple[str, int]]]]


def split_messages(found: dict[str, list[tuple[str, int]]],
                   game_of_package: dict[str, str]) -> CodeMessages:
    """Shared messages (used anywhere outside a game's code) and each game's own messages (used
    only in games' code; a message two games use is each one's)."""
    shared: dict[str, list[tuple[str, int]]] = {}
    games: dict[str, dict[str, list[tuple[str, int]]]] = {g: {} for g in game_of_package.values()}
    for msgid, where in found.items():
        owners = [code_owner(file, game_of_package) for file, _line in where]
        if None in owners:
            shared[msgid] = where
            continue
        for package in dict.fromkeys(owners):
            games[game_of_package[package]][msgid] = where
    return CodeMessages(shared, games)


def code_messages() -> CodeMessages:
    """The code's messages split by owner: the checkout's, and those of games whose code lies
    outside it (extracted once for each set of playable games)."""
    from forge.registry import engine_packages

    return _code_messages(tuple(engine_packages()), tuple(_screen_folders()))


@cache
def _code_messages(_packages: tuple, _screens: tuple) -> CodeMessages:
    from forge.registry import engines

    game_of_package = {engine.short_name: game_id for game_id, engine in engines().items()}
    found = extract_program_messages()
    for msgid, where in outside_messages(game_of_package).items():
        found.setdefault(msgid, []).extend(where)
    return split_messages(found, game_of_package)


def _screen_folders() -> list[Path]:
    """The companion's screen folders (its package's path), when the companion is installed."""
    try:
        import companion.screens
    except ImportError:
        return []
    return [Path(folder) for folder in companion.screens.__path__]


def outside_messages(game_of_package: dict[str, str]) -> dict[str, list[tuple[str, int]]]:
    """The messages of games whose code lies outside the checkout (an engine folder on
    forge.engine's path, screens on companion.screens'), filed under the names their files would
    have in the checkout, so that `code_owner` gives them to their game."""
    import forge.engine

    found: dict[str, list[tuple[str, int]]] = {}
    for folder in map(Path, forge.engine.__path__):
        for package in game_of_package:
            if (folder / package).is_dir() and not _extracted_already(folder):
                for path in sorted((folder / package).rglob("*.py")):
                    _extract_file(found, path, f"forge/engine/{package}/"
                                  f"{path.relative_to(folder / package).as_posix()}")
    for folder in _screen_folders():
        if _extracted_already(folder):
            continue
        for path in sorted(folder.glob("*_*.*")):
            if path.suffix in (".py", ".kv"):
                _extract_file(found, path, f"companion/screens/{path.name}")
    return found


def _extracted_already(folder: Path) -> bool:
    """Whether the checkout's own extraction (BABEL_METHODS) reads this folder."""
    folder = folder.resolve()
    return any(folder.is_relative_to(CHECKOUT_DIR.resolve() / top)
               for top in ("forge", "companion"))


def _extract_file(found: dict, path: Path, name: str) -> None:
    from babel.messages.extract import extract_from_file

    for lineno, message, _comments, _context in extract_from_file(
            "python", str(path), keywords={"_": None, "N_": None, "gettext": None}):
        if isinstance(message, tuple):
            message = message[0]
        if message:
            found.setdefault(message, []).append((name, lineno))


def game_code_messages(game_id: str) -> dict[str, list[tuple[str, int]]] | None:
    """The messages only a game's own code shows; {} for a game with no engine, None when they
    cannot be known (an installed package has no source to extract them from)."""
    from forge.registry import engine_for

    if engine_for(game_id) is None:
        return {}
    if not places.is_checkout():
        return None
    return code_messages().games.get(game_id, {})


def check_program_catalogs(languages: list[str]) -> list[Problem]:
    """Missing, empty and unused messages of forge's own catalogs (the shared code's words)."""
    used = {(None, m): where for m, where in code_messages().shared.items()}
    problems: list[Problem] = []
    for lang in languages:
        problems += _compare(Messages(program_catalog_path(lang)), used, lang)
    return problems


def _compare(messages: Messages, used: dict, lang: str, judge_code: bool = True) -> list[Problem]:
    """Problems of a catalog against the (context, msgid) keys that are used; with `judge_code`
    false, entries without msgctxt are neither missing nor unused."""
    problems = []
    for (context, msgid), where in used.items():
        if messages.get(msgid, context) is None:
            file, line = where[0] if isinstance(where, list) else where
            field = context or msgid
            problems.append(Problem(Path(file), line, field,
                                    f"no '{lang}' translation in {messages.path}"))
    for (context, msgid), entry in messages.entries.items():
        if (context, msgid) not in used and (judge_code or context is not None):
            problems.append(Problem(messages.path, entry.line, context or "",
                                    f"unused message \"{msgid}\""))
    return problems


def game_catalog_keys(game_id: str, texts) -> dict[tuple[str | None, str], tuple[str, int]]:
    """The (context, msgid) keys a game's catalog must hold, each with where it is used: its
    content texts, then the messages of its own code (none where they cannot be known)."""
    keys = {(t.context, t.english): (str(t.doc), t.line) for t in texts}
    code = game_code_messages(game_id)
    for msgid, where in sorted((code or {}).items()):
        keys[(None, msgid)] = where[0]
    return keys


def check_game_catalogs(game_dir: Path, game_id: str, texts, languages: list[str]):
    """Missing, empty and unused messages of a game's catalogs, against its content texts and
    the messages of its own code (not judged where the code cannot be read)."""
    used = game_catalog_keys(game_id, texts)
    judge_code = game_code_messages(game_id) is not None
    problems: list[Problem] = []
    for lang in languages:
        path = game_catalog_path(game_dir, game_id, lang)
        if not path.exists():
            problems.append(Problem(path, 0, "", f"the '{lang}' catalog is missing"))
            continue
        problems += _compare(Messages(path), used, lang, judge_code)
    return problems


def _creation_date(path: Path, folder: Path | None = None):
    """The catalog's own creation date, kept so an update with no new message changes nothing."""
    import datetime

    if path.exists():
        Messages(path, folder)          # refuses a broken or outside catalog before Babel reads it
        with path.open("rb") as stream:
            return read_po(stream).creation_date
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


def write_catalog(path: Path, keys: list[tuple[str | None, str]], lang: str,
                  source_language: str = "en", elsewhere: dict[str, str] | None = None) -> int:
    """Create or update a .po file so it holds exactly `keys`; returns how many are untranslated.

    Existing translations are kept; a message without msgctxt the file lacks takes its
    translation from `elsewhere` (English msgid -> translation, e.g. the catalog it moves from);
    other new messages get an empty translation, except in the source language, where the
    English text is its own translation.
    """
    old = Messages(path) if path.exists() else None
    catalog = Catalog(locale=lang, project="forge", fuzzy=False,
                      creation_date=_creation_date(path))
    missing = 0
    for context, msgid in keys:
        msgstr = old.get(msgid, context) if old else None
        if msgstr is None and context is None and elsewhere:
            msgstr = elsewhere.get(msgid)
        if msgstr is None and lang == source_language:
            msgstr = msgid
        missing += msgstr is None
        catalog.add(msgid, msgstr or "", context=context)
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    write_atomic(path, out.getvalue())
    return missing
