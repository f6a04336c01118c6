"""Mutated real content: validation catches every fault, and what it passes, builds.

Each example copies a real game folder, breaks it in one way (a value swapped for a value of
another kind or size, a field removed or invented, a list entry copied or dropped; or, in the
text itself, characters inserted, deleted or repeated in a YAML file or a catalog) and then
asks forge about it. The only outcomes allowed are a clean refusal (ContentError or UserError,
whose every problem names its file) or a valid game; and a game `forge validate` passes must
then build without any error at all, so nothing is left for the build to discover.

The examples are derandomized (the same every run); CONTENT_FUZZ_EXAMPLES=1000 searches longer.
"""
import collections
import os
import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, load_game
from forge.validation import validate_game

ODD_VALUES = [
    None, True, False, "", " ", "x" * 3000, "#zzzzzz", "#ffffff", "ink", "no-such-id",
    -1, 0, 1, 7, 10 ** 9, 2 ** 70, 1.5, -1e9, 1e300, [], {}, [1, 2], [[]], {"x": 1},
    "{unknown}", "<b>bold", "<columns n=\"0\">", "\u202e reversed", "{{ 7 * 7 }}",
    "../../outside", "a\nb", [0, 0], [20, 0], [-5, 10], [1e6, 1e6],
]


def paths_of(data, at=()):
    """Every path into a YAML document's data, the root excluded."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            found.append(at + (key,))
            found += paths_of(value, at + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.append(at + (index,))
            found += paths_of(value, at + (index,))
    return found


def parent_and_key(data, at):
    for part in at[:-1]:
        data = data[part]
    return data, at[-1]


def mutate(data, at, kind, value):
    """Break `data` at path `at` in the way `kind` says."""
    parent, key = parent_and_key(data, at)
    if kind == "nudge":
        parent[key] = nudged(parent[key], value)
    elif kind == "replace":
        parent[key] = value
    elif kind == "delete":
        del parent[key]
    elif kind == "invent" and isinstance(parent, dict):
        parent[f"{key}_typo"] = parent[key]
    elif kind == "copy" and isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[key] = value


def nudged(old, odd):
    """A value of the same kind as `old`, changed a little: most such changes are valid."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, (int, float)):
        return old * 2 if isinstance(odd, bool) and odd else old + 1
    if isinstance(old, str):
        return old + (" and more words" if isinstance(odd, bool) and odd else "s")
    if isinstance(old, list):
        return list(reversed(old))
    return old


def copy_game(game_id):
    folder = Path(tempfile.mkdtemp(prefix="forge-fuzz-"))
    shutil.copytree(DEFAULT_CONTENT / game_id, folder / game_id)
    return folder


LAID_OUT = ("es",)      # the mutations are shared by every language; test_every_kit lays out all


def outcome(content, game_id, papers=("a4",), build=False):
    """Validate (and, when valid and asked, build) a game in LAID_OUT's languages; fail on
    anything but a refusal."""
    try:
        problems = validate_game(content, game_id, papers=papers, languages=LAID_OUT)
    except UserError as err:                # a game folder broken past reading
        assert str(err)
        return "refused"
    for problem in problems:
        assert str(problem.file).startswith(str(content)), problem
        assert problem.message
    if problems:
        return "refused"
    if build:
        from forge.kit import build_kit
        game = load_game(content, game_id)
        for lang in set(game.languages) & set(LAID_OUT):
            build_kit(game, lang, "a4", content / "out", force=True)
    return "valid"


@st.composite
def data_mutations(draw, game_id, files):
    name = draw(st.sampled_from(files))
    text = (DEFAULT_CONTENT / game_id / name).read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    at = draw(st.sampled_from(paths_of(data)))
    kind = draw(st.sampled_from(["nudge", "nudge", "nudge", "replace", "replace", "replace",
                                 "delete", "invent", "copy"]))
    value = draw(st.sampled_from(ODD_VALUES))
    return name, at, kind, value


def fuzz(strategy, examples):
    """Run `check` over `examples` drawn from `strategy`; return the tally of outcomes."""
    def runner(check):
        tally = collections.Counter()

        @settings(max_examples=int(os.environ.get("CONTENT_FUZZ_EXAMPLES", examples)),
                  deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(strategy)
        def run(mutation):
            tally[check(mutation)] += 1

        run()
        return tally
    return runner


def break_data(content, game_id, mutation):
    name, at, kind, value = mutation
    path = content / game_id / name
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    mutate(data, at, kind, value)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize("game_id, files, examples, build", [
    ("demo", ["game.yaml", "cards.yaml"], 60, True),
    ("conquest-of-the-empire-2", ["game.yaml", "cards.yaml", "tables.yaml"], 25, False),
    ("tetrarchia", ["game.yaml", "board.yaml", "rules.yaml", "sheets.yaml", "facts.yaml"], 20,
     False),
])
def test_mutated_data_is_refused_clearly_or_valid(game_id, files, examples, build):
    @fuzz(data_mutations(game_id, files), examples)
    def tally(mutation):
        content = copy_game(game_id)
        try:
            break_data(content, game_id, mutation)
            return outcome(content, game_id, build=build)
        finally:
            shutil.rmtree(content)

    assert tally["refused"] >= 3 and tally["valid"] >= 1, tally


SNIPPETS = ["\x00", "\x07", "\t", ":", "- ", "&a ", "*a", "!!binary ", "!tag ", "? ", "{", "}",
            "[", "]", "\"", "'", "#", "\n", "\n  ", "<<: *a\n", ".nan", "1e400", "\\",
            "msgid \"x\"\n", "msgstr \"", "\"\n\"", "{count}", "%s", "\ufeff", "\u00e9"]


@st.composite
def text_mutations(draw, game_id, files):
    name = draw(st.sampled_from(files))
    text = (DEFAULT_CONTENT / game_id / name).read_text(encoding="utf-8")
    edits = []
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "repeat"]))
        size = draw(st.integers(1, 40))
        snippet = draw(st.sampled_from(SNIPPETS))
        edits.append((where, kind, size, snippet))
    return name, edits


def apply_edits(text, edits):
    for where, kind, size, snippet in edits:
        where = min(where, len(text))
        if kind == "insert":
            text = text[:where] + snippet + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + size:]
        else:
            text = text[:where] + text[where:where + size] * 3 + text[where + size:]
    return text


@pytest.mark.parametrize("game_id, files, examples, papers, build", [
    ("demo", ["game.yaml", "cards.yaml", "locale/es/LC_MESSAGES/demo.po",
              "locale/en/LC_MESSAGES/demo.po"], 60, ("a4",), True),
    ("conquest-of-the-empire-2", ["game.yaml", "cards.yaml", "tables.yaml",
                                  "locale/es/LC_MESSAGES/conquest-of-the-empire-2.po"],
     40, (), False),
])
def test_mutated_text_is_refused_clearly_or_builds(game_id, files, examples, papers, build):
    @fuzz(text_mutations(game_id, files), examples)
    def tally(mutation):
        name, edits = mutation
        content = copy_game(game_id)
        try:
            path = content / game_id / name
            path.write_text(apply_edits(path.read_text(encoding="utf-8"), edits),
                            encoding="utf-8")
            return outcome(content, game_id, papers, build)
        finally:
            shutil.rmtree(content)

    assert tally["refused"] >= 5 and tally["valid"] >= 5, tally
