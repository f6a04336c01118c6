"""`forge doctor`'s checks: is everything a kit build and the companion need in place?

Each check is a small function returning `Check` records (section, name, status, detail, remedy);
nothing here prints. The kit checks (section KITS) decide the exit status; the companion's
(section COMPANION) are shown but never make a kit build fail.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from forge import fonts, i18n, places
from forge.errors import UserError
from forge.fonts import FONT_FILES
from forge.output import check_output_folder
from forge.places import FONT_DIR, SHIPPED_CONTENT, TEMPLATE_DIR

_ = i18n.messages_translator()._

KITS, COMPANION = "kits", "companion"
OK, WARN, FAIL = "ok", "warn", "fail"
MIN_PYTHON = (3, 11)
REINSTALL = "pip install --force-reinstall forge-pnp"
KIVY_INSTALL = 'pip install "forge-pnp[companion]"'
XVFB_RUN = "xvfb-run -a forge companion"
KIVY_QUIET = ("KIVY_NO_ARGS", "KIVY_NO_CONSOLELOG", "KIVY_NO_FILELOG", "KIVY_NO_CONFIG")
SHOWN_CHARACTERS = 12          # characters listed per font before "and N more"


@dataclass(frozen=True)
class Check:
    """The state of one thing forge needs, with a one-line remedy when it is not ok."""

    section: str
    name: str
    status: str
    detail: str
    remedy: str = ""


def _reinstall() -> str:
    return _("reinstall forge: {command}").format(command=REINSTALL)


# --- Python and forge's own data -----------------------------------------------------------------

def check_python(version: tuple = tuple(sys.version_info)) -> list[Check]:
    """Python is new enough for forge."""
    shown = ".".join(str(part) for part in version[:3])
    if tuple(version[:2]) >= MIN_PYTHON:
        return [Check(KITS, "Python", OK, shown)]
    return [Check(KITS, "Python", FAIL,
                  _("Python {version} is too old: forge needs {minimum} or newer").format(
                      version=shown, minimum="3.11"),
                  _("install Python {minimum} or newer, then forge with it").format(
                      minimum="3.11"))]


def check_shipped_games(folder: Path = SHIPPED_CONTENT) -> list[Check]:
    """The games shipped with forge are there."""
    from forge.games import game_ids

    name = _("games shipped with forge")
    try:
        count = len(game_ids(folder))
    except UserError:
        count = 0
    if count:
        return [Check(KITS, name, OK, _("{count} game(s) in {path}").format(
            count=count, path=folder))]
    return [Check(KITS, name, FAIL, _("no games in {path}").format(path=folder), _reinstall())]


def check_templates(folder: Path = TEMPLATE_DIR) -> list[Check]:
    """The shared sheet templates are there."""
    name = _("shared templates")
    count = len(list(folder.glob("*.j2"))) if folder.is_dir() else 0
    if count:
        return [Check(KITS, name, OK, _("{count} template(s) in {path}").format(
            count=count, path=folder))]
    return [Check(KITS, name, FAIL, _("no templates in {path}").format(path=folder),
                  _reinstall())]


def shipped_languages(folder: Path = SHIPPED_CONTENT) -> list[str]:
    """English and every language a shipped game is translated into."""
    from forge.games import game_ids

    languages = {"en"}
    try:
        ids = game_ids(folder)
    except UserError:
        ids = []
    for game_id in ids:
        try:
            languages.update(game_languages(folder / game_id))
        except UserError:
            continue
    return sorted(languages)


def check_program_catalogs(languages: list[str]) -> list[Check]:
    """Forge's own message catalog exists and can be read for each language."""
    name = _("program catalogs")
    problems = []
    for lang in languages:
        path = i18n.PROGRAM_LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.PROGRAM_DOMAIN}.po"
        if not path.is_file():
            problems.append(_("missing: {path}").format(path=path))
            continue
        try:
            i18n.Messages(path)
        except UserError as err:
            problems.append(_first_line(err))
    if problems:
        return [Check(KITS, name, FAIL, "; ".join(problems), _reinstall())]
    return [Check(KITS, name, OK, ", ".join(languages))]


def _first_line(err: Exception) -> str:
    lines = str(err).splitlines()
    return lines[0] if lines else type(err).__name__


# --- fonts ---------------------------------------------------------------------------------------

