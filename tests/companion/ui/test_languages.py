"""The companion in French, German, Italian and Portuguese: each game's main screens on a phone,
every button holding its words and no English left where the language has its own."""
from __future__ import annotations

import pytest
from test_antike_screens import set_up as antike_set_up
from test_conquest_auction import open_screen
from test_conquest_battle import at_war
from test_pax_romana_screens import set_up as pax_romana_set_up
from test_tetrarchia_screens import start_game
from touch import assert_buttons_fit, screenshot, walk

from forge import i18n
from forge.games import DEFAULT_CONTENT, game_ids

LANGUAGES = ["fr", "de", "it", "pt"]


def english_left(lang: str) -> set[str]:
    """English texts a screen must not show in `lang`: every message of the program's and the
    games' catalogs that the language words differently (short ones aside: names, numbers)."""
    catalogs = [i18n.program_messages(lang)]
    catalogs += [i18n.Messages(i18n.game_catalog_path(DEFAULT_CONTENT / g, g, lang))
                 for g in game_ids(DEFAULT_CONTENT)]
    return {msgid for messages in catalogs for (_, msgid), entry in messages.entries.items()
            if len(msgid) >= 12 and "\0" not in msgid and entry.msgstr
            and entry.msgstr != msgid}


def look_at(app, window, pump, shots, lang: str, name: str, english: set[str]) -> None:
    """A screen in `lang`: its buttons fit, no English is left on it, and a screenshot."""
    pump()
    screen = app.screen(name)
    assert_buttons_fit(screen, window, f"{lang}: {name}")
    left = sorted({w.text for w in walk(screen) if getattr(w, "text", None) in english})
    assert left == [], f"{lang}: {name} shows English: {left}"
    screenshot(window, shots, f"{lang}-{name}", pump)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_reads_in_the_language_and_fits_a_phone(app, window, pump, shots, lang):
    app.set_setting("lang", lang)
    english = english_left(lang)
    for name in ("home", "settings", "dice"):
        app.show(name)
        look_at(app, window, pump, shots, lang, name, english)
    app.show("home")
    start_game(app, pump)
    look_at(app, window, pump, shots, lang, "tetrarchia_board", english)
    app.show("home")
    antike_set_up(app, pump)
    look_at(app, window, pump, shots, lang, "antike_books", english)
    app.show("home")
    pax_romana_set_up(app, pump)
    look_at(app, window, pump, shots, lang, "pax_romana_books", english)
    session = at_war(app, {"juan": {"galatia": {"infantry": 3, "general": 1}}})
    open_screen(app, "conquest_books", session, pump)
    look_at(app, window, pump, shots, lang, "conquest_books", english)
