"""Each game's own words live in its catalog; forge's catalog holds its shared code's words."""
import shutil

import pytest

from forge import i18n, places
from forge.games import DEFAULT_CONTENT, load_game
from forge.registry import engines

TETRARCHIA = "tetrarchia"
CONQUEST = "conquest-of-the-empire-2"


def catalog(game_id: str, lang: str) -> i18n.Messages:
    return i18n.Messages(i18n.game_catalog_path(DEFAULT_CONTENT / game_id, game_id, lang))


# --- who owns a message ---------------------------------------------------------------------------

@pytest.mark.parametrize("filename, owner", [
    ("forge/engine/tetrarchia/words.py", "tetrarchia"),
    ("forge/engine/conquest/season.py", "conquest"),
    ("forge/render/conquest/reference.py", "conquest"),
    ("forge/checks/tetrarchia.py", "tetrarchia"),
    ("companion/screens/conquest_auction.kv", "conquest"),
    ("companion/screens/tetrarchia_board.py", "tetrarchia"),
    ("forge/engine/words.py", None),
    ("forge/checks/graph.py", None),
    ("companion/screens/home.kv", None),
    ("forge/cli/play.py", None),
    ("templates/rules.xml.j2", None),
])
def test_a_code_file_belongs_to_the_game_its_package_names(filename, owner):
    assert i18n.code_owner(filename, ["tetrarchia", "conquest"]) == owner


def test_a_message_shared_code_uses_is_forges_and_one_two_games_use_is_each_ones():
    found = {
        "Home": [("companion/screens/home.kv", 1), ("companion/screens/tetrarchia_end.kv", 2)],
        "Start": [("companion/screens/tetrarchia_setup.kv", 3),
                  ("companion/screens/conquest_setup.kv", 4)],
        "Protect": [("forge/engine/tetrarchia/labels.py", 5)],
    }
    split = i18n.split_messages(found, {"tetrarchia": TETRARCHIA, "conquest": CONQUEST})
    assert set(split.shared) == {"Home"}
    assert set(split.games[TETRARCHIA]) == {"Start", "Protect"}
    assert set(split.games[CONQUEST]) == {"Start"}


# --- where the messages are -----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", [TETRARCHIA, CONQUEST])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_games_code_words_are_in_its_catalog_not_in_forges(game_id, lang):
    own = i18n.code_messages().games[game_id]
    assert len(own) > 50
    words = catalog(game_id, lang)
    forge = i18n.forge_messages(lang)
    assert [m for m in own if words.get(m) is None] == []
    assert [m for m in own if (None, m) in forge.entries] == []


def test_the_words_each_game_shows_are_in_their_own_catalogs():
    assert catalog(TETRARCHIA, "es").get("an Agitation disc") == "un disco de Agitación"
    assert catalog(CONQUEST, "es").get("{player} passes") == "{player} pasa"
    assert catalog(CONQUEST, "es").get("Bid in talents") == "Puja en talentos"
    for game_id in (TETRARCHIA, CONQUEST):      # both games' screens say it: each game has it
        assert catalog(game_id, "es").get("Log and undo") == "Registro y deshacer"


def test_a_shared_message_is_in_forges_catalog_only():
    assert "All catalogs complete." in i18n.code_messages().shared
    for lang in ("en", "es"):
        assert i18n.forge_messages(lang).get("All catalogs complete.")
        for game_id in (TETRARCHIA, CONQUEST):
            assert catalog(game_id, lang).get("All catalogs complete.") is None


def test_the_content_texts_keep_their_context_beside_the_code_words():
    words = catalog(TETRARCHIA, "es")
    assert words.get("Galerius", "game/emperors/galerius/name") == "Galerio"
    assert words.get("Galerius") is None


# --- what players see -----------------------------------------------------------------------------

def test_the_strict_translator_finds_each_games_event_words():
    spanish = i18n.Translator("es", strict=True)
    enter = {"kind": "enter", "emperor": "galerius", "province": "ROMA", "rule": "return"}
    assert engines()[TETRARCHIA].describe(enter, spanish) == "Galerio entra en el tablero en ROMA."
    assert spanish._("{player} passes") == "{player} pasa"
    assert spanish._("an Agitation disc") == "un disco de Agitación"
    assert spanish._("All catalogs complete.") == i18n.forge_messages("es").get(
        "All catalogs complete.")


def test_the_strict_translator_still_refuses_a_word_no_catalog_has():
    with pytest.raises(i18n.MissingTranslation, match="no 'es' translation for \"Nowhere\""):
        i18n.Translator("es", strict=True)._("Nowhere")
    assert i18n.Translator("es", strict=False)._("Nowhere") == "Nowhere"


