"""Page images of a kit (pypdfium2), for a look without a PDF viewer, and a live preview that
keeps them up to date while a designer edits the game's files (`forge preview --watch`).

The live preview polls modification times (no watcher library: the same on every system), waits
until a burst of writes is over (editors save in several steps), rebuilds the kit (pieces that
did not change are replayed from the render cache) and writes again only the images of pages
that changed: a page whose drawing (its content stream and everything its resources hold) is the
same as before is not even rendered, and a page rendered anew is written only when its pixels
differ (a font subset that grew changes every page using it, not how they look).
"""
from __future__ import annotations

import hashlib
import io
import os
import shutil
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pypdfium2
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from forge.errors import UserError
from forge.games import GameSource
from forge.kit import build_kit, kit_folder
from forge.output import os_problem
from forge.printing import PrintOptions
from forge.safefs import write_atomic

POLL_SECONDS = 0.2          # between two looks at the game's folder
SETTLE_SECONDS = 0.08       # a change is taken once the folder stays the same this long
SETTLE_ROUNDS = 12          # a file written without pause is taken after this many looks
PAGE_KEYS = ("/MediaBox", "/CropBox", "/Rotate", "/Resources", "/Contents")


# --- page images --------------------------------------------------------------------------------

def png_name(pdf: Path, index: int) -> str:
    """The image file of a PDF's page (index from 0)."""
    return f"{pdf.stem}-{index + 1:03d}.png"


@dataclass(frozen=True)
class _Shown:
    """What an image on disk shows: the page's drawing digest and its pixels' digest."""

    drawing: str
    pixels: str


class PageImages:
    """The PNG images of a kit's pages in one folder, written again only for pages that changed.

    Images of pages that no longer exist, and PNG files this object did not write, are removed
    at each update."""

    def __init__(self, folder: Path, dpi: int):
        self.folder = Path(folder)
        self.dpi = dpi
        self.shown: dict[str, _Shown] = {}

    def update(self, pdfs: list[Path]) -> list[Path]:
        """Bring the folder up to date with the pages of `pdfs`; the images written."""
        self.folder.mkdir(parents=True, exist_ok=True)
        shown: dict[str, _Shown] = {}
        written = []
        for pdf_path in pdfs:
            document = pypdfium2.PdfDocument(str(pdf_path))
            try:
                for index, drawing in enumerate(page_drawings(pdf_path)):
                    name = png_name(pdf_path, index)
                    shown[name], changed = self._page(document, index, name, drawing)
                    if changed:
                        written.append(self.folder / name)
            finally:
                document.close()
        self.shown = shown
        self._remove_others()
        return written

    def _page(self, document, index: int, name: str, drawing: str) -> tuple[_Shown, bool]:
        """What the image of one page shows, and whether it was written now."""
        before = self.shown.get(name)
        on_disk = (self.folder / name).is_file()
        if before is not None and before.drawing == drawing and on_disk:
            return before, False
        image = document[index].render(scale=self.dpi / 72).to_pil()
        pixels = hashlib.sha256(f"{image.mode} {image.size}".encode() + image.tobytes())
        now = _Shown(drawing, pixels.hexdigest())
        if before is not None and before.pixels == now.pixels and on_disk:
            return now, False
        data = io.BytesIO()
        image.save(data, format="PNG")
        write_atomic(self.folder / name, data.getvalue())
        return now, True

    def _remove_others(self) -> None:
        for path in self.folder.glob("*.png"):
            if path.name not in self.shown:
                path.unlink(missing_ok=True)


def page_drawings(pdf_path: Path) -> list[str]:
    """A digest of each page's drawing: its boxes, content stream and everything its resources
    reach (fonts, forms, images), so equal digests draw equal pages."""
    digests = _Digests()
    result = []
    for page in PdfReader(pdf_path).pages:
        digest = hashlib.sha256()
        for key in PAGE_KEYS:
            if key in page:
                digest.update(key.encode() + digests.of(page.raw_get(key)))
        result.append(digest.hexdigest())
    return result