@cache
def _load_font(path: str, stamp: tuple) -> tuple[frozenset | None, str]:
    """The code points a font draws, or None and reportlab's reason for refusing it."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    try:
        face = TTFont("doctor-" + Path(path).name, path).face
    except TTFError as err:
        return None, str(err)
    except Exception as err:   # noqa: BLE001 - a corrupt file raises struct and index errors too
        return None, f"{type(err).__name__}: {err}"
    return frozenset(face.charToGlyph), ""


def font_code_points(path: Path) -> tuple[frozenset | None, str]:
    """What `path` draws (cached while the file is unchanged), or why it cannot be used."""
    stat = path.stat()
    return _load_font(str(path), (stat.st_mtime_ns, stat.st_size))


def embedding_flags(path: Path) -> int:
    """The OS/2 fsType bits of a TrueType file that forbid embedding or subsetting it (0: none,
    or the file cannot be read: then reportlab says what is wrong)."""
    try:
        return fonts.embedding_flags(path.read_bytes())
    except OSError:
        return 0


def check_font_file(path: Path) -> list[Check]:
    """One font file is there and reportlab may embed it."""
    name = _("font {file}").format(file=path.name)
    if not path.is_file():
        return [Check(KITS, name, FAIL, _("missing: {path}").format(path=path), _reinstall())]
    points, reason = font_code_points(path)
    flags = embedding_flags(path)
    if flags or "subsetting/embedding" in reason:
        return [Check(KITS, name, FAIL,
                      _("may not be embedded (OS/2 fsType {flags} forbids it): {path}").format(
                          flags=f"0x{flags:04X}" if flags else reason, path=path), _reinstall())]
    if points is not None:
        return [Check(KITS, name, OK, str(path))]
    return [Check(KITS, name, FAIL, _("reportlab cannot read it ({reason}): {path}").format(
        reason=reason, path=path), _reinstall())]


def game_languages(folder: Path) -> list[str]:
    """The languages a game's game.yaml declares; UserError when it cannot be read."""
    from forge.content import load_doc

    data = load_doc(folder / "game.yaml").data
    languages = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(languages, list) or not all(isinstance(x, str) for x in languages):
        raise UserError(_("{path}: 'languages' is not a list of language codes").format(
            path=folder / "game.yaml"))
    return languages


def _catalog_texts(messages: i18n.Messages, lang: str) -> dict[tuple[str, str], set[str]]:
    """The characters of a catalog's translations (in `lang`) and of its English msgids."""
    translated = "".join(form for entry in messages.entries.values()
                         for form in (entry.forms or (entry.msgstr,)))
    english = "".join(msgid.replace(i18n.PLURAL_JOIN, "") for _context, msgid in messages.entries)
    path = str(messages.path)
    texts = {(lang, path): set(translated)}
    texts.setdefault(("en", path), set()).update(english)
    return texts


def _add(places_by_char: dict[str, set], texts: dict[tuple[str, str], set[str]]) -> None:
    for place, chars in texts.items():
        for ch in chars:
            if not ch.isspace():
                places_by_char.setdefault(ch, set()).add(place)


def gather_characters(content_dir: Path | None,
                      languages: list[str]) -> tuple[dict[str, set], list[Check]]:
    """Every character the catalogs print, with where (language, file) it occurs, and a
    problem for each game whose catalogs cannot be read."""
    from forge.games import find_games

    found: dict[str, set] = {}
    for lang in languages:
        path = i18n.PROGRAM_LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.PROGRAM_DOMAIN}.po"
        try:
            _add(found, _catalog_texts(i18n.Messages(path), lang))
        except UserError:
            continue                    # reported by check_program_catalogs
    problems = []
    for source in find_games(content_dir).values():
        try:
            for lang in game_languages(source.folder):
                path = i18n.game_catalog_path(source.folder, source.id, lang)
                _add(found, _catalog_texts(i18n.Messages(path), lang))
        except UserError as err:
            problems.append(Check(
                KITS, _("game {game}").format(game=source.id), FAIL,
                _("a catalog cannot be read: {reason}").format(reason=_first_line(err)),
                _("run 'forge validate {game}' and fix what it lists").format(game=source.id)))
    return found, problems


