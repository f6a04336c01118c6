"""The wheel, installed in a fresh virtual environment outside the checkout, works as a new user
would use it: every catalog complete as installed, every shipped game built (in Spanish, A4),
engine commands, the companion's demo under Xvfb and its saves in the user data folder
(scripts/check-wheel does each step and says which one failed)."""
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "check-wheel"


@pytest.mark.slow
def test_the_installed_wheel_builds_every_kit_and_runs_the_companion(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), "--work", str(tmp_path / "wheel")],
                          capture_output=True, text=True, timeout=3000)
    assert done.returncode == 0, done.stdout + done.stderr
    steps = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("ok ")]
    assert steps == ["build", "install", "versions", "doctor", "games", "validate", "kits",
                     "own_game", "designer", "engines", "companion_demo", "companion_saves"], done.stdout
