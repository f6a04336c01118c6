"""Benchmark: wall time and size of the print-shop variant of Conquest of the Empire II
(English, A4): each piece face on its own PDF/X-1a page in CMYK (forge/printshop.py).

Run: .venv/bin/python bench/printshop.py [--repeat N]
Prints the time with a cold render cache (every face drawn) and with a warm one (faces replayed),
then the files, their pages and sizes. Nothing is asserted (figures, not tests).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from forge.games import DEFAULT_CONTENT, load_game  # noqa: E402
from forge.piece_cache import PieceCache  # noqa: E402
from forge.printshop import build_print_shop  # noqa: E402

GAME, LANG, PAPER = "conquest-of-the-empire-2", "en", "a4"


def timed(game, folder: Path, cache: PieceCache):
    started = time.perf_counter()
    result = build_print_shop(game, LANG, PAPER, folder, cache=cache)
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = load_game(DEFAULT_CONTENT, GAME)
    cold, warm = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for attempt in range(args.repeat):
            cache = PieceCache(None)        # in memory: the first run draws, the second replays
            cold.append(timed(game, Path(tmp) / f"run{attempt}", cache)[0])
            seconds, result = timed(game, Path(tmp) / f"run{attempt}", cache)
            warm.append(seconds)
        print(f"{GAME} {LANG} {PAPER} print-shop: cold cache {statistics.median(cold):.2f} s, "
              f"warm cache {statistics.median(warm):.2f} s (median of {args.repeat})")
        total = 0
        for name in result.files:
            size = (result.folder / name).stat().st_size
            total += size
            print(f"  {name:28} {size / 1024:8.0f} kB")
        print(f"  {len(result.files)} files, {result.pages} pages, {total / 1024:.0f} kB")


if __name__ == "__main__":
    main()
