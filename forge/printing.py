"""Print options: how a kit is put on paper, from defaults, a print profile and the command line.

A print profile is a small TOML file holding the settings of one printer, for example

    # ~/.config/forge/profiles/home.toml
    paper = "letter"
    backs = "duplex-long"
    back_offset = [0.5, -1.0]
    ink = "saver"

Profiles live in `$XDG_CONFIG_HOME/forge/profiles/` (`~/.config/forge/profiles/` by default) and
are named on the command line with `--profile NAME`, or given as a path to a `.toml` file.
Command-line options win over the profile, and the profile wins over the defaults.

Every value is checked wherever it comes from: numbers must be finite and in range (a back offset
of at most MAX_BACK_OFFSET mm either way, a bleed of 0, 3 or 6 mm), and a profile must be a small
regular file of valid TOML (not a link, a pipe or a device); a mistake names the option, or the
profile file and the setting.
"""
from __future__ import annotations

import math
import os
import stat
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from forge.errors import UserError
from forge.i18n import messages_translator
from forge.output import cannot_write
from forge.safefs import write_atomic

_ = messages_translator()._

BACKS = ("duplex-long", "duplex-short", "fronts-then-backs", "fold", "none")
MARKS = ("crop", "lines", "none")
INKS = ("full", "saver", "grayscale")
BOARDS = ("tiled", "single")
BLEEDS = (0.0, 3.0, 6.0)
PAPERS = ("a4", "letter", "a3", "tabloid")
MAX_BACK_OFFSET = 10.0          # mm: a larger offset is a typo, not a printer's error
MAX_PROFILE_BYTES = 64 * 1024   # a profile holds a handful of settings


