"""The piece render cache: faithful recordings, warm rebuilds that draw nothing and give the same
bytes, and changes that re-render only the pieces that depend on them (forge/piece_cache.py)."""
from __future__ import annotations

import inspect
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
import yaml

from forge import kit as kit_module
from forge.games import DEFAULT_CONTENT, game_ids, load_game
from forge.pictures import define as define_picture
from forge.piece_cache import (
    HEADER,
    PieceCache,
    cache_path,
    faithful_recording,
    fingerprint,
    fresh_canvas,
    record,
    user_secret,
)
from forge.piece_replay import checked, replay
from forge.printing import PrintOptions
from forge.render import READS
from forge.write import face_key, face_of

LANG, PAPER = "en", "a4"


# --- building kits with a cache, watched ---------------------------------------------------------

class Tracked(PieceCache):
    """A PieceCache that registers itself, so a test can read what a build rendered."""

    instances: list["Tracked"] = []

    def __init__(self, path=None):
        super().__init__(path)
        Tracked.instances.append(self)


class Live(Tracked):
    """A cache that never replays: every face drawn live, as without a cache."""

    def draw(self, canvas, key, draw, pictures=()):
        if key is not None:
            self.rendered.append(key)
        draw(canvas)


@dataclass
class Run:
    """One kit build: its files' bytes, what its caches drew, and each face's component."""

    files: dict[str, bytes]
    rendered: list[str]
    replayed: int
    uncacheable: dict[str, str]
    component_of: dict[str, str] = field(default_factory=dict)   # face key -> component id
    label_of: dict[str, str] = field(default_factory=dict)       # face key -> piece label
    placements: list = field(default_factory=list)

    def rendered_components(self) -> set[str]:
        return {self.component_of[k] for k in self.rendered}


def _wired() -> bool:
    """Whether forge.kit makes and passes its own PieceCache (else the test wires it)."""
    return hasattr(kit_module, "PieceCache")


def build(game, out: Path, cache_cls=Tracked, options: PrintOptions = PrintOptions()) -> Run:
    """Build the en/a4 kit of `game` into `out` through forge.kit, with a cache of cache_cls."""
    Tracked.instances = []
    faces: dict[str, str] = {}
    labels: dict[str, str] = {}
    placements: list = []
    real_write = kit_module.write_pdf
    with pytest.MonkeyPatch.context() as mp:
        if _wired():
            mp.setattr(kit_module, "PieceCache", cache_cls)
            own = None
        else:
            own = cache_cls(cache_path(out, game.id, LANG, PAPER))
            real_make = kit_module.make_components

            def make_keyed(ctx, skip=(), only=None):
                from forge.piece_cache import piece_key
                specs = {s["id"]: s for s in ctx.game["components"]}
                return [replace(c, pieces=tuple(
                    replace(p, key=piece_key(p, specs[c.id], ctx, READS[specs[c.id]["draw"]], i))
                    for i, p in enumerate(c.pieces)))
                    for c in real_make(ctx, skip=skip, only=only)]
            mp.setattr(kit_module, "make_components", make_keyed)

        def write(path, pages, info, outline=(), **kwargs):
            for page in pages:
                for placement in page.placements:
                    placements.append(placement)
                    if face_key(placement) is not None:
                        faces[face_key(placement)] = placement.piece.component
                        labels[face_key(placement)] = placement.piece.label
            if own is not None:
                kwargs["cache"] = own
            return real_write(path, pages, info, outline, **kwargs)
        mp.setattr(kit_module, "write_pdf", write)
        force = {"force": True} if "force" in inspect.signature(kit_module.build_kit).parameters \
            else {}         # a kit built from the same inputs is otherwise not rebuilt at all
        result = kit_module.build_kit(game, LANG, PAPER, out, options=options, **force)
    if own is not None:
        own.save()
    caches = Tracked.instances
    assert caches, "the build made no piece cache"
    files = {name: (result.folder / name).read_bytes() for name in result.files
             if name.endswith(".pdf")}
    return Run(files, [k for c in caches for k in c.rendered], sum(c.replayed for c in caches),
               {k: v for c in caches for k, v in c.uncacheable.items()}, faces, labels, placements)


