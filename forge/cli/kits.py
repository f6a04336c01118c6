"""The kit commands: `build`, `preview`, `validate` and `games`."""
from __future__ import annotations

import time
from pathlib import Path

import click

from forge import i18n
from forge.cli.common import content_option, games_named, show_error, shown
from forge.errors import ContentError, UserError
from forge.games import GameSource
from forge.output import check_output_folder
from forge.validation import KIT_PAPERS  # built when no paper is named

PAPER_CHOICES = ("a4", "letter", "a3", "tabloid")
DEFAULT_OUT = Path("build")       # in the current folder

_ = i18n.messages_translator()._


def print_options(function):
    """The print options shared by `build` and `preview` (see forge/printing.py)."""
    from forge import printing

    decorators = [
        click.option("--profile", help="Print profile: a name in the user's config folder "
                     "(see 'forge calibrate') or a path to a .toml file."),
        click.option("--backs", type=click.Choice(printing.BACKS), help="How two-sided pieces "
                     "get their backs. Default: duplex-long."),
        click.option("--back-offset", "back_offset", metavar="X,Y",
                     help="Move every back page X mm right and Y mm up (from 'forge calibrate')."),
        click.option("--bleed", type=click.Choice(["0", "3", "6"]),
                     help="Bleed in mm for every piece cut along marks. Default: as the game "
                          "declares (3)."),
        click.option("--marks", type=click.Choice(printing.MARKS),
                     help="Short crop marks, long cut lines, or none. Default: crop."),
        click.option("--ink", type=click.Choice(printing.INKS),
                     help="Full colour, ink saver (no large fills) or grayscale. Default: full."),
        click.option("--board", "board_mode", type=click.Choice(printing.BOARDS),
                     help="Board tiled on the paper (and whole on A3/Tabloid in its own file), "
                          "or whole on one large page. Default: tiled."),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def resolve_print_options(profile, backs, back_offset, bleed, marks, ink, board_mode):
    """The print options and the profile's paper, from defaults, profile and command line."""
    from forge.printing import parse_offset, resolve

    offset = parse_offset(back_offset) if back_offset is not None else None
    return resolve(profile, backs=backs, back_offset=offset,
                   bleed=float(bleed) if bleed is not None else None, marks=marks, ink=ink,
                   board=board_mode)


def only_option(function):
    """--only, shared by `build` and `preview`: a kit of some components alone."""
    return click.option(
        "--only", "only", multiple=True, metavar="NAME",
        help="Only these components or families of game.yaml (repeatable), for example "
             "--only reference --only sheets: a partial kit, written beside the full one as "
             "partial-NAMES.pdf in a folder of its own.")(function)


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", "langs", multiple=True, help="Language (repeatable); default: all.")
@click.option("--paper", "papers", multiple=True, type=click.Choice(PAPER_CHOICES),
              help="Paper (repeatable); default: a4 and letter (or the profile's paper).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUT, show_default=True, help="Output folder.")
@click.option("--force", is_flag=True, help="Rebuild kits even when nothing changed.")
@click.option("--jobs", "-j", "jobs", type=click.IntRange(min=1), default=None,
              help="Kits built at once, each in a process of its own; 1 builds them one after "
                   "the other. Default: one per core.")
@only_option
@click.option("--print-shop", "print_shop", is_flag=True,
              help="Also write print-shop files into each kit's print-shop/ folder: one PDF per "
                   "component, each piece face alone on a page of its trim plus bleed, CMYK, "
                   "PDF/X-1a.")
@print_options
@content_option
def build(games, langs, papers, out_dir, force, jobs, only, print_shop, content_dir, profile,
          backs, back_offset, bleed, marks, ink, board_mode):
    """Build print-and-play kits: every game, language and paper unless told otherwise.

    A kit whose inputs (content, forge, options) did not change since it was built is left as
    it is; within a kit, only pieces that changed are drawn again. Kits are built on every core
    at once (--jobs); a kit that fails is named with its error and the others are built.
    """
    from forge.kit import KitFailure, KitJob, build_kits, default_workers

    started = time.perf_counter()
    options, profile_paper = resolve_print_options(profile, backs, back_offset, bleed, marks,
                                                   ink, board_mode)
    check_output_folder(out_dir)
    if print_shop and only:
        raise UserError(_("--print-shop makes files of whole kits: leave out --only"))
    papers = papers or ((profile_paper,) if profile_paper else KIT_PAPERS)
    sources = {source.id: source for source in games_named(content_dir, games)}
    jobs_wanted = [(game_id, lang, paper) for game_id, source in sources.items()
                   for lang in (langs or _languages(source)) for paper in papers]
    results, stale = _up_to_date_kits(sources, jobs_wanted, out_dir, options, force, only)
    # every game to build is loaded and checked before any kit is written
    loaded = {game_id: sources[game_id].load() for game_id, _l, _p in stale}
    for game_id, lang, _paper in stale:
        game = loaded[game_id]
        if lang not in game.languages:
            raise UserError(_("{game} has no '{lang}' translation (languages: {known})").format(
                game=game.id, lang=lang, known=", ".join(game.languages)))
    kit_jobs = [KitJob(loaded[game_id], lang, paper, tuple(only))
                for game_id, lang, paper in stale]

    def starting(index: int) -> None:
        game_id, lang, paper = stale[index]
        click.echo(_("[{number}/{total}] building {game} {lang} {paper}...").format(
            number=index + 1, total=len(stale), game=game_id, lang=lang, paper=paper), err=True)

    failed = []
    for index, result in build_kits(kit_jobs, out_dir, options, force=True,
                                    workers=jobs or default_workers(), on_start=starting):
        if isinstance(result, KitFailure):
            failed.append(stale[index])
            click.echo(_("{kit}: not built: {message}").format(
                kit=kit_jobs[index].name, message=result.message), err=True)
        else:
            results[stale[index]] = result
    done = [job for job in jobs_wanted if job in results]
    if print_shop:
        for job in done:
            if job[0] not in loaded:
                loaded[job[0]] = sources[job[0]].load()
            _write_print_shop(loaded[job[0]], job, results[job], out_dir, options)
    elapsed = time.perf_counter() - started
    _report([results[job] for job in done], elapsed)
    if failed:                          # in the order they were asked for, not finished in
        failed.sort(key=stale.index)
        raise UserError(_("{count} kit(s) not built: {kits}").format(
            count=len(failed), kits=", ".join(" ".join(job) for job in failed)))


def _up_to_date_kits(sources, jobs, out_dir: Path, options, force: bool, only):
    """The kits already built from their inputs ({job: result}) and the jobs left to build.

    Names given with --only are checked against each game's game.yaml first."""
    from forge.content import load_doc
    from forge.kit import kit_digest, kit_folder, select_components, up_to_date

    chosen = {game_id: select_components(load_doc(source.folder / "game.yaml").data, only)
              for game_id, source in sources.items()} if only else {}
    stale, results = [], {}
    for job in jobs:
        game_id, lang, paper = job
        digest = kit_digest(sources[game_id].folder, lang, paper, options,
                            chosen=chosen.get(game_id, ()))
        existing = None if force else up_to_date(kit_folder(out_dir, *job, tuple(only)), digest)
        if existing is None:
            stale.append(job)
        else:
            results[job] = existing
    return results, stale


def _report(results, elapsed: float) -> None:
    """One line per kit, then how many were built and how many were up to date."""
    for result in results:
        size = sum((result.folder / f).stat().st_size for f in result.files)
        line = _("{folder}: {files} files, {pages} pages in kit.pdf, {size} kB").format(
            folder=shown(result.folder), files=len(result.files), pages=result.pages,
            size=round(size / 1024))
        click.echo(line + (" " + _("(up to date)") if result.skipped else ""))
    built = sum(1 for r in results if not r.skipped)
    click.echo(_("Built {count} kit(s) in {seconds:.1f} s.").format(
        count=built, seconds=elapsed) + (" " + _("{count} kit(s) already up to date.").format(
            count=len(results) - built) if built < len(results) else ""))


def _write_print_shop(game, job: tuple[str, str, str], result, out_dir: Path, options) -> None:
    """Write the print-shop variant of one kit beside it and say what it holds."""
    from forge.piece_cache import PieceCache, cache_path
    from forge.printshop import build_print_shop

    _game_id, lang, paper = job
    cache = PieceCache(cache_path(out_dir, *job))
    shop = build_print_shop(game, lang, paper, result.folder, options, cache=cache)
    cache.save()
    size = sum((shop.folder / f).stat().st_size for f in shop.files)
    click.echo(_("{folder}: {files} print-shop files (PDF/X-1a, CMYK), {pages} pages, "
                 "{size} kB").format(folder=shown(shop.folder), files=len(shop.files),
                                     pages=shop.pages, size=round(size / 1024)))


def _languages(source: GameSource) -> list[str]:
    """The languages game.yaml lists, read without loading the whole game."""
    from forge.content import load_doc

    data = load_doc(source.folder / "game.yaml").data
    languages = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(languages, list) or not languages:
        return list(source.load().languages)    # reports what is wrong
    return [str(lang) for lang in languages]


@click.command("games")
@content_option
def list_games(content_dir):
    """List every game forge can see: its languages and where it comes from.

    Games are looked for in --content, then your games folder, then the games shipped with
    forge; the first game of an id is the one every command uses.
    """
    from forge.games import all_games, search_path

    origin_names = {"content": "--content", "user": _("your games folder"),
                    "shipped": _("shipped with forge")}
    click.echo(_("Games are looked for in this order:"))
    for number, (origin, folder) in enumerate(search_path(content_dir), 1):
        state = "" if folder.is_dir() else " " + _("(does not exist yet)")
        click.echo(f"  {number}. {origin_names[origin]}: {folder}{state}")
    used: set[str] = set()
    for source in all_games(content_dir):
        hidden = source.id in used
        used.add(source.id)
        click.echo("")
        click.echo(f"{source.id}  ({origin_names[source.origin]})" +
                   (" " + _("hidden by the game of the same id above") if hidden else ""))
        click.echo("  " + _("title: {title}").format(title=_game_title(source)))
        click.echo("  " + _("languages: {languages}").format(languages=_languagesshown(source)))
        click.echo("  " + _("folder: {folder}").format(folder=source.folder))
    if not used:
        click.echo(_("No games found."))


def _game_title(source: GameSource) -> str:
    """The title game.yaml gives, or '?' when the file cannot be read."""
    from forge.content import load_doc

    try:
        data = load_doc(source.folder / "game.yaml").data
    except UserError:
        return "?"
    title = data.get("title") if isinstance(data, dict) else None
    return str(title) if title else "?"


def _languagesshown(source: GameSource) -> str:
    """The game's languages, or why they cannot be read (a broken game is listed, not fatal)."""
    try:
        return ", ".join(_languages(source))
    except UserError as err:
        return _("unreadable ({reason}); run 'forge validate {game}'").format(
            reason=str(err).splitlines()[0], game=source.id)


@click.command()
@click.argument("games", nargs=-1)
@click.option("--no-layout", "quick", is_flag=True,
              help="Check the files only; do not lay out every kit.")
@click.option("--lang", "languages", multiple=True,
              help="Lay out only this language's kits (repeat for more; default: every "
                   "language of each game).")
@content_option
def validate(games, quick, languages, content_dir):
    """Check content: every problem with file, line and field, including what only laying out
    each kit (every language, A4 and Letter) would find."""
    from forge.validation import validate_game

    problems = []
    sources = games_named(content_dir, games)
    _check_languages_known(sources, languages)
    for source in sources:
        problems += validate_game(source.content_dir, source.id,
                                  papers=() if quick else KIT_PAPERS,
                                  languages=languages or None)
    if problems:
        raise ContentError(problems)
    click.echo(_("{count} game(s) valid: {games}").format(
        count=len(sources), games=", ".join(source.id for source in sources)))


def _check_languages_known(sources, languages) -> None:
    """Refuse a --lang that none of the games being validated has (it would lay out nothing)."""
    known = set()
    for source in sources:
        try:
            known.update(_languages(source))
        except UserError:                   # a broken game: validate says why
            return
    unknown = [lang for lang in languages if lang not in known]
    if unknown:
        raise UserError(_("no game here has the language {languages}; they have: "
                          "{known}").format(languages=", ".join(unknown),
                                            known=", ".join(sorted(known))))


@click.command()
@click.argument("game")
@click.option("--lang", default=None, help="Language; default: the game's first.")
@click.option("--paper", default="a4", type=click.Choice(PAPER_CHOICES), show_default=True)
@click.option("--dpi", default=60, show_default=True, type=click.IntRange(20, 300))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUT, show_default=True, help="Output folder.")
@click.option("--watch", is_flag=True, help="Keep watching the game's folder: on each change, "
              "rebuild the kit and rewrite the images of the pages that changed (Ctrl-C stops).")
@only_option
@print_options
@content_option
def preview(game, lang, paper, dpi, out_dir, watch, only, content_dir, profile, backs,
            back_offset, bleed, marks, ink, board_mode):
    """Build a kit and save every page of it as PNG, for a look without a PDF viewer.

    With --watch, keep the images up to date while you edit the game's files; an error in them
    is shown and the last good images stay.
    """
    from forge.preview import LivePreview, Watcher

    options, _paper = resolve_print_options(profile, backs, back_offset, bleed, marks, ink,
                                            board_mode)
    check_output_folder(out_dir)
    source = games_named(content_dir, (game,))[0]
    languages = _languages(source)
    lang = lang or languages[0]
    if lang not in languages:
        raise UserError(_("{game} has no '{lang}' translation (languages: {known})").format(
            game=source.id, lang=lang, known=", ".join(languages)))
    if only:
        from forge.content import load_doc
        from forge.kit import select_components

        select_components(load_doc(source.folder / "game.yaml").data, only)  # names checked
    live = LivePreview(source, lang, paper, out_dir, options, dpi, draft=watch, only=only)
    if not watch:
        written = live.build()
        click.echo(_("{count} page image(s) in {folder}").format(count=len(written),
                                                                folder=shown(live.folder)))
        return
    watcher = Watcher(source.folder, ignore=live.outputs)
    try:
        _show_update(live, live.update())
        click.echo(_("Watching {folder} for changes (Ctrl-C to stop).").format(
            folder=shown(source.folder)))
        watcher.run(lambda changed: _show_update(live, live.update(changed)))
    except KeyboardInterrupt:
        click.echo(_("Stopped watching."))


def _show_update(live, update) -> None:
    """One line for a build of a live preview; the error in full when it failed."""
    if update.error is not None:
        if update.changed:
            click.echo(_("{files}: not rebuilt, the last good images stay:").format(
                files=_changed_files(update.changed)), err=True)
        show_error(update.error)
    elif update.first:
        click.echo(_("{count} page image(s) in {folder}").format(count=len(update.written),
                                                                folder=shown(live.folder)))
    else:
        click.echo(_("{files}: {count} page image(s) rewritten in {seconds:.2f} s").format(
            files=_changed_files(update.changed), count=len(update.written),
            seconds=update.seconds))
    if update.error is None and update.untranslated:
        click.echo(_("{count} catalog problem(s): texts without a translation are shown in "
                     "English; run 'forge translations update', then 'forge validate'").format(
            count=update.untranslated), err=True)


def _changed_files(changed: tuple[str, ...], most: int = 3) -> str:
    """The files that changed, the first few named."""
    names = ", ".join(changed[:most])
    if len(changed) <= most:
        return names
    return _("{files} and {count} more").format(files=names, count=len(changed) - most)
