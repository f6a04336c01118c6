"""Play many complete games with a bot and measure them: win rate, score, length, causes.

Generic over a game: a game that can be simulated names a *contestant* module in its engine's `BOT`
(forge/registry.py),
which provides (see `Contestant`) its rules, its levels, the setup options of a level, the bot's
`choose(state)` and `ending(state)`. The runner calls the rules' `apply` directly on one state per
game (no Session, no log, no copies: the bot only reads the state), with dice drawn from the
generator state the game keeps in `state["rng"]`.

Reproducible by construction: game i of a level is set up with a seed derived from (seed, level,
i) alone, the bot is deterministic, and results are gathered in game order, so the figures do not
depend on the number of worker processes or on how the work was chunked.
"""
from __future__ import annotations

import hashlib
import importlib
import math
import multiprocessing
import os
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable, Iterable, Protocol

from forge.engine.core import ActionError, Rules
from forge.engine.dice import Dice

Z95 = 1.959963984540054          # the normal quantile of a two-sided 95 % interval
DEFAULT_MAX_ROUNDS = 200         # a game still running after this many rounds is "capped"
CHUNK = 25                       # games per unit of work sent to a worker process
ATLAS_FORMAT = 1                 # version of the atlas data file


class Contestant(Protocol):
    """What a game provides to be simulated (a module exposing these names).

    `ending(state)` is None while the game runs, then {"result": "victory" | "defeat",
    "reason": str, "score": int | None}; `score_of` scores an unfinished (capped) game.
    """

    RULES: Rules
    BOT_VERSION: str             # changes whenever the bot plays differently

    def levels(self) -> tuple[str, ...]: ...
    def setup_options(self, level: str) -> dict: ...
    def choose(self, state: dict) -> dict: ...
    def ending(self, state: dict) -> dict | None: ...
    def round_of(self, state: dict) -> int: ...
    def score_of(self, state: dict) -> int | None: ...


@dataclass(frozen=True)
class GameResult:
    """One simulated game. `result` is 'victory', 'defeat' or 'capped' (ran out of rounds)."""

    level: str
    index: int
    result: str
    reason: str
    score: int | None
    rounds: int
    actions: int


@dataclass(frozen=True)
class LevelSummary:
    """The figures of one level over its games."""

    level: str
    games: int
    wins: int
    defeats: int
    capped: int
    win_rate: float
    low: float                   # 95 % Wilson interval of the win rate
    high: float
    mean_score: float | None     # over the games that have a score
    mean_rounds: float
    mean_actions: float
    causes: dict[str, int] = field(default_factory=dict)   # defeat reason -> games

    def as_dict(self) -> dict:
        """JSON-safe form (rates and means rounded for print and data files)."""
        return {"level": self.level, "games": self.games, "wins": self.wins,
                "defeats": self.defeats, "capped": self.capped,
                "win_rate": round(self.win_rate, 4), "low": round(self.low, 4),
                "high": round(self.high, 4),
                "mean_score": None if self.mean_score is None else round(self.mean_score, 3),
                "mean_rounds": round(self.mean_rounds, 2),
                "mean_actions": round(self.mean_actions, 1),
                "causes": dict(sorted(self.causes.items()))}


# --- statistics ---------------------------------------------------------------------------------

def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0, 1 with no trials)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)     # exact at the edges
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def summarise(level: str, results: list[GameResult]) -> LevelSummary:
    """The figures of one level from its games (in any order: they are sorted first)."""
    results = sorted(results, key=lambda r: r.index)
    n = len(results)
    wins = sum(r.result == "victory" for r in results)
    defeats = sum(r.result == "defeat" for r in results)
    scores = [r.score for r in results if r.score is not None]
    low, high = wilson(wins, n)
    causes = Counter(r.reason for r in results if r.result != "victory")
    return LevelSummary(level, n, wins, defeats, n - wins - defeats, wins / n if n else 0.0,
                        low, high, math.fsum(scores) / len(scores) if scores else None,
                        math.fsum(r.rounds for r in results) / n if n else 0.0,
                        math.fsum(r.actions for r in results) / n if n else 0.0, dict(causes))


