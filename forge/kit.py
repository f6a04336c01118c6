"""Build kits: one game in one language on one paper, from validated content to files.

The stages, each in its own module: load and validate (games.py), make pieces (render/), lay out
and impose (layout.py, impose.py), write (write.py). This module runs them in order and writes
the kit folder all at once: it is assembled in a temporary folder and swapped in only when
complete, so a failed build never leaves a half-written kit over a good one.
"""
from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from forge import __version__
from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, Game, load_game
from forge.i18n import Translator
from forge.impose import impose_components, single_board_page, tiled_board_pages
from forge.layout import LARGE_PAPER, paper_size, tile_board
from forge.model import Component, Page, Piece
from forge.render import load_makers
from forge.render.context import RenderContext
from forge.tiles import decorate_tiles
from forge.write import DocInfo, write_pdf

BOARD_OVERLAP = 10.0    # mm shared by neighbouring board tiles
INSTRUCTIONS = "instructions"


@dataclass(frozen=True)
class KitResult:
    """What one kit build wrote."""

    folder: Path
    files: tuple[str, ...]
    pages: int
    manifest: dict


def make_context(game_id: str, lang: str, paper: str, content_dir: Path = DEFAULT_CONTENT,
                 check_catalogs: bool = True) -> RenderContext:
    """Load a game and set up the context its piece makers draw with."""
    game = load_game(Path(content_dir), game_id, check_catalogs=check_catalogs)
    return context_for(game, lang, paper, strict=check_catalogs)


def context_for(game: Game, lang: str, paper: str, strict: bool = True) -> RenderContext:
    """The render context of a loaded game for one language and paper."""
    if lang not in game.languages:
        raise UserError(f"{game.id} has no '{lang}' translation (languages: "
                        f"{', '.join(game.languages)})")
    return RenderContext(game.id, lang, game.data(lang, strict=strict),
                         Translator(lang, strict=strict), paper, paper_size(paper),
                         version=__version__, folder=game.folder)


def build_kit(game: Game, lang: str, paper: str, out_dir: Path) -> KitResult:
    """Build one kit into out_dir/<game>/<lang>/<paper>/, replacing a previous one whole."""
    ctx = context_for(game, lang, paper)
    components = make_components(ctx, skip={INSTRUCTIONS})
    plan = _plan(ctx, components)
    ahead = sum(c["count"] for c in ctx.game["components"] if c["draw"] == INSTRUCTIONS)
    manifest = _manifest(ctx, plan, first_page=ahead + 1)
    instructions = make_components(replace(ctx, manifest=tuple(manifest["components"]),
                                           large_board=plan.large_board_file),
                                   only={INSTRUCTIONS})
    plan.add_first(INSTRUCTIONS, impose_components(instructions, ctx.paper_size), instructions)
    manifest = _manifest(ctx, plan)
    target = out_dir / game.id / lang / paper
    files = _write_all(ctx, plan, manifest, target)
    return KitResult(target, files, sum(len(p) for p in plan.family_pages.values()), manifest)


def make_components(ctx: RenderContext, skip=(), only=None) -> list[Component]:
    """Run each component's maker; check that it made what game.yaml declares."""
    makers = load_makers()
    made = []
    for spec in ctx.game["components"]:
        if spec["draw"] in skip or (only is not None and spec["draw"] not in only):
            continue
        if spec["draw"] not in makers:
            raise UserError(f"component '{spec['id']}': no piece maker called '{spec['draw']}' "
                            f"(known: {', '.join(sorted(makers))})")
        pieces = makers[spec["draw"]](spec, ctx)
        made.append(_component(spec, pieces, ctx))
    return made


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
                     bool(spec.get("cut_marks", True)), spec.get("howto", ""))


class _Plan:
    """Pages of each family in kit order, and the large single-page board."""

    def __init__(self):
        self.family_pages: dict[str, list[Page]] = {}
        self.family_components: dict[str, list[Component]] = {}
        self.large_board: list[Page] = []
        self.large_board_file = ""
        self.large_paper = ""

    def add(self, family: str, pages: list[Page], components: list[Component]) -> None:
        self.family_pages[family] = pages
        self.family_components[family] = components

    def add_first(self, family: str, pages: list[Page], components: list[Component]) -> None:
        self.family_pages = {family: pages, **self.family_pages}
        self.family_components = {family: components, **self.family_components}


def _plan(ctx: RenderContext, components: list[Component]) -> _Plan:
    plan = _Plan()
    for family in ctx.game["families"]:
        members = [c for c in components if c.family == family["id"]]
        if not members:
            continue
        boards = [c for c in members if c.kind == "board"]
        others = [c for c in members if c.kind != "board"]
        pages = impose_components(others, ctx.paper_size) if others else []
        for board in boards:
            pages += _tiled_board(board, ctx)
            _add_large_board(plan, board, ctx)
        plan.add(family["id"], pages, members)
    return plan


