"""Pax Romana's rules as data: the files validate against the game's own schemas, the tables are
complete and agree with the rules behind them, every reading names a ruling of
docs/pax-romana/rulings.md, and the rulebook's worked examples come out of the tables.

The game has no game.yaml yet (the kit comes later), so the files are read here with forge's
loader and validated with the schemas of content/pax-romana/schemas/ directly.
"""
import math
import re
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest

from forge.content import load_doc
from forge.schema import FORGE_OWN, game_schemas, validate_docs

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "content" / "pax-romana"
RULINGS = ROOT / "docs" / "pax-romana" / "rulings.md"
EXAMPLES = ROOT / "docs" / "pax-romana" / "examples.md"
TAG = re.compile(r"\bP(\d+)\b")
POWERS = ["rome", "carthage", "greece", "east"]


def data_files():
    """The rule data files (game.yaml, when the kit adds it, is forge's own)."""
    return sorted(p for p in FOLDER.glob("*.yaml") if p.name not in FORGE_OWN)


@pytest.fixture(scope="module")
def data():
    """Every data file by its stem, loaded with forge's loader."""
    return {path.stem: load_doc(path, FOLDER).data for path in data_files()}


# --- loading and schemas --------------------------------------------------------------------

def test_every_data_file_has_its_own_schema():
    schemas, problems = game_schemas(FOLDER)
    assert problems == []
    assert {p.name for p in data_files()} == set(schemas)


def test_data_validates_against_its_schemas():
    schemas, _ = game_schemas(FOLDER)
    docs = [load_doc(path, FOLDER) for path in data_files()]
    result = validate_docs(docs, schemas)
    assert [str(p) for p in result.problems] == []
    assert len(result.texts) > 300          # names and texts shown to players


# --- dice tables cover their range once -----------------------------------------------------

DICE_RANGE = {"1d6": (1, 6), "2d6": (2, 12), "3d6": (3, 18)}


def assert_covers(rows, dice):
    low, high = DICE_RANGE[dice]
    covered = [n for row in rows for n in range(row["low"], row["high"] + 1)]
    assert sorted(covered) == list(range(low, high + 1)), f"{dice} rows {covered}"


def dice_tables(d):
    c, m, e = d["combat"], d["movement"], d["events"]
    pergamum = next(f for f in d["units"]["forces"] if f["id"] == "pergamum")
    return {
        "elephants": (c["elephants"]["dice"], c["elephants"]["rows"]),
        "leader_death": (c["leader_death"]["dice"], c["leader_death"]["rows"]),
        "attrition": (m["attrition"]["dice"], m["attrition"]["rows"]),
        "continuity": (m["naval"]["continuity"]["dice"], m["naval"]["continuity"]["rows"]),
        "disaster_normal": (m["naval"]["disaster"]["dice"], m["naval"]["disaster"]["normal"]),
        "disaster_high_seas": (m["naval"]["disaster"]["dice"], m["naval"]["disaster"]["high_seas"]),
        "standard_events": (e["standard"]["dice"], e["standard"]["rows"]),
        "punic_wars": (e["punic_wars"]["dice"], e["punic_wars"]["rows"]),
        "baghdad": (e["baghdad_loot"]["dice"], e["baghdad_loot"]["rows"]),
        "harvest": (e["harvest"]["dice"], e["harvest"]["rows"]),
        "harvest_again": (e["harvest"]["roll_again"]["dice"], e["harvest"]["roll_again"]["rows"]),
        "rebellion": (e["rebellion"]["dice"], e["rebellion"]["rows"]),
        "invasion": (e["invasion"]["dice"], e["invasion"]["rows"]),
        "pergamum": (pergamum["activation_roll"]["dice"], pergamum["activation_roll"]["rows"]),
    }


def test_every_dice_table_covers_its_dice_once(data):
    for name, (dice, rows) in dice_tables(data).items():
        assert_covers(rows, dice), name


def test_event_tables_name_known_events(data):
    events = data["events"]
    defined = {e["id"] for e in events["events"]}
    assert {row["event"] for row in events["standard"]["rows"]} == defined
    punic = {n["id"] for n in events["punic_wars"]["names"]}
    for row in events["punic_wars"]["rows"]:
        assert row["event"] in defined | punic
    assert {r["area"] for r in events["rebellion"]["rows"]} == {a["id"] for a in events["rebellion"]["areas"]}
    assert {r["invader"] for r in events["invasion"]["rows"]} == {i["id"] for i in events["invasion"]["invaders"]}


def test_harvest_six_rolls_again_and_names_every_other_territory(data):
    harvest = data["events"]["harvest"]
    assert [r.get("roll_again", False) for r in harvest["rows"]] == [False] * 5 + [True]
    named = {r["territory"] for r in harvest["rows"][:5] + harvest["roll_again"]["rows"]}
    assert named == {"asia_minor", "greece", "east", "rome", "carthage", "hispania", "gaul"}


