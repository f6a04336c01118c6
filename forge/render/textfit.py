"""Text fitting: the line breaks and the largest type size that fit a text in a width.

Lines break at spaces, never at a no-break space (French writes U+202F before ; ! ? and U+00A0
inside « »). Where a text does not fit a narrow box, its words are hyphenated by the rules of its
language (pyphen: the hyphenation dictionaries of LibreOffice) before it is set smaller; a text
that fits without hyphens keeps them out.
"""
from __future__ import annotations

import math
import re
from functools import cache

from forge import fonts

NO_BREAK = "\u00a0\u202f\u2007\u2060"     # no-break, narrow no-break, figure space, word joiner
_BREAKS = re.compile(f"[^\\S{NO_BREAK}]+")
_CORE = re.compile(r"^(\W*)(\w+(?:-\w+)*)(\W*)$")   # leading marks, the word, trailing marks
HYPHEN = "-"
MIN_HYPHENATED = 6          # letters of the shortest word worth hyphenating
STEP_PT = 0.25              # fit_text shrinks by this much at a time


def words(text: str) -> list[str]:
    """The words of `text` between breaking spaces: a no-break space joins its neighbours."""
    return [word for word in _BREAKS.split(text) if word]


@cache
def _dictionary(lang: str):
    """pyphen's hyphenation dictionary of a language, or None when it has none."""
    import pyphen

    found = pyphen.language_fallback(lang) if lang else None
    return pyphen.Pyphen(lang=found, right=3) if found else None


def hyphenation_language(lang: str) -> str:
    """The language code pyphen hyphenates `lang` by ('' when it cannot)."""
    import pyphen

    return (pyphen.language_fallback(lang) or "") if lang else ""


def hyphenated(word: str, lang: str, mark: str) -> str:
    """`word` with `mark` wherever its language lets it break (it as it is when it cannot)."""
    dictionary = _dictionary(lang)
    return dictionary.inserted(word, hyphen=mark) if dictionary is not None else word


def hyphen_splits(word: str, lang: str) -> list[tuple[str, str]]:
    """The ways to end a line inside `word`, longest first: (head with its hyphen, tail). A word
    is broken after a hyphen of its own, or where its language's dictionary allows."""
    dictionary = _dictionary(lang)
    match = _CORE.match(word)
    if dictionary is None or match is None:
        return []
    lead, core, trail = match.groups()
    splits = []
    for head, tail in dictionary.iterate(core):
        if len(core) >= MIN_HYPHENATED and HYPHEN not in (head[-1:], tail[:1]):
            splits.append((lead + head + HYPHEN, tail + trail))
    for at in (m.end() for m in re.finditer(HYPHEN, core)):
        splits.append((lead + core[:at], core[at:] + trail))
    return sorted(set(splits), key=lambda split: -len(split[0]))


def fit_lines(text: str, font: str, size: float, width: float,
              max_lines: int = 2) -> tuple[list[str], float]:
    """Break `text` into at most `max_lines` lines and the largest size up to `size` that fits.

    The split that allows the biggest type wins; one line is kept unless a split gains more than
    a tenth in size. The returned lines, at the returned size, are never wider than `width`.
    """
    words_ = words(text)
    best_lines, best_size = [text], _size_for([text], font, size, width)
    for n in range(2, min(max_lines, len(words_)) + 1):
        lines = _balanced(words_, n, font)
        fitted = _size_for(lines, font, size, width)
        if fitted > best_size * 1.1:
            best_lines, best_size = lines, fitted
    return best_lines, best_size


def _size_for(lines: list[str], font: str, size: float, width: float) -> float:
    widest = max(fonts.text_width(line, font, size) for line in lines)
    return size if widest <= width else size * width / widest * 0.999


def _balanced(words: list[str], n: int, font: str) -> list[str]:
    """Split words into n lines whose widest line is as narrow as possible."""
    from itertools import combinations

    best, best_width = None, math.inf
    for cuts in combinations(range(1, len(words)), n - 1):
        bounds = (0, *cuts, len(words))
        lines = [" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:])]
        widest = max(fonts.text_width(line, font, 10) for line in lines)
        if widest < best_width:
            best, best_width = lines, widest
    return best


def fit_text(text: str, font: str, largest: float, smallest: float, width: float,
             height: float, lang: str = "", leading: float = 1.2,
             step: float = STEP_PT) -> tuple[list[str] | None, float]:
    """Wrap `text` (sizes in points) into a box in mm at the largest size that fits, hyphenated
    in `lang` only at a size where it does not fit without; (None, 0) if even `smallest` does
    not. Paragraphs are separated by newlines."""
    from forge.model import pt

    size = largest
    while size >= smallest - 1e-9:
        for hyphenate in ("", lang) if lang else ("",):
            lines = wrap(text, font, pt(size), width, hyphenate)
            if lines is not None and len(lines) * pt(size) * leading <= height + 1e-6:
                return lines, pt(size)
        size -= step
    return None, 0.0


def wrap(text: str, font: str, size: float, width: float, lang: str = "") -> list[str] | None:
    """Greedy line breaking at breaking spaces, and inside words by the hyphenation of `lang`
    when given; None when a word (or, hyphenated, a syllable) is wider than `width`."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        paragraph_lines = _wrap_paragraph(words(paragraph), font, size, width, lang)
        if paragraph_lines is None:
            return None
        lines += paragraph_lines
    return lines


def _wrap_paragraph(rest: list[str], font: str, size: float, width: float,
                    lang: str) -> list[str] | None:
    space = fonts.text_width(" ", font, size)
    lines: list[str] = []
    line, line_w = [], 0.0
    rest = list(rest)
    while rest:
        word = rest.pop(0)
        word_w = fonts.text_width(word, font, size)
        room = width - line_w - (space if line else 0)
        if word_w <= room + 1e-9:
            line.append(word)
            line_w += (space if len(line) > 1 else 0) + word_w
            continue
        split = _split_to_fit(word, font, size, room, lang) if lang else None
        if split is not None:
            line.append(split[0])
            rest.insert(0, split[1])
        elif not line:
            return None                 # alone on its line and still too wide
        else:
            rest.insert(0, word)
        lines.append(" ".join(line))
        line, line_w = [], 0.0
    if line:
        lines.append(" ".join(line))
    return lines


def _split_to_fit(word: str, font: str, size: float, room: float,
                  lang: str) -> tuple[str, str] | None:
    """The longest hyphenated head of `word` that fits `room`, and the rest."""
    for head, tail in hyphen_splits(word, lang):
        if fonts.text_width(head, font, size) <= room + 1e-9:
            return head, tail
    return None
