"""Translations: gettext catalogs (.po) read and written with Babel.

Two kinds of catalog, both with English msgids:

- the program catalog `forge/locale/<lang>/LC_MESSAGES/forge.po`: every string forge's shared code
  and the templates show (found by Babel's extractors in `_("...")` calls);
- one catalog per game, `content/<game>/locale/<lang>/LC_MESSAGES/<game>.po`: every `text` field of
  the game's content, with the field's key path as msgctxt, and every string only the game's own
  code shows (its engine, render and check modules and companion screens, see `code_owner`),
  without msgctxt.

At run time a translator finds a message in forge's catalog or in any playable game's catalog.

A message with plural forms (`ngettext(singular, plural, n)` in code and templates) is keyed, as
in gettext's compiled catalogs, by its two English forms joined with a NUL ("{n} unit\x00{n}
units"); its catalog entry has `msgid_plural` and one `msgstr[i]` for each form of the
language's Plural-Forms header, and it counts as missing while any form is empty.

Catalogs are read straight from .po files: there is no compile step to forget.
"""
from __future__ import annotations

import gettext as _gettext
import hashlib
import io
import json
from dataclasses import dataclass
from collections.abc import Iterable
from functools import cache
from pathlib import Path, PurePosixPath

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from forge.errors import ContentError, Problem, UserError
from forge import places
from forge.places import CHECKOUT_DIR, TEMPLATE_DIR  # noqa: F401  (TEMPLATE_DIR: re-exported)
from forge.pocheck import check_po, convention_warnings, glossary_problems
from forge.safefs import UnsafeFile, read_inside, write_atomic

FORGE_DIR = Path(__file__).parent
PROGRAM_DOMAIN = "forge"
PROGRAM_LOCALE_DIR = FORGE_DIR / "locale"
SOURCE_LANGUAGE = "en"
PLURAL_JOIN = "\x00"           # between the two English forms of a plural message's key

# The calls Babel finds messages in: (1, 2) are the singular and plural arguments of a plural
# message (`tr.ngettext(singular, plural, n)`, the engines' `counted(tr, singular, plural, n)`
# and `Counted(singular, plural, n, ...)`).
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "counted": (2, 3),
            "Counted": (1, 2)}


def N_(message: str) -> str:
    """Mark a string for extraction where it is defined; translate it where it is shown."""
    return message


def semicolon_list(items, gettext) -> str:
    """Items joined as a list with semicolons, in the language of `gettext` (French puts a
    narrow no-break space before each semicolon)."""
    items = list(items)
    text = items[0] if items else ""
    for item in items[1:]:
        text = gettext("{items}; {item}").format(items=text, item=item)
    return text


def plural_key(singular: str, plural: str) -> str:
    """The catalog key of a plural message: its two English forms joined by a NUL."""
    return f"{singular}{PLURAL_JOIN}{plural}"


def shown_msgid(msgid: str) -> str:
    """A msgid as a person reads it (a plural message's two forms: 'one unit | {n} units')."""
    return msgid.replace(PLURAL_JOIN, " | ")


def plural_rule(lang: str) -> tuple[int, str]:
    """(number of plural forms, C expression choosing one) of a language, from Babel's table."""
    from babel import UnknownLocaleError

    try:
        found = get_plural(lang) if lang else get_plural(SOURCE_LANGUAGE)
    except (UnknownLocaleError, ValueError, TypeError):     # an unknown language: English's rule
        found = get_plural(SOURCE_LANGUAGE)
    return found.num_plurals, found.plural_expr


class MissingTranslation(UserError):
    """A message has no translation in the catalog a build needs."""


@dataclass(frozen=True)
class Entry:
    """One translated message of a catalog file; a plural message's `forms` are its msgstr[i]
    and its `msgstr` is its first form, or "" while any form is empty."""

    msgstr: str
    line: int
    forms: tuple[str, ...] = ()


def _entry(message, line: int) -> Entry:
    """The Entry of a Babel message (plural or not)."""
    if isinstance(message.string, (tuple, list)) and isinstance(message.id, (tuple, list)):
        forms = tuple(form or "" for form in message.string)
        return Entry(forms[0] if forms and all(forms) else "", line, forms)
    msgstr = message.string if isinstance(message.string, str) else (message.string or [""])[0]
    return Entry(msgstr or "", line)


