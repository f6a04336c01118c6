"""Translations: gettext catalogs (.po) read and written with Babel.

Two kinds of catalog, both with English msgids:

- the program catalog `forge/locale/<lang>/LC_MESSAGES/forge.po`: every string the code and the
  templates show (found by Babel's extractors in `_("...")` calls);
- one catalog per game, `content/<game>/locale/<lang>/LC_MESSAGES/<game>.po`: every `text` field of
  the game's content, with the field's key path as msgctxt.

Catalogs are read straight from .po files: there is no compile step to forget.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from forge.errors import ContentError, Problem, UserError
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


@cache
def program_messages(lang: str) -> Messages:
    """The program catalog for a language."""
    return Messages(PROGRAM_LOCALE_DIR / lang / "LC_MESSAGES" / f"{PROGRAM_DOMAIN}.po")


def program_languages() -> list[str]:
    """Languages the program catalog exists in."""
    return sorted(p.parent.parent.name for p in PROGRAM_LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def game_catalog_path(game_dir: Path, game_id: str, lang: str) -> Path:
    """Where a game's catalog for a language lives."""
    return game_dir / "locale" / lang / "LC_MESSAGES" / f"{game_id}.po"


class Translator:
    """Translates program strings for one language; `_` is the call the extractor finds."""

    def __init__(self, lang: str, strict: bool = True):
        self.lang = lang
        self.strict = strict            # False: a missing translation shows the English (drafts)
        self.messages = program_messages(lang)

    def _(self, msgid: str) -> str:
        """The translation of a program string; a missing one stops the build clearly."""
        found = self.messages.get(msgid)
        if found is None and not self.strict:
            return msgid
        if found is None:
            raise MissingTranslation(
                f"{self.messages.path}: no '{self.lang}' translation for \"{msgid}\"")
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
    """Every msgid in the code and templates, with where it was found."""
    found: dict[str, list[tuple[str, int]]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
            CHECKOUT_DIR, method_map=BABEL_METHODS, keywords={"_": None, "N_": None, "gettext": None}):
        if isinstance(message, tuple):
            message = message[0]
        if message:
            found.setdefault(message, []).append((filename, lineno))
    return found


def check_program_catalogs(languages: list[str]) -> list[Problem]:
    """Missing, empty and unused messages of the program catalogs."""
    used = extract_program_messages()
    problems: list[Problem] = []
    for lang in languages:
        messages = program_messages(lang)
        problems += _compare(messages, {(None, m): where for m, where in used.items()}, lang)
    return problems


def _compare(messages: Messages, used: dict, lang: str) -> list[Problem]:
    """Problems of a catalog against the (context, msgid) keys that are used."""
    problems = []
    for (context, msgid), where in used.items():
        if messages.get(msgid, context) is None:
            file, line = where[0] if isinstance(where, list) else where
            field = context or msgid
            problems.append(Problem(Path(file), line, field,
                                    f"no '{lang}' translation in {messages.path}"))
    for (context, msgid), entry in messages.entries.items():
        if (context, msgid) not in used:
            problems.append(Problem(messages.path, entry.line, context or "",
                                    f"unused message \"{msgid}\""))
    return problems


def check_game_catalogs(game_dir: Path, game_id: str, texts, languages: list[str]):
    """Missing, empty and unused messages of a game's catalogs, against its content texts."""
    used = {(t.context, t.english): (str(t.doc), t.line) for t in texts}
    problems: list[Problem] = []
    for lang in languages:
        path = game_catalog_path(game_dir, game_id, lang)
        if not path.exists():
            problems.append(Problem(path, 0, "", f"the '{lang}' catalog is missing"))
            continue
        problems += _compare(Messages(path), used, lang)
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
                  source_language: str = "en") -> int:
    """Create or update a .po file so it holds exactly `keys`; returns how many are untranslated.

    Existing translations are kept; new messages get an empty translation, except in the source
    language, where the English text is its own translation.
    """
    old = Messages(path) if path.exists() else None
    catalog = Catalog(locale=lang, project="forge", fuzzy=False,
                      creation_date=_creation_date(path))
    missing = 0
    for context, msgid in keys:
        msgstr = old.get(msgid, context) if old else None
        if msgstr is None and lang == source_language:
            msgstr = msgid
        missing += msgstr is None
        catalog.add(msgid, msgstr or "", context=context)
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    write_atomic(path, out.getvalue())
    return missing
