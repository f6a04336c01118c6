"""The render cache: a piece's faces are drawn once and replayed in later builds.

A face is recorded at the level of the reportlab canvas API: while its draw function runs on a
throwaway canvas, every top-level call it makes (method name and arguments) is kept, with the
calls on the text objects it gets from `beginText()` and the code of the path objects it hands to
`drawPath`/`clipPath`. Calls reportlab makes internally (drawString calling beginText) are not
recorded twice. Replaying calls the same methods with the same arguments on the real canvas, so
fonts, glyph subsets and resource names are assigned by the document being written, exactly as if
the face were drawn live: a PDF is byte-identical whether its faces were drawn or replayed. (Raw
PDF operators are never cached: with TrueType subsets, glyph codes and font names belong to one
document.)

A recording is kept only if it is faithful: replayed into a second throwaway canvas it must emit
exactly the operators the live drawing emitted. A face that fails (its draw function used
something the recorder does not see) is drawn live in every build, and reported in `uncacheable`.

What invalidates a face is its key (`piece_key`): a sha256 of
- the fingerprint of the code and files that draw (`fingerprint`): every forge/**/*.py, the
  program catalogs forge/locale/**, the templates (the repository's and the game's own), the
  font files (path and size) and the reportlab version;
- the print options that change art (bleed, ink; not backs, back offset, marks or board, which
  only move pieces on pages), the language, the paper, the game, the forge version;
- the component's entry in game.yaml (translated);
- the piece's own `key` when its maker gives one (a narrow description of the piece's data);
  otherwise the piece's index in its component and every content file its maker declares it
  reads (`@maker(..., reads=(...))`: 'game', 'board', 'rules', 'sheets', 'atlas', 'manifest',
  'options').

A draw function must draw the same calls whatever the canvas's state (it is recorded on a fresh
canvas); every forge maker does.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import tempfile
from functools import cache
from pathlib import Path
from typing import Any, Callable

import reportlab
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

FORMAT = 1                              # of the cache file; bump when recordings change shape
FORGE_DIR = Path(__file__).resolve().parent
REPO_TEMPLATES = FORGE_DIR.parent / "templates"
IMPOSITION_OPTIONS = ("back_offset", "backs", "marks", "board")   # move art, never change it
KEY_PREFIX = "piece-sha256:"            # of final keys (a maker's own `key` is only an input)

_PATH = "\x00path"                      # tags of the two non-plain argument kinds
_TEXT = "\x00text"
_NOT_RECORDED = frozenset({"beginPath", "stringWidth", "absolutePosition", "getAvailableFonts",
                           "getPageNumber", "getCurrentPageContent", "getCursor", "getX", "getY",
                           "getStartOfLine", "getCode"})

# Canvas methods whose only effect is to append path operators that depend on nothing but their
# arguments and the fill mode: recorded as the operators they emit (no font or resource names in
# them, so they are the same in every document), which makes replaying them nearly free.
_LITERAL = frozenset({"line", "lines", "bezier", "arc", "rect", "ellipse", "wedge", "circle",
                      "roundRect", "drawPath", "clipPath"})

Recording = tuple   # of ops: (target: text object id or None for the canvas, method (None: the
# operators in `args` are appended as they are), args, kwargs or None, id of the text object the
# call returns or None, whether args hold path or text objects to decode)


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
        self.tagged = False         # whether the value last encoded holds a path or text object

    def encode(self, value):
        if value is None or isinstance(value, (bool, int, float, str, bytes)):
            return value
        if isinstance(value, (list, tuple)):
            items = [self.encode(v) for v in value]
            return items if isinstance(value, list) else tuple(items)
        if isinstance(value, dict):
            return {k: self.encode(v) for k, v in value.items()}
        if isinstance(value, Color):
            return value            # plain, picklable value objects
        if isinstance(value, PDFPathObject):
            self.tagged = True
            return (_PATH, tuple(value._code), getattr(value, "_fillMode", None))
        if isinstance(value, PDFTextObject) and getattr(value, "_forge_id", None) is not None:
            self.tagged = True
            return (_TEXT, value._forge_id)
        raise Unrecordable(f"cannot record an argument of type {type(value).__name__}")

    def add_literal(self, code: list[str]) -> None:
        if self.ops and self.ops[-1][1] is None:
            last = self.ops[-1]
            self.ops[-1] = (None, None, last[2] + tuple(code), None, None, False)
        else:
            self.ops.append((None, None, tuple(code), None, None, False))


def _wrap(name: str, original: Callable, on_text: bool) -> Callable:
    record = name not in _NOT_RECORDED
    literal = name in _LITERAL and not on_text

    def wrapper(self, *args, **kwargs):
        recorder = (self._canvas if on_text else self)._forge_recorder
        if recorder is None or recorder.depth:
            return original(self, *args, **kwargs)
        record_this = record
        if record:
            recorder.tagged = False
            try:
                op_args = recorder.encode(args)
                op_kwargs = recorder.encode(kwargs) or None
            except Unrecordable as err:
                recorder.failed = recorder.failed or f"{name}: {err}"
                record_this = False
        code = recorder.canvas._code
        before = len(code)
        recorder.depth += 1
        try:
            result = original(self, *args, **kwargs)
        finally:
            recorder.depth -= 1
        if record_this and literal and recorder.canvas._fillMode == recorder.fill_mode \
                and code is recorder.canvas._code:
            recorder.add_literal(code[before:])
            return result
        new_id = None
        if isinstance(result, PDFTextObject) and name == "beginText" and not on_text:
            new_id = recorder.texts
            recorder.texts += 1
            result.__class__ = _RecordingText
            result._forge_id = new_id
        if record_this:
            recorder.ops.append((self._forge_id if on_text else None, name, op_args, op_kwargs,
                                 new_id, recorder.tagged))
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


def record(draw: Callable) -> tuple[Recording | None, list[str], str | None]:
    """Draw on a fresh canvas, recording: (recording or None, operators emitted, why not)."""
    canvas = fresh_canvas(_RecordingCanvas)
    recorder = _Recorder(canvas)
    canvas._forge_recorder = recorder
    start = len(canvas._code)
    draw(canvas)
    canvas._forge_recorder = None
    if recorder.failed:
        return None, canvas._code[start:], recorder.failed
    return tuple(recorder.ops), canvas._code[start:], None


def replay(canvas: Canvas, recording: Recording) -> None:
    """Make the recorded calls on `canvas`."""
    texts: dict[int, Any] = {}

    def decode(value):
        if isinstance(value, tuple):
            if value and value[0] == _PATH:
                path = PDFPathObject()
                path._code = list(value[1])
                if value[2] is not None:
                    path._fillMode = value[2]
                return path
            if value and value[0] == _TEXT:
                return texts[value[1]]
            return tuple(decode(v) for v in value)
        if isinstance(value, list):
            return [decode(v) for v in value]
        if isinstance(value, dict):
            return {k: decode(v) for k, v in value.items()}
        return value

    for target, method, args, kwargs, new_id, tagged in recording:
        if method is None:
            canvas._code.extend(args)
            continue
        function = getattr(canvas if target is None else texts[target], method)
        if tagged:
            args, kwargs = decode(args), decode(kwargs)
        result = function(*args, **kwargs) if kwargs else function(*args)
        if new_id is not None:
            texts[new_id] = result


def faithful_recording(draw: Callable) -> tuple[Recording | None, str | None]:
    """A recording of `draw` checked against the live drawing, or (None, the reason)."""
    recording, live, why = record(draw)
    if recording is None:
        return None, why
    check = fresh_canvas()
    start = len(check._code)
    replay(check, recording)
    if check._code[start:] != live:
        return None, "replaying does not give the operators drawing gave"
    try:
        pickle.dumps(recording)
    except Exception as err:        # noqa: BLE001 - any pickling failure means: not cacheable
        return None, f"not picklable: {err}"
    return recording, None


# --- the cache ----------------------------------------------------------------------------------

class PieceCache:
    """Recordings of faces by key, loaded from and saved to one file (or kept in memory only)."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path is not None else None
        self.entries: dict[str, Recording | None] = {}   # None: known not cacheable
        self.used: set[str] = set()
        self.rendered: list[str] = []       # keys drawn live in this build
        self.replayed = 0                   # faces replayed from a recording
        self.uncacheable: dict[str, str] = {}   # key -> why its recording is not faithful
        if self.path is not None:
            self.entries = _load(self.path)

    def draw(self, canvas: Canvas, key: str | None, draw: Callable) -> None:
        """Draw a face on `canvas`: replayed when its key is known, else drawn and recorded."""
        if key is None:
            draw(canvas)
            return
        self.used.add(key)
        if key in self.entries:
            recording = self.entries[key]
            if recording is not None:
                replay(canvas, recording)
                self.replayed += 1
                return
            self.rendered.append(key)
            draw(canvas)
            return
        self.rendered.append(key)
        recording, why = faithful_recording(draw)
        self.entries[key] = recording
        if recording is None:
            self.uncacheable[key] = why or "?"
            draw(canvas)
        else:
            replay(canvas, recording)

    def save(self) -> bool:
        """Write the entries used since loading (the others are stale) atomically; False when
        the file cannot be written (a cache that cannot be saved only makes the next build
        slower, it never fails this one)."""
        if self.path is None:
            return False
        keep = {k: v for k, v in self.entries.items() if k in self.used}
        payload = {"format": FORMAT, "reportlab": reportlab.Version, "entries": keep}
        temporary = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=f".{self.path.name}-",
                                                 dir=self.path.parent)
            with os.fdopen(handle, "wb") as out:
                pickle.dump(payload, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, self.path)
        except OSError:
            if temporary is not None:
                Path(temporary).unlink(missing_ok=True)
            return False
        return True


