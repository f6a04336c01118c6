"""Starting from a given position: merge it over a fresh state, then check it whole.

A position is a state (docs/tetrarchia/engine.md) in which any field may be left out: it then
takes its value from the fresh state of the level (empty board, emperors off the board, full
reserve), and the reserve and the supplies are counted from what is on the board. Every problem
found is reported at once in one PositionError, each naming the field it concerns.
"""
from __future__ import annotations

from forge.engine.core import N_, ParseError
from forge.engine.tetrarchia.data import Tables
from forge.engine.tetrarchia.state import THREATS, frontiers_protected, piece_counts

POSITION_OPTIONS = ("level", "edition", "players", "control", "variants", "rulings", "fleets")
BOARD_FIELDS = ("round", "turn", "phase", "pi", "discs", "figures", "emperors", "reserve",
                "this_turn", "this_round", "pending", "outcome", "game", "rules_version")
EMPEROR_FIELDS = ("at", "supply", "out", "glory", "passing")


class PositionError(ParseError):
    """A position that cannot be played from; the message lists every problem.

    The problems themselves (each naming a state field) are for whoever writes positions and
    stay in English; only the sentence around them is translated."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(N_("the position cannot be played: {problems}"),
                         problems="; ".join(problems))


def apply_position(t: Tables, fresh: dict, position: dict, level: dict) -> dict:
    """The fresh state with the position over it; PositionError listing all problems."""
    problems: list[str] = []
    unknown = set(position) - set(POSITION_OPTIONS) - set(BOARD_FIELDS)
    for field in sorted(unknown):
        hint = " (the dice come from the session's seed)" if field == "rng" else ""
        problems.append(f"{field}: not a field of a position{hint}")
    state = dict(fresh)
    _fixed_fields(t, state, position, problems)
    state["discs"] = _discs(t, position.get("discs", {}), problems)
    figures = _figures(t, position.get("figures", {}), problems)
    state["emperors"] = _emperors(t, fresh, position.get("emperors", {}), figures, problems)
    state["figures"] = figures
    _place_emperors(t, state, problems)
    _count_pieces(t, state, position, level, problems)
    _check_playable(t, state, problems)
    if problems:
        raise PositionError(problems)
    return state


def _fixed_fields(t: Tables, state: dict, position: dict, problems: list[str]) -> None:
    for field, wanted in (("game", state["game"]), ("rules_version", state["rules_version"])):
        if field in position and position[field] != wanted:
            problems.append(f"{field}: this engine plays {wanted!r}, not {position[field]!r}")
    for field in ("pending", "outcome"):
        if position.get(field) is not None:
            problems.append(f"{field}: a position starts with none")
    if position.get("phase", "roman") != "roman":
        problems.append("phase: a position starts in a Roman phase")
    turn = position.get("turn", state["turn"])
    if turn not in t.emperors:
        problems.append(f"turn: {turn!r} is not an emperor ({', '.join(t.emperors)})")
    else:
        state["turn"] = turn
    for field in ("round", "pi"):
        value = position.get(field, state[field])
        if not isinstance(value, int) or isinstance(value, bool) or value < (field == "round"):
            problems.append(f"{field}: {value!r} is not a whole number "
                            f"{'of 1 or more' if field == 'round' else 'of 0 or more'}")
        else:
            state[field] = value
    _turn_records(state, position, problems)


def _turn_records(state: dict, position: dict, problems: list[str]) -> None:
    this_turn = position.get("this_turn")
    if this_turn is not None:
        if (not isinstance(this_turn, dict) or set(this_turn) - {"allowance", "powers", "discs_out"}
                or not isinstance(this_turn.get("powers", []), list)):
            problems.append("this_turn: {allowance, powers, discs_out} expected")
        else:
            state["this_turn"] = {**state["this_turn"], **this_turn}
    elif "pi" in position:
        state["this_turn"] = {**state["this_turn"], "allowance": max(state["pi"],
                                                                     state["this_turn"]["allowance"])}
    this_round = position.get("this_round")
    if this_round is not None:
        if (not isinstance(this_round, dict) or set(this_round) - {"transfers", "pi_next"}
                or not isinstance(this_round.get("transfers", []), list)
                or not isinstance(this_round.get("pi_next", {}), dict)):
            problems.append("this_round: {transfers, pi_next} expected")
        else:
            state["this_round"] = {**state["this_round"], **this_round}


def _discs(t: Tables, discs: object, problems: list[str]) -> dict:
    if not isinstance(discs, dict):
        problems.append("discs: a mapping of province to disc expected")
        return {}
    good = {}
    for province, disc in discs.items():
        where = f"discs.{province}"
        if province not in t.order:
            problems.append(f"{where}: no such province")
        elif disc not in THREATS and disc not in t.emperors:
            problems.append(f"{where}: {disc!r} is not a disc (agitation, revolt or an "
                            f"emperor)")
        elif disc in THREATS and province in t.frontier:
            problems.append(f"{where}: a frontier never holds {disc.capitalize()} discs")
        else:
            good[province] = disc
    return good


def _figures(t: Tables, figures: object, problems: list[str]) -> dict:
    if not isinstance(figures, dict):
        problems.append("figures: a mapping of province to figure expected")
        return {}
    good = {}
    for province, figure in figures.items():
        where = f"figures.{province}"
        if province not in t.order:
            problems.append(f"{where}: no such province")
        elif figure != "army" and figure not in t.emperors:
            problems.append(f"{where}: {figure!r} is not a figure (army or an emperor)")
        elif figure == "army" and province == t.roma:
            problems.append(f"{where}: an army in ROMA means the game is already lost")
        elif figure == "army" and province not in t.distance:
            problems.append(f"{where}: an army there has no route to follow")
        elif figure != "army" and figure in good.values():
            problems.append(f"{where}: {figure} already stands elsewhere")
        else:
            good[province] = figure
    return good


def _emperors(t: Tables, fresh: dict, given: object, figures: dict,
              problems: list[str]) -> dict:
    records = {e: dict(v) for e, v in fresh["emperors"].items()}
    if not isinstance(given, dict):
        problems.append("emperors: a mapping of emperor to record expected")
        return records
    for emperor, record in given.items():
        if emperor not in records:
            problems.append(f"emperors.{emperor}: no such emperor")
            continue
        if not isinstance(record, dict):
            problems.append(f"emperors.{emperor}: a record {{at, supply, ...}} expected")
            continue
        for field in set(record) - set(EMPEROR_FIELDS):
            problems.append(f"emperors.{emperor}.{field}: not a field "
                            f"({', '.join(EMPEROR_FIELDS)})")
        records[emperor].update({k: v for k, v in record.items() if k in EMPEROR_FIELDS})
        records[emperor]["_given"] = set(record)
    on_figures = {f: p for p, f in figures.items() if f != "army"}
    for emperor, record in records.items():
        stated = record["at"]
        if emperor in on_figures and stated not in (None, on_figures[emperor]):
            problems.append(f"emperors.{emperor}.at: {stated} but figures puts him in "
                            f"{on_figures[emperor]}")
        elif emperor in on_figures:
            record["at"] = on_figures[emperor]
        if record["at"] is not None and record["at"] not in t.order:
            problems.append(f"emperors.{emperor}.at: no such province {record['at']!r}")
            record["at"] = None
        for field in ("supply", "out", "glory"):
            value = record[field]
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                problems.append(f"emperors.{emperor}.{field}: {value!r} is not a whole "
                                f"number of 0 or more")
                record[field] = 0
        if not isinstance(record["passing"], bool):
            problems.append(f"emperors.{emperor}.passing: true or false")
            record["passing"] = False
    return records


def _place_emperors(t: Tables, state: dict, problems: list[str]) -> None:
    figures = {p: f for p, f in state["figures"].items() if f == "army"}
    for emperor, record in state["emperors"].items():
        at = record["at"]
        if at is None:
            if record["passing"]:
                problems.append(f"emperors.{emperor}.passing: he is not on the board")
            continue
        if record["passing"]:
            continue
        if at in figures:
            other = figures[at]
            problems.append(f"emperors.{emperor}.at: {at} already holds "
                            f"{'an army' if other == 'army' else other}")
            continue
        figures[at] = emperor
    for emperor, record in state["emperors"].items():
        if record["passing"] and record["at"] is not None:
            if emperor != state["turn"]:
                problems.append(f"emperors.{emperor}.passing: only the emperor whose turn it "
                                f"is can be passing through")
            elif figures.get(record["at"]) in (None, "army"):
                problems.append(f"emperors.{emperor}.passing: no other emperor stands in "
                                f"{record['at']}")
    state["figures"] = figures


def _count_pieces(t: Tables, state: dict, position: dict, level: dict,
                  problems: list[str]) -> None:
    """Fill in omitted supplies and reserve; check every piece is counted exactly once."""
    discs = list(state["discs"].values())
    for emperor, record in state["emperors"].items():
        given = record.pop("_given", set())
        if "supply" not in given:
            record["supply"] = level["discs"] - discs.count(emperor) - record["out"]
        total = discs.count(emperor) + record["supply"] + record["out"]
        if total != level["discs"]:
            problems.append(f"emperors.{emperor}: {discs.count(emperor)} disc(s) on the board, "
                            f"{record['supply']} in supply and {record['out']} out make {total}, "
                            f"but the level gives {level['discs']}")
    armies = sum(1 for f in state["figures"].values() if f == "army")
    glory = sum(r["glory"] for r in state["emperors"].values())
    counted = {"agitation": discs.count("agitation") + glory,
               "revolt": discs.count("revolt"), "army": armies}
    reserve = position.get("reserve")
    if reserve is not None and (not isinstance(reserve, dict) or set(reserve) - set(counted)):
        problems.append("reserve: {agitation, revolt, army} expected")
        reserve = None
    state["reserve"] = {}
    for piece, used in counted.items():
        left = reserve.get(piece) if reserve and piece in reserve else t.totals[piece] - used
        if not isinstance(left, int) or left < 0 or left + used != t.totals[piece]:
            problems.append(f"reserve.{piece}: {used} in play and {left!r} in the reserve, but "
                            f"the game has {t.totals[piece]}")
            left = max(0, t.totals[piece] - used)
        state["reserve"][piece] = left


def _check_playable(t: Tables, state: dict, problems: list[str]) -> None:
    if len(frontiers_protected(state, t)) >= t.victory_frontiers:
        problems.append("discs: every frontier is protected: the game is already won")
    if problems:
        return
    counts = piece_counts(state)
    if counts["army"] != t.totals["army"]:
        problems.append("figures: the armies do not add up")
