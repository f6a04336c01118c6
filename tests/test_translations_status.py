"""`forge translations status` and `forge translations add`: how far each catalog is translated,
and the catalogs of a new language."""
import re
import shutil

import pytest
from click.testing import CliRunner

from forge import i18n
from forge.cli import main
from forge.games import DEFAULT_CONTENT


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def demo(tmp_path):
    """A folder of games holding a copy of the demo game alone, in English and Spanish only."""
    game = tmp_path / "games" / "demo"
    shutil.copytree(DEFAULT_CONTENT / "demo", game)
    for lang in i18n.catalog_languages(game / "locale"):
        if lang not in ("en", "es"):
            shutil.rmtree(game / "locale" / lang)
    meta = game / "game.yaml"
    text = meta.read_text(encoding="utf-8")
    meta.write_text(re.sub(r"(?m)^languages: .*$", "languages: [en, es]", text), encoding="utf-8")
    return tmp_path / "games"


def rows(output: str) -> dict[tuple[str, str], tuple[int, int, int]]:
    """{(catalog, language): (translated, fuzzy, missing)} of a status table."""
    found = {}
    for line in output.splitlines()[1:]:
        owner, lang, *numbers = line.split()
        found[(owner, lang)] = tuple(map(int, numbers))
    return found


def test_status_counts_each_catalog_in_an_aligned_table(demo):
    result = run("translations", "status", "--content", demo)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["catalog", "language", "translated", "fuzzy", "missing"]
    ends = {len(line) for line in lines}
    assert len(ends) == 1, "the number columns end at the same place"
    english = i18n.Messages(i18n.game_catalog_path(demo / "demo", "demo", "en"))
    total = len(english.entries)
    assert rows(result.output) == {("demo", "en"): (total, 0, 0), ("demo", "es"): (total, 0, 0)}


def test_status_counts_missing_and_fuzzy_entries(demo):
    path = i18n.game_catalog_path(demo / "demo", "demo", "es")
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgstr "Cartas de calzada"', 'msgstr ""', 1)
    text = text.replace('msgid "Milestone"\n', '#, fuzzy\nmsgid "Milestone"\n', 1)
    path.write_text(text, encoding="utf-8")
    result = run("translations", "status", "demo", "--content", demo)
    assert result.exit_code == 0, result.output
    translated, fuzzy, missing = rows(result.output)[("demo", "es")]
    assert (fuzzy, missing) == (1, 1)
    assert rows(result.output)[("demo", "en")][0] == translated + 2


def test_status_of_the_shipped_catalogs_names_forge_and_each_game():
    result = run("translations", "status", "tetrarchia")
    assert result.exit_code == 0, result.output
    assert {owner for owner, _lang in rows(result.output)} == {"tetrarchia"}
    assert re.search(r"^tetrarchia\s+es\s+\d+\s+0\s+0$", result.output, re.MULTILINE)


def test_status_of_an_unknown_game_says_which_there_are(demo):
    result = run("translations", "status", "nope", "--content", demo)
    assert result.exit_code != 0 and "demo" in result.output


def test_add_creates_every_catalog_of_a_new_language_with_its_plural_rule(demo):
    result = run("translations", "add", "fr", "--content", demo)
    assert result.exit_code == 0, result.output
    path = i18n.game_catalog_path(demo / "demo", "demo", "fr")
    text = path.read_text(encoding="utf-8")
    assert "Language: fr" in text and "plural=(n > 1)" in text
    english = i18n.Messages(i18n.game_catalog_path(demo / "demo", "demo", "en"))
    french = i18n.Messages(path)
    assert set(french.entries) == set(english.entries)
    assert not any(entry.msgstr for entry in french.entries.values())
    status = rows(run("translations", "status", "--content", demo).output)
    assert status[("demo", "fr")] == (0, 0, len(english.entries))
    again = run("translations", "add", "fr", "--content", demo)
    assert again.exit_code == 0 and "exists already" in again.output
    assert path.read_text(encoding="utf-8") == text


def test_add_refuses_what_is_not_a_language_code(demo):
    result = run("translations", "add", "../x", "--content", demo)
    assert result.exit_code != 0 and "not a language code" in result.output


def test_check_warns_of_french_spacing_without_failing(demo):
    run("translations", "add", "fr", "--content", demo)
    path = i18n.game_catalog_path(demo / "demo", "demo", "fr")
    text = path.read_text(encoding="utf-8").replace(
        'msgid "Road cards"\nmsgstr ""', 'msgid "Road cards"\nmsgstr "Cartes : route"')
    path.write_text(text, encoding="utf-8")
    result = run("translations", "check", "--content", demo)
    assert "warning:" in result.output and "no-break space" in result.output
