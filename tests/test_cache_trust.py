"""A planted render cache can do no more than draw (forge/piece_cache.py, forge/piece_replay.py).

A cache file that is not signed with the user's key, or signed with another key, is ignored
whole; a signed file's entries are checked one by one, and one that calls anything but the
drawing methods forge's makers use is a miss, drawn live. None of them crashes the build, calls
a disallowed canvas method or reads a file; a genuine cache still replays, with the same bytes.
"""
from __future__ import annotations

import copy
import hashlib
import hmac
import io
import json
import os
import re
import stat
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
import reportlab
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from forge import kit as kit_module
from forge.games import DEFAULT_CONTENT, load_game
from forge.piece_cache import (FORMAT, HEADER, PieceCache, cache_path, fresh_canvas, record,
                               secret_path, user_secret)
from forge.piece_replay import CANVAS_CALLS, TEXT_CALLS, Refused, checked, picture_form

GAME, LANG, PAPER = "demo", "en", "a4"

# Canvas methods a cache must never reach: images, files, links, outlines, annotations, pages,
# forms, document settings and raw content.
DANGEROUS = frozenset(name for name in dir(Canvas) if re.search(
    r"image|link|bookmark|outline|showpage|^save$|encrypt|^(begin|end|do)form|literal|postscript|annotation"
    r"|acroform|pagelabel|catalog|viewerpref|^set(title|author|subject|creator|producer"
    r"|keywords|pagesize|pagecompression|pagerotation|pagetransition|pageduration|dateformatter)"
    r"|getpdfdata|shade|gradient|init", name, re.IGNORECASE))


def test_the_dangerous_methods_are_known_and_never_allowed():
    assert {"drawImage", "drawInlineImage", "linkURL", "linkAbsolute", "bookmarkPage",
            "addOutlineEntry", "showPage", "save", "setEncrypt", "beginForm", "doForm",
            "addLiteral", "setPageSize", "setTitle"} <= DANGEROUS
    # the one exception: placing a picture form (a game's art file) that the document has
    assert DANGEROUS & (set(CANVAS_CALLS) | set(TEXT_CALLS)) == {"doForm"}
    assert CANVAS_CALLS["doForm"] == ((picture_form,),)


@pytest.mark.parametrize("name", ["piece0", "art", "art" + "0" * 23, "art" + "g" * 24,
                                  "../art" + "0" * 24, "art" + "0" * 24 + " Do /X"])
def test_only_picture_form_names_pass_the_check(name):
    with pytest.raises(Refused):
        checked([[None, "doForm", [name], None]])


def test_a_replay_places_only_picture_forms_the_document_has():
    from forge.piece_replay import replay

    name = "art" + "0" * 24
    recording = checked([[None, "doForm", [name], None]])
    canvas = fresh_canvas()
    with pytest.raises(Refused):
        replay(canvas, recording)           # not defined in this document: never placed
    assert not any("Do" in code for code in canvas._code)
    canvas.beginForm(name)
    canvas.endForm()
    replay(canvas, recording)
    assert canvas._code[-1].endswith(f"{name} Do")


# --- watching what a replay touches ---------------------------------------------------------------

_OPENED: list[str] | None = None


def _audit(event, args):
    if _OPENED is not None and event in ("open", "os.open") and args:
        _OPENED.append(str(args[0]))


sys.addaudithook(_audit)        # inert unless a test is watching


@contextmanager
def watching_opens():
    """The paths opened (by anyone in this process) while the block runs."""
    global _OPENED
    _OPENED = opened = []
    try:
        yield opened
    finally:
        _OPENED = None


class SpyCanvas(Canvas):
    """A canvas that notes every attribute of its own asked for (methods called on it)."""

    def __getattribute__(self, name):
        if not name.startswith("_"):
            object.__getattribute__(self, "__dict__").setdefault("_asked", set()).add(name)
        return object.__getattribute__(self, name)


def asked(canvas: Canvas) -> set[str]:
    return canvas.__dict__.get("_asked", set())


# --- cache files ----------------------------------------------------------------------------------

def signed(payload: bytes, secret: bytes) -> bytes:
    return HEADER + hmac.new(secret, payload, hashlib.sha256).hexdigest().encode() + b"\n" + payload


