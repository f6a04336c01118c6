"""Tetrarchia's own checks: its board true to its rulebook, each problem with file, line and field.

`check(docs)` runs two kinds of check on the game's documents:

- structural checks: those of any board graph (forge/checks/graph.py) and Tetrarchia's rules for
  its board (each region numbered 1-6, one frontier per outer region, exactly one ROMA, routes
  that reach ROMA...);
- the stated facts of facts.yaml (BELGICA is II 1, CISALPINA-NARBONENSIS is broken...), each fact
  a small generic kind checked by one function of `FACT_CHECKS`.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable

from forge.boards import Sea
from forge.checks.graph import GRAPH_CHECKS, Where
from forge.content import Doc, format_path
from forge.engine.tetrarchia.board import Region, TetrarchiaBoard, TetrarchiaProvince
from forge.errors import Problem

FULL_PATTERN = (1, 2, 3, 4, 5, 6)

# --- Checking a game's documents ---------------------------------------------------------------

def check(docs: dict[str, Doc]) -> list[Problem]:
    """Structural checks on the board and, when the game has facts.yaml, its stated facts."""
    if "board" not in docs:
        return []
    board_doc = docs["board"]
    board = TetrarchiaBoard.from_data(board_doc.data)
    problems = check_structure(board, board_doc, docs.get("game"))
    if "facts" in docs:
        problems += check_facts(board, board_doc, docs["facts"])
    return problems


def _at(board: TetrarchiaBoard, province: str) -> str:
    """A province with its coordinate, for messages: 'BELGICA (II 1)'."""
    p = board.provinces.get(province)
    if p is None or p.frontier:
        return province
    return f"{province} ({board.coordinate_text(p.region, p.number)})"


# --- Structural checks -------------------------------------------------------------------------

def check_structure(board: TetrarchiaBoard, doc: Doc, game: Doc | None = None) -> list[Problem]:
    """The board's graph checks and Tetrarchia's rules for its board, whatever its stated facts."""
    where = Where(board, doc, game, home=board.roma)
    problems: list[Problem] = []
    for rule in STRUCTURE_CHECKS:
        problems += rule(where)
    return problems


def _numbering(w: Where) -> list[Problem]:
    """Each region numbers its Roman provinces 1 to 6, each number once (E1 PROVINCIAS)."""
    problems = []
    for region in w.board.regions.values():
        seen: dict[int, TetrarchiaProvince] = {}
        for p in w.board.in_region(region.id):
            if p.number in seen:
                first = seen[p.number]
                problems.append(w.doc.problem(p.entry + ("number",), (
                    f"{region.id} already has a province {p.number} ({first.id}, line "
                    f"{w.doc.line(first.entry)}); each region numbers its provinces 1 to 6 once")))
            else:
                seen[p.number] = p
        missing = [str(n) for n in FULL_PATTERN if n not in seen]
        if missing:
            problems.append(w.doc.problem(region.entry, (
                f"{region.id} has no province numbered {', '.join(missing)}; each region has "
                f"six provinces numbered 1 to 6")))
    return problems


def _numerals(w: Where) -> list[Problem]:
    """No two regions share a Roman numeral: the VI die names one region."""
    problems, first = [], {}
    for region in w.board.regions.values():
        if region.numeral in first:
            problems.append(w.doc.problem(region.entry + ("numeral",), (
                f"{first[region.numeral]} already has numeral {region.numeral}; the dice name "
                f"each outer region by its own numeral")))
        elif region.numeral:
            first[region.numeral] = region.id
    return problems


def _frontiers(w: Where) -> list[Problem]:
    """Each outer region has exactly one frontier province; ITALIA has none."""
    problems = []
    for region in w.board.regions.values():
        own = [p for p in w.board.frontiers() if p.region == region.id]
        if region.numeral is None:
            problems += [w.doc.problem(p.entry + ("region",), (
                f"{region.id} is the central region and has no frontier province")) for p in own]
        elif not own:
            problems.append(w.doc.problem(region.entry, (
                f"{region.id} ({region.numeral}) has no frontier province; each outer region "
                f"has one beyond the frontier, where its armies enter")))
        else:
            problems += [w.doc.problem(p.entry + ("region",), (
                f"{region.id} already has a frontier province ({own[0].id}); each outer region "
                f"has exactly one")) for p in own[1:]]
    return problems


def _one_roma(w: Where) -> list[Problem]:
    """Exactly one province is ROMA."""
    marked = [p for p in w.board.roman() if p.roma]
    if not marked:
        return [w.doc.problem(("provinces",), "no province is marked roma: true; the board has "
                                              "exactly one ROMA")]
    return [w.doc.problem(p.entry + ("roma",), (
        f"{marked[0].id} is already ROMA ({w.line(marked[0].entry)}); the board has exactly "
        f"one ROMA")) for p in marked[1:]]


def _capitals(w: Where) -> list[Problem]:
    """One capital mark per emperor, on the province game.yaml names."""
    marks: dict[str, list[TetrarchiaProvince]] = defaultdict(list)
    for p in w.board.roman():
        if p.capital:
            marks[p.capital].append(p)
    problems = [w.doc.problem(p.entry + ("capital",), (
        f"{emperor} already has a capital ({found[0].id}, line {w.doc.line(found[0].entry)}); "
        f"each emperor has one")) for emperor, found in marks.items() for p in found[1:]]
    if w.game is None:
        return problems
    for i, emperor in enumerate(w.game.data.get("emperors") or []):
        said, found = emperor.get("capital"), marks.get(emperor.get("id"), [])
        at = ("emperors", i, "capital")
        if not found:
            problems.append(w.game.problem(at, (
                f"{emperor['id']}'s capital is {said}, but no province in {w.doc.path.name} "
                f"carries capital: {emperor['id']}")))
        elif found[0].id != said:
            problems.append(w.game.problem(at, (
                f"{emperor['id']}'s capital is {said}, but {w.line(found[0].entry)} marks "
                f"{found[0].id} as {emperor['id']}'s capital")))
    return problems


def _frontier_links(w: Where) -> list[Problem]:
    """A frontier province links only to provinces of its own region."""
    problems = []
    for k in w.board.links:
        for end in (k.a, k.b):
            p, other = w.board.provinces.get(end), w.board.provinces.get(k.other(end))
            if p is None or other is None or not p.frontier or end == k.other(end):
                continue
            if other.frontier or other.region != p.region:
                problems.append(w.doc.problem(k.entry, (
                    f"{p.id} is {p.region}'s frontier and links only to {p.region}'s provinces, "
                    f"but this link joins it to {other.id} ({other.region})")))
                break
    return problems


def _arrow_rules(w: Where) -> list[Problem]:
    """At most one route arrow leaves a province; none leaves ROMA or enters a frontier."""
    problems = []
    for k in w.board.links:
        if not k.route:
            continue
        first, target = w.board.arrows.get(k.a), w.board.provinces.get(k.b)
        at = k.entry + ("route",)
        if first is not k:
            problems.append(w.doc.problem(at, (
                f"{k.a} already has a route arrow ({format_path(first.entry)}, line "
                f"{w.doc.line(first.entry)}); armies leave a province one way only")))
        elif k.a == w.board.roma:
            problems.append(w.doc.problem(at, "armies stop at ROMA; no route arrow leaves it"))
        elif target is not None and target.frontier:
            problems.append(w.doc.problem(at, (
                f"this arrow leads into the frontier province {k.b}; armies only leave "
                f"frontiers")))
    return problems


def _routes(w: Where) -> list[Problem]:
    """Every frontier's route reaches ROMA, in order, the shortest way from province 6."""
    board = w.board
    if board.roma is None:
        return []          # reported by _one_roma; no route can be checked without ROMA
    stops: dict[tuple, list[str]] = defaultdict(list)
    messages: dict[tuple, Callable[[list[str]], str]] = {}
    problems = []
    for region in board.regions.values():
        route = board.route(region.id) if region.numeral else ()
        if not route:
            continue       # the central region, or no frontier (reported by _frontiers)
        if route[-1] != board.roma:
            at, message = _route_end(w, route)
            stops[at].append(region.id)
            messages[at] = message
        problems += _route_order(w, region, route)[:1]
        problems += _route_shortest(w, region, route)
    for at, regions in stops.items():
        problems.append(w.doc.problem(at, messages[at](regions)))
    return problems


