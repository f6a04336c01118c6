"""The Tetrarchia rules engine: every mechanism with forced dice, the worked examples, whole games.

Positions are written by hand (`start`), actions applied with the dice a player would enter
(`play`), so a missing or extra roll fails the test (physical dice: NeedRoll).
"""
import random
import re
import statistics
import time
from pathlib import Path

import pytest

from forge.engine.core import IllegalAction, ParseError, Session
from forge.engine.dice import Dice, NeedRoll
from forge.engine.tetrarchia import RULES, copy_state, piece_counts, score_of, tables
from forge.engine.tetrarchia.combat import army_support, emperor_support
from forge.engine.tetrarchia.position import PositionError
from forge.engine.tetrarchia.rulings import RULINGS
from forge.engine.tetrarchia.words import describe

T = tables()
FACES = dict(RULES.dice_faces)
REPO = Path(__file__).resolve().parents[2]
EMPERORS = ("diocletian", "galerius", "constantius", "maximian")


def dice(values=(), seed=None):
    return Dice(list(values), seed, [], FACES)


def start(level="4211", **position):
    """A game started from a hand-written position (no set-up rolls)."""
    options = {"level": level, "position": position}
    for key in ("edition", "variants", "players", "rulings", "fleets"):
        if key in position:
            options[key] = position.pop(key)
    return RULES.setup(options, dice()).state


def waiting(**position):
    """A position in which Diocletian, whose turn it is, waits in PHAZANIA (nothing happens
    there), so that `end_turn` plays just the barbarian phase."""
    position["figures"] = {**HOME, **position.get("figures", {})}
    return start(**position)


def play(state, action, rolls=()):
    """Apply an action to a copy with exactly these die results; returns (state, events)."""
    given = dice(rolls)
    out = RULES.apply(copy_state(state), action, given)
    assert len(given.rolls) == len(rolls), f"only {len(given.rolls)} of the rolls were used"
    return out.state, out.events


def kinds(events, kind):
    return [e for e in events if e["kind"] == kind]


def totals_of(state):
    discs = int(state["level"][0])
    return {"agitation": 21, "revolt": 21, "army": 3, **{e: discs for e in EMPEROR_IDS}}


EMPEROR_IDS = T.emperors
HOME = {"PHAZANIA": "diocletian"}     # where Diocletian waits while the barbarians play


# --- the content the engine reads ------------------------------------------------------------------

def test_tables_come_from_the_content_files():
    assert T.emperors == EMPERORS
    assert T.outer_regions == ("HISPANIA", "GALLIA", "ILLYRICVM", "GRAECIA", "ASIA_MINOR",
                               "AFRICA")
    assert T.at_coordinate[(2, 1)] == "BELGICA" and len(T.at_coordinate) == 36
    assert T.roma == "ROMA" and T.capital["maximian"] == "CISALPINA"
    assert T.kind("NARBONENSIS", "CISALPINA") == "broken"
    assert T.kind("GERMANIA_SVPERIOR", "NARBONENSIS") == "normal"
    assert T.costs["move_broken"] == 2 and T.action_points == 6
    assert "BRITANNIA" not in T.coast or T.coast["BRITANNIA"] == ()


# --- set-up ----------------------------------------------------------------------------------------

ALL_LEVELS = [f"{d}{f}{r}{a}" for d in (5, 4, 3) for f in (3, 2, 1) for r in (0, 1, 2)
              for a in (0, 1, 2)]


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_sets_up_its_threats_and_supplies(level):
    discs, fleets, extra, armies = map(int, level)
    state = RULES.setup({"level": level}, dice(seed=sum(map(ord, level)))).state
    values = list(state["discs"].values())
    assert values.count("revolt") == 6 + extra and len(values) == 6 + extra
    assert list(state["figures"].values()).count("army") == armies
    assert all(p in T.frontier for p, f in state["figures"].items())
    assert all(state["emperors"][e]["supply"] == discs for e in EMPERORS)
    assert len(state["fleets"]) == fleets
    assert piece_counts(state) == totals_of(state)
    assert state["turn"] == "diocletian" and state["phase"] == "roman" and state["pi"] == 6
    for index in range(1, 7):      # one initial Revolt per region, never on province 1
        region = T.outer_regions[index - 1]
        assert any(state["discs"].get(T.at_coordinate[(index, n)]) for n in range(2, 7)), region


def test_setup_rerolls_ones_taken_provinces_and_taken_frontiers():
    rolls = [1, 1, 2,  3,  4,  5,  6,  1, 2,     # regions I-VI (two 1s rerolled in I)
             1, 2,  2, 1,                        # extra Revolt: I 2 is taken, II 1 free
             3, 3, 4]                            # armies: III, III again (taken), IV
    out = RULES.setup({"level": "4312"}, dice(rolls))
    state = out.state
    assert state["discs"]["BAETICA"] == "revolt"                 # I 2
    assert state["discs"]["GERMANIA_SVPERIOR"] == "revolt"       # II 3
    assert state["discs"]["BELGICA"] == "revolt"                 # extra, II 1 (R17)
    assert state["figures"] == {"SARMATIA": "army", "DACIA": "army"}
    assert len(kinds(out.events, "roll")) == len(rolls)


def test_extra_revolts_may_skip_province_1_by_ruling():
    rolls = [2, 2, 2, 2, 2, 2, 2, 1, 2, 3]       # extra: II 1 refused, then II 3
    state = RULES.setup({"level": "4310", "rulings": {"extra_revolt_on_province_1": False}},
                        dice(rolls)).state
    assert "BELGICA" not in state["discs"] and state["discs"]["GERMANIA_SVPERIOR"] == "revolt"


def test_bad_levels_and_options_are_refused_clearly():
    with pytest.raises(ParseError, match="fleets must be 3, 2, 1"):
        RULES.setup({"level": "4911"}, dice())
    with pytest.raises(ParseError, match="four digits|has 4 digits"):
        RULES.setup({"level": "42"}, dice())
    with pytest.raises(ParseError, match="belongs to the earlier edition"):
        RULES.setup({"variants": ["imperivm-earlier"]}, dice(seed=1))
    with pytest.raises(ParseError, match="does not work with 3 players"):
        RULES.setup({"edition": "earlier", "players": 3, "variants": ["el-grande"]}, dice())
    with pytest.raises(ParseError, match="unknown ruling option"):
        RULES.setup({"rulings": {"nonsense": 1}}, dice(seed=1))


def test_players_and_control():
    control = RULES.setup({"players": 2}, dice(seed=1)).state["control"]
    assert control == {"diocletian": [1], "galerius": [1], "constantius": [2], "maximian": [2]}
    control = RULES.setup({"players": 3}, dice(seed=1)).state["control"]
    assert control["galerius"][0] == control["diocletian"][0] == 1     # last word: Diocletian's
    assert sorted(control["galerius"]) == [1, 2, 3]
    control = RULES.setup({"players": 3, "shared_caesar": "constantius"}, dice(seed=1))
    assert control.state["control"]["constantius"][0] == control.state["control"]["maximian"][0]