# --- the ratio table ------------------------------------------------------------------------

def ratio_rule(smaller, larger, ratio):
    """Shifts from 10.51 and 10.56: nearest listed ratio, .5 rounding down."""
    q = Fraction(larger, smaller)
    if q <= Fraction(ratio["zero_up_to"]).limit_denominator():
        return 0
    if q <= Fraction(ratio["one_up_to"]).limit_denominator():
        return 1
    whole = math.floor(q)
    return whole if q - whole <= Fraction(1, 2) else whole + 1


def printed_ratio(ratio, smaller, larger):
    return ratio["rows"][smaller - 1][larger - smaller]


def test_ratio_table_has_every_column_from_the_smaller_total_to_60(data):
    ratio = data["combat"]["ratio"]
    assert len(ratio["rows"]) == ratio["smaller_max"] == 30
    for smaller, row in enumerate(ratio["rows"], start=1):
        assert len(row) == ratio["larger_max"] - smaller + 1


def test_ratio_table_follows_its_rule_except_the_listed_cells(data):
    ratio = data["combat"]["ratio"]
    differs = {(c["smaller"], c["larger"]): c for c in ratio["printed_differs"]}
    for smaller in range(1, 31):
        for larger in range(smaller, 61):
            cell = printed_ratio(ratio, smaller, larger)
            rule = ratio_rule(smaller, larger, ratio)
            if (smaller, larger) in differs:
                assert (cell, rule) == (differs[smaller, larger]["printed"], differs[smaller, larger]["rule"])
            else:
                assert cell == rule, (smaller, larger)


def test_ratio_rows_never_fall_as_the_larger_total_grows(data):
    for row in data["combat"]["ratio"]["rows"]:
        assert all(a <= b for a, b in pairwise(row))


@pytest.mark.parametrize("smaller, larger, shifts", [
    (6, 12, 2), (6, 11, 2), (6, 10, 1),     # 10.51 step 2
    (10, 26, 3),                             # 10.56 design note
    (11, 21, 2),                             # 10.5 example 1
])
def test_ratio_examples_of_the_rulebook(data, smaller, larger, shifts):
    ratio = data["combat"]["ratio"]
    assert printed_ratio(ratio, smaller, larger) == ratio_rule(smaller, larger, ratio) == shifts


# --- the loss table -------------------------------------------------------------------------

def half_up(value):
    return math.floor(value + Fraction(1, 2))


def test_loss_table_is_every_percentage_of_every_total_rounded_half_up(data):
    loss = data["combat"]["loss"]
    assert len(loss["rows"]) == 10
    for roll, row in enumerate(loss["rows"], start=1):
        assert len(row) == loss["columns_max"] == 30
        for bp, value in enumerate(row, start=1):
            assert value == half_up(Fraction(bp * roll, 10)), (roll, bp)


def test_reconstructed_loss_cells_are_in_the_table(data):
    loss = data["combat"]["loss"]
    for cell in loss["reconstructed"]:
        assert loss["rows"][cell["roll"] - 1][cell["bp"] - 1] == cell["value"] != cell["ocr"]


def loss_for(loss, roll, bp):
    """The card's way past 30 BP: column 30 once per 30 BP, plus the column of the rest."""
    if roll == 0:
        return 0
    full, rest = divmod(bp, 30)
    total = full * loss["rows"][roll - 1][29]
    return total + (loss["rows"][roll - 1][rest - 1] if rest else 0)


def test_loss_above_30_bp_as_the_card_note(data):
    loss = data["combat"]["loss"]
    assert loss_for(loss, 4, 45) == 18                      # the card's own example
    for roll in range(1, 11):
        for bp in range(1, 121):
            assert loss_for(loss, roll, bp) == half_up(Fraction(bp * roll, 10))


# --- units and losses -----------------------------------------------------------------------

def test_loss_steps_match_the_battle_points_of_the_units(data):
    units = {u["id"]: u for u in data["units"]["units"]}
    for step in data["units"]["losses"]["steps"]:
        unit = units[step["unit"]]
        if step["from"] == "full" and step["to"] == "eliminated":
            assert step["absorbs"] == unit["battle_points"]
        elif step["from"] == "full":
            assert step["absorbs"] == unit["battle_points"] - unit["reduced_battle_points"]
        else:
            assert step["absorbs"] == unit["reduced_battle_points"]


