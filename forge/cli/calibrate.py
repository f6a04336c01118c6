"""`forge calibrate`: print the duplex calibration sheet, then save the offset it shows.

Without `--save`, writes the sheet (forge.calibrate) as a PDF and says what to do with it. With
`--save X,Y`, stores the back offset read off the sheet (and `--backs`, `--paper` when given) in a
print profile (forge.printing), which `--profile NAME` then applies to kits.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from forge import i18n
from forge.cli.common import shown
from forge.duplex import FLIPS
from forge.errors import UserError
from forge.output import cannot_write, check_output_folder
from forge.printing import (
    PAPERS,
    load_profile,
    parse_offset,
    profile_path,
    save_profile,
)

_ = i18n.messages_translator()._

DEFAULT_PROFILE = "default"
DEFAULT_OUT = Path("build")       # in the current folder


@click.command()
@click.option("--paper", type=click.Choice(PAPERS), default=None,
              help="Paper of the sheet; default: the profile's, else a4.")
@click.option("--backs", type=click.Choice(FLIPS), default=None,
              help="How the printer prints the second side; default: the profile's, "
                   "else duplex-long.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PDF to write; default: build/calibration-PAPER-BACKS.pdf.")
@click.option("--profile", "profile", default=None, metavar="NAME",
              help="Print profile (name or .toml file) to save into; default: 'default'.")
@click.option("--save", "save", default=None, metavar="X,Y",
              help="Store this back offset in mm (read off the printed sheet) in the profile.")
def calibrate(paper, backs, out_file, profile, save):
    """Print a duplex calibration sheet, or save the back offset read off it (--save X,Y)."""
    try:
        if save is None:
            _write_sheet(paper, backs, out_file, profile)
        else:
            _save_offset(save, paper, backs, profile or DEFAULT_PROFILE)
    except UserError as err:
        click.echo(_("error: {message}").format(message=err), err=True)
        sys.exit(1)


def _write_sheet(paper: str | None, backs: str | None, out_file: Path | None,
                 profile: str | None) -> None:
    from forge.calibrate import calibration_info, calibration_pages
    from forge.layout import paper_size
    from forge.write import write_pdf

    paper, backs = _defaults(paper, backs, profile)
    tr = i18n.messages_translator()
    out_file = out_file or DEFAULT_OUT / f"calibration-{paper}-{backs}.pdf"
    check_output_folder(out_file.parent)
    try:
        out_file.parent.mkdir(parents=True, exist_ok=True)
        write_pdf(out_file, calibration_pages(paper_size(paper), backs, tr),
                  calibration_info(paper, backs, tr))
    except OSError as err:
        raise cannot_write(out_file, err) from None
    name = profile or DEFAULT_PROFILE
    click.echo(_("Calibration sheet written: {path}").format(path=shown(out_file)))
    click.echo(_("Print both pages at 100 % (actual size); {edge}").format(edge=_edge(backs)))
    click.echo(_("Hold the sheet against a window or a lamp, find the ring with the cross "
                 "centred in it and run:"))
    click.echo(f"  forge calibrate --save X,Y --profile {name}")


def _edge(backs: str) -> str:
    return {
        "duplex-long": _("two-sided, flipped on the long edge."),
        "duplex-short": _("two-sided, flipped on the short edge."),
        "fronts-then-backs": _("page 1, then page 2 on the back of the sheet, "
                               "turned over its long edge."),
    }[backs]


def _defaults(paper: str | None, backs: str | None, profile: str | None) -> tuple[str, str]:
    """Paper and backs from the command line, else from the profile when it exists."""
    if profile and profile_path(profile).exists():
        loaded = load_profile(profile)
        paper = paper or loaded.paper
        if backs is None and loaded.options.get("backs") in FLIPS:
            backs = loaded.options["backs"]
    return paper or "a4", backs or "duplex-long"


def _save_offset(text: str, paper: str | None, backs: str | None, profile: str) -> None:
    offset = parse_offset(text, option="--save")
    path = save_profile(profile, back_offset=offset, backs=backs, paper=paper)
    offset_text = ", ".join(f"{v + 0.0:g}" for v in offset)
    click.echo(_("Back offset {offset} mm saved in profile '{profile}': {path}").format(
        offset=offset_text, profile=profile, path=shown(path)))
    click.echo(_("Build kits with --profile {profile} to use it.").format(profile=profile))
