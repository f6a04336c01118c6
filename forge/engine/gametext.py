"""A text of a game's own catalog, for the words engines put to events and refusals.

forge.i18n is imported only when a translation is wanted (English needs none), so an engine stays
importable without it on a phone that ships the engine alone.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def game_text(content_dir: Path, game: str, lang: str, english: str, context: str) -> str | None:
    """The `lang` text of a content string (its English text and catalog context), or None."""
    if lang == "en":
        return None
    from forge import i18n

    path = i18n.game_catalog_path(content_dir, game, lang)
    return i18n.Messages(path).get(english, context) if path.exists() else None
