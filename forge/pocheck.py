"""A strict check of gettext catalog (.po) syntax, line by line.

Babel reads .po files leniently: an unterminated string is cut short and the rest of the file
read on, so a broken catalog would print a truncated card. This check is run on every catalog
before Babel reads it: each line must be blank, a comment, a keyword with a quoted string, or a
quoted string continuing the one above, with every string closed and every escape known; the
keywords must come in gettext's order; no message may appear twice.
"""
from __future__ import annotations

import re
import string
from pathlib import Path

from forge.errors import Problem

_STRING = r'"(?:[^"\\]|\\.)*"'
_KEYWORD_LINE = re.compile(rf'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+({_STRING})\s*$')
_CONTINUATION = re.compile(rf"^({_STRING})\s*$")
_ESCAPES = set('\\"ntrabfv')
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

MAX_TRANSLATION = 4_000     # characters: four times the longest English text allowed in content

_FOLLOWS = {"msgctxt": (None, "msgstr", "msgstr[]"), "msgid": (None, "msgctxt", "msgstr", "msgstr[]"),
            "msgid_plural": ("msgid",), "msgstr": ("msgid",),
            "msgstr[]": ("msgid_plural", "msgstr[]")}


def check_po(path: Path, text: str) -> list[Problem]:
    """Every syntax problem of a catalog's text, each with its line."""
    problems: list[Problem] = []
    tokens = _tokens(path, text, problems)
    for message in _messages(path, tokens, problems):
        _check_message(message, path, problems)
    _check_duplicates(_messages(path, tokens, []), path, problems)
    return problems


def _tokens(path: Path, text: str, problems: list[Problem]) -> list[list]:
    """[kind, line, text] for every keyword, continuation lines joined to their keyword."""
    tokens: list[list] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        keyword = _KEYWORD_LINE.match(stripped)
        continuation = _CONTINUATION.match(stripped)
        if keyword:
            kind = "msgstr[]" if keyword.group(1).startswith("msgstr[") else keyword.group(1)
            tokens.append([kind, number, _string(keyword.group(2), path, number, problems)])
        elif continuation and tokens:
            tokens[-1][2] += _string(continuation.group(1), path, number, problems)
        elif stripped.startswith('"') or re.match(r"(msgctxt|msgid|msgstr)", stripped):
            problems.append(Problem(path, number, "", "a string is not closed, or text follows "
                                                      "it (a quote inside is written \\\")"))
        else:
            problems.append(Problem(path, number, "", f"is not a line of a gettext catalog: "
                                                      f"'{stripped[:40]}'"))
    return tokens


def _messages(path: Path, tokens: list[list], problems: list[Problem]) -> list[dict]:
    """The tokens grouped into messages, with keywords out of gettext's order reported."""
    messages: list[dict] = []
    previous = None
    for kind, line, text in tokens:
        if previous not in _FOLLOWS[kind]:
            problems.append(Problem(path, line, "", f"'{kind.replace('[]', '[n]')}' cannot come "
                                                    f"after {previous or 'the start'}"))
        if kind == "msgctxt" or (kind == "msgid" and previous != "msgctxt"):
            messages.append({"line": line})
        if messages:
            key = "msgstr" if kind == "msgstr[]" else kind
            messages[-1].setdefault(key, text)
        previous = kind
    if previous not in (None, "msgstr", "msgstr[]"):
        problems.append(Problem(path, tokens[-1][1], "", "the last message has no msgstr"))
    return messages


def _check_message(message: dict, path: Path, problems: list[Problem]) -> None:
    """A translation is of a sane length, uses only the placeholders of its English text, and
    reads as a format."""
    msgid, msgstr = message.get("msgid", ""), message.get("msgstr", "")
    if len(msgstr) > MAX_TRANSLATION and msgid:
        problems.append(Problem(path, message["line"], message.get("msgctxt") or "",
                                f"the translation of \"{msgid[:40]}\" is {len(msgstr):,} "
                                f"characters long; a translation may have at most "
                                f"{MAX_TRANSLATION:,}"))
    wanted = _fields(msgid)
    if not msgid or not msgstr or not wanted:
        return
    where = message.get("msgctxt") or ""
    found = _fields(msgstr)
    if found is None:
        problems.append(Problem(path, message["line"], where, f"the translation of "
                                f"\"{msgid[:40]}\" has a lone brace (write {{{{ or }}}})"))
    elif found - wanted:
        names = ", ".join("{" + name + "}" for name in sorted(found - wanted))
        problems.append(Problem(path, message["line"], where, f"the translation of "
                                f"\"{msgid[:40]}\" uses {names}, which the English text lacks"))


def _fields(text: str) -> set[str] | None:
    """The placeholder names of a format string (None: it is not one)."""
    try:
        return {name.split(".")[0].split("[")[0] for _lit, name, _spec, _conv
                in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def _check_duplicates(messages: list[dict], path: Path, problems: list[Problem]) -> None:
    seen: dict[tuple, int] = {}
    for message in messages:
        key = (message.get("msgctxt"), message.get("msgid"))
        if key in seen and message.get("msgid"):
            problems.append(Problem(path, message["line"], key[0] or "", f"the message "
                                    f"\"{key[1][:40]}\" is already at line {seen[key]}"))
        seen.setdefault(key, message["line"])


def _string(quoted: str, path: Path, number: int, problems: list[Problem]) -> str:
    """The text of a quoted string; unknown escapes and control characters are problems."""
    body = quoted[1:-1]
    for match in re.finditer(r"\\(.)", body):
        if match.group(1) not in _ESCAPES:
            problems.append(Problem(path, number, "", f"unknown escape '\\{match.group(1)}'"))
    if _CONTROL.search(body):
        problems.append(Problem(path, number, "", "holds a control character"))
    return body