class _PlainUnpickler(pickle.Unpickler):
    """Loads plain data and reportlab colours only: a planted cache file cannot run code."""

    COLORS = ("Color", "CMYKColor", "PCMYKColor", "CMYKColorSep", "PCMYKColorSep")

    def find_class(self, module, name):
        if module == "reportlab.lib.colors" and name in self.COLORS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a render cache holds no {module}.{name}")


def _load(path: Path) -> dict:
    """The entries of a cache file; empty when it is missing, corrupt or of another version."""
    try:
        with open(path, "rb") as handle:
            payload = _PlainUnpickler(handle).load()
    except Exception:                   # noqa: BLE001 - a bad cache is only a slower build
        return {}
    if (not isinstance(payload, dict) or payload.get("format") != FORMAT
            or payload.get("reportlab") != reportlab.Version
            or not isinstance(payload.get("entries"), dict)):
        return {}
    entries = payload["entries"]
    if not all(isinstance(k, str) and (v is None or isinstance(v, tuple))
               for k, v in entries.items()):
        return {}
    return dict(entries)


def cache_path(out_dir: Path, game_id: str, lang: str, paper: str) -> Path:
    """Where the cache of one kit lives: beside the kits, not inside the kit folder."""
    return Path(out_dir) / ".cache" / f"{game_id}-{lang}-{paper}.pickle"


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
    from forge.fonts import FONT_FILES

    digest = hashlib.sha256(f"forge-piece-cache {FORMAT} {reportlab.Version}\n".encode())
    _hash_files(digest, _tree_files(FORGE_DIR, "**/*.py"), FORGE_DIR)
    _hash_files(digest, _tree_files(FORGE_DIR / "locale"), FORGE_DIR)
    _hash_files(digest, _tree_files(REPO_TEMPLATES), REPO_TEMPLATES.parent)
    for name, (_package, file) in sorted(FONT_FILES.items()):
        size = os.path.getsize(file) if os.path.exists(file) else -1
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
    if piece.key is not None:
        parts["piece"] = canonical(piece.key)
    else:
        parts["index"] = index
        for name in sorted(reads):
            if name == "manifest":
                parts["read:manifest"] = _digest(ctx.manifest)
            elif name == "options":
                parts["read:options"] = canonical(ctx.options.describe())
            else:
                parts[f"read:{name}"] = _digest(ctx.data.get(name))
    return KEY_PREFIX + hashlib.sha256(canonical(parts).encode()).hexdigest()
