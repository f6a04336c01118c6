"""The render cache: a piece's faces are drawn once and replayed in later builds.

A face is recorded at the level of the reportlab canvas API: while its draw function runs on a
throwaway canvas, every top-level call it makes (method name and arguments) is kept, with the
calls on the text objects it gets from `beginText()`. Calls reportlab makes internally
(drawString calling beginText) are not recorded twice. Replaying calls the same methods with the
same arguments on the real canvas, so fonts, glyph subsets and resource names are assigned by
the document being written, exactly as if the face were drawn live: a PDF is byte-identical
whether its faces were drawn or replayed. (Raw PDF operators are never cached, except path
operators: with TrueType subsets, glyph codes and font names belong to one document.)

A recording is kept only if it is faithful: checked as any stored recording is (see
forge/piece_replay.py) and replayed into a second throwaway canvas, it must emit exactly the
operators the live drawing emitted. A face that fails (its draw function used something the
recorder does not see or the cache does not allow) is drawn live in every build, and reported
in `uncacheable`.

The cache file is not trusted. It is plain JSON (no pickle), at most MAX_FILE_BYTES, signed with
an HMAC-SHA256 under a secret key of the user's kept outside the build folder
(`$XDG_CACHE_HOME/forge/cache-key`): a file signed with another key, or not signed, is ignored
whole. Even a signed entry is checked before it is replayed; one that holds anything but the
drawing calls forge's makers make is a miss (the face is drawn live and recorded again). When
the key cannot be read or made, the build keeps its recordings in memory only.

What invalidates a face is its key (`piece_key`): a sha256 of
- the fingerprint of the code and files that draw (`fingerprint`): every forge/**/*.py, the
  program catalogs forge/locale/**, the templates (the repository's and the game's own), the
  font files (path and size) and the reportlab version;
- the print options that change art (bleed, ink; not backs, back offset, marks or board, which
  only move pieces on pages), the language, the paper, the game, the forge version;
- the component's entry in game.yaml (translated);
- the game's own fonts (game.yaml `fonts:`), by their registered names, which carry a digest of
  each file's bytes;
- the art files its faces place (`piece.pictures`: each file's digest and the ink it is drawn in);
- the piece's own `key` when its maker gives one (a narrow description of the piece's data);
  otherwise the piece's index in its component and every content file its maker declares it
  reads (`@maker(..., reads=(...))`: 'game', 'board', 'rules', 'sheets', 'atlas', 'manifest',
  'options').

A draw function must draw the same calls whatever the canvas's state (it is recorded on a fresh
canvas); every forge maker does.
"""
from __future__ import annotations

import hashlib
import hmac
import io
import json
import math
import os
import secrets
import stat
from functools import cache
from pathlib import Path
from typing import Any, Callable

import reportlab
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from forge.pictures import define as define_picture
from forge.places import TEMPLATE_DIR
from forge.safefs import write_atomic

from forge.piece_replay import Recording, Refused, checked, replay

FORMAT = 2                              # of the cache file; bump when recordings change shape
FORGE_DIR = Path(__file__).resolve().parent
IMPOSITION_OPTIONS = ("back_offset", "backs", "marks", "board")   # move art, never change it
KEY_PREFIX = "piece-sha256:"            # of final keys (a maker's own `key` is only an input)
MAX_FILE_BYTES = 64 * 1024 * 1024       # a kit's cache is about 2 MB
MAX_ENTRIES = 200_000
MAX_KEY = 200                           # characters of an entry's key
SECRET_BYTES = 32
HEADER = f"forge-piece-cache {FORMAT} hmac-sha256 ".encode()

_NOT_RECORDED = frozenset({"beginPath", "stringWidth", "absolutePosition", "getAvailableFonts",
                           "getPageNumber", "getCurrentPageContent", "getCursor", "getX", "getY",
                           "getStartOfLine", "getCode"})

# Canvas methods whose only effect is to append path operators that depend on nothing but their
# arguments and the fill mode: recorded as the operators they emit (no font or resource names in
# them, so they are the same in every document), which makes replaying them nearly free.
_LITERAL = frozenset({"line", "lines", "bezier", "arc", "rect", "ellipse", "wedge", "circle",
                      "roundRect", "drawPath", "clipPath"})


