"""The door every input of a game passes before its rules see it: actions, set-up options
(positions among them) and saves.

A game declares its inputs as data, on its rules object: `action_schemas` (action type ->
`Record`) and `options_schema` (a `Record`), built from the few specs below. The session
(core.py) checks every action, every set of options and every save here, so a new game
inherits the checks by declaring its schemas. First a value must be plain JSON of bounded
size and depth (no NaN, no number beyond 64 bits, text keys); then it must fit its schema:
an unknown field is refused with its name, a wrong type names the field and what was
expected. What a schema cannot say (that a province exists, that a player has the talents)
stays with the rules. Every refusal is a ParseError, translatable like any other.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Mapping

from forge.engine.errors import N_, ParseError, translated

MAX_DEPTH = 32              # nesting of mappings and lists; real inputs use fewer than 10
MAX_SAVE_DEPTH = 2 * MAX_DEPTH  # a save holds the actions and options in its own nesting
MAX_TEXT = 10_000           # characters in one text (or field name)
MAX_INT = 2 ** 64           # numbers stay within 64 bits (the dice generator's state)
MAX_ACTION_VALUES = 10_000  # values in one action
MAX_OPTION_VALUES = 100_000  # values in the set-up options (a position, a card table)
MAX_SAVE_VALUES = 20_000_000  # values in a whole save (a long game's log and events)


class Words:
    """An English phrase of the program catalog with its fields, shown in a player's language."""

    def __init__(self, template: str, **fields):
        self.template, self.fields = template, fields

    def __str__(self) -> str:
        return self.template.format(**{k: str(v) for k, v in self.fields.items()})

    def translated(self, tr) -> str:
        return tr._(self.template).format(
            **{k: translated(v, tr) for k, v in self.fields.items()})


ACTION = Words(N_("the action"))
OPTIONS = Words(N_("the set-up options"))
SAVE = Words(N_("the save"))


# --- plain JSON, bounded --------------------------------------------------------------------------

def load_json(text: str, what: Words) -> object:
    """Parse JSON text strictly (no NaN or Infinity, no endless numbers); ParseError if not."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise ParseError(N_("{what} is nested more than {depth} levels deep"), what=what,
                         depth=MAX_DEPTH) from None
    except json.JSONDecodeError as err:
        raise ParseError(N_("{what} is not valid JSON ({reason} at line {line}, column "
                            "{column})"), what=what, reason=err.msg, line=err.lineno,
                         column=err.colno) from None
    except ValueError as err:           # NaN, 1e999, a number of thousands of digits
        raise ParseError(N_("{what} is not valid JSON ({reason})"), what=what,
                         reason=str(err).split(":")[0]) from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def check_plain(value: object, what: Words, max_values: int,
                max_depth: int = MAX_DEPTH) -> None:
    """Refuse anything but plain JSON data of bounded depth, size, texts and numbers.

    Walks with its own stack, never recursion, so no input is too deep to be refused."""
    stack, count = [(value, 1)], 0
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > max_values:
            raise ParseError(N_("{what} is too large: more than {count} values"), what=what,
                             count=max_values)
        if depth > max_depth:
            raise ParseError(N_("{what} is nested more than {depth} levels deep"), what=what,
                             depth=max_depth)
        if isinstance(item, dict):
            for key, inner in item.items():
                _check_scalar(key, what, key=True)
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)
        else:
            _check_scalar(item, what)


def _check_scalar(item: object, what: Words, key: bool = False) -> None:
    if isinstance(item, str):
        if len(item) > MAX_TEXT:
            raise ParseError(N_("{what} holds a text longer than {count} characters"),
                             what=what, count=MAX_TEXT)
    elif key:
        raise ParseError(N_("{what}: field names are texts, not {value}"), what=what,
                         value=shown(item))
    elif item is None or isinstance(item, bool):
        pass
    elif isinstance(item, int):
        if not -MAX_INT < item < MAX_INT:
            raise ParseError(N_("{what} holds a number too large: {value}"), what=what,
                             value=shown(item))
    elif isinstance(item, float):
        if not math.isfinite(item):
            raise ParseError(N_("{what} holds a number too large: {value}"), what=what,
                             value=shown(item))
    else:
        raise ParseError(N_("{what} holds {value}, which is not JSON data"), what=what,
                         value=shown(item))


def shown(value: object, width: int = 40) -> str:
    """A value as the user wrote it (JSON), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= width else text[:width - 1] + "…"


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