class _Digests:
    """Digests of the values of one PDF, each object's computed once (fonts and forms are
    shared by many pages)."""

    def __init__(self):
        self.objects: dict[int, bytes] = {}

    def of(self, value) -> bytes:
        """The digest of a PDF value, references followed."""
        if isinstance(value, IndirectObject):
            if value.idnum not in self.objects:
                self.objects[value.idnum] = b"cycle"    # while its own parts are digested
                self.objects[value.idnum] = self.of(value.get_object())
            return self.objects[value.idnum]
        digest = hashlib.sha256()
        if isinstance(value, DictionaryObject):
            for key in sorted(value):
                digest.update(str(key).encode() + self.of(value.raw_get(key)))
            if isinstance(value, StreamObject):
                digest.update(b"stream" + _stored_bytes(value))
        elif isinstance(value, ArrayObject):
            for item in value:
                digest.update(self.of(item))
        else:
            return repr(value).encode() + b" "
        return type(value).__name__.encode() + digest.digest()


def _stored_bytes(stream) -> bytes:
    """A stream's bytes as the file stores them: equal stored bytes decode to equal data, and
    decoding (ASCII85 runs in pure Python) would cost more than all the rest."""
    stored = getattr(stream, "_data", None)     # pypdf keeps them there; no public name
    return stored if isinstance(stored, bytes) else stream.get_data()


# --- watching a folder --------------------------------------------------------------------------

def file_states(folder: Path, ignore: tuple[Path, ...] = ()) -> dict[str, tuple[int, int]]:
    """The modification time and size of every file below `folder`, by path relative to it.

    Hidden files and folders (a name starting with '.') and editors' backups (ending in '~')
    are left out, and so are the folders in `ignore`. A link is followed only to a file inside
    `folder`: a link leading out of it is seen as the link itself, and a link to a folder is
    never entered."""
    root = Path(folder).resolve()
    skipped = {Path(p).resolve() for p in ignore}
    states: dict[str, tuple[int, int]] = {}
    _scan(root, root, skipped, states)
    return states


def _scan(root: Path, folder: Path, skipped: set[Path], states: dict) -> None:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return                          # removed or unreadable while looking: seen next time
    for entry in entries:
        if entry.name.startswith(".") or entry.name.endswith("~"):
            continue
        path = Path(entry.path)
        try:
            if entry.is_dir(follow_symlinks=False):
                if path not in skipped:
                    _scan(root, path, skipped, states)
                continue
            info = _file_info(root, path, entry)
        except OSError:
            continue
        if info is not None:
            states[path.relative_to(root).as_posix()] = (info.st_mtime_ns, info.st_size)


def _file_info(root: Path, path: Path, entry: os.DirEntry) -> os.stat_result | None:
    """The state of a file, of a link's target inside `root`, or of a link itself."""
    if not entry.is_symlink():
        return entry.stat(follow_symlinks=False)
    target = path.resolve()
    if target.is_relative_to(root) and target.is_file():
        return target.stat()
    if target.is_dir():
        return None
    return entry.stat(follow_symlinks=False)


def differences(before: dict, after: dict) -> tuple[str, ...]:
    """The files added, removed or changed between two `file_states`, sorted."""
    return tuple(sorted(name for name in before.keys() | after.keys()
                        if before.get(name) != after.get(name)))


class Watcher:
    """Notices files added, removed or changed below a folder, by polling their modification
    times and sizes (see file_states)."""

    def __init__(self, folder: Path, ignore: tuple[Path, ...] = (),
                 settle: float = SETTLE_SECONDS):
        self.folder = Path(folder)
        self.ignore = tuple(ignore)
        self.settle = settle
        self.states = self._look()

    def _look(self) -> dict[str, tuple[int, int]]:
        return file_states(self.folder, self.ignore)

    def poll_once(self) -> tuple[str, ...]:
        """The files changed since the last poll, once writing has settled; () when none."""
        states = self._look()
        if states == self.states:
            return ()
        states = self._settled(states)
        changed = differences(self.states, states)
        self.states = states
        return changed

    def _settled(self, states: dict) -> dict:
        """The folder's states once they stay the same for `settle` seconds (an editor may
        truncate a file, then write it, then rename a backup)."""
        for _round in range(SETTLE_ROUNDS):
            time.sleep(self.settle)
            again = self._look()
            if again == states:
                break
            states = again
        return states

    def run(self, on_change: Callable[[tuple[str, ...]], object],
            stop: threading.Event | None = None, interval: float = POLL_SECONDS) -> None:
        """Call `on_change` with the files changed, each time some change, until `stop` is set
        (or forever)."""
        stop = stop or threading.Event()
        while not stop.is_set():
            changed = self.poll_once()
            if changed:
                on_change(changed)
            else:
                stop.wait(interval)


