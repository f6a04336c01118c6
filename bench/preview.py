"""Benchmark: how long `forge preview --watch` takes to show an edit.

A game is copied into a temporary folder and previewed live, the watch loop running in a thread
exactly as the command runs it (forge.preview: Watcher and LivePreview). Each run makes one edit
and times it from the moment the file is written until the changed page's image is rewritten:
the wait for the next look at the folder, the settling of the write, the rebuild of the kit and
the images. The table shows the median of the runs, the median rebuild alone, and how many page
images each edit rewrote.

    .venv/bin/python bench/preview.py [--runs 7] [--game demo|tetrarchia|all]

The edits: one card's cost in the demo game (content/demo); two blocks of Tetrarchia's rules
reference sheet swapped. Target (issue 13): well under a second for one card.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TIMEOUT = 30.0          # seconds an edit may take to show before the run is called failed
QUIET = 0.3             # seconds between runs, so that each edit is a change of its own


@dataclass(frozen=True)
class Edit:
    """One change to one file of a game, made and unmade in turn."""

    game: str
    file: str
    text: str
    other: str
    title: str


EDITS = {
    "demo": Edit("demo", "cards.yaml", "cost: 4", "cost: 5", "demo: one card's cost"),
    "tetrarchia": Edit("tetrarchia", "sheets.yaml", "- data: turn_order\n        - data: phases",
                       "- data: phases\n        - data: turn_order",
                       "tetrarchia: two blocks of a sheet swapped"),
}


@dataclass(frozen=True)
class Run:
    seconds: float          # from the write to the rewritten image
    rebuild: float          # the rebuild and the images alone
    written: int            # page images rewritten


class LiveGame:
    """A private copy of a game, previewed live by a watch loop in a thread."""

    def __init__(self, game: str, folder: Path):
        from forge.games import DEFAULT_CONTENT, GameSource
        from forge.preview import LivePreview, Watcher

        self.folder = folder / "games" / game
        shutil.copytree(DEFAULT_CONTENT / game, self.folder)
        source = GameSource(game, self.folder, "content")
        self.live = LivePreview(source, "en", "a4", folder / "out")
        self.watcher = Watcher(self.folder)
        self.first = self.live.update()
        if self.first.error is not None:
            raise SystemExit(f"{game}: {self.first.error}")
        self.updates: list = []
        self.done = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.watcher.run, args=(self._updated, self.stop))

    def _updated(self, changed: tuple[str, ...]) -> None:
        self.updates.append(self.live.update(changed))
        self.done.set()

    def image_times(self) -> dict[str, int]:
        """The modification time of each page image there is (one may be missing for the
        moment the kit folder is swapped)."""
        times = {}
        for path in self.live.folder.glob("*.png"):
            try:
                times[path.name] = path.stat().st_mtime_ns
            except FileNotFoundError:
                pass
        return times

    def rewritten(self, before: dict[str, int]) -> bool:
        """Whether an image there was before has been written again."""
        now = self.image_times()
        return any(now.get(name, time) != time for name, time in before.items())

    def timed_edit(self, edit: Edit, number: int) -> Run:
        """Make the edit (or undo it, every other run) and time it until an image changes."""
        old, new = (edit.text, edit.other) if number % 2 == 0 else (edit.other, edit.text)
        path = self.folder / edit.file
        text = path.read_text(encoding="utf-8")
        if old not in text:
            raise SystemExit(f"{path}: '{old}' not found")
        before = self.image_times()
        self.done.clear()
        started = time.perf_counter()
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        while not self.rewritten(before):
            if time.perf_counter() - started > TIMEOUT or (self.done.is_set()
                                                           and not self.rewritten(before)):
                raise SystemExit(f"{edit.title}: no image rewritten ({self.updates[-1:]})")
            time.sleep(0.002)
        seconds = time.perf_counter() - started
        self.done.wait(TIMEOUT)
        update = self.updates[-1]
        return Run(seconds, update.seconds, len(update.written))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def bench(edit: Edit, runs: int) -> list[Run]:
    with tempfile.TemporaryDirectory(prefix="forge-bench-preview-") as folder:
        with LiveGame(edit.game, Path(folder)) as game:
            print(f"{edit.title}: first build {game.first.seconds:.2f} s, "
                  f"{len(game.first.written)} page images", flush=True)
            results = []
            for number in range(runs):
                time.sleep(QUIET)
                results.append(game.timed_edit(edit, number))
            return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", choices=(*EDITS, "all"), default="all")
    args = parser.parse_args()
    chosen = list(EDITS.values()) if args.game == "all" else [EDITS[args.game]]
    rows = [(edit, bench(edit, args.runs)) for edit in chosen]
    print()
    print(f"{'edit':40} {'write -> image':>15} {'rebuild':>9} {'images':>7}   (median of "
          f"{args.runs})")
    for edit, results in rows:
        seconds = statistics.median(r.seconds for r in results)
        rebuild = statistics.median(r.rebuild for r in results)
        written = sorted({r.written for r in results})
        print(f"{edit.title:40} {seconds:14.2f}s {rebuild:8.2f}s {'/'.join(map(str, written)):>7}")


if __name__ == "__main__":
    main()