def test_the_companion_translator_finds_each_games_screen_words():
    from companion.translate import Translator

    tr = Translator("es")
    assert tr._("Bid in talents", tr.lang) == "Puja en talentos"
    assert tr._("Log and undo", tr.lang) == "Registro y deshacer"
    assert tr._("Protect") == "Proteger"
    assert tr._("Settings") == i18n.forge_messages("es").get("Settings") != "Settings"


def test_the_program_messages_are_read_once_per_language():
    assert i18n.program_messages("es") is i18n.program_messages("es")
    assert i18n.Translator("es").messages is i18n.Translator("es", strict=False).messages


# --- checks where the code cannot be read, and in a user's game -----------------------------------

def add_entry(path, msgid, msgstr):
    with path.open("a", encoding="utf-8") as stream:
        stream.write(f'\nmsgid "{msgid}"\nmsgstr "{msgstr}"\n')


def test_an_installed_forge_does_not_judge_a_shipped_games_code_words(content_copy, monkeypatch):
    monkeypatch.setattr(places, "is_checkout", lambda: False)
    path = i18n.game_catalog_path(content_copy / TETRARCHIA, TETRARCHIA, "es")
    add_entry(path, "A word of a newer engine", "Una palabra")
    assert i18n.game_code_messages(TETRARCHIA) is None
    game = load_game(content_copy, TETRARCHIA)
    assert i18n.check_game_catalogs(game.folder, game.id, game.texts, ["en", "es"]) == []


def test_an_installed_forge_still_judges_the_content_texts(content_copy, monkeypatch):
    monkeypatch.setattr(places, "is_checkout", lambda: False)
    game = load_game(content_copy, TETRARCHIA)
    problems = i18n.check_game_catalogs(game.folder, game.id, game.texts[1:], ["es"])
    assert problems and all("unused message" in p.message for p in problems)
    assert all(p.field for p in problems)


@pytest.mark.parametrize("checkout", [True, False])
def test_an_entry_without_context_in_a_users_game_is_unused(tmp_path, monkeypatch, checkout):
    monkeypatch.setattr(places, "is_checkout", lambda: checkout)
    content = tmp_path / "games"
    shutil.copytree(DEFAULT_CONTENT / "demo", content / "demo")
    path = i18n.game_catalog_path(content / "demo", "demo", "es")
    add_entry(path, "Stray word", "Palabra suelta")
    game = load_game(content, "demo", check_catalogs=False)
    problems = i18n.check_game_catalogs(game.folder, game.id, game.texts, ["es"])
    assert [p.message for p in problems] == ['unused message "Stray word"']


# --- update moves a message's translation with it -------------------------------------------------

def test_update_moves_a_code_word_from_forges_catalog_to_its_games(content_copy, tmp_path,
                                                                    monkeypatch):
    from forge.games import GameSource
    from forge.translations import update_all

    locale = tmp_path / "locale"
    shutil.copytree(i18n.PROGRAM_LOCALE_DIR, locale)
    monkeypatch.setattr(i18n, "PROGRAM_LOCALE_DIR", locale)
    entry = 'msgid "an Agitation disc"\nmsgstr "un disco de Agitación"\n'
    game_po = i18n.game_catalog_path(content_copy / TETRARCHIA, TETRARCHIA, "es")
    game_po.write_text(game_po.read_text(encoding="utf-8").replace(entry, ""), encoding="utf-8")
    forge_po = i18n.program_catalog_path("es")
    with forge_po.open("a", encoding="utf-8") as stream:
        stream.write("\n" + entry)
    assert i18n.Messages(game_po).get("an Agitation disc") is None

    update_all([GameSource(TETRARCHIA, content_copy / TETRARCHIA, "content")], program=True)
    assert i18n.Messages(game_po).get("an Agitation disc") == "un disco de Agitación"
    assert i18n.Messages(forge_po).get("an Agitation disc") is None
    game = load_game(content_copy, TETRARCHIA)
    assert i18n.check_game_catalogs(game.folder, game.id, game.texts, ["en", "es"]) == []


def test_the_code_is_parsed_again_only_when_it_changed(tmp_path, monkeypatch):
    from forge import i18n

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = i18n.extract_program_messages()
    kept = list((tmp_path / "cache" / "forge").glob("messages-*.json"))
    assert len(kept) == 1
    monkeypatch.setattr(i18n, "_extract_checkout", lambda: {"never": [("x.py", 1)]})
    assert i18n.extract_program_messages() == first            # read back, not parsed
    kept[0].write_text("{not json", encoding="utf-8")
    assert i18n.extract_program_messages() == {"never": [("x.py", 1)]}   # a bad file: parsed
