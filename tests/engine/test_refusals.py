"""Engine refusals are translatable: English templates of the program catalog, with fields.

Every IllegalAction / ParseError raised by the Tetrarchia engine carries an `N_("...")` literal
(so Babel extracts it) and its fields; `str(err)` is the English text players have always read
and `err.translated(tr)` the same refusal in the translator's language, emperor names included.

The Spanish side reads the program catalog strictly: the refusals must have been merged into it
(`forge translations update && forge translations merge .i18n-todo/refusals.yaml --lang es`).
"""
import ast
import string
from pathlib import Path

import pytest

from forge import i18n
from forge.engine.core import ActionError, IllegalAction, ParseError
from forge.engine.dice import Dice
from forge.engine.tetrarchia import RULES, copy_state
from forge.engine.tetrarchia.refusal import Emperor, Phrase

ENGINE_DIR = Path(i18n.FORGE_DIR) / "engine" / "tetrarchia"
REFUSALS = ("IllegalAction", "ParseError", "Phrase")


def engine_calls():
    """(file, line, call) of every IllegalAction / ParseError / Phrase built in the engine."""
    for path in sorted(ENGINE_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in REFUSALS:
                yield path.name, node.lineno, node


def template_of(call: ast.Call) -> str | None:
    """The literal of `N_("...")` given as the first argument, or None."""
    if not call.args:
        return None
    first = call.args[0]
    if isinstance(first, ast.Call) and isinstance(first.func, ast.Name) \
            and first.func.id == "N_" and len(first.args) == 1 \
            and isinstance(first.args[0], ast.Constant) and isinstance(first.args[0].value, str):
        return first.args[0].value
    return None


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_refusal_is_an_extractable_template_with_its_fields():
    calls = list(engine_calls())
    assert len(calls) > 80
    extracted = i18n.extract_program_messages()
    for file, line, call in calls:
        where = f"{file}:{line}"
        assert not any(isinstance(n, ast.JoinedStr) for n in ast.walk(call)), \
            f"{where}: an f-string in a refusal cannot be translated"
        template = template_of(call)
        assert template is not None, f"{where}: the message must be N_(\"literal\")"
        assert template in extracted, f"{where}: Babel does not extract {template!r}"
        given = {k.arg for k in call.keywords}
        assert None not in given, f"{where}: name every field (no **fields)"
        assert placeholders(template) == given, \
            f"{where}: fields {sorted(given)} for placeholders {sorted(placeholders(template))}"
        assert "!r" not in template and ":" not in "".join(
            spec for _, _, spec, _ in string.Formatter().parse(template) if spec), where


def test_the_position_error_wraps_its_problems_in_a_template():
    from forge.engine.tetrarchia.position import PositionError

    err = PositionError(["turn: 'nero' is not an emperor", "pi: 9 is too many"])
    assert str(err) == ("the position cannot be played: turn: 'nero' is not an emperor; "
                        "pi: 9 is too many")
    assert err.problems == ["turn: 'nero' is not an emperor", "pi: 9 is too many"]
    assert err.template == "the position cannot be played: {problems}"


def test_a_plain_message_still_works():
    err = IllegalAction("nothing to undo")
    assert str(err) == "nothing to undo" and err.fields == {}
    assert isinstance(err, ActionError) and isinstance(ParseError("x"), ActionError)


# --- samples: the English as before, and the Spanish -------------------------------------

def start(level="4211", **position):
    options = {"level": level, "position": position}
    for key in ("edition", "variants", "players", "rulings", "fleets"):
        if key in position:
            options[key] = position.pop(key)
    return RULES.setup(options, Dice([], None, [], dict(RULES.dice_faces))).state


def refusal(state, action) -> ActionError:
    with pytest.raises(ActionError) as caught:
        RULES.apply(copy_state(state), action, Dice([], None, [], dict(RULES.dice_faces)))
    return caught.value


SAMPLES = [
    (lambda: refusal(start(turn="maximian"), {"type": "protect"}),
     "Maximian must first come back onto the board: enter ROMA or CISALPINA",
     "Maximiano debe volver primero al tablero: entra en ROMA o CISALPINA"),
    (lambda: refusal(start(figures={"BITHYNIA": "diocletian"}),
                     {"type": "enter", "province": "ROMA"}),
     "Diocletian is already on the board",
     "Diocleciano ya está en el tablero"),
    (lambda: refusal(start(turn="maximian", discs={"CISALPINA": "agitation"}),
                     {"type": "enter", "province": "CISALPINA"}),
     "CISALPINA is covered by a disc",
     "CISALPINA está cubierta por un disco"),
    (lambda: refusal(start(figures={"ETRVRIA": "diocletian"}, discs={"ROMA": "revolt"}, pi=1),
                     {"type": "move", "to": "ROMA"}),
     "not enough PI: moving to ROMA costs 2, 1 left",
     "no hay PI suficientes: moverse a ROMA cuesta 2 y quedan 1"),
    (lambda: refusal(start(figures={"ETRVRIA": "diocletian", "ROMA": "galerius"}, pi=1),
                     {"type": "move", "to": "ROMA"}),
     "Galerius is in ROMA and Diocletian could not leave it with his next action",
     "Galerio está en ROMA y Diocleciano no podría salir de allí con su siguiente acción"),
    (lambda: refusal(start(figures={"ETRVRIA": "diocletian", "CISALPINA": "army"}),
                     {"type": "move", "to": "CISALPINA"}),
     "CISALPINA holds a barbarian army: attack it instead",
     "en CISALPINA hay un ejército bárbaro: atácalo en su lugar"),
    (lambda: refusal(start(figures={"BITHYNIA": "diocletian"}, discs={"BITHYNIA": "diocletian"}),
                     {"type": "protect"}),
     "BITHYNIA already holds a disc",
     "BITHYNIA ya tiene un disco"),
    (lambda: refusal(start(figures={"BITHYNIA": "diocletian"}),
                     {"type": "subdue", "what": "revolt"}),
     "BITHYNIA holds no Revolt disc",
     "BITHYNIA no tiene ningún disco de Revuelta"),
    (lambda: refusal(start(figures={"BITHYNIA": "diocletian"}), {"type": "imperium",
                                                                  "power": "more_pi"}),
     "IMPERIVM is not played in this game",
     "en esta partida no se juega IMPERIVM"),
    (lambda: refusal(start(figures={"BITHYNIA": "diocletian"}), {"type": "boost", "times": 1}),
     "there is no decision to make now",
     "ahora no hay ninguna decisión que tomar"),
    (lambda: refusal(start(figures={"BITHYNIA": "diocletian"}), {"type": "fly"}),
     "unknown action type 'fly'; the types are enter, move, sail, protect, subdue, attack, "
     "imperium, transfer, end_turn, boost, block",
     "tipo de acción desconocido 'fly'; los tipos son enter, move, sail, protect, subdue, "
     "attack, imperium, transfer, end_turn, boost, block"),
]


@pytest.mark.parametrize("make, english, spanish", SAMPLES, ids=[s[1][:40] for s in SAMPLES])
def test_a_refusal_reads_as_before_in_english_and_translates_to_spanish(make, english, spanish):
    err = make()
    assert str(err) == english
    assert err.translated(i18n.Translator("en", strict=False)) == english
    assert err.translated(i18n.Translator("es", strict=True)) == spanish


def test_fields_translate_themselves():
    es = i18n.Translator("es", strict=True)
    assert str(Emperor("constantius")) == "Constantius"
    assert Emperor("constantius").translated(es) == "Constancio"
    sailing = Phrase("sailing")
    assert str(sailing) == "sailing" and sailing.translated(es) == "navegar"
    err = IllegalAction("{emperor} has no disc left to place", emperor=Emperor("galerius"))
    assert str(err) == "Galerius has no disc left to place"
    assert err.translated(es) == "a Galerio no le quedan discos que colocar"


def test_every_engine_template_is_in_the_spanish_catalog():
    calls = list(engine_calls())
    es = i18n.program_messages("es")
    missing = sorted({t for _, _, c in calls if (t := template_of(c)) and es.get(t) is None})
    assert not missing, f"{len(missing)} refusal(s) lack a Spanish translation: {missing[:5]}"
    for _, _, call in calls:
        template = template_of(call)
        assert placeholders(es.get(template)) == placeholders(template), template
