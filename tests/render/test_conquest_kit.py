"""The CONQUEST OF THE EMPIRE II kit: the Conquest cards against the rulebook's card list, the
class layouts, blank costs and marked gaps, and the player aids two-sided, two to a sheet."""
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from forge.impose import impose_components
from forge.kit import make_components, make_context
from forge.model import MM
from forge.printing import PrintOptions
from forge.render import cards as card_maker

GAME = "conquest-of-the-empire-2"

# The rulebook's card list (TIPOS DE NAIPES DE CONQUISTA), card type: copies as listed. The
# MERCADER heading says 7 but lists 6; the seventh is a gap in the data, not a printed card.
LISTED = {"merchant": 6, "assassin": 1, "campaign-plunder": 1, "vote": 5, "senator": 28,
          "diplomacy": 6, "fleet": 2, "city": 6, "barbarians": 6,
          "political-personality": 5, "senator-bribe": 6, "slave-revolt": 1,
          "military-training": 5, "naval-training": 3, "fair-wind": 1}
SENATORS = {"senator-1": 8, "senator-2": 8, "senator-3": 8, "senator-4": 4}
NO_COST_IN_RULEBOOK = {"fleet-aegean", "fleet-alexandria", "barbarians-moesia",
                       "barbarians-dacia", "barbarians-armenia", "barbarians-pannonia",
                       "barbarians-germania", "barbarians-britannia", "slave-revolt",
                       "fair-wind"}
CLASS_ICONS = {"immediate": "immediate", "senator": "senator", "diplomacy": "diplomacy",
               "multiple-use": "multiple-use", "permanent": None, "vote": "multiple-use",
               "starting-senator": "senator"}


def context(lang="en", paper="a4"):
    return make_context(GAME, lang, paper)


def decks(ctx) -> dict:
    return {deck["id"]: deck for deck in ctx.data["cards"]["decks"]}


def card_type(card_id: str) -> str:
    for prefix in ("merchant", "vote", "diplomacy", "fleet", "city", "barbarians"):
        if card_id.startswith(prefix + "-"):
            return prefix
    return "senator" if card_id in SENATORS else card_id


def faces(ctx, component_id: str) -> list[dict]:
    spec = next(c for c in ctx.game["components"] if c["id"] == component_id)
    return [piece.key["face"] for piece in card_maker.make_cards(spec, ctx)]


def test_card_counts_match_the_rulebook_list():
    ctx = context()
    by_deck = decks(ctx)
    listed = Counter()
    for deck_id in ("conquest", "senate-votes"):
        for card in by_deck[deck_id]["cards"]:
            listed[card_type(card["id"])] += card["count"]
    assert dict(listed) == LISTED
    assert sum(listed.values()) == 82                      # 83 announced, 82 described
    gaps = by_deck["conquest"]["gaps"]
    assert [(g["id"], g["count"]) for g in gaps] == [("merchant-seventh", 1)]
    assert sum(listed.values()) + sum(g["count"] for g in gaps) == 83
    senators = {c["id"]: c["count"] for c in by_deck["conquest"]["cards"] if c["id"] in SENATORS}
    assert senators == SENATORS
    assert {c["mark"]: c["count"] for c in by_deck["starting-senators"]["cards"]} == \
        {"I": 6, "II": 6, "III": 6}                        # I + II + III for each of 6 players


def test_components_print_every_card_once_per_copy():
    ctx = context()
    made = {c.id: c for c in make_components(ctx, only={"card"})}
    assert {k: len(c.pieces) for k, c in made.items()} == \
        {"conquest-cards": 77, "starting-senators": 18, "senate-votes": 5}
    for component in made.values():
        assert all(p.trim == (63.5, 88.9) and p.bleed == 3 for p in component.pieces)
        assert len({id(p.back) for p in component.pieces}) == 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_class_prints_its_symbol_and_name_in_the_conquest_layout(lang):
    ctx = context(lang)
    for component, deck_id in (("conquest-cards", "conquest"), ("senate-votes", "senate-votes"),
                               ("starting-senators", "starting-senators")):
        deck = decks(ctx)[deck_id]
        names = {k["id"]: k["name"] for k in deck["classes"]}
        expected = [card["class"] for card in deck["cards"] for _ in range(card["count"])]
        for face, klass in zip(faces(ctx, component), expected, strict=True):
            assert face["layout"] == "conquest"
            assert face["foot"] == names[klass] and face["foot"]
            assert face["foot_icon"] == CLASS_ICONS[klass]


def test_class_names_are_translated():
    en = {k["id"]: k["name"] for k in decks(context("en"))["conquest"]["classes"]}
    es = {k["id"]: k["name"] for k in decks(context("es"))["conquest"]["classes"]}
    assert es["immediate"] == "Uso inmediato" and es["multiple-use"] == "Múltiples usos"
    assert all(en[k] != es[k] for k in en if k != "senator") and es["senator"] == "Senador"