def test_fleets_are_placed_where_asked_or_where_most_coasts_are():
    state = RULES.setup({"level": "4200", "fleets": ["MARE_ATLANTICVM", "MARE_AEGAEVM"]},
                        dice(seed=1)).state
    assert state["fleets"] == ["MARE_ATLANTICVM", "MARE_AEGAEVM"]
    assert RULES.setup({"level": "4100"}, dice(seed=1)).state["fleets"] == ["MARE_INTERNVM"]


# --- positions -------------------------------------------------------------------------------------

def test_a_position_merges_over_a_fresh_state_and_counts_the_pieces():
    state = start(discs={"ETRVRIA": "maximian", "TARRACONENSIS": "revolt"},
                  figures={"NARBONENSIS": "army", "ROMA": "diocletian"}, turn="galerius")
    assert state["emperors"]["diocletian"]["at"] == "ROMA"
    assert state["emperors"]["maximian"]["supply"] == 3
    assert state["reserve"] == {"agitation": 21, "revolt": 20, "army": 2}
    assert state["turn"] == "galerius" and state["round"] == 1


def test_a_bad_position_lists_every_problem():
    with pytest.raises(PositionError) as err:
        start(discs={"BRITANNIA": "revolt", "ATLANTIS": "agitation"},
              figures={"ROMA": "army", "ETRVRIA": "caesar"},
              emperors={"galerius": {"supply": 9}}, rng=5)
    text = str(err.value)
    for part in ("a frontier never holds Revolt", "ATLANTIS: no such province",
                 "an army in ROMA", "'caesar' is not a figure", "level gives 4", "rng"):
        assert part in text, part


def test_a_won_position_is_refused():
    frontiers = {T.frontier_of[r]: "galerius" for r in T.outer_regions}
    with pytest.raises(PositionError, match="already won"):
        start(level="5211", discs=frontiers)


# --- entering the board ----------------------------------------------------------------------------

def test_an_emperor_enters_in_roma_or_his_uncovered_capital():
    state = start(turn="maximian")
    legal = RULES.legal_actions(state)
    assert [a["province"] for a in legal] == ["ROMA", "CISALPINA"]
    with pytest.raises(IllegalAction, match="must first come back"):
        play(state, {"type": "protect"})
    covered = start(turn="maximian", discs={"CISALPINA": "agitation"})
    assert [a["province"] for a in RULES.legal_actions(covered)] == ["ROMA"]
    with pytest.raises(IllegalAction, match="covered by a disc"):
        play(covered, {"type": "enter", "province": "CISALPINA"})
    state, events = play(state, {"type": "enter", "province": "CISALPINA"})
    assert state["figures"]["CISALPINA"] == "maximian" and events[0]["kind"] == "enter"


def test_roma_needs_to_be_free_only_under_the_strict_reading():
    state = start(turn="diocletian", discs={"ROMA": "galerius", "BITHYNIA": "revolt"},
                  rulings={"return_to_roma_always": False})
    assert RULES.legal_actions(state) == [{"type": "end_turn", "cost": 0}]
    state = start(turn="diocletian", discs={"ROMA": "galerius"})
    assert [a["province"] for a in RULES.legal_actions(state)] == ["ROMA", "BITHYNIA"]


def test_entering_an_occupied_roma_means_passing_through():
    state = start(figures={"ROMA": "galerius"})
    state, _ = play(state, {"type": "enter", "province": "ROMA"})
    assert state["emperors"]["diocletian"]["passing"] and state["figures"]["ROMA"] == "galerius"
    assert {a["type"] for a in RULES.legal_actions(state)} == {"move"}
    with pytest.raises(IllegalAction, match="must move on"):
        play(state, {"type": "end_turn"})
    state, _ = play(state, {"type": "move", "to": "ETRVRIA"})
    assert state["figures"] == {"ROMA": "galerius", "ETRVRIA": "diocletian"}
    assert not state["emperors"]["diocletian"]["passing"]


# --- moving ----------------------------------------------------------------------------------------

def test_move_costs_normal_broken_revolt_and_fleet():
    state = start(figures={"NARBONENSIS": "maximian"}, turn="maximian",
                  discs={"CISALPINA": "revolt"})
    costs = {(a["to"], a["by"]): a["cost"] for a in RULES.legal_actions(state)
             if a["type"] == "move"}
    assert costs[("GERMANIA_SVPERIOR", "link")] == 1
    assert costs[("CISALPINA", "link")] == 3              # broken 2 + Revolt 1
    assert costs[("CISALPINA", "fleet")] == 2             # fleet 1 + Revolt 1
    assert costs[("SICILIA", "fleet")] == 1 and ("SICILIA", "link") not in costs
    state, events = play(state, {"type": "move", "to": "CISALPINA"})   # cheapest way
    assert state["pi"] == 4 and kinds(events, "move")[0]["by"] == "fleet"


def test_a_fleet_crosses_a_strait_for_one_pi_but_britannia_is_not_coastal():
    state = start(figures={"PROCONSVLARIS": "diocletian"})
    state, _ = play(state, {"type": "move", "to": "SICILIA", "by": "fleet"})
    assert state["pi"] == 5
    state = start(level="4311", figures={"BELGICA": "constantius"}, turn="constantius",
                  fleets=["MARE_ATLANTICVM", "MARE_INTERNVM", "MARE_AEGAEVM"])
    with pytest.raises(IllegalAction, match="no fleet"):
        play(state, {"type": "move", "to": "BRITANNIA", "by": "fleet"})


def test_without_a_fleet_in_its_zone_no_crossing():
    state = start(level="4111", figures={"LVSITANIA": "diocletian"}, fleets=["MARE_INTERNVM"])
    with pytest.raises(IllegalAction, match="not linked"):
        play(state, {"type": "move", "to": "BELGICA"})
    state, events = play(state, {"type": "sail", "fleet": "MARE_INTERNVM",
                                 "to": "MARE_ATLANTICVM"})
    state, _ = play(state, {"type": "move", "to": "BELGICA"})
    assert state["figures"]["BELGICA"] == "diocletian" and state["pi"] == 4
    with pytest.raises(IllegalAction, match="not next to"):
        play(state, {"type": "sail", "fleet": "MARE_ATLANTICVM", "to": "MARE_AEGAEVM"})