def check_coverage(path: Path, places_by_char: dict[str, set]) -> list[Check]:
    """Every character the catalogs print can be drawn by one font."""
    name = _("characters in {file}").format(file=path.name)
    points, _reason = font_code_points(path) if path.is_file() else (None, "")
    if points is None:
        return []                       # reported by check_font_file
    missing = sorted(ch for ch in places_by_char if ord(ch) not in points)
    if not missing:
        return [Check(KITS, name, OK, _("draws all {count} characters of the catalogs").format(
            count=len(places_by_char)))]
    shown = [_describe(ch, places_by_char[ch]) for ch in missing[:SHOWN_CHARACTERS]]
    detail = _("lacks {characters}").format(characters="; ".join(shown))
    if len(missing) > SHOWN_CHARACTERS:
        detail += " " + _("and {count} more").format(count=len(missing) - SHOWN_CHARACTERS)
    return [Check(KITS, name, FAIL, detail,
                  _("replace these characters in the catalogs named, or a kit prints blanks "
                    "where they are"))]


def _describe(ch: str, where: set) -> str:
    """'漢 U+6F22 (es: path/demo.po)'."""
    files = ", ".join(f"{lang}: {path}" for lang, path in sorted(where))
    return f"{ch} U+{ord(ch):04X} ({files})"


def check_fonts(font_dir: Path, content_dir: Path | None, languages: list[str]) -> list[Check]:
    """Every font file, then whether each draws every character of every catalog."""
    paths = [font_dir / file for file in FONT_FILES.values()]
    checks = [check for path in paths for check in check_font_file(path)]
    places_by_char, problems = gather_characters(content_dir, languages)
    for path in paths:
        checks += check_coverage(path, places_by_char)
    return checks + problems + check_game_fonts(content_dir)


def check_game_fonts(content_dir: Path | None) -> list[Check]:
    """Each font a game brings (game.yaml `fonts:`): its file, its licence, whether it can be
    embedded."""
    from forge.content import load_doc
    from forge.games import find_games

    checks = []
    for source in find_games(content_dir).values():
        try:
            data = load_doc(source.folder / "game.yaml").data
        except UserError:
            continue                    # reported with the game's catalogs
        entries = data.get("fonts") if isinstance(data, dict) else None
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            checks.append(check_game_font(source.id, source.folder, index, entry))
    return checks


def check_game_font(game_id: str, folder: Path, index: int, entry) -> Check:
    """One entry of a game's `fonts:` list."""
    fields = ("id", "file", "licence")
    if not isinstance(entry, dict) or not all(isinstance(entry.get(f), str) for f in fields):
        return Check(KITS, _("font fonts[{index}] of game {game}").format(index=index,
                                                                          game=game_id), FAIL,
                     _("needs an id, a file and a licence"),
                     _("run 'forge validate {game}' and fix what it lists").format(game=game_id))
    name = _("font {font} of game {game}").format(font=entry["id"], game=game_id)
    try:
        fonts.register_game_font(game_id, entry, folder)
    except fonts.FontRefused as err:
        return Check(KITS, name, FAIL, err.message,
                     _("fix fonts[{index}] in {path}").format(index=index,
                                                               path=folder / "game.yaml"))
    return Check(KITS, name, OK, _("{file}; licence: {licence}").format(
        file=entry["file"], licence=entry["licence"]))


# --- folders -------------------------------------------------------------------------------------

def writable(folder: Path) -> str:
    """'' when files can be written in `folder` (or it can be made), else the reason."""
    try:
        check_output_folder(folder)
    except UserError as err:
        return str(err)
    return ""


def _folder_state(folder: Path) -> str:
    return str(folder) if folder.is_dir() else _("{path} (made when first needed)").format(
        path=folder)


def check_folder(section: str, name: str, folder: Path, remedy: str) -> list[Check]:
    """A folder forge writes in can be written, or made."""
    reason = writable(folder)
    if reason:
        return [Check(section, name, FAIL, reason, remedy)]
    return [Check(section, name, OK, _folder_state(folder))]


def check_output(out_dir: Path) -> list[Check]:
    """The kits' output folder (--out) can be written."""
    return check_folder(KITS, _("output folder"), out_dir,
                        _("choose another folder with --out, or make this one writable"))


