"""The engine's refusals: translatable templates with their fields, apart from everything else.

Kept in their own module so that both the session (core.py) and the door every input passes
(inputs.py) can raise them; core.py re-exports them, the names games import.
"""
from __future__ import annotations


def N_(message: str) -> str:
    """Mark an English message template for extraction (Babel's `N_` keyword); no-op here."""
    return message


class ActionError(ValueError):
    """An action that cannot be carried out; the message says why, for a player.

    `message` is an English template of the program catalog with `{placeholders}` and
    `fields` their values: `str(err)` is the English text, `err.translated(tr)` the same
    refusal in the translator's language. A field value with a `translated(tr)` method (an
    emperor's name, a phrase) is rendered through it; any other value is shown as it is.
    """

    def __init__(self, message: str, **fields):
        self.template = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)

    def translated(self, tr) -> str:
        """The refusal in the language of `tr` (any object with a `_` method)."""
        text = tr._(self.template)
        if not self.fields:
            return text
        return text.format(**{key: translated(value, tr) for key, value in self.fields.items()})


def translated(value, tr):
    """A field value in the language of `tr`: through its `translated` method if it has one."""
    method = getattr(value, "translated", None)
    return method(tr) if callable(method) else value


class ParseError(ActionError):
    """An action that is not well formed (unknown type, missing or wrong field)."""


class IllegalAction(ActionError):
    """A well-formed action the rules do not allow now (not enough PI, occupied, ...)."""


class NamedIllegalAction(IllegalAction):
    """An IllegalAction whose fields hold ids of a game's things (a place, a card, a unit...):
    translated, each is shown by its name in the translator's language, so a player never
    reads an id. A game subclasses it with `NAMED`, {field: the method of its names object
    that names such an id}, and `names(tr)`, that object (its words' `Names`)."""

    NAMED: dict[str, str] = {}

    @staticmethod
    def names(tr):
        raise NotImplementedError

    def translated(self, tr) -> str:
        names = self.names(tr)
        fields = {key: getattr(names, self.NAMED[key])(value)
                  if key in self.NAMED and isinstance(value, str) else translated(value, tr)
                  for key, value in self.fields.items()}
        text = tr._(self.template)
        return text.format(**fields) if fields else text


class SaveError(ValueError):
    """A save that cannot be read: corrupt, another game, or an unknown format."""


class ForeignSave(SaveError):
    """A sound save this engine does not play (another game, rules version or format): it is
    not corrupt, so it is never moved aside."""
