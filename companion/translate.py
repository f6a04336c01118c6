"""An observable translator: change `lang` and every label bound to it shows the new language.

The pattern of Kivy's author's gettext example: .kv rules write
`text: app.tr._("Settings", app.tr.lang)`. Babel's Python extractor finds the English msgid (the
first argument); naming `app.tr.lang` in the expression makes Kivy re-evaluate it when the language
changes, so the open screen updates at once. Python code calls `app.tr._("...")` the same way.

Translations come from forge's catalog (forge/locale/<lang>/LC_MESSAGES/forge.po) for the shared
screens and from each playable game's catalog (its entries without msgctxt) for the game's own
screens, as forge.i18n.program_messages finds them; the test suite fails on any message missing
from the catalog it belongs in.
"""
from __future__ import annotations

from kivy.event import EventDispatcher
from kivy.properties import StringProperty

LANGUAGES = {"en": "English", "es": "Español"}   # names shown in each language's own words


class Translator(EventDispatcher):
    """Translates program strings into `lang`; bind to `lang` to refresh on a change."""

    lang = StringProperty("en")

    def __init__(self, lang: str = "en", **kwargs):
        super().__init__(**kwargs)
        self._tables: dict[str, dict[str, str]] = {}
        self.lang = lang if lang in LANGUAGES else "en"

    def _(self, msgid: str, *_watched) -> str:
        """The translation of an English message (extra arguments only make .kv rules rebind)."""
        if self.lang == "en":
            return msgid
        return self._table(self.lang).get(msgid) or msgid

    def _table(self, lang: str) -> dict[str, str]:
        """English -> translation for one language, read once."""
        if lang not in self._tables:
            self._tables[lang] = _catalog(lang)
        return self._tables[lang]


def _catalog(lang: str) -> dict[str, str]:
    """The translations without context of forge's and the playable games' catalogs."""
    from forge.i18n import program_messages

    messages = program_messages(lang)
    return {msgid: entry.msgstr for (context, msgid), entry in messages.entries.items()
            if context is None and entry.msgstr}


def in_words(error: Exception, tr) -> str:
    """An engine refusal in the players' language (`error.translated(tr)`); other errors as
    their own text."""
    translated = getattr(error, "translated", None)
    return translated(tr) if callable(translated) else str(error)