def game_seed(seed: int, level: str, index: int) -> int:
    """The generator seed of game `index` of `level` in a run seeded `seed` (64 bits)."""
    digest = hashlib.blake2b(f"{seed}/{level}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


# --- playing ------------------------------------------------------------------------------------

def contestants() -> dict[str, str]:
    """The games that can be simulated: game id -> the dotted name of its bot module."""
    from forge.registry import engines

    return {game: engine.bot for game, engine in engines().items() if engine.bot}


def contestant(game: str) -> ModuleType:
    """The contestant module of a game; KeyError names the games that can be simulated."""
    bots = contestants()
    if game not in bots:
        raise KeyError(game)
    return importlib.import_module(bots[game])


def play_game(player: Contestant, level: str, seed: int,
              max_rounds: int = DEFAULT_MAX_ROUNDS, index: int = 0) -> GameResult:
    """Play one game of `level` from generator seed `seed` to its end or to the round cap."""
    rules, choose, ending, round_of = player.RULES, player.choose, player.ending, player.round_of
    faces = dict(rules.dice_faces)
    apply = rules.apply
    state = rules.setup(player.setup_options(level), Dice([], seed, [], faces)).state
    actions = 0
    while True:
        end = ending(state)
        if end is not None:
            return GameResult(level, index, end["result"], end["reason"], end["score"],
                              round_of(state), actions)
        if round_of(state) > max_rounds:
            return GameResult(level, index, "capped", "capped", player.score_of(state),
                              max_rounds, actions)
        action = choose(state)
        try:
            state = apply(state, action, Dice([], state["rng"], [], faces)).state
        except ActionError as err:                # a bug in the bot: say how to replay it
            raise RuntimeError(f"the bot played {action} in level {level}, game {index} "
                               f"(generator seed {seed}), action {actions + 1}: "
                               f"{err}") from err
        actions += 1


@dataclass(frozen=True)
class Chunk:
    """A unit of work: games start..stop-1 of one level."""

    game: str
    level: str
    seed: int
    start: int
    stop: int
    max_rounds: int


def play_chunk(chunk: Chunk) -> list[GameResult]:
    """Play the games of one chunk (in a worker process or in this one)."""
    player = contestant(chunk.game)
    return [play_game(player, chunk.level, game_seed(chunk.seed, chunk.level, i),
                      chunk.max_rounds, i) for i in range(chunk.start, chunk.stop)]


def chunks(game: str, levels: Iterable[str], games: int, seed: int,
           max_rounds: int = DEFAULT_MAX_ROUNDS, size: int = CHUNK) -> list[Chunk]:
    """The work of a run, cut into chunks of at most `size` games."""
    return [Chunk(game, level, seed, start, min(start + size, games), max_rounds)
            for level in levels for start in range(0, games, size)]


def default_jobs() -> int:
    """Worker processes to use: every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                       # not on Linux
        return max(1, os.cpu_count() or 1)


def run(game: str, levels: Iterable[str], games: int, seed: int, jobs: int | None = None,
        max_rounds: int = DEFAULT_MAX_ROUNDS,
        progress: Callable[[int], None] | None = None) -> list[LevelSummary]:
    """Simulate `games` games of each level; one summary per level, in the order given.

    `progress` is called with the number of games each finished chunk played.
    """
    levels = list(levels)
    work = chunks(game, levels, games, seed, max_rounds)
    jobs = min(jobs or default_jobs(), max(1, len(work)))
    results: dict[str, list[GameResult]] = {level: [] for level in levels}
    for batch in _played(work, jobs):
        if batch:
            results[batch[0].level] += batch
            if progress:
                progress(len(batch))
    return [summarise(level, results[level]) for level in levels]


def _played(work: list[Chunk], jobs: int):
    """Each chunk's results as it finishes, in this process (jobs 1) or in a pool."""
    if jobs == 1:
        for chunk in work:
            yield play_chunk(chunk)
        return
    # forkserver: workers start from a clean process, never a fork of one holding threads or a
    # window (a fork taken after a GUI or GL library started can hang)
    context = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap_unordered(play_chunk, work)


# --- the atlas data -----------------------------------------------------------------------------

def atlas_data(game: str, summaries: list[LevelSummary], games: int, seed: int,
               max_rounds: int = DEFAULT_MAX_ROUNDS) -> dict:
    """The atlas as data (forge/schemas/atlas.yaml): reproducible, so it holds no date."""
    from forge import __version__

    player = contestant(game)
    return {
        "format": ATLAS_FORMAT, "game": game, "engine_version": __version__,
        "rules_version": str(player.RULES.rules_version), "bot": player.BOT_VERSION,
        "seed": seed, "games_per_level": games, "max_rounds": max_rounds, "confidence": 0.95,
        "levels": [_atlas_row(s) for s in summaries],
    }


def check_atlas(data: dict) -> list:
    """Problems of atlas data against forge/schemas/atlas.yaml (none when it is sound)."""
    from pathlib import Path

    from forge.content import Doc
    from forge.schema import validate_docs

    return validate_docs([Doc(Path("atlas.yaml"), data)]).problems


def _atlas_row(s: LevelSummary) -> dict:
    row = {"level": s.level, "games": s.games, "wins": s.wins, "capped": s.capped,
           "win_rate": round(s.win_rate, 4), "low": round(s.low, 4), "high": round(s.high, 4)}
    if s.mean_score is not None:                 # the schema has no null: leave it out
        row["mean_score"] = round(s.mean_score, 2)
    row["mean_rounds"] = round(s.mean_rounds, 2)
    return row


ATLAS_HEADER = """\
# The difficulty atlas of {game}: how often forge's bot wins each level.
# Written by `forge simulate {game} --all-levels --games {games} --seed {seed} --write ...`;
# do not edit by hand: run that command again (same seed, same figures). Schema:
# forge/schemas/atlas.yaml. win_rate = wins / games; low-high is its 95 % Wilson interval;
# mean_score is the rulebook's 10-point score at the end; capped games hit max_rounds.
"""


def atlas_yaml(data: dict) -> str:
    """The atlas data as a stable, diff-friendly YAML text (one line per level)."""
    import json

    lines = [ATLAS_HEADER.format(game=data["game"], games=data["games_per_level"],
                                 seed=data["seed"])]
    for key, value in data.items():
        if key != "levels":
            lines.append(f"{key}: {json.dumps(value)}")
    lines.append("levels:")
    for row in data["levels"]:
        cells = ", ".join(f"{k}: {json.dumps(v)}" for k, v in row.items())
        lines.append(f"  - {{{cells}}}")
    return "\n".join(lines) + "\n"
