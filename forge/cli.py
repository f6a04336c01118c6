"""The `forge` command: thin click commands that parse, call the library and print.

User mistakes (bad content, unknown game, missing translation) are printed as plain messages with
a non-zero exit status, never as a traceback.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from forge import i18n
from forge.errors import ContentError, UserError
from forge.games import DEFAULT_CONTENT, game_ids, load_game
from forge.cli_simulate import simulate
from forge.cli_tetrarchia import tetrarchia

KIT_PAPERS = ("a4", "letter")
DEFAULT_OUT = i18n.REPO_DIR / "build"


_ = i18n.messages_translator()._

content_option = click.option(
    "--content", "content_dir", type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_CONTENT, show_default=True,
    help="Content folder holding one folder per game.")


def _fail(err: UserError) -> None:
    if isinstance(err, ContentError):
        for problem in err.problems:
            click.echo(str(problem), err=True)
        click.echo(_("{count} problem(s) found.").format(count=len(err.problems)), err=True)
    else:
        click.echo(_("error: {message}").format(message=err), err=True)
    sys.exit(1)


class ForgeGroup(click.Group):
    """Turns every UserError raised by a command into a clear message and exit status 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UserError as err:
            _fail(err)


@click.group(cls=ForgeGroup)
@click.version_option(package_name="forge-pnp")
def main():
    """Turn board-game rules written as data into print-and-play kits."""


def _games(content_dir: Path, names: tuple[str, ...]) -> list[str]:
    known = game_ids(content_dir)
    for name in names:
        if name not in known:
            raise UserError(_("no game '{game}' in {folder} (games there: {known})").format(
                game=name, folder=content_dir, known=", ".join(known) or "-"))
    return list(names) or known


@main.command()
@click.argument("games", nargs=-1)
@click.option("--lang", "langs", multiple=True, help="Language (repeatable); default: all.")
@click.option("--paper", "papers", multiple=True, type=click.Choice(KIT_PAPERS),
              help="Paper (repeatable); default: a4 and letter.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUT, show_default=True, help="Output folder.")
@content_option
def build(games, langs, papers, out_dir, content_dir):
    """Build print-and-play kits: every game, language and paper unless told otherwise."""
    from forge.kit import build_kit

    started = time.perf_counter()
    loaded = [load_game(content_dir, g) for g in _games(content_dir, games)]
    jobs = [(g, lang, paper) for g in loaded for lang in (langs or g.languages)
            for paper in (papers or KIT_PAPERS)]
    for game, lang, _paper in jobs:
        if lang not in game.languages:
            raise UserError(_("{game} has no '{lang}' translation (languages: {known})").format(
                game=game.id, lang=lang, known=", ".join(game.languages)))
    results = []
    for number, (game, lang, paper) in enumerate(jobs, 1):
        click.echo(_("[{number}/{total}] building {game} {lang} {paper}...").format(
            number=number, total=len(jobs), game=game.id, lang=lang, paper=paper), err=True)
        results.append(build_kit(game, lang, paper, out_dir))
    elapsed = time.perf_counter() - started
    for result in results:
        size = sum((result.folder / f).stat().st_size for f in result.files)
        click.echo(_("{folder}: {files} files, {pages} pages in kit.pdf, {size} kB").format(
            folder=_shown(result.folder), files=len(result.files), pages=result.pages,
            size=round(size / 1024)))
    click.echo(_("Built {count} kit(s) in {seconds:.1f} s.").format(
        count=len(results), seconds=elapsed))


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


@main.command()
@click.argument("games", nargs=-1)
@content_option
def validate(games, content_dir):
    """Check content: every problem with file, line and field."""
    problems = []
    names = _games(content_dir, games)
    for name in names:
        try:
            load_game(content_dir, name)
        except ContentError as err:
            problems += err.problems
    if problems:
        raise ContentError(problems)
    click.echo(_("{count} game(s) valid: {games}").format(count=len(names),
                                                         games=", ".join(names)))


@main.command()
@click.argument("game")
@click.option("--lang", default=None, help="Language; default: the game's first.")
@click.option("--paper", default="a4", type=click.Choice(KIT_PAPERS), show_default=True)
@click.option("--dpi", default=60, show_default=True, type=click.IntRange(20, 300))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUT, show_default=True, help="Output folder.")
@content_option
def preview(game, lang, paper, dpi, out_dir, content_dir):
    """Build a kit and save every page of it as PNG, for a look without a PDF viewer."""
    from forge.kit import build_kit
    from forge.preview import render_pngs

    loaded = load_game(content_dir, _games(content_dir, (game,))[0])
    lang = lang or loaded.languages[0]
    result = build_kit(loaded, lang, paper, out_dir)
    folder = result.folder / "preview"
    pdfs = [f for f in result.files if f.endswith(".pdf") and f != "kit.pdf"]
    written = render_pngs([result.folder / "kit.pdf"] +
                          [result.folder / f for f in pdfs if f.startswith("board-")],
                          folder, dpi)
    click.echo(_("{count} page image(s) in {folder}").format(count=len(written),
                                                            folder=_shown(folder)))


@main.command()
@click.option("--demo", "demo_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Play a scripted turn and save a screenshot of each screen in this folder.")
def companion(demo_dir):
    """Open the table companion in a phone-shaped window (needs the companion extra: Kivy)."""
    import subprocess

    try:
        import kivy  # noqa: F401
    except ImportError:
        raise UserError(_("the companion needs Kivy: pip install -e \".[companion]\"")) from None
    demo = ["--demo", str(demo_dir)] if demo_dir else []
    sys.exit(subprocess.call([sys.executable, "-m", "companion", *demo]))


@main.group()
def translations():
    """Keep the gettext catalogs in step with the code, templates and content."""


@translations.command("update")
@content_option
def translations_update(content_dir):
    """Write every catalog so it holds exactly the messages in use (translations kept)."""
    from forge.translations import update_all

    for path, missing in update_all(content_dir):
        state = _("complete") if missing == 0 else _("{count} untranslated").format(count=missing)
        click.echo(f"{_shown(path)}: {state}")


@translations.command("merge")
@click.argument("mapping", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--lang", required=True, help="Language of the translations in MAPPING.")
@content_option
def translations_merge(mapping, lang, content_dir):
    """Fill empty translations from a YAML mapping {English text: translation}."""
    from forge.translations import merge_mapping

    for path, count in merge_mapping(mapping, lang, content_dir):
        click.echo(_("{path}: {count} translation(s) filled").format(path=_shown(path),
                                                                     count=count))


@translations.command("check")
@content_option
def translations_check(content_dir):
    """Report missing, empty and unused messages in every catalog."""
    from forge.translations import check_all

    problems = check_all(content_dir)
    if problems:
        raise ContentError(problems)
    click.echo(_("All catalogs complete."))


main.add_command(tetrarchia)
main.add_command(simulate)

if __name__ == "__main__":
    main()
