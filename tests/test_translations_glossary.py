"""Each game's glossary, each language's conventions, and the languages offered: found from the
catalogs that are complete."""
import shutil
from pathlib import Path

import pytest

from forge import i18n
from forge.games import DEFAULT_CONTENT, game_ids
from forge.pocheck import convention_warnings, glossary_problems
from forge.validation import validate_game


def shipped_catalogs():
    for game_id in game_ids(DEFAULT_CONTENT):
        yield from sorted((DEFAULT_CONTENT / game_id / "locale").glob("*/LC_MESSAGES/*.po"))
    yield from sorted(i18n.PROGRAM_LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


# --- the glossary ------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", game_ids(DEFAULT_CONTENT))
def test_every_shipped_catalog_uses_its_games_glossary(game_id):
    folder = DEFAULT_CONTENT / game_id
    languages = i18n.catalog_languages(folder / "locale")
    problems = i18n.check_glossary(folder, game_id, languages)
    assert problems == [], "\n".join(map(str, problems))


def test_the_demo_game_has_a_glossary_in_english_and_spanish():
    terms = i18n.glossary_terms(DEFAULT_CONTENT / "demo")
    assert terms["road"]["en"] == ["road", "roads"]
    assert terms["road"]["es"] == ["calzada", "calzadas"]


def test_a_translation_that_leaves_the_glossary_is_named(content_copy):
    path = i18n.game_catalog_path(content_copy / "demo", "demo", "es")
    text = path.read_text(encoding="utf-8")
    wrong = text.replace('msgstr "Cartas de calzada"', 'msgstr "Cartas de camino"', 1)
    assert wrong != text
    path.write_text(wrong, encoding="utf-8")
    [problem] = validate_game(content_copy, "demo", papers=())
    assert problem.file == path
    assert "\"Road cards\"" in problem.message and "'road'" in problem.message
    assert "msgctxt \"" in problem.message and problem.field


def test_a_term_matches_whole_english_words_and_the_start_of_translated_words():
    terms = {"legion": {"en": ["legion", "legions"], "de": ["Legion"], "it": ["legione",
                                                                             "legioni"]}}
    entries = [(None, "Each Legion moves", ("Jede Legion zieht",), 1),
               (None, "Two legions", ("Zwei Legionen",), 2),          # any ending
               (None, "Legionary", ("Legionär",), 3),                 # not the English word
               ("x/y", "{n} legion\x00{n} legions", ("{n} Legion", "{n} Kohorten"), 4)]
    problems = glossary_problems(Path("de.po"), "de", entries, terms)
    assert [p.line for p in problems] == [4]
    assert "(msgctxt \"x/y\")" in problems[0].message
    assert glossary_problems(Path("fr.po"), "fr", entries, terms) == []   # French: not listed


def test_a_glossary_that_breaks_its_schema_is_a_content_problem(content_copy):
    i18n.glossary_path(content_copy / "demo").write_text(
        "terms:\n  road: {es: [calzada]}\n  bridge: [bridge]\n", encoding="utf-8")
    messages = "\n".join(map(str, validate_game(content_copy, "demo", papers=())))
    assert "glossary.yaml" in messages and "'en'" in messages and "bridge" in messages


# --- each language's conventions ---------------------------------------------------------------

@pytest.mark.parametrize("path", list(shipped_catalogs()), ids=lambda p: f"{p.parents[1].name}-"
                                                                        f"{p.stem}")
def test_every_shipped_catalog_keeps_its_languages_conventions(path):
    warnings = i18n.catalog_warnings(path)
    assert warnings == [], "\n".join(map(str, warnings))


@pytest.mark.parametrize("text, ok", [
    ("Légion\u00a0: une unité", True), ("Légion\u202f; bis", True), ("Vraiment\u00a0?!", True),
    ("Légion : une unité", False), ("Légion: une unité", False), ("{civ}: gagne", False),
    ("rapport 3:1", True), ("voir https://x", True), ("{n:>3} pièces", True),
    ("«\u00a0Rome\u00a0»", True), ("« Rome »", False), ("«Rome»", False)])
def test_french_wants_a_no_break_space_before_high_punctuation(text, ok):
    assert (convention_warnings(Path("fr.po"), "fr", [(None, "x", (text,), 1)]) == []) == ok


@pytest.mark.parametrize("english, text, ok", [
    ("say 'hi'", "sag „hallo“", True), ("say 'hi'", 'sag "hallo"', False),
    ("say 'hi'", "sag “hallo”", False), ('needs mm="..."', 'braucht mm="..."', True)])
def test_german_quotes_low_and_high(english, text, ok):
    assert (convention_warnings(Path("de.po"), "de", [(None, english, (text,), 1)]) == []) == ok


def test_every_language_keeps_the_english_placeholders():
    entries = [(None, "{civ} wins with {count}", ("{civ} gana",), 1),
               (None, "one legion\x00{n} legions", ("una legión", "{n} legiones"), 2)]
    warnings = convention_warnings(Path("es.po"), "es", entries)
    assert [w.line for w in warnings] == [1] and "{count}" in warnings[0].message


# --- the languages offered ---------------------------------------------------------------------

def test_a_game_offers_the_languages_it_has_a_complete_catalog_for(tmp_path):
    game = tmp_path / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", game)
    locale = game / "locale"
    for lang in i18n.catalog_languages(locale):
        if lang not in ("en", "es"):
            shutil.rmtree(locale / lang)
    assert i18n.game_languages(game, "demo") == ["en", "es"]
    shutil.copytree(locale / "es", locale / "fr")
    shutil.copytree(locale / "es", locale / "de")
    path = i18n.game_catalog_path(game, "demo", "de")
    path.write_text(path.read_text(encoding="utf-8").replace('msgstr "Miliario"', 'msgstr ""'),
                    encoding="utf-8")
    assert i18n.game_languages(game, "demo") == ["en", "es", "fr"]


def test_the_companion_offers_complete_languages_by_their_own_names():
    from companion.translate import languages

    offered = languages()
    assert list(offered)[:1] == ["en"]
    assert offered["es"] == "Español"
    assert [i18n.language_name(lang) for lang in ("fr", "de", "it", "pt")] == \
        ["Français", "Deutsch", "Italiano", "Português"]


def test_a_plural_forms_header_not_the_languages_is_warned_of(tmp_path):
    path = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "x.po"
    i18n.write_catalog(path, [(None, "Legion")], "fr")
    assert i18n.catalog_warnings(path) == []
    text = path.read_text(encoding="utf-8").replace("plural=(n > 1)", "plural=(n != 1)")
    path.write_text(text, encoding="utf-8")
    [warning] = i18n.catalog_warnings(path)
    assert "Plural-Forms" in warning.message and "(n > 1)" in warning.message
