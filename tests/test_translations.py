"""Translation catalogs: complete in every language, nothing unused, every glyph printable."""
import pytest

from forge import i18n
from forge.fonts import SANS, SERIF, missing_glyphs
from forge.games import DEFAULT_CONTENT, game_ids, load_game


def test_program_catalogs_hold_exactly_the_messages_in_use():
    problems = i18n.check_program_catalogs(i18n.program_languages())
    assert problems == [], "\n".join(str(p) for p in problems)


@pytest.mark.parametrize("game_id", game_ids(DEFAULT_CONTENT))
def test_game_catalogs_hold_exactly_the_content_texts(game_id):
    game = load_game(DEFAULT_CONTENT, game_id, check_catalogs=False)
    problems = i18n.check_game_catalogs(game.folder, game.id, game.texts, game.languages)
    assert problems == [], "\n".join(str(p) for p in problems)


def test_spanish_differs_from_english_for_most_messages():
    spanish = i18n.program_messages("es")
    same = [m for (_, m), e in spanish.entries.items() if e.msgstr == m and len(m) > 12]
    assert len(same) <= len(spanish.entries) // 10, same


def texts_of(messages):
    """Every translated text of a catalog (each plural form)."""
    for entry in messages.entries.values():
        yield from entry.forms or (entry.msgstr,)


def all_translations():
    for lang in i18n.program_languages():
        yield from texts_of(i18n.program_messages(lang))
    for game_id in game_ids(DEFAULT_CONTENT):
        folder = DEFAULT_CONTENT / game_id
        for lang in i18n.catalog_languages(folder / "locale"):
            path = i18n.game_catalog_path(folder, game_id, lang)
            yield from texts_of(i18n.Messages(path))


@pytest.mark.parametrize("font", [SANS, SERIF])
def test_every_translation_is_printable_in_the_kit_fonts(font):
    missing = {}
    for text in all_translations():
        gaps = missing_glyphs(text, font)
        if gaps:
            missing[text[:40]] = gaps
    assert missing == {}


def test_a_missing_translation_is_reported_with_its_place(content_copy):
    path = i18n.game_catalog_path(content_copy / "tetrarchia", "tetrarchia", "es")
    text = path.read_text(encoding="utf-8")
    marker = 'msgid "Galerius"\nmsgstr "Galerio"'
    assert marker in text
    path.write_text(text.replace(marker, 'msgid "Galerius"\nmsgstr ""'), encoding="utf-8")
    from forge.errors import ContentError
    with pytest.raises(ContentError) as err:
        load_game(content_copy, "tetrarchia")
    message = str(err.value)
    assert "game.yaml:" in message and "game/emperors/galerius/name" in message
    assert "no 'es' translation" in message
