"""The sandbox the sheet templates run in: a game's own templates are code from strangers.

A game folder's templates/ may replace any sheet template, and game folders are downloaded and
shared, so templates run in jinja2's ImmutableSandboxedEnvironment with more locks on it:

- **What a template can reach**: plain data (the content and the sheet's values), the functions
  it is handed (`_`, `num`, `range` of at most MAX_RANGE numbers, and `ngettext(singular,
  plural, n)`, the plural form of a message for `n`, from the translator whose `_` it is handed:
  see `with_plurals`), the filters of FILTERS and the
  tests of TESTS, its own macros and `loop`. A method of a value only where SAFE_METHODS lists it
  (`text.format(...)`, `mapping.get(...)`, `mapping.items()`); never a name starting with `_`.
- **How much it can do**: every statement, loop turn, call, lookup and operator counts against
  MAX_STEPS (the real sheets take under 1,500); no text grows past MAX_TEXT characters (the
  output, `~`, `+`, `*`, `%`, joins, format widths past MAX_WIDTH), no whole number past
  MAX_INT, and no list or mapping written in a template holds more than MAX_ITEMS values all
  told. Only text and numbers are written out: a list or a
  mapping is written through its items, never whole.
- **Where it is read from**: only inside the folders given (the game's templates/, forge's
  templates/), never through a link that leads out of them, never a file over
  MAX_TEMPLATE_BYTES or one that is not UTF-8.

Whatever goes past a lock raises `TemplateLimit` (a jinja2 SecurityError), which
forge/render/sheets.py reports as a content error naming the template file and line.
"""
from __future__ import annotations

import bisect
import copy
import datetime
import os
import re
import string
import types
from pathlib import Path
from typing import Any, Callable

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.filters import FILTERS as JINJA_FILTERS
from jinja2.loaders import split_template_path
from jinja2.runtime import BlockReference, LoopContext, Macro, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedFormatter, SecurityError
from jinja2.tests import TESTS as JINJA_TESTS
from jinja2.utils import Namespace
from markupsafe import EscapeFormatter, Markup

from forge.errors import ContentError, Problem, UserError
from forge.i18n import messages_translator

_ = messages_translator()._

MAX_STEPS = 200_000             # statements, loop turns, calls, lookups and operators in a render
MAX_TEXT = 1_000_000            # characters in any text a template makes, its output included
MAX_WIDTH = 100                 # a width or precision in a format ('{:>8}', '%5.2f')
MAX_INT = 2 ** 53               # whole numbers a template computes (exact as floats too)
MAX_ITEMS = 100_000             # values in a list or mapping a template writes, nested ones too
MAX_RANGE = 10_000              # numbers in range(...)
MAX_TEMPLATE_BYTES = 256 * 1024  # size of a template file

SAFE_METHODS = {
    str: frozenset({"format", "format_map", "upper", "lower", "title", "capitalize", "strip",
                    "lstrip", "rstrip", "startswith", "endswith", "split", "rsplit",
                    "splitlines", "count", "find", "rfind", "partition", "rpartition",
                    "isdigit", "isalpha", "isspace", "isupper", "islower"}),
    dict: frozenset({"get", "items", "keys", "values"}),
    list: frozenset({"count", "index"}),
    tuple: frozenset({"count", "index"}),
    LoopContext: frozenset({"cycle", "changed"}),
}

SCALARS = (str, int, float, type(None), datetime.date, jinja2.Undefined)


class TemplateLimit(SecurityError):
    """A template tried something the sandbox does not allow, or went past one of its limits."""


class Exposed:
    """A function handed to templates: it can be called, and there is nothing else to reach.

    (A bound method or functools.partial would show its object or function as attributes.)
    """

    __slots__ = ("_function", "_name")

    def __init__(self, function: Callable, name: str):
        self._function = function
        self._name = name

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    def __repr__(self) -> str:
        return self._name


# --- values -------------------------------------------------------------------------------------

