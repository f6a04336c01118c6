"""Reading and writing files of a folder someone else made, without leaving it.

A game folder is downloaded and shared, so a file in it may be a link to somewhere else on the
user's disk, or far larger than any real content. Content is read through `read_inside`, which
refuses a file whose real place is outside the folder and stops at a size limit; files forge
writes in such a folder go through `write_atomic`, which never writes through a link: it writes
a new temporary file (created exclusively, so a planted link in its place is never followed)
and renames it over the target, which replaces a link rather than its target.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from forge.errors import UserError

MAX_CONTENT_BYTES = 4 * 1024 * 1024     # any one content file: the largest real one is 16 kB


class UnsafeFile(UserError):
    """A file forge will not read: outside its folder, not a regular file, or too large."""

    def __init__(self, path: Path, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def is_inside(path: Path, folder: Path) -> bool:
    """Whether `path`, links followed, lies in `folder` (links followed too)."""
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def check_inside(path: Path, folder: Path) -> None:
    """Refuse `path` when it, or a link on the way to it, leads out of `folder`."""
    if not is_inside(path, folder):
        raise UnsafeFile(path, f"leads outside {folder} (a link?); files a game reads "
                               f"must be inside its folder")


def read_inside(path: Path, folder: Path, limit: int = MAX_CONTENT_BYTES) -> bytes:
    """The bytes of a file in `folder`; UnsafeFile when it leads outside, is not a regular
    file, or is larger than `limit` (read no further than that)."""
    check_inside(path, folder)
    if not os.path.isfile(path):        # a pipe or device would block or never end
        raise UnsafeFile(path, "is not a regular file")
    try:
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as err:
        raise UnsafeFile(path, f"cannot be read ({err.strerror})") from None
    if len(data) > limit:
        raise UnsafeFile(path, f"is larger than {limit // 1024} kB, more than any content "
                               f"file needs")
    return data


def write_atomic(path: Path, data: bytes, mode: int | None = None,
                 sync_dir: bool = False) -> None:
    """Replace `path` with `data` all at once (temporary file, fsync, rename), never writing
    through a link that stands at `path` or at the temporary file's place; OSError when the
    disk or the folder refuses.

    `mode`: the new file's permissions (default: the old file's, or the usual ones);
    `sync_dir`: also make the rename durable at once (fsync of the folder)."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(handle, _mode_for(path) if mode is None else mode)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    if sync_dir:
        fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    """Make the folder's latest renames durable."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _mode_for(path: Path) -> int:
    """The permissions the new file takes: the old regular file's, or the usual ones."""
    try:
        info = os.lstat(path)
        if stat.S_ISREG(info.st_mode):
            return stat.S_IMODE(info.st_mode)
    except OSError:
        pass
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
