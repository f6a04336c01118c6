"""Text fitting: the line breaks and the largest type size that fit a text in a width."""
from __future__ import annotations

import math

from forge import fonts


def fit_lines(text: str, font: str, size: float, width: float,
              max_lines: int = 2) -> tuple[list[str], float]:
    """Break `text` into at most `max_lines` lines and the largest size up to `size` that fits.

    The split that allows the biggest type wins; one line is kept unless a split gains more than
    a tenth in size. The returned lines, at the returned size, are never wider than `width`.
    """
    words = text.split()
    best_lines, best_size = [text], _size_for([text], font, size, width)
    for n in range(2, min(max_lines, len(words)) + 1):
        lines = _balanced(words, n, font)
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
