"""The board graph and the board rule checks: each rule, broken once, gives one clear problem.

Mutations start from tests/fixtures/tetrarchia/board.yaml, a synthetic board of the real shape
that passes every check; each test edits a line or two of its text, so the problems it expects
name real lines. Facts come from the real content/tetrarchia/facts.yaml, or from a one-fact file
written by the test when the kind is easier to exercise on its own.
"""
import dataclasses
import functools
import json
import shutil
from pathlib import Path

import pytest
import yaml

from forge import games
from forge.boards import Board
from forge.checks import tetrarchia as board_checks
from forge.content import load_doc
from forge.engine.tetrarchia.board import TetrarchiaBoard
from forge.errors import ContentError
from forge.games import DEFAULT_CONTENT, load_game
from forge.schema import game_schemas, validate_docs

FIXTURE = Path(__file__).parent / "fixtures" / "tetrarchia" / "board.yaml"
GAME = DEFAULT_CONTENT / "tetrarchia" / "game.yaml"
FACTS = DEFAULT_CONTENT / "tetrarchia" / "facts.yaml"
SCHEMAS, _ = game_schemas(DEFAULT_CONTENT / "tetrarchia")     # facts.yaml's schema is the game's
ABOUT = {"basis": "stated", "rule": "TEST RULE", "says": "A test fact."}


# --- helpers -----------------------------------------------------------------------------------

def mutate(text: str, edits) -> str:
    """Apply (old, new) replacements, each of a text that occurs exactly once."""
    for old, new in edits:
        assert text.count(old) == 1, f"'{old}' occurs {text.count(old)} times in the fixture"
        text = text.replace(old, new)
    return text


def entry(path: Path, needle: str, suffix: str = "") -> tuple[str, int, str]:
    """(file name, line, field) of the one flow-style list entry of `path` holding `needle`."""
    section, index, found = "", -1, []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line and not line.startswith((" ", "#")):
            section, index = line.split(":")[0], -1
        elif line.startswith("  - "):
            index += 1
        if needle in line:
            found.append((path.name, number, f"{section}[{index}]{suffix}"))
    assert len(found) == 1, f"'{needle}' is on {len(found)} lines of {path}"
    return found[0]


def renumber(**numbers):
    """Edits giving fixture provinces new numbers in their regions: renumber(BAETICA=2)."""
    edits = []
    for province, number in numbers.items():
        line = next(x for x in FIXTURE.read_text(encoding="utf-8").splitlines()
                    if f"{{id: {province}," in x)
        old = line[line.index("number:"):line.index(", at:")]
        edits.append((line, line.replace(old, f"number: {number}")))
    return edits


def line_of(path: Path, needle: str) -> int:
    """The number of the one line of `path` that contains `needle`."""
    found = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if needle in line]
    assert len(found) == 1, f"'{needle}' is on lines {found} of {path}"
    return found[0]


@pytest.fixture
def board_file(tmp_path):
    """Write the fixture board, edited by (old, new) pairs, as tmp_path/board.yaml."""
    def make(*edits):
        path = tmp_path / "board.yaml"
        path.write_text(mutate(FIXTURE.read_text(encoding="utf-8"), edits), encoding="utf-8")
        return path
    return make


@pytest.fixture
def facts_file(tmp_path):
    """Write a facts.yaml holding one fact of one kind (rule, basis and says filled in)."""
    def make(section, /, **fields):
        folder = tmp_path / "facts"
        folder.mkdir(exist_ok=True)
        path = folder / "facts.yaml"     # the fact on line 2, in flow style (JSON is YAML)
        path.write_text(f"{section}:\n  - {json.dumps({**fields, **ABOUT})}\n", encoding="utf-8")
        return path
    return make


@functools.cache
def _load_unchanged(path: Path):
    return load_doc(path)


def load(path: Path):
    """Load a content file; the files no test edits are read once."""
    return _load_unchanged(path) if path in (GAME, FACTS, FIXTURE) else load_doc(path)


def run(board_path, facts_path=FACTS, game_path=GAME, structure_only=False):
    """Run the board checks on a game, board and (unless structure_only) facts file."""
    docs = {"game": load(game_path), "board": load(board_path)}
    if not structure_only:
        docs["facts"] = load(facts_path)
    return board_checks.check(docs)


def schema_problems(*paths):
    return validate_docs([load(p) for p in paths], SCHEMAS).problems


def where(problem):
    """(file name, line, field) of a problem."""
    return problem.file.name, problem.line, problem.field


# --- the fixture, the real facts and the real board --------------------------------------------

def test_fixture_and_facts_pass_schema_and_every_check():
    assert schema_problems(GAME, FIXTURE, FACTS) == []
    assert run(FIXTURE) == []


def test_real_board_satisfies_structure_and_facts():
    real = DEFAULT_CONTENT / "tetrarchia" / "board.yaml"
    if not real.is_file():
        pytest.skip("content/tetrarchia/board.yaml is not written yet")
    try:
        docs = {"game": load_doc(GAME), "board": load_doc(real), "facts": load_doc(FACTS)}
    except ContentError as err:
        pytest.skip(f"content/tetrarchia/board.yaml is not valid YAML yet:\n{err}")
    invalid = validate_docs(list(docs.values()), SCHEMAS).problems  # the files the checks read
    if invalid:
        pytest.skip("content/tetrarchia does not pass its schemas yet:\n"
                    + "\n".join(str(p) for p in invalid))
    problems = board_checks.check(docs)
    assert problems == [], "\n".join(str(p) for p in problems)