def test_never_into_an_army_and_never_beyond_the_pi():
    state = start(figures={"ETRVRIA": "diocletian", "CISALPINA": "army"}, pi=1)
    with pytest.raises(IllegalAction, match="holds a barbarian army"):
        play(state, {"type": "move", "to": "CISALPINA"})
    state = start(figures={"ETRVRIA": "diocletian"}, discs={"ROMA": "revolt"}, pi=1)
    with pytest.raises(IllegalAction, match="not enough PI: moving to ROMA costs 2, 1 left"):
        play(state, {"type": "move", "to": "ROMA"})


def test_passing_through_needs_a_way_out():
    state = start(figures={"ETRVRIA": "diocletian", "ROMA": "galerius"}, pi=1)
    with pytest.raises(IllegalAction, match="could not leave it"):
        play(state, {"type": "move", "to": "ROMA"})
    state = start(figures={"ETRVRIA": "diocletian", "ROMA": "galerius"}, pi=2)
    state, _ = play(state, {"type": "move", "to": "ROMA"})
    assert state["emperors"]["diocletian"]["passing"]
    with pytest.raises(IllegalAction, match="passing through ROMA"):
        play(state, {"type": "protect"})
    assert all(a["type"] == "move" for a in RULES.legal_actions(state))


# --- protect and subdue ----------------------------------------------------------------------------

def test_protect_needs_an_empty_province_but_not_an_uncovered_capital():
    state = start(figures={"BITHYNIA": "diocletian"})
    state, events = play(state, {"type": "protect"})
    assert state["discs"]["BITHYNIA"] == "diocletian" and state["pi"] == 5
    assert events[-1]["covers"] == "diocletian"
    with pytest.raises(IllegalAction, match="already holds a disc"):
        play(state, {"type": "protect"})


def test_protecting_a_frontier_costs_two_and_needs_a_region_free_of_revolt():
    state = start(figures={"PERSIS": "diocletian"}, discs={"GALATIA": "revolt"})
    with pytest.raises(IllegalAction, match="region ASIA MINOR still has Revolt discs "
                                            r"\(GALATIA\)"):
        play(state, {"type": "protect"})
    state = start(figures={"PERSIS": "diocletian"}, discs={"GALATIA": "agitation"})
    state, _ = play(state, {"type": "protect"})
    assert state["discs"]["PERSIS"] == "diocletian" and state["pi"] == 4


def test_the_sixth_frontier_wins_at_once():
    frontiers = {T.frontier_of[r]: "galerius" for r in T.outer_regions[:5]}
    state = start(level="5211", discs=frontiers, figures={"PHAZANIA": "diocletian"})
    state, events = play(state, {"type": "protect"})
    assert state["phase"] == "over" and state["outcome"]["result"] == "victory"
    assert state["outcome"]["score"]["total"] == 10
    assert events[-1]["kind"] == "end" and RULES.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        play(state, {"type": "end_turn"})


def test_subdue_three_ways():
    state = start(figures={"GALATIA": "diocletian"}, discs={"GALATIA": "revolt"})
    options = {a["what"]: a["cost"] for a in RULES.legal_actions(state) if a["type"] == "subdue"}
    assert options == {"revolt": 2, "revolt_to_agitation": 1}
    turned, _ = play(state, {"type": "subdue", "what": "revolt_to_agitation"})
    assert turned["discs"]["GALATIA"] == "agitation" and turned["reserve"]["revolt"] == 21
    removed, _ = play(turned, {"type": "subdue", "what": "agitation"})
    assert "GALATIA" not in removed["discs"] and removed["pi"] == 4
    with pytest.raises(ParseError):
        play(state, {"type": "subdue"})
    with pytest.raises(IllegalAction, match="holds no Agitation disc"):
        play(state, {"type": "subdue", "what": "agitation"})


# --- the worked attack examples --------------------------------------------------------------------

HISPANIA_CHAIN = {p: "revolt" for p in ("NARBONENSIS", "TARRACONENSIS", "GALLAECIA", "LVSITANIA",
                                        "BAETICA", "TINGITANA", "CARTHAGINIENSIS")}


def narbonensis(maximian="GERMANIA_SVPERIOR", constantius="AQVITANIA", **changes):
    """The rulebook's detailed example: an army in NARBONENSIS backed by 7 Revolt discs."""
    figures = {"NARBONENSIS": "army", maximian: "maximian", constantius: "constantius"}
    discs = {**HISPANIA_CHAIN, "ETRVRIA": "maximian", "LVGDVNENSIS": "constantius",
             "BELGICA": "agitation"}
    figures.update(changes.pop("figures", {}))
    discs.update(changes.pop("discs", {}))
    return start(figures=figures, discs=discs, turn=changes.pop("turn", "maximian"), **changes)


def attack_of(state, target="NARBONENSIS"):
    return next(a for a in RULES.legal_actions(state)
                if a["type"] == "attack" and a["target"] == target)


def test_narbonensis_maximian_attacks_vi_plus_3_times_2_against_6_plus_7():
    state = narbonensis()
    assert attack_of(state)["cost"] == 2                       # normal link 1 + Revolt 1
    after, events = play(state, {"type": "attack", "target": "NARBONENSIS"}, [4, 5])
    fight = kinds(events, "combat")[0]
    assert fight["roman"] == {"die": 4, "support": 3, "boost": 0, "multiplier": 2,
                              "helpers": ["constantius"], "value": 14}
    assert fight["barbarian"] == {"die": 5, "support": 7, "multiplier": 1, "helpers": [],
                                  "value": 12}
    assert fight["winner"] == "emperor"
    assert after["figures"]["NARBONENSIS"] == "maximian" and "NARBONENSIS" not in after["discs"]
    assert after["reserve"]["army"] == 3 and after["pi"] == 4


def test_narbonensis_from_cisalpina_same_support_but_three_pi_across_the_alps():
    state = narbonensis(maximian="CISALPINA")
    assert attack_of(state)["cost"] == 3
    assert emperor_support(state, T, "maximian", "CISALPINA") == 3


def test_narbonensis_constantius_attacks_vi_plus_1_times_2():
    state = narbonensis(turn="constantius")
    _, events = play(state, {"type": "attack", "target": "NARBONENSIS"}, [6, 6])
    fight = kinds(events, "combat")[0]
    assert (fight["roman"]["support"], fight["roman"]["multiplier"]) == (1, 2)
    assert fight["roman"]["helpers"] == ["maximian"]
    assert (fight["roman"]["value"], fight["barbarian"]["value"]) == (14, 13)


def test_narbonensis_subduing_tarraconensis_leaves_the_army_6_plus_1():
    state = narbonensis(turn="constantius", constantius="TARRACONENSIS")
    assert army_support(state, T, "NARBONENSIS") == 7
    state, _ = play(state, {"type": "subdue", "what": "revolt"})
    assert army_support(state, T, "NARBONENSIS") == 1