def _route_end(w: Where, route: tuple[str, ...]) -> tuple[tuple, Callable[[list[str]], str]]:
    """Where and why a route fails to reach ROMA: a dead end or a circle."""
    last = route[-1]
    arrow = w.board.arrows.get(last)
    if arrow is None:
        def dead_end(regions):
            return (f"the route of {', '.join(regions)} stops at {last}: it has no route arrow "
                    f"onward, so those armies never reach ROMA")
        return w.entry_of(last), dead_end

    def circle(regions):
        return (f"the route of {', '.join(regions)} runs in a circle: this arrow from {last} "
                f"leads back to {arrow.b}, so those armies never reach ROMA")
    return arrow.entry + ("route",), circle


def _route_order(w: Where, region: Region, route: tuple[str, ...]) -> list[Problem]:
    """The route enters province 1 first, goes up in number to 6, then leaves for good."""
    board, rid = w.board, region.id
    own = [board.provinces[p].region == rid for p in route]
    for i in range(1, len(route)):
        p, arrow = board.provinces[route[i]], board.arrows[route[i - 1]]
        at = arrow.entry + ("route",)
        if i == 1 and (not own[1] or p.number != 1):
            entry = board.province_at(rid, 1)
            return [w.doc.problem(at, (
                f"armies from {route[0]} enter {rid}'s province 1 ({entry}) first, "
                f"but this arrow leads to {_at(board, p.id)}"))]
        if i == 1:
            continue
        before = board.provinces[route[i - 1]]
        if own[i] and not own[i - 1]:
            return [w.doc.problem(at, (
                f"{rid}'s route comes back into {rid} at {_at(board, p.id)} after leaving it"))]
        if own[i] and p.number <= before.number:
            return [w.doc.problem(at, (
                f"{rid}'s route goes from {_at(board, before.id)} to {_at(board, p.id)}; inside "
                f"a region the route goes up in number"))]
        if own[i - 1] and not own[i] and before.number != 6:
            return [w.doc.problem(at, (
                f"{rid}'s route leaves {rid} at {_at(board, before.id)}; it leaves a region "
                f"only from province 6"))]
    return []