def scalar(value: Any) -> Any:
    """The value, when it may be written as text: text, a number, a date or nothing."""
    if isinstance(value, SCALARS):
        return value
    raise TemplateLimit(_("a {kind} cannot be written as text; write its items one by one")
                        .format(kind=type(value).__name__))


def _check_text(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise TemplateLimit(_("a text of more than {limit} characters").format(limit=MAX_TEXT))
    return value


def _check_number(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        raise TemplateLimit(_("a number larger than {limit}").format(limit=MAX_INT))
    return value


_PRINTF = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _check_widths(widths) -> None:
    for width in widths:
        if width == "*" or (width and int(width) > MAX_WIDTH):
            raise TemplateLimit(_("a format width or precision of more than {limit}")
                                .format(limit=MAX_WIDTH))


def check_printf(text: str, values: Any) -> None:
    """Refuse 'text % values' when it would make a huge text or write a list or mapping whole
    (checked before the text is made: a mapping of huge keys would be written out first)."""
    for match in _PRINTF.finditer(text):
        _check_widths(match.groups())
    by_name = isinstance(values, dict) and "%(" in text
    items = values.values() if by_name else values if isinstance(values, tuple) else (values,)
    for item in items:
        scalar(item)
    size = len(text) + sum(len(item) for item in items if isinstance(item, str))
    if size > MAX_TEXT:
        raise TemplateLimit(_("a text of more than {limit} characters").format(limit=MAX_TEXT))


def check_format(text: str) -> None:
    """Refuse a str.format text with nested fields or widths past MAX_WIDTH."""
    for _literal, _field, spec, _conversion in string.Formatter().parse(text):
        if spec and "{" in spec:
            raise TemplateLimit(_("a format field inside another one's format"))
        if spec:
            _check_widths(re.findall(r"\d+", spec))


class _Formatter(SandboxedFormatter):
    """str.format in templates: fields are looked up through the sandbox, and written only
    when they are text or numbers."""

    def convert_field(self, value, conversion):
        return super().convert_field(scalar(value), conversion)

    def format_field(self, value, format_spec):
        return super().format_field(scalar(value), format_spec)


class _EscapeFormatter(_Formatter, EscapeFormatter):
    """The same for Markup.format, which escapes what it fills in."""


# --- the environment ----------------------------------------------------------------------------

_STATEMENTS = (nodes.Output, nodes.If, nodes.Assign, nodes.AssignBlock, nodes.CallBlock,
               nodes.FilterBlock, nodes.With, nodes.Include, nodes.Import, nodes.FromImport,
               nodes.ExprStmt)


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles templates so that statements, loop turns, `~` and list or mapping literals are
    counted and bounded.

    The sandbox sees calls, lookups and operators; it does not see a statement that looks
    nothing up (`{% if x %}`, `{{ x }}` of a loop variable), a loop turn, the `~` operator or a
    literal, which run as plain Python. These are routed through the environment.
    """

    def visit(self, node: nodes.Node, *args, **kwargs):
        if isinstance(node, _STATEMENTS):
            self.writeline("environment.tick()", node)
        return super().visit(node, *args, **kwargs)

    def visit_For(self, node: nodes.For, frame) -> None:
        bounded = copy.copy(node)    # the parsed node stays as it was
        bounded.iter = nodes.Call(nodes.EnvironmentAttribute("bounded_iter"), [node.iter], [],
                                  None, None, lineno=node.lineno)
        bounded.iter.set_environment(self.environment)
        super().visit_For(bounded, frame)

    def visit_Concat(self, node: nodes.Concat, frame) -> None:
        self.write("environment.join_text((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        autoescape = "context.eval_ctx.autoescape" if frame.eval_ctx.volatile \
            else repr(bool(frame.eval_ctx.autoescape))
        self.write(f"), {autoescape})")

    def _bounded_literal(self, visit, node, frame) -> None:
        self.write("environment.bounded_items(")
        visit(node, frame)
        self.write(")")

    def visit_List(self, node: nodes.List, frame) -> None:
        self._bounded_literal(super().visit_List, node, frame)

    def visit_Dict(self, node: nodes.Dict, frame) -> None:
        self._bounded_literal(super().visit_Dict, node, frame)

    def visit_Tuple(self, node: nodes.Tuple, frame) -> None:
        if node.ctx != "load":          # a loop's or a set's targets: names, not values
            super().visit_Tuple(node, frame)
        else:
            self._bounded_literal(super().visit_Tuple, node, frame)


class SheetSandbox(ImmutableSandboxedEnvironment):
    """The jinja2 environment of the sheet templates: sandboxed, bounded, strict."""

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset({"+", "*", "**", "%"})

    def __init__(self, folders: list[Path], filters: dict[str, Callable]):
        super().__init__(loader=ContainedLoader(folders), autoescape=True,
                         undefined=jinja2.StrictUndefined, trim_blocks=True,
                         lstrip_blocks=True, finalize=scalar)
        self.globals.clear()
        self.globals["range"] = Exposed(bounded_range, "range")
        self.filters = {**_safe_filters(), **filters}
        self.tests = {name: JINJA_TESTS[name] for name in TESTS}
        self.steps = 0

    # counting

    def start(self) -> None:
        """Begin a render: its count of steps starts from nothing."""
        self.steps = 0

    def tick(self, steps: int = 1) -> None:
        """Count steps of work; past MAX_STEPS the render stops."""
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise TemplateLimit(_("more than {limit} steps of work (a loop too long, or one "
                                  "that never ends?)").format(limit=MAX_STEPS))

    def bounded_iter(self, iterable):
        """A loop's items, each counted."""
        for item in iterable:
            self.tick()
            yield item

    # what a template may reach and call

    def may_call(self, value: Any) -> bool:
        """Whether a template may call this value."""
        if isinstance(value, (Macro, Exposed, jinja2.Undefined, LoopContext, BlockReference)):
            return True
        owner = getattr(value, "__self__", None)
        if isinstance(value, (types.MethodType, types.BuiltinMethodType)) and owner is not None:
            if owner is self:
                return value.__name__ == "bounded_iter"
            return any(isinstance(owner, kind) and value.__name__ in names
                       for kind, names in SAFE_METHODS.items())
        return False

    def _vetted(self, owner: Any, name: Any, value: Any) -> Any:
        if isinstance(value, jinja2.Undefined):
            return value
        if isinstance(value, (type, types.ModuleType, Namespace)) or \
                (callable(value) and not self.may_call(value)):
            return self.unsafe_undefined(owner, str(name))
        return value

    def getattr(self, obj: Any, attribute: str) -> Any:
        self.tick()
        return self._vetted(obj, attribute, super().getattr(obj, attribute))

    def getitem(self, obj: Any, argument: Any) -> Any:
        self.tick()
        return self._vetted(obj, argument, super().getitem(obj, argument))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja's own signature)
        __self.tick()
        if not __self.may_call(__obj):
            raise TemplateLimit(_("templates may not call {name}").format(name=repr(__obj)[:60]))
        if isinstance(__obj, LoopContext) and args:     # a recursive loop's next level
            args = (__self.bounded_iter(args[0]),) + args[1:]
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any):
        """text.format and text.format_map, with widths bounded and only text or numbers
        filled in."""
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) or \
                value.__name__ not in ("format", "format_map") or \
                not isinstance(value.__self__, str):
            return None
        text, is_map = value.__self__, value.__name__ == "format_map"
        formatter = _EscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) \
            else _Formatter(self)

        def format_text(*args, **kwargs):
            check_format(text)
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one mapping")
                args, kwargs = (), args[0]
            return _check_text(type(text)(formatter.vformat(text, args, kwargs)))
        return Exposed(format_text, value.__name__)

    # operators, `~`, literals and buffers

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        self.tick()
        if operator == "**" and isinstance(left, int) and isinstance(right, int) and \
                abs(left) > 1 and right > 64:
            raise TemplateLimit(_("a number larger than {limit}").format(limit=MAX_INT))
        if operator == "*":
            self._check_repeat(left, right)
            self._check_repeat(right, left)
        if operator == "%" and isinstance(left, str):
            check_printf(left, right)
        result = self.binop_table[operator](left, right)
        if isinstance(result, (list, tuple, dict)):
            return self.bounded_items(result)
        return _check_number(_check_text(result))

    def _check_repeat(self, value: Any, times: Any) -> None:
        if isinstance(times, int) and isinstance(value, (str, list, tuple)):
            size = len(value) if isinstance(value, str) else self.items_in(value)
            limit = MAX_TEXT if isinstance(value, str) else MAX_ITEMS
            if size * times > limit:
                raise TemplateLimit(_("a text or list repeated into more than {limit} "
                                      "values").format(limit=limit))

    def join_text(self, parts: tuple, autoescape: bool) -> str:
        """The `~` operator: text and numbers joined, never a list, never past MAX_TEXT."""
        self.tick()
        for part in parts:
            scalar(part)
        joined = markup_join(parts) if autoescape else str_join(parts)
        return _check_text(joined)

    def concat(self, parts) -> str:          # every buffer a template fills (macros, blocks)
        parts = list(parts)
        if sum(map(len, parts)) > MAX_TEXT:
            raise TemplateLimit(_("a text of more than {limit} characters").format(
                limit=MAX_TEXT))
        return "".join(parts)

    def bounded_items(self, value: Any) -> Any:
        """A list, tuple or mapping a template built: at most MAX_ITEMS values, nested included."""
        self.items_in(value)
        return value

    def items_in(self, value: Any) -> int:
        """How many values a list or mapping holds all told (a shared one counted each time
        it appears, as writing or comparing it would); past MAX_ITEMS the render stops."""
        sizes: dict[int, int] = {}
        open_: set[int] = set()

        def size(item) -> int:
            if isinstance(item, dict):
                children = item.values()
            elif isinstance(item, (list, tuple)):
                children = item
            else:
                return 1
            key = id(item)
            if key in sizes:
                return sizes[key]
            if key in open_:
                raise TemplateLimit(_("a list or mapping that holds itself"))
            open_.add(key)
            self.tick()
            total = 1
            for child in children:
                total += size(child)
                if total > MAX_ITEMS:
                    raise TemplateLimit(_("a list or mapping of more than {limit} values")
                                        .format(limit=MAX_ITEMS))
            open_.discard(key)
            sizes[key] = total
            return total
        return size(value)