def _key_of(message) -> str:
    """A Babel message's msgid as forge keys it (plural ones: both forms joined)."""
    if isinstance(message.id, (tuple, list)):
        return plural_key(message.id[0], message.id[1])
    return message.id


class Messages:
    """The messages of one .po file, looked up by (context, msgid).

    The file must lie in `folder` (by default the one holding `locale/`), links followed, and
    pass the strict syntax check of forge/pocheck.py before Babel reads it. Fuzzy entries are
    kept apart (`fuzzy`): they translate nothing.
    """

    def __init__(self, path: Path, folder: Path | None = None):
        self.path = path
        self.folder = Path(folder) if folder is not None else Path(path).parents[3]
        self.entries: dict[tuple[str | None, str], Entry] = {}
        self.fuzzy: dict[tuple[str | None, str], Entry] = {}
        self.plural_count, expression = plural_rule(Path(path).parent.parent.name)
        if path.exists() or path.is_symlink():
            expression = self._read() or expression
        self.plural_expression = expression
        self.plural_index = _gettext.c2py(expression)

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
            if not message.id:
                continue
            table = self.fuzzy if message.fuzzy else self.entries
            table[(message.context, _key_of(message))] = _entry(message, message.lineno or 0)
        if "plural-forms" in (key.lower() for key, _value in catalog.mime_headers):
            self.plural_count = catalog.num_plurals
            return catalog.plural_expr
        return None

    def get(self, msgid: str, context: str | None = None) -> str | None:
        """The translation, or None when the catalog lacks it or leaves it (or a form of it)
        empty."""
        entry = self.entries.get((context, msgid))
        return entry.msgstr if entry and entry.msgstr else None

    def plural(self, key: str, n: int, context: str | None = None) -> str | None:
        """The form of a plural message (its `plural_key`) for the number `n`, or None when the
        catalog lacks it or leaves a form empty."""
        entry = self.entries.get((context, key))
        if entry is None or not entry.msgstr:
            return None
        if not entry.forms:
            return entry.msgstr
        return entry.forms[min(self.plural_index(abs(int(n))), len(entry.forms) - 1)]


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

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a plural message for the number `n` (not yet filled in: the caller
        formats it, `{n}` and all); a missing one stops the build like `_`."""
        found = self.messages.plural(plural_key(singular, plural), n)
        if found is None and not self.strict:
            return singular if n == 1 else plural
        if found is None:
            raise MissingTranslation(
                f"{self.messages.path}: no '{self.lang}' translation for \"{singular}\" / "
                f"\"{plural}\" (nor in the playable games' catalogs)")
        return found


def message_language() -> str:
    """The language for command-line messages, from the usual gettext environment variables:
    the first language named there that has a program catalog (English otherwise)."""
    import os

    known = set(program_languages())
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        for part in filter(None, value.split(":")):
            lang = part.split(".")[0].split("@")[0]
            for candidate in (lang, lang.split("_")[0].lower()):
                if candidate in known:
                    return candidate
        if value:
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


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
            CHECKOUT_DIR, method_map=BABEL_METHODS, keywords=KEYWORDS):
        if message := _message_key(message):
            found.setdefault(message, []).append((filename, lineno))
    return found


def _message_key(message) -> str | None:
    """The key of an extracted message: a plural one's two forms joined (see plural_key)."""
    if isinstance(message, tuple):
        if len(message) >= 2 and message[0] and message[1]:
            return plural_key(message[0], message[1])
        return message[0]
    return message


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
            "python", str(path), keywords=KEYWORDS):
        if message := _message_key(message):
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
            field = context or shown_msgid(msgid)
            state = "fuzzy" if (context, msgid) in messages.fuzzy else "no"
            problems.append(Problem(Path(file), line, field,
                                    f"{state} '{lang}' translation in {messages.path}"))
    for (context, msgid), entry in messages.entries.items():
        if (context, msgid) not in used and (judge_code or context is not None):
            problems.append(Problem(messages.path, entry.line, context or "",
                                    f"unused message \"{shown_msgid(msgid)}\""))
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