def cache_file(entries: dict, secret: bytes | None) -> bytes:
    """The bytes of a cache file holding `entries`, signed with `secret` (None: not signed)."""
    payload = json.dumps({"format": FORMAT, "reportlab": reportlab.Version,
                          "entries": entries}).encode()
    return payload if secret is None else signed(payload, secret)


def read_entries(path: Path) -> dict:
    return json.loads(path.read_bytes().partition(b"\n")[2])["entries"]


@pytest.fixture(scope="module")
def outside_png(tmp_path_factory) -> Path:
    """An image outside every content and build folder (the planted cache's target)."""
    from PIL import Image

    path = tmp_path_factory.mktemp("outside") / "secret.png"
    Image.new("RGB", (4, 4), "red").save(path)
    return path


# --- whole builds ---------------------------------------------------------------------------------

class Counting(PieceCache):
    instances: list["Counting"] = []

    def __init__(self, path=None, secret=None):
        super().__init__(path, secret)
        Counting.instances.append(self)


class Live(Counting):
    """Never replays: the kit as drawn without any cache."""

    def draw(self, canvas, key, draw, pictures=()):
        draw(canvas)


def build(out: Path, cache_cls=Counting) -> tuple[dict[str, bytes], dict]:
    """Build the demo kit (forced) with caches of cache_cls: its PDFs and what the caches did."""
    Counting.instances = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kit_module, "PieceCache", cache_cls)
        result = kit_module.build_kit(load_game(DEFAULT_CONTENT, GAME), LANG, PAPER, out,
                                      force=True)
    caches = Counting.instances
    files = {n: (result.folder / n).read_bytes() for n in result.files if n.endswith(".pdf")}
    return files, {"replayed": sum(c.replayed for c in caches),
                   "rendered": sum(len(c.rendered) for c in caches),
                   "refused": {k: v for c in caches for k, v in c.refused.items()}}


@pytest.fixture(scope="module")
def genuine(tmp_path_factory):
    """The demo kit drawn live, and built twice with a cache (the second build replays)."""
    live, _ = build(tmp_path_factory.mktemp("live"), Live)
    out = tmp_path_factory.mktemp("cached")
    _files, cold = build(out)
    path = cache_path(out, GAME, LANG, PAPER)
    return {"live": live, "out": out, "cold": cold, "entries": read_entries(path)}


def test_a_genuine_cache_replays_and_gives_the_same_bytes(genuine):
    files, done = build(genuine["out"])
    assert done["replayed"] > 0 and done["rendered"] == 0 and done["refused"] == {}
    assert files == genuine["live"]


def planted(entries: dict, png: Path) -> dict:
    """The entries with the attack of the report: every face also embeds an outside image."""
    attack = [None, "drawImage", [str(png), 0, 0, 10, 10], None]
    return {key: [attack] + (value or []) for key, value in entries.items()}


@pytest.mark.parametrize("signing", ["unsigned", "another key", "the user's key"])
def test_a_planted_cache_is_drawn_live_and_reads_nothing(genuine, outside_png, tmp_path,
                                                         signing):
    secret = {"unsigned": None, "another key": b"k" * 32, "the user's key": user_secret()}[signing]
    path = cache_path(tmp_path, GAME, LANG, PAPER)
    path.parent.mkdir(parents=True)
    path.write_bytes(cache_file(planted(genuine["entries"], outside_png), secret))
    with watching_opens() as opened:
        files, done = build(tmp_path)
    assert str(outside_png) not in opened and not [p for p in opened if "secret.png" in p]
    cold = genuine["cold"]          # as a build without a cache file: each face drawn once
    assert (done["replayed"], done["rendered"]) == (cold["replayed"], cold["rendered"])
    assert done["rendered"] == len(genuine["entries"])
    if signing == "the user's key":     # read, but every entry refused for its drawImage call
        assert set(done["refused"]) == set(genuine["entries"])
        assert all("drawImage" in why for why in done["refused"].values())
    assert files == genuine["live"]
    assert b"/Subtype /Image" not in b"".join(files.values())
    assert "drawImage" not in path.read_text()     # the cache saved is a genuine one again