@pytest.fixture(scope="module")
def runs(tmp_path_factory, tetrarchia):
    """The en/a4 kit built without a cache, with an empty one, and again from the warm one."""
    live = build(tetrarchia, tmp_path_factory.mktemp("live"), Live)
    out = tmp_path_factory.mktemp("cached")
    cold = build(tetrarchia, out, Tracked)
    warm = build(tetrarchia, out, Tracked)
    return {"live": live, "cold": cold, "warm": warm,
            "cache": cache_path(out, tetrarchia.id, LANG, PAPER)}


def _warm_start(runs, out: Path, game_id: str = "tetrarchia") -> None:
    """Give a new output folder the warm cache of the module's builds."""
    target = cache_path(out, game_id, LANG, PAPER)
    target.parent.mkdir(parents=True)
    target.write_bytes(runs["cache"].read_bytes())


# --- recordings ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_every_face_of_the_kit_replays_to_the_same_operators(runs):
    faces = {}
    for placement in runs["cold"].placements:
        faces.setdefault(face_key(placement), (placement.piece.component, face_of(placement),
                                               placement.piece.pictures))
    components = {c for c, _, _ in faces.values()}
    assert {"instructions", "rules-reference", "summary-sheets", "board", "atlas"} <= components
    for key, (component, draw, pictures) in faces.items():
        stored, live, why = record(draw)
        assert stored is not None, f"{component}: {why}"
        plain = json.loads(json.dumps(stored))      # as the cache file keeps it
        canvas = fresh_canvas()
        for picture in pictures:                    # as the writer defines them before a page
            define_picture(canvas, picture)
        start = len(canvas._code)
        replay(canvas, checked(plain))
        assert canvas._code[start:] == live, component
        assert live, f"{component}: drew nothing"


@pytest.mark.slow
def test_every_piece_of_every_kit_is_cacheable(runs, request):
    assert runs["cold"].uncacheable == {}
    if _wired():        # the session's kits were built with caches: none holds an unfaithful face
        for (lang, paper), result in request.getfixturevalue("built_kits").items():
            out = result.folder.parents[2]
            cache = PieceCache(cache_path(out, "tetrarchia", lang, paper))
            assert cache.entries, (lang, paper)
            assert [k for k, v in cache.entries.items() if v is None] == [], (lang, paper)


FACE_LANGUAGES = ("en", "de")   # a maker draws alike in every language; German takes the
                                # hyphenating and shrinking paths the longest words need


def _other_kits():
    """(game, lang, paper) of every game's kits in FACE_LANGUAGES but the one the module builds
    (faces only)."""
    kits = []
    for game_id in game_ids(DEFAULT_CONTENT):
        game_yaml = yaml.safe_load((DEFAULT_CONTENT / game_id / "game.yaml").read_text("utf-8"))
        for lang in game_yaml["languages"]:
            if lang in FACE_LANGUAGES and (game_id, lang) != ("tetrarchia", LANG):
                kits.append((game_id, lang, "letter"))
    return kits


@pytest.mark.parametrize("game_id, lang, paper", _other_kits())
def test_every_face_of_every_game_is_cacheable(game_id, lang, paper):
    """A maker that draws with something the recorder does not see (a new canvas method, raw
    operators) is noticed here: its pieces would be drawn live in every build."""
    ctx = kit_module.make_context(game_id, lang, paper)
    faces = {}
    for component in kit_module.make_components(ctx):
        for piece in component.pieces:
            for name, draw in (("front", piece.draw), ("back", piece.back)):
                if draw is not None:
                    faces.setdefault(id(draw), (f"{component.id} {name}", draw, piece.pictures))
    assert faces
    for where, draw, pictures in faces.values():
        stored, recording, why = faithful_recording(draw, pictures)
        assert recording is not None and stored is not None, \
            f"{game_id} {lang} {paper} {where}: {why}"