def _route_shortest(w: Where, region: Region, route: tuple[str, ...]) -> list[Problem]:
    """From province 6 the route follows the shortest way to ROMA (E1 AVANCE BARBARO)."""
    board = w.board
    six = board.province_at(region.id, 6)
    if route[-1] != board.roma or six not in route:
        return []
    along = len(route) - 1 - route.index(six)
    fewest = board.steps_between(six, board.roma)
    if fewest is None or along <= fewest:
        return []
    return [w.doc.problem(w.entry_of(six), (
        f"from {_at(board, six)} the route takes {along} steps to ROMA, but links reach ROMA "
        f"in {fewest}; from province 6 armies take the shortest way to ROMA "
        f"(E1 AVANCE BARBARO)"))]


STRUCTURE_CHECKS: tuple[Callable[[Where], list[Problem]], ...] = (
    _numbering, _numerals, _frontiers, *GRAPH_CHECKS, _one_roma, _capitals, _frontier_links,
    _arrow_rules, _routes,
)


# --- Stated facts ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Fact:
    """One fact of facts.yaml being checked: its data, where it sits, and the board."""

    data: dict
    at: tuple
    doc: Doc
    w: Where

    @property
    def board(self) -> TetrarchiaBoard:
        return self.w.board

    def fail(self, claim: str, evidence: str, field: tuple = ()) -> Problem:
        """A problem at this fact: what must hold, its rule, and what the board has instead."""
        return self.doc.problem(self.at + field, f"{claim} ({self.data['rule']}), {evidence}")

    @property
    def board_file(self) -> str:
        """The board's file name, for messages: 'board.yaml'."""
        return self.w.doc.path.name

    def board_line(self, entry: tuple) -> str:
        """'board.yaml:12': where on the board the evidence sits."""
        return self.w.line(entry)


