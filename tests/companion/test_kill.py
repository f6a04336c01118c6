"""The crash-safety proof: a game process killed with SIGKILL at random moments loses nothing
it confirmed, and the reopened game equals a fresh replay of the confirmed actions.

A child process plays a seeded Tetrarchia game through companion.session (random legal actions,
end_turn included so barbarian phases and their dice run; an occasional undo; back in time with
goto when the game ends) and prints "CONFIRMED <seq> <position> <op> <reseed> <action>" after
each call returns (an act after an undo that dropped rolled dice carries a reseed: new dice, which
the reopened game must replay exactly). The parent kills it at random moments (by time or after a random number of lines),
then opens the store and checks every confirmed change is there.
"""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.store import Store
from companion.session import TableSession
from forge.engine.core import Session
from forge.engine.tetrarchia import RULES

REPO = Path(__file__).resolve().parents[2]
OPTIONS = {"level": "4211", "players": 2}
GAME_SEED = 11

CHILD = r"""
import json, random, sys
from companion.store import Store
from companion.session import TableSession
from forge.engine.tetrarchia import RULES
root, seed = sys.argv[1], int(sys.argv[2])
store = Store(root, RULES, compact_every=7)
games = store.list_games()
if games:
    table = TableSession.resume(store, games[0]["id"])
else:
    table = TableSession.start(store, RULES, json.loads(sys.argv[3]), seed=int(sys.argv[4]))
chooser = random.Random(seed)
print("READY", table.game.seq, table.position, flush=True)
while True:
    legal = table.legal_actions()
    if not legal:
        table.goto(max(1, table.position - 15))
        print("CONFIRMED", table.game.seq, table.position, "goto", flush=True)
        continue
    if table.position > 1 and chooser.random() < 0.05:
        table.undo()
        print("CONFIRMED", table.game.seq, table.position, "undo", flush=True)
        continue
    action = legal[int(chooser.random() * len(legal))]
    entry = table.act(action)
    print("CONFIRMED", table.game.seq, table.position, "act", json.dumps(entry.get("reseed")),
          json.dumps(action), flush=True)
"""


class Model:
    """What the parent knows was confirmed: the actions of the log (each with its reseed), the
    position, the seq."""

    def __init__(self):
        self.actions, self.position, self.seq = [], 0, 0
        self.reseeds = 0

    def apply(self, line: str) -> None:
        parts = line.split(" ", 5)
        seq, position, op = int(parts[1]), int(parts[2]), parts[3]
        assert seq == self.seq + 1, line
        if op == "act":
            del self.actions[self.position:]
            reseed = json.loads(parts[4])
            self.reseeds += reseed is not None
            self.actions.append((json.loads(parts[5]), reseed))
            assert position == self.position + 1
        self.position, self.seq = position, seq

    def sync(self, table: TableSession) -> None:
        session = table.game.session
        self.actions = [(entry["action"], entry.get("reseed")) for entry in session.entries[1:]]
        self.position, self.seq = session.position, table.game.seq


def replay_state(actions):
    session = Session(RULES, OPTIONS, GAME_SEED)
    for action, reseed in actions:
        session.act(action, reseed=reseed)
    return session.state


