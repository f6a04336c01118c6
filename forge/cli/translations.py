"""`forge translations`: keep the gettext catalogs in step with the code, templates and content."""
from __future__ import annotations

from pathlib import Path

import click

from forge import i18n
from forge.cli.common import content_option, shown
from forge.errors import ContentError, UserError
from forge.games import GameSource

_ = i18n.messages_translator()._
ngettext = i18n.messages_translator().ngettext


@click.group()
def translations():
    """Keep the gettext catalogs in step with the code, templates and content.

    They work on the games of --content when it is given, else on your games folder's and, in
    a source checkout, on the shipped games' and forge's own catalogs.
    """


def _translatable(content_dir: Path | None) -> tuple[list[GameSource], bool]:
    """The games whose catalogs the translation commands may change, and whether forge's own
    catalogs are among them (in a source checkout with no --content; never in an installed
    package)."""
    from forge.games import all_games
    from forge.places import is_checkout

    checkout = is_checkout()
    origins = ("content",) if content_dir is not None else (
        ("user", "shipped") if checkout else ("user",))
    first: dict[str, GameSource] = {}
    for source in all_games(content_dir):
        if source.origin in origins:
            first.setdefault(source.id, source)
    return list(first.values()), checkout and content_dir is None


@translations.command("update")
@content_option
def translations_update(content_dir):
    """Write every catalog so it holds exactly the messages in use (translations kept)."""
    from forge.translations import update_all

    for path, missing in update_all(*_translatable(content_dir)):
        click.echo(f"{shown(path)}: {_state(missing)}")


def _state(missing: int) -> str:
    """'complete', or how many messages a catalog still lacks."""
    if missing == 0:
        return _("complete")
    return ngettext("{count} message to translate", "{count} messages to translate",
                    missing).format(count=missing)


@translations.command("add")
@click.argument("lang")
@content_option
def translations_add(lang, content_dir):
    """Create the catalogs of a new language LANG (fr, de, pt_BR...): forge's and every game's,
    each with every message to translate."""
    from forge.translations import add_language

    written = add_language(lang, *_translatable(content_dir))
    if not written:
        click.echo(_("Every catalog in '{lang}' exists already.").format(lang=lang))
    for path, missing in written:
        click.echo(f"{shown(path)}: {_state(missing)}")


@translations.command("status")
@click.argument("game", required=False)
@content_option
def translations_status(game, content_dir):
    """How far each catalog is translated: per game (and forge's own words) and language, the
    messages translated, fuzzy and missing (a plural message counted once)."""
    from forge.translations import status_all

    games, program = _translatable(content_dir)
    if game is not None:
        games = [source for source in games if source.id == game]
        if not games:
            raise UserError(_("no game '{game}' (games found: {known}; see 'forge games')").format(
                game=game, known=", ".join(s.id for s in _translatable(content_dir)[0]) or "-"))
    rows = status_all(games, program and game is None)
    head = (_("catalog"), _("language"), _("translated"), _("fuzzy"), _("missing"))
    table = [head] + [(owner, lang, str(s.translated), str(s.fuzzy), str(s.missing))
                      for owner, lang, s in rows]
    click.echo(aligned(table))


def aligned(rows: list[tuple[str, ...]]) -> str:
    """Rows as a table: text columns to the left, numbers to the right, two spaces between."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(width) if i >= 2 else cell.ljust(width)
                 for i, (cell, width) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


@translations.command("merge")
@click.argument("mapping", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--lang", required=True, help="Language of the translations in MAPPING.")
@content_option
def translations_merge(mapping, lang, content_dir):
    """Fill empty translations from a YAML mapping {English text: translation}."""
    from forge.translations import merge_mapping

    filled = merge_mapping(mapping, lang, *_translatable(content_dir))
    if not filled:
        raise UserError(_("no catalog in the language '{lang}': nothing was filled").format(
            lang=lang))
    for path, count in filled:
        click.echo(ngettext("{path}: {count} translation filled",
                            "{path}: {count} translations filled", count).format(
            path=shown(path), count=count))


@translations.command("check")
@content_option
def translations_check(content_dir):
    """Report missing, empty and unused messages in every catalog, and warn of what a
    proofreader of each language would mark (French spacing, German quotes, placeholders)."""
    from forge.translations import check_all, warnings_all

    chosen = _translatable(content_dir)
    for problem in warnings_all(*chosen):
        click.echo(_("warning: {problem}").format(problem=problem), err=True)
    problems = check_all(*chosen)
    if problems:
        raise ContentError(problems)
    click.echo(_("All catalogs complete."))
