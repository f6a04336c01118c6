"""Benchmark: wall time and output size of a full build (every game, language and paper).

Run: .venv/bin/python bench/build.py [--repeat N]
Prints one line per kit and a total; nothing is asserted (figures, not tests).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from forge.games import DEFAULT_CONTENT, game_ids, load_game  # noqa: E402
from forge.kit import build_kit  # noqa: E402


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def run_once(out: Path) -> tuple[float, list[tuple[str, float, int, int]]]:
    started = time.perf_counter()
    rows = []
    for game_id in game_ids(DEFAULT_CONTENT):
        t0 = time.perf_counter()
        game = load_game(DEFAULT_CONTENT, game_id)
        load_time = time.perf_counter() - t0
        rows.append((f"{game_id} load+validate", load_time, 0, 0))
        for lang in game.languages:
            for paper in ("a4", "letter"):
                t0 = time.perf_counter()
                result = build_kit(game, lang, paper, out)
                rows.append((f"{game_id} {lang} {paper}", time.perf_counter() - t0,
                             folder_size(result.folder), result.pages))
    return time.perf_counter() - started, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    totals = []
    with tempfile.TemporaryDirectory() as tmp:
        for attempt in range(args.repeat):
            total, rows = run_once(Path(tmp) / f"run{attempt}")
            totals.append(total)
        print(f"{'kit':28} {'seconds':>8} {'size kB':>8} {'pages':>6}")
        for name, seconds, size, pages in rows:
            print(f"{name:28} {seconds:8.3f} {size / 1024:8.0f} {pages:6}")
        out = Path(tmp) / f"run{args.repeat - 1}"
        print(f"full build: median {statistics.median(totals):.2f} s over {args.repeat} runs "
              f"(min {min(totals):.2f} s), output {folder_size(out) / 1024 / 1024:.2f} MB")


if __name__ == "__main__":
    main()