def run_child(root, seed, kill_after_lines=None, kill_after_seconds=None):
    """Start the child, kill it at the chosen moment; every complete line it printed."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(root), str(seed), json.dumps(OPTIONS), str(GAME_SEED)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)})
    lines = [child.stdout.readline()]
    if not lines[0].startswith("READY"):
        child.kill()
        raise AssertionError(lines[0] + child.communicate()[1])
    if kill_after_seconds is not None:
        time.sleep(kill_after_seconds)
    else:
        for _ in range(kill_after_lines):
            lines.append(child.stdout.readline())
    child.send_signal(signal.SIGKILL)
    rest = child.stdout.read()
    child.wait()
    child.stdout.close()
    child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    complete = [line for line in (lines[1:] + rest.splitlines(keepends=True))
                if line.endswith("\n")]
    return [line.rstrip("\n") for line in complete if line.startswith("CONFIRMED")]


def check_store(root, model: Model) -> TableSession:
    """Every confirmed change is in the store; at most the one after it was also saved."""
    table = TableSession.resume(Store(root, RULES), Store(root, RULES).list_games()[0]["id"])
    game = table.game
    session = game.session
    assert game.seq in (model.seq, model.seq + 1), (game.seq, model.seq)
    if game.seq == model.seq:
        assert session.position == model.position
    assert len(session.entries) - 1 >= model.position
    assert [(e["action"], e.get("reseed")) for e in session.entries[1:model.position + 1]] == \
        model.actions[:model.position]
    assert session.states[model.position] == replay_state(model.actions[:model.position])
    return table


def test_sigkill_at_random_moments_loses_nothing_confirmed(tmp_path):
    started = time.monotonic()
    chance = random.Random(2026)
    model = Model()
    kills = 0
    confirmed_total = 0
    for round_number in range(6):
        if round_number % 2:
            lines = run_child(tmp_path, 100 + round_number,
                              kill_after_seconds=chance.uniform(0.005, 0.15))
        else:
            lines = run_child(tmp_path, 100 + round_number,
                              kill_after_lines=chance.randint(1, 120))
        kills += 1
        for line in lines:
            model.apply(line)
        confirmed_total += len(lines)
        table = check_store(tmp_path, model)
        model.sync(table)               # the next child goes on from what the store holds
    # The game goes on after the last reopening, and that is saved too.
    table = TableSession.resume(Store(tmp_path, RULES), table.game.id)
    for _ in range(5):
        legal = table.legal_actions()
        if not legal:
            break
        table.act(legal[0])
    again = TableSession.resume(Store(tmp_path, RULES), table.game.id)
    assert again.state == table.state and again.position == table.position
    assert kills >= 5 and confirmed_total > 20
    elapsed = time.monotonic() - started
    print(f"\n{kills} kills, {confirmed_total} confirmed changes, {model.reseeds} reseeds, "
          f"{elapsed:.2f} s")
    assert elapsed < 20


BRANCH_CHILD = r"""
import json, sys
from companion.store import Store
from companion.session import TableSession
from forge.engine.tetrarchia import RULES
root = sys.argv[1]
store = Store(root, RULES)
table = TableSession.start(store, RULES, json.loads(sys.argv[2]), seed=int(sys.argv[3]))
steps = [("act", {"type": "enter", "province": "ROMA"}), ("act", {"type": "end_turn"}),
         ("undo", None), ("redo", None), ("undo", None), ("act", "move"),
         ("act", {"type": "end_turn"})]
for op, action in steps[:int(sys.argv[4])]:
    if op == "undo":
        table.undo()
    elif op == "redo":
        table.redo()
    else:
        if action == "move":
            action = next(a for a in table.legal_actions() if a["type"] == "move")
        table.act(action)
    print("CONFIRMED", table.game.seq, table.position, op, flush=True)
import time
time.sleep(60)
"""


def branch_played_whole():
    """The branch played in one process: what every reopened game must agree with."""
    session = Session(RULES, OPTIONS, GAME_SEED)
    session.act({"type": "enter", "province": "ROMA"})
    session.act({"type": "end_turn"})
    session.undo()
    session.redo()
    session.undo()
    session.act(next(a for a in session.legal_actions() if a["type"] == "move"))
    session.act({"type": "end_turn"})
    return session


def test_a_kill_at_any_step_of_an_undo_and_a_new_branch_keeps_the_new_dice(tmp_path):
    """The child plays the first `kill_after` steps and is killed once they are confirmed (the
    random test above kills in the middle of writes)."""
    whole = branch_played_whole()
    assert whole.entries[2].get("reseed") is not None
    for kill_after in range(1, 8):
        root = tmp_path / str(kill_after)
        child = subprocess.Popen(
            [sys.executable, "-c", BRANCH_CHILD, str(root), json.dumps(OPTIONS), str(GAME_SEED),
             str(kill_after)],
            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(REPO)})
        lines = [child.stdout.readline() for _ in range(kill_after)]
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        child.stderr.close()
        assert all(line.startswith("CONFIRMED") for line in lines), lines
        position = int(lines[-1].split()[2])
        store = Store(root, RULES)
        table = TableSession.resume(store, store.list_games()[0]["id"])
        session = table.game.session
        assert session.position == position
        if kill_after >= 6:                 # the new branch: its reseed and dice as played
            assert session.entries[:position + 1] == whole.entries[:position + 1]
        elif kill_after >= 2:               # the End turn seen (undone or not) is kept
            assert session.entries[2] == branch_played_whole_seen()
        if kill_after in (3, 5):            # reopened after the undo: a new play reseeds
            entry = table.act(next(a for a in table.legal_actions() if a["type"] == "move"))
            assert entry["reseed"] == whole.entries[2]["reseed"]
            assert table.act({"type": "end_turn"})["rolls"] == whole.entries[3]["rolls"]


def branch_played_whole_seen():
    session = Session(RULES, OPTIONS, GAME_SEED)
    session.act({"type": "enter", "province": "ROMA"})
    session.act({"type": "end_turn"})
    return session.entries[2]