def test_narbonensis_more_emperors_make_times_4_and_times_8():
    state = narbonensis(figures={"LVGDVNENSIS": "diocletian"})
    _, events = play(state, {"type": "attack", "target": "NARBONENSIS"}, [1, 1])
    assert kinds(events, "combat")[0]["roman"]["multiplier"] == 4
    state = narbonensis(figures={"LVGDVNENSIS": "diocletian", "CISALPINA": "galerius"})
    _, events = play(state, {"type": "attack", "target": "NARBONENSIS"}, [1, 1])
    assert kinds(events, "combat")[0]["roman"]["multiplier"] == 8


def test_pannonia_svperior_only_one_chain_counts():
    state = start(figures={"PANNONIA_SVPERIOR": "maximian", "RHAETIA": "army"},
                  discs={"ETRVRIA": "maximian", "DALMATIA": "maximian", "RHAETIA": "revolt"},
                  turn="maximian")
    assert emperor_support(state, T, "maximian", "PANNONIA_SVPERIOR") == 3   # not 4


def test_narbonensis_waiting_in_the_armys_path_gives_the_same_numbers_or_a_block():
    state = narbonensis(maximian="CISALPINA")
    # State of the Empire rolls II 4 (LVGDVNENSIS, protected); the Alps: 1-3 blocks
    blocked, events = play(state, {"type": "end_turn"}, [2, 4, 3])
    assert kinds(events, "block")[0]["reason"] == "broken_link"
    assert blocked["figures"]["NARBONENSIS"] == "army"
    after, events = play(state, {"type": "end_turn"}, [2, 4, 4, 5, 6])
    fight = kinds(events, "combat")[0]
    assert fight["attacker"] == "army"
    assert (fight["roman"]["value"], fight["barbarian"]["value"]) == ((5 + 3) * 2, 6 + 7)
    assert "NARBONENSIS" not in after["figures"] and "NARBONENSIS" not in after["discs"]
    assert after["turn"] == "diocletian" and after["round"] == 2


def four_provinces(**figures):
    """The rulebook's four-province example, on this board: Diocletian +1 from BITHYNIA."""
    return start(figures={"THRACIA": "diocletian", "MACEDONIA": "army", **figures},
                 discs={"MACEDONIA": "revolt", "EPIRVS": "revolt", "ACHAIA": "revolt"})


def test_four_provinces_defeat_4_to_5():
    state = four_provinces()
    after, events = play(state, {"type": "attack", "target": "MACEDONIA"}, [3, 2])
    fight = kinds(events, "combat")[0]
    assert (fight["roman"]["value"], fight["barbarian"]["value"]) == (4, 5)
    assert fight["winner"] == "army"
    assert after["emperors"]["diocletian"]["at"] is None and after["phase"] == "barbarian"
    assert RULES.legal_actions(after) == [{"type": "end_turn", "cost": 0}]
    with pytest.raises(IllegalAction, match="ended with the lost attack"):
        play(after, {"type": "sail", "fleet": "MARE_INTERNVM", "to": "MARE_AEGAEVM"})


def test_four_provinces_with_maximian_connected_victory_8_to_5():
    state = four_provinces(EPIRVS="maximian")
    after, events = play(state, {"type": "attack", "target": "MACEDONIA"}, [3, 2])
    fight = kinds(events, "combat")[0]
    assert (fight["roman"]["value"], fight["barbarian"]["value"]) == (8, 5)
    assert after["figures"]["MACEDONIA"] == "diocletian"


def test_a_lost_attack_takes_the_emperor_disc_of_his_province_and_a_tie_changes_nothing():
    state = four_provinces()
    state["discs"]["THRACIA"] = "diocletian"
    state["emperors"]["diocletian"]["supply"] -= 1
    after, _ = play(state, {"type": "attack", "target": "MACEDONIA"}, [1, 6])
    assert "THRACIA" not in after["discs"] and after["emperors"]["diocletian"]["supply"] == 4
    tie, events = play(state, {"type": "attack", "target": "MACEDONIA"}, [4, 3])
    assert kinds(events, "combat")[0]["winner"] == "tie" and tie["pi"] == 4
    assert tie["figures"]["MACEDONIA"] == "army"


def test_the_barbarian_multiplier_counts_other_armies_next_to_the_emperor():
    state = four_provinces(MOESIA_INFERIOR="army")
    _, events = play(state, {"type": "attack", "target": "MACEDONIA"}, [6, 1])
    fight = kinds(events, "combat")[0]
    assert fight["barbarian"]["multiplier"] == 2 and fight["barbarian"]["helpers"] == [
        "MOESIA_INFERIOR"]


def test_fleets_never_let_an_emperor_attack():
    state = start(figures={"ROMA": "diocletian", "SICILIA": "army"})
    with pytest.raises(IllegalAction, match="not linked"):
        play(state, {"type": "attack", "target": "SICILIA"})


def test_an_army_on_its_frontier_costs_the_link_only():
    state = start(figures={"BELGICA": "constantius", "BRITANNIA": "army"}, turn="constantius")
    assert attack_of(state, "BRITANNIA")["cost"] == 2                  # the Channel, no Revolt


# --- the barbarian phase ---------------------------------------------------------------------------

def test_propagation_is_transitive_and_rolls_broken_links():
    state = waiting(discs={"PROCONSVLARIS": "revolt", "SICILIA": "agitation",
                           "CAMPANIA": "agitation", "BYZACENA": "agitation",
                           "TRIPOLITANIA": "agitation"})
    # PROCONSVLARIS-SICILIA (strait) 4: linked; SICILIA-CAMPANIA (strait) 2: cut; then I 1
    after, events = play(state, {"type": "end_turn"}, [4, 2, 1, 2])
    assert after["discs"]["SICILIA"] == "revolt" and after["discs"]["CAMPANIA"] == "agitation"
    assert after["discs"]["BYZACENA"] == after["discs"]["TRIPOLITANIA"] == "revolt"
    assert [e["connected"] for e in kinds(events, "link")] == [True, False]


CACHE_POSITION = {"NARBONENSIS": "revolt", "NORICVM": "revolt", "CISALPINA": "agitation",
                  "RHAETIA": "agitation"}


def test_a_broken_link_keeps_its_roll_for_the_whole_propagation():
    state = waiting(discs=dict(CACHE_POSITION))
    # wave 1: CISALPINA-NARBONENSIS 2 (cut), RHAETIA turns; wave 2: CISALPINA-RHAETIA 5
    after, _ = play(state, {"type": "end_turn"}, [2, 5, 1, 2])
    assert after["discs"]["CISALPINA"] == "revolt"


