"""Session files on disk: written atomically and safely, read strictly, a damaged save kept aside.

Used by the command line and by the table companion's store. A save is the session's JSON
(forge.engine.core): it is written to a new temporary file in the same folder, flushed to disk
and renamed over the old one, so a crash at any moment leaves either the old save or the new
one, never half of one. The temporary file is created exclusively under a fresh name, so a link
planted where it would go is never written through, and the rename replaces a link at the save's
own path instead of following it.

Reading never moves a file the user did not get from forge: a save that cannot be trusted is
kept aside (renamed, every byte kept) only when it is recognisably a forge save; any other file
is refused with a message and left as it is.
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

from forge.engine.core import (N_, SAVE_FORMAT, ForeignSave, ParseError, Rules, SaveError,
                               Session)
from forge.engine.inputs import Words, load_json
from forge.errors import UserError
from forge.i18n import messages_translator
from forge.safefs import write_atomic

_ = messages_translator()._

MAX_SAVE_BYTES = 64 * 1024 * 1024     # a season-long game saves in well under 1 MB
FILE = Words(N_("the file"))
# how forge begins a save (keys sorted), a hand-indented one too: a save cut short starts so
_SAVE_START = re.compile(rb'\A\{\s*"(digests|engine_version|entries)"')


def write_text_atomic(path: Path, text: str, sync_dir: bool = True) -> None:
    """Replace `path` with `text` atomically (OSError if the disk or the folder refuses).

    `sync_dir=False` skips the folder's fsync: the rename is still atomic, only its
    durability waits for the next folder sync."""
    write_atomic(path, text.encode("utf-8"), mode=0o600, sync_dir=sync_dir)


def write_session(path: Path, session: Session) -> None:
    """Save a session atomically (OSError if it cannot be written)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, session.dumps())


def save_session(path: Path, session: Session) -> None:
    """Save a session for a command: a file that cannot be written is a UserError saying so."""
    try:
        write_session(path, session)
    except OSError as err:
        blocking = next((p for p in Path(path).parents if p.exists() and not p.is_dir()), None)
        if blocking is not None:
            raise UserError(_("cannot save the game to {path}: {file} is a file, not a "
                              "folder").format(path=path, file=blocking)) from None
        raise UserError(_("cannot save the game to {path}: {reason}").format(
            path=path, reason=err.strerror or err)) from None


def check_replaceable(path: Path) -> None:
    """Refuse to start a game over a file that is not a forge save (nothing is written)."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        return
    if not path.is_file():
        raise UserError(_("{path} is not a file: choose another --game file").format(path=path))
    raw, data = _read_bytes(path), None
    try:
        data = load_json(raw.decode("utf-8-sig"), FILE)
    except ValueError:                  # not JSON (perhaps a save cut short)
        pass
    if not looks_like_save(raw, data):
        raise UserError(_("{path} is not a saved game; it was left as it is: choose another "
                          "--game file").format(path=path))


def keep_replaced(path: Path) -> Path | None:
    """Put a save that a new game is about to take the place of aside as `<name>.replaced-<time>`
    (None when there is none), so that starting a game never loses one."""
    path = Path(path)
    if not path.is_file():
        return None
    try:
        return keep_aside(path, "replaced")
    except OSError as err:
        raise UserError(_("{path} could not be kept aside before the new game: {error}").format(
            path=path, error=err.strerror or err)) from None


def read_session(path: Path, rules: Rules) -> Session:
    """Load a saved session; a damaged save is moved aside, never overwritten, and any other
    file is refused untouched."""
    path = Path(path)
    raw, data = _read_bytes(path), None
    try:
        data = load_json(raw.decode("utf-8-sig"), FILE)
        return Session.from_json(rules, data)
    except ForeignSave as err:
        raise UserError(_("{path} is a saved game this program cannot play ({reason}); it was "
                          "left as it is").format(path=path, reason=err)) from None
    except (UnicodeDecodeError, ParseError, SaveError) as err:
        reason = _reason(err)
        if not looks_like_save(raw, data):
            raise UserError(_("{path} is not a saved game ({reason}); it was left as it "
                              "is").format(path=path, reason=reason)) from None
        kept = _keep_damaged(path, reason)
        raise UserError(_("the saved game {path} cannot be used ({reason}); it was kept "
                          "unchanged as {kept}").format(path=path, reason=reason,
                                                         kept=kept)) from None


def looks_like_save(raw: bytes, data: object = None) -> bool:
    """Whether file contents are recognisably a forge save, perhaps damaged: JSON naming the
    save format, or text that names it or begins the way forge writes a save (cut short).

    `data`: the contents already read as JSON, if they could be."""
    if data is not None:
        return isinstance(data, dict) and data.get("format") == SAVE_FORMAT
    head = raw.lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"{") and (f'"{SAVE_FORMAT}"'.encode() in raw
                                      or bool(_SAVE_START.match(head)))


def _read_bytes(path: Path) -> bytes:
    """The file's bytes; UserError if there is none, it is not a file, or it is too large."""
    try:
        if not path.is_file():
            raise UserError(_("no saved game at {path} (start one with 'new')").format(
                path=path))
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise UserError(_("{path} is too large to be a saved game; it was left as it "
                              "is").format(path=path))
        return path.read_bytes()
    except OSError as err:
        raise UserError(_("cannot read {file}: {reason}").format(
            file=path, reason=err.strerror or err)) from None


def _keep_damaged(path: Path, reason: str) -> Path:
    try:
        return keep_aside(path)
    except OSError as err:
        raise UserError(_("the saved game {path} cannot be used ({reason}), and it could not "
                          "be kept aside: {error}").format(path=path, reason=reason,
                                                           error=err.strerror or err)) from None


def keep_aside(path: Path, why: str = "corrupt") -> Path:
    """Rename a save to a name that says why it was put aside (`corrupt`, `replaced`), keeping
    every byte of it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    number = 1
    while target.exists() or target.is_symlink():
        number += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{number}")
    os.replace(path, target)
    return target


def _reason(err: Exception) -> str:
    if isinstance(err, UnicodeDecodeError):
        return _("not UTF-8 text")
    if isinstance(err, ParseError):
        return err.translated(messages_translator())
    return str(err)
