"""Where commands write: an output folder is checked before any work, and what the system
refuses (a folder under a file, no permission, a read-only disk) is said in one line."""
from __future__ import annotations

import tempfile
from pathlib import Path

from forge.errors import UserError
from forge.i18n import messages_translator

_ = messages_translator()._


def reason(err: OSError) -> str:
    """Why the system refused, in its own words ('Permission denied')."""
    return err.strerror or str(err) or type(err).__name__


def os_problem(err: OSError) -> str:
    """What the system refused, in one line: the file and the reason."""
    if err.filename is None:
        return reason(err)
    return _("{path}: {reason}").format(path=err.filename, reason=reason(err))


def cannot_write(path: Path, err: OSError | str) -> UserError:
    """The error of an output that cannot be written."""
    why = err if isinstance(err, str) else reason(err)
    return UserError(_("cannot write to {path}: {reason}").format(path=path, reason=why))


def check_output_folder(folder: Path) -> None:
    """Check, before any work, that files can be written in `folder` or, when it does not exist
    yet, in the nearest folder above it that does (nothing is made or left behind)."""
    folder = Path(folder)
    try:
        for above in (folder, *folder.parents):
            if above.exists() or above.is_symlink():
                if not above.is_dir():
                    raise cannot_write(folder, _("{path} is not a folder").format(path=above))
                with tempfile.TemporaryFile(dir=above):
                    pass
                return
    except OSError as err:
        raise cannot_write(folder, err) from None
