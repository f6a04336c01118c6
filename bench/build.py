"""Benchmark: `forge build` of every kit (every game, language, A4 and Letter) as a user runs it,
one kit after the other and on every core, and the builds a translator runs while proofreading.

Run: .venv/bin/python bench/build.py [--repeat N] [--jobs N] [--game G ...]
Prints, each `forge build` run in a fresh process:
- every kit from cold (a new output folder: no render cache), --jobs 1, then --jobs N (default:
  one per core): wall time, CPU time of the processes (user + system, children included) and
  their ratio, the cores kept busy, and the machine's load average as it started (other work
  on the machine takes cores from the build); the two outputs are compared byte for byte;
- the same through forge.kit.build_kits, noting when each kit starts and ends: how much of the
  time several kits were being built at once;
- `forge build` again with nothing changed (the up-to-date check);
- one demo card's cost changed, then `forge build` (only that card is drawn again);
- one game's reference and summary sheets in one language (--only), cold and then again after
  one of its texts changed.
Nothing is asserted (figures, not tests).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from forge.games import DEFAULT_CONTENT  # noqa: E402

PROOFREAD = ("tetrarchia", "es", ["reference", "sheets"])    # game, language, --only names


@dataclass(frozen=True)
class Run:
    wall: float         # seconds
    cpu: float          # user + system seconds of `forge build` and its worker processes
    last_line: str
    load: float         # the system's load average (1 minute) when it started

    @property
    def cores(self) -> float:
        return self.cpu / self.wall if self.wall else 0.0


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def forge_build(content: Path, out: Path, *args: str) -> Run:
    """Run `forge build` in a fresh process, as a user does: its wall and CPU time (the pool's
    workers are waited for by it, so their time counts in its children's)."""
    load = os.getloadavg()[0]
    cpu, started = children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "forge", "build", "--content", str(content),
                           "--out", str(out), *args], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"forge build {' '.join(args)} failed:\n{done.stderr}{done.stdout}")
    return Run(wall, children_cpu() - cpu, done.stdout.strip().splitlines()[-1], load)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*")
               if p.is_file() and ".cache" not in p.parts)   # the render cache is not output


def same_output(one: Path, other: Path) -> str:
    """'identical', or the first files that differ (kit.json compared without its inputs'
    digest, which holds forge's code and would differ only if the code changed meanwhile)."""
    def files(root: Path) -> dict[str, bytes]:
        found = {}
        for path in sorted(root.rglob("*")):
            if path.is_file() and ".cache" not in path.parts:
                data = path.read_bytes()
                if path.name == "kit.json":
                    manifest = json.loads(data)
                    manifest.pop("inputs", None)
                    data = json.dumps(manifest, sort_keys=True).encode()
                found[path.relative_to(root).as_posix()] = data
        return found
    a, b = files(one), files(other)
    differ = sorted(name for name in a.keys() | b.keys() if a.get(name) != b.get(name))
    return f"identical ({len(a)} files)" if not differ else "DIFFER: " + ", ".join(differ[:5])


def show(title: str, runs: list[Run]) -> None:
    wall = statistics.median(r.wall for r in runs)
    cpu = statistics.median(r.cpu for r in runs)
    load = max(r.load for r in runs)
    print(f"{title:56} {wall:7.2f} s wall {cpu:7.2f} s CPU  {cpu / wall:4.2f} cores  "
          f"load {load:4.1f}  ({runs[-1].last_line})", flush=True)


def cold(content: Path, tmp: Path, games: list[str], jobs: int, repeat: int) -> None:
    print(f"every kit of {', '.join(games) or 'every game'}, every language, A4 and Letter, "
          f"cold (median of {repeat}); {os.cpu_count()} cores", flush=True)
    outs = {}
    for label, workers in (("serial", 1), ("parallel", jobs)):
        runs = []
        for attempt in range(repeat):
            out = tmp / f"{label}{attempt}"
            runs.append(forge_build(content, out, *games, "--jobs", str(workers)))
            outs[label] = out
        show(f"  cold, --jobs {workers}", runs)
    print(f"  output {folder_size(outs['parallel']) / 1024 / 1024:.1f} MB; serial and parallel "
          f"output {same_output(outs['serial'], outs['parallel'])}", flush=True)
    unchanged = [forge_build(content, outs["parallel"], *games, "--jobs", str(jobs))
                 for _ in range(repeat)]
    show("  again, nothing changed", unchanged)


