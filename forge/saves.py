"""Session files on disk: written atomically, a corrupt one kept aside and reported.

Used by the command line now and by the table companion next. A save is the session's JSON
(forge.engine.core): it is written to a temporary file, flushed to disk and renamed over the
old one, so a crash at any moment leaves either the old save or the new one, never half of one.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

from forge.engine.core import Rules, SaveError, Session
from forge.errors import UserError
from forge.i18n import messages_translator

_ = messages_translator()._


def write_session(path: Path, session: Session) -> None:
    """Save a session atomically (temporary file, fsync, rename, fsync of the folder)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8") as stream:
        stream.write(session.dumps())
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def read_session(path: Path, rules: Rules) -> Session:
    """Load a saved session; a save that cannot be trusted is moved aside, never overwritten."""
    path = Path(path)
    if not path.is_file():
        raise UserError(_("no saved game at {path} (start one with 'new')").format(path=path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Session.from_json(rules, data)
    except (json.JSONDecodeError, UnicodeDecodeError, SaveError) as err:
        kept = keep_aside(path)
        raise UserError(_("the saved game {path} cannot be used ({reason}); it was kept "
                          "unchanged as {kept}").format(path=path, reason=_reason(err),
                                                         kept=kept)) from None


def keep_aside(path: Path) -> Path:
    """Rename a bad save to a name that says so, keeping every byte of it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{number}")
    os.replace(path, target)
    return target


def _reason(err: Exception) -> str:
    if isinstance(err, json.JSONDecodeError):
        return _("not valid JSON at line {line}").format(line=err.lineno)
    if isinstance(err, UnicodeDecodeError):
        return _("not UTF-8 text")
    return str(err)