# --- recording ----------------------------------------------------------------------------------

class Unrecordable(Exception):
    """A draw function passed the canvas something the recorder cannot keep as plain data."""


class _Recorder:
    def __init__(self, canvas: Canvas):
        self.canvas = canvas
        self.fill_mode = canvas._fillMode
        self.ops: list = []
        self.depth = 0
        self.texts = 0
        self.failed: str | None = None

    def encode(self, value):
        """The stored (JSON) form of an argument."""
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, float):
            if not math.isfinite(value):
                raise Unrecordable(f"cannot record the number {value}")
            return value
        if isinstance(value, (list, tuple)):
            return [self.encode(v) for v in value]
        if type(value) is Color and set(vars(value)) == {"red", "green", "blue", "alpha"}:
            return {"color": [value.red, value.green, value.blue, value.alpha]}
        if isinstance(value, PDFTextObject) and getattr(value, "_forge_id", None) is not None:
            return {"text": value._forge_id}
        raise Unrecordable(f"cannot record an argument of type {type(value).__name__}")

    def add_literal(self, code: list[str]) -> None:
        if self.ops and self.ops[-1][1] is None:
            self.ops[-1][2].extend(code)
        else:
            self.ops.append([None, None, list(code), None])

    def add_call(self, target: int | None, name: str, args: tuple, kwargs: dict,
                 new_id: int | None) -> None:
        try:
            if kwargs:
                raise Unrecordable("cannot record keyword arguments")
            self.ops.append([target, name, self.encode(args), new_id])
        except Unrecordable as err:
            self.failed = self.failed or f"{name}: {err}"


def _wrap(name: str, original: Callable, on_text: bool) -> Callable:
    record_it = name not in _NOT_RECORDED
    literal = name in _LITERAL and not on_text

    def wrapper(self, *args, **kwargs):
        recorder = (self._canvas if on_text else self)._forge_recorder
        if recorder is None or recorder.depth:
            return original(self, *args, **kwargs)
        code = recorder.canvas._code
        before = len(code)
        recorder.depth += 1
        try:
            result = original(self, *args, **kwargs)
        finally:
            recorder.depth -= 1
        if not record_it:
            return result
        if literal and recorder.canvas._fillMode == recorder.fill_mode \
                and code is recorder.canvas._code:
            recorder.add_literal(code[before:])
            return result
        new_id = None
        if isinstance(result, PDFTextObject) and name == "beginText" and not on_text:
            new_id = recorder.texts
            recorder.texts += 1
            result.__class__ = _RecordingText
            result._forge_id = new_id
        recorder.add_call(self._forge_id if on_text else None, name, args, kwargs, new_id)
        return result

    wrapper.__name__ = name
    return wrapper


def _methods(cls) -> dict[str, Callable]:
    found = {}
    for klass in reversed(cls.__mro__[:-1]):           # object last: skip it
        for name, value in vars(klass).items():
            if callable(value) and not name.startswith("__") and not isinstance(value, type):
                found[name] = value
    return found


class _RecordingCanvas(Canvas):
    _forge_recorder: _Recorder | None = None


class _RecordingText(PDFTextObject):
    _forge_id: int | None = None


for _name, _method in _methods(Canvas).items():
    if not isinstance(vars(Canvas).get(_name), (staticmethod, classmethod)):
        setattr(_RecordingCanvas, _name, _wrap(_name, _method, on_text=False))
for _name, _method in _methods(PDFTextObject).items():
    setattr(_RecordingText, _name, _wrap(_name, _method, on_text=True))


def canvas_settings() -> dict:
    """How write_pdf makes its canvas (reproducible, compressed, no unembedded Helvetica): the
    throwaway canvases faces are recorded on are made the same way, so they start in its state."""
    from forge.fonts import SANS, register_fonts

    register_fonts()
    return {"invariant": 1, "pageCompression": 1, "initialFontName": SANS}


def fresh_canvas(cls=Canvas) -> Canvas:
    """A throwaway canvas in the state write_pdf's canvas has when a face is drawn."""
    return cls(io.BytesIO(), **canvas_settings())


