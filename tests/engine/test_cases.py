"""Every game's case files (tests/engine/<package>/cases/*.yaml), played by one runner (cases.py)."""
from __future__ import annotations

import pytest
from cases import HERE, Case, all_cases, case_folder, run

from forge.registry import engines


@pytest.mark.parametrize("case", all_cases())
def test_case(case: Case) -> None:
    run(case)


def test_every_case_folder_belongs_to_a_game() -> None:
    games = {case_folder(game) for game in engines().values()}
    folders = {path for path in HERE.glob("*/cases") if path.is_dir()}
    assert folders <= games, f"case folders of no game: {sorted(map(str, folders - games))}"
