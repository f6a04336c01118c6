"""Build kits: one game in one language on one paper, from validated content to files.

The stages, each in its own module: load and validate (games.py), make pieces (render/), lay out
and impose (layout.py, impose.py), write (write.py). This module runs them in order and writes
the kit folder all at once: it is assembled in a temporary folder and swapped in only when
complete, so a failed build never leaves a half-written kit over a good one.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from forge import __version__
from forge.duplex import FLIPS
from forge.errors import ContentError, UserError
from forge.fonts import register_game_fonts
from forge.games import DEFAULT_CONTENT, Game, load_game
from forge.i18n import Translator
from forge.impose import (
    fits_one_page,
    has_backs,
    impose_components,
    single_board_page,
    tiled_board_pages,
)
from forge.layout import LARGE_PAPER, paper_size, tile_board
from forge.model import Component, Page, Piece
from forge.piece_cache import PieceCache, cache_path, piece_key
from forge.printing import PrintOptions
from forge.printplan import (
    PAPER_WORDS,
    Part,
    PlanRow,
    Slot,
    family_paper,
    family_sides,
    kit_page_numbers,
    kit_slots,
    label_pages,
    order_parts,
    plan_rows,
    sides_words,
)
from forge.render import READS, TWO_SIDED_ONLY, late_makers, load_makers
from forge.render.context import RenderContext
from forge.render.printnotes import draw_blank_note
from forge.tiles import decorate_tiles
from forge.write import DocInfo, source_date, write_pdf

BOARD_OVERLAP = 10.0    # mm shared by neighbouring board tiles
PARTIAL = "partial"     # in the names of a kit of chosen components (see select_components)
MAX_SLUG = 60           # characters of the chosen names in a partial kit's file name


@dataclass(frozen=True)
class KitResult:
    """What one kit build wrote (or found already written: `skipped`)."""

    folder: Path
    files: tuple[str, ...]
    pages: int
    manifest: dict
    skipped: bool = False

    @property
    def pdf(self) -> str:
        """The file holding every page: kit.pdf, or a partial kit's own name."""
        return self.manifest.get("kit_pdf") or "kit.pdf"


def kit_folder(out_dir: Path, game_id: str, lang: str, paper: str,
               only: tuple[str, ...] = ()) -> Path:
    """Where one kit is written; a kit of chosen components (`only`) goes beside the full
    kit, in a folder named as partial, so it never replaces it nor passes for it."""
    folder = Path(out_dir) / game_id / lang / paper
    return folder.with_name(f"{paper}-{PARTIAL}-{selection_slug(only)}") if only else folder


def selection_slug(only: Iterable[str]) -> str:
    """The chosen names as a file name part: 'reference+sheets' (a digest when too long)."""
    names = sorted(set(only))
    slug = "+".join(re.sub(r"[^A-Za-z0-9_-]+", "_", name) for name in names)
    if len(slug) > MAX_SLUG:
        slug = hashlib.sha256("\0".join(names).encode()).hexdigest()[:12]
    return slug


def component_names(meta: dict) -> tuple[list[str], list[str]]:
    """The ids of a game's components and families (game.yaml `meta`), in its order."""
    components = [str(c.get("id")) for c in meta.get("components") or [] if isinstance(c, dict)]
    families = [str(f.get("id")) for f in meta.get("families") or [] if isinstance(f, dict)]
    return components, families


def select_components(meta: dict, names: Iterable[str]) -> tuple[str, ...]:
    """The ids of the components `names` choose (component ids, or family ids for all their
    components), in game.yaml's order; UserError listing the game's names for one it lacks."""
    components, families = component_names(meta)
    names = list(dict.fromkeys(names))
    unknown = [name for name in names if name not in components and name not in families]
    if unknown:
        raise UserError(
            f"{meta.get('id', '?')} has no component or family {', '.join(map(repr, unknown))} "
            f"(families: {', '.join(families)}; components: {', '.join(components)})")
    chosen = set(names)
    return tuple(spec["id"] for spec in meta["components"]
                 if spec["id"] in chosen or spec.get("family") in chosen)


