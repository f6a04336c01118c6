"""Every die the Pax Romana engine asks for says what it decides in the players' language: the
real-dice prompt of the companion shows it (words.roll_reason)."""
import re
from pathlib import Path

import pytest

from forge import i18n
from forge.engine.pax_romana.words import REASONS, roll_reason

ENGINE = Path(__file__).parents[3] / "forge" / "engine" / "pax_romana"
ASKED = re.compile(r"""(?:\.d6\(f?|\.roll\([^"\n]*?)"([^"]+)"\)""")


def reasons_in_the_engine() -> set[str]:
    """The reasons the engine's source gives its dice ({...} parts as in an f-string)."""
    return {m.group(1) for path in ENGINE.glob("*.py")
            for m in ASKED.finditer(path.read_text(encoding="utf-8"))}


def test_the_scan_finds_the_engines_dice():
    found = reasons_in_the_engine()
    assert {"attrition", "battle roll of the {side}", "activation marker"} <= found


@pytest.mark.parametrize("reason", sorted(reasons_in_the_engine()))
def test_every_reason_has_spanish_words(reason):
    example = re.sub(r"\{([^}]*)\}", lambda m: "attacker" if "side" in m.group(1)
                     else "1" if "number" in m.group(1) else "rome", reason)
    spanish = roll_reason(example, i18n.Translator("es", strict=True))
    assert spanish != example and "{" not in spanish, (reason, spanish)


def test_a_side_a_number_and_a_power_are_named():
    spanish = i18n.Translator("es", strict=True)
    assert roll_reason("elephant 2 of the defender", spanish) == "el elefante 2 del defensor"
    assert roll_reason("attrition", spanish) == "el desgaste"
    assert roll_reason("order of play: rome", spanish) == "el orden de juego: Roma"


def test_every_reason_with_words_is_one_the_engine_asks():
    assert set(REASONS) <= reasons_in_the_engine()