def test_every_check_reading_rolls_a_broken_link_again():
    state = waiting(discs=dict(CACHE_POSITION), rulings={"broken_link_rolls": "every_check"})
    after, events = play(state, {"type": "end_turn"}, [2, 3, 1, 1, 2])
    assert after["discs"]["CISALPINA"] == "agitation"
    assert len(kinds(events, "link")) == 3


def test_emperors_on_revolt_leave_the_board_even_when_off_their_turn():
    state = waiting(figures={"GALATIA": "galerius"}, discs={"GALATIA": "revolt"})
    after, events = play(state, {"type": "end_turn"}, [1, 2])
    assert after["emperors"]["galerius"]["at"] is None
    assert kinds(events, "withdraw")[0]["rule"] == "remove_emperors"


@pytest.mark.parametrize("holds,expected", [(None, "agitation"), ("agitation", "revolt"),
                                            ("galerius", "galerius")])
def test_the_result_table(holds, expected):
    state = waiting(discs={"ASIA": holds} if holds else {})
    after, _ = play(state, {"type": "end_turn"}, [5, 2])          # V 2 = ASIA
    assert after["discs"].get("ASIA") == expected


def test_an_uncovered_capital_is_protected_from_the_result():
    after, events = play(waiting(), {"type": "end_turn"}, [2, 1])   # II 1 = BELGICA
    assert "BELGICA" not in after["discs"] and kinds(events, "result")[0]["holds"] == "emperor"


def test_an_uprising_spreads_to_direct_roman_neighbours_only():
    state = start(discs={"TINGITANA": "revolt", "BAETICA": "maximian", "GAETVLIA": "galerius"},
                  figures={"BAETICA": "diocletian", "PERSIS": "army", "DACIA": "army",
                           "SARMATIA": "army"})
    # I 1 = TINGITANA: uprising; TINGITANA-BAETICA (strait) 5: linked; no army left: no
    # aftermath; then DACIA-MOESIA INFERIOR (the Danube) 1: cut; the other two advance
    after, events = play(state, {"type": "end_turn"}, [1, 1, 5, 1])
    assert after["discs"]["BAETICA"] == "revolt" and after["discs"]["GAETVLIA"] == "galerius"
    assert after["emperors"]["maximian"]["supply"] == 4                # its disc came back
    assert after["emperors"]["diocletian"]["at"] == "BAETICA"          # he stays (FAQ)
    assert kinds(events, "aftermath")[0]["armies_left"] == 0


def test_an_uprising_covers_capitals_and_skips_cut_links():
    state = waiting(discs={"PONTVS": "revolt", "GALATIA": "agitation"})
    # V 5 = PONTVS; neighbours BITHYNIA (capital) and CAPPADOCIA; then aftermath VI: I, empty
    after, events = play(state, {"type": "end_turn"}, [5, 5, 1])
    assert after["discs"]["BITHYNIA"] == "revolt" and after["discs"]["CAPPADOCIA"] == "revolt"
    assert [e["covers"] for e in kinds(events, "place") if e.get("covers")] == ["diocletian"]
    assert after["figures"]["TINGITANA"] == "army"         # the new army advances at once
    state = waiting(discs={"PROCONSVLARIS": "revolt"})
    after, _ = play(state, {"type": "end_turn"}, [6, 6, 2, 1])   # SICILIA cut; VI I: army
    assert "SICILIA" not in after["discs"]
    assert after["discs"]["BYZACENA"] == after["discs"]["NVMIDIA"] == "revolt"


def test_an_aftermath_on_a_taken_frontier_chains_to_a_new_result():
    state = waiting(discs={"ASIA": "revolt", "GAETVLIA": "galerius", "CILICIA": "revolt",
                           "GALATIA": "revolt"})
    # V 2 ASIA: uprising (neighbours already Revolt); aftermath I: GAETVLIA taken -> 6: I 5
    after, events = play(state, {"type": "end_turn"}, [5, 2, 1, 5])
    assert after["discs"]["CARTHAGINIENSIS"] == "agitation"
    assert [e["purpose"] for e in kinds(events, "roll")][-2:] == ["aftermath_region",
                                                                  "aftermath_province"]


def test_armies_advance_closest_first_blocked_by_armies_and_devastate():
    state = waiting(figures={"CISALPINA": "army", "NARBONENSIS": "army", "AQVITANIA": "army"},
                  discs={"ETRVRIA": "maximian", "CISALPINA": "revolt", "NARBONENSIS": "revolt",
                         "AQVITANIA": "revolt"})
    # BAETICA gets Agitation; CISALPINA's army moves first, so NARBONENSIS's may follow but
    # the Alps cut (2); AQVITANIA's army is blocked by it
    after, events = play(state, {"type": "end_turn"}, [1, 2, 2])
    moves = [(e["from"], e["to"]) for e in kinds(events, "move")]
    assert moves == [("CISALPINA", "ETRVRIA")]
    assert [e["reason"] for e in kinds(events, "block")] == ["broken_link", "army"]
    assert after["discs"]["ETRVRIA"] == "revolt" and after["emperors"]["maximian"]["supply"] == 4


def test_the_advance_order_breaks_ties_by_lower_region():
    state = waiting(figures={"BITHYNIA": "army", "MOESIA_INFERIOR": "army"},
                    discs={"BITHYNIA": "revolt", "MOESIA_INFERIOR": "revolt"})
    # both 5 steps from ROMA and both heading into THRACIA: GRAECIA (IV) moves first
    after, events = play(state, {"type": "end_turn"}, [1, 2])
    assert [e["from"] for e in kinds(events, "move")] == ["MOESIA_INFERIOR"]
    assert kinds(events, "block")[0] == {"kind": "block", "army": "BITHYNIA", "to": "THRACIA",
                                         "reason": "army", "rule": "advance"}


def test_an_army_entering_roma_loses_the_game():
    state = waiting(figures={"ETRVRIA": "army"}, discs={"ETRVRIA": "revolt"})
    after, events = play(state, {"type": "end_turn"}, [1, 2])
    assert after["outcome"]["result"] == "defeat" and after["outcome"]["reason"] == "roma_taken"
    assert events[-1]["kind"] == "end"


def test_an_army_that_beats_an_emperor_moves_in_and_devastates():
    state = waiting(figures={"ETRVRIA": "army", "ROMA": "galerius"},
                    discs={"ETRVRIA": "revolt", "ROMA": "galerius"})
    after, events = play(state, {"type": "end_turn"}, [1, 2, 1, 6])
    assert kinds(events, "combat")[0]["winner"] == "army"
    assert after["outcome"]["reason"] == "roma_taken"
    state = waiting(figures={"CISALPINA": "army", "ETRVRIA": "galerius"},
                    discs={"CISALPINA": "revolt", "ETRVRIA": "galerius"})
    after, _ = play(state, {"type": "end_turn"}, [1, 2, 1, 6])
    assert after["figures"]["ETRVRIA"] == "army" and "CISALPINA" not in after["figures"]
    assert after["discs"]["ETRVRIA"] == "revolt"
    assert after["emperors"]["galerius"]["at"] is None
    assert after["emperors"]["galerius"]["supply"] == 4


