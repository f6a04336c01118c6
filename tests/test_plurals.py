"""Plural messages end to end: extraction, catalogs with every plural form, the translators of
the program, the companion, the engines and the templates, and what counts as missing."""
import io
from pathlib import Path

import pytest
from babel.messages.extract import extract

from forge import i18n
from forge.engine.words import Counted, counted
from forge.pocheck import check_po

KEY = i18n.plural_key("{n} legion", "{n} legions")


def catalog(tmp_path: Path, lang: str, keys, **kwargs) -> Path:
    path = tmp_path / "game" / "locale" / lang / "LC_MESSAGES" / "game.po"
    i18n.write_catalog(path, keys, lang, **kwargs)
    return path


def fill(path: Path, *forms: str) -> None:
    """Give the plural entry of a catalog written by `catalog` its forms."""
    text = path.read_text(encoding="utf-8")
    for index, form in enumerate(forms):
        text = text.replace(f'msgstr[{index}] ""', f'msgstr[{index}] "{form}"', 1)
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("lang, count", [("en", 2), ("fr", 2), ("de", 2), ("pl", 3)])
def test_a_plural_entry_is_written_with_every_form_of_the_language(tmp_path, lang, count):
    path = catalog(tmp_path, lang, [(None, "Legion"), (None, KEY)])
    text = path.read_text(encoding="utf-8")
    assert 'msgid_plural "{n} legions"' in text
    assert f"nplurals={count};" in text
    assert text.count("msgstr[") == count
    if lang == "en":
        assert 'msgstr[0] "{n} legion"' in text and 'msgstr[1] "{n} legions"' in text


def test_the_language_rule_chooses_the_form(tmp_path):
    french = catalog(tmp_path, "fr", [(None, KEY)])
    fill(french, "{n} légion", "{n} légions")
    messages = i18n.Messages(french)
    assert [messages.plural(KEY, n) for n in (0, 1, 2)] == \
        ["{n} légion", "{n} légion", "{n} légions"]          # French: 0 is singular
    spanish = catalog(tmp_path, "es", [(None, KEY)])
    fill(spanish, "{n} legión", "{n} legiones")
    assert i18n.Messages(spanish).plural(KEY, 0) == "{n} legiones"


def test_a_plural_entry_with_an_empty_form_is_missing(tmp_path):
    path = catalog(tmp_path, "fr", [(None, KEY)])
    fill(path, "{n} légion")
    messages = i18n.Messages(path)
    assert messages.get(KEY) is None and messages.plural(KEY, 5) is None
    problems = i18n._compare(messages, {(None, KEY): ("x.py", 3)}, "fr")
    assert [p.message for p in problems] == [f"no 'fr' translation in {path}"]
    assert "{n} legion | {n} legions" in problems[0].field
    assert i18n.catalog_status(path, [(None, KEY)]) == i18n.Status(0, 0, 1)


def test_a_fuzzy_plural_entry_fails_and_counts_as_fuzzy(tmp_path):
    path = catalog(tmp_path, "fr", [(None, KEY)])
    fill(path, "{n} légion", "{n} légions")
    text = path.read_text(encoding="utf-8").replace('msgid "{n} legion"',
                                                    '#, fuzzy\nmsgid "{n} legion"')
    path.write_text(text, encoding="utf-8")
    messages = i18n.Messages(path)
    assert messages.get(KEY) is None
    assert [p.message for p in i18n._compare(messages, {(None, KEY): ("x.py", 3)}, "fr")] == \
        [f"fuzzy 'fr' translation in {path}"]
    assert i18n.catalog_status(path, [(None, KEY)]) == i18n.Status(0, 1, 0)


def test_an_update_keeps_the_forms_and_the_source_language_fills_itself(tmp_path):
    path = catalog(tmp_path, "fr", [(None, KEY)])
    fill(path, "{n} légion", "{n} légions")
    assert i18n.write_catalog(path, [(None, KEY), (None, "Legion")], "fr") == 1
    assert i18n.Messages(path).plural(KEY, 3) == "{n} légions"
    moved = catalog(tmp_path, "es", [(None, KEY)],
                    elsewhere={KEY: ("{n} legión", "{n} legiones")})
    assert i18n.Messages(moved).plural(KEY, 2) == "{n} legiones"