def record(draw: Callable) -> tuple[list | None, list[str], str | None]:
    """Draw on a fresh canvas, recording: (stored recording or None, operators emitted, why
    not)."""
    canvas = fresh_canvas(_RecordingCanvas)
    recorder = _Recorder(canvas)
    canvas._forge_recorder = recorder
    start = len(canvas._code)
    draw(canvas)
    canvas._forge_recorder = None
    if recorder.failed:
        return None, canvas._code[start:], recorder.failed
    return recorder.ops, canvas._code[start:], None


def faithful_recording(draw: Callable, pictures: tuple = ()
                       ) -> tuple[list | None, Recording | None, str | None]:
    """A recording of `draw` checked against the live drawing: (its stored form, its checked
    form, None), or (None, None, the reason it is not kept). `pictures`: the art files the face
    places (forge.pictures), defined in the canvas the replay is checked on."""
    stored, live, why = record(draw)
    if stored is None:
        return None, None, why
    try:
        recording = checked(stored)
    except Refused as err:
        return None, None, f"not allowed in the cache: {err}"
    check = fresh_canvas()
    for picture in pictures:
        define_picture(check, picture)
    start = len(check._code)
    try:
        replay(check, recording)
    except Refused as err:
        return None, None, f"replaying it was refused: {err}"
    if check._code[start:] != live:
        return None, None, "replaying does not give the operators drawing gave"
    return stored, recording, None


# --- the cache ----------------------------------------------------------------------------------

class PieceCache:
    """Recordings of faces by key, loaded from and saved to one signed file (or kept in memory
    only: without a path, or when the user's cache key is not available)."""

    def __init__(self, path: Path | None = None, secret: bytes | None = None):
        self.path = Path(path) if path is not None else None
        self.secret = secret if secret is not None or self.path is None else user_secret()
        if self.secret is None:
            self.path = None                # no key: nothing is read, nothing is saved
        self.entries: dict[str, list | None] = {}       # stored forms; None: not cacheable
        self.used: set[str] = set()
        self.rendered: list[str] = []       # keys drawn live in this build
        self.replayed = 0                   # faces replayed from a recording
        self.uncacheable: dict[str, str] = {}   # key -> why its recording is not faithful
        self.refused: dict[str, str] = {}   # key -> why its stored recording was not replayed
        self._ready: dict[str, Recording | None] = {}   # checked recordings by key
        if self.path is not None:
            self.entries = _load(self.path, self.secret)
        self._changed = False               # whether entries differ from the file's

    def draw(self, canvas: Canvas, key: str | None, draw: Callable, pictures: tuple = ()) -> None:
        """Draw a face on `canvas`: replayed when its key is known, else drawn and recorded.
        `pictures`: the art files the face places, already defined in `canvas`'s document."""
        if key is None:
            draw(canvas)
            return
        self.used.add(key)
        if self._known(key):
            recording = self._ready[key]
            if recording is not None and _replayed(canvas, recording):
                self.replayed += 1
                return
            if recording is not None:       # checked, yet reportlab refused it: drawn live
                self.refused[key] = "replaying it failed"
                self._forget(key)
            self.rendered.append(key)
            draw(canvas)
            return
        self.rendered.append(key)
        stored, recording, why = faithful_recording(draw, pictures)
        self.entries[key] = stored
        self._changed = True
        self._ready[key] = recording
        if recording is None:
            self.uncacheable[key] = why or "?"
            draw(canvas)
        else:
            replay(canvas, recording)

    def _known(self, key: str) -> bool:
        """Whether `key` has a checked recording (or is known not cacheable); a stored entry is
        checked on first use, and forgotten when it is refused."""
        if key in self._ready:
            return True
        if key not in self.entries:
            return False
        stored = self.entries[key]
        try:
            self._ready[key] = None if stored is None else checked(stored)
        except Refused as err:
            self.refused[key] = str(err)
            self._forget(key)
            return False
        return True

    def _forget(self, key: str) -> None:
        """Drop a stored entry found bad: the next build records the face again."""
        self.entries.pop(key, None)
        self._ready.pop(key, None)
        self._changed = True

    def save(self) -> bool:
        """Write the entries used since loading (the others are stale) atomically; False when
        the file cannot be written (a cache that cannot be saved only makes the next build
        slower, it never fails this one)."""
        if self.path is None:
            return False
        if not self._changed and self.used == set(self.entries):
            return True                     # the file holds exactly these entries already
        keep = {k: v for k, v in self.entries.items() if k in self.used}
        payload = json.dumps({"format": FORMAT, "reportlab": reportlab.Version, "entries": keep},
                             separators=(",", ":"), check_circular=False).encode("ascii")
        if len(payload) > MAX_FILE_BYTES:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, HEADER + _signature(self.secret, payload) + b"\n" + payload,
                         mode=0o600)
        except OSError:
            return False
        self.entries = keep
        self._changed = False
        return True