def test_a_face_the_recorder_cannot_see_is_drawn_live_every_time():
    def sneaky(c):
        c.setFillColorRGB(1, 0, 0)
        c._code.append("0 0 m 5 5 l S")     # bypasses the canvas API

    assert faithful_recording(sneaky)[0] is None
    cache = PieceCache(None)
    outputs = []
    for _ in range(2):
        canvas = fresh_canvas()
        cache.draw(canvas, "k:front", sneaky)
        outputs.append(canvas._code[-2:])
    assert cache.rendered == ["k:front", "k:front"] and cache.replayed == 0
    assert outputs[0] == outputs[1] == ["1 0 0 rg", "0 0 m 5 5 l S"]
    assert "k:front" in cache.uncacheable


# --- warm rebuilds -------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_warm_rebuild_renders_nothing_and_writes_the_same_bytes(runs):
    live, cold, warm = runs["live"], runs["cold"], runs["warm"]
    assert len(cold.rendered) == len(set(cold.rendered))    # each face drawn once per build
    assert set(cold.rendered) <= set(cold.component_of)
    assert warm.rendered == []
    assert warm.replayed == cold.replayed + len(cold.rendered) == len(live.rendered)
    assert set(live.files) == set(cold.files) == set(warm.files)
    assert len(live.files) >= 3
    for name in live.files:
        assert cold.files[name] == live.files[name], f"{name}: cached build differs from live"
        assert warm.files[name] == live.files[name], f"{name}: warm build differs from live"


@pytest.mark.slow
def test_the_cache_keeps_only_entries_used_since_loading(runs, tmp_path):
    path = tmp_path / "cache.json"
    path.write_bytes(runs["cache"].read_bytes())
    cache = PieceCache(path)
    assert set(cache.entries) == set(runs["cold"].rendered)
    kept = next(key for key, stored in cache.entries.items()       # one placing no art file,
                if "doForm" not in json.dumps(stored))               # so a bare canvas replays it
    cache.draw(fresh_canvas(), kept, lambda c: pytest.fail("replayed, not drawn"))
    cache.draw(fresh_canvas(), "new:front", lambda c: c.line(0, 0, 1, 1))
    assert cache.save()
    assert set(PieceCache(path).entries) == {kept, "new:front"}
    assert not [p for p in tmp_path.iterdir() if p.name != "cache.json"]   # no temp file left


def _signed_payload(payload: bytes) -> bytes:
    """A cache file holding `payload`, signed with the user's key as PieceCache.save signs."""
    import hashlib
    import hmac
    mac = hmac.new(user_secret(), payload, hashlib.sha256).hexdigest().encode()
    return HEADER + mac + b"\n" + payload


@pytest.mark.parametrize("damage", [b"", b"not json", "truncated", "other format", "pickle",
                                    "unsigned", "deep"])