def test_every_unit_that_absorbs_losses_has_a_loss_step(data):
    stepped = {s["unit"] for s in data["units"]["losses"]["steps"]}
    for unit in data["units"]["units"]:
        if unit["absorbs_battle_losses"]:
            assert unit["id"] in stepped
        reducible = "reduced_battle_points" in unit
        assert reducible == any(s["unit"] == unit["id"] and s["to"] == "reduced"
                                for s in data["units"]["losses"]["steps"])


def test_unit_chart_numbers(data):
    units = {u["id"]: u for u in data["units"]["units"]}
    assert [units[u]["battle_points"] for u in ("legion", "heavy_infantry", "light_infantry", "cavalry")] == [4, 3, 1, 1]
    assert [units[u]["build_cost"] for u in ("legion", "heavy_infantry", "light_infantry", "cavalry", "elephant", "galley_squadron")] == [2, 2, 1, 2, 1, 2]
    assert units["elephant"]["battle_points"] == units["garrison"]["battle_points"] == 0


def test_garrison_breakdown(data):
    breakdown = {(b["unit"], b["state"]): b["garrisons"] for b in data["units"]["garrisons"]["breakdown"]}
    assert breakdown == {("legion", "full"): 3, ("heavy_infantry", "full"): 3, ("light_infantry", "full"): 2,
                         ("legion", "reduced"): 1, ("heavy_infantry", "reduced"): 1}


# --- economy --------------------------------------------------------------------------------

def all_provinces(data):
    economy = data["economy"]
    return [p for owner in economy["powers"] + economy["territories"] for p in owner["provinces"]]


def test_province_incomes(data):
    income = {p["id"]: p["income"] for p in all_provinces(data)}
    assert {k for k, v in income.items() if v == 0} == {"balearic_islands", "melita", "germania_magna"}
    assert {k for k, v in income.items() if v == 2} == {"italia", "ionia", "narbonensis"}
    assert {k for k, v in income.items() if v == 3} == {"egypt"}


def test_elephant_provinces_are_those_marked_eleph(data):
    marked = {p["id"] for p in all_provinces(data) if p.get("elephants")}
    assert marked == {"africa", "egypt", "syria"}
    for power in data["economy"]["powers"]:
        for recruit in power["recruits"]:
            if recruit["unit"] == "elephant":
                assert set(recruit["only_in"]) <= marked


def test_max_manpower_table_is_complete_and_falls_with_stability(data):
    table = data["economy"]["max_manpower"]["by_band"]
    assert set(table) == {"stable", "unrest", "turmoil"}
    for power in POWERS:
        assert table["stable"][power] >= table["unrest"][power] >= table["turmoil"][power]
    assert table["stable"] == {"rome": 30, "carthage": 15, "greece": 20, "east": 18}


def test_city_and_town_values(data):
    kinds = {k["id"]: k for k in data["economy"]["cities_and_towns"]["kinds"]}
    assert kinds["town"]["full"] == {"income": 1, "cvp": 1, "walls": 2}
    assert kinds["city"]["reduced"] == {"income": 1, "cvp": 1, "walls": 4}
    victory = data["victory"]["cvp"]
    for kind in ("town", "city"):
        for state in ("full", "reduced"):
            assert victory[kind][state] == kinds[kind][state]["cvp"]


# --- stability and victory ------------------------------------------------------------------

def test_bands_cover_the_track_without_gaps(data):
    stability = data["stability"]
    covered = sorted(n for band in stability["bands"]["list"] for n in range(band["low"], band["high"] + 1))
    assert covered == list(range(stability["track"]["min"], stability["track"]["max"] + 1))


def test_stability_check_cases_fall_in_their_bands(data):
    bands = {b["id"]: b for b in data["stability"]["bands"]["list"]}
    check = data["stability"]["stability_check"]
    bread = next(c for c in check["cases"] if c["id"] == "bread_and_circuses")
    assert bands["stable"]["low"] <= bread["low"] <= bread["high"] <= bands["stable"]["high"]
    unrest = bands["unrest"]
    assert unrest["low"] <= check["civil_war_sets_level"] <= unrest["high"]


def test_objectives_add_up_to_the_markers(data):
    objectives = data["victory"]["objectives"]
    assert sum(o["copies"] for o in objectives["list"]) == objectives["markers"] == 20


def share_ranks(scores, awards):
    """VP for each power by rank, tied places sharing their VP rounded down (15.23, 15.33)."""
    ordered = sorted(scores.values(), reverse=True)
    result = {}
    for power, score in scores.items():
        places = [i for i, s in enumerate(ordered) if s == score]
        result[power] = sum(awards[i] for i in places) // len(places)
    return result


def test_gop_example_of_15_23(data):
    scores = {"greece": 8, "east": 8, "carthage": 6, "rome": 4}
    assert share_ranks(scores, data["victory"]["vp"]["gop_ranks"]) == {"greece": 5, "east": 5, "carthage": 2, "rome": 0}


