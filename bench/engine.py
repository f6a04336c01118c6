"""Benchmark: the Tetrarchia rules engine and its bot, as the simulator uses them.

Run: python bench/engine.py [--games N] [--quick]
Prints barbarian phases per second, complete bot games per second on one core, the latency of
single actions, of barbarian phases (an `end_turn` plays one) and of the bot's decisions (mean
and 99th percentile, ms), and the wall time of the difficulty atlas (81 levels x 200 games on
every core; with --quick an estimate from 10 games a level). Nothing is asserted: figures, not
tests. Targets: >= 25 games/s per core, any action or barbarian phase < 5 ms, atlas < 10 min.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from forge import simulate  # noqa: E402
from forge.engine.tetrarchia import bot  # noqa: E402
from forge.engine.dice import Dice  # noqa: E402
from forge.engine.tetrarchia import RULES  # noqa: E402

ATLAS_GAMES = 200
LEVEL = "4211"


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def timed_games(level: str, games: int, seed: int = 1) -> dict[str, list[float]]:
    """Play games with the bot, timing every decision and every apply (seconds)."""
    faces = dict(RULES.dice_faces)
    times: dict[str, list[float]] = {"action": [], "phase": [], "choose": [], "game": []}
    clock = time.perf_counter
    for index in range(games):
        started = clock()
        state = RULES.setup(bot.setup_options(level),
                            Dice([], simulate.game_seed(seed, level, index), [], faces)).state
        while bot.ending(state) is None and state["round"] <= simulate.DEFAULT_MAX_ROUNDS:
            t0 = clock()
            action = bot.choose(state)
            t1 = clock()
            state = RULES.apply(state, action, Dice([], state["rng"], [], faces)).state
            t2 = clock()
            times["choose"].append(t1 - t0)
            times["phase" if action["type"] == "end_turn" else "action"].append(t2 - t1)
        times["game"].append(clock() - started)
    return times


def line(name: str, values: list[float]) -> str:
    """Mean and 99th percentile of latencies in seconds, shown in ms."""
    return (f"{name:28} mean {1000 * statistics.fmean(values):6.3f} ms   "
            f"p99 {1000 * percentile(values, 0.99):6.3f} ms   max {1000 * max(values):6.3f} ms"
            f"   (n={len(values)})")


def atlas_time(quick: bool) -> tuple[float, str]:
    """Wall time of the full atlas on every core (or its estimate from 10 games a level)."""
    levels = bot.levels()
    games = 10 if quick else ATLAS_GAMES
    started = time.perf_counter()
    simulate.run("tetrarchia", levels, games, seed=1)
    elapsed = time.perf_counter() - started
    if quick:
        return elapsed * ATLAS_GAMES / games, f"estimated from {games} games a level"
    return elapsed, "measured"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games timed on one core")
    parser.add_argument("--quick", action="store_true", help="estimate the atlas time")
    args = parser.parse_args()
    bot.choose(RULES.setup(bot.setup_options(LEVEL), Dice([], 1, [], {})).state)   # warm up
    started = time.perf_counter()
    times = timed_games(LEVEL, args.games)
    elapsed = time.perf_counter() - started
    phases = times["phase"]
    print(f"level {LEVEL}, {args.games} games on one core, {simulate.default_jobs()} core(s)")
    print(f"{'barbarian phases per second':28} {len(phases) / sum(phases):8.0f}")
    print(f"{'bot games per second (1 core)':28} {args.games / elapsed:8.1f}"
          f"   (mean {1000 * statistics.fmean(times['game']):.1f} ms a game)")
    print(line("action (not end_turn)", times["action"]))
    print(line("barbarian phase (end_turn)", phases))
    print(line("bot decision", times["choose"]))
    seconds, how = atlas_time(args.quick)
    print(f"{'atlas 81 x 200 games':28} {seconds:8.1f} s   ({how}, "
          f"{simulate.default_jobs()} jobs)")


if __name__ == "__main__":
    main()
