"""Load content files: YAML into plain data, remembering the line of every value.

`load_doc` returns a `Doc`: the data as ordinary dicts, lists and scalars, and a map from each
field path (a tuple of keys and list indexes) to its line, so that every later check can name
`file:line field` for a problem. Duplicate keys, which plain YAML silently merges, are errors.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import math
from typing import Any

import yaml

from forge.errors import ContentError, Problem
from forge.safefs import UnsafeFile, read_inside

Path_ = tuple  # a field path: keys (str) and list indexes (int)


@dataclass
class Doc:
    """One loaded content file."""

    path: Path
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line(self, at: Path_) -> int:
        """The line of the value at `at`, or of its nearest enclosing value."""
        at = tuple(at)
        while at and at not in self.lines:
            at = at[:-1]
        return self.lines.get(at, 1)

    def problem(self, at: Path_, message: str) -> Problem:
        """A problem located at field path `at` of this file."""
        return Problem(self.path, self.line(at), format_path(at), message)


def format_path(at: Path_) -> str:
    """Write a field path the way a user reads it: `links[57].to`."""
    text = ""
    for part in at:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


MAX_VALUES = 200_000   # values in one file once aliases are expanded (real files: a few thousand)
MAX_DEPTH = 50          # nesting of lists and mappings (real files: under 10)

_SCALAR_TAGS = {"tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null")}
_TAG_NAMES = {"timestamp": "a date", "binary": "binary data", "set": "a set",
              "omap": "an ordered map", "pairs": "a list of pairs", "merge": "a merge key (<<)",
              "value": "a value key (=)"}


def load_doc(path: Path, folder: Path | None = None) -> Doc:
    """Read one YAML file of `folder` (by default its own folder) into plain data; raise
    ContentError naming the line of any problem: syntax, a link out of the folder, aliases
    that expand too far, tags, keys that are not plain values, numbers that are not finite."""
    path = Path(path)
    text = _read_text(path, path.parent if folder is None else Path(folder))
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        raise ContentError([_syntax_problem(path, text, err)]) from None
    except RecursionError:          # the YAML parser recurses once per level of nesting
        raise ContentError([Problem(path, 0, "", f"nests lists and mappings more than "
                                                 f"{MAX_DEPTH} deep")]) from None
    doc = Doc(path, None)
    problems: list[Problem] = []
    try:
        doc.data = _Builder(doc, problems).value(node, (), 0) if node is not None else {}
    except _Stop as stop:
        problems.append(doc.problem(stop.at, stop.message))
    if problems:
        raise ContentError(problems)
    return doc


def _read_text(path: Path, folder: Path) -> str:
    try:
        raw = read_inside(path, folder)
    except UnsafeFile as err:
        raise ContentError([Problem(path, 0, "", err.reason)]) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ContentError([Problem(path, 0, "", f"is not UTF-8 text ({err.reason})")]) from None


def _syntax_problem(path: Path, text: str, err: yaml.YAMLError) -> Problem:
    if isinstance(err, yaml.reader.ReaderError):
        line = text.count("\n", 0, err.position) + 1
        return Problem(path, line, "", f"holds a character YAML does not allow "
                                       f"(code {err.character:#x}), even in a comment")
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    line = mark.line + 1 if mark else 0
    problem = getattr(err, "problem", None) or str(err)
    return Problem(path, line, "", f"is not valid YAML: {problem}")


class _Stop(Exception):
    """A problem that makes the rest of the file meaningless to read (a bomb, a loop)."""

    def __init__(self, at: Path_, message: str):
        super().__init__(message)
        self.at = at
        self.message = message


class _Builder:
    """Turns composed YAML nodes into plain data, within bounds, recording each value's line."""

    def __init__(self, doc: Doc, problems: list[Problem]):
        self.doc = doc
        self.problems = problems
        self.count = 0
        self.open: set[int] = set()         # nodes being built: an alias to one is a loop
        self.scalars = yaml.SafeLoader("")

    def value(self, node: yaml.Node, at: Path_, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_VALUES:
            raise _Stop(at, f"expands to more than {MAX_VALUES:,} values (aliases repeating "
                            f"aliases?); content files are far smaller")
        if depth > MAX_DEPTH:
            raise _Stop(at, f"nests lists and mappings more than {MAX_DEPTH} deep")
        if id(node) in self.open:
            raise _Stop(at, "an alias refers to the value that contains it")
        self.doc.lines.setdefault(at, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, at)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, at, depth)
            return [self.value(item, at + (i,), depth + 1) for i, item in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def mapping(self, node: yaml.MappingNode, at: Path_, depth: int) -> dict:
        if node.tag != "tag:yaml.org,2002:map":
            return self.refuse_tag(node, at, {})
        result: dict = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:null":
                self.problems.append(Problem(self.doc.path, line, format_path(at),
                                             "a key must be plain text or a number"))
                continue
            key = self.scalar(key_node, at)
            if key in result:
                self.problems.append(Problem(self.doc.path, line, format_path(at + (key,)),
                                             f"duplicate key '{key}'"))
                continue
            result[key] = self.value(value_node, at + (key,), depth + 1)
        return result

    def scalar(self, node: yaml.ScalarNode, at: Path_) -> Any:
        if node.tag not in _SCALAR_TAGS:
            return self.refuse_tag(node, at, None)
        try:
            value = self.scalars.construct_object(node)
        except (ValueError, yaml.YAMLError) as err:
            self.problems.append(self.doc.problem(at, f"'{node.value[:40]}' cannot be read "
                                                      f"({err})"))
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.problems.append(self.doc.problem(at, f"'{node.value}' is not a finite number"))
            return None
        return value

    def refuse_tag(self, node: yaml.Node, at: Path_, empty: Any) -> Any:
        name = node.tag.rsplit(":", 1)[-1]
        what = _TAG_NAMES.get(name, f"the tag '{node.tag}'")
        self.problems.append(self.doc.problem(
            at, f"{what} is not allowed in content (write plain text, numbers, lists "
                f"and mappings; quote a value to keep it as text)"))
        return empty