def check_glossary(game_dir: Path, game_id: str, languages: list[str]) -> list[Problem]:
    """Translations of a game's catalogs that do not use the words of its glossary
    (locale/glossary.yaml), and the glossary's own problems (`forge validate` reports them)."""
    try:
        terms = glossary_terms(game_dir)
    except ContentError as err:
        return list(err.problems)
    problems: list[Problem] = []
    for lang in languages:
        path = game_catalog_path(game_dir, game_id, lang)
        if terms and lang != SOURCE_LANGUAGE and path.is_file():
            problems += glossary_problems(path, lang, entry_forms(Messages(path)), terms)
    return problems


# --- the glossary, each language's conventions, how far each catalog is translated -------------

GLOSSARY = "glossary.yaml"


def glossary_path(game_dir: Path) -> Path:
    """Where a game's glossary lives: {term: {language: [accepted forms]}}."""
    return Path(game_dir) / "locale" / GLOSSARY


def glossary_terms(game_dir: Path) -> dict[str, dict[str, list[str]]]:
    """A game's glossary terms ({} without a glossary); ContentError when it breaks its schema
    (forge/schemas/glossary.yaml)."""
    from forge.content import load_doc
    from forge.schema import validate_docs

    path = glossary_path(game_dir)
    if not path.is_file():
        return {}
    doc = load_doc(path, Path(game_dir))
    result = validate_docs([doc])
    if result.problems:
        raise ContentError(result.problems)
    return dict((doc.data or {}).get("terms") or {})


def entry_forms(messages: Messages):
    """(context, msgid, forms, line) of every translated entry of a catalog (a plain entry's
    forms: its msgstr alone), what forge.pocheck's text checks read."""
    for (context, msgid), entry in messages.entries.items():
        yield context, msgid, entry.forms or (entry.msgstr,), entry.line


def catalog_warnings(path: Path) -> list[Problem]:
    """What a proofreader of the catalog's language would mark (forge.pocheck's conventions),
    and a Plural-Forms header that is not the language's (`forge translations update` writes the
    right one)."""
    lang = path.parent.parent.name
    messages = Messages(path)
    count, expression = plural_rule(lang)
    found = [] if (messages.plural_count, _spaceless(messages.plural_expression)) == \
        (count, _spaceless(expression)) else [Problem(path, 0, "", (
            f"the Plural-Forms header says nplurals={messages.plural_count}; "
            f"plural={messages.plural_expression}, but '{lang}' has nplurals={count}; "
            f"plural={expression} ('forge translations update' writes it)"))]
    return found + convention_warnings(path, lang, entry_forms(messages))


def _spaceless(expression: str) -> str:
    return "".join(expression.split()).strip("()")


@dataclass(frozen=True)
class Status:
    """How far one catalog is translated: entries translated, fuzzy and missing (a plural entry
    counted once, missing while any form is empty)."""

    translated: int
    fuzzy: int
    missing: int


def catalog_status(path: Path, keys) -> Status:
    """The status of a catalog against the (context, msgid) keys it must hold."""
    messages = Messages(path)
    translated = fuzzy = missing = 0
    for key in keys:
        if messages.get(key[1], key[0]) is not None:
            translated += 1
        elif key in messages.fuzzy:
            fuzzy += 1
        else:
            missing += 1
    return Status(translated, fuzzy, missing)


def catalog_languages(locale_dir: Path) -> list[str]:
    """The languages a locale/ folder has catalogs for (one folder each, with LC_MESSAGES)."""
    return sorted(p.parent.name for p in Path(locale_dir).glob("*/LC_MESSAGES")
                  if any(p.glob("*.po")))


def game_languages(game_dir: Path, game_id: str) -> list[str]:
    """The languages a game has a complete catalog for: every message of its English catalog
    translated, none fuzzy (English first)."""
    reference = Messages(game_catalog_path(game_dir, game_id, SOURCE_LANGUAGE))
    found = [lang for lang in catalog_languages(Path(game_dir) / "locale")
             if is_complete(game_catalog_path(game_dir, game_id, lang), reference)]
    return sorted(found, key=lambda lang: (lang != SOURCE_LANGUAGE, lang))