def inputs_digest(game_folder: Path, lang: str, paper: str,
                  options: PrintOptions = PrintOptions()) -> str:
    """A sha256 of everything a kit is made from: the game's folder (content, catalogs,
    templates), forge's code, catalogs, templates and fonts, the language, paper and options,
    and the date its PDFs carry (SOURCE_DATE_EPOCH, see forge/write.py)."""
    from forge.piece_cache import fingerprint

    digest = hashlib.sha256(f"kit {__version__} {lang} {paper} date={source_date()}\n".encode())
    digest.update(json.dumps(options.describe(), sort_keys=True).encode())
    digest.update(fingerprint(game_folder).encode())
    for file in sorted(p for p in Path(game_folder).rglob("*") if p.is_file()):
        digest.update(str(file.relative_to(game_folder)).encode() + b"\0")
        digest.update(file.read_bytes())
    return digest.hexdigest()


def up_to_date(folder: Path, digest: str) -> KitResult | None:
    """The kit in `folder` when it was built from exactly these inputs and is still whole."""
    try:
        manifest = json.loads((folder / "kit.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("inputs") != digest:
        return None
    files = manifest.get("files") or {}
    for name, size in files.items():
        path = folder / name
        if not path.is_file() or path.stat().st_size != size:
            return None
    return KitResult(folder, tuple(files) + ("kit.json",), manifest.get("pages", 0), manifest,
                     skipped=True)


def make_context(game_id: str, lang: str, paper: str, content_dir: Path = DEFAULT_CONTENT,
                 check_catalogs: bool = True, options: PrintOptions = PrintOptions()
                 ) -> RenderContext:
    """Load a game and set up the context its piece makers draw with."""
    game = load_game(Path(content_dir), game_id, check_catalogs=check_catalogs)
    return context_for(game, lang, paper, strict=check_catalogs, options=options)


def context_for(game: Game, lang: str, paper: str, strict: bool = True,
                options: PrintOptions = PrintOptions()) -> RenderContext:
    """The render context of a loaded game for one language, paper and set of print options."""
    if lang not in game.languages:
        raise UserError(f"{game.id} has no '{lang}' translation (languages: "
                        f"{', '.join(game.languages)})")
    data = game.data(lang, strict=strict)
    if options.ink != "full":
        from forge.ink import apply_ink
        data = apply_ink(data, options.ink)
    return RenderContext(game.id, lang, data, Translator(lang, strict=strict), paper,
                         paper_size(paper), version=__version__, folder=game.folder,
                         options=options, fonts=register_game_fonts(game.meta, game.folder))


def kit_digest(folder: Path, lang: str, paper: str, options: PrintOptions = PrintOptions(),
               strict: bool = True, chosen: tuple[str, ...] = ()) -> str:
    """What a kit's kit.json records as its inputs (see inputs_digest): a draft or a partial
    kit (of the `chosen` components) never passes for a full one."""
    digest = inputs_digest(folder, lang, paper, options) + ("" if strict else ":draft")
    return digest + (f":{PARTIAL}=" + ",".join(chosen) if chosen else "")


def build_kit(game: Game, lang: str, paper: str, out_dir: Path,
              options: PrintOptions = PrintOptions(), force: bool = False,
              strict: bool = True, only: tuple[str, ...] = ()) -> KitResult:
    """Build one kit into out_dir/<game>/<lang>/<paper>/, replacing a previous one whole.

    A kit already built from the same inputs (see inputs_digest) is left as it is, unless
    `force`; pieces that did not change are replayed from the render cache (forge/piece_cache.py).
    Not `strict` (a draft, for previews while editing): a text without a translation prints in
    the game's source language; such a kit is never taken as up to date by a strict build.
    `only` (component or family ids) makes a partial kit of those components alone: one PDF
    named as partial in a folder of its own (see kit_folder), for proofreading in seconds.
    """
    chosen = select_components(game.meta, only) if only else None
    digest = kit_digest(game.folder, lang, paper, options, strict, chosen or ())
    target = kit_folder(out_dir, game.id, lang, paper, only)
    if not force:
        existing = up_to_date(target, digest)
        if existing is not None:
            return existing
    ctx = context_for(game, lang, paper, strict=strict, options=options)
    plan, manifest = lay_out_kit(ctx, chosen)
    manifest["inputs"] = digest
    if only:
        manifest[PARTIAL] = sorted(set(only))
        manifest["kit_pdf"] = f"{PARTIAL}-{selection_slug(only)}.pdf"
    cache = PieceCache(cache_path(out_dir, game.id, lang, paper))
    files = _write_all(ctx, plan, manifest, target, cache)
    cache.save()
    return KitResult(target, files, manifest["pages"], manifest)


@dataclass(frozen=True)
class KitJob:
    """One kit to build: a loaded game, a language, a paper and the components chosen."""

    game: Game
    lang: str
    paper: str
    only: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """'tetrarchia es a4' (and the chosen names of a partial kit)."""
        chosen = f" ({PARTIAL}: {', '.join(self.only)})" if self.only else ""
        return f"{self.game.id} {self.lang} {self.paper}{chosen}"


@dataclass(frozen=True)
class KitFailure:
    """Why one kit of several could not be built, as the user is shown it."""

    message: str


def default_workers() -> int:
    """Kits built at once when not told: one per core."""
    return os.cpu_count() or 1


def build_kits(jobs: list[KitJob], out_dir: Path, options: PrintOptions = PrintOptions(),
               force: bool = False, workers: int = 1, on_start=None
               ) -> Iterator[tuple[int, KitResult | KitFailure]]:
    """Build kits, `workers` at once in processes of their own (1: one after the other in this
    process); yield (index in `jobs`, result) as each ends. A kit that fails with a UserError
    is a KitFailure and the others go on (what the system refuses, an OSError, stops them all:
    it is no fault of one kit); `on_start(index)` is called as each kit starts.

    Each kit is written by one process only and a kit's bytes depend on its inputs alone, so
    kits built at once are the same as kits built one by one."""
    work = partial(_build_one, out_dir=Path(out_dir), options=options, force=force)
    if workers <= 1 or len(jobs) <= 1:
        for index, job in enumerate(jobs):
            if on_start:
                on_start(index)
            yield index, work(job)
        return
    yield from _in_pool(jobs, work, workers, on_start)


def _in_pool(jobs, work, workers: int, on_start) -> Iterator[tuple[int, KitResult | KitFailure]]:
    """Run `work` on each job in a pool of fresh processes, at most `workers` jobs in flight
    (so that `on_start` is told when a kit really starts)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    waiting = list(enumerate(jobs))
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no state shared
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context) as pool:
        running = {}
        while waiting or running:
            while waiting and len(running) < workers:
                index, job = waiting.pop(0)
                if on_start:
                    on_start(index)
                running[pool.submit(work, job)] = index
            done, _pending = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=running.get):
                yield running.pop(future), future.result()


def _build_one(job: KitJob, out_dir: Path, options: PrintOptions, force: bool
               ) -> KitResult | KitFailure:
    """One kit of build_kits: its result, or the user's error as a KitFailure."""
    try:
        return build_kit(job.game, job.lang, job.paper, out_dir, options, force=force,
                         only=job.only)
    except ContentError as err:
        return KitFailure("\n".join(str(p) for p in err.problems))
    except UserError as err:
        return KitFailure(str(err))


def lay_out_kit(ctx: RenderContext, chosen: tuple[str, ...] | None = None
                ) -> tuple[_Plan, dict]:
    """Make every piece of a kit (or of the `chosen` components) and place it on its pages,
    drawing nothing: the plan and the manifest the kit is written from (also what
    `forge validate` checks).

    The pages that describe the kit (the cover's print plan, the instructions' checklist) are
    made twice: once to know how many pages they take, then again with the finished plan."""
    late_ones = late_makers()
    components = make_components(ctx, skip=late_ones, ids=chosen)
    late = make_components(ctx, only=late_ones, ids=chosen)
    plan = _plan(ctx, _in_game_order(ctx, components + late))
    manifest = _manifest(ctx, plan)
    if late:
        told = replace(ctx, manifest=tuple(manifest["components"]),
                       print_plan=tuple(manifest["print_plan"]),
                       large_board=plan.large_board_file)
        late = make_components(told, only=late_ones, ids=chosen)
        pages_before = {family: len(pages) for family, pages in plan.family_pages.items()}
        plan = _plan(ctx, _in_game_order(ctx, components + late))
        pages_after = {family: len(pages) for family, pages in plan.family_pages.items()}
        if pages_after != pages_before:
            raise UserError(f"the pages describing the kit changed their number once filled in "
                            f"({pages_before} then {pages_after})")
        manifest = _manifest(ctx, plan)
    for part in plan.parts:
        label_pages(part, ctx.options, ctx.tr)
    return plan, manifest


def _in_game_order(ctx: RenderContext, components: list[Component]) -> list[Component]:
    order = {spec["id"]: n for n, spec in enumerate(ctx.game["components"])}
    return sorted(components, key=lambda c: order[c.id])


def make_components(ctx: RenderContext, skip=(), only=None, ids=None) -> list[Component]:
    """Run each component's maker (those of the makers `only`, of the components `ids`, when
    given); check that it made what game.yaml declares."""
    makers = load_makers()
    made = []
    for spec in ctx.game["components"]:
        if spec["draw"] in skip or (only is not None and spec["draw"] not in only):
            continue
        if ids is not None and spec["id"] not in ids:
            continue
        if spec["draw"] in TWO_SIDED_ONLY and ctx.options.backs not in FLIPS:
            continue                    # nothing is printed two-sided: nothing to test
        if spec["draw"] not in makers:
            raise UserError(f"component '{spec['id']}': no piece maker called '{spec['draw']}' "
                            f"(known: {', '.join(sorted(makers))})")
        spec = with_print_options(spec, ctx.options)
        pieces = _made(makers[spec["draw"]], spec, ctx)
        pieces = [replace(p, key=piece_key(p, spec, ctx, READS[spec["draw"]], index))
                  for index, p in enumerate(pieces)]
        made.append(_component(spec, pieces, ctx))
    return made


def _made(make, spec: dict, ctx: RenderContext) -> list[Piece]:
    """A maker's pieces; its error names the game, the language, paper and component."""
    try:
        return make(spec, ctx)
    except ContentError:
        raise                           # its problems name file, line and field already
    except UserError as err:
        raise type(err)(f"{ctx.game_id} ({ctx.lang}, {ctx.paper}), component '{spec['id']}': "
                        f"{err}") from None


def with_print_options(spec: dict, options: PrintOptions) -> dict:
    """A component as the options print it: `--bleed` replaces the bleed of every piece cut
    along marks; without bleed, neighbouring pieces share their cut lines."""
    if options.bleed is None or "trim" not in spec or not spec.get("cut_marks", True):
        return spec
    spec = dict(spec, bleed=float(options.bleed))
    if spec["bleed"] == 0:
        spec["shared_cuts"] = True
    return spec


def _component(spec: dict, pieces: list[Piece], ctx: RenderContext) -> Component:
    trim = tuple(spec["trim"]) if "trim" in spec else ctx.paper_size
    if len(pieces) != spec["count"]:
        raise UserError(f"component '{spec['id']}': its maker made {len(pieces)} pieces, "
                        f"game.yaml declares count {spec['count']}")
    for piece in pieces:
        if abs(piece.trim[0] - trim[0]) > 0.01 or abs(piece.trim[1] - trim[1]) > 0.01:
            raise UserError(f"component '{spec['id']}': a piece measures {piece.trim} mm, "
                            f"game.yaml declares {trim}")
    return Component(spec["id"], spec["kind"], spec["family"], spec["name"], spec["count"],
                     trim, tuple(pieces), bool(spec.get("shared_cuts", False)),
                     bool(spec.get("cut_marks", True)), spec.get("howto", ""),
                     bool(spec.get("handout", False)))


class _Plan:
    """Pages of each family, the families as kit.pdf prints them (parts, slots), and the large
    single-page board."""

    def __init__(self):
        self.family_pages: dict[str, list[Page]] = {}
        self.family_components: dict[str, list[Component]] = {}
        self.parts: list[Part] = []
        self.slots: list[Slot] = []
        self.large_board: list[Page] = []
        self.large_board_file = ""
        self.large_paper = ""

    def add(self, family: str, pages: list[Page], components: list[Component]) -> None:
        self.family_pages[family] = pages
        self.family_components[family] = components


def _plan(ctx: RenderContext, components: list[Component]) -> _Plan:
    plan = _Plan()
    parts = []
    for family in ctx.game["families"]:
        members = [c for c in components if c.family == family["id"]]
        if not members:
            continue
        boards = [c for c in members if c.kind == "board"]
        others = [c for c in members if c.kind != "board"]
        pages = impose_components(others, ctx.paper_size, ctx.options) if others else []
        for board in boards:
            if ctx.options.board == "single":
                pages += [_single_board(board, ctx)]
            else:
                pages += _tiled_board(board, ctx)
                _add_large_board(plan, board, ctx)
        specs = [spec for spec in ctx.game["components"] if spec["family"] == family["id"]]
        paper = family_paper(family["id"], specs)
        parts.append(Part(family["id"], family["name"], paper,
                          family_sides(pages, members, paper), tuple(pages)))
        plan.add(family["id"], pages, members)
    plan.parts = order_parts(parts)
    plan.family_pages = {part.family: plan.family_pages[part.family] for part in plan.parts}
    plan.slots = kit_slots(plan.parts, ctx.options.backs, partial(blank_page, ctx))
    return plan


def _single_board(board: Component, ctx: RenderContext) -> Page:
    return single_board_page(board.pieces[0], paper_size(LARGE_PAPER[ctx.paper]),
                             marks=ctx.options.marks)


def _tiled_board(board: Component, ctx: RenderContext) -> list[Page]:
    piece = board.pieces[0]
    if fits_one_page(piece, ctx.paper_size):     # a large paper: one page with crop marks
        return [single_board_page(piece, ctx.paper_size, marks=ctx.options.marks)]
    landscape, tiles = tile_board(piece.trim, ctx.paper_size, BOARD_OVERLAP, piece.bleed,
                                  piece.keep_clear)
    pages = tiled_board_pages(piece, tiles, landscape, ctx.paper_size)
    decorate_tiles(pages, tiles, piece, ctx)
    return pages


def _add_large_board(plan: _Plan, board: Component, ctx: RenderContext) -> None:
    large = LARGE_PAPER[ctx.paper]
    if large == ctx.paper:
        return                  # the kit's own pages are the large ones already
    plan.large_paper = large
    plan.large_board_file = f"{board.id}-{large}.pdf"
    plan.large_board = [single_board_page(board.pieces[0], paper_size(large),
                                          marks=ctx.options.marks)]


def _manifest(ctx: RenderContext, plan: _Plan) -> dict:
    """The machine-readable description of the kit (written as kit.json)."""
    entries = []
    kit_numbers = kit_page_numbers(plan.slots)
    for family, pages in plan.family_pages.items():
        for component in plan.family_components[family]:
            in_file = _pages_of(component.id, pages)
            per_page, landscape = _per_page(component.id, pages)
            entries.append({
                "id": component.id, "kind": component.kind, "family": family,
                "name": component.name, "count": component.count,
                "trim_mm": [round(v, 2) for v in component.trim],
                "bleed_mm": component.pieces[0].bleed,
                "shared_cuts": component.shared_cuts, "cut_marks": component.cut_marks,
                "two_sided": has_backs(component), "per_page": per_page, "landscape": landscape,
                "turned": any(page.turned for page in pages
                              if any(p.piece.component == component.id for p in page.placements)),
                "file": f"{family}.pdf", "pages": in_file,
                "kit_pages": [kit_numbers[family][p - 1] for p in in_file],
                "howto": component.howto,
            })
    game = ctx.game
    manifest = {
        "game": ctx.game_id, "title": game["title"], "language": ctx.lang, "paper": ctx.paper,
        "paper_mm": list(ctx.paper_size), "edition": game["edition"],
        "content_version": game["version"], "forge_version": __version__,
        "pages": len(plan.slots), "print": ctx.options.describe(),
        "print_plan": [_plan_row(row, ctx) for row in
                       plan_rows(plan.parts, plan.slots, ctx.options.backs)],
        "components": entries,
    }
    if plan.large_board_file:
        manifest["large_board"] = {"file": plan.large_board_file, "paper": plan.large_paper,
                                   "paper_mm": list(paper_size(plan.large_paper))}
    return manifest


def _plan_row(row: PlanRow, ctx: RenderContext) -> dict:
    return {"first": row.first, "last": row.last, "parts": list(row.names),
            "paper": row.paper, "paper_words": ctx.tr._(PAPER_WORDS[row.paper]),
            "sides": row.sides, "way": row.way,
            "sides_words": sides_words(row.sides, ctx.options.backs, ctx.tr, row.way,
                                       ctx.options.marks),
            "sheets": row.sheets}


def _per_page(component_id: str, pages: list[Page]) -> tuple[int, bool]:
    """The most pieces of a component on one page (fronts), and whether that page is landscape."""
    best, landscape = 0, False
    for page in pages:
        count = sum(1 for p in page.placements
                    if p.piece.component == component_id and p.face == "front")
        if count > best:
            best, landscape = count, page.size[0] > page.size[1] or page.turned
    return best, landscape


def _pages_of(component_id: str, pages: list[Page]) -> list[int]:
    """1-based numbers of the pages (of one file) that hold a component's pieces."""
    return [n for n, page in enumerate(pages, 1)
            if any(p.piece.component == component_id for p in page.placements)]


def _write_all(ctx: RenderContext, plan: _Plan, manifest: dict, target: Path,
               cache: PieceCache | None = None) -> tuple[str, ...]:
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    staging.chmod(0o755)    # mkdtemp makes it private; a kit folder is for sharing
    try:
        files = _write_files(ctx, plan, manifest, staging, cache)
        _swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return files


def _write_files(ctx, plan: _Plan, manifest: dict, folder: Path,
                 cache: PieceCache | None = None) -> tuple[str, ...]:
    files = []
    partial = manifest.get(PARTIAL)
    for family, pages in ({} if partial else plan.family_pages).items():
        name = f"{family}.pdf"
        write_pdf(folder / name, pages, _info(ctx, _family_name(ctx, family)),
                  _outline(manifest, family, "pages"), cache=cache)
        files.append(name)
    all_pages = [slot.page for slot in plan.slots]
    what = ctx.tr._("Print-and-play kit")
    if partial:
        what += f" ({PARTIAL}: {', '.join(partial)})"
    kit_pdf = manifest.get("kit_pdf") or "kit.pdf"
    write_pdf(folder / kit_pdf, all_pages, _info(ctx, what), _kit_outline(ctx, manifest),
              cache=cache)
    files.append(kit_pdf)
    if plan.large_board:
        write_pdf(folder / plan.large_board_file, plan.large_board,
                  _info(ctx, ctx.tr._("Board on one large page")),
                  [(0, _family_name(ctx, "board"), 0)], cache=cache)
        files.append(plan.large_board_file)
    manifest["files"] = {name: (folder / name).stat().st_size for name in files}
    (folder / "kit.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    files.append("kit.json")
    return tuple(files)


def blank_page(ctx: RenderContext, family: str = "") -> Page:
    """A page left blank on purpose in kit.pdf, saying so (and whose back it is)."""
    page = Page(ctx.paper_size, side="blank")
    if family:
        text = ctx.tr._("This side of the sheet is left blank: the page before it is printed on "
                        "one side only.")
    else:
        text = ctx.tr._("This page is left blank so that the next pages start on the front of "
                        "a sheet.")
    page.decorate.append(partial(draw_blank_note, size=ctx.paper_size, text=text))
    return page


def _outline(manifest: dict, family: str, key: str, level: int = 0) -> list:
    """Bookmarks of one family's components: (page index, component name, level)."""
    return [(entry[key][0] - 1, entry["name"], level)
            for entry in manifest["components"] if entry["family"] == family and entry[key]]


def _kit_outline(ctx: RenderContext, manifest: dict) -> list:
    """Bookmarks of kit.pdf: each family in print order, and its components below it when it
    has several."""
    outline = []
    names = {family["id"]: family["name"] for family in ctx.game["families"]}
    for family in dict.fromkeys(entry["family"] for entry in manifest["components"]):
        members = _outline(manifest, family, "kit_pages", level=1)
        if not members:
            continue
        outline.append((min(m[0] for m in members), names[family], 0))
        if len(members) > 1:
            outline += sorted(members)
    return outline


def _family_name(ctx: RenderContext, family_id: str) -> str:
    return next(f["name"] for f in ctx.game["families"] if f["id"] == family_id)


def _info(ctx: RenderContext, what: str) -> DocInfo:
    """Document metadata: title, game, language, paper, versions and print options."""
    title = f"{ctx.game['title']}: {what}"
    subject = ctx.tr._("Print-and-play kit") + f" ({ctx.lang}, {ctx.paper})"
    options = ctx.options
    keywords = "; ".join([
        f"game={ctx.game_id}", f"language={ctx.lang}", f"paper={ctx.paper}",
        f"edition={ctx.game['edition']}", f"content={ctx.game['version']}",
        f"forge={__version__}", f"backs={options.backs}",
        "back-offset={:g},{:g}".format(*options.back_offset), f"marks={options.marks}",
        f"ink={options.ink}", f"board={options.board}"])
    return DocInfo(title, subject, kit_author(ctx), keywords, ctx.lang)


def kit_author(ctx: RenderContext) -> str:
    """Who made the kit, as its PDFs name it: never the game's publisher."""
    made_by = (ctx.game.get("kit") or {}).get("made_by")
    return made_by or ctx.tr._("players, with forge (unofficial)")


def _swap_in(staging: Path, target: Path) -> None:
    """Replace target with staging; the old kit is removed only after the new one is in place."""
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}-old")
        shutil.rmtree(old, ignore_errors=True)
        target.rename(old)
    staging.rename(target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