def test_an_empty_reserve_loses_the_game():
    crowded = [p for p in T.provinces if p in T.roman and p != "ASIA"][:21]
    state = waiting(reserve={"agitation": 0, "revolt": 21, "army": 3},
                    discs={p: "agitation" for p in crowded})
    after, events = play(state, {"type": "end_turn"}, [5, 2])
    assert after["outcome"]["reason"] == "reserve_empty"
    assert after["outcome"]["piece"] == "agitation"


def test_the_barbarian_phase_is_played_for_an_emperor_off_the_board():
    state = start(turn="maximian", discs={"CISALPINA": "revolt"}, pi=6)
    assert RULES.legal_actions(state) == [{"type": "enter", "province": "ROMA", "cost": 0}]
    state = start(turn="maximian", discs={"CISALPINA": "revolt", "ROMA": "revolt"},
                  rulings={"return_to_roma_always": False})
    after, events = play(state, {"type": "end_turn"}, [1, 2])
    assert after["turn"] == "diocletian" and after["round"] == 2
    assert kinds(events, "phase")[0]["phase"] == "barbarian"


# --- the score -------------------------------------------------------------------------------------

def test_the_ten_point_score():
    state = start(level="5211", discs={"GAETVLIA": "galerius", "BRITANNIA": "maximian",
                                       "GALATIA": "revolt", "ASIA": "revolt",
                                       "PONTVS": "agitation", "ETRVRIA": "agitation"},
                  figures={"DACIA": "army"})
    score = score_of(state)
    points = {i["id"]: i["points"] for i in score["items"]}
    assert points == {"frontier_protected": 2, "italia_free": 4, "frontier_open": -4,
                      "army_on_board": -1, "rebellion": 0}
    state["discs"]["CAPPADOCIA"] = "revolt"                    # 3 Revolt + 1 Agitation = 7 PI
    assert score_of(state)["rebellions"] == ["ASIA_MINOR"]


def test_italia_can_be_in_rebellion_unless_ruled_out():
    italia = {p: "revolt" for p in T.region_provinces["ITALIA"][:4]}
    assert score_of(start(discs=italia))["rebellions"] == ["ITALIA"]
    state = start(discs=italia, rulings={"italia_can_rebel": False})
    assert score_of(state)["rebellions"] == []


# --- variants --------------------------------------------------------------------------------------

def test_maximian_spends_seven_pi_for_a_disc():
    state = start(figures={"ROMA": "maximian"}, turn="maximian", variants=["imperivm"])
    power = [a for a in RULES.legal_actions(state) if a["type"] == "imperium"]
    assert power == [{"type": "imperium", "power": "more_pi", "cost": 0, "discs": 1, "gain": 1}]
    state, _ = play(state, power[0])
    assert state["pi"] == 7 and state["emperors"]["maximian"]["out"] == 1
    assert piece_counts(state)["maximian"] == 4
    with pytest.raises(IllegalAction, match="already used"):
        play(state, power[0])


def test_diocletian_moves_other_emperors_for_one_disc_a_turn():
    state = start(figures={"ROMA": "diocletian", "ETRVRIA": "galerius"}, variants=["imperivm"])
    state, events = play(state, {"type": "move", "emperor": "galerius", "to": "CISALPINA"})
    assert state["figures"]["CISALPINA"] == "galerius" and state["pi"] == 5
    assert state["emperors"]["diocletian"]["out"] == 1 and kinds(events, "out")
    state, events = play(state, {"type": "move", "emperor": "galerius", "to": "ETRVRIA"})
    assert state["emperors"]["diocletian"]["out"] == 1 and not kinds(events, "out")
    with pytest.raises(IllegalAction, match="only Diocletian"):
        play(start(figures={"ROMA": "diocletian", "ETRVRIA": "galerius"}),
             {"type": "move", "emperor": "galerius", "to": "CISALPINA"})


def test_diocletian_per_move_reading():
    state = start(figures={"ROMA": "diocletian", "ETRVRIA": "galerius"}, variants=["imperivm"],
                  rulings={"imperivm_diocletian_disc": "per_move"})
    state, _ = play(state, {"type": "move", "emperor": "galerius", "to": "CISALPINA"})
    state, _ = play(state, {"type": "move", "emperor": "galerius", "to": "ETRVRIA"})
    assert state["emperors"]["diocletian"]["out"] == 2


def test_galerius_adds_plus_ones_after_the_roll():
    state = start(figures={"MOESIA_SVPERIOR": "galerius", "THRACIA": "army"},
                  discs={"THRACIA": "revolt"}, turn="galerius", variants=["imperivm"])
    waiting, events = play(state, {"type": "attack", "target": "THRACIA"}, [2, 3])
    # II + 1 (his capital SIRMIVM) = 3 against 3 + 1 = 4: one +1 ties, two win
    assert waiting["pending"]["kind"] == "boost" and waiting["pending"]["most"] == 2
    assert [a["times"] for a in RULES.legal_actions(waiting)] == [0, 1, 2]
    with pytest.raises(IllegalAction, match="must first decide"):
        play(waiting, {"type": "end_turn"})
    after, events = play(waiting, {"type": "boost", "times": 2})
    fight = kinds(events, "combat")[0]
    assert fight["roman"]["boost"] == 2 and fight["roman"]["value"] == 5
    assert fight["winner"] == "emperor"
    assert after["emperors"]["galerius"]["out"] == 2 and after["pending"] is None


def test_galerius_is_not_asked_when_a_boost_changes_nothing():
    state = start(figures={"MOESIA_SVPERIOR": "galerius", "THRACIA": "army"},
                  discs={"THRACIA": "revolt"}, turn="galerius", variants=["imperivm"])
    after, _ = play(state, {"type": "attack", "target": "THRACIA"}, [6, 1])
    assert after["pending"] is None and after["figures"]["THRACIA"] == "galerius"


def test_constantius_blocks_an_army_about_to_attack_him():
    state = start(figures={"BRITANNIA": "army", "BELGICA": "constantius",
                           "ROMA": "maximian"}, variants=["imperivm"], turn="maximian")
    waiting, _ = play(state, {"type": "end_turn"}, [1, 2, 5])      # the Channel holds
    assert waiting["pending"]["kind"] == "block"
    blocked, events = play(waiting, {"type": "block", "use": True})
    assert kinds(events, "block")[0]["reason"] == "imperivm"
    assert blocked["figures"]["BRITANNIA"] == "army" and blocked["turn"] == "diocletian"
    assert blocked["emperors"]["constantius"]["out"] == 1
    fought, events = play(waiting, {"type": "block", "use": False}, [6, 1])
    assert kinds(events, "combat")[0]["winner"] == "emperor"
    assert "BRITANNIA" not in fought["figures"]