def test_costs_are_printed_where_stated_and_blank_with_a_marked_gap_otherwise():
    ctx = context()
    conquest = decks(ctx)["conquest"]["cards"]
    blank = {card["id"] for card in conquest if "cost" not in card}
    assert blank == NO_COST_IN_RULEBOOK | set(SENATORS)
    assert {card["id"] for card in conquest if "gap" in card} == NO_COST_IN_RULEBOOK
    cards = [card for card in conquest for _ in range(card["count"])]
    for card, face in zip(cards, faces(ctx, "conquest-cards"), strict=True):
        assert face["cost"] == ("" if "cost" not in card else f"{card['cost']:g}")
        assert face["mark"] == card.get("mark", "")


def test_stated_costs_match_the_rulebook():
    cost = {c["id"]: c.get("cost") for d in decks(context()).values() for c in d["cards"]}
    assert [cost[f"merchant-{p}"] for p in ("egypt", "sicilia", "hispania", "italia", "achaia",
                                            "asia")] == [25, 25, 15, 15, 15, 25]
    assert (cost["assassin"], cost["campaign-plunder"], cost["political-personality"],
            cost["senator-bribe"], cost["military-training"], cost["naval-training"]) == \
        (20, 10, 15, 5, 10, 5)
    assert cost["diplomacy-italia"] == 40 and cost["diplomacy-pirates"] == 15
    assert {cost[k] for k in cost if k.startswith("city-")} == {40}
    assert {cost[k] for k in cost if k.startswith("vote-")} == {15}


def pdf_text(pieces, path: Path) -> list[str]:
    """Each piece drawn on its own page, and the text of each page."""
    canvas = Canvas(str(path))
    for piece in pieces:
        canvas.saveState()
        canvas.scale(MM, MM)
        piece.draw(canvas)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return [" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages]


def pdf_faces(piece, path: Path) -> list[str]:
    """Both faces of a two-sided piece, each on its own page; the text of each page."""
    canvas = Canvas(str(path))
    for draw in (piece.draw, piece.back):
        canvas.saveState()
        canvas.scale(MM, MM)
        draw(canvas)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return [" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages]


def smallest_font(path: Path) -> float:
    """The smallest size (points) any text of the PDF is printed at."""
    sizes = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            c = tm[2] * cm[0] + tm[3] * cm[2]           # the text's upright axis on the page
            d = tm[2] * cm[1] + tm[3] * cm[3]
            sizes.append(size * (c * c + d * d) ** 0.5)
    for page in PdfReader(str(path)).pages:
        page.extract_text(visitor_text=visit)
    return min(sizes)


@pytest.mark.parametrize("lang,paper", [("en", "a4"), ("en", "letter"), ("es", "a4"),
                                        ("es", "letter")])
def test_reference_aids_are_two_sided_two_to_a_sheet_and_show_the_gaps(lang, paper, tmp_path):
    """Six player aids of 125 x 190 mm printed on both faces, 6 pt or larger, two to a sheet of
    A4 or Letter (three sheets, not six full pages)."""
    ctx = context(lang, paper)
    made = {c.id: c for c in make_components(ctx, only={"conquest-reference",
                                                         "conquest-card-list"})}
    sheets = made["player-reference"]
    assert len(sheets.pieces) == 6                         # one per player
    assert sheets.pieces[0].trim == (125, 190) and sheets.pieces[0].back is not None
    path = tmp_path / "reference.pdf"
    text = " ".join(pdf_faces(sheets.pieces[0], path))
    assert smallest_font(path) >= 6.0 - 1e-6
    pages = impose_components([sheets], ctx.paper_size, PrintOptions())
    assert len(pages) == 6 and [len(page.placements) for page in pages] == [2] * 6
    see = "see your board" if lang == "en" else "ver tu tablero"
    gaps = [p for p in ctx.data["tables"]["key_provinces"] if "vp" not in p]
    assert text.count(see) == len(gaps)
    for province in ctx.data["tables"]["key_provinces"]:
        assert province["name"] in text
    for step in ctx.data["tables"]["season_sequence"] + ctx.data["tables"]["actions"]:
        assert step["name"] in text
    card_list = pdf_text(made["card-list"].pieces, tmp_path / "card-list.pdf")
    assert len(card_list) == 2
    listed = " ".join(card_list)
    for deck in decks(ctx).values():
        for card in deck["cards"]:
            assert card["title"] in listed
    assert listed.count("—*") == len(NO_COST_IN_RULEBOOK)


def test_both_languages_are_complete():
    for lang in ("en", "es"):
        ctx = make_context(GAME, lang, "a4", check_catalogs=True)
        assert ctx.data["cards"]["decks"]
    es = decks(context("es"))
    assert es["conquest"]["back"]["title"] == "CONQUISTA DEL IMPERIO II"
    assert {c["title"] for c in es["senate-votes"]["cards"]} >= {"¡Ave César!", "Pan y Circos"}