def _replayed(canvas: Canvas, recording: Recording) -> bool:
    """Replay a checked recording; should reportlab still raise (`checked` allows only calls
    it takes), undo what the replay did to the canvas's content and state and say False."""
    mark, depth = len(canvas._code), len(canvas.state_stack)
    state = {name: canvas.__dict__[name] for name in canvas.STATE_ATTRIBUTES}
    try:
        replay(canvas, recording)
    except Exception:                   # noqa: BLE001 - any failure: the face is drawn live
        del canvas._code[mark:]
        del canvas.state_stack[depth:]
        canvas.__dict__.update(state)
        return False
    return True


def _signature(secret: bytes, payload: bytes) -> bytes:
    return hmac.new(secret, payload, hashlib.sha256).hexdigest().encode("ascii")


def _load(path: Path, secret: bytes) -> dict:
    """The entries of a cache file; empty when it is missing, too large, not signed with the
    user's key, corrupt or of another version."""
    try:
        data = _read_regular(path, MAX_FILE_BYTES)
    except OSError:
        return {}
    header, newline, payload = data.partition(b"\n")
    if not newline or not hmac.compare_digest(header, HEADER + _signature(secret, payload)):
        return {}
    try:
        content = json.loads(payload)
    except (ValueError, RecursionError):
        return {}
    if (type(content) is not dict or content.get("format") != FORMAT
            or content.get("reportlab") != reportlab.Version
            or type(content.get("entries")) is not dict
            or len(content["entries"]) > MAX_ENTRIES):
        return {}
    return {k: v for k, v in content["entries"].items()
            if len(k) <= MAX_KEY and (v is None or type(v) is list)}


def _read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, not through a link (OSError when it
    is anything else: a link, a folder, a pipe, a device, too large)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    handle = os.open(path, flags)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            raise OSError(f"{path}: not a regular file of at most {limit} bytes")
        with os.fdopen(os.dup(handle), "rb") as file:
            data = file.read(limit + 1)
    finally:
        os.close(handle)
    if len(data) > limit:
        raise OSError(f"{path}: larger than {limit} bytes")
    return data


def cache_path(out_dir: Path, game_id: str, lang: str, paper: str) -> Path:
    """Where the cache of one kit lives: beside the kits, not inside the kit folder."""
    return Path(out_dir) / ".cache" / f"{game_id}-{lang}-{paper}.json"


# --- the user's key -----------------------------------------------------------------------------

def secret_path() -> Path:
    """Where the user's render-cache key lives: outside every build folder."""
    from forge.places import user_cache_dir

    return user_cache_dir() / "cache-key"


def user_secret() -> bytes | None:
    """The user's render-cache key, made (private, never through a link) on first use; None
    when it cannot be made or read safely, which turns the cache file off."""
    try:
        path = secret_path()
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except (OSError, RuntimeError, NotImplementedError, AttributeError):
        return None
    try:
        return _secret_in(folder, path.name)
    except (OSError, NotImplementedError, ValueError):
        return None
    finally:
        os.close(folder)


def _secret_in(folder: int, name: str) -> bytes:
    try:
        return _read_secret(folder, name)
    except FileNotFoundError:
        pass
    try:
        handle = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600,
                         dir_fd=folder)
    except FileExistsError:             # another build made it just now
        return _read_secret(folder, name)
    secret = secrets.token_bytes(SECRET_BYTES)
    with os.fdopen(handle, "wb") as out:
        out.write(secret)
    return secret