def test_every_form_keeps_to_the_english_placeholders():
    text = ('msgid "{n} legion"\nmsgid_plural "{n} legions"\n'
            'msgstr[0] "{n} légion"\nmsgstr[1] "{count} légions"\n')
    problems = check_po(Path("x.po"), text)
    assert len(problems) == 1 and "{count}" in problems[0].message


def test_babel_finds_the_plural_calls_of_code_and_templates():
    code = (b'tr.ngettext("{n} a", "{n} as", n)\ncounted(tr, "{n} b", "{n} bs", n)\n'
            b'Counted("{n} c", "{n} cs", n, x=1)\n')
    found = [m for _line, m, _c, _x in extract("python", io.BytesIO(code),
                                                keywords=i18n.KEYWORDS)]
    assert found == [("{n} a", "{n} as"), ("{n} b", "{n} bs"), ("{n} c", "{n} cs")]
    template = b'{{ ngettext("{n} d", "{n} ds", n).format(n=n) }}'
    assert [m for _l, m, _c, _x in extract("jinja2", io.BytesIO(template),
                                            keywords=i18n.KEYWORDS)] == [("{n} d", "{n} ds")]


def test_the_program_translator_gives_each_form():
    spanish = i18n.Translator("es")
    one, many = "{count} message to translate", "{count} messages to translate"
    assert spanish.ngettext(one, many, 1) == "{count} mensaje por traducir"
    assert spanish.ngettext(one, many, 4) == "{count} mensajes por traducir"
    with pytest.raises(i18n.MissingTranslation):
        spanish.ngettext("{n} thing no catalog has", "{n} things", 2)
    assert i18n.Translator("es", strict=False).ngettext("{n} thing", "{n} things", 2) == \
        "{n} things"


def test_the_companion_translator_gives_each_form():
    from companion.translate import Translator

    tr = Translator("es")
    assert tr.ngettext("{count} message to translate", "{count} messages to translate", 2,
                       tr.lang) == "{count} mensajes por traducir"
    assert tr.ngettext("{n} unknown", "{n} unknowns", 1) == "{n} unknown"


class English:
    """An engine test's translator: only `_`."""

    lang = "en"

    def _(self, text):
        return text


def test_the_engines_count_in_english_without_a_plural_translator():
    assert counted(English(), "{n} legion", "{n} legions", 1) == "{n} legion"
    phrase = Counted("{n} legion in {where}", "{n} legions in {where}", 3, where="Roma")
    assert str(phrase) == "3 legions in Roma"
    assert phrase.translated(English()) == "3 legions in Roma"
    spanish = i18n.Translator("es")
    assert counted(spanish, "{count} message to translate", "{count} messages to translate",
                   1) == "{count} mensaje por traducir"


def test_a_template_gets_ngettext_beside_its_translator(tmp_path):
    from forge.render import sandbox

    (tmp_path / "t.j2").write_text('{{ ngettext("{count} message to translate", '
                                   '"{count} messages to translate", n).format(count=n) }}',
                                   encoding="utf-8")
    env = sandbox.SheetSandbox([tmp_path], {})
    tr = i18n.Translator("es")
    shown = [sandbox.render(env, "t.j2", {"_": sandbox.Exposed(tr._, "_"), "n": n})
             for n in (1, 3)]
    assert shown == ["1 mensaje por traducir", "3 mensajes por traducir"]


def test_command_line_messages_take_any_language_forge_has_a_catalog_for(monkeypatch):
    monkeypatch.setattr(i18n, "program_languages", lambda: ["en", "es", "fr"])
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.message_language() == "fr"
    monkeypatch.setenv("LANGUAGE", "de:es")
    assert i18n.message_language() == "es"
    monkeypatch.setenv("LANGUAGE", "ja")
    assert i18n.message_language() == "en"


def test_a_catalog_of_a_language_babel_does_not_know_counts_as_english(tmp_path):
    path = catalog(tmp_path, "xx", [(None, KEY)])
    fill(path, "{n} one", "{n} many")
    messages = i18n.Messages(path)
    assert (messages.plural_count, messages.plural(KEY, 1), messages.plural(KEY, 0)) == \
        (2, "{n} one", "{n} many")