# --- schemas --------------------------------------------------------------------------------------

class Spec:
    """What one value must be; `check` raises ParseError naming `where` and what was expected."""

    def fits(self, value: object) -> bool:
        raise NotImplementedError

    def expected(self) -> Words:
        raise NotImplementedError

    def check(self, value: object, where: str) -> None:
        if not self.fits(value):
            raise wrong(where, self, value)


def wrong(where: str, spec: Spec, value: object) -> ParseError:
    """The refusal of a value that does not fit `spec`."""
    return ParseError(N_("{where}: {expected} expected, not {value}"), where=where or ACTION,
                      expected=spec.expected(), value=shown(value))


@dataclass(frozen=True)
class Int(Spec):
    """A whole number (never true or false) within [low, high]."""

    low: int | None = None
    high: int | None = None

    def fits(self, value):
        return (isinstance(value, int) and not isinstance(value, bool)
                and (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high))

    def expected(self):
        if self.low is not None and self.high is not None:
            return Words(N_("a whole number from {low} to {high}"), low=self.low, high=self.high)
        if self.low is not None:
            return Words(N_("a whole number of {low} or more"), low=self.low)
        return Words(N_("a whole number"))


@dataclass(frozen=True)
class Bool(Spec):
    def fits(self, value):
        return isinstance(value, bool)

    def expected(self):
        return Words(N_("true or false"))


@dataclass(frozen=True)
class Text(Spec):
    """A text (not blank unless `blank`), at most `longest` characters, or one of `choices`."""

    choices: tuple = ()
    longest: int = 200
    blank: bool = False

    def fits(self, value):
        if not isinstance(value, str) or len(value) > self.longest:
            return False
        if self.choices:
            return value in self.choices
        return self.blank or bool(value.strip())

    def expected(self):
        if self.choices:
            return Words(N_("one of {choices}"), choices=", ".join(self.choices))
        return Words(N_("a text of at most {count} characters"), count=self.longest)


@dataclass(frozen=True)
class Null(Spec):
    def fits(self, value):
        return value is None

    def expected(self):
        return Words(N_("null"))


@dataclass(frozen=True)
class Any(Spec):
    """Any plain JSON value (the size and depth bounds still hold)."""

    def fits(self, value):
        return True


@dataclass(frozen=True)
class Either(Spec):
    """A value fitting one of `specs` (tried in order)."""

    specs: tuple

    def fits(self, value):
        return any(spec.fits(value) for spec in self.specs)

    def check(self, value, where):
        for spec in self.specs:
            if spec.fits(value):
                return spec.check(value, where)
        raise wrong(where, self, value)

    def expected(self):
        phrase = self.specs[0].expected()
        for spec in self.specs[1:]:
            phrase = Words(N_("{one} or {other}"), one=phrase, other=spec.expected())
        return phrase


def Maybe(spec: Spec) -> Either:
    """`spec` or null."""
    return Either((spec, Null()))


@dataclass(frozen=True)
class ListOf(Spec):
    """A list of at most `longest` items, each fitting `item`."""

    item: Spec
    longest: int = 100

    def fits(self, value):
        return isinstance(value, list) and len(value) <= self.longest

    def check(self, value, where):
        super().check(value, where)
        for index, item in enumerate(value):
            self.item.check(item, f"{where}[{index}]")

    def expected(self):
        return Words(N_("a list of at most {count} items"), count=self.longest)


@dataclass(frozen=True)
class MapOf(Spec):
    """A mapping of at most `longest` entries; keys fit `key`, values fit `value`."""

    value: Spec
    key: Spec = Text()
    longest: int = 100

    def fits(self, value):
        return isinstance(value, dict) and len(value) <= self.longest

    def check(self, value, where):
        super().check(value, where)
        for name, inner in value.items():
            self.key.check(name, _at(where, "(name)") if where else name)
            self.value.check(inner, _at(where, name))

    def expected(self):
        return Words(N_("a mapping of at most {count} entries"), count=self.longest)


