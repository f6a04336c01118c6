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
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from forge.errors import UserError

BACKS = ("duplex-long", "duplex-short", "fronts-then-backs", "fold", "none")
MARKS = ("crop", "lines", "none")
INKS = ("full", "saver", "grayscale")
BOARDS = ("tiled", "single")
BLEEDS = (0.0, 3.0, 6.0)
PAPERS = ("a4", "letter", "a3", "tabloid")
MAX_BACK_OFFSET = 10.0          # mm: a larger offset is a typo, not a printer's error


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
        if self.bleed is not None and float(self.bleed) not in BLEEDS:
            raise UserError(f"bleed must be one of 0, 3 or 6 mm, not {self.bleed}")
        if len(self.back_offset) != 2 or any(abs(v) > MAX_BACK_OFFSET for v in self.back_offset):
            raise UserError(f"back offset must be two numbers of at most {MAX_BACK_OFFSET:g} mm "
                            f"each, not {self.back_offset}")

    def describe(self) -> dict:
        """The options as JSON-safe values (for kit.json and cache keys)."""
        data = asdict(self)
        data["back_offset"] = list(self.back_offset)
        return data

    def with_changes(self, **changes) -> "PrintOptions":
        """A copy with the given options replaced; None values leave an option as it is."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


def _check_choice(name: str, value, allowed) -> None:
    if value not in allowed:
        raise UserError(f"{name} must be one of {', '.join(allowed)}, not '{value}'")


def parse_offset(text: str) -> tuple[float, float]:
    """'0.5,-1' -> (0.5, -1.0): a back offset in mm as the command line writes it."""
    parts = [p.strip() for p in str(text).split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        return float(parts[0]), float(parts[1])
    except ValueError:
        raise UserError(f"a back offset is two numbers in mm, X,Y (for example 0.5,-1), "
                        f"not '{text}'") from None


# --- profiles ----------------------------------------------------------------------------------

def profiles_dir() -> Path:
    """Where named profiles live."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "forge" / "profiles"


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
    """Read a profile; every mistake names the file and the key."""
    path = profile_path(name)
    if not path.exists():
        raise UserError(f"no print profile '{name}' ({path}); make one with "
                        f"'forge calibrate --save X,Y --profile {name}' or write it by hand")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise UserError(f"{path}: not a valid TOML file: {err}") from None
    known = {f.name for f in fields(PrintOptions)} | {"paper"}
    for key in data:
        if key not in known:
            raise UserError(f"{path}: unknown setting '{key}' (known: {', '.join(sorted(known))})")
    options = {k: v for k, v in data.items() if k != "paper"}
    if "back_offset" in options:
        offset = options["back_offset"]
        if not (isinstance(offset, list) and len(offset) == 2
                and all(isinstance(v, (int, float)) for v in offset)):
            raise UserError(f"{path}: back_offset must be two numbers in mm, like [0.5, -1.0]")
        options["back_offset"] = (float(offset[0]), float(offset[1]))
    if "bleed" in options and not isinstance(options["bleed"], (int, float)):
        raise UserError(f"{path}: bleed must be a number of mm (0, 3 or 6)")
    paper = data.get("paper")
    if paper is not None and paper not in PAPERS:
        raise UserError(f"{path}: paper must be one of {', '.join(PAPERS)}, not '{paper}'")
    try:
        PrintOptions(**options)
    except UserError as err:
        raise UserError(f"{path}: {err}") from None
    return Profile(path, options, paper)


def save_profile(name: str, **settings) -> Path:
    """Write (or update) a profile with these settings; other settings in it are kept."""
    path = profile_path(name)
    current = {}
    if path.exists():
        current = dict(load_profile(name).options)
        paper = load_profile(name).paper
        if paper:
            current["paper"] = paper
    current.update({k: v for k, v in settings.items() if v is not None})
    check = {k: v for k, v in current.items() if k != "paper"}
    PrintOptions(**check)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(_to_toml(current), encoding="utf-8")
    os.replace(temporary, path)
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