def _read_secret(folder: int, name: str) -> bytes:
    """The key file's bytes, if it is a regular file of the user's that only they can read."""
    handle = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    try:
        info = os.fstat(handle)
        if (not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid()
                or info.st_mode & 0o077 or info.st_size != SECRET_BYTES):
            raise ValueError("the render-cache key is not a private file of its owner's")
        secret = os.read(handle, SECRET_BYTES + 1)
    finally:
        os.close(handle)
    if len(secret) != SECRET_BYTES:
        raise ValueError("the render-cache key has the wrong length")
    return secret


# --- keys ---------------------------------------------------------------------------------------

def _tree_files(folder: Path, pattern: str = "**/*") -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(pattern) if p.is_file() and "__pycache__" not in p.parts)


def _hash_files(digest, files: list[Path], root: Path) -> None:
    for file in files:
        digest.update(str(file.relative_to(root)).encode() + b"\0")
        digest.update(file.read_bytes())
        digest.update(b"\0")


@cache
def _code_fingerprint() -> str:
    """Forge's own drawing inputs: its code, catalogs, templates, fonts; once per process."""
    from forge.fonts import FONT_FILES, font_path

    digest = hashlib.sha256(f"forge-piece-cache {FORMAT} {reportlab.Version}\n".encode())
    _hash_files(digest, _tree_files(FORGE_DIR, "**/*.py"), FORGE_DIR)
    _hash_files(digest, _tree_files(FORGE_DIR / "locale"), FORGE_DIR)
    _hash_files(digest, _tree_files(TEMPLATE_DIR), TEMPLATE_DIR.parent)
    for name, file in sorted(FONT_FILES.items()):
        path = font_path(name)
        size = path.stat().st_size if path.is_file() else -1
        digest.update(f"font {name} {file} {size}\n".encode())
    return digest.hexdigest()


@cache
def _folder_fingerprint(folder: Path, signature: tuple) -> str:
    digest = hashlib.sha256()
    _hash_files(digest, _tree_files(folder), folder)
    return digest.hexdigest()


def fingerprint(*folders: Path | None) -> str:
    """A sha256 of the source that affects drawing: forge's (computed once per process) and the
    `templates/` of each game folder given (re-read only when a file there changes)."""
    digest = hashlib.sha256(_code_fingerprint().encode())
    for folder in folders:
        if folder is None:
            continue
        templates = Path(folder) / "templates"
        files = _tree_files(templates)
        signature = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)
        digest.update(_folder_fingerprint(templates, signature).encode())
    return digest.hexdigest()


def _plain(value):
    """JSON-safe form of content values (tuples, paths, dates, non-string keys)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def canonical(value) -> str:
    """Canonical JSON of a value: equal values give equal text."""
    return json.dumps(_plain(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _digest(value) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()


def piece_key(piece, spec: dict, ctx, reads: tuple[str, ...], index: int) -> str:
    """The cache key of a piece: changes whenever anything its faces depend on changes."""
    options = {k: v for k, v in ctx.options.describe().items() if k not in IMPOSITION_OPTIONS}
    parts: dict[str, Any] = {
        "fingerprint": fingerprint(ctx.folder), "options": options, "lang": ctx.lang,
        "paper": ctx.paper, "paper_size": list(ctx.paper_size), "game": ctx.game_id,
        "version": ctx.version, "large_board": ctx.large_board,
        "component": canonical(spec), "kind": piece.kind, "trim": list(piece.trim),
        "bleed": piece.bleed,
    }
    if ctx.fonts:       # each reportlab name carries a digest of its file: a changed file, a new key
        parts["fonts"] = dict(ctx.fonts)
    if piece.pictures:  # art files by their digests (and inks): a changed file, a new key
        parts["pictures"] = [picture.key() for picture in piece.pictures]
    if piece.key is not None:
        parts["piece"] = canonical(piece.key)
    else:
        parts["index"] = index
        for name in sorted(reads):
            if name == "manifest":
                parts["read:manifest"] = _digest([ctx.manifest, ctx.print_plan])
            elif name == "options":
                parts["read:options"] = canonical(ctx.options.describe())
            else:
                parts[f"read:{name}"] = _digest(ctx.data.get(name))
    return KEY_PREFIX + hashlib.sha256(canonical(parts).encode()).hexdigest()
