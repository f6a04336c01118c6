"""Events in words, for any game: a table of writers by event kind, and the names they use.

A game's words.py keeps only its own: a `Names` subclass (its game id, content folder and tables,
and how it names its things) and a table `{event kind: writer}`, each writer a function
`(event, tr, names) -> str`. `EventWords(writers, names)` is then the game's `describe(event,
tr)`: `tr` is any object with a `_` method (forge.i18n.Translator for the program catalog, whose
msgids are the English sentences) and, when it has a `lang`, the names come from the game's own
catalog in that language.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from forge.engine.gametext import game_text

Writer = Callable[[dict, Any, "Names"], str]


class Names:
    """A game's names in the language of a translator: `tr`, the game's tables `t`, and the
    texts of the game's own catalog (`game_text`)."""

    game: str
    content_dir: Path

    def __init__(self, tr, t):
        self.tr, self.t = tr, t
        self.lang = getattr(tr, "lang", "en")

    def game_text(self, english: str, context: str) -> str:
        """A content string in this language (its English text when the game's catalog has no
        translation); `context` is its catalog context, the YAML key path."""
        return game_text(self.content_dir, self.game, self.lang, english, context) or english


class EventWords:
    """A game's `describe(event, tr)`: the event as one sentence a player can read aloud."""

    def __init__(self, writers: Mapping[str, Writer], names: Callable[[Any], Names]):
        self.writers, self.names = writers, names

    def __call__(self, event: dict, tr) -> str:
        """The event in the translator's language; ValueError for a kind without words."""
        writer = self.writers.get(event.get("kind"))
        if writer is None:
            raise ValueError(f"no words for an event of kind {event.get('kind')!r}")
        text = writer(event, tr, self.names(tr))
        return text[:1].upper() + text[1:]


def counted(tr, singular: str, plural: str, n: int) -> str:
    """The form of a message for the number `n` in the language of `tr` (its `ngettext`; a
    translator without one gets English's two forms), still to be filled in: `counted(tr,
    "{n} legion", "{n} legions", n).format(n=n)`. Babel's keyword `counted` finds both forms."""
    method = getattr(tr, "ngettext", None)
    if callable(method):
        return method(singular, plural, n)
    return singular if n == 1 else plural


class Counted:
    """A counted phrase given as a field of a refusal or a sentence: its two English forms, the
    number that chooses one (filled in as `{n}`) and its other fields. `str()` is the English;
    `translated(tr)` the phrase in the language of `tr` (Babel's keyword `Counted`)."""

    def __init__(self, singular: str, plural: str, n: int, **fields):
        self.singular, self.plural, self.n, self.fields = singular, plural, n, fields

    def __str__(self) -> str:
        return (self.singular if self.n == 1 else self.plural).format(n=self.n, **self.fields)

    def translated(self, tr) -> str:
        text = counted(tr, self.singular, self.plural, self.n)
        return text.format(n=self.n, **{k: _translated(v, tr) for k, v in self.fields.items()})


def _translated(value, tr):
    method = getattr(value, "translated", None)
    return method(tr) if callable(method) else value


def formatted(template: str) -> Writer:
    """A writer that fills `template` (translated) with the event's fields."""
    def write(event: dict, tr, names: Names) -> str:
        return tr._(template).format(**event)
    return write
