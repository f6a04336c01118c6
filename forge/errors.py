"""Errors a user can cause, and how they are reported.

A `ContentError` names the file, line and field path of a problem in the content folder; a
`UserError` is any other mistake a user can make (an unknown game, a bad option). The CLI prints
either one plainly and exits non-zero; neither ever reaches the user as a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One problem found in a content file."""

    file: Path
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{shown_path(self.file)}:{self.line}" if self.line else shown_path(self.file)
        field = f" {self.field}:" if self.field else ""
        return f"{where}{field} {self.message}"


def shown_path(path: Path) -> str:
    """Show a path relative to the working directory when it lies below it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class UserError(Exception):
    """A mistake in what the user asked for; its message is shown as it is."""


class ContentError(UserError):
    """One or more problems in content files."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=lambda p: (str(p.file), p.line, p.field))
        super().__init__("\n".join(str(p) for p in self.problems))


class ForgeWarning(UserWarning):
    """Something in a game's content worth fixing that does not stop a build (shown by the CLI)."""