def check_user_games() -> list[Check]:
    """The user's games folder: where it is and how many games it holds."""
    from forge.games import game_ids

    folder = places.user_games_dir()
    name = _("your games folder")
    hint = _("a game folder copied there is found by every command")
    if not folder.exists():
        return [Check(KITS, name, OK, _("{path}: none yet; {hint}").format(
            path=folder, hint=hint))]
    if not folder.is_dir():
        return [Check(KITS, name, WARN, _("{path} is not a folder").format(path=folder),
                      _("move that file away to keep games of your own there"))]
    count = len(game_ids(folder))
    if not count:
        return [Check(KITS, name, OK, _("{path}: none yet; {hint}").format(
            path=folder, hint=hint))]
    return [Check(KITS, name, OK, _("{path}: {count} game(s)").format(path=folder, count=count))]


def check_user_folders() -> list[Check]:
    """The user's games, settings and cache folders."""
    remedy = _("make it writable, or move the file in its way")
    return (check_user_games()
            + check_folder(KITS, _("settings folder (print profiles)"), places.user_config_dir(),
                           remedy)
            + check_folder(KITS, _("cache folder"), places.user_cache_dir(), remedy))


# --- the companion -------------------------------------------------------------------------------

def import_kivy():
    """Import kivy alone (no window), quietly: no arguments parsed, no log, no ~/.kivy made."""
    added = [name for name in KIVY_QUIET if name not in os.environ]
    for name in added:
        os.environ[name] = "1"
    try:
        import kivy
    finally:
        for name in added:
            os.environ.pop(name, None)
    return kivy


def check_kivy() -> list[Check]:
    """Kivy can be imported."""
    try:
        kivy = import_kivy()
    except Exception as err:   # noqa: BLE001 - a broken install raises more than ImportError
        return [Check(COMPANION, "Kivy", FAIL,
                      _("cannot be imported ({reason})").format(reason=_first_line(err)),
                      _("install it: {command}").format(command=KIVY_INSTALL))]
    return [Check(COMPANION, "Kivy", OK, str(getattr(kivy, "__version__", "?")))]


def check_display(platform: str = sys.platform) -> list[Check]:
    """A display the companion's window can open on."""
    name = _("display")
    if platform.startswith(("darwin", "win")):
        return [Check(COMPANION, name, OK, _("the desktop of this system"))]
    for variable in ("WAYLAND_DISPLAY", "DISPLAY"):
        if os.environ.get(variable):
            return [Check(COMPANION, name, OK, f"{variable}={os.environ[variable]}")]
    return [Check(COMPANION, name, FAIL, _("neither DISPLAY nor WAYLAND_DISPLAY is set"),
                  _("run it from a desktop session, or on a machine with no screen: "
                    "{command} (Debian package xvfb)").format(command=XVFB_RUN))]


def check_companion() -> list[Check]:
    """Kivy, a display and the companion's data folder."""
    return (check_kivy() + check_display()
            + check_folder(COMPANION, _("companion data folder"), places.companion_data_dir(),
                           _("make it writable, or move the file in its way")))


# --- SVG art -------------------------------------------------------------------------------------

def check_cairo() -> list[Check]:
    """cairosvg and the cairo library it draws a game's SVG art with."""
    from forge.pictures import cairo_problem

    problem = cairo_problem()
    if problem is None:
        import cairocffi
        return [Check(KITS, "cairo", OK, _("cairo {version}: SVG art is drawn").format(
            version=cairocffi.cairo_version_string()))]
    return [Check(KITS, "cairo", FAIL, _("SVG art cannot be drawn ({reason})").format(
                      reason=problem),
                  _("install the cairo library (Debian and Ubuntu: apt-get install libcairo2; "
                    "macOS: brew install cairo)"))]


# --- all of them ---------------------------------------------------------------------------------

def run_checks(out_dir: Path, content_dir: Path | None = None,
               font_dir: Path | None = None) -> list[Check]:
    """Every check, kits first, in the order they are shown."""
    if content_dir is not None and not Path(content_dir).is_dir():
        raise UserError(_("content folder '{path}' does not exist").format(path=content_dir))
    languages = shipped_languages()
    return (check_python() + check_shipped_games() + check_templates()
            + check_program_catalogs(languages) + check_cairo()
            + check_fonts(FONT_DIR if font_dir is None else font_dir, content_dir, languages)
            + check_output(out_dir) + check_user_folders() + check_companion())


def kits_fail(checks: list[Check]) -> bool:
    """True when a kit build lacks something it needs."""
    return any(c.section == KITS and c.status == FAIL for c in checks)
