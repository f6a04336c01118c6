"""`forge simulate GAME`: play many games with the bot and print how often it wins.

`--level` (repeatable) or `--all-levels`; `--json` prints the figures for machines; with
`--all-levels`, `--write FILE` writes the difficulty atlas (content/<game>/atlas.yaml) that the
kit's atlas page draws. The work is spread over every core (`--jobs`), with a progress bar on
stderr; the same seed always gives the same figures, whatever the number of jobs.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from forge import i18n
from forge.errors import UserError

_ = i18n.messages_translator()._


@click.command()
@click.argument("game")
@click.option("--level", "levels", multiple=True,
              help="Level to simulate (repeatable), e.g. 4211.")
@click.option("--all-levels", is_flag=True, help="Simulate every level of the game.")
@click.option("--games", default=200, show_default=True, type=click.IntRange(1),
              help="Games per level.")
@click.option("--seed", default=1, show_default=True, type=click.IntRange(0),
              help="Seed of the run: the same seed gives the same figures.")
@click.option("--jobs", default=None, type=click.IntRange(1),
              help="Worker processes; default: one per core.")
@click.option("--max-rounds", default=None, type=click.IntRange(1),
              help="Rounds after which a game stops and counts as capped.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--write", "write_to", type=click.Path(dir_okay=False, path_type=Path),
              help="With --all-levels: write the difficulty atlas data to this file.")
def simulate(game, levels, all_levels, games, seed, jobs, max_rounds, as_json, write_to):
    """Play many games with the bot; print win rates, scores and causes of defeat."""
    from forge import simulate as sim

    player = _player(game)
    chosen = _levels(player, levels, all_levels, write_to)
    max_rounds = max_rounds or sim.DEFAULT_MAX_ROUNDS
    jobs = jobs or sim.default_jobs()
    started = time.perf_counter()
    with click.progressbar(length=games * len(chosen), label=_("Simulating"),
                           file=sys.stderr) as bar:
        summaries = sim.run(game, chosen, games, seed, jobs, max_rounds, progress=bar.update)
    elapsed = time.perf_counter() - started
    if write_to:
        _write_atlas(sim.atlas_data(game, summaries, games, seed, max_rounds), write_to)
    if as_json:
        click.echo(json.dumps({"game": game, "seed": seed, "games_per_level": games,
                               "max_rounds": max_rounds, "bot": player.BOT_VERSION,
                               "seconds": round(elapsed, 2),
                               "levels": [s.as_dict() for s in summaries]}, indent=2))
    else:
        _print_summaries(game, summaries, seed, player.BOT_VERSION, jobs, elapsed)
    if write_to:
        click.echo(_("Atlas written to {file}.").format(file=write_to), err=True)


def _player(game: str):
    from forge import simulate as sim

    try:
        return sim.contestant(game)
    except KeyError:
        raise UserError(_("no simulation for '{game}' (games with a bot: {known})").format(
            game=game, known=", ".join(sorted(sim.contestants())))) from None
    except ImportError as err:
        raise UserError(_("the {game} engine or bot cannot be loaded ({error})").format(
            game=game, error=err)) from None


def _levels(player, levels, all_levels: bool, write_to) -> list[str]:
    known = list(player.levels())
    if all_levels and levels:
        raise UserError(_("give either --level or --all-levels, not both"))
    if write_to and not all_levels:
        raise UserError(_("--write makes the atlas of every level: add --all-levels"))
    if all_levels:
        return known
    if not levels:
        raise UserError(_("which level? Give --level (e.g. --level {level}) or --all-levels")
                        .format(level=known[len(known) // 2]))
    for level in levels:
        if level not in known:
            raise UserError(_("unknown level '{level}' (levels are four digits such as "
                              "{example})").format(level=level, example=known[len(known) // 2]))
    return list(dict.fromkeys(levels))


def _write_atlas(data: dict, path: Path) -> None:
    from forge import simulate as sim

    problems = sim.check_atlas(data)
    if problems:                                   # a bug in forge, not a user mistake
        raise RuntimeError("the atlas does not match its schema: " +
                           "; ".join(str(p) for p in problems))
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(sim.atlas_yaml(data), encoding="utf-8")
    temporary.replace(path)


def _percent(value: float) -> str:
    return f"{100 * value:.1f} %"


def _print_summaries(game, summaries, seed, bot, jobs, elapsed) -> None:
    total = sum(s.games for s in summaries)
    click.echo(_("{game}: {games} games, seed {seed}, bot {bot}, {jobs} jobs, {seconds:.1f} s "
                 "({rate:.0f} games/s)").format(game=game, games=total, seed=seed, bot=bot,
                                                jobs=jobs, seconds=elapsed,
                                                rate=total / elapsed if elapsed else 0))
    if len(summaries) == 1:
        _print_one(summaries[0])
    else:
        _print_table(summaries)


def _print_one(s) -> None:
    click.echo(_("Level {level}").format(level=s.level))
    click.echo("  " + _("victories: {wins} of {games} ({rate}; 95 % interval {low} to {high})")
               .format(wins=s.wins, games=s.games, rate=_percent(s.win_rate),
                       low=_percent(s.low), high=_percent(s.high)))
    click.echo("  " + _("defeats: {defeats}; capped (too long): {capped}").format(
        defeats=s.defeats, capped=s.capped))
    score = "—" if s.mean_score is None else f"{s.mean_score:.2f}"
    click.echo("  " + _("mean score: {score}; mean rounds: {rounds:.1f}; mean actions: "
                        "{actions:.0f}").format(score=score, rounds=s.mean_rounds,
                                                actions=s.mean_actions))
    if s.causes:
        causes = ", ".join(f"{reason} {count}" for reason, count in
                           sorted(s.causes.items(), key=lambda kv: (-kv[1], kv[0])))
        click.echo("  " + _("causes of defeat: {causes}").format(causes=causes))


def _print_table(summaries) -> None:
    heads = (_("level"), _("wins"), _("rate"), _("95 % interval"), _("score"), _("rounds"),
             _("capped"))
    click.echo(" ".join(h.rjust(w) for h, w in zip(heads, (6, 6, 7, 15, 6, 6, 6))))
    for s in summaries:
        score = "—" if s.mean_score is None else f"{s.mean_score:.2f}"
        interval = f"{100 * s.low:.1f}–{100 * s.high:.1f}"
        click.echo(f"{s.level:>6} {s.wins:>6} {_percent(s.win_rate):>7} {interval:>15} "
                   f"{score:>6} {s.mean_rounds:>6.1f} {s.capped:>6}")
