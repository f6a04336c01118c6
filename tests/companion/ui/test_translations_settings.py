"""The settings screen offers the languages found complete, each named in its own words."""
from touch import tap

import companion.screens.settings as settings_screen


def test_settings_offer_every_complete_language_by_its_own_name(app, pump, monkeypatch):
    offered = {"en": "English", "es": "Español", "fr": "Français", "de": "Deutsch"}
    monkeypatch.setattr(settings_screen, "languages", lambda: offered)
    settings = app.screen("settings")
    app.show("settings")
    pump(3)
    names = [settings.ids[f"lang_{lang}"].text for lang in offered]
    assert names == list(offered.values())
    assert settings.ids.lang_en.state == "down"
    tap(settings.ids.lang_es, pump)
    assert app.tr.lang == "es" and settings.ids.lang_es.state == "down"
    assert settings.ids.lang_en.state == "normal"
