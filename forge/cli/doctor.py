"""`forge doctor`: says whether everything a kit build and the companion need is in place.

The checks are forge.doctor's; this prints them under "Kits" and "Companion", one line each (status,
name, detail) with the remedy indented below when not ok, then a summary. The exit status is 1 when
a kit build lacks something; the companion's problems are shown but do not change it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from forge import i18n
from forge.cli.common import content_option
from forge.doctor import COMPANION, FAIL, KITS, OK, WARN, Check, kits_fail, run_checks
from forge.errors import UserError

_ = i18n.messages_translator()._

DEFAULT_OUT = Path("build")       # in the current folder, as forge build's


def _headings() -> dict[str, str]:
    return {KITS: _("Kits"), COMPANION: _("Companion")}


def _status_words() -> dict[str, str]:
    return {OK: _("ok"), WARN: _("warn"), FAIL: _("fail")}


@click.command()
@click.option("--out", "out_dir", type=click.Path(path_type=Path),
              default=DEFAULT_OUT, show_default=True, help="Output folder kits are built in.")
@content_option
def doctor(out_dir, content_dir):
    """Check that everything a kit build and the companion need is in place."""
    try:
        checks = run_checks(out_dir, content_dir)
    except UserError as err:
        click.echo(_("error: {message}").format(message=err), err=True)
        sys.exit(1)
    _print_checks(checks)
    click.echo("")
    click.echo(summary(checks))
    sys.exit(1 if kits_fail(checks) else 0)


def _print_checks(checks: list[Check]) -> None:
    words = _status_words()
    width = max(len(word) for word in words.values())
    names = max(len(check.name) for check in checks)
    for section, heading in _headings().items():
        click.echo(heading)
        for check in (c for c in checks if c.section == section):
            click.echo(f"{words[check.status]:<{width}}  {check.name:<{names}}  {check.detail}")
            if check.status != OK and check.remedy:
                click.echo(" " * (width + 2) + "→ " + check.remedy)


def summary(checks: list[Check]) -> str:
    """One line: can kits be built, can the companion start (and why not)."""
    kit_problems = sum(c.section == KITS and c.status == FAIL for c in checks)
    reasons = "; ".join(c.detail for c in checks if c.section == COMPANION and c.status == FAIL)
    if kit_problems and reasons:
        return _("Kits cannot be built: {count} problem(s) above; the companion cannot start: "
                 "{reason}.").format(count=kit_problems, reason=reasons)
    if kit_problems:
        return _("Kits cannot be built: {count} problem(s) above; the companion can "
                 "start.").format(count=kit_problems)
    if reasons:
        return _("Kits can be built; the companion cannot start: {reason}.").format(
            reason=reasons)
    return _("Kits can be built; the companion can start.")
