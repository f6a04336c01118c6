"""The designer's commands: `new` (a game folder to edit), `schema` (JSON schemas for editors)."""
from __future__ import annotations

from pathlib import Path

import click

from forge import i18n
from forge.cli.common import content_option, games_named, shown

_ = i18n.messages_translator()._

DEFAULT_SCHEMA_OUT = Path("json-schema")      # in the current folder


@click.command(name="new", help=_("Make the folder of a new game, NAME, to edit: a deck of "
                                  "cards, a sheet of counters and a rules reference, in English "
                                  "with Spanish catalogs, that validates and builds as it is."))
@click.argument("name")
@click.option("--out", "parent", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), help=_("Folder to make the game's folder NAME in (default: "
                                        "the current folder)."))
def new(name, parent):
    from forge.scaffold import new_game

    folder = new_game(name, parent)
    click.echo(_("Made {folder}: edit its YAML files and catalogs, then check and build it:")
               .format(folder=shown(folder)))
    content = shown(folder.parent)
    click.echo(f"  forge validate {name} --content {content}")
    click.echo(f"  forge build {name} --content {content}")


@click.command(name="schema", help=_("Write JSON Schema files of the content files (game.yaml, "
                                     "cards.yaml...), so an editor checks them as you type; "
                                     "with GAME, its own schemas too. A README says how to "
                                     "hook them up."))
@click.argument("game", required=False)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_SCHEMA_OUT, show_default=True,
              help=_("Folder to write the schemas and their README in."))
@content_option
def schema(game, out_dir, content_dir):
    from forge.json_schema import content_schemas, write_readme, write_schemas
    from forge.output import check_output_folder

    check_output_folder(out_dir)
    folder = games_named(content_dir, (game,))[0].folder if game else None
    schemas = content_schemas(folder)
    written = write_schemas(out_dir, schemas)
    written.append(write_readme(out_dir, sorted(schemas)))
    click.echo(_("Wrote {count} files in {folder} (see its README.md).").format(
        count=len(written), folder=shown(out_dir)))
