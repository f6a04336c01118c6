"""Checks of gettext catalogs (.po): their syntax, each language's conventions, the glossary.

Babel reads .po files leniently: an unterminated string is cut short and the rest of the file
read on, so a broken catalog would print a truncated card. `check_po` is run on every catalog
before Babel reads it: each line must be blank, a comment, a keyword with a quoted string, or a
quoted string continuing the one above, with every string closed and every escape known; the
keywords must come in gettext's order; no message may appear twice.

`convention_warnings` reads the translations of one language as a proofreader of that language
would (French spacing, German quotes, the English text's placeholders kept); `glossary_problems`
checks that a game's terms are translated with the words its glossary gives. Both take the
entries as (context, msgid, forms, line), so they work on any catalog reader's output.
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
            if kind == "msgstr[]":
                messages[-1].setdefault("forms", []).append(text)
            messages[-1].setdefault("msgstr" if kind == "msgstr[]" else kind, text)
        previous = kind
    if previous not in (None, "msgstr", "msgstr[]"):
        problems.append(Problem(path, tokens[-1][1], "", "the last message has no msgstr"))
    return messages


def _check_message(message: dict, path: Path, problems: list[Problem]) -> None:
    """Every form of a translation is of a sane length, uses only the placeholders of its
    English text (either form of a plural one), and reads as a format."""
    msgid = message.get("msgid", "")
    wanted = (_fields(msgid) or set()) | (_fields(message.get("msgid_plural", "")) or set())
    for msgstr in message.get("forms") or [message.get("msgstr", "")]:
        _check_form(message, msgstr, wanted, path, problems)


def _check_form(message: dict, msgstr: str, wanted: set[str], path: Path,
                problems: list[Problem]) -> None:
    msgid = message.get("msgid", "")
    if len(msgstr) > MAX_TRANSLATION and msgid:
        problems.append(Problem(path, message["line"], message.get("msgctxt") or "",
                                f"the translation of \"{msgid[:40]}\" is {len(msgstr):,} "
                                f"characters long; a translation may have at most "
                                f"{MAX_TRANSLATION:,}"))
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


# --- each language's conventions (warnings) ----------------------------------------------------

NO_BREAK = "\u00a0\u202f"                   # no-break space, narrow no-break space
_FIELD = re.compile(r"\{[^{}]*\}")
_CODE_WORD = re.compile(r"'[A-Za-z_][\w-]*'")     # a field or value of a file, quoted: 'fleet'
_FRENCH_TIGHT = re.compile(rf"(?<=[^\s{NO_BREAK}!?;:])([;:!?])|(?<=[ \t])([;:!?])")
_FRENCH_OPEN = re.compile(rf"«(?![{NO_BREAK}])")
_FRENCH_CLOSE = re.compile(rf"(?<![{NO_BREAK}])»")


def convention_warnings(path: Path, lang: str, entries) -> list[Problem]:
    """What a proofreader of `lang` would mark in the translations of a catalog: French wants a
    no-break space (U+00A0 or U+202F) before ; : ! ? and inside « », German „…“ quotes rather
    than "…", and every language keeps the English text's {placeholders} (those both English
    forms of a plural message use). `entries`: (context, msgid, forms, line)."""
    check = _LANGUAGE_CHECKS.get(lang.split("_")[0])
    problems: list[Problem] = []
    for context, msgid, forms, line in entries:
        for form in forms:
            if not form:
                continue
            found = (check(form, msgid) if check else []) + _dropped_fields(msgid, form)
            problems += [Problem(path, line, context or "", f"the translation of "
                                 f"\"{msgid.split(chr(0))[0][:40]}\": {what}") for what in found]
    return problems


def _french(text: str, _english: str = "") -> list[str]:
    """French spacing: a no-break space before ; : ! ? and inside « » (none in '3:1',
    'http://' or a placeholder's format)."""
    bare = _FIELD.sub("x", text)
    found = []
    for match in _FRENCH_TIGHT.finditer(bare):
        at = match.start()
        mark = bare[at]
        before, after = bare[at - 1:at], bare[at + 1:at + 3]
        if mark == ":" and (before.isdigit() and after[:1].isdigit() or after == "//"):
            continue
        found.append(f"write a no-break space (U+00A0 or U+202F) before '{mark}'")
    if _FRENCH_OPEN.search(bare) or _FRENCH_CLOSE.search(bare):
        found.append("write a no-break space inside « »")
    return list(dict.fromkeys(found))


def _german(text: str, english: str = "") -> list[str]:
    """German quotes: „…“, never "…" or “…” (straight quotes the English text has too are
    code, such as mm="...", and stay)."""
    if text.count('"') > english.count('"') or "\u201d" in text or \
            text.count("\u201c") > text.count("\u201e"):
        return ["quote with „…“, not \"…\" or “…”"]
    return []


_LANGUAGE_CHECKS = {"fr": _french, "de": _german}


def _dropped_fields(msgid: str, form: str) -> list[str]:
    """The placeholders every English form has that a translated form leaves out."""
    english = [_fields(text) or set() for text in msgid.split("\x00")]
    kept = set.intersection(*english) if english else set()
    found = _fields(form)
    if found is None or not kept - found:
        return []
    names = ", ".join("{" + name + "}" for name in sorted(kept - found))
    return [f"leaves out {names}"]


# --- the glossary ------------------------------------------------------------------------------

def glossary_problems(path: Path, lang: str, entries, terms: dict) -> list[Problem]:
    """The translations of a catalog in `lang` that do not use a glossary term's words: where
    the English text holds one of a term's English forms as a whole word (any case), every form
    of the translation must hold one of the term's `lang` forms at the start of a word (any
    case, any ending: "Legion" accepts "Legionen", "legioni" needs "legion" or "legioni"
    listed). Placeholders and quoted code words ('fleet') are not words, and a translation may
    keep the English word itself, same case (a file's field named in a message). A term without
    `lang` forms is not checked. `terms`: {term: {lang: [forms]}}."""
    rules = [(term, _whole_words(forms["en"]), _word_starts(forms[lang]), forms[lang])
             for term, forms in terms.items() if forms.get("en") and forms.get(lang)]
    problems: list[Problem] = []
    for context, msgid, forms, line in entries:
        words_of = _CODE_WORD.sub(" ", _FIELD.sub(" ", msgid))   # {name}, 'by': code, no words
        texts = [_FIELD.sub(" ", form) for form in forms if form]
        for term, english, wanted, words in rules:
            found = {match.group(0) for match in english.finditer(words_of)}
            if not found or all(wanted.search(text) or _keeps(found, text) for text in texts):
                continue
            where = f" (msgctxt \"{context}\")" if context else ""
            problems.append(Problem(path, line, context or "", f"the translation of "
                                    f"\"{msgid.replace(chr(0), ' | ')[:60]}\"{where} does not "
                                    f"use the glossary's '{term}': {', '.join(words)}"))
    return problems


def _keeps(english: set[str], text: str) -> bool:
    """Whether a translation keeps one of the English words as it is (same case): a field of a
    file named in a message ('seasons: {short} or {long}') stays English."""
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) for word in english)


def _whole_words(forms: list[str]) -> re.Pattern:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def _word_starts(forms: list[str]) -> re.Pattern:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})", re.IGNORECASE)