def is_complete(path: Path, reference: Messages) -> bool:
    """Whether a catalog translates every message of `reference` (its English catalog)."""
    if not path.is_file():
        return False
    messages = Messages(path)
    return all(messages.get(msgid, context) is not None for context, msgid in reference.entries)


@cache
def _complete_languages(_packages: tuple, _user_games: str) -> tuple[str, ...]:
    from forge.games import all_games
    from forge.registry import engines

    program = Messages(program_catalog_path(SOURCE_LANGUAGE))
    languages = [lang for lang in program_languages()
                 if is_complete(program_catalog_path(lang), program)]
    playable = engines()
    seen: set[str] = set()
    for source in all_games():
        if source.id in playable and source.id not in seen:
            seen.add(source.id)
            offered = set(game_languages(source.folder, source.id))
            languages = [lang for lang in languages if lang in offered]
    return tuple(sorted(languages, key=lambda lang: (lang != SOURCE_LANGUAGE, lang)))


def companion_languages() -> list[str]:
    """The languages the companion offers: those whose program catalog and every playable game's
    catalog are complete (English first; English always)."""
    from forge.registry import engine_packages

    found = list(_complete_languages(tuple(engine_packages()), str(places.user_games_dir())))
    return found if SOURCE_LANGUAGE in found else [SOURCE_LANGUAGE, *found]


def language_name(lang: str) -> str:
    """A language's name in its own words, as its speakers write it at the start of a line
    ("Français", "Deutsch")."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, UnknownLocaleError):
        return lang
    return name[:1].upper() + name[1:]


def _creation_date(path: Path, folder: Path | None = None):
    """The catalog's own creation date, kept so an update with no new message changes nothing."""
    import datetime

    if path.exists():
        Messages(path, folder)          # refuses a broken or outside catalog before Babel reads it
        with path.open("rb") as stream:
            return read_po(stream).creation_date
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


def write_catalog(path: Path, keys: list[tuple[str | None, str]], lang: str,
                  source_language: str = SOURCE_LANGUAGE,
                  elsewhere: dict[str, str | tuple] | None = None) -> int:
    """Create or update a .po file so it holds exactly `keys`; returns how many are untranslated.

    Existing translations are kept; a message without msgctxt the file lacks takes its
    translation from `elsewhere` (English msgid -> translation, e.g. the catalog it moves from);
    other new messages get an empty translation, except in the source language, where the
    English text is its own translation. A plural message (its key holds PLURAL_JOIN) is written
    with msgid_plural and as many msgstr[i] as the language's Plural-Forms header has.
    """
    old = Messages(path) if path.exists() else None
    catalog = Catalog(locale=_babel_locale(lang), project="forge", fuzzy=False,
                      creation_date=_creation_date(path))
    count = catalog.num_plurals
    missing = 0
    for context, msgid in keys:
        entry = old.entries.get((context, msgid)) if old else None
        found = (entry.forms or entry.msgstr) if entry else None
        if not found and context is None and elsewhere:
            found = elsewhere.get(msgid)
        if PLURAL_JOIN in msgid:
            english = tuple(msgid.split(PLURAL_JOIN, 1))
            forms = tuple(found) if isinstance(found, tuple) and len(found) == count else None
            if forms is None and lang == source_language:
                forms = english
            forms = forms or ("",) * count
            missing += not all(forms)
            catalog.add(english, forms, context=context)
            continue
        msgstr = found if isinstance(found, str) and found else None
        if msgstr is None and lang == source_language:
            msgstr = msgid
        missing += msgstr is None
        catalog.add(msgid, msgstr or "", context=context)
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    write_atomic(path, out.getvalue())
    return missing


def _babel_locale(lang: str) -> str | None:
    """The language as Babel's Catalog takes it (None where Babel does not know it: the catalog
    is then written with English's plural rule)."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(lang)
    except (ValueError, UnknownLocaleError):
        return None
    return lang