def check_facts(board: TetrarchiaBoard, board_doc: Doc, facts: Doc) -> list[Problem]:
    """Check every fact of facts.yaml against the board."""
    where = Where(board, board_doc, None)
    problems: list[Problem] = []
    for kind, items in (facts.data or {}).items():
        checker = FACT_CHECKS.get(kind)
        if checker is None:
            continue       # the schema reports unknown kinds
        for i, item in enumerate(items or []):
            problems += checker(_Fact(item, (kind, i), facts, where))
    return problems


def _known(f: _Fact, *provinces: str) -> bool:
    return all(p in f.board.provinces for p in provinces)


def _fact_region(f: _Fact) -> list[Problem]:
    region = f.board.regions.get(f.data["region"])
    wanted = None if f.data["numeral"] == "none" else f.data["numeral"]
    if region is None or region.numeral == wanted:
        return []
    claim = (f"{region.id} is the central region, without a numeral" if wanted is None
             else f"{region.id} must be region {wanted}")
    has = region.numeral or "no numeral"
    return [f.fail(claim, f"{f.board_line(region.entry)} gives it {has}")]


_COUNTERS = {
    "roman_provinces": lambda b: len(b.roman()),
    "regions": lambda b: len(b.regions),
    "frontiers": lambda b: len(b.frontiers()),
    "seas": lambda b: len(b.seas),
}


def _fact_count(f: _Fact) -> list[Problem]:
    what, wanted = f.data["what"], f.data["value"]
    found = _COUNTERS[what](f.board)
    if found == wanted:
        return []
    name = what.replace("_", " ")
    return [f.fail(f"the board has {wanted} {name}", f"{f.board_file} has {found}")]


def _fact_coordinate(f: _Fact) -> list[Problem]:
    p = f.board.provinces.get(f.data["province"])
    region, number = f.data["region"], f.data["number"]
    if p is None or (not p.frontier and (p.region, p.number) == (region, number)):
        return []
    claim = f"{p.id} must be {f.board.coordinate_text(region, number)} ({region} {number})"
    if p.frontier:
        return [f.fail(claim, f"{f.board_line(p.entry)} makes it a frontier province")]
    has = f"{f.board.coordinate_text(p.region, p.number)} ({p.region} {p.number})"
    return [f.fail(claim, f"{f.board_line(p.entry)} has it {has}")]


def _fact_in_region(f: _Fact) -> list[Problem]:
    p = f.board.provinces.get(f.data["province"])
    region, frontier = f.data["region"], f.data.get("frontier", False)
    if p is None or (p.region == region and p.frontier == frontier):
        return []
    what = f"{region}'s frontier province" if frontier else f"a Roman province of {region}"
    has = f"{p.region}'s frontier province" if p.frontier else f"a Roman province of {p.region}"
    return [f.fail(f"{p.id} must be {what}", f"{f.board_line(p.entry)} makes it {has}")]


def _fact_link(f: _Fact) -> list[Problem]:
    a, b = f.data["between"]
    wanted, found = f.data["kind"], f.board.link(a, b)
    claim = f"{a}–{b} must be a {wanted} link"
    if found is None and _known(f, a, b):
        return [f.fail(claim, f"{f.board_file} has no link between them")]
    if found is not None and found.kind != wanted:
        return [f.fail(claim, f"{f.board_line(found.entry)} has it {found.kind}")]
    return []


def _fact_adjacent(f: _Fact) -> list[Problem]:
    p = f.data["province"]
    return [f.fail(f"{p} must be linked to {other}", f"{f.board_file} has no link between them",
                   ("to", i))
            for i, other in enumerate(f.data["to"])
            if _known(f, p, other) and other not in f.board.neighbours(p)]


def _fact_not_adjacent(f: _Fact) -> list[Problem]:
    p, problems = f.data["province"], []
    for i, other in enumerate(f.data["to"]):
        found = f.board.link(p, other)
        if found is not None:
            problems.append(f.fail(f"{p} must not be linked to {other}",
                                   f"{f.board_line(found.entry)} links them", ("to", i)))
    return problems


def _fact_not_coastal(f: _Fact) -> list[Problem]:
    p = f.board.provinces.get(f.data["province"])
    if p is None or not p.coast:
        return []
    return [f.fail(f"{p.id} is not coastal",
                   f"{f.board_line(p.entry)} puts it on {', '.join(p.coast)}")]


