"""The ANTIKE kit: built in every language and paper, its pieces counted against tables.yaml, every
card with its back, the duplex print of the whole kit, the rondel's order and costs, and text that
fits and stays readable."""
from collections import Counter
from pathlib import Path

import pytest
from kit_checks import duplex_problems, unbuilt_components, words_under
from pypdf import PdfReader
from test_print_plan import manifest_of

from forge.games import DEFAULT_CONTENT, load_game
from forge.kit import build_kit, make_components, make_context
from forge.render import wheel

GAME = "antike"
CONTENT = Path(DEFAULT_CONTENT)
KITS = [(lang, paper) for lang in ("en", "es") for paper in ("a4", "letter")]
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("antike")
    game = load_game(CONTENT, GAME)
    return {(lang, paper): build_kit(game, lang, paper, out) for lang, paper in KITS}


@pytest.fixture(scope="module")
def ctx():
    return make_context(GAME, "en", "a4", content_dir=CONTENT)


@pytest.fixture(scope="module")
def components(ctx):
    return {c.id: c for c in make_components(ctx)}


def tables(ctx) -> dict:
    return ctx.data["tables"]


def deck(ctx, deck_id: str) -> dict:
    return next(d for d in ctx.data["cards"]["decks"] if d["id"] == deck_id)


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
    for (lang, paper), result in kits.items():
        cover = PdfReader(str(result.folder / "kit.pdf")).pages[0].extract_text()
        words = {"en": ("double-sided map", "50 provinces", "legions", "galleys", "cylinders"),
                 "es": ("tablero de dos caras", "50 provincias", "legiones", "galeras",
                        "cilindros")}[lang]
        flat = " ".join(cover.split())
        assert all(word in flat for word in words), (lang, paper)


def test_each_civilization_gets_a_rules_sheet_of_its_own_when_printed_two_sided(kits):
    for result in kits.values():
        manifest = manifest_of(result)
        pages = next(c for c in manifest["components"] if c["id"] == "player-rules")["kit_pages"]
        rules = next(row for row in manifest["print_plan"]
                     if row["first"] <= pages[0] <= row["last"])
        assert rules["sides"] == "one" and rules["sheets"] == 6, rules


# --- pieces against tables.yaml ---------------------------------------------------------------------

def test_the_personalities_are_the_piles_of_tables(ctx):
    kinds = tables(ctx)["personalities"]["types"]
    cards = deck(ctx, "personalities")["cards"]
    by_class = Counter(card["class"] for card in cards for _ in range(card["count"]))
    assert by_class == {kind["id"]: kind["count"] for kind in kinds}
    assert sum(by_class.values()) == tables(ctx)["personalities"]["total"]
    for kind in kinds:
        marks = [card["mark"] for card in cards if card["class"] == kind["id"]]
        assert marks == [str(n) for n in range(1, kind["count"] + 1)], kind["id"]


def test_each_personality_states_its_threshold(ctx):
    """Kings, Citizens and Navigators name their step and its multiples; Scholars the number of
    progresses (the card texts are prose, so the test holds them to tables.yaml)."""
    data = tables(ctx)
    progresses = len(data["knowledge"]["progresses"])
    for kind in data["personalities"]["types"]:
        text = next(card["text"] for card in deck(ctx, "personalities")["cards"]
                    if card["class"] == kind["id"])
        if kind["per"] > 1:
            assert all(str(kind["per"] * k) in text for k in (1, 2)), kind["id"]
        if kind["id"] == "scholar":
            assert str(progresses) in text


def test_the_civilization_cards_are_the_two_sides_of_tables(ctx):
    """Six cards a side, in the order of tables.yaml; each card's write-in rows start at the
    number of civilizations from which it plays (the rows below are struck through), and the
    start player the text names has its circle already red."""
    cards = {card["id"]: card for card in deck(ctx, "civilizations")["cards"]}
    for side in tables(ctx)["sides"]:
        assert [c for c, card in cards.items() if card["class"] == side["id"]] == \
            [civ["id"] for civ in side["civilizations"]]
        for civ in side["civilizations"]:
            first = [known["civilizations"] for known in tables(ctx)["start_player"]["known"]
                     if known["civilization"] == civ["id"] and known["side"] == side["id"]]
            suffix = "".join(f"-first-{n}" for n in first)
            assert cards[civ["id"]]["picture"] == f"art/civ-start-{civ['from']}{suffix}.svg"


def test_the_tokens_are_the_resources_values_and_temples_of_tables(ctx):
    data = tables(ctx)
    ids = {c["id"]: c for c in ctx.game["components"]}
    for resource in data["resources"]:
        for value in data["token_values"]:
            token = ids[f"{resource['id']}-{value}"]
            assert token["style"]["label"] == str(value)
            assert token["style"]["fill"] == resource["id"]
    assert ids["temples"]["count"] == data["supply"]["temples"]
    assert "coins" in ids


def test_every_card_has_its_back(components):
    for component_id in ("personalities", "civilizations"):
        pieces = components[component_id].pieces
        assert pieces and all(piece.back is not None for piece in pieces), component_id


# --- the boards ------------------------------------------------------------------------------------

def test_the_rondel_follows_the_tables_order_and_costs(ctx):
    data = tables(ctx)["rondel"]
    spec = next(c for c in ctx.game["components"] if c["id"] == "rondel")
    ordered = wheel._ordered(spec, data)
    assert [space["id"] for space in ordered] == data["order"]["default"]
    costs = wheel._costs(data, len(ordered), "free")
    free = data["free_steps"]
    assert costs[:free] == ("free",) * free
    assert costs[free:-1] == tuple(str(n * data["step_cost"])
                                   for n in range(1, len(ordered) - free))
    assert costs[-1] == str(data["repeat"]["default"])


def test_the_rondel_prints_the_reading_note(components, ctx):
    spec = next(c for c in ctx.game["components"] if c["id"] == "rondel")
    assert "reading" in spec["labels"]["note"]
    assert len(components["rondel"].pieces) == 1


def test_the_boards_and_sheets_fit_their_pages(components):
    """Each text piece is laid out when it is made: a text too long stops the build, so making
    them in every language and paper is the check."""
    for lang, paper in KITS:
        ctx = make_context(GAME, lang, paper, content_dir=CONTENT)
        made = {c.id: c for c in make_components(
            ctx, only={"antike-reference", "antike-victory", "antike-progress", "wheel"})}
        assert len(made["player-rules"].pieces) == 6
        assert made["victory-table"].pieces[0].trim == (180, 80)


def test_the_rules_sheet_gives_the_numbers_of_tables(kits, ctx):
    """The 2-player pairs of each side, the prices of progress and the victory thresholds are
    printed from tables.yaml."""
    result = kits["en", "a4"]
    rules = next(c for c in manifest_of(result)["components"] if c["id"] == "player-rules")
    text = " ".join(PdfReader(str(result.folder / "kit.pdf")).pages[rules["kit_pages"][0] - 1]
                    .extract_text().split())
    data = tables(ctx)
    for side in data["sides"]:
        names = {c["id"]: c["name"] for c in side["civilizations"]}
        for first, second in side["two_players"]["pairs"]:
            assert f"{names[first]} and {names[second]}" in text
    assert "our reading" in text
    for row in data["victory"]["needed"]:
        assert str(row["needed"]) in text
    assert f"at most {data['city_cap']['default']} cities" in text.lower()
