"""Settings: the language (switches live), how dice are rolled, whether the screen stays on and
whether pieces glide on the map.

All saved in user_data_dir. "Keep the screen on" is backed on Android by buildozer's
android.wakelock (buildozer.spec); on desktop the choice is stored and shown only.
"""
from kivy.uix.screenmanager import Screen


class SettingsScreen(Screen):
    """Everything is in settings.kv; the app applies and saves each choice."""


SCREEN = SettingsScreen