def test_check_needs_a_board():
    assert board_checks.check({"game": load_doc(GAME)}) == []


def test_every_fact_kind_has_a_check_and_a_schema():
    schema = SCHEMAS["facts.yaml"]
    assert set(schema["fields"]) == set(board_checks.FACT_CHECKS)
    used = yaml.safe_load(FACTS.read_text(encoding="utf-8"))
    assert set(used) <= set(board_checks.FACT_CHECKS)


def test_each_fact_names_its_basis_rule_and_statement(tmp_path):
    path = tmp_path / "facts.yaml"
    path.write_text("link:\n  - between: [ROMA, ETRVRIA]\n    kind: normal\n", encoding="utf-8")
    found = {(p.line, p.message) for p in schema_problems(GAME, FIXTURE, path)}
    assert found == {(2, f"missing required field '{name}'") for name in ("basis", "rule", "says")}


def test_facts_name_known_provinces(facts_file):
    path = facts_file("adjacent", province="ROMA", to=["ATLANTIS"])
    problems = schema_problems(GAME, FIXTURE, path)
    assert [(p.line, p.field, p.message) for p in problems] == [
        (2, "adjacent[0].to[0]", "unknown province 'ATLANTIS'")]


# --- the graph view ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def board():
    return TetrarchiaBoard.from_data(load_doc(FIXTURE).data)


def test_provinces_regions_and_coordinates(board):
    assert len(board.roman()) == 42 and len(board.frontiers()) == 6
    assert board.coordinate("BELGICA") == ("II", 1)
    assert board.coordinate("ROMA") == (None, 4)
    assert board.coordinate("BRITANNIA") is None
    assert board.at_coordinate("I", 6) == "TARRACONENSIS"
    assert board.at_coordinate("VII", 1) is None
    assert board.province_at("ITALIA", 3) == "ETRVRIA"
    assert [p.id for p in board.in_region("ITALIA")][:3] == ["CISALPINA", "VENETIA", "ETRVRIA"]
    assert board.frontier_of("GALLIA") == "BRITANNIA" and board.frontier_of("ITALIA") is None
    assert board.roma == "ROMA"
    assert board.capital_of("galerius") == "PANNONIA_INFERIOR"


def test_neighbours_and_links(board):
    assert board.neighbours("NARBONENSIS") == {
        "AQVITANIA", "CISALPINA", "GERMANIA_SVPERIOR", "LVGDVNENSIS", "TARRACONENSIS"}
    assert board.neighbours("ATLANTIS") == frozenset()
    assert board.link_kind("CISALPINA", "NARBONENSIS") == "broken"
    assert board.link_kind("NARBONENSIS", "GERMANIA_SVPERIOR") == "normal"
    assert board.link_kind("DALMATIA", "ROMA") is None
    assert board.link("NARBONENSIS", "CISALPINA").route      # the arrow runs NARB -> CISALPINA
    assert board.steps_between("TARRACONENSIS", "ROMA") == 4
    assert board.component("BALEARES", within=["BALEARES", "CARTHAGINENSIS"]) == {
        "BALEARES", "CARTHAGINENSIS"}


def test_routes_and_distance_to_roma(board):
    assert board.route_next("NARBONENSIS") == "CISALPINA"
    assert board.route_next("ROMA") is None
    assert board.route("HISPANIA") == (
        "VASCONES", "GALLAECIA", "LVSITANIA", "BAETICA", "CARTHAGINENSIS", "TARRACONENSIS",
        "NARBONENSIS", "CISALPINA", "ETRVRIA", "ROMA")
    assert board.route("ITALIA") == ()
    assert board.route_numbers("HISPANIA") == (1, 2, 3, 4, 6)
    assert board.route_numbers("GALLIA") == (1, 2, 3, 4, 5, 6)
    assert board.distance_to_roma("ROMA") == 0
    assert board.distance_to_roma("ETRVRIA") == 1
    assert board.distance_to_roma("BELGICA") == 8
    assert board.distance_to_roma("BRITANNIA") == 9
    assert board.distance_to_roma("BALEARES") is None      # off every route: no arrow out


def test_seas_and_coasts(board):
    assert list(board.seas) == ["MARE_ATLANTICVM", "MARE_INTERNVM", "MARE_AEGAEVM"]
    assert board.seas["MARE_INTERNVM"].next_to == ("MARE_ATLANTICVM", "MARE_AEGAEVM")
    assert {"THRACIA", "BITHYNIA", "EPIRVS"} <= board.coastal("MARE_AEGAEVM")
    assert "EPIRVS" in board.coastal("MARE_INTERNVM")
    assert "BRITANNIA" not in board.coastal("MARE_ATLANTICVM")


# A board of another shape: no regions, no numbers, a city field; two islands and a sea.
OTHER_SHAPE = {
    "provinces": [
        {"id": "ATHENAI", "city": "large", "coast": ["AIGAION"]},
        {"id": "KORINTHOS", "city": "small", "coast": ["AIGAION", "IONION"]},
        {"id": "SPARTE"},
        {"id": "KNOSOS", "city": "small", "coast": ["AIGAION"]},
        {"id": "GORTYS"},
    ],
    "seas": [{"id": "AIGAION", "next_to": ["IONION"], "fleet_at": [10, 20]},
             {"id": "IONION", "next_to": ["AIGAION"], "fleet_at": [5, 20]}],
    "links": [
        {"from": "ATHENAI", "to": "KORINTHOS", "kind": "road"},
        {"from": "KORINTHOS", "to": "SPARTE", "kind": "mountain"},
        {"from": "KNOSOS", "to": "GORTYS", "kind": "road"},
    ],
}


