"""An observable translator: change `lang` and every label bound to it shows the new language.

The pattern of Kivy's author's gettext example: .kv rules write
`text: app.tr._("Settings", app.tr.lang)`. Babel's Python extractor finds the English msgid (the
first argument); naming `app.tr.lang` in the expression makes Kivy re-evaluate it when the language
changes, so the open screen updates at once. Python code calls `app.tr._("...")` the same way.

Translations come from forge's catalog (forge/locale/<lang>/LC_MESSAGES/forge.po) for the shared
screens and from each playable game's catalog (its entries without msgctxt) for the game's own
screens, as forge.i18n.program_messages finds them; the test suite fails on any message missing
from the catalog it belongs in. `app.tr.ngettext(singular, plural, n, app.tr.lang)` gives the form
of a plural message for the number n.

The languages offered (`languages()`) are found, not listed: every language whose program catalog
and every playable game's catalog are complete, each shown by its own name.
"""
from __future__ import annotations

from kivy.event import EventDispatcher
from kivy.properties import StringProperty


def languages() -> dict[str, str]:
    """{language: its name in its own words} of the languages the companion offers."""
    from forge.i18n import companion_languages, language_name

    return {lang: language_name(lang) for lang in companion_languages()}


def known(lang: str) -> bool:
    """Whether forge has a program catalog in `lang` (a saved choice stays usable)."""
    from forge.i18n import SOURCE_LANGUAGE, program_languages

    return lang == SOURCE_LANGUAGE or lang in program_languages()


class Translator(EventDispatcher):
    """Translates program strings into `lang`; bind to `lang` to refresh on a change."""

    lang = StringProperty("en")

    def __init__(self, lang: str = "en", **kwargs):
        super().__init__(**kwargs)
        self._tables: dict[str, dict[str, str]] = {}
        self.lang = lang if known(lang) else "en"

    def _(self, msgid: str, *_watched) -> str:
        """The translation of an English message (extra arguments only make .kv rules rebind)."""
        if self.lang == "en":
            return msgid
        return self._table(self.lang).get(msgid) or msgid

    def ngettext(self, singular: str, plural: str, n: int, *_watched) -> str:
        """The form of a plural message for the number `n`, still to be filled in (English's
        where the catalogs lack it)."""
        from forge.i18n import plural_key, program_messages

        if self.lang != "en":
            found = program_messages(self.lang).plural(plural_key(singular, plural), n)
            if found:
                return found
        return singular if n == 1 else plural

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
