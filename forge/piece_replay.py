"""What a recorded face may hold, and how it is replayed (the render cache's safety check).

A recording is plain JSON data: a list of calls `[target, method, args, new_id]`, where target
is None (the canvas) or the number of a text object an earlier `beginText` made, and new_id is
the number `beginText` gives the text object it returns; a call whose method is None appends
its args (literal PDF path operators) as they are. Arguments are numbers, strings, lists of
numbers, `{"color": [r, g, b, alpha]}` and `{"text": n}`.

Nothing in a recording is trusted, even from a signed cache file: `checked` accepts a recording
only when every call is one forge's makers actually make (the allowlists below, drawn from the
recordings of every shipped kit), with arguments of the kinds that call takes, sizes bounded,
saveState/restoreState balanced, and literal operators that only build and paint paths. So a
replay can draw shapes and text in the fonts forge registers, and nothing else: no images, no
files, no links, no outlines, no pages, no document settings. A maker that starts using a new
method is noticed by the test that every face of every kit is cacheable: its faces would be
drawn live until the method is added here.
"""
from __future__ import annotations

import math
import re
from functools import cache
from typing import Any, Callable

from reportlab.lib.colors import Color, getAllNamedColors
from reportlab.pdfgen.canvas import Canvas

MAX_CALLS = 100_000         # per recording (the largest shipped face makes about 5,300)
MAX_LITERALS = 200_000      # operator strings in one literal chunk (largest shipped: about 2,900)
MAX_TEXT = 10_000           # characters in one string argument
MAX_PATH = 16_000_000       # characters in one literal chunk (a board's coasts: about 35,000)
MAX_NUMBER = 1e7            # absolute value of a number argument
MAX_DASH = 16               # numbers in a dash pattern
MAX_DEPTH = 64              # nested saveState
MAX_TEXTS = 20_000          # text objects made by one recording

Recording = tuple   # of checked calls: (target, method, args, new_id, has_text_arguments)


class Refused(Exception):
    """A recording holds something a replay must not do; the message says what."""


class TextRef:
    """A text object made earlier in the same replay, named by its number."""

    __slots__ = ("number",)

    def __init__(self, number: int):
        self.number = number


# --- argument kinds: each checks one stored argument and returns the value to pass ------------

def number(value, texts) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise Refused(f"not a number in range: {value!r:.40}")
    return value


_UNPRINTABLE = re.compile("[\x00-\x1f\x7f\ud800-\udfff]")


def text(value, texts) -> str:
    if type(value) is not str or len(value) > MAX_TEXT or _UNPRINTABLE.search(value):
        raise Refused(f"not a printable string of at most {MAX_TEXT} characters")
    return value


def font(value, texts) -> str:
    if type(value) is not str or not (value in _fonts() or _game_font(value)):
        raise Refused(f"not a font forge registers: {value!r:.40}")
    return value


def color(value, texts):
    if type(value) is str and value in _named_colors():
        return value
    parts = value.get("color") if type(value) is dict and len(value) == 1 else None
    if type(parts) is not list or len(parts) != 4:
        raise Refused("not a colour")
    for part in parts:
        if type(part) not in (int, float) or not 0 <= part <= 1:
            raise Refused("not a colour")
    return Color(*parts)


def text_object(value, texts) -> TextRef:
    number_ = value.get("text") if type(value) is dict and len(value) == 1 else None
    if type(number_) is not int or not 0 <= number_ < texts:
        raise Refused("not a text object made earlier")
    return TextRef(number_)


def length(value, texts) -> float:
    if number(value, texts) < 0:
        raise Refused(f"not a length: {value!r:.40}")
    return value


def dash(value, texts) -> list:
    if type(value) is not list or not 1 <= len(value) <= MAX_DASH \
            or sum(length(v, texts) for v in value) <= 0:
        raise Refused("not a dash pattern")
    return value