def _fact_sea_of(f: _Fact) -> list[Problem]:
    sea, problems = f.data["sea"], []
    for i, pid in enumerate(f.data["provinces"]):
        p = f.board.provinces.get(pid)
        other = [s for s in (p.coast if p else ()) if s != sea]
        if other:
            problems.append(f.fail(f"{pid}'s coast lies on {sea} only",
                                   f"{f.board_line(p.entry)} puts it on {', '.join(other)}",
                                   ("provinces", i)))
    return problems


def _fact_seas_in_order(f: _Fact) -> list[Problem]:
    order, seas = list(f.data["seas"]), f.board.seas
    extra = [s for s in seas.values() if s.id not in order]
    problems = [f.fail(f"the sea zones are exactly {', '.join(order)}",
                       f"{f.board_line(s.entry)} adds {s.id}") for s in extra]
    for i, a in enumerate(order):
        for j in range(i + 1, len(order)):
            b = order[j]
            if a not in seas or b not in seas:
                continue
            problems += _sea_pair(f, seas[a], seas[b], near=(j == i + 1), field=("seas", j))
    return problems


def _sea_pair(f: _Fact, west: Sea, east: Sea, near: bool, field: tuple) -> list[Problem]:
    problems = []
    listed = east.id in west.next_to
    if near and not listed:
        problems.append(f.fail(f"{west.id} and {east.id} are next to each other",
                               f"{f.board_line(west.entry)} does not list {east.id}", field))
    if not near and listed:
        problems.append(f.fail(f"{west.id} and {east.id} are not next to each other",
                               f"{f.board_line(west.entry)} lists {east.id}", field))
    if near and east.fleet_at[0] <= west.fleet_at[0]:
        problems.append(f.fail(f"{east.id} lies east of {west.id}", (
            f"{f.board_line(east.entry)} puts its fleet circle at x={east.fleet_at[0]}, not "
            f"east of x={west.fleet_at[0]}"), field))
    return problems


def _fact_capital(f: _Fact) -> list[Problem]:
    emperor, wanted = f.data["emperor"], f.data["province"]
    found = f.board.capital_of(emperor)
    if found == wanted or wanted not in f.board.provinces:
        return []
    claim = f"{wanted} bears {emperor}'s capital"
    if found is None:
        return [f.fail(claim, f"{f.board_file} marks no province as {emperor}'s capital")]
    return [f.fail(claim, f"{f.board_line(f.w.entry_of(found))} marks {found} instead")]


def _fact_roma(f: _Fact) -> list[Problem]:
    wanted, found = f.data["province"], f.board.roma
    if found == wanted or wanted not in f.board.provinces:
        return []
    evidence = (f"{f.board_line(f.w.entry_of(found))} marks {found}" if found
                else f"{f.board_file} marks no province")
    return [f.fail(f"{wanted} is ROMA (roma: true)", evidence)]


def _fact_route_next(f: _Fact) -> list[Problem]:
    a, b = f.data["from"], f.data["to"]
    arrow = f.board.arrows.get(a)
    if (arrow is not None and arrow.b == b) or not _known(f, a, b):
        return []
    claim = f"the route arrow from {a} leads to {b}"
    if arrow is None:
        return [f.fail(claim, f"{f.board_file} has no route arrow from {a}")]
    return [f.fail(claim, f"{f.board_line(arrow.entry)} leads it to {arrow.b}")]


def _fact_route_exit(f: _Fact) -> list[Problem]:
    region, via = f.data["region"], list(f.data["via"])
    six = f.board.province_at(region, 6)
    route = list(f.board.route(region))
    claim = f"after its province 6 {region}'s route goes through {'–'.join(via)}"
    if six is None or six not in route:
        return [f.fail(claim, f"on {f.board_file} its route never reaches its province 6")]
    start = route.index(six)
    after = route[start + 1:start + 1 + len(via)]
    if after == via:
        return []
    step = next((i for i, p in enumerate(after) if p != via[i]), len(after))
    last = route[start + step]
    arrow = f.board.arrows.get(last)
    if arrow is None:
        found = f"{f.board_file} has no route arrow from {last}"
    else:
        found = f"{f.board_line(arrow.entry)} leads it from {last} to {arrow.b}"
    field = ("via", min(step, len(via) - 1))
    return [f.fail(claim, f"{found} ({'–'.join(route[start:])})", field)]


