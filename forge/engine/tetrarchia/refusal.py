"""Values inside refusal messages that a translation must render in its own language.

An `IllegalAction` or `ParseError` carries an English template (marked with `N_` so Babel puts
it in the program catalog) and its fields. Most fields are shown as they are (province, region
and sea names are Latin; numbers; ids). The values below translate themselves: an emperor's name
through the game catalog, as in words.py, and a phrase through the program catalog.
"""
from __future__ import annotations

from forge.engine.core import N_
from forge.engine.tetrarchia.data import tables


class Emperor(str):
    """An emperor, shown by his English name (or `english`); translated through the game
    catalog."""

    def __new__(cls, emperor: str, english: str | None = None):
        shown = english if english is not None else tables().emperor_name.get(emperor, emperor)
        value = super().__new__(cls, shown)
        value.id = emperor
        return value

    def translated(self, tr) -> str:
        from forge.engine.tetrarchia.words import Names

        return Names(tr).emperor(self.id)


class Phrase(str):
    """A template of the program catalog with its fields, used as the field of another."""

    def __new__(cls, template: str, **fields):
        value = super().__new__(cls, template.format(**fields) if fields else template)
        value.template, value.fields = template, fields
        return value

    def translated(self, tr) -> str:
        text = tr._(self.template)
        if not self.fields:
            return text
        return text.format(**{k: v.translated(tr) if hasattr(v, "translated") else v
                              for k, v in self.fields.items()})


def either(items: list[str]) -> str:
    """'A', 'A or B', 'A or B or C' — translatable."""
    if not items:
        return ""
    phrase = items[0]
    for item in items[1:]:
        phrase = Phrase(N_("{first} or {second}"), first=phrase, second=item)
    return phrase