# --- the live preview ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Update:
    """One build of a live preview: the files that changed, the images written, the time it
    took, and the error that stopped it (then the images are those of the last good build);
    `first`: the first good build, which writes every image."""

    changed: tuple[str, ...]
    written: tuple[Path, ...]
    seconds: float
    error: UserError | None = None
    first: bool = False
    untranslated: int = 0       # draft builds: texts of the catalogs not yet in step


class LivePreview:
    """One kit of a game and the images of its pages, brought up to date on each `update`."""

    def __init__(self, source: GameSource, lang: str, paper: str, out_dir: Path,
                 options: PrintOptions = PrintOptions(), dpi: int = 60, draft: bool = False,
                 only: tuple[str, ...] = ()):
        self.source = source
        self.only = tuple(only)     # components or families: a partial kit (forge.kit)
        self.draft = draft          # texts not yet in the catalogs print in English
        self.untranslated = 0
        self.lang = lang
        self.paper = paper
        self.out_dir = Path(out_dir)
        self.options = options
        kit = kit_folder(self.out_dir, source.id, lang, paper, self.only)
        self.images = PageImages(kit / "preview", dpi)
        self.outputs = (self.out_dir, kit)  # what builds write, to leave out of watching

    @property
    def folder(self) -> Path:
        """The folder of the images."""
        return self.images.folder

    def build(self) -> list[Path]:
        """Build the kit and write the images of its changed pages (all of them the first
        time); the images written. UserError when the game or the kit cannot be made."""
        game = self.source.load(check_catalogs=not self.draft)
        if self.draft:
            self.untranslated = len(catalog_problems(game))
        with kept_through_build(self.images.folder):
            result = build_kit(game, self.lang, self.paper, self.out_dir, self.options,
                               strict=not self.draft, only=self.only)
        return self.images.update(kit_pdfs(result.folder, result.files, result.pdf))

    def update(self, changed: tuple[str, ...] = ()) -> Update:
        """Build as `build` does, timed; an error is returned, not raised."""
        started = time.perf_counter()
        first = not self.images.shown
        try:
            written = self.build()
        except UserError as err:
            return Update(changed, (), time.perf_counter() - started, err)
        except OSError as err:
            return Update(changed, (), time.perf_counter() - started, UserError(os_problem(err)))
        return Update(changed, tuple(written), time.perf_counter() - started, first=first,
                      untranslated=self.untranslated)


def catalog_problems(game) -> list:
    """What the game's catalogs lack or hold too many of (a strict load would refuse them)."""
    from forge import i18n

    return i18n.check_game_catalogs(game.folder, game.id, list(game.texts), list(game.languages))


def kit_pdfs(folder: Path, files: tuple[str, ...], kit_pdf: str = "kit.pdf") -> list[Path]:
    """The PDFs a preview shows: kit.pdf (or a partial kit's), then the board on one large
    page if there is one."""
    return [folder / kit_pdf] + [folder / f for f in files
                                 if f.startswith("board-") and f.endswith(".pdf")]


@contextmanager
def kept_through_build(folder: Path) -> Iterator[None]:
    """Keep `folder` through a build of the kit folder holding it (a build replaces the kit
    folder whole): a copy made of hard links waits beside the kit and takes the folder's place
    if the build removed it, so its files are gone only for the moment of the swap."""
    aside = folder.parent.with_name(f".{folder.parent.name}.{folder.name}")
    shutil.rmtree(aside, ignore_errors=True)
    if folder.is_dir():
        shutil.copytree(folder, aside, copy_function=_link_or_copy)
    try:
        yield
    finally:
        if aside.is_dir() and not folder.is_dir():
            folder.parent.mkdir(parents=True, exist_ok=True)
            aside.rename(folder)
        shutil.rmtree(aside, ignore_errors=True)


def _link_or_copy(source: str, target: str) -> None:
    """A hard link where the file system makes them, a copy elsewhere."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