def _route_pattern(f: _Fact, allowed: tuple[tuple[int, ...], ...], claim: str) -> list[Problem]:
    problems = []
    for i, region in enumerate(f.data["regions"]):
        numbers = f.board.route_numbers(region)
        if numbers not in allowed:
            seen = "-".join(str(n) for n in numbers) or "none of its provinces"
            problems.append(f.fail(claim.format(region=region),
                                   f"{f.board_file}'s arrows visit {seen}", ("regions", i)))
    return problems


def _fact_route_jump(f: _Fact) -> list[Problem]:
    starts, to = f.data["from"], f.data["to"]
    patterns = tuple(tuple(range(1, start + 1)) + (to,) for start in starts)
    origins = " or ".join(str(s) for s in starts)
    return _route_pattern(f, patterns,
                          f"{{region}}'s route jumps from province {origins} straight to {to}")


def _fact_full_route(f: _Fact) -> list[Problem]:
    return _route_pattern(f, (FULL_PATTERN,), "{region}'s route visits provinces 1 to 6 in turn")


def _fact_only_link_into(f: _Fact) -> list[Problem]:
    target, region, only = f.data["target"], f.data["region"], f.data["only"]
    if not _known(f, target, only):
        return []
    near = [p.id for p in f.board.in_region(region) if p.id in f.board.neighbours(target)]
    claim = f"{only} is the only {region} province linked to {target}"
    if only not in near:
        return [f.fail(claim, f"{f.board_file} has no link between {only} and {target}")]
    others = [p for p in near if p != only]
    if others:
        found = f.board.link(target, others[0])
        return [f.fail(claim, f"{f.board_line(found.entry)} also links {', '.join(others)}")]
    return []


def _fact_connected_group(f: _Fact) -> list[Problem]:
    group = [p.id for r in f.data.get("regions", []) for p in f.board.in_region(r)]
    group += [p for p in f.data.get("provinces", []) if p in f.board.provinces]
    if not group:
        return []
    reached = f.board.component(group[0], within=group)
    cut = [p for p in group if p not in reached]
    if not cut:
        return []
    names = ", ".join(f.data.get("regions", []) + f.data.get("provinces", []))
    return [f.fail(f"{names} form one connected group",
                   f"on {f.board_file} {', '.join(cut)} cannot reach {group[0]} within it")]


def _fact_common_neighbour(f: _Fact) -> list[Problem]:
    of, besides = list(f.data["of"]), set(f.data.get("besides", []))
    if not _known(f, *of):
        return []
    common = set.intersection(*(set(f.board.neighbours(p)) for p in of)) - set(of)
    if common - besides:
        return []
    shared = ", ".join(sorted(common)) or "none"
    also = f" other than {', '.join(sorted(besides))}" if besides else ""
    return [f.fail(f"some province{also} is linked to each of {', '.join(of)}",
                   f"on {f.board_file} their common neighbours are: {shared}")]


def _fact_on_route(f: _Fact) -> list[Problem]:
    p = f.data["province"]
    on = {q for region in f.board.regions for q in f.board.route(region)}
    if p in on or p not in f.board.provinces:
        return []
    return [f.fail(f"{p} lies on a barbarian route", f"no route on {f.board_file} passes it")]


FACT_CHECKS: dict[str, Callable[[_Fact], list[Problem]]] = {
    "region": _fact_region,
    "count": _fact_count,
    "coordinate": _fact_coordinate,
    "in_region": _fact_in_region,
    "link": _fact_link,
    "adjacent": _fact_adjacent,
    "not_adjacent": _fact_not_adjacent,
    "not_coastal": _fact_not_coastal,
    "sea_of": _fact_sea_of,
    "seas_in_order": _fact_seas_in_order,
    "capital": _fact_capital,
    "roma": _fact_roma,
    "route_next": _fact_route_next,
    "route_exit": _fact_route_exit,
    "route_jump": _fact_route_jump,
    "full_route": _fact_full_route,
    "only_link_into": _fact_only_link_into,
    "connected_group": _fact_connected_group,
    "common_neighbour": _fact_common_neighbour,
    "on_route": _fact_on_route,
}
