"""Load content files: YAML into plain data, remembering the line of every value.

`load_doc` returns a `Doc`: the data as ordinary dicts, lists and scalars, and a map from each
field path (a tuple of keys and list indexes) to its line, so that every later check can name
`file:line field` for a problem. Duplicate keys, which plain YAML silently merges, are errors.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from forge.errors import ContentError, Problem

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


def load_doc(path: Path) -> Doc:
    """Read one YAML file; raise ContentError naming the line of any syntax problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ContentError([Problem(path, 0, "", f"is not UTF-8 text ({err.reason})")]) from None
    except OSError as err:
        raise ContentError([Problem(path, 0, "", f"cannot be read ({err.strerror})")]) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 0
        raise ContentError([Problem(path, line, "", f"is not valid YAML: {err.problem}")]) from None
    doc = Doc(path, None)
    problems: list[Problem] = []
    doc.data = _to_data(node, (), doc, problems) if node is not None else {}
    if problems:
        raise ContentError(problems)
    return doc


def _to_data(node: yaml.Node, at: Path_, doc: Doc, problems: list[Problem]) -> Any:
    doc.lines[at] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        return _mapping(node, at, doc, problems)
    if isinstance(node, yaml.SequenceNode):
        return [_to_data(item, at + (i,), doc, problems) for i, item in enumerate(node.value)]
    return yaml.SafeLoader(" ").construct_object(node, deep=True)


def _mapping(node: yaml.MappingNode, at: Path_, doc: Doc, problems: list[Problem]) -> dict:
    result: dict = {}
    for key_node, value_node in node.value:
        key = yaml.SafeLoader(" ").construct_object(key_node, deep=True)
        if key in result:
            line = key_node.start_mark.line + 1
            problems.append(Problem(doc.path, line, format_path(at + (key,)),
                                    f"duplicate key '{key}'"))
            continue
        result[key] = _to_data(value_node, at + (key,), doc, problems)
    return result