def bounded_range(*args) -> range:
    """range(...) with at most MAX_RANGE numbers."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise TemplateLimit(_("range() of more than {limit} numbers").format(limit=MAX_RANGE))
    return numbers


# --- filters and tests --------------------------------------------------------------------------

FILTERS = ("abs", "capitalize", "count", "d", "default", "dictsort", "e", "escape", "first",
           "float", "int", "join", "last", "length", "list", "lower", "map", "max", "min",
           "reject", "rejectattr", "reverse", "round", "select", "selectattr", "sort", "title",
           "trim", "unique", "upper")
_TEXT_FILTERS = ("capitalize", "e", "escape", "lower", "title", "trim", "upper")
TESTS = ("boolean", "defined", "divisibleby", "eq", "equalto", "==", "even", "false", "float",
         "ge", ">=", "gt", ">", "greaterthan", "in", "integer", "iterable", "le", "<=", "lt",
         "<", "lessthan", "mapping", "ne", "!=", "none", "number", "odd", "sameas", "sequence",
         "string", "true", "undefined")


def _safe_filters() -> dict[str, Callable]:
    """jinja's filters that make nothing large from something small; text filters write only
    text and numbers; join is bounded."""
    filters = {name: JINJA_FILTERS[name] for name in FILTERS}
    for name in _TEXT_FILTERS:
        filters[name] = _on_scalar(JINJA_FILTERS[name])
    filters["join"] = _bounded_join
    return filters


def _on_scalar(function: Callable) -> Callable:
    def text_filter(value, *args, **kwargs):
        return function(scalar(value), *args, **kwargs)
    return text_filter


@jinja2.pass_eval_context
def _bounded_join(eval_ctx, value, d: str = "", attribute=None):
    """jinja's join, of text and numbers only, never past MAX_TEXT characters."""
    items = list(value)
    if len(items) > MAX_ITEMS:
        raise TemplateLimit(_("a list of more than {limit} values").format(limit=MAX_ITEMS))
    if attribute is None:
        for item in items:
            scalar(item)
    size = len(str(scalar(d))) * max(len(items) - 1, 0) + \
        sum(len(str(item)) for item in items if isinstance(item, SCALARS))
    if size > MAX_TEXT:
        raise TemplateLimit(_("a text of more than {limit} characters").format(limit=MAX_TEXT))
    return _check_text(JINJA_FILTERS["join"](eval_ctx, items, d, attribute))


