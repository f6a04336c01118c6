"""`forge translations`: keep the gettext catalogs in step with the code, templates and content."""
from __future__ import annotations

from pathlib import Path

import click

from forge import i18n
from forge.cli.common import content_option, shown
from forge.errors import ContentError, UserError
from forge.games import GameSource

_ = i18n.messages_translator()._


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
        state = _("complete") if missing == 0 else _("{count} untranslated").format(count=missing)
        click.echo(f"{shown(path)}: {state}")


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
        click.echo(_("{path}: {count} translation(s) filled").format(path=shown(path),
                                                                     count=count))


@translations.command("check")
@content_option
def translations_check(content_dir):
    """Report missing, empty and unused messages in every catalog."""
    from forge.translations import check_all

    problems = check_all(*_translatable(content_dir))
    if problems:
        raise ContentError(problems)
    click.echo(_("All catalogs complete."))