@dataclass(frozen=True)
class Record(Spec):
    """A mapping with known fields, optional but for `required`; `info` fields are accepted
    and ignored (what `legal_actions` adds to an action, so a listed action can be applied as
    it is)."""

    fields: Mapping[str, Spec] = field(default_factory=dict)
    info: tuple = ()
    required: tuple = ()

    def fits(self, value):
        return isinstance(value, dict)

    def unknown(self, value: dict) -> list[str]:
        return sorted(set(value) - set(self.fields) - set(self.info))

    def check(self, value, where):
        super().check(value, where)
        unknown = self.unknown(value)
        if unknown:
            raise ParseError(N_("{where}: unknown field(s) {unknown}; its fields are {fields}"),
                             where=where or ACTION, unknown=", ".join(unknown),
                             fields=self.names())
        self.check_values(value, where)

    def check_values(self, value: dict, where: str) -> None:
        for name in self.required:
            if name not in value:
                raise ParseError(N_("{where}: the field {field} is missing"),
                                 where=where or ACTION, field=name)
        for name, inner in value.items():
            spec = self.fields.get(name)
            if spec is not None:
                spec.check(inner, _at(where, name))

    def names(self):
        return ", ".join(sorted(self.fields)) or Words(N_("none"))

    def expected(self):
        return Words(N_("a mapping with the fields {fields}"), fields=self.names())


# --- the inputs of a game -------------------------------------------------------------------------

def check_action(schemas: Mapping[str, Record], action: object) -> None:
    """An action fits its type's schema (ParseError naming the field otherwise)."""
    check_plain(action, ACTION, MAX_ACTION_VALUES)
    if not isinstance(action, dict):
        raise ParseError(N_("an action is a mapping with a 'type'"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        raise ParseError(N_("unknown action type {kind}; the types are {types}"),
                         kind=shown(kind), types=", ".join(schemas))
    schema = schemas[kind]
    unknown = [name for name in schema.unknown(action) if name != "type"]
    if unknown:
        raise ParseError(N_("unknown field(s) {unknown} for {kind}; its fields are: {fields}"),
                         unknown=", ".join(unknown), kind=kind, fields=schema.names())
    schema.check_values(action, "")


def check_options(schema: Record, options: object) -> None:
    """Set-up options fit the game's schema (ParseError naming the option otherwise)."""
    check_plain(options, OPTIONS, MAX_OPTION_VALUES)
    if not isinstance(options, dict):
        raise ParseError(N_("the set-up options must be a mapping"))
    unknown = schema.unknown(options)
    if unknown:
        raise ParseError(N_("unknown set-up option(s) {unknown}; the options are {options}"),
                         unknown=", ".join(unknown), options=schema.names())
    schema.check_values(options, "")


SEED = Maybe(Int(0, MAX_INT - 1))
ROLL = Record({"die": Text(), "value": Int(), "reason": Text(longest=MAX_TEXT, blank=True),
               "source": Text(("entered", "rolled"))}, required=("die", "value", "reason"))
ENTRY = Record({"action": MapOf(Any(), longest=MAX_ACTION_VALUES),
                "rolls": ListOf(ROLL, 10_000),
                "events": ListOf(MapOf(Any(), longest=1_000), 100_000)},
               required=("action", "rolls", "events"))
SAVE_SCHEMA = Record({
    "format": Text(), "format_version": Int(1), "game": Text(), "rules_version": Text(),
    "engine_version": Text(), "generator": Text(), "position": Int(0),
    "entries": ListOf(Any(), 1_000_000), "journal_seq": Int(0),
    "digests": ListOf(Text(longest=64), 1_000_000),
}, required=("format", "format_version", "game", "rules_version", "generator", "position",
             "entries"))


def check_save_shape(data: object) -> None:
    """The fields of a save and of each log entry have their types (ParseError otherwise).

    The entries' actions are checked when they are replayed, against the game's schemas."""
    check_plain(data, SAVE, MAX_SAVE_VALUES, MAX_SAVE_DEPTH)
    SAVE_SCHEMA.check(data, "save")
    for number, entry in enumerate(data["entries"]):
        ENTRY.check(entry, f"save.entries[{number}]")


__all__ = ["Any", "Bool", "Either", "Int", "ListOf", "MapOf", "Maybe", "Null", "Record",
           "Text", "Words", "check_action", "check_options", "check_plain", "check_save_shape",
           "load_json", "SEED"]