@dataclass(frozen=True)
class PrintOptions:
    """How to print one kit. Defaults suit a home printer that prints both sides."""

    backs: str = "duplex-long"              # one of BACKS
    back_offset: tuple[float, float] = (0.0, 0.0)   # mm, moves every back page right and up
    bleed: float | None = None              # mm for every piece cut along marks; None: as declared
    marks: str = "crop"                     # one of MARKS
    ink: str = "full"                       # one of INKS
    board: str = "tiled"                    # one of BOARDS

    def __post_init__(self):
        _check_choice("backs", self.backs, BACKS)
        _check_choice("marks", self.marks, MARKS)
        _check_choice("ink", self.ink, INKS)
        _check_choice("board", self.board, BOARDS)
        if self.bleed is not None and not (_is_number(self.bleed) and self.bleed in BLEEDS):
            raise UserError(_("bleed must be one of 0, 3 or 6 mm, not {value}").format(
                value=_shown(self.bleed)))
        if not offset_ok(self.back_offset):
            raise UserError(_("back_offset must be two numbers of mm, each at most {max} mm "
                              "either way, not {value}").format(
                                  max=f"{MAX_BACK_OFFSET:g}", value=_shown(self.back_offset)))

    def describe(self) -> dict:
        """The options as JSON-safe values (for kit.json and cache keys)."""
        data = asdict(self)
        data["back_offset"] = list(self.back_offset)
        return data

    def with_changes(self, **changes) -> "PrintOptions":
        """A copy with the given options replaced; None values leave an option as it is."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


def _check_choice(name: str, value, allowed) -> None:
    if type(value) is not str or value not in allowed:
        raise UserError(_("{name} must be one of {allowed}, not {value}").format(
            name=name, allowed=", ".join(allowed), value=_shown(value)))


def _is_number(value) -> bool:
    """A finite int or float (a bool is not a number of mm)."""
    return type(value) in (int, float) and math.isfinite(value)


def offset_ok(value) -> bool:
    """Whether `value` is a back offset: two finite numbers of at most MAX_BACK_OFFSET mm."""
    return (isinstance(value, (tuple, list)) and len(value) == 2
            and all(_is_number(v) and abs(v) <= MAX_BACK_OFFSET for v in value))


def _shown(value) -> str:
    """A value as a message quotes it: short, whatever its size."""
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 40 else text[:37] + "..."


def parse_offset(text: str, option: str = "--back-offset") -> tuple[float, float]:
    """'0.5,-1' -> (0.5, -1.0): a back offset in mm as the command line writes it; anything
    else (not two numbers, NaN, infinite, too large) is an error naming `option`."""
    parts = [p.strip() for p in str(text).split(",")]
    try:
        offset = tuple(float(p) for p in parts)
    except ValueError:
        offset = ()
    if not offset_ok(offset):
        raise UserError(_("{option}: a back offset is two numbers X,Y in mm, each at most {max} "
                          "mm either way (for example 0.5,-1), not {value}").format(
                              option=option, max=f"{MAX_BACK_OFFSET:g}", value=_shown(text)))
    return offset


# --- profiles ----------------------------------------------------------------------------------

def profiles_dir() -> Path:
    """Where named profiles live."""
    from forge.places import user_config_dir

    return user_config_dir() / "profiles"


def profile_path(name: str) -> Path:
    """The file of a profile given by name ('home') or path ('./shop.toml')."""
    if name.endswith(".toml") or os.sep in name or "/" in name:
        return Path(name)
    if not name.replace("-", "").replace("_", "").isalnum():
        raise UserError(f"a profile name uses letters, digits, '-' and '_' only, not '{name}'")
    return profiles_dir() / f"{name}.toml"


@dataclass(frozen=True)
class Profile:
    """A print profile: the options it sets and the papers it prefers."""

    path: Path
    options: dict                   # PrintOptions field -> value, only those the file sets
    paper: str | None = None


def load_profile(name: str) -> Profile:
    """Read a profile; every mistake names the file and the setting."""
    path = profile_path(name)
    text = _read_profile(path, name)
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as err:
        raise UserError(_("{path}: not a valid TOML file: {reason}").format(
            path=path, reason=err)) from None
    known = {f.name for f in fields(PrintOptions)} | {"paper"}
    for key in data:
        if key not in known:
            raise UserError(_("{path}: unknown setting {key} (known: {known})").format(
                path=path, key=_shown(key), known=", ".join(sorted(known))))
    options = {k: v for k, v in data.items() if k != "paper"}
    paper = data.get("paper")
    try:
        if paper is not None:
            _check_choice("paper", paper, PAPERS)
        PrintOptions(**options)
    except UserError as err:
        raise UserError(f"{path}: {err}") from None
    if "back_offset" in options:
        options["back_offset"] = tuple(float(v) for v in options["back_offset"])
    return Profile(path, options, paper)


def _read_profile(path: Path, name: str) -> str:
    """The text of a profile file: a regular file (not a link, pipe or device) of at most
    MAX_PROFILE_BYTES, in UTF-8."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise UserError(_("no print profile '{name}' ({path}); make one with 'forge calibrate "
                          "--save X,Y --profile {name}' or write it by hand").format(
                              name=name, path=path)) from None
    except OSError as err:
        if os.path.islink(path):
            raise UserError(_("{path}: a print profile must be a file of its own, not a link "
                              "(to {target})").format(path=path, target=os.readlink(path))) \
                from None
        raise UserError(_("cannot read {path}: {reason}").format(
            path=path, reason=err.strerror or err)) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise UserError(_("{path}: a print profile must be a regular file").format(
                path=path))
        data = os.read(handle, MAX_PROFILE_BYTES + 1)
    finally:
        os.close(handle)
    if len(data) > MAX_PROFILE_BYTES:
        raise UserError(_("{path}: too large for a print profile (at most {size} bytes)").format(
            path=path, size=MAX_PROFILE_BYTES))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UserError(_("{path}: not a valid TOML file: {reason}").format(
            path=path, reason=err)) from None


def save_profile(name: str, **settings) -> Path:
    """Write (or update) a profile with these settings; other settings in it are kept. The file
    is replaced whole, never written through a link."""
    path = profile_path(name)
    current = {}
    if os.path.lexists(path):
        loaded = load_profile(name)
        current = dict(loaded.options)
        if loaded.paper:
            current["paper"] = loaded.paper
    current.update({k: v for k, v in settings.items() if v is not None})
    check = {k: v for k, v in current.items() if k != "paper"}
    PrintOptions(**check)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, _to_toml(current).encode("utf-8"), mode=0o600)
    except OSError as err:
        raise cannot_write(path, err) from None
    return path


def _to_toml(settings: dict) -> str:
    lines = ["# forge print profile (see docs/printing.md)"]
    for key in sorted(settings):
        value = settings[key]
        if isinstance(value, (tuple, list)):
            text = "[" + ", ".join(_number(v) for v in value) + "]"
        elif isinstance(value, (int, float)):
            text = _number(value)
        else:
            text = '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'
        lines.append(f"{key} = {text}")
    return "\n".join(lines) + "\n"


def _number(value) -> str:
    return repr(float(value)) if isinstance(value, float) else str(value)


def resolve(profile: str | None, **given) -> tuple[PrintOptions, str | None]:
    """Options from defaults, then the profile, then what the command line gave (not None).

    Returns the options and the profile's paper (None when it names none).
    """
    base = PrintOptions()
    paper = None
    if profile:
        loaded = load_profile(profile)
        base = replace(base, **loaded.options)
        paper = loaded.paper
    return base.with_changes(**given), paper
