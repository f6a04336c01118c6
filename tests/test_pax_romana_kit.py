"""The PAX ROMANA kit: built in every language and paper, its pieces counted against the rule
data, every event card with its back, the duplex print of the whole kit, the combat tables and
the tracks read from the data, and text that fits and stays readable."""
from collections import Counter
from pathlib import Path

import pytest
from kit_checks import duplex_problems, unbuilt_components, words_under
from pypdf import PdfReader
from test_print_plan import manifest_of

from forge.games import DEFAULT_CONTENT, load_game
from forge.kit import build_kit, make_components, make_context
from forge.render.pax_romana import tables as combat_tables
from forge.render.pax_romana import tracks

GAME = "pax-romana"
CONTENT = Path(DEFAULT_CONTENT)
KITS = [(lang, paper) for lang in ("en", "es") for paper in ("a4", "letter")]
AIDS = ("aid-sequence", "aid-combat", "aid-movement", "aid-naval", "aid-stability")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("pax-romana")
    game = load_game(CONTENT, GAME)
    return {(lang, paper): build_kit(game, lang, paper, out) for lang, paper in KITS}


@pytest.fixture(scope="module")
def ctx():
    return make_context(GAME, "en", "a4", content_dir=CONTENT)


@pytest.fixture(scope="module")
def components(ctx):
    return {c.id: c for c in make_components(ctx)}


def kit_text(result, component_id: str) -> str:
    """The words of a component's pages in kit.pdf, on one line."""
    row = next(c for c in manifest_of(result)["components"] if c["id"] == component_id)
    reader = PdfReader(str(result.folder / "kit.pdf"))
    return " ".join(" ".join(reader.pages[n - 1].extract_text().split())
                    for n in row["kit_pages"])


# --- the kit as built ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, paper", KITS)
def test_the_kit_builds_with_every_component_it_declares(kits, ctx, lang, paper):
    assert unbuilt_components(kits[lang, paper], ctx.game) == {}
    assert (kits[lang, paper].folder / "kit.pdf").is_file()


@pytest.mark.parametrize("lang, paper", KITS)
def test_duplexing_the_whole_kit_puts_each_back_behind_its_front(kits, lang, paper):
    assert duplex_problems(kits[lang, paper]) == []


@pytest.mark.parametrize("lang, paper", KITS)
def test_no_printed_word_under_six_points(kits, lang, paper):
    small = words_under(kits[lang, paper])
    assert small == [], small and small[:5]


def test_the_cover_says_what_comes_from_the_box(kits):
    words = {"en": ("The map", "scenario set-ups", "leader roster"),
             "es": ("El mapa", "despliegues de los escenarios", "lista de líderes")}
    for (lang, paper), result in kits.items():
        cover = " ".join(PdfReader(str(result.folder / "kit.pdf")).pages[0]
                         .extract_text().split())
        assert all(word in cover for word in words[lang]), (lang, paper)


def test_every_player_aid_is_one_page(kits):
    for result in kits.values():
        rows = {c["id"]: c for c in manifest_of(result)["components"]}
        assert all(len(rows[aid]["kit_pages"]) == 1 for aid in AIDS)
        assert len(rows["combat-tables"]["kit_pages"]) == 2


# --- pieces against the rule data ------------------------------------------------------------------

def test_the_event_cards_are_the_deck_of_event_cards_yaml(ctx, components):
    cards = ctx.data["event_cards"]["cards"]
    pieces = components["event-cards"].pieces
    assert len(pieces) == sum(card["copies"] for card in cards) == \
        ctx.data["event_cards"]["deck"]["listed"]
    titles = Counter(piece.label.split(": ", 1)[1] for piece in pieces)
    assert titles == Counter({card["name"]: card["copies"] for card in cards})


def test_every_card_has_its_back(components):
    pieces = components["event-cards"].pieces
    assert pieces and all(piece.back is not None for piece in pieces)
    assert len({id(piece.back) for piece in pieces}) >= 1