def test_a_board_of_another_shape_is_a_plain_graph():
    """The generic board reads provinces without regions or numbers and keeps their own fields."""
    other = Board.from_data(OTHER_SHAPE)
    assert list(other.provinces) == ["ATHENAI", "KORINTHOS", "SPARTE", "KNOSOS", "GORTYS"]
    assert other.provinces["ATHENAI"].data["city"] == "large"
    assert other.provinces["SPARTE"].coast == ()
    assert other.neighbours("KORINTHOS") == {"ATHENAI", "SPARTE"}
    assert other.link("SPARTE", "KORINTHOS").kind == "mountain"
    assert other.link_kind("ATHENAI", "SPARTE") is None
    assert other.steps_between("ATHENAI", "SPARTE") == 2
    assert other.steps_between("ATHENAI", "KNOSOS") is None
    assert other.component("GORTYS") == {"KNOSOS", "GORTYS"}
    assert other.component("ATHENAI", within=["ATHENAI", "SPARTE"]) == {"ATHENAI"}
    assert other.coastal("AIGAION") == {"ATHENAI", "KORINTHOS", "KNOSOS"}
    assert other.seas["IONION"].next_to == ("AIGAION",)


def test_the_generic_board_has_no_games_words():
    """Regions, ROMA, capitals and routes are Tetrarchia's, on its own board class only."""
    other = Board.from_data(OTHER_SHAPE)
    for word in ("regions", "roma", "roman", "frontiers", "capital_of", "coordinate", "route",
                 "distance_to_roma", "arrows"):
        assert not hasattr(other, word), word
    assert not hasattr(other.provinces["ATHENAI"], "region")
    assert not hasattr(other.links[0], "route")


def test_a_board_of_another_shape_passes_the_graph_checks_that_hold(tmp_path):
    """The graph checks name the islands apart from the first province, with no ROMA asked."""
    from forge.checks.graph import GRAPH_CHECKS, Where

    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(OTHER_SHAPE, sort_keys=False), encoding="utf-8")
    doc = load_doc(path)
    where = Where(Board.from_data(doc.data), doc, None)
    messages = [p.message for rule in GRAPH_CHECKS for p in rule(where)]
    assert messages == [
        "KNOSOS cannot be reached from ATHENAI by links (nor can GORTYS); the board must be one "
        "connected map"]


def test_the_view_is_immutable(board):
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.links = ()
    with pytest.raises(TypeError):
        board.provinces["ROMA"] = None


# --- structural checks: one broken rule, one problem -------------------------------------------

def structure(path):
    return run(path, structure_only=True)


