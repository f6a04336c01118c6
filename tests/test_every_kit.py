"""Every kit of every game, in every language its game.yaml lists (a language added there is
covered at once), on A4 and Letter: it builds, so no text overflows its box, no word is wider
than its column and no character lacks a glyph (forge.fonts refuses to draw one), every
component is there as declared and the duplex order holds.

The kits the games' own kit tests build already are checked there (the same checks, from
kit_checks.py) and not built twice: Antike's and Pax Romana's modules, and Tetrarchia's
session-wide `built_kits`, which is taken from conftest.py here."""
import pytest
import test_print_plan
from kit_checks import duplex_problems, unbuilt_components
from test_antike_kit import KITS as ANTIKE_KITS
from test_pax_romana_kit import KITS as PAX_ROMANA_KITS

from forge import i18n
from forge.content import load_doc
from forge.games import DEFAULT_CONTENT, game_ids, load_game
from forge.kit import build_kit
from forge.validation import KIT_PAPERS

pytestmark = pytest.mark.slow

TETRARCHIA_BUILT = {("tetrarchia", lang, paper) for lang in ("en", "es")    # conftest.built_kits
                    for paper in ("a4", "letter")}
ELSEWHERE = ({("antike", *kit) for kit in ANTIKE_KITS}
             | {("pax-romana", *kit) for kit in PAX_ROMANA_KITS})


def learn_side_words() -> None:
    """The words a page label gives its side in every language of forge's catalogs, for
    kit_checks.duplex_problems (its page labels know English and Spanish by heart)."""
    for path in sorted(i18n.PROGRAM_LOCALE_DIR.glob("*/LC_MESSAGES/forge.po")):
        entries = i18n.Messages(path).entries
        for side in ("front", "back"):
            word = getattr(entries.get((None, side)), "msgstr", "")
            if word:
                test_print_plan.SIDE_WORDS.setdefault(word, side)


learn_side_words()


def every_kit() -> list[tuple[str, str, str]]:
    """(game, language, paper) of every kit, languages as game.yaml lists them."""
    kits = []
    for game_id in game_ids(DEFAULT_CONTENT):
        languages = load_doc(DEFAULT_CONTENT / game_id / "game.yaml").data["languages"]
        kits += [(game_id, lang, paper) for lang in languages for paper in KIT_PAPERS]
    return kits


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return tmp_path_factory.mktemp("every-kit")


_games: dict = {}


def built(kit, out, request):
    """The kit, built here or taken from Tetrarchia's session-wide kits."""
    if kit in TETRARCHIA_BUILT:
        return request.getfixturevalue("built_kits")[kit[1:]]
    game_id, lang, paper = kit
    if game_id not in _games:
        _games[game_id] = load_game(DEFAULT_CONTENT, game_id)
    return build_kit(_games[game_id], lang, paper, out)


@pytest.mark.parametrize("kit", [pytest.param(kit, marks=pytest.mark.xdist_group(f"kits-{kit[0]}"))
                                 for kit in every_kit() if kit not in ELSEWHERE], ids="-".join)
def test_the_kit_builds_whole_with_every_text_fitting(kit, out, request):
    result = built(kit, out, request)
    game = load_doc(DEFAULT_CONTENT / kit[0] / "game.yaml").data
    assert unbuilt_components(result, game) == {}
    assert duplex_problems(result) == []


def test_every_language_of_every_game_is_built_somewhere():
    listed = set(every_kit())
    assert ELSEWHERE <= listed, ELSEWHERE - listed     # a kit test building a kit not listed
    assert {kit[1] for kit in listed} >= {"en", "es"}
