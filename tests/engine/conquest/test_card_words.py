"""The cards the engine plays (cards.py) speak the player's language: their refusals and their
events read in Spanish, with places, cards and units by their Spanish names, and every event of
the card case files has words in English and Spanish."""
from pathlib import Path

import yaml

from forge.engine.conquest import describe
from forge.i18n import Translator
from tests.engine.conquest.round_games import game, refusal

CASES = Path(__file__).parent / "cases"
ES = Translator("es")


def test_city_refusals_name_the_card_and_provinces_in_spanish():
    session = game(offer=["city-asia-galatia"], cities={"galatia": "bernardo"})
    said = refusal(session, {"type": "play-card", "player": "angela",
                             "card": "city-asia-galatia", "province": "egypt"})
    assert said.startswith("Construcción de una Ciudad construye una ciudad sólo en Asia, "
                           "Galacia"), said
    said = refusal(session, {"type": "play-card", "player": "angela",
                             "card": "city-asia-galatia", "province": "galatia"})
    assert said == "ya hay una ciudad de bernardo en Galacia: una sola ciudad por provincia"
    said = refusal(session, {"type": "take-card", "player": "angela",
                             "card": "city-asia-galatia"})
    assert said.startswith("Construcción de una Ciudad se usa en cuanto se toma"), said


def test_political_personality_and_revolt_refusals_in_spanish():
    session = game(offer=["political-personality", "slave-revolt"],
                   army={"angela": {"moesia": {"caesar": 1}},
                         "bernardo": {"egypt": {"infantry": 2, "general": 1}}})
    said = refusal(session, {"type": "play-card", "player": "angela",
                             "card": "political-personality"})
    assert said.startswith("el César de angela está en Moesia, que no es una provincia "
                           "clave"), said
    said = refusal(session, {"type": "play-card", "player": "angela", "card": "slave-revolt",
                             "cost": 5, "province": "egypt", "target": "bernardo",
                             "losses": {"bernardo": {"general": 1}}})
    assert said.startswith("los esclavos sólo matan unidades militares terrestres"), said


def test_every_event_of_the_card_cases_has_words_in_spanish():
    """Plays each step of the card case files and words every event it emits (a step the case
    expects refused is skipped)."""
    from cases import English, case_builder

    from forge.registry import engines

    game_engine = next(g for g in engines().values() if g.short_name == "conquest")
    build = case_builder(game_engine).build

    kinds = set()
    for path in sorted(CASES.glob("cards-*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            session = build(case)
            for step in case["steps"]:
                expect = step.get("expect") or {}
                if "illegal" in expect or "parse" in expect:
                    continue
                outcome = session.act(step["action"], dice_values=step.get("dice"))
                for event in outcome.events:
                    kinds.add(event["kind"])
                    english, spanish = describe(event, English()), describe(event, ES)
                    assert english and spanish and spanish != english, event
    assert {"city-built", "influence-placed", "senator-bribed", "units-added",
            "units-removed", "slave-revolt", "revolt-over", "general-assassinated",
            "senator-assassinated", "card-costs"} <= kinds
