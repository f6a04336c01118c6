"""Text that fits in every language: lines never break at a no-break space, words are hyphenated by
their language's rules where a text does not fit otherwise (and only there), a text that still
does not fit stops the build naming the game, language, component and the text, and every
character of every catalog has a glyph in every font of forge's."""
import pytest
from reportlab.pdfgen.canvas import Canvas

from forge import fonts
from forge.errors import UserError
from forge.games import DEFAULT_CONTENT, game_ids, load_game
from forge.i18n import PROGRAM_DOMAIN, PROGRAM_LOCALE_DIR
from forge.kit import build_kit
from forge.render import flow, textfit
from forge.validation import validate_game

NNBSP, NBSP = "\u202f", "\u00a0"
FRENCH = (f"Attention{NNBSP}! Le joueur dit «{NBSP}Ave{NBSP}» et paie{NNBSP}; puis il "
          f"avance{NNBSP}: est-ce permis{NNBSP}? ") * 6


# --- no-break spaces ----------------------------------------------------------------------------

def test_words_are_split_at_breaking_spaces_only():
    assert textfit.words(f"a{NNBSP}! «{NBSP}b{NBSP}»  c\td") == [f"a{NNBSP}!", f"«{NBSP}b{NBSP}»",
                                                                  "c", "d"]


@pytest.mark.parametrize("width", [18, 25, 40])
def test_card_text_never_breaks_at_a_no_break_space(width):
    lines = textfit.wrap(FRENCH, fonts.SERIF, 3.0, width, "fr")
    assert lines
    for line in lines:
        assert not line.startswith((NNBSP, NBSP, "!", "?", ";", ":", "»"))
        assert not line.endswith(("«", NNBSP, NBSP))


def paragraph_lines(markup: str, width_mm: float) -> list[str]:
    """The lines reportlab sets a one-paragraph sheet in, at a width."""
    [paragraph] = flow.build(f'<sheet><p>{markup}</p></sheet>', where="test")
    paragraph.wrap(width_mm * 72 / 25.4, 10_000)
    lines = []
    for line in paragraph.blPara.lines:
        words = line.words if hasattr(line, "words") else line[1]
        lines.append(" ".join(getattr(w, "text", w) for w in words))
    return lines


@pytest.mark.parametrize("width", [20, 30, 45])
def test_sheet_text_never_breaks_at_a_no_break_space(width):
    lines = paragraph_lines(FRENCH, width)
    assert len(lines) > 3
    for line in lines:
        assert not line.strip().startswith(("!", "?", ";", ":", "»")), lines
        assert not line.strip().endswith("«"), lines


# --- hyphenation --------------------------------------------------------------------------------

GERMAN = "Die Provinzverwaltung zahlt jedem Mitspieler drei Talente Versorgungsausgleich."


def test_hyphenation_follows_the_language():
    assert ("Provinzver-", "waltung.") in textfit.hyphen_splits("Provinzverwaltung.", "de")
    assert textfit.hyphen_splits("Nord-Süd", "de") == [("Nord-", "Süd")]
    assert textfit.hyphen_splits("Rome", "en") == []              # too short to break
    assert textfit.hyphen_splits("Provinzverwaltung", "") == []


def test_a_text_that_fits_is_not_hyphenated():
    lines, size = textfit.fit_text("Take three denarii.", fonts.SERIF, 10, 6, 40, 20, "en")
    assert lines == ["Take three denarii."] and size == pytest.approx(10 * 25.4 / 72)


def test_a_narrow_text_is_hyphenated_before_it_is_set_smaller():
    _plain, plain_size = textfit.fit_text(GERMAN, fonts.SERIF, 9, 5, 24, 30)
    hyphenated, size = textfit.fit_text(GERMAN, fonts.SERIF, 9, 5, 24, 30, "de")
    assert size > plain_size
    assert any(line.endswith("-") for line in hyphenated)
    assert all(fonts.text_width(line, fonts.SERIF, size) <= 24 + 1e-6 for line in hyphenated)
    letters = "".join(GERMAN.split())
    assert "".join(hyphenated).replace("-", "").replace(" ", "") == letters   # nothing lost