def test_region_numbers_each_once(board_file):
    path = board_file(("number: 6, at: [190, 85]", "number: 5, at: [190, 85]"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: SICILIA", ".number"), entry(path, "id: ITALIA")]
    assert "ITALIA already has a province 5 (APVLIA, line" in problems[0].message
    assert "ITALIA has no province numbered 6" in problems[1].message


def test_numerals_each_once(board_file):
    path = board_file(("name: GALLIA, numeral: II", "name: GALLIA, numeral: I"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: GALLIA", ".numeral")]
    assert "HISPANIA already has numeral I" in problems[0].message


def test_outer_region_needs_its_frontier(board_file):
    path = board_file(("  - {id: VASCONES, name: VASCONES, region: HISPANIA, at: [40, 200]}\n", ""),
                      ("  - {from: VASCONES, to: GALLAECIA, kind: normal, route: true}\n", ""))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: HISPANIA")]
    assert "HISPANIA (I) has no frontier province" in problems[0].message


def test_one_frontier_per_region_and_none_in_italia(board_file):
    path = board_file(
        ("seas:\n", "  - {id: SVEBI, name: SVEBI, region: GALLIA, at: [1, 1]}\n"
                     "  - {id: ALPINI, name: ALPINI, region: ITALIA, at: [2, 2]}\nseas:\n"),
        ("links:\n", "links:\n  - {from: SVEBI, to: BELGICA, kind: normal}\n"
                     "  - {from: ALPINI, to: ROMA, kind: normal}\n"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: ALPINI", ".region"), entry(path, "id: SVEBI", ".region")]
    assert "ITALIA is the central region and has no frontier province" in problems[0].message
    assert "GALLIA already has a frontier province (BRITANNIA)" in problems[1].message


def test_no_link_to_itself(board_file):
    path = board_file(("{from: GALLAECIA, to: TARRACONENSIS, kind: normal}",
                       "{from: GALLAECIA, to: GALLAECIA, kind: normal}"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "to: GALLAECIA, kind: normal}", ".to")]
    assert problems[0].message == "links GALLAECIA to itself"


def test_no_second_link_between_two_provinces(board_file):
    old = "  - {from: GALLAECIA, to: TARRACONENSIS, kind: normal}\n"
    path = board_file((old, old + "  - {from: TARRACONENSIS, to: GALLAECIA, kind: broken}\n"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: TARRACONENSIS, to: GALLAECIA")]
    _, line, field = entry(path, "from: GALLAECIA, to: TARRACONENSIS")
    assert f"(the first is {field}, line {line})" in problems[0].message


def test_board_is_connected(board_file):
    path = board_file(("  - {from: CARTHAGINENSIS, to: BALEARES, kind: broken, terrain: strait}\n",
                       ""))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: BALEARES")]
    assert "BALEARES cannot be reached from ROMA by links" in problems[0].message


def test_sea_neighbours_go_both_ways(board_file):
    path = board_file(("fleet_at: [290, 110], label_at: [290, 120], next_to: [MARE_INTERNVM]",
                       "fleet_at: [290, 110], label_at: [290, 120], next_to: []"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: MARE_INTERNVM", ".next_to[1]")]
    assert "MARE_AEGAEVM (board.yaml:" in problems[0].message


def test_exactly_one_roma(board_file):
    none = structure(board_file((", roma: true", "")))
    assert [(p.field, p.message) for p in none] == [
        ("provinces", "no province is marked roma: true; the board has exactly one ROMA")]
    path = board_file(("at: [210, 115], coast: [MARE_INTERNVM]",
                       "at: [210, 115], coast: [MARE_INTERNVM], roma: true"))
    two = structure(path)
    assert [where(p) for p in two] == [
        entry(path, "id: APVLIA", ".roma")]


def test_capitals_agree_with_game_yaml(board_file):
    path = board_file((", capital: diocletian}", "}"),
                      ("at: [310, 142], coast: [MARE_AEGAEVM]",
                       "at: [310, 142], coast: [MARE_AEGAEVM], capital: diocletian"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        ("game.yaml", line_of(GAME, "capital: BITHYNIA"), "emperors[0].capital")]
    assert problems[0].message.startswith("diocletian's capital is BITHYNIA, but board.yaml:")
    assert problems[0].message.endswith("marks ASIA as diocletian's capital")


def test_capital_missing_and_doubled(board_file):
    path = board_file((", capital: galerius}", "}"),
                      ("number: 5, at: [255, 185]}",
                       "number: 5, at: [255, 185], capital: maximian}"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: MOESIA,", ".capital"),
        ("game.yaml", line_of(GAME, "capital: PANNONIA_INFERIOR"), "emperors[1].capital")]
    assert "maximian already has a capital (CISALPINA" in problems[0].message
    assert "no province in board.yaml carries capital: galerius" in problems[1].message


def test_frontier_links_only_into_its_region(board_file):
    path = board_file(("links:\n", "links:\n  - {from: VASCONES, to: AQVITANIA, kind: normal}\n"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: VASCONES, to: AQVITANIA")]
    assert "VASCONES is HISPANIA's frontier" in problems[0].message


def test_one_route_arrow_out_of_a_province(board_file):
    path = board_file(("{from: GALLAECIA, to: TARRACONENSIS, kind: normal}",
                       "{from: GALLAECIA, to: TARRACONENSIS, kind: normal, route: true}"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: GALLAECIA, to: TARRACONENSIS", ".route")]
    _, line, field = entry(path, "from: GALLAECIA, to: LVSITANIA")
    assert f"GALLAECIA already has a route arrow ({field}, line {line})" in problems[0].message


def test_no_arrow_out_of_roma_or_into_a_frontier(board_file):
    path = board_file(("links:\n", "links:\n"
                       "  - {from: ROMA, to: VENETIA, kind: normal, route: true}\n"
                       "  - {from: BALEARES, to: VASCONES, kind: normal, route: true}\n"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: ROMA, to: VENETIA", ".route"),
        entry(path, "from: BALEARES, to: VASCONES", ".route")]
    assert [p.message for p in problems] == [
        "armies stop at ROMA; no route arrow leaves it",
        "this arrow leads into the frontier province VASCONES; armies only leave frontiers"]


def test_route_dead_end_is_named_once_for_every_region_it_stops(board_file):
    path = board_file(("{from: MACEDONIA, to: EPIRVS, kind: normal, route: true}",
                       "{from: MACEDONIA, to: EPIRVS, kind: normal}"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: MACEDONIA")]
    assert problems[0].message.startswith("the route of GRAECIA, ASIA_MINOR stops at MACEDONIA")


def test_route_in_a_circle(board_file):
    path = board_file(
        ("{from: ETRVRIA, to: ROMA, kind: normal, route: true}",
         "{from: ETRVRIA, to: ROMA, kind: normal}"),
        ("{from: VENETIA, to: ETRVRIA, kind: normal}",
         "{from: ETRVRIA, to: VENETIA, kind: normal, route: true}"),
        ("{from: CISALPINA, to: VENETIA, kind: normal}",
         "{from: VENETIA, to: CISALPINA, kind: normal, route: true}"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: VENETIA, to: CISALPINA", ".route")]
    assert problems[0].message.startswith(
        "the route of HISPANIA, GALLIA, ILLYRICVM runs in a circle: this arrow from VENETIA")


def test_route_enters_province_1_first(board_file):
    path = board_file(("{from: VASCONES, to: GALLAECIA, kind: normal, route: true}",
                       "{from: VASCONES, to: LVSITANIA, kind: normal, route: true}"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: VASCONES, to: LVSITANIA", ".route")]
    assert problems[0].message == ("armies from VASCONES enter HISPANIA's province 1 (GALLAECIA) "
                                   "first, but this arrow leads to LVSITANIA (I 2)")


def test_route_goes_up_in_number(board_file):
    path = board_file(*renumber(LVSITANIA=3, BAETICA=2))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: LVSITANIA, to: BAETICA", ".route")]
    assert problems[0].message == ("HISPANIA's route goes from LVSITANIA (I 3) to BAETICA (I 2); "
                                   "inside a region the route goes up in number")


def test_route_leaves_a_region_from_province_6(board_file):
    path = board_file(*renumber(MAVRETANIA=6, AFRICA_PROCONSVLARIS=5))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "from: AFRICA_PROCONSVLARIS, to: SICILIA", ".route")]
    assert "AFRICA's route leaves AFRICA at AFRICA_PROCONSVLARIS (VI 5)" in problems[0].message


def test_route_does_not_come_back_into_its_region(board_file):
    # AFRICA's route runs 6 -> SICILIA -> APVLIA -> ROMA; make APVLIA an AFRICA province.
    path = board_file(("name: APVLIA, region: ITALIA", "name: APVLIA, region: AFRICA"),
                      ("name: MAVRETANIA, region: AFRICA", "name: MAVRETANIA, region: ITALIA"))
    problems = structure(path)
    assert [where(p) for p in problems] == [entry(path, "from: SICILIA, to: APVLIA", ".route")]
    assert problems[0].message == ("AFRICA's route comes back into AFRICA at APVLIA (VI 5) "
                                   "after leaving it")


def test_route_takes_the_shortest_way_from_province_6(board_file):
    path = board_file(("links:\n",
                       "links:\n  - {from: TARRACONENSIS, to: ETRVRIA, kind: broken}\n"))
    problems = structure(path)
    assert [where(p) for p in problems] == [
        entry(path, "id: TARRACONENSIS")]
    assert "takes 4 steps to ROMA, but links reach ROMA in 2" in problems[0].message


# --- stated facts: the real facts against a mutated board --------------------------------------

def fact_at(needle, after=None):
    """The line of a fact in the real facts.yaml: the line holding `needle` (after `after`)."""
    lines = FACTS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(after)) if after else 0
    return next(i for i, line in enumerate(lines[start:], start + 1) if needle in line)


def test_broken_alps_link(board_file):
    path = board_file(("{from: NARBONENSIS, to: CISALPINA, kind: broken,",
                       "{from: NARBONENSIS, to: CISALPINA, kind: normal,"))
    problems = run(path)
    link_line = line_of(path, "from: NARBONENSIS, to: CISALPINA")
    assert [str(p).split("facts.yaml:")[1] for p in problems] == [
        f"{fact_at('between: [CISALPINA, NARBONENSIS]')} link[0]: CISALPINA–NARBONENSIS must be "
        f"a broken link (E1 ATAQUE UN EJEMPLO DETALLADO, E2 EJEMPLO DE ATAQUE; digest §14.2), "
        f"board.yaml:{link_line} has it normal"]


def test_adjacent_fact_names_the_missing_neighbour(board_file):
    path = board_file(("  - {from: PANNONIA_SVPERIOR, to: DALMATIA, kind: normal}\n", ""))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("to: [RHAETIA, DALMATIA, CISALPINA]"), "adjacent[3].to[1]")]
    assert problems[0].message.startswith("PANNONIA_SVPERIOR must be linked to DALMATIA (")
    assert problems[0].message.endswith("board.yaml has no link between them")


def test_not_adjacent_fact(board_file):
    path = board_file(("links:\n", "links:\n  - {from: DALMATIA, to: ETRVRIA, kind: broken}\n"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("to: [CISALPINA, ETRVRIA, ROMA]"), "not_adjacent[0].to[1]")]
    assert problems[0].message.endswith(f"board.yaml:{line_of(path, 'to: ETRVRIA, kind: broken')} "
                                        "links them")


def test_britannia_has_no_coast(board_file):
    # The board schema already forbids a coast on a frontier; the fact guards it anyway.
    path = board_file(("region: GALLIA, at: [95, 240]}",
                       "region: GALLIA, at: [95, 240], coast: [MARE_ATLANTICVM]}"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("province: BRITANNIA", after="not_coastal:"), "not_coastal[0]")]
    assert "BRITANNIA is not coastal (E2 OTRAS PREGUNTAS" in problems[0].message


def test_black_sea_shores_belong_to_aegaevm(board_file):
    path = board_file(("number: 2, at: [300, 175], coast: [MARE_AEGAEVM]",
                       "number: 2, at: [300, 175], coast: [MARE_AEGAEVM, MARE_INTERNVM]"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("provinces: [THRACIA, BITHYNIA]"), "sea_of[0].provinces[0]")]
    assert "THRACIA's coast lies on MARE_AEGAEVM only" in problems[0].message


def test_a_separate_black_sea_zone_breaks_two_facts(board_file):
    path = board_file(("links:\n", "  - {id: MARE_NIGRVM, name: MARE NIGRVM, areas: [[[1, 1], "
                                   "[2, 2], [3, 1]]], fleet_at: [330, 200], label_at: [330, 210], "
                                   "next_to: []}\nlinks:\n"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("what: seas"), "count[3]"),
        ("facts.yaml", fact_at("seas: [MARE_ATLANTICVM, MARE_INTERNVM, MARE_AEGAEVM]"),
         "seas_in_order[0]")]
    assert problems[0].message.endswith("board.yaml has 4")
    assert "adds MARE_NIGRVM" in problems[1].message


def test_seas_run_west_to_east_in_a_row(board_file):
    path = board_file(
        ("fleet_at: [15, 100], label_at: [15, 120], next_to: [MARE_INTERNVM]",
         "fleet_at: [15, 100], label_at: [15, 120], next_to: [MARE_INTERNVM, MARE_AEGAEVM]"),
        ("fleet_at: [290, 110], label_at: [290, 120], next_to: [MARE_INTERNVM]",
         "fleet_at: [100, 110], label_at: [290, 120], next_to: [MARE_INTERNVM, MARE_ATLANTICVM]"))
    problems = run(path)
    line = fact_at("seas: [MARE_ATLANTICVM, MARE_INTERNVM, MARE_AEGAEVM]")
    assert [(p.line, p.field) for p in problems] == [(line, "seas_in_order[0].seas[2]")] * 2
    assert "MARE_ATLANTICVM and MARE_AEGAEVM are not next to each other" in problems[0].message
    assert "MARE_AEGAEVM lies east of MARE_INTERNVM" in problems[1].message


def test_neighbouring_seas_stay_next_to_each_other(board_file):
    path = board_file(("next_to: [MARE_ATLANTICVM, MARE_AEGAEVM]", "next_to: [MARE_AEGAEVM]"),
                      ("label_at: [15, 120], next_to: [MARE_INTERNVM]",
                       "label_at: [15, 120], next_to: []"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("seas: [MARE_ATLANTICVM, MARE_INTERNVM, MARE_AEGAEVM]"),
         "seas_in_order[0].seas[1]")]
    assert problems[0].message.startswith(
        "MARE_ATLANTICVM and MARE_INTERNVM are next to each other (E1 FLOTAS")
    assert problems[0].message.endswith(
        f"board.yaml:{line_of(path, 'id: MARE_ATLANTICVM')} does not list MARE_INTERNVM")


def test_moving_a_capital_breaks_game_yaml_and_the_fact(board_file):
    path = board_file((", capital: galerius}", "}"),
                      ("id: MOESIA, name: MOESIA, region: ILLYRICVM, number: 5, at: [255, 185]}",
                       "id: MOESIA, name: MOESIA, region: ILLYRICVM, number: 5, at: [255, 185], "
                       "capital: galerius}"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("game.yaml", line_of(GAME, "capital: PANNONIA_INFERIOR"), "emperors[1].capital"),
        ("facts.yaml", fact_at("emperor: galerius"), "capital[1]")]
    assert "PANNONIA_INFERIOR bears galerius's capital (history (Sirmium)" in problems[1].message


def test_region_numerals(board_file):
    path = board_file(("name: HISPANIA, numeral: I,", "name: HISPANIA, numeral: II,"),
                      ("name: GALLIA, numeral: II,", "name: GALLIA, numeral: I,"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("- region: HISPANIA", after="region:"), "region[1]"),
        ("facts.yaml", fact_at("- region: GALLIA", after="region:"), "region[2]")]
    assert "HISPANIA must be region I" in problems[0].message


def test_jumping_regions(board_file):
    path = board_file(*renumber(CARTHAGINENSIS=5, BALEARES=4))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("regions: [HISPANIA, ILLYRICVM, GRAECIA, AFRICA]"),
         "route_jump[0].regions[0]")]
    assert problems[0].message.endswith("board.yaml's arrows visit 1-2-3-5-6")


def test_only_tarraconensis_touches_narbonensis(board_file):
    path = board_file(("links:\n", "links:\n  - {from: BAETICA, to: NARBONENSIS, kind: broken}\n"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("target: NARBONENSIS"), "only_link_into[0]")]
    assert problems[0].message.endswith(f"board.yaml:{line_of(path, 'from: BAETICA, to: NARB')} "
                                        "also links BAETICA")


def test_hispania_is_one_connected_group(board_file):
    path = board_file(("{from: CARTHAGINENSIS, to: BALEARES, kind: broken, terrain: strait}",
                       "{from: SICILIA, to: BALEARES, kind: broken, terrain: strait}"))
    problems = run(path)
    assert [where(p) for p in problems] == [
        ("facts.yaml", fact_at("regions: [HISPANIA]"), "connected_group[0]")]
    assert "BALEARES cannot reach GALLAECIA within it" in problems[0].message


# --- each fact kind on its own ------------------------------------------------------------------
# Each case: a one-fact file the fixture board breaks, the field named, and the message; `{line}`
# in the message stands for the fixture line holding the last item (None: no board line named).

@pytest.mark.parametrize("kind, fields, field, message, needle", [
    ("region", {"region": "ITALIA", "numeral": "III"}, "region[0]",
     "ITALIA must be region III (TEST RULE), board.yaml:{line} gives it no numeral", "id: ITALIA"),
    ("region", {"region": "GALLIA", "numeral": "none"}, "region[0]",
     "GALLIA is the central region, without a numeral (TEST RULE), board.yaml:{line} gives it II",
     "id: GALLIA"),
    ("count", {"what": "roman_provinces", "value": 41}, "count[0]",
     "the board has 41 roman provinces (TEST RULE), board.yaml has 42", None),
    ("coordinate", {"province": "ETRVRIA", "region": "ITALIA", "number": 2}, "coordinate[0]",
     "ETRVRIA must be ITALIA 2 (ITALIA 2) (TEST RULE), board.yaml:{line} has it ITALIA 3 "
     "(ITALIA 3)", "id: ETRVRIA"),
    ("coordinate", {"province": "BRITANNIA", "region": "GALLIA", "number": 1}, "coordinate[0]",
     "BRITANNIA must be II 1 (GALLIA 1) (TEST RULE), board.yaml:{line} makes it a frontier "
     "province", "id: BRITANNIA"),
    ("in_region", {"province": "CISALPINA", "region": "GALLIA"}, "in_region[0]",
     "CISALPINA must be a Roman province of GALLIA (TEST RULE), board.yaml:{line} makes it a "
     "Roman province of ITALIA", "id: CISALPINA"),
    ("in_region", {"province": "BELGICA", "region": "GALLIA", "frontier": True}, "in_region[0]",
     "BELGICA must be GALLIA's frontier province (TEST RULE), board.yaml:{line} makes it a Roman "
     "province of GALLIA", "id: BELGICA"),
    ("link", {"between": ["DALMATIA", "ROMA"], "kind": "normal"}, "link[0]",
     "DALMATIA–ROMA must be a normal link (TEST RULE), board.yaml has no link between them",
     None),
    ("link", {"between": ["ETRVRIA", "ROMA"], "kind": "broken"}, "link[0]",
     "ETRVRIA–ROMA must be a broken link (TEST RULE), board.yaml:{line} has it normal",
     "from: ETRVRIA, to: ROMA"),
    ("adjacent", {"province": "ROMA", "to": ["ETRVRIA", "SICILIA"]}, "adjacent[0].to[1]",
     "ROMA must be linked to SICILIA (TEST RULE), board.yaml has no link between them", None),
    ("not_adjacent", {"province": "ROMA", "to": ["APVLIA"]}, "not_adjacent[0].to[0]",
     "ROMA must not be linked to APVLIA (TEST RULE), board.yaml:{line} links them",
     "from: APVLIA, to: ROMA"),
    ("not_coastal", {"province": "ROMA"}, "not_coastal[0]",
     "ROMA is not coastal (TEST RULE), board.yaml:{line} puts it on MARE_INTERNVM", "id: ROMA"),
    ("sea_of", {"provinces": ["ROMA", "EPIRVS"], "sea": "MARE_INTERNVM"}, "sea_of[0].provinces[1]",
     "EPIRVS's coast lies on MARE_INTERNVM only (TEST RULE), board.yaml:{line} puts it on "
     "MARE_AEGAEVM", "id: EPIRVS"),
    ("seas_in_order", {"seas": ["MARE_ATLANTICVM", "MARE_INTERNVM"]}, "seas_in_order[0]",
     "the sea zones are exactly MARE_ATLANTICVM, MARE_INTERNVM (TEST RULE), board.yaml:{line} adds "
     "MARE_AEGAEVM", "id: MARE_AEGAEVM"),
    ("capital", {"emperor": "galerius", "province": "MOESIA"}, "capital[0]",
     "MOESIA bears galerius's capital (TEST RULE), board.yaml:{line} marks PANNONIA_INFERIOR "
     "instead", "id: PANNONIA_INFERIOR"),
    ("roma", {"province": "APVLIA"}, "roma[0]",
     "APVLIA is ROMA (roma: true) (TEST RULE), board.yaml:{line} marks ROMA", "id: ROMA"),
    ("route_next", {"from": "ETRVRIA", "to": "CISALPINA"}, "route_next[0]",
     "the route arrow from ETRVRIA leads to CISALPINA (TEST RULE), board.yaml:{line} leads it to "
     "ROMA", "from: ETRVRIA, to: ROMA"),
    ("route_next", {"from": "BALEARES", "to": "CARTHAGINENSIS"}, "route_next[0]",
     "the route arrow from BALEARES leads to CARTHAGINENSIS (TEST RULE), board.yaml has no route "
     "arrow from BALEARES", None),
    ("route_exit", {"region": "ASIA_MINOR", "via": ["THRACIA", "MOESIA_INFERIOR"]},
     "route_exit[0].via[1]",
     "after its province 6 ASIA_MINOR's route goes through THRACIA–MOESIA_INFERIOR (TEST RULE), "
     "board.yaml:{line} leads it from THRACIA to MACEDONIA "
     "(BITHYNIA–THRACIA–MACEDONIA–EPIRVS–APVLIA–ROMA)", "from: THRACIA, to: MACEDONIA"),
    ("route_jump", {"regions": ["AFRICA", "GALLIA"], "from": [3, 4], "to": 6},
     "route_jump[0].regions[1]",
     "GALLIA's route jumps from province 3 or 4 straight to 6 (TEST RULE), board.yaml's arrows "
     "visit 1-2-3-4-5-6", None),
    ("full_route", {"regions": ["HISPANIA"]}, "full_route[0].regions[0]",
     "HISPANIA's route visits provinces 1 to 6 in turn (TEST RULE), board.yaml's arrows visit "
     "1-2-3-4-6", None),
    ("only_link_into", {"target": "ROMA", "region": "ITALIA", "only": "ETRVRIA"},
     "only_link_into[0]",
     "ETRVRIA is the only ITALIA province linked to ROMA (TEST RULE), board.yaml:{line} also "
     "links APVLIA", "from: APVLIA, to: ROMA"),
    ("only_link_into", {"target": "ROMA", "region": "ITALIA", "only": "SICILIA"},
     "only_link_into[0]",
     "SICILIA is the only ITALIA province linked to ROMA (TEST RULE), board.yaml has no link "
     "between SICILIA and ROMA", None),
    ("connected_group", {"provinces": ["ROMA", "SICILIA"]}, "connected_group[0]",
     "ROMA, SICILIA form one connected group (TEST RULE), on board.yaml SICILIA cannot reach ROMA "
     "within it", None),
    ("common_neighbour", {"of": ["NARBONENSIS", "LVGDVNENSIS"],
                          "besides": ["GERMANIA_SVPERIOR", "AQVITANIA"]}, "common_neighbour[0]",
     "some province other than AQVITANIA, GERMANIA_SVPERIOR is linked to each of NARBONENSIS, "
     "LVGDVNENSIS (TEST RULE), on board.yaml their common neighbours are: AQVITANIA, "
     "GERMANIA_SVPERIOR", None),
    ("on_route", {"province": "BALEARES"}, "on_route[0]",
     "BALEARES lies on a barbarian route (TEST RULE), no route on board.yaml passes it", None),
])
def test_fact_kind(facts_file, kind, fields, field, message, needle):
    path = facts_file(kind, **fields)
    assert schema_problems(GAME, FIXTURE, path) == []
    problems = run(FIXTURE, path)
    if needle:
        message = message.format(line=line_of(FIXTURE, needle))
    assert [(p.file, p.line, p.field, p.message) for p in problems] == [(path, 2, field, message)]


@pytest.mark.parametrize("kind, fields", [
    ("region", {"region": "ITALIA", "numeral": "none"}),
    ("count", {"what": "frontiers", "value": 6}),
    ("coordinate", {"province": "BELGICA", "region": "GALLIA", "number": 1}),
    ("in_region", {"province": "BRITANNIA", "region": "GALLIA", "frontier": True}),
    ("link", {"between": ["NARBONENSIS", "GERMANIA_SVPERIOR"], "kind": "normal"}),
    ("adjacent", {"province": "ETRVRIA", "to": ["ROMA", "CISALPINA"]}),
    ("not_adjacent", {"province": "DALMATIA", "to": ["ROMA"]}),
    ("not_coastal", {"province": "CISALPINA"}),
    ("sea_of", {"provinces": ["BITHYNIA"], "sea": "MARE_AEGAEVM"}),
    ("seas_in_order", {"seas": ["MARE_ATLANTICVM", "MARE_INTERNVM", "MARE_AEGAEVM"]}),
    ("capital", {"emperor": "maximian", "province": "CISALPINA"}),
    ("roma", {"province": "ROMA"}),
    ("route_next", {"from": "NARBONENSIS", "to": "CISALPINA"}),
    ("route_exit", {"region": "GRAECIA", "via": ["APVLIA", "ROMA"]}),
    ("route_jump", {"regions": ["ILLYRICVM"], "from": [3, 4], "to": 6}),
    ("full_route", {"regions": ["ASIA_MINOR"]}),
    ("only_link_into", {"target": "NARBONENSIS", "region": "HISPANIA", "only": "TARRACONENSIS"}),
    ("connected_group", {"regions": ["GALLIA", "ITALIA"], "provinces": ["RHAETIA"]}),
    ("common_neighbour", {"of": ["NARBONENSIS", "LVGDVNENSIS"], "besides": ["GERMANIA_SVPERIOR"]}),
    ("on_route", {"province": "RHAETIA"}),
])
def test_fact_kind_holds(facts_file, kind, fields):
    path = facts_file(kind, **fields)
    assert schema_problems(GAME, FIXTURE, path) == []
    assert run(FIXTURE, path) == []


def test_every_fact_kind_is_exercised():
    failing = {case[0] for case in _params("test_fact_kind")}
    holding = {case[0] for case in _params("test_fact_kind_holds")}
    assert failing == holding == set(board_checks.FACT_CHECKS)


def _params(name):
    marks = globals()[name].pytestmark
    return next(m.args[1] for m in marks if m.name == "parametrize")


def test_content_copy_fails_validation_through_extra_checks(tmp_path, monkeypatch):
    """Registered as an extra check, a broken board stops load_game naming facts.yaml."""
    folder = tmp_path / "content"
    (folder / "tetrarchia").mkdir(parents=True)
    for path in (GAME, FACTS, FIXTURE):       # only the files these checks read
        shutil.copy(path, folder / "tetrarchia" / path.name)
    shutil.copytree(GAME.parent / "schemas", folder / "tetrarchia" / "schemas")
    shutil.copytree(GAME.parent / "art", folder / "tetrarchia" / "art")   # game.yaml names it
    board = folder / "tetrarchia" / "board.yaml"
    board.write_text(mutate(board.read_text(encoding="utf-8"), [(
        "{from: NARBONENSIS, to: CISALPINA, kind: broken,",
        "{from: NARBONENSIS, to: CISALPINA, kind: normal,")]), encoding="utf-8")
    monkeypatch.setattr(games, "EXTRA_CHECKS", [board_checks.check])
    with pytest.raises(ContentError) as err:
        load_game(folder, "tetrarchia", check_catalogs=False)
    assert "facts.yaml" in str(err.value) and "CISALPINA–NARBONENSIS must be a broken link" in (
        str(err.value))


def test_board_rules_are_tetrarchias_own_checks():
    """Exactly one ROMA is Tetrarchia's rule: found by the game's package name, not asked of a
    board of another game (an Antike map has no ROMA)."""
    from forge.checks import game_checks

    docs = {"game": load(GAME), "board": load(FIXTURE)}
    board = docs["board"].data
    docs["board"] = dataclasses.replace(docs["board"], data=dict(board, provinces=[
        {k: v for k, v in p.items() if k != "roma"} for p in board["provinces"]]))
    assert any("no province is marked roma" in p.message for p in game_checks(docs))
    other = dataclasses.replace(docs["game"], data=dict(docs["game"].data, id="antike"))
    assert game_checks(dict(docs, game=other)) == []