def dash_pair(value, texts) -> float:
    """The second of two lengths `setDash(on, off)` takes; their sum must not be zero."""
    if length(value, texts) <= 0:
        raise Refused("not a dash pattern")
    return value


def flag(value, texts):
    if value not in (0, 1) or type(value) not in (bool, int):
        raise Refused("not a flag")
    return value


def choice(count: int) -> Callable:
    def check(value, texts) -> int:
        if type(value) is not int or not 0 <= value < count:
            raise Refused(f"not a whole number below {count}")
        return value
    return check


@cache
def _fonts() -> frozenset:
    from forge.fonts import FONT_FILES, register_fonts

    register_fonts()
    return frozenset(FONT_FILES)


def _game_font(name: str) -> bool:
    """Whether `name` is a game's own font registered in this build (forge.fonts.GAME_PREFIX)."""
    from reportlab.pdfbase import pdfmetrics

    from forge.fonts import GAME_PREFIX

    return name.startswith(GAME_PREFIX) and name in pdfmetrics._fonts


def picture_form(value, texts) -> str:
    """The form name of a picture (forge.pictures): defined by the writer from piece.pictures
    before the page; `replay` places it only when the document has it."""
    if type(value) is not str or not _PICTURE_FORM.fullmatch(value):
        raise Refused(f"not a picture form: {value!r:.40}")
    return value


_PICTURE_FORM = re.compile(r"art[0-9a-f]{24}")


@cache
def _named_colors() -> frozenset:
    return frozenset(getAllNamedColors())


# --- the allowlists: method -> the argument lists it may take --------------------------------

N = number
_POINT = (N, N)
_STRING_AT = ((N, N, text),)
CANVAS_CALLS: dict[str, tuple] = {
    "saveState": ((),), "restoreState": ((),),
    "translate": (_POINT,), "scale": (_POINT,), "rotate": ((N,),),
    "setFillColor": ((color,),), "setStrokeColor": ((color,),),
    "setLineWidth": ((N,),), "setLineCap": ((choice(3),),), "setLineJoin": ((choice(3),),),
    "setDash": ((dash,), (dash, length), (length, dash_pair)),
    "setFont": ((font, N), (font, N, N)),
    "beginText": (_POINT,), "drawText": ((text_object,),),
    "drawString": _STRING_AT, "drawCentredString": _STRING_AT, "drawRightString": _STRING_AT,
    "doForm": ((picture_form,),),
}
TEXT_CALLS: dict[str, tuple] = {
    "setFont": ((font, N), (font, N, N)), "_setFont": ((font, N),),
    "setFillColor": ((color,),), "setLeading": ((N,),), "setXPos": ((N,),),
    "setWordSpace": ((N,),), "setCharSpace": ((N,),), "setTextRenderMode": ((choice(8),),),
    "textOut": ((text,),), "_textOut": ((text,), (text, flag)),
}

# Literal chunks: path construction (m l c v y re h), painting (S s f F f* B B* b b* n) and
# clipping (W W*) with their numeric operands, as reportlab writes them; nothing else.
_NUM = r"-?(?:\d{1,20}(?:\.\d{0,12})?|\.\d{1,12}) "
_OPERATOR = (rf"(?:{_NUM}{_NUM}(?:[ml]|{_NUM}{_NUM}(?:re|[vy]|{_NUM}{_NUM}c))"     # operand counts
             r"|[hSsFn]|[fBbW]\*?)")                                        # as a trie: fast
_LINE = rf"{_OPERATOR}(?: {_OPERATOR})*+"
_LITERAL = re.compile(rf"{_LINE}(?:\n{_LINE})*+")     # a whole chunk, its strings joined by \n


def literal_ok(code) -> bool:
    """Whether a stored literal chunk only builds, paints and clips paths."""
    if type(code) is not list or not 0 < len(code) <= MAX_LITERALS:
        return False
    try:
        joined = "\n".join(code)           # one regex call per chunk, not one per string
    except TypeError:
        return False
    return len(joined) <= MAX_PATH and _LITERAL.fullmatch(joined) is not None