def test_the_activation_markers_are_the_most_any_format_uses(ctx):
    formats = ctx.data["turn"]["formats"]
    counts = {c["id"]: c["count"] for c in ctx.game["components"]}
    for power in ctx.data["turn"]["powers"]:
        assert counts[f"markers-{power}"] == max(f["markers_per_power"] for f in formats)
    assert counts["markers-event"] == max(f["event_markers"] for f in formats)
    assert counts["markers-pontus"] == 1


def test_the_talents_are_coins_of_one_five_and_ten(ctx):
    ids = {c["id"]: c for c in ctx.game["components"]}
    assert [ids[f"talents-{v}"]["style"]["label"] for v in (1, 5, 10)] == ["1", "5", "10"]


def test_the_combat_tables_print_every_cell_of_the_data(ctx):
    combat = ctx.data["combat"]
    ratio = combat_tables.ratio_grid(combat["ratio"])
    for s, row in enumerate(combat["ratio"]["rows"], start=1):
        printed = [v for v in ratio.cells[s - 1] if v is not None]
        assert printed == row
        assert ratio.cells[s - 1][:s - 1] == (None,) * (s - 1)
    assert {(c["smaller"] - 1, c["larger"] - 1) for c in combat["ratio"]["printed_differs"]} \
        == set(ratio.marked)
    loss = combat_tables.loss_grid(combat["loss"])
    assert [list(row) for row in loss.cells] == combat["loss"]["rows"]
    assert len(loss.columns) == combat["loss"]["columns_max"]


def test_the_tracks_run_as_the_data_says(ctx):
    turns = ctx.data["turn"]["turns"]
    assert [tracks.roman(n) for n in range(turns["first"], turns["last"] + 1)][:4] == \
        ["I", "II", "III", "IV"]
    track = ctx.data["stability"]["track"]
    assert tracks.signed(track["min"]) == "\u22126" and tracks.signed(track["max"]) == "+8"
    bands = ctx.data["stability"]["bands"]["list"]
    levels = sorted(level for band in bands for level in range(band["low"], band["high"] + 1))
    assert levels == list(range(track["min"], track["max"] + 1))


def test_the_aids_print_the_numbers_of_the_data(kits, ctx):
    result = kits["en", "a4"]
    combat = kit_text(result, "aid-combat")
    for unit in ctx.data["units"]["units"]:
        assert unit["name"] in combat
    assert f"succeeds at {ctx.data['combat']['interception']['succeeds_at']} or more" in combat
    movement = kit_text(result, "aid-movement")
    for step in ctx.data["movement"]["mp_costs"]["steps"]:
        if step.get("text"):
            assert step["text"] in movement
    stability = kit_text(result, "aid-stability")
    for objective in ctx.data["victory"]["objectives"]["list"]:
        assert objective["name"] in stability
    sequence = kit_text(result, "aid-sequence")
    for phase in ctx.data["turn"]["phases"]:
        assert phase["name"] in sequence


def test_the_text_pieces_fit_their_pages_in_every_language_and_paper():
    """Each aid is laid out when it is made: a text too long stops the build, so making them in
    every language and paper is the check."""
    for lang, paper in KITS:
        ctx = make_context(GAME, lang, paper, content_dir=CONTENT)
        made = {c.id: c for c in make_components(
            ctx, only={"pax-romana-aid", "pax-romana-tables", "pax-romana-events"})}
        assert all(len(made[aid].pieces) == 1 for aid in AIDS)
        assert len(made["event-cards"].pieces) == 54


@pytest.mark.parametrize("lang, word", [("en", "walls"), ("es", "murallas")])
def test_the_movement_costs_column_keeps_its_longest_word_whole(kits, lang, word):
    """The cost of destroying a town is printed as a word in the narrow MP column."""
    assert word in kit_text(kits[lang, "a4"], "aid-movement").split()