def test_the_old_pickle_cache_is_never_read(genuine, tmp_path):
    import pickle

    old = tmp_path / ".cache" / f"{GAME}-{LANG}-{PAPER}.pickle"
    old.parent.mkdir(parents=True)
    old.write_bytes(pickle.dumps({"format": 1, "entries": {}}))
    with watching_opens() as opened:
        build(tmp_path)
    assert str(old) not in opened


# --- the user's key -------------------------------------------------------------------------------

def test_the_key_is_made_once_private_and_outside_the_build(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    secret = user_secret()
    path = tmp_path / "xdg" / "forge" / "cache-key"
    assert secret_path() == path and len(secret) == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert user_secret() == secret


def test_a_relative_xdg_cache_home_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert secret_path() == tmp_path / ".cache" / "forge" / "cache-key"


@pytest.mark.parametrize("trap", ["link", "readable by others", "wrong size", "folder link",
                                  "not a folder"])
def test_a_key_that_is_not_safe_turns_the_cache_file_off(tmp_path, monkeypatch, trap):
    xdg = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(xdg))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    key = xdg / "forge" / "cache-key"
    if trap == "not a folder":
        xdg.write_text("a file where the cache folder should be")
    elif trap == "folder link":
        xdg.mkdir()
        (xdg / "forge").symlink_to(elsewhere)
    else:
        key.parent.mkdir(parents=True)
        if trap == "link":
            (elsewhere / "key").write_bytes(b"x" * 32)
            key.symlink_to(elsewhere / "key")
        else:
            key.write_bytes(b"x" * (32 if trap == "readable by others" else 7))
            key.chmod(0o644 if trap == "readable by others" else 0o600)
    before = sorted(p.name for p in elsewhere.iterdir())
    assert user_secret() is None
    cache = PieceCache(tmp_path / "out" / "c.json")
    assert cache.path is None               # neither read nor written
    cache.draw(fresh_canvas(), "k:front", lambda c: c.line(0, 0, 1, 1))
    assert cache.rendered == ["k:front"] and not cache.save()
    assert not (tmp_path / "out").exists()
    assert sorted(p.name for p in elsewhere.iterdir()) == before