def overlap(content: Path, tmp: Path, games: list[str], jobs: int) -> None:
    """Build every kit cold through forge.kit.build_kits with `jobs` workers, noting when each
    kit starts and ends: how long kits were being built at once, whatever else the machine
    runs (which decides how much sooner that makes the build)."""
    from forge.games import game_ids, load_game
    from forge.kit import KitJob, build_kits
    from forge.validation import KIT_PAPERS

    kits = []
    for game_id in games or game_ids(content):
        game = load_game(content, game_id)
        kits += [KitJob(game, lang, paper) for lang in game.languages for paper in KIT_PAPERS]
    starts, spans = {}, []
    started = time.perf_counter()
    for index, _result in build_kits(kits, tmp / "overlap", workers=jobs,
                                     on_start=lambda i: starts.setdefault(i, time.perf_counter())):
        spans.append((starts[index], time.perf_counter()))
    wall = time.perf_counter() - started
    events = sorted([(a, 1) for a, _ in spans] + [(b, -1) for _, b in spans])
    at_once, running, last = {}, 0, started
    for moment, change in events:
        at_once[running] = at_once.get(running, 0.0) + moment - last
        running, last = running + change, moment
    shares = ", ".join(f"{count} at once {seconds / wall:4.0%}"
                       for count, seconds in sorted(at_once.items()) if count)
    busy = sum(b - a for a, b in spans)
    print(f"  kits built at once (--jobs {jobs}): {shares} of {wall:.1f} s; the kits took "
          f"{busy:.1f} s between them ({busy / wall:.2f} at once on average)", flush=True)


def one_card(content: Path, tmp: Path, jobs: int, repeat: int) -> None:
    cards = content / "demo" / "cards.yaml"
    out = tmp / "demo"
    forge_build(content, out, "demo", "--jobs", str(jobs))
    runs = []
    for attempt in range(repeat):
        text = cards.read_text(encoding="utf-8")
        at = text.index("cost: ") + len("cost: ")
        end = text.index("\n", at)
        cards.write_text(f"{text[:at]}{attempt + 5}{text[end:]}", encoding="utf-8")
        runs.append(forge_build(content, out, "demo", "--jobs", str(jobs)))
    show("demo: one card's cost changed (its kits rebuilt)", runs)


def proofread(content: Path, tmp: Path, repeat: int) -> None:
    game, lang, names = PROOFREAD
    only = [arg for name in names for arg in ("--only", name)]
    args = (game, "--lang", lang, "--paper", "a4", *only)
    title = f"{game} {lang} a4 --only {' '.join(names)}"
    show(f"{title}, cold", [forge_build(content, tmp / f"proof{n}", *args)
                            for n in range(repeat)])
    catalog = content / game / "locale" / lang / "LC_MESSAGES" / f"{game}.po"
    runs = []
    for attempt in range(repeat):
        with catalog.open("a", encoding="utf-8") as file:
            file.write("\n")              # a change of the inputs, of nothing printed
        runs.append(forge_build(content, tmp / "proof0", *args))
    show(f"{title}, after an edit", runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", action="append", default=[],
                        help="Only these games (default: all)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="forge-bench-build-") as folder:
        tmp = Path(folder)
        content = tmp / "content"
        shutil.copytree(DEFAULT_CONTENT, content)
        cold(content, tmp, args.game, args.jobs, args.repeat)
        overlap(content, tmp, args.game, args.jobs)
        if (content / "demo").is_dir():
            one_card(content, tmp, args.jobs, args.repeat)
        if (content / PROOFREAD[0]).is_dir():
            proofread(content, tmp, args.repeat)


if __name__ == "__main__":
    main()
