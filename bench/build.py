"""Benchmark: wall time and output size of a full build (every game, language and paper), and
of the incremental builds the render cache and the up-to-date check make fast.

Run: .venv/bin/python bench/build.py [--repeat N]
Prints one line per kit, the full-build total, then:
- a forced rebuild with a warm render cache (every piece replayed, every PDF rewritten);
- `forge build` run again with nothing changed (a fresh process, as a user runs it);
- one demo card's text changed, then `forge build` (only that card is drawn again).
Nothing is asserted (figures, not tests).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from forge.games import DEFAULT_CONTENT, game_ids, load_game  # noqa: E402
from forge.kit import build_kit  # noqa: E402


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*")
               if p.is_file() and ".cache" not in p.parts)   # the render cache is not output


def run_once(out: Path, content: Path = DEFAULT_CONTENT
             ) -> tuple[float, list[tuple[str, float, int, int]]]:
    started = time.perf_counter()
    rows = []
    for game_id in game_ids(content):
        t0 = time.perf_counter()
        game = load_game(content, game_id)
        load_time = time.perf_counter() - t0
        rows.append((f"{game_id} load+validate", load_time, 0, 0))
        for lang in game.languages:
            for paper in ("a4", "letter"):
                t0 = time.perf_counter()
                result = build_kit(game, lang, paper, out, force=True)
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
              f"(min {min(totals):.2f} s), output {folder_size(out) / 1024 / 1024:.2f} MB "
              f"(each run into a new folder: cold render cache)")
        incremental(Path(tmp), args.repeat)


def forge_build(content: Path, out: Path) -> tuple[float, str]:
    """Run `forge build` in a fresh process, as a user does; wall time and its last line."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "forge.cli", "build", "--content", str(content),
                           "--out", str(out)], capture_output=True, text=True, check=True)
    return time.perf_counter() - started, done.stdout.strip().splitlines()[-1]


def incremental(tmp: Path, repeat: int) -> None:
    content = tmp / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    out = tmp / "incremental"
    run_once(out, content)                              # fills the kits and the render cache
    warm = [run_once(out, content)[0] for _ in range(repeat)]
    print(f"forced rebuild, warm render cache: median {statistics.median(warm):.2f} s")
    unchanged = [forge_build(content, out) for _ in range(repeat)]
    print(f"'forge build' with nothing changed: median "
          f"{statistics.median(t for t, _ in unchanged):.2f} s wall ({unchanged[-1][1]})")
    cards = content / "demo" / "cards.yaml"
    if cards.exists():
        times = []
        for attempt in range(repeat):
            text = cards.read_text(encoding="utf-8")
            at = text.index("cost: ") + len("cost: ")
            end = text.index("\n", at)
            cards.write_text(f"{text[:at]}{attempt + 5}{text[end:]}", encoding="utf-8")
            times.append(forge_build(content, out))
        print(f"'forge build' after the cost of one demo card changed: median "
              f"{statistics.median(t for t, _ in times):.2f} s wall ({times[-1][1]}; the 4 demo "
              f"kits are rebuilt, only that card drawn again)")


if __name__ == "__main__":
    main()
