"""The dice tray: a game's dice read from its content, rolled together, with a history.

Pure Python. Dice come from the content's die components (`kind: die`, faces in
`style.faces`, as in content/tetrarchia/game.yaml, or `style.faces_from` an entry of the game's
tables.yaml whose `faces` are symbols, written `icon:<name>` as the printed kit does: Conquest's
battle dice), or from any list of `Die` another game gives. Rolls use forge.engine.dice's seeded generator (the same on every platform), or values
the players entered from real dice.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from forge.engine.dice import BadRoll, uniform
from forge.places import SHIPPED_CONTENT

CONTENT_DIR = SHIPPED_CONTENT


@dataclass(frozen=True)
class Die:
    """One die: an id, a name and its face labels (face n is value n)."""

    id: str
    name: str
    faces: tuple[str, ...]
    rules_name: str = ""        # what the rules engine calls this die ("VI", "6")
    pips: bool | None = None    # drawn with pips (None: when the faces are 1-6)
    ink: str = ""               # the palette colour of its pips or numerals ("": ink)

    @property
    def sides(self) -> int:
        return len(self.faces)


ICON = "icon:"          # a face showing a symbol: 'icon:infantry'


def dice_from_components(components: list[dict], tables: dict | None = None) -> list[Die]:
    """The dice among content components: those of kind 'die' with `style.faces`, or with
    `style.faces_from` an entry of `tables` (the game's tables.yaml) listing symbol `faces`."""
    dice = []
    for component in components or []:
        style = component.get("style") or {}
        faces = style.get("faces")
        source = (tables or {}).get(style.get("faces_from", "")) or {}
        if not faces and isinstance(source, dict) and source.get("faces"):
            faces = [ICON + str(face) for face in source["faces"]]
        if component.get("kind") == "die" and faces:
            dice.append(Die(component["id"], component.get("name", component["id"]),
                            tuple(str(face) for face in faces),
                            str(style.get("rules_name", "")), style.get("pips"),
                            str(style.get("ink", ""))))
    return dice


def game_dice(game: str, content_dir: Path = CONTENT_DIR) -> list[Die]:
    """The dice of a game in the content folder (its game.yaml's die components; symbols from
    its tables.yaml)."""
    folder = Path(content_dir) / game
    data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8")) or {}
    components = data.get("components", [])
    tables = None
    if any((c.get("style") or {}).get("faces_from") for c in components or []):
        tables = yaml.safe_load((folder / "tables.yaml").read_text(encoding="utf-8")) or {}
    return dice_from_components(components, tables)


def printed_die(game: str, rules_name: str, content_dir: Path = CONTENT_DIR) -> Die | None:
    """The printed die the rules call `rules_name`, None when the game prints none."""
    return next((die for die in game_dice(game, content_dir) if die.rules_name == rules_name),
                None)


@dataclass
class Roll:
    """One throw of several dice: per die its id, value and face label."""

    dice: list[dict]
    source: str                     # "rolled" or "entered"

    @property
    def total(self) -> int:
        return sum(d["value"] for d in self.dice)


@dataclass
class Tray:
    """Dice to throw together, a seeded generator state and the history of throws."""

    dice: list[Die]
    rng_state: int | None = 0
    history: list[Roll] = field(default_factory=list)

    def die(self, die_id: str) -> Die:
        for die in self.dice:
            if die.id == die_id:
                return die
        raise KeyError(f"no die {die_id!r} in the tray (dice: "
                       f"{', '.join(d.id for d in self.dice)})")

    def roll(self, die_ids: list[str], values: list[int] | None = None) -> Roll:
        """Throw the named dice (a die may be named twice); `values`: what the table rolled."""
        chosen = [self.die(i) for i in die_ids]
        if values is not None:
            if len(values) != len(chosen):
                raise BadRoll(f"{len(chosen)} dice thrown but {len(values)} results given")
            for die, value in zip(chosen, values):
                if not isinstance(value, int) or isinstance(value, bool) \
                        or not 1 <= value <= die.sides:
                    raise BadRoll(f"{value!r} is not a result of the die {die.id!r} "
                                  f"(1 to {die.sides})")
            source = "entered"
        else:
            if self.rng_state is None:
                raise BadRoll("no generator: enter the results of the real dice")
            values = []
            for die in chosen:
                self.rng_state, value = uniform(self.rng_state, die.sides)
                values.append(value)
            source = "rolled"
        throw = Roll([{"die": die.id, "value": value, "face": die.faces[value - 1]}
                      for die, value in zip(chosen, values)], source)
        self.history.append(throw)
        return throw

    def clear(self) -> None:
        """Forget the history (the generator goes on)."""
        self.history.clear()