def test_a_word_wider_than_its_column_is_hyphenated_never_cut_between_two_letters():
    markup = f"<sheet><columns n='3' gap='2'><p>{GERMAN * 3}</p></columns></sheet>"
    with pytest.raises(flow.Overflow, match="\"Provinzverwaltung\" is wider than its 18.7 mm "
                                            "column"):
        flow.layout(markup, 60, 200, where="test")
    [[columns]] = flow.layout(markup, 60, 200, where="test", lang="de")
    lines = [line for column in columns.columns for paragraph in column
             for line in paragraph.blPara.lines]
    words = [getattr(w, "text", w) for line in lines
             for w in (line.words if hasattr(line, "words") else line[1])]
    assert "Provinz-" in words or "Provinzver-" in words
    allowed = set()                     # runs of syllables of the text's words
    for word in GERMAN.split():
        syllables = textfit.hyphenated(word, "de", "|").split("|")
        allowed |= {"".join(syllables[i:j]) for i in range(len(syllables))
                    for j in range(i + 1, len(syllables) + 1)}
    broken = [w[:-1] for w in words if w.endswith("-")]
    assert broken and set(broken) <= allowed                    # broken where German allows


def test_a_sheet_that_fits_is_not_hyphenated():
    markup = "<sheet><p>Die Provinzverwaltung zahlt drei Talente.</p></sheet>"
    [[paragraph]] = flow.layout(markup, 100, 50, where="test", lang="de", hyphenate_to_fit=True)
    assert "\u00ad" not in paragraph.text


# --- a text that does not fit -------------------------------------------------------------------

def test_an_overflow_names_game_language_component_and_text(content_copy, tmp_path):
    catalog = content_copy / "demo/locale/es/LC_MESSAGES/demo.po"
    text = catalog.read_text(encoding="utf-8")
    assert "al final de tu tramo. Si llega" in text
    catalog.write_text(text.replace("al final de tu tramo. Si llega", "al final de tu tramo." +
                                    " Y otra más," * 150 + " Si llega", 1), encoding="utf-8")
    game = load_game(content_copy, "demo")
    with pytest.raises(UserError) as err:
        build_kit(game, "es", "letter", tmp_path)
    message = str(err.value)
    assert message.startswith("demo (es, letter), component 'road-cards': ")
    assert "Añade una loseta de calzada" in message and "does not fit" in message
    assert not (tmp_path / "demo/es/letter").exists()


# --- glyphs -------------------------------------------------------------------------------------

def every_catalog():
    """Every catalog shipped, in every language folder there is (a translation being written
    too, before game.yaml lists its language)."""
    paths = fonts.catalog_paths(PROGRAM_LOCALE_DIR, PROGRAM_DOMAIN)
    for game_id in game_ids(DEFAULT_CONTENT):
        paths += fonts.catalog_paths(DEFAULT_CONTENT / game_id / "locale", game_id)
    return paths


@pytest.mark.parametrize("path", every_catalog(), ids=lambda p: f"{p.stem}-{p.parts[-3]}")
def test_every_character_of_every_catalog_has_a_glyph_in_every_font(path):
    problems = fonts.catalog_glyph_problems(path, path.parents[3])
    assert problems == [], "\n".join(map(str, problems))


def test_the_fonts_draw_the_marks_of_every_language():
    marks = "«»„“”‘’‚–—…\u00a0\u202fàâäçéèêëîïôöùûüÿœæßÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŒÆáíóúãõñªºÁÍÓÚÃÕìòÌÒ"
    for name in fonts.kit_font_names():
        assert fonts.missing_glyphs(marks, name) == set(), name


def test_a_character_no_font_draws_is_found_by_validate(content_copy):
    catalog = content_copy / "demo/locale/es/LC_MESSAGES/demo.po"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace("Añade una loseta", "Añade una loseta \u6f22", 1),
                       encoding="utf-8")
    problems = validate_game(content_copy, "demo", papers=())
    found = [str(p) for p in problems if "U+6F22" in str(p)]
    assert found and "demo.po:" in found[0] and "'sans'" in found[0]


def test_a_character_no_font_draws_is_found_in_a_language_not_yet_listed(content_copy):
    staging = content_copy / "demo/locale/nl/LC_MESSAGES"
    assert not staging.exists()
    staging.mkdir(parents=True)
    english = (content_copy / "demo/locale/en/LC_MESSAGES/demo.po").read_text(encoding="utf-8")
    (staging / "demo.po").write_text(english.replace('msgstr "Road cards"',
                                                     'msgstr "Kaarten \u6f22"'), encoding="utf-8")
    problems = fonts.game_glyph_problems(content_copy / "demo", "demo")
    assert any("locale/nl/" in str(p) and "U+6F22" in str(p) for p in problems)


def test_drawing_a_character_the_font_lacks_stops_the_build(tmp_path):
    canvas = Canvas(str(tmp_path / "glyphs.pdf"))
    fonts.register_fonts()
    canvas.setFont(fonts.SERIF_BOLD, 10)
    canvas.drawString(10, 10, "Straße")                 # every glyph there
    with pytest.raises(fonts.MissingGlyph, match=r"'serif-bold' cannot draw ẞ U\+1E9E"):
        canvas.drawString(10, 30, "STRAẞE")