def test_earlier_imperivm_extra_pi_and_a_disc_back_in_a_later_turn():
    state = start(figures={"THRACIA": "diocletian", "MACEDONIA": "army"},
                  discs={"MACEDONIA": "revolt"}, edition="earlier",
                  variants=["imperivm-earlier"])
    state, _ = play(state, {"type": "imperium", "power": "extra_pi"})
    assert state["pi"] == 7 and state["emperors"]["diocletian"]["out"] == 1
    same_turn, events = play(state, {"type": "attack", "target": "MACEDONIA"}, [6, 1])
    assert not kinds(events, "recover")                           # not in the same turn
    later = start(figures={"THRACIA": "diocletian", "MACEDONIA": "army"},
                  discs={"MACEDONIA": "revolt"}, edition="earlier",
                  variants=["imperivm-earlier"],
                  emperors={"diocletian": {"out": 1}})
    after, events = play(later, {"type": "attack", "target": "MACEDONIA"}, [6, 1])
    assert kinds(events, "recover") and after["emperors"]["diocletian"]["supply"] == 4


def test_imperivm_discs_from_the_board_by_ruling_never_from_a_frontier():
    position = dict(level="3211", figures={"ROMA": "maximian"}, turn="maximian",
                    discs={"ETRVRIA": "maximian", "GAETVLIA": "maximian",
                           "BRITANNIA": "maximian"}, variants=["imperivm"])
    with pytest.raises(IllegalAction, match="only 0 can be taken out"):
        play(start(**position), {"type": "imperium", "power": "more_pi"})
    position["rulings"] = {"imperivm_disc_source": "supply_then_board"}
    state, events = play(start(**position), {"type": "imperium", "power": "more_pi"})
    assert "ETRVRIA" not in state["discs"] and kinds(events, "out")[0]["source"] == "ETRVRIA"
    assert state["discs"]["GAETVLIA"] == state["discs"]["BRITANNIA"] == "maximian"
    assert piece_counts(state)["maximian"] == 3
    only_frontiers = start(**{**position, "discs": {"GAETVLIA": "maximian",
                                                    "BRITANNIA": "maximian"},
                              "emperors": {"maximian": {"supply": 0, "out": 1}}})
    assert not [a for a in RULES.legal_actions(only_frontiers) if a["type"] == "imperium"]


def test_mare_nostrvm_joins_neighbouring_zones_with_fleets():
    position = dict(level="4211", figures={"LVSITANIA": "diocletian"},
                    fleets=["MARE_ATLANTICVM", "MARE_INTERNVM"])
    with pytest.raises(IllegalAction):
        play(start(**position), {"type": "move", "to": "SICILIA", "by": "fleet"})
    after, _ = play(start(**position, variants=["mare-nostrvm"]),
                    {"type": "move", "to": "SICILIA", "by": "fleet"})
    assert after["figures"]["SICILIA"] == "diocletian"


def test_diarchia_counts_the_partners_discs_for_support():
    position = dict(figures={"PANNONIA_SVPERIOR": "maximian"},
                    discs={"DALMATIA": "constantius", "MOESIA_SVPERIOR": "constantius",
                           "ETRVRIA": "agitation", "ROMA": "agitation"})
    assert emperor_support(start(**position), T, "maximian", "PANNONIA_SVPERIOR") == 1
    state = start(**position, variants=["diarchia"])
    assert emperor_support(state, T, "maximian", "PANNONIA_SVPERIOR") == 2


def test_patres_patriae_moves_one_pi_between_augustus_and_caesar():
    state = start(figures={"ROMA": "diocletian"}, variants=["patres-patriae"])
    transfer = [a for a in RULES.legal_actions(state) if a["type"] == "transfer"]
    assert transfer == [{"type": "transfer", "from": "galerius", "to": "diocletian", "cost": 0,
                         "gain": 1}]
    state, _ = play(state, transfer[0])
    assert state["pi"] == 7 and not [a for a in RULES.legal_actions(state)
                                     if a["type"] == "transfer"]
    state, events = play(state, {"type": "end_turn"}, [1, 2])
    assert state["turn"] == "galerius" and state["pi"] == 5
    state = start(figures={"ROMA": "constantius"}, turn="constantius",
                  variants=["patres-patriae"])
    state, _ = play(state, {"type": "transfer"})
    assert state["pi"] == 5
    state, _ = play(state, {"type": "end_turn"}, [1, 2])
    assert state["turn"] == "maximian" and state["pi"] == 7


def test_el_grande_glory_and_the_rivalry_after_a_victory():
    frontiers = {"GAETVLIA": "galerius", "BRITANNIA": "galerius", "SARMATIA": "galerius",
                 "DACIA": "diocletian", "PERSIS": "constantius"}
    state = start(level="5211", discs=frontiers, figures={"PHAZANIA": "maximian"},
                  turn="maximian", variants=["el-grande"], players=4)
    after, _ = play(state, {"type": "protect"})
    rivalry = after["outcome"]["el_grande"]
    assert rivalry["points"] == {"diocletian": 1, "galerius": 3, "constantius": 1,
                                 "maximian": 1}
    assert rivalry["el_grande"] == "galerius" and rivalry["winners"] == [2]
    solo = start(level="5211", discs=frontiers, figures={"PHAZANIA": "maximian"},
                 turn="maximian", variants=["el-grande"], players=1)
    after, _ = play(solo, {"type": "protect"})
    assert after["outcome"]["el_grande"]["bitter"] is True
    assert after["outcome"]["result"] == "victory"


def test_el_grande_emperor_of_the_east():
    frontiers = {"GAETVLIA": "galerius", "BRITANNIA": "galerius", "SARMATIA": "maximian",
                 "DACIA": "maximian", "PERSIS": "constantius"}
    state = start(level="5211", discs=frontiers, figures={"PHAZANIA": "constantius"},
                  turn="constantius", variants=["el-grande"], players=4)
    after, _ = play(state, {"type": "protect"})
    rivalry = after["outcome"]["el_grande"]
    assert rivalry["el_grande"] is None and rivalry["rulers"] == {"galerius": "east"}


def test_el_grande_glory_comes_and_goes_with_battles():
    state = four_provinces()
    state["variants"] = ["el-grande"]
    won, events = play(state, {"type": "attack", "target": "MACEDONIA"}, [6, 1])
    assert won["emperors"]["diocletian"]["glory"] == 1 and won["reserve"]["agitation"] == 20
    assert piece_counts(won) == totals_of(won)
    state["emperors"]["diocletian"]["glory"] = 1
    state["reserve"]["agitation"] = 20
    lost, _ = play(state, {"type": "attack", "target": "MACEDONIA"}, [1, 6])
    assert lost["emperors"]["diocletian"]["glory"] == 0


