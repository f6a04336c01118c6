"""ANTIKE's tables.yaml: checked against the game's own schema and read as the engine needs it."""
from __future__ import annotations

import shutil
from collections import Counter

import pytest
import yaml

from forge.engine.antike.data import CONTENT_DIR, check_tables, tables
from forge.errors import ContentError


def test_the_shipped_tables_fit_the_games_schema():
    assert check_tables(CONTENT_DIR)["personalities"]["total"] == 35


def test_the_rondel_order_holds_each_space_as_often_as_the_board_has_it():
    t = tables()
    assert Counter(t.rondel_order) == Counter(t.space_count)
    assert len(t.rondel_order) == 8


def test_the_default_order_keeps_the_constraints_the_text_gives():
    order = tables().rondel_order
    at = {space: order.index(space) for space in set(order) - {"maneuver"}}
    for production, evolution in (("marble", "temple"), ("iron", "arming"), ("gold", "knowledge")):
        assert (at[evolution] - at[production]) % 8 == 4
    maneuvers = [i for i, space in enumerate(order) if space == "maneuver"]
    assert (maneuvers[1] - maneuvers[0]) % 8 == 4
    assert (at["marble"] - at["gold"]) % 8 in (1, 2, 3)


def test_the_personalities_add_up_to_35():
    t = tables()
    assert sum(p["count"] for p in t.personality.values()) == t.personalities_total == 35


@pytest.mark.parametrize("path, value, message", [
    (("production", "city"), "one", "expected"),
    (("rondel", "order", "default"), ["gold"] * 7, "at least 8"),
    (("knowledge", "progresses", 1, "needs"), "flight", "unknown progress"),
    (("sides", 0, "two_players", "pairs", 0, 0), "vikings", "unknown civilization"),
])
def test_a_broken_table_is_refused_with_its_place(tmp_path, path, value, message):
    folder = tmp_path / "antike"
    shutil.copytree(CONTENT_DIR / "schemas", folder / "schemas")
    data = yaml.safe_load((CONTENT_DIR / "tables.yaml").read_text(encoding="utf-8"))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    (folder / "tables.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(ContentError, match=message):
        check_tables(folder)
