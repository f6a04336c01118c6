"""Settings: the language (switches live), how dice are rolled, whether the screen stays on and
whether pieces glide on the map.

All saved in user_data_dir. "Keep the screen on" is backed on Android by buildozer's
android.wakelock (buildozer.spec); on desktop the choice is stored and shown only.

The languages are those companion.translate.languages() finds complete, each a choice named in
its own words, with the id `lang_<code>` (lang_en, lang_es, lang_fr...).
"""
from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.screenmanager import Screen

from companion.theme import BUTTON_DP
from companion.translate import languages


class SettingsScreen(Screen):
    """Everything but the language choices is in settings.kv; the app applies and saves each
    choice."""

    def on_kv_post(self, base_widget) -> None:
        self.add_languages(languages())

    def add_languages(self, offered: dict[str, str]) -> None:
        """One choice per language, chosen when it is the translator's."""
        app = App.get_running_app()
        box = self.ids.languages
        box.clear_widgets()
        for lang, name in offered.items():
            button = Factory.Choice(text=name, group="lang", size_hint_y=None,
                                    height=dp(BUTTON_DP), allow_no_selection=False,
                                    state="down" if app.tr.lang == lang else "normal")
            button.bind(on_release=lambda _b, lang=lang: app.set_setting("lang", lang))
            app.tr.bind(lang=lambda _tr, now, button=button, lang=lang:
                        setattr(button, "state", "down" if now == lang else "normal"))
            box.add_widget(button)
            self.ids[f"lang_{lang}"] = button


SCREEN = SettingsScreen