def test_a_build_without_a_usable_key_still_builds(genuine, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    files, done = build(tmp_path / "out")
    assert files == genuine["live"] and done["rendered"] == genuine["cold"]["rendered"]
    assert not (tmp_path / "out" / ".cache").exists()


def test_a_cache_file_that_is_not_a_regular_file_is_ignored(tmp_path):
    path = tmp_path / "c.json"
    os.mkfifo(path)                 # opening a pipe for reading would wait for a writer
    cache = PieceCache(path)
    assert cache.entries == {}


def test_a_cache_file_through_a_link_is_ignored(tmp_path):
    real = tmp_path / "real.json"
    good = PieceCache(real)
    good.draw(fresh_canvas(), "y:front", lambda c: c.circle(1, 1, 1))
    assert good.save() and PieceCache(real).entries
    (tmp_path / "link.json").symlink_to(real)
    assert PieceCache(tmp_path / "link.json").entries == {}


# --- single entries -------------------------------------------------------------------------------

def genuine_recordings() -> list[list]:
    """Stored recordings of a few real faces of the demo kit (small ones, for speed)."""
    ctx = kit_module.make_context(GAME, LANG, PAPER)
    found, seen = [], set()
    for component in kit_module.make_components(ctx):
        for piece in component.pieces:
            for draw in (piece.draw, piece.back):
                if draw is None or component.id in seen:
                    continue
                stored, _live, why = record(draw)
                assert stored is not None, why
                if len(stored) < 400:
                    seen.add(component.id)
                    found.append(stored)
    assert len(found) >= 3
    return found


GENUINE = genuine_recordings()
SECRET = b"s" * 32
KEYS = [f"piece-sha256:{n}:front" for n in range(len(GENUINE))]


@pytest.mark.parametrize("entry, reason", [
    ([[None, "drawImage", ["/etc/hosts", 0, 0], None]], "method not allowed"),
    ([[None, "drawInlineImage", ["x.png", 0, 0], None]], "method not allowed"),
    ([[None, "linkURL", ["http://example.com", [0, 0, 1, 1]], None]], "method not allowed"),
    ([[None, "showPage", [], None]], "method not allowed"),
    ([[None, "__class__", [], None]], "method not allowed"),
    ([[None, "setFont", ["/etc/passwd", 12], None]], "not a font"),
    ([[None, "setFont", ["Helvetica", 12], None]], "not a font"),
    ([[None, "setFillColor", ["rgb(1,2,3)"], None]], "not a colour"),
    ([[None, None, ["/Im0 Do"], None]], "literal"),
    ([[None, None, ["0 0 m 1 1 l S Q"], None]], "literal"),
    ([[None, None, ["BI /W 1 ID x EI"], None]], "literal"),
    ([[None, "restoreState", [], None]], "pair up"),
    ([[None, "saveState", [], None]], "pair up"),
    ([[None, "drawText", [{"text": 0}], None]], "text object"),
    ([[0, "textOut", ["x"], None]], "text object not made"),
    ([[None, "translate", [float("nan"), 0], None]], "number"),
    ([[None, "translate", [1e300, 0], None]], "number"),
    ([[None, "translate", [True, 0], None]], "number"),
    ([[None, "drawString", [0, 0, "\ud800"], None]], "printable"),
    ([[None, "drawString", [0, 0, "x" * 20_000], None]], "printable"),
    ([[None, "beginText", [0, 0], 5]], "order"),
    ([[None, "rotate", [1], 0]], "returns nothing"),
    ([[None, "rotate", [1], None, "extra"]], "call is not"),
    ({"not": "a list"}, "not a list"),
])
def test_a_bad_entry_is_refused_with_its_reason(entry, reason):
    with pytest.raises(Refused, match=reason):
        checked(json.loads(json.dumps(entry)))


def test_a_refused_entry_is_a_miss_drawn_live_and_recorded_again(tmp_path):
    path = tmp_path / "c.json"
    path.write_bytes(cache_file({KEYS[0]: [[None, "drawImage", ["x.png", 0, 0], None]]},
                                user_secret()))
    cache = PieceCache(path)
    canvas = fresh_canvas()
    cache.draw(canvas, KEYS[0], lambda c: c.line(0, 0, 1, 1))
    assert cache.rendered == [KEYS[0]] and "drawImage" in cache.refused[KEYS[0]]
    assert canvas._code[-1] == "n 0 0 m 1 1 l S"
    assert cache.save() and read_entries(path)[KEYS[0]] == [[None, None, ["n 0 0 m 1 1 l S"],
                                                            None]]


# --- mutated entries (Hypothesis) -------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=20)
    | st.sampled_from(["Sans", "black", "/etc/passwd", "\ud800", "1 0 0 1 0 0 cm"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["color", "text", "path", "x"]), inner, max_size=2),
    max_leaves=8)
METHODS = st.sampled_from(sorted(set(dir(Canvas)) | set(TEXT_CALLS) | {"", "__init__"}))
LITERALS = st.lists(st.sampled_from(
    ["0 0 m 1 1 l S", "/Im0 Do", "BI /W 1 /H 1 ID x EI", "q", "Q", "1 0 0 1 5 5 cm", "n",
     "0 0 1 1 re f*", "(x) Tj", "9" * 40 + " 0 m"]) | st.text(max_size=12), max_size=3)


KINDS = ("method", "argument", "arguments", "target", "new id", "delete", "copy", "swap",
         "literal", "shape", "plausible")
PLAUSIBLE = (st.floats(-1e7, 1e7) | st.integers(-10**7, 10**7) | st.sampled_from([0, 1, 2, 7, -1])
             | st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
             | st.sampled_from(["Sans", "Garamond-Bold", "black", "white", [], [0], [1, -1]])
             | st.builds(lambda *v: {"color": list(v)}, *[st.floats(0, 1)] * 4))
MUTATIONS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(KINDS),
                               JSON_VALUES, METHODS, LITERALS, PLAUSIBLE), min_size=1, max_size=4)


