"""The rule data the Pax Romana engine plays by: content/pax-romana/*.yaml, checked once.

Each file is validated against the game's own schema (content/pax-romana/schemas/) when it is
read, so the engine never meets a malformed table; `Tables` gives the files and the lookups the
procedures use. game.yaml is not needed: the files are read one by one.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from forge.content import load_doc
from forge.errors import ContentError
from forge.places import SHIPPED_CONTENT
from forge.schema import game_schemas, validate_docs

GAME = "pax-romana"
CONTENT_DIR = SHIPPED_CONTENT / GAME
FILES = ("turn", "units", "economy", "combat", "movement", "stability", "victory", "events",
         "event_cards", "forces", "options")


@dataclass(frozen=True)
class Tables:
    """The rule files by name (`turn`, `units`, ...) and lookups over them (read-only)."""

    files: Mapping[str, Mapping]

    def __getattr__(self, name: str):
        files = object.__getattribute__(self, "files")
        if name in files:
            return files[name]
        raise AttributeError(name)

    # --- units -------------------------------------------------------------------------------

    @property
    def unit(self) -> dict[str, dict]:
        return {u["id"]: u for u in self.files["units"]["units"]}

    def loss_step(self, unit: str, start: str, end: str) -> dict | None:
        """The loss distribution step of a unit from `start` to `end` (10.8), or None."""
        return next((s for s in self.files["units"]["losses"]["steps"]
                     if s["unit"] == unit and s["from"] == start and s["to"] == end), None)

    # --- powers and options ------------------------------------------------------------------

    @property
    def powers(self) -> list[str]:
        return list(self.files["turn"]["powers"])

    @property
    def power(self) -> dict[str, dict]:
        return {p["id"]: p for p in self.files["economy"]["powers"]}

    @property
    def formats(self) -> dict[str, dict]:
        return {f["id"]: f for f in self.files["turn"]["formats"]}

    @property
    def optional_rules(self) -> dict[str, dict]:
        return {o["id"]: o for o in self.files["options"]["optional_rules"]}

    @property
    def readings(self) -> dict[str, dict]:
        return {r["id"]: r for r in self.files["options"]["readings"]}

    @property
    def phases(self) -> list[dict]:
        return list(self.files["turn"]["phases"])

    def province(self, province_id: str) -> tuple[dict, dict] | None:
        """(territory or power entry, province entry) of a province id, or None."""
        for group in (*self.files["economy"]["powers"], *self.files["economy"]["territories"]):
            for province in group["provinces"]:
                if province["id"] == province_id:
                    return group, province
        return None

    def cost(self, cost_id: str) -> int:
        return next(c["cost"] for c in self.files["economy"]["costs"] if c["id"] == cost_id)

    def stability_change(self, change_id: str) -> int:
        return next(a["change"] for a in self.files["stability"]["adjustments"]
                    if a["id"] == change_id)


def row_for(rows: list[dict], value: int) -> dict:
    """The row of a dice table {low, high, ...} that holds `value`."""
    return next(row for row in rows if row["low"] <= value <= row["high"])


def check_files(content_dir: Path) -> dict[str, dict]:
    """The rule files of `content_dir`, validated against the game's schemas (ContentError)."""
    schemas, problems = game_schemas(content_dir)
    docs = [load_doc(content_dir / f"{name}.yaml", content_dir) for name in FILES]
    problems += validate_docs(docs, schemas).problems
    if problems:
        raise ContentError(problems)
    return {name: doc.data for name, doc in zip(FILES, docs)}


@cache
def tables(content_dir: Path = CONTENT_DIR) -> Tables:
    """The tables of the game in `content_dir` (loaded and checked once per folder)."""
    return Tables(check_files(Path(content_dir)))