# --- checking and replaying -------------------------------------------------------------------

def _numbers(args: list, texts: int) -> tuple:
    """The fast check of the most common calls: every argument a number (NaN fails `<=`)."""
    for value in args:
        if type(value) not in (int, float) or not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise Refused(f"not a number in range: {value!r:.40}")
    return tuple(args)


def _compiled(signatures: tuple) -> dict[int, tuple[Callable, ...]]:
    """An allowlist entry as checks by argument count: each takes (args, texts), gives the
    values to pass."""
    by_count: dict[int, list] = {}
    for kinds in signatures:
        if all(kind is number for kind in kinds):
            check = _numbers
        else:
            def check(args, texts, kinds=kinds):
                return tuple([kind(value, texts) for kind, value in zip(kinds, args)])
        by_count.setdefault(len(kinds), []).append(check)
    return {count: tuple(checks) for count, checks in by_count.items()}


_CANVAS = {name: _compiled(signatures) for name, signatures in CANVAS_CALLS.items()}
_TEXT = {name: _compiled(signatures) for name, signatures in TEXT_CALLS.items()}
_REFERS = frozenset(name for name, signatures in CANVAS_CALLS.items()
                    if any(text_object in kinds for kinds in signatures))


def checked(stored: Any) -> Recording:
    """The replayable form of a stored recording; Refused when any call is not allowed."""
    if type(stored) is not list or len(stored) > MAX_CALLS:
        raise Refused("not a list of calls of bounded length")
    calls, texts, depth = [], 0, 0
    for op in stored:
        if type(op) is not list or len(op) != 4:
            raise Refused("a call is not [target, method, args, new_id]")
        target, method, args, new_id = op
        if method is None:
            if target is not None or new_id is not None or not literal_ok(args):
                raise Refused("literal operators other than paths")
            calls.append((None, None, tuple(args), None, False))
            continue
        values = _arguments(target, method, args, texts)
        if target is None:
            if method == "beginText":
                if new_id != texts or texts >= MAX_TEXTS:
                    raise Refused("text objects out of order")
                texts += 1
            elif method == "saveState":
                depth += 1
            elif method == "restoreState":
                depth -= 1
        if new_id is not None and method != "beginText":
            raise Refused(f"{method} returns nothing to keep")
        if not 0 <= depth <= MAX_DEPTH:
            raise Refused("saveState and restoreState do not pair up")
        calls.append((target, method, values, new_id, target is None and method in _REFERS))
    if depth:
        raise Refused("saveState and restoreState do not pair up")
    return tuple(calls)


def _arguments(target, method, args, texts: int) -> tuple:
    """The values to pass for a call's stored arguments, checked against its allowlist entry."""
    if target is None:
        table = _CANVAS
    elif type(target) is int and 0 <= target < texts:
        table = _TEXT
    else:
        raise Refused("a call on a text object not made earlier")
    allowed = table.get(method) if type(method) is str else None
    if allowed is None:
        raise Refused(f"method not allowed: {method!r:.60}")
    if type(args) is not list:
        raise Refused(f"{method}: arguments are not a list")
    refusal = None
    for check in allowed.get(len(args), ()):
        try:
            return check(args, texts)
        except Refused as err:
            refusal = err
    raise Refused(f"{method}: {refusal or f'{len(args)} arguments'}")


def replay(canvas: Canvas, recording: Recording) -> None:
    """Make the calls of a checked recording on `canvas`."""
    texts: list = []
    for target, method, args, new_id, refers in recording:
        if method is None:
            canvas._code.extend(args)
            continue
        if refers:
            args = tuple(texts[a.number] if type(a) is TextRef else a for a in args)
        if method == "doForm" and not canvas._doc.hasForm(args[0]):
            raise Refused(f"doForm: no picture form {args[0]!r} in this document")
        result = getattr(canvas if target is None else texts[target], method)(*args)
        if new_id is not None:
            texts.append(result)