def test_cvp_example_of_15_33(data):
    cvp = data["victory"]["cvp"]
    held = {"greece": (3, 3), "east": (1, 4), "rome": (2, 1), "carthage": (1, 2)}
    scores = {p: c * cvp["city"]["full"] + t * cvp["town"]["full"] for p, (c, t) in held.items()}
    assert scores == {"greece": 12, "east": 7, "rome": 7, "carthage": 5}
    assert share_ranks(scores, data["victory"]["vp"]["cvp_ranks"]) == {"greece": 5, "east": 2, "rome": 2, "carthage": 0}


# --- cards ----------------------------------------------------------------------------------

def test_deck_lists_54_copies_of_39_titles(data):
    cards = data["event_cards"]
    assert len(cards["cards"]) == 39
    assert sum(c["copies"] for c in cards["cards"]) == cards["deck"]["listed"] == 54
    assert cards["deck"]["size"] == 55


# --- other worked examples ------------------------------------------------------------------

def test_interception_examples(data):
    interception = data["combat"]["interception"]
    bonus = {m["id"]: m["value"] for m in interception["modifiers"]}
    tactical = 2
    assert 7 + tactical + bonus["from_city"] >= interception["succeeds_at"]        # example 1: 12
    assert 6 + tactical + bonus["from_city"] < interception["succeeds_at"]
    assert 8 + tactical + bonus["from_city"] == 13                                  # example 2
    assert 8 + tactical + bonus["from_town"] == 11 < interception["succeeds_at"]


def test_battle_example_1_losses(data):
    loss = data["combat"]["loss"]["rows"]
    assert loss[2 - 1][21 - 1] == 4           # Greece, 21 BP at 20 %
    assert loss[3 - 1][11 - 1] == 3           # the East, 11 BP at 30 %
    assert loss[4 - 1][9 - 1] == 4            # 10.53: 3 HI, 9 BP at 40 %


def test_legionary_cavalry_counts_full_legions_only(data):
    per_point = data["combat"]["cavalry"]["legionary"]["full_legions_per_point"]
    assert [full // per_point for full in (1, 2, 3, 4, 5)] == [0, 1, 1, 2, 2]


# --- readings and rulings -------------------------------------------------------------------

def readings(node, at=()):
    """Every (path, text) of a `reading` or `*_reading` field in the data."""
    if isinstance(node, dict):
        for key, value in node.items():
            if (key == "reading" or key.endswith("_reading")) and isinstance(value, str):
                yield at + (key,), value
            else:
                yield from readings(value, at + (key,))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from readings(item, at + (i,))


def ruling_tags():
    return set(re.findall(r"^\*\*P(\d+)\.", RULINGS.read_text(encoding="utf-8"), re.MULTILINE))


def test_every_reading_starts_with_a_ruling_tag_the_rulings_define(data):
    defined = ruling_tags()
    for stem, doc in data.items():
        for at, text in readings(doc):
            assert re.match(r"P\d+: ", text), f"{stem}:{at} {text[:40]}"
            for tag in TAG.findall(text):
                assert tag in defined, f"{stem}:{at} names P{tag}"


def test_every_ruling_is_marked_in_the_data(data):
    used = {tag for doc in data.values() for _, text in readings(doc) for tag in TAG.findall(text)}
    used |= {option["ruling"][1:] for option in data["options"]["readings"]}
    for path in (ROOT / "forge" / "engine" / "pax_romana").glob("*.py"):   # the engine's own
        used |= set(TAG.findall(path.read_text(encoding="utf-8")))
    assert ruling_tags() == used


def test_rulings_are_numbered_without_gaps():
    numbers = sorted(int(n) for n in ruling_tags())
    assert numbers == list(range(1, len(numbers) + 1))


def test_reading_options_name_rulings(data):
    defined = ruling_tags()
    for option in data["options"]["readings"]:
        assert option["ruling"][1:] in defined
        assert option["default"] in option["values"]


def test_examples_document_names_its_rules():
    text = EXAMPLES.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert len(headings) >= 18
    assert all(re.search(r"\(\d+\.\d+", h) for h in headings)


def ruling_paragraphs():
    """The text of each ruling by its number."""
    text = RULINGS.read_text(encoding="utf-8")
    parts = re.split(r"^\*\*P(\d+)\.", text, flags=re.MULTILINE)
    return {number: body for number, body in zip(parts[1::2], parts[2::2])}


def test_each_reading_option_is_named_in_its_ruling(data):
    paragraphs = ruling_paragraphs()
    for option in data["options"]["readings"]:
        assert f"`{option['id']}" in paragraphs[option["ruling"][1:]], option["id"]