# --- reading templates --------------------------------------------------------------------------

class ContainedLoader(jinja2.BaseLoader):
    """Templates from a few folders, searched in order; a file is read only when, links
    followed, it lies inside the folder it was found in (and that folder where it is said to
    be), is at most MAX_TEMPLATE_BYTES and is UTF-8. jinja's split_template_path already
    refuses names with '..'."""

    def __init__(self, folders: list[Path]):
        self.folders = [Path(folder) for folder in folders]
        self.served: set[str] = set()       # file names read: the tracebacks' template frames

    def get_source(self, environment, template: str):
        pieces = split_template_path(template)
        for folder in self.folders:
            path = folder.joinpath(*pieces)
            if os.path.lexists(path) and not path.is_dir():
                source = read_template(folder, path)
                mtime = _mtime(path)
                self.served.add(str(path))
                return source, str(path), lambda: _mtime(path) == mtime
        raise jinja2.TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        """Every template name the folders hold (files named *.j2), the first folder's first."""
        names = []
        for folder in self.folders:
            names += [name for name in template_files(folder) if name not in names]
        return names


def template_files(folder: Path) -> list[str]:
    """The names of the *.j2 files below a folder, links included but not followed into."""
    names = []
    for root, dirs, files in os.walk(folder):      # os.walk does not enter linked folders
        dirs.sort()
        for file in sorted(files):
            if file.endswith(".j2"):
                names.append(Path(root, file).relative_to(folder).as_posix())
    return names