# --- whole games, saves, undo ----------------------------------------------------------------------

def random_session(seed, options, limit=4000):
    session = Session(RULES, options, seed=seed)
    chooser = random.Random(seed)
    while session.state["phase"] != "over" and len(session.entries) < limit:
        legal = session.legal_actions()
        busy = [a for a in legal if a["type"] != "end_turn"]
        action = chooser.choice(busy if busy and chooser.random() < 0.85 else legal)
        session.act(action)
        assert piece_counts(session.states[-1]) == totals_of(session.states[-1])
    return session


GAME_OPTIONS = [
    {"level": "4211", "players": 4},
    {"level": "5300", "players": 1, "variants": ["imperivm", "mare-nostrvm", "diarchia",
                                                 "patres-patriae", "el-grande"]},
    {"level": "3122", "players": 2, "edition": "earlier",
     "variants": ["imperivm-earlier", "el-grande"]},
]


@pytest.mark.parametrize("options", GAME_OPTIONS)
def test_a_random_game_plays_to_the_end_and_replays_exactly(options):
    session = random_session(11, options)
    assert session.state["phase"] == "over" and session.state["outcome"]["result"]
    copy = Session.from_json(RULES, session.to_json())
    assert copy.state == session.state
    assert [e["events"] for e in copy.entries] == [e["events"] for e in session.entries]
    initial = Session(RULES, options, seed=11).state
    session.goto(0)
    assert session.state == initial


def test_every_listed_action_applies():
    chooser = random.Random(5)
    options = {"level": "5311", "variants": ["imperivm", "patres-patriae", "el-grande"]}
    state = RULES.setup(options, dice(seed=5)).state
    for _ in range(300):
        if state["phase"] == "over":
            state = RULES.setup(options, dice(seed=chooser.getrandbits(32))).state
        legal = RULES.legal_actions(state)
        for action in legal:
            out = RULES.apply(copy_state(state), action, dice(seed=state["rng"]))
            spent = sum(e["pi"] for e in out.events if e["kind"] == "spend"
                        and e["emperor"] == state["turn"] and action["type"] != "end_turn")
            if action["type"] not in ("end_turn", "transfer", "boost", "block"):
                assert spent == action["cost"], action
        state = RULES.apply(copy_state(state), chooser.choice(legal),
                            dice(seed=state["rng"])).state


def test_physical_dice_ask_for_each_roll_in_turn():
    session = Session(RULES, {"level": "4200"}, seed=None, dice_values=[2, 2, 2, 2, 2, 2])
    session.act({"type": "enter", "province": "ROMA"})
    with pytest.raises(NeedRoll, match="the VI die, for State of the Empire: region"):
        session.act({"type": "end_turn"})
    with pytest.raises(NeedRoll, match="the 6 die"):
        session.act({"type": "end_turn"}, [3])
    session.act({"type": "end_turn"}, [3, 5])
    assert session.state["turn"] == "galerius" and session.state["rng"] is None


def test_undo_to_the_start_gives_the_initial_state():
    session = random_session(3, {"level": "4211"}, limit=40)
    first = Session(RULES, {"level": "4211"}, seed=3).state
    session.undo(len(session.entries) - 1)
    assert session.state == first


# --- actions in a player's words -------------------------------------------------------------------

def test_malformed_actions_are_parse_errors():
    state = start(figures={"ROMA": "diocletian"})
    for action in ({"type": "fly"}, {"type": "move"}, {"type": "move", "to": "ROMA", "by": "air"},
                   {"type": "attack", "tagret": "X"}, "end_turn"):
        with pytest.raises(ParseError):
            play(state, action)


def test_no_decision_means_no_boost():
    with pytest.raises(IllegalAction, match="no decision"):
        play(start(figures={"ROMA": "diocletian"}), {"type": "boost", "times": 1})


class English:
    lang = "en"

    def _(self, message):
        return message


class Spanish:
    lang = "es"

    def __init__(self):
        from forge import i18n
        self.catalog = i18n.program_messages("es")

    def _(self, message):
        found = self.catalog.get(message)
        assert found, f"no Spanish for {message!r}"
        return found


def test_every_event_of_whole_games_has_words_in_english_and_spanish():
    english, spanish = English(), Spanish()
    seen = set()
    for seed, options in enumerate(GAME_OPTIONS * 2):
        session = random_session(seed + 20, options)
        for entry in session.entries:
            for event in entry["events"]:
                text = describe(event, english)
                assert "{" not in text and text[0].isupper(), text
                assert describe(event, spanish)
                seen.add(event["kind"])
    assert {"roll", "place", "move", "combat", "turn", "end"} <= seen


def test_every_sentence_of_words_has_a_spanish_translation():
    from babel.messages.extract import extract_from_file

    path = REPO / "forge/engine/tetrarchia/words.py"
    messages = [m for _, m, _, _ in extract_from_file("python", path, keywords={"_": None})]
    assert len(messages) > 50
    spanish = Spanish()
    for message in messages:
        spanish._(message)


def test_an_unknown_event_has_no_words():
    with pytest.raises(ValueError, match="no words"):
        describe({"kind": "party"}, English())


def test_the_spanish_names_of_the_emperors_come_from_the_game_catalog():
    event = {"kind": "enter", "emperor": "galerius", "province": "ROMA", "rule": "return"}
    assert describe(event, Spanish()) == "Galerio entra en el tablero en ROMA."


# --- rulings and speed -----------------------------------------------------------------------------

def test_every_ruling_option_is_documented():
    rulings = (REPO / "docs/tetrarchia/rulings.md").read_text(encoding="utf-8")
    engine = (REPO / "docs/tetrarchia/engine.md").read_text(encoding="utf-8")
    for name, ruling in RULINGS.items():
        assert f"`{name}`" in engine, name
        for number in re.findall(r"R\d+", ruling.ruling):
            assert f"| {number} |" in rulings, number


def test_actions_and_barbarian_phases_take_under_5_ms():
    session = random_session(7, {"level": "4211"}, limit=400)
    timings = {"action": [], "barbarian": []}
    for state, entry in zip(session.states, session.entries[1:]):
        action = entry["action"]
        start_time = time.perf_counter()
        RULES.apply(copy_state(state), action, dice([r["value"] for r in entry["rolls"]]))
        elapsed = time.perf_counter() - start_time
        timings["barbarian" if action["type"] == "end_turn" else "action"].append(elapsed)
    assert statistics.median(timings["action"]) < 0.005
    assert statistics.median(timings["barbarian"]) < 0.005