def test_a_corrupt_or_foreign_cache_file_is_ignored(tmp_path, damage):
    import pickle

    path = tmp_path / "cache.json"
    entry = {"x:front": [[None, "drawString", [0, 0, "planted"], None]]}
    if damage == "truncated":
        good = PieceCache(path)
        good.draw(fresh_canvas(), "y:front", lambda c: [c.circle(i, i, 2) for i in range(50)])
        assert good.save() and PieceCache(path).entries
        damage = path.read_bytes()[:len(path.read_bytes()) // 2]
    elif damage == "pickle":        # the old format: never unpickled
        damage = pickle.dumps({"format": 1, "entries": {"x:front": (print,)}})
    elif damage == "other format":
        damage = _signed_payload(json.dumps({"format": -1, "entries": entry}).encode())
    elif damage == "unsigned":
        import reportlab
        damage = json.dumps({"format": 2, "reportlab": reportlab.Version,
                             "entries": entry}).encode()
    elif damage == "deep":          # signed, but nested too deep for the JSON parser
        damage = _signed_payload(b"[" * 100_000 + b"]" * 100_000)
    path.write_bytes(damage)
    cache = PieceCache(path)
    assert cache.entries == {}
    canvas = fresh_canvas()
    cache.draw(canvas, "x:front", lambda c: c.line(0, 0, 1, 1))
    assert cache.rendered == ["x:front"] and canvas._code[-1] == "n 0 0 m 1 1 l S"
    assert cache.save() and set(PieceCache(path).entries) == {"x:front"}


# --- what a change re-renders --------------------------------------------------------------------

def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.slow
def test_editing_the_board_re_renders_the_board_only(runs, content_copy, tmp_path):
    board = content_copy / "tetrarchia" / "board.yaml"
    _edit(board, "label_at: [178, 146]", "label_at: [180, 146]")     # ITALIA's label
    _warm_start(runs, tmp_path)
    run = build(load_game(content_copy, "tetrarchia"), tmp_path)
    assert run.rendered_components() == {"board"}
    assert len(run.rendered) == 1           # once, though three files print it
    assert run.replayed > 0
    assert run.files["board.pdf"] != runs["live"].files["board.pdf"]
    assert run.files["reference.pdf"] == runs["live"].files["reference.pdf"]


def _readers(game, stem: str) -> set[str]:
    """The components whose maker declares that it reads this content file."""
    return {c["id"] for c in game.data(LANG)["game"]["components"] if stem in READS[c["draw"]]}


@pytest.mark.slow
def test_editing_a_rule_re_renders_the_pieces_that_read_the_rules(runs, content_copy, tmp_path):
    _edit(content_copy / "tetrarchia" / "rules.yaml", "action_points: 6 ", "action_points: 7 ")
    _warm_start(runs, tmp_path)
    game = load_game(content_copy, "tetrarchia")
    run = build(game, tmp_path)
    readers = _readers(game, "rules")
    assert {"summary-sheets", "rules-reference"} <= readers
    assert "board" not in readers
    assert run.rendered_components() == readers
    assert run.files["board.pdf"] == runs["live"].files["board.pdf"]


@pytest.mark.slow
def test_changing_an_emperor_colour_re_renders_what_reads_game_yaml(runs, content_copy, tmp_path):
    _edit(content_copy / "tetrarchia" / "game.yaml", 'color: "#2e7d32"', 'color: "#2e7d33"')
    _warm_start(runs, tmp_path)
    game = load_game(content_copy, "tetrarchia")
    run = build(game, tmp_path)
    readers = _readers(game, "game")
    assert readers >= {"board", "summary-sheets", "emperor-standees", "discs-galerius"}
    assert run.rendered_components() == readers
    assert len(run.rendered) == len(set(run.rendered))      # each face still drawn once
    assert run.files["kit.pdf"] != runs["live"].files["kit.pdf"]


@pytest.mark.slow
def test_print_options_that_only_move_pieces_re_render_nothing_but_the_kits_own_pages(
        runs, tmp_path, tetrarchia):
    _warm_start(runs, tmp_path)
    run = build(tetrarchia, tmp_path, options=PrintOptions(marks="lines"))
    assert run.rendered_components() == {"instructions", "cover", "assembly"}   # they say them


@pytest.mark.slow
def test_editing_one_card_re_renders_that_card_only(content_copy, tmp_path):
    cold = build(load_game(content_copy, "demo"), tmp_path)
    assert cold.uncacheable == {}
    assert "road-cards" in cold.rendered_components()
    _edit(content_copy / "demo" / "cards.yaml", "cost: 4\n", "cost: 5\n")   # the Stone Bridge
    run = build(load_game(content_copy, "demo"), tmp_path)
    assert run.rendered
    assert {run.label_of[k] for k in run.rendered} == {"Road cards: Stone Bridge"}
    assert run.replayed > 0
    assert run.files["cards.pdf"] != cold.files["cards.pdf"]
    assert run.files["tokens.pdf"] == cold.files["tokens.pdf"]


# --- keys ----------------------------------------------------------------------------------------

def test_a_game_template_changes_the_fingerprint(tmp_path):
    folder = tmp_path / "game"
    (folder / "templates").mkdir(parents=True)
    before = fingerprint(folder)
    assert fingerprint(folder) == before
    (folder / "templates" / "summary-sheet.xml.j2").write_text("<sheet/>", encoding="utf-8")
    assert fingerprint(folder) != before
    assert re.fullmatch(r"[0-9a-f]{64}", before)