def _mtime(path: Path) -> float | None:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None


def read_template(folder: Path, path: Path) -> str:
    """A template's text, read only from inside `folder`; ContentError otherwise."""
    root = folder.parent.resolve() / folder.name
    real = path.resolve()
    if not real.is_relative_to(root):
        raise ContentError([Problem(path, 0, "", _(
            "leads outside {folder} (to {target}); templates are read only from inside it")
            .format(folder=root, target=real))])
    try:
        with open(real, "rb") as stream:
            data = stream.read(MAX_TEMPLATE_BYTES + 1)
    except OSError as err:
        raise ContentError([Problem(path, 0, "", _("cannot be read ({reason})").format(
            reason=err.strerror))]) from None
    if len(data) > MAX_TEMPLATE_BYTES:
        raise ContentError([Problem(path, 0, "", _(
            "is larger than {limit} KB, too large for a template").format(
            limit=MAX_TEMPLATE_BYTES // 1024))])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ContentError([Problem(path, data.count(b"\n", 0, err.start) + 1, "",
                                    _("is not UTF-8 text"))]) from None


# --- rendering, and where a template went wrong -------------------------------------------------

class TemplateOutput(str):
    """A template's output, remembering which template line wrote each part of it, so that a
    mistake found later in the output (bad markup) can be traced back to the template."""

    parts: list[tuple[int, Any, int]]   # (offset in the output, template, line in its code)

    def __new__(cls, text: str, parts: list[tuple[int, Any, int]], loader: "ContainedLoader"):
        output = super().__new__(cls, text)
        output.parts, output.loader = parts, loader
        return output

    def locate(self, line: int) -> tuple[Path | None, int]:
        """The template file and line that wrote line `line` of the output (None, 0: unknown).

        A part of the template's own text is found in the template's source, and its lines
        counted; a part an expression wrote counts as written on the nearest line jinja
        records for it."""
        offset = _line_offset(self, line)
        index = bisect.bisect_right([part[0] for part in self.parts], offset) - 1
        if index < 0 or self.parts[index][1] is None or not self.parts[index][1].filename:
            return None, 0
        start, template, code_line = self.parts[index]
        end = self.parts[index + 1][0] if index + 1 < len(self.parts) else len(self)
        path = Path(template.filename)
        nearest = template.get_corresponding_lineno(code_line)
        source = _source(path, self.loader)
        found = source.find(self[start:end], _line_offset(source, nearest)) \
            if self[start:end].strip() else -1
        if found < 0:
            return path, nearest
        return path, source.count("\n", 0, found) + 1 + self.count("\n", start, offset)


def _line_offset(text: str, line: int) -> int:
    """Where line `line` (from 1) of a text starts."""
    offset = 0
    for _number in range(line - 1):
        found = text.find("\n", offset)
        if found < 0:
            break
        offset = found + 1
    return offset


def _source(path: Path, loader: "ContainedLoader") -> str:
    for folder in loader.folders:
        if path.is_relative_to(folder):
            try:
                return read_template(folder, path)
            except ContentError:
                return ""
    return ""


def _writer(generator) -> tuple[Any, int]:
    """(template, line of its code) of the innermost template code a generator is paused in."""
    while isinstance(getattr(generator, "gi_yieldfrom", None), types.GeneratorType):
        generator = generator.gi_yieldfrom
    frame = generator.gi_frame
    if frame is None:
        return None, 0
    return frame.f_globals.get("__jinja_template__"), frame.f_lineno


def render(env: SheetSandbox, name: str, values: dict[str, Any]) -> TemplateOutput:
    """Render a template in the sandbox. Its mistakes, and anything past the sandbox's limits,
    raise ContentError naming the template file and line; a UserError from the functions
    handed to it (an unknown placeholder, a missing translation) passes as it is."""
    values = with_plurals(values)
    try:
        template = env.get_template(name)
        env.start()
        generator = template.root_render_func(template.new_context(values))
        parts: list[str] = []
        where: list[tuple[int, Any, int]] = []
        size = 0
        for part in _guarded(env, generator):
            writer = _writer(generator)
            size += len(part)
            try:
                env.tick()              # a loop can write without looking anything up
                _check_size(size)
            except TemplateLimit as err:
                raise ContentError([_problem_at(*writer, env, name, _describe(err))]) from None
            if part:
                where.append((size - len(part), *writer))
                parts.append(part)
    except ContentError:
        raise
    except Exception as err:    # anything a template can do wrong: reported, never a traceback
        if isinstance(err, jinja2.TemplateNotFound) and err.name == name:
            folders = ", ".join(str(folder) for folder in env.loader.folders)
            raise ContentError([Problem(env.loader.folders[0], 0, "", _(
                "no sheet template '{name}' (looked in {folders})").format(
                name=name, folders=folders))]) from None
        if isinstance(err, UserError):
            raise
        raise ContentError([template_problem(err, env, name)]) from None
    return TemplateOutput("".join(parts), where, env.loader)


def with_plurals(values: dict[str, Any]) -> dict[str, Any]:
    """The values with `ngettext` added beside `_` when `_` is a translator's method and the
    translator has plural forms: a template writes `ngettext("{n} legion", "{n} legions",
    n).format(n=n)` as it writes `_("...").format(...)`, and Babel finds both."""
    given = values.get("_")
    owner = getattr(getattr(given, "_function", None), "__self__", None)
    method = getattr(owner, "ngettext", None)
    if "ngettext" in values or not callable(method):
        return values
    return {**values, "ngettext": Exposed(method, "ngettext")}


def _check_size(size: int) -> None:
    if size > MAX_TEXT:
        raise TemplateLimit(_("a text of more than {limit} characters").format(limit=MAX_TEXT))


def _problem_at(template, code_line: int, env: SheetSandbox, name: str, message: str) -> Problem:
    """A problem at the template line a render is paused at."""
    if template is None or not template.filename:
        return Problem(_path_of(env, name), 0, "", message)
    return Problem(Path(template.filename), template.get_corresponding_lineno(code_line), "",
                   message)


def _guarded(env: SheetSandbox, generator):
    """The generator's parts; an error inside it comes out with a traceback of template lines."""
    while True:
        try:
            part = next(generator)
        except StopIteration:
            return
        except Exception:
            env.handle_exception()
        yield part


def template_problem(err: BaseException, env: SheetSandbox, name: str) -> Problem:
    """The problem a template error is: the template file and line, and what went wrong."""
    if isinstance(err, jinja2.TemplateSyntaxError):
        path = Path(err.filename) if err.filename else _path_of(env, name)
        return Problem(path, err.lineno or 0, "", _("the template cannot be read: {reason}")
                       .format(reason=err.message))
    path, line = _failing_line(err, env)
    if path is None:
        path, line = _path_of(env, name), 0
    return Problem(path, line, "", _describe(err))


def _describe(err: BaseException) -> str:
    if isinstance(err, SecurityError):
        return _("not allowed in a template: {reason}").format(reason=err)
    if isinstance(err, jinja2.UndefinedError):
        return _("{reason} (missing in the content, or a mistake in the template?)").format(
            reason=err.message)
    if isinstance(err, jinja2.TemplateNotFound):
        return _("no template '{name}' in the game's templates/ folder or in forge's").format(
            name=err.name)
    if isinstance(err, RecursionError):
        return _("macros or loops nested too deeply (a macro that calls itself without end?)")
    if isinstance(err, MemoryError):
        return _("the template needs too much memory")
    reason = f"{type(err).__name__}: {err}"
    return _("the template failed: {reason}").format(reason=reason[:200])


def _failing_line(err: BaseException, env: SheetSandbox) -> tuple[Path | None, int]:
    """The innermost template line in the error's traceback (jinja rewrites its frames so
    that they carry the template's file name and line)."""
    found: tuple[Path | None, int] = (None, 0)
    served = env.loader.served
    tb = err.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename in served:
            found = (Path(filename), tb.tb_lineno)
        tb = tb.tb_next
    return found


def _path_of(env: SheetSandbox, name: str) -> Path:
    """The file a template name reads, or the name itself when there is none."""
    try:
        pieces = split_template_path(name)
    except jinja2.TemplateNotFound:
        return Path(name)
    for folder in env.loader.folders:
        if os.path.lexists(folder.joinpath(*pieces)):
            return folder.joinpath(*pieces)
    return Path(name)


# --- checking without rendering -----------------------------------------------------------------

def check_template(env: SheetSandbox, name: str) -> list[Problem]:
    """The problems of one template found without rendering it: unreadable or outside its folder,
    too large, syntax, unknown filters and tests, templates it imports that do not exist."""
    try:
        template = env.get_template(name)
        source = env.loader.get_source(env, name)[0]
        tree = env.parse(source, name, template.filename)
    except ContentError as err:
        return err.problems
    except Exception as err:
        return [template_problem(err, env, name)]
    return [_missing_reference(node, Path(template.filename), env)
            for node in tree.find_all((nodes.Extends, nodes.Include, nodes.Import,
                                       nodes.FromImport))
            if _refers_to_missing(node, env)]


def _refers_to_missing(node: nodes.Node, env: SheetSandbox) -> bool:
    target = node.template
    if not isinstance(target, nodes.Const) or not isinstance(target.value, str) or \
            getattr(node, "ignore_missing", False):
        return False
    try:
        env.loader.get_source(env, target.value)
    except jinja2.TemplateNotFound:
        return True
    except ContentError:
        return False            # reported where that template itself is checked
    return False


def _missing_reference(node: nodes.Node, path: Path, env: SheetSandbox) -> Problem:
    return Problem(path, node.lineno, "", _(
        "no template '{name}' in the game's templates/ folder or in forge's").format(
        name=node.template.value))
