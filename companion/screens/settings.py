"""Settings: the language (switches live) and how dice are rolled; saved in user_data_dir."""
from kivy.uix.screenmanager import Screen


class SettingsScreen(Screen):
    """Everything is in settings.kv; the app applies and saves each choice."""


SCREEN = SettingsScreen