def mutated(mutations) -> list[list]:
    """The genuine recordings, changed as each (recording, call, kind, value, method, literal
    strings, a value of a kind some call takes) says."""
    recordings = copy.deepcopy(GENUINE)
    for which, where, kind, value, method, literal, plausible in mutations:
        ops = recordings[which % len(recordings)]
        if not ops:
            continue
        at = where % len(ops)
        op = ops[at]
        if type(op) is not list or len(op) != 4:
            op = ops[at] = [None, None, [], None]
        if kind == "method":
            op[1] = method
        elif kind in ("argument", "plausible") and type(op[2]) is list and op[2]:
            op[2][where % len(op[2])] = value if kind == "argument" else plausible
        elif kind == "arguments":
            op[2] = value if type(value) is list else [value]
        elif kind == "target":
            op[0] = value if where % 2 else where % 7 - 1
        elif kind == "new id":
            op[3] = where % 7 - 1
        elif kind == "delete":
            del ops[at]
        elif kind == "copy":
            ops.insert(at, copy.deepcopy(op))
        elif kind == "swap":
            other = (where // 7) % len(ops)
            ops[at], ops[other] = ops[other], ops[at]
        elif kind == "literal":
            ops.insert(at, [None, None, literal, None])
        else:
            ops[at] = value
    return recordings


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(MUTATIONS)
def test_mutated_entries_signed_with_the_key_never_crash_read_or_call_what_is_not_allowed(
        tmp_path_factory, mutations):
    path = tmp_path_factory.mktemp("mutated") / "c.json"
    path.write_bytes(cache_file(dict(zip(KEYS, mutated(mutations))), SECRET))
    cache = PieceCache(path, secret=SECRET)
    canvas = SpyCanvas(io.BytesIO(), invariant=1)
    canvas.__dict__["_asked"] = set()       # what setting the canvas up asked for is not counted
    start = len(canvas._code)
    with watching_opens() as opened:
        for key in KEYS:
            canvas.saveState()
            cache.draw(canvas, key, lambda c: c.line(0, 0, 1, 1))
            canvas.restoreState()
    assert opened == []
    assert not asked(canvas) & DANGEROUS, asked(canvas) & DANGEROUS
    assert cache.replayed + len(cache.rendered) == len(KEYS)
    assert not any(re.search(r"/\S+ Do\b|(^|\s)BI\s", code) for code in canvas._code[start:])
    canvas.showPage()
    canvas.save()                   # the document a replay wrote to is still a sound one


def test_the_mutation_test_can_see_a_dangerous_call(tmp_path):
    """The spy and the audit hook notice the attack when nothing refuses it."""
    from forge.piece_replay import replay

    png = tmp_path / "x.png"
    from PIL import Image
    Image.new("RGB", (2, 2)).save(png)
    canvas = SpyCanvas(io.BytesIO(), invariant=1)
    canvas.__dict__["_asked"] = set()
    attack = ((None, "drawImage", (str(png), 0, 0, 5, 5), None, False),)
    with watching_opens() as opened:
        replay(canvas, attack)      # an unchecked recording: what checking prevents
    assert "drawImage" in asked(canvas) & DANGEROUS
    assert str(png) in opened


def test_a_replay_reportlab_still_refuses_is_undone_and_drawn_live(monkeypatch):
    """Should a checked call still fail in reportlab, the canvas is left as it was before the
    replay began, and the face is drawn live."""
    import forge.piece_cache as piece_cache

    failing = ((None, "saveState", (), None, False), (None, "setFont", ("Sans", 5), None, False),
               (None, None, ("0 0 m 1 1 l S",), None, False),
               (None, "setDash", (-1, -1), None, False),      # reportlab raises ValueError
               (None, "restoreState", (), None, False))
    monkeypatch.setattr(piece_cache, "checked", lambda stored: failing)
    cache = PieceCache(None)
    cache.entries["k:front"] = [["anything"]]
    canvas = fresh_canvas()
    canvas.saveState()
    before = (len(canvas._code), len(canvas.state_stack), canvas._fontname, canvas._fontsize)
    cache.draw(canvas, "k:front", lambda c: c.circle(0, 0, 1))
    assert cache.replayed == 0 and cache.rendered == ["k:front"]
    assert "k:front" in cache.refused and "k:front" not in cache.entries
    live = fresh_canvas()
    start = len(live._code)
    live.circle(0, 0, 1)
    assert canvas._code[before[0]:] == live._code[start:]      # only the circle, drawn live
    assert (len(canvas.state_stack), canvas._fontname, canvas._fontsize) == before[1:]
    canvas.restoreState()