def _tiled_board(board: Component, ctx: RenderContext) -> list[Page]:
    piece = board.pieces[0]
    landscape, tiles = tile_board(piece.trim, ctx.paper_size, BOARD_OVERLAP, piece.bleed)
    pages = tiled_board_pages(piece, tiles, landscape, ctx.paper_size)
    decorate_tiles(pages, tiles, piece, ctx)
    return pages


def _add_large_board(plan: _Plan, board: Component, ctx: RenderContext) -> None:
    large = LARGE_PAPER[ctx.paper]
    plan.large_paper = large
    plan.large_board_file = f"{board.id}-{large}.pdf"
    plan.large_board = [single_board_page(board.pieces[0], paper_size(large))]


def _manifest(ctx: RenderContext, plan: _Plan, first_page: int = 1) -> dict:
    """The machine-readable description of the kit (written as kit.json).

    first_page: the kit.pdf page number of the first planned page (pages not yet planned,
    such as the instructions, come before it).
    """
    entries = []
    kit_offset = first_page - 1
    for family, pages in plan.family_pages.items():
        for component in plan.family_components[family]:
            in_file = _pages_of(component.id, pages)
            entries.append({
                "id": component.id, "kind": component.kind, "family": family,
                "name": component.name, "count": component.count,
                "trim_mm": [round(v, 2) for v in component.trim],
                "bleed_mm": component.pieces[0].bleed,
                "file": f"{family}.pdf", "pages": in_file,
                "kit_pages": [p + kit_offset for p in in_file],
                "howto": component.howto,
            })
        kit_offset += len(pages)
    game = ctx.game
    manifest = {
        "game": ctx.game_id, "title": game["title"], "language": ctx.lang, "paper": ctx.paper,
        "paper_mm": list(ctx.paper_size), "edition": game["edition"],
        "content_version": game["version"], "forge_version": __version__,
        "pages": kit_offset, "components": entries,
    }
    if plan.large_board_file:
        manifest["large_board"] = {"file": plan.large_board_file, "paper": plan.large_paper,
                                   "paper_mm": list(paper_size(plan.large_paper))}
    return manifest


def _pages_of(component_id: str, pages: list[Page]) -> list[int]:
    """1-based numbers of the pages (of one file) that hold a component's pieces."""
    return [n for n, page in enumerate(pages, 1)
            if any(p.piece.component == component_id for p in page.placements)]


def _write_all(ctx: RenderContext, plan: _Plan, manifest: dict, target: Path) -> tuple[str, ...]:
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    staging.chmod(0o755)    # mkdtemp makes it private; a kit folder is for sharing
    try:
        files = _write_files(ctx, plan, manifest, staging)
        _swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return files


def _write_files(ctx, plan: _Plan, manifest: dict, folder: Path) -> tuple[str, ...]:
    files = []
    for family, pages in plan.family_pages.items():
        name = f"{family}.pdf"
        write_pdf(folder / name, pages, _info(ctx, _family_name(ctx, family)),
                  _outline(manifest, family, "pages"))
        files.append(name)
    all_pages = [page for pages in plan.family_pages.values() for page in pages]
    write_pdf(folder / "kit.pdf", all_pages, _info(ctx, ctx.tr._("Print-and-play kit")),
              _kit_outline(ctx, manifest))
    files.append("kit.pdf")
    if plan.large_board:
        write_pdf(folder / plan.large_board_file, plan.large_board,
                  _info(ctx, ctx.tr._("Board on one large page")),
                  [(0, _family_name(ctx, "board"), 0)])
        files.append(plan.large_board_file)
    (folder / "kit.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    files.append("kit.json")
    return tuple(files)


def _outline(manifest: dict, family: str, key: str, level: int = 0) -> list:
    """Bookmarks of one family's components: (page index, component name, level)."""
    return [(entry[key][0] - 1, entry["name"], level)
            for entry in manifest["components"] if entry["family"] == family and entry[key]]


def _kit_outline(ctx: RenderContext, manifest: dict) -> list:
    """Bookmarks of kit.pdf: each family, and its components below it when it has several."""
    outline = []
    for family in ctx.game["families"]:
        members = _outline(manifest, family["id"], "kit_pages", level=1)
        if not members:
            continue
        outline.append((members[0][0], family["name"], 0))
        if len(members) > 1:
            outline += members
    return outline


def _family_name(ctx: RenderContext, family_id: str) -> str:
    return next(f["name"] for f in ctx.game["families"] if f["id"] == family_id)


def _info(ctx: RenderContext, what: str) -> DocInfo:
    title = f"{ctx.game['title']}: {what}"
    subject = ctx.tr._("Print-and-play kit") + f" ({ctx.lang}, {ctx.paper})"
    return DocInfo(title, subject, ctx.game["credits"]["publisher"],
                   f"{ctx.game_id} {ctx.lang} {ctx.paper} {ctx.game['version']}", ctx.lang)


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
