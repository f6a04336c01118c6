"""A bot for Tetrarchia: plays the four emperors one action at a time, by rules of thumb.

`choose(state)` returns the next action of the emperor whose turn it is. It reads the state and
never changes it; it rolls no dice of its own, so a game replays exactly from its seed. In order
of preference it:

1. comes back on the board (ROMA or his capital, whichever is nearer his work) and moves on from
   a province he is only passing through;
2. protects the frontier he stands on when its region is free of Revolt;
3. fights the armies, nearest ROMA first: attacks one within reach when the exact chance of
   winning (both dice, the support chains, the ×2 multipliers; `odds`) is fair, after cutting
   the army's chain of Revolt or placing a disc for support where that helps; or ends his turn
   in its path (a block: the army must attack him), ROMA at any odds; or, failing both, stands
   beside the army's next province so that the next emperor fights it with a ×2;
4. with the Revolt or Agitation reserve nearly empty, subdues the nearest such disc;
5. works towards a frontier: the team shares out the open frontiers by cost (travel and the
   Revolt discs to subdue); he subdues his region's Revolt discs, walks to its frontier and
   protects it, clearing the last Revolt discs the cheap way (into Agitation) when he can
   protect within the same turn; emperors left over help subdue where Revolt remains;
6. otherwise subdues the nearest Revolt disc, then tidies up where he stands (subdues, places a
   disc when the team can spare it).

He never ends a turn on a Revolt disc when he can help it, nor where an army may reach him
before his next turn at poor odds (except ROMA). A disc goes on an ordinary province only while
the team's unplaced discs exceed the open frontiers. He does not plan beyond the current turn,
trade PI or use the variants' powers (with a pending variant choice he takes the first option).

The module also provides what `forge.simulate` needs to play it (levels, setup options, the
ending, the round and the score).
"""
from __future__ import annotations

import heapq

from forge.engine.tetrarchia import RULES
from forge.engine.tetrarchia import combat
from forge.engine.tetrarchia.combat import own_discs, largest_chain
from forge.engine.tetrarchia.data import Tables, tables
from forge.engine.tetrarchia.end import score_of as _score_of
from forge.engine.tetrarchia.roman import can_leave, entry_points, step_cost
from forge.engine.tetrarchia.variants import fleet_zones

BOT_VERSION = "tetrarchia-bot/1"
END_TURN = {"type": "end_turn"}
ATTACK_AT = 0.35         # attack an army when the chance of winning is at least this
BLOCK_AT = 0.15          # stand in an army's path when the chance of beating it is at least this
SAFE_AT = 0.40           # otherwise never end a turn where an army may attack at worse odds
FLANK_STEPS = 12         # flank armies this many steps from ROMA or nearer (12: all of them)
LOW_RESERVE = 4          # with this few Revolt (or Agitation) discs left, subdue them first
BLOCK_AHEAD = 3          # how many provinces ahead of an army the bot will stand in its path
THREAT_STEPS = 4         # an army this many free steps away may attack before his next turn
INF = 10 ** 6


# --- what forge.simulate needs ------------------------------------------------------------------

def levels() -> tuple[str, ...]:
    """Every level, from the difficulty table: [discs fleets extra-revolts armies]."""
    rows = [values for _row, values in tables().difficulty]
    found = [""]
    for values in rows:
        found = [f"{prefix}{v}" for prefix in found for v in values]
    return tuple(found)


def setup_options(level: str) -> dict:
    """One player moving all four emperors; the fleets in the seas with the most coast."""
    t = tables()
    fleets = int(level[1])
    seas = sorted(t.seas, key=lambda s: (-len(t.coastal[s]), t.seas.index(s)))
    return {"level": level, "players": 1, "fleets": seas[:fleets]}


def ending(state: dict) -> dict | None:
    """None while the game runs; then its result, reason and 10-point score."""
    if state["phase"] != "over":
        return None
    outcome = state["outcome"]
    reason = outcome["reason"]
    if outcome.get("piece"):                      # which reserve ran out
        reason = f"{reason}:{outcome['piece']}"
    return {"result": outcome["result"], "reason": reason, "score": outcome["score"]["total"]}


def round_of(state: dict) -> int:
    """The round being played."""
    return state["round"]


def score_of(state: dict) -> int:
    """The 10-point score of the position (for a game stopped before its end)."""
    return _score_of(state, tables())["total"]


# --- odds ---------------------------------------------------------------------------------------

def odds(support: int, multiplier: int, army: int, army_multiplier: int) -> float:
    """The emperor's chance of beating the army with these sides, by the engine's combat."""
    return combat.outcomes(support, multiplier, army, army_multiplier).wins / 36


def fight_odds(state: dict, t: Tables, emperor: str, at: str, army_at: str,
               add_disc: bool = False, cut: bool = False) -> float:
    """The chance that `emperor`, standing in `at`, beats the army in `army_at` (either way).

    `add_disc`: with one of his discs placed in `at` first; `cut`: with the Revolt disc of
    `at` subdued first (no longer in the army's chain). The sides and the count of the 36
    rolls are the engine's own (forge.engine.tetrarchia.combat).
    """
    mine = own_discs(state, t, emperor)
    if add_disc:
        mine.add(at)
    revolts = {p for p, d in state["discs"].items() if d == "revolt"}
    if cut:
        revolts.discard(at)
    helpers = combat.helping_emperors(state, t, emperor, army_at)
    armies = combat.helping_armies(state, t, at, army_at)
    return odds(largest_chain(t, mine, at), t.multiplier ** len(helpers),
                largest_chain(t, revolts, army_at), t.multiplier ** len(armies))


# --- travel ---------------------------------------------------------------------------------------

_GRAPHS: dict = {}


class Graph:
    """The ways between provinces with the fleets where they lie: for each province, every
    neighbour by its cheapest way (link or fleet) and its cost before any Revolt surcharge; and
    the PI between any two provinces ignoring discs and figures (the bot's estimate of distance).
    """

    def __init__(self, state: dict, t: Tables):
        costs = t.costs
        fleets = _fleet_links(state, t)
        self.ways: dict[str, tuple] = {}
        for a in t.provinces:
            best: dict[str, tuple] = {}
            for b in t.neighbours[a]:
                best[b] = (costs["move_broken"] if b in t.broken[a] else costs["move"], "link",
                           None)
            for b, sea in fleets[a].items():
                if costs["move_fleet"] < best.get(b, (INF,))[0]:
                    best[b] = (costs["move_fleet"], "fleet", sea)
            self.ways[a] = tuple((b, *way) for b, way in best.items())
        self.far = {p: self._distances(p) for p in t.provinces}

    def _distances(self, start: str) -> dict[str, int]:
        found = {start: 0}
        queue = [(0, start)]
        while queue:
            cost, here = heapq.heappop(queue)
            if cost > found[here]:
                continue
            for there, step, _by, _sea in self.ways[here]:
                if cost + step < found.get(there, INF):
                    found[there] = cost + step
                    heapq.heappush(queue, (cost + step, there))
        return found


def graph(state: dict, t: Tables) -> Graph:
    """The Graph of the fleets' current position (built once per position of the fleets)."""
    key = (tuple(sorted(state["fleets"])), "mare-nostrvm" in state["variants"])
    found = _GRAPHS.get(key)
    if found is None:
        found = _GRAPHS[key] = Graph(state, t)
    return found


def _fleet_links(state: dict, t: Tables) -> dict[str, dict[str, str]]:
    """Province -> {coastal province reachable by fleet: the sea zone to name in the move}."""
    found: dict[str, dict[str, str]] = {p: {} for p in t.provinces}
    for group in fleet_zones(state, t):
        for sea in group:
            for a in t.coastal[sea]:
                on_a = next(s for s in group if s in t.coast[a])
                for s in group:
                    for b in t.coastal[s]:
                        if b != a:
                            found[a].setdefault(b, on_a)
    return found


class Reach:
    """Where the emperor can stop this turn, at what cost, and the first step of each path.

    Costs are the engine's (roman.step_cost): the way's cost plus the Revolt surcharge. Paths
    may pass through other emperors' provinces but never through an army's.
    """

    def __init__(self, state: dict, t: Tables, emperor: str, ways: dict):
        self.state, self.t, self.emperor = state, t, emperor
        self.start = state["emperors"][emperor]["at"]
        self.cost: dict[str, int] = {self.start: 0}
        self.first: dict[str, dict] = {}
        self._search(state["pi"], ways)

    def _search(self, budget: int, ways: dict) -> None:
        figures, discs = self.state["figures"], self.state["discs"]
        surcharge = self.t.costs["revolt_surcharge"]
        start, cost_of, first = self.start, self.cost, self.first
        queue = [(0, start)]
        while queue:
            cost, here = heapq.heappop(queue)
            if cost > cost_of[here]:
                continue
            for there, step, by, sea in ways[here]:
                total = cost + step
                if total > budget:
                    continue
                if discs.get(there) == "revolt":
                    total += surcharge
                    if total > budget:
                        continue
                if total >= cost_of.get(there, INF) or figures.get(there) == "army":
                    continue
                cost_of[there] = total
                if here == start:
                    action = {"type": "move", "to": there, "by": by}
                    if sea:
                        action["sea"] = sea
                    first[there] = action
                else:
                    first[there] = first[here]
                heapq.heappush(queue, (total, there))

    def stops(self) -> list[str]:
        """Provinces he may end a move in: reachable and free of other figures."""
        figures = self.state["figures"]
        return [p for p in self.cost if p == self.start or p not in figures]

    def step_towards(self, stop: str) -> dict | None:
        """The first move of the cheapest path to `stop`, checked against passing rules."""
        if stop == self.start:
            return None
        action = self.first[stop]
        to = action["to"]
        if to in self.state["figures"]:
            cost = step_cost(self.state, self.t, self.start, to, action["by"])
            if not can_leave(self.state, self.t, self.emperor, to, self.state["pi"] - cost):
                return None
        return action


# --- the bot --------------------------------------------------------------------------------------

def choose(state: dict) -> dict:
    """The next action of the emperor whose turn it is (the state is only read)."""
    if state["phase"] == "over":
        raise ValueError("the game is over")
    if state.get("pending"):
        return RULES.legal_actions(state)[0]          # a variant's choice: the first option
    if state["phase"] != "roman":
        return END_TURN                               # after a lost attack: the barbarians
    t = tables()
    emperor = state["turn"]
    if state["emperors"][emperor]["at"] is None:
        return _enter(state, t, emperor)
    turn = Turn(state, t, emperor)
    if state["emperors"][emperor]["passing"]:
        return turn.leave()
    return (turn.protect_frontier() or turn.fight() or turn.low_reserve()
            or turn.frontier_work() or turn.cleanup() or turn.tidy() or END_TURN)


def _enter(state: dict, t: Tables, emperor: str) -> dict:
    places = entry_points(state, t, emperor)
    if not places:
        return END_TURN
    goal = Turn.goal_for(state, t, emperor)
    far = graph(state, t).far
    best = min(places, key=lambda p: (far[p].get(goal, INF) if goal else 0, t.order[p]))
    return {"type": "enter", "province": best}


class Turn:
    """One decision of one emperor: what he sees from where he stands."""

    def __init__(self, state: dict, t: Tables, emperor: str):
        self.state, self.t, self.emperor = state, t, emperor
        self.me = state["emperors"][emperor]
        self.at = self.me["at"]
        self.pi = state["pi"]
        self.discs = state["discs"]
        paths = graph(state, t)
        self.far = paths.far
        self.reach = Reach(state, t, emperor, paths.ways)
        self._threat_map: dict[str, list[str]] | None = None

    # what to aim for from off the board

    @staticmethod
    def goal_for(state: dict, t: Tables, emperor: str) -> str | None:
        """Where an emperor off the board should head: the most urgent army, else a frontier."""
        armies = _armies_by_urgency(state, t)
        if armies and t.distance.get(armies[0], INF) <= FLANK_STEPS:
            return armies[0]
        regions = _open_regions(state, t)
        if not regions:
            return None
        return t.frontier_of[regions[0]]

    # 1. passing through another emperor's province

    def leave(self) -> dict:
        """Move on from a province held by another emperor: towards the cheapest free stop
        (perhaps through another emperor's province), else whatever move the rules allow."""
        stops = [p for p in self.reach.stops() if p != self.at]
        stops.sort(key=lambda p: (self.reach.cost[p], self.t.order[p]))
        for stop in stops:
            action = self.reach.step_towards(stop)
            if action is not None:
                return action
        moves = [a for a in RULES.legal_actions(self.state) if a["type"] == "move"]
        if moves:
            return {k: v for k, v in moves[0].items() if k != "cost"}
        return END_TURN

    # 2. the goal of the game

    def protect_frontier(self) -> dict | None:
        """Protect the frontier he stands on, when its region is free of Revolt."""
        t = self.t
        if (self.at in t.frontier and self.at not in self.discs and self.me["supply"] > 0
                and self.pi >= t.costs["protect_frontier"]
                and not _revolts_in(self.state, t, t.region_of[self.at])):
            return {"type": "protect"}
        return None

    # 3. the armies

    def fight(self) -> dict | None:
        """Attack, block or flank the most urgent army he can deal with this turn."""
        armies = _armies_by_urgency(self.state, self.t)
        for army in armies:
            action = self._attack(army) or self._block(army)
            if action is not None:
                return action
        for army in armies:
            if self.t.distance.get(army, INF) <= FLANK_STEPS:
                action = self._flank(army)
                if action is not None:
                    return action
        return None

    def _attack(self, army: str) -> dict | None:
        """Attack from the province (and after the preparation) that gives the best odds."""
        state, t = self.state, self.t
        best = None
        for stop in self.reach.stops():
            if army not in t.neighbours[stop]:
                continue
            cost = self.reach.cost[stop] + step_cost(state, t, stop, army, "link")
            for plan in self._preparations(stop):
                total = cost + sum(pi for _action, pi in plan)
                if total > self.pi:
                    continue
                cut = any(a.get("what") in ("revolt", "revolt_to_agitation") for a, _ in plan)
                placed = any(a["type"] == "protect" for a, _ in plan)
                chance = fight_odds(state, t, self.emperor, stop, army, placed, cut)
                key = (round(chance, 6), -total, -t.order[stop])
                if best is None or key > best[0]:
                    best = (key, stop, plan)
        if best is None or best[0][0] < ATTACK_AT:
            return None
        _key, stop, plan = best
        if stop != self.at:
            return self.reach.step_towards(stop)
        if plan:
            return plan[0][0]
        return {"type": "attack", "target": army}

    def _preparations(self, stop: str) -> list[list[tuple[dict, int]]]:
        """What he may do in `stop` before attacking from it: nothing, cut the army's chain of
        Revolt there, place a disc there for support, or both."""
        costs, disc = self.t.costs, self.discs.get(stop)
        plans: list[list[tuple[dict, int]]] = [[]]
        protect = ({"type": "protect"}, costs["protect"])
        may_place = self._may_place()
        if disc == "revolt":
            if self.state["reserve"]["agitation"] > 0:
                plans.append([({"type": "subdue", "what": "revolt_to_agitation"},
                               costs["revolt_to_agitation"])])
            subdue = ({"type": "subdue", "what": "revolt"}, costs["subdue_revolt"])
            plans.append([subdue] + ([protect] if may_place else []))
        elif disc == "agitation" and may_place:
            plans.append([({"type": "subdue", "what": "agitation"}, costs["subdue_agitation"]),
                          protect])
        elif disc is None and may_place and stop not in self.t.frontier:
            plans.append([protect])
        return plans

    def _block(self, army: str) -> dict | None:
        """Stand in the army's path (the first free province ahead of it), at fair odds."""
        state, t = self.state, self.t
        if self._blocked_by_other(army):
            return None
        for stop in _route_ahead(t, army, BLOCK_AHEAD):
            figure = state["figures"].get(stop)
            if figure == "army" or (figure is not None and stop != self.at):
                return None
            if stop not in self.reach.cost:
                continue
            spare = self.pi - self.reach.cost[stop]
            if not self._can_stay(stop, spare):
                continue
            placed = self.discs.get(stop) is None and self._may_place() and spare >= 1 \
                and stop not in t.frontier
            cut = self.discs.get(stop) == "revolt"
            chance = fight_odds(state, t, self.emperor, stop, army, placed, cut)
            if chance < BLOCK_AT and stop != t.roma:
                return None
            if stop != self.at:
                return self.reach.step_towards(stop)
            return self._settle()
        return None

    def _flank(self, army: str) -> dict | None:
        """Stand next to where the army will be after the coming advance (but not in its way),
        so that the next emperor fights it with a ×2; settle there."""
        state, t = self.state, self.t
        ahead = _route_ahead(t, army, 2)
        if not ahead or state["figures"].get(ahead[0]) is not None:
            return None
        will_be = ahead[0] if ahead[0] != t.roma else army
        best, best_key = None, None
        for stop in self.reach.stops():
            if stop in ahead or stop == army or will_be not in t.neighbours[stop]:
                continue
            spare = self.pi - self.reach.cost[stop]
            if not self._safe_end(stop, spare):
                continue
            key = (army not in t.neighbours[stop], self.reach.cost[stop], t.order[stop])
            if best_key is None or key < best_key:
                best, best_key = stop, key
        if best is None:
            return None
        if best != self.at:
            return self.reach.step_towards(best)
        return self._settle()

    def _blocked_by_other(self, army: str) -> bool:
        """Whether another emperor already stands in the army's path."""
        for stop in _route_ahead(self.t, army, BLOCK_AHEAD):
            figure = self.state["figures"].get(stop)
            if figure == "army":
                return False
            if figure is not None:
                return figure != self.emperor
        return False

    def _can_stay(self, stop: str, spare: int) -> bool:
        """Whether he can end his turn in `stop` without being removed by its Revolt."""
        disc = self.discs.get(stop)
        if disc == "revolt":
            return spare >= self.t.costs["subdue_revolt"]
        return True

    def _exposed(self, stop: str, spare: int) -> bool:
        """Whether an army may reach and attack him in `stop` before his next turn (a free
        road of at most THREAT_STEPS provinces ahead of it) at poor odds."""
        if stop == self.t.roma:
            return False                       # ROMA is held at any odds
        for army in self._threats().get(stop, ()):
            placed = self.discs.get(stop) is None and spare >= 1 and self._may_place()
            chance = fight_odds(self.state, self.t, self.emperor, stop, army, placed,
                                self.discs.get(stop) == "revolt")
            if chance < SAFE_AT:
                return True
        return False

    def _threats(self) -> dict[str, list[str]]:
        """Province -> the armies whose road to it is free within THREAT_STEPS steps."""
        if self._threat_map is None:
            figures = self.state["figures"]
            found: dict[str, list[str]] = {}
            for army in _armies_by_urgency(self.state, self.t):
                for stop in _route_ahead(self.t, army, THREAT_STEPS):
                    figure = figures.get(stop)
                    if figure == "army" or (figure is not None and figure != self.emperor):
                        break
                    found.setdefault(stop, []).append(army)
                    if figure is not None:
                        break
            self._threat_map = found
        return self._threat_map

    def _settle(self) -> dict | None:
        """Make the province he will end his turn in safe and strong: subdue, then a disc."""
        disc = self.discs.get(self.at)
        costs = self.t.costs
        if disc == "revolt" and self.pi >= costs["subdue_revolt"]:
            return {"type": "subdue", "what": "revolt"}
        if disc == "agitation" and self.pi >= costs["subdue_agitation"]:
            return {"type": "subdue", "what": "agitation"}
        if disc is None and self._may_place() and self.pi >= costs["protect"] \
                and self.at not in self.t.frontier:
            return {"type": "protect"}
        return END_TURN

    # 4. the reserve

    def low_reserve(self) -> dict | None:
        """With the Revolt or Agitation reserve nearly empty, subdue the nearest such disc."""
        reserve = self.state["reserve"]
        for kind in ("revolt", "agitation"):
            if reserve[kind] <= LOW_RESERVE:
                targets = [p for p, d in self.discs.items() if d == kind]
                action = self._subdue_nearest(targets)
                if action is not None:
                    return action
        return None

    # 5. the frontiers

    def frontier_work(self) -> dict | None:
        """Work on the frontier the team gives him: subdue its region, walk there, protect."""
        region = _assignment(self.state, self.t).get(self.emperor)
        if region is None:
            return None
        revolts = _revolts_in(self.state, self.t, region)
        if revolts:
            return self._finish(region, revolts) or self._subdue_nearest(revolts)
        frontier = self.t.frontier_of[region]
        if self.state["figures"].get(frontier) is not None or self.me["supply"] < 1:
            return None
        return self._go_and_do(frontier, self.t.costs["protect_frontier"])

    def _finish(self, region: str, revolts: list[str]) -> dict | None:
        """When this turn's PI can clear the region's last Revolt discs and protect its
        frontier, do it the cheap way: each Revolt turned into Agitation (1 PI, not 2), since
        the frontier needs its region free of Revolt only at the moment it is protected."""
        t, far = self.t, self.far
        frontier = t.frontier_of[region]
        if (self.me["supply"] < 1 or self.state["figures"].get(frontier) is not None
                or self.state["reserve"]["agitation"] < len(revolts)):
            return None
        here, spent, left = self.at, 0, set(revolts)
        while left:                                  # nearest first: a rough route
            nxt = min(left, key=lambda p: (far[here].get(p, INF), t.order[p]))
            spent += far[here].get(nxt, INF) + t.costs["revolt_surcharge"] * (nxt != here) \
                + t.costs["revolt_to_agitation"]
            here = nxt
            left.discard(nxt)
        spent += far[here].get(frontier, INF) + t.costs["protect_frontier"]
        if spent > self.pi:
            return None
        if self.at in revolts:
            return {"type": "subdue", "what": "revolt_to_agitation"}
        target = min(revolts, key=lambda p: (far[self.at].get(p, INF), t.order[p]))
        return self._go_and_do(target, t.costs["revolt_to_agitation"])

    def cleanup(self) -> dict | None:
        """Nothing better to do: subdue the nearest Revolt disc (each one can rise up)."""
        return self._subdue_nearest([p for p, d in self.discs.items() if d == "revolt"])

    def _subdue_nearest(self, targets: list[str]) -> dict | None:
        if not targets:
            return None
        kind = self.discs.get(targets[0])
        cost = self.t.costs["subdue_revolt" if kind == "revolt" else "subdue_agitation"]
        if self.at in targets:
            if self.pi >= cost:
                return {"type": "subdue", "what": kind}
            return None
        target = min(targets, key=lambda p: (self._estimate(p), self.t.order[p]))
        return self._go_and_do(target, cost)

    def _estimate(self, target: str) -> int:
        """PI to get to `target`: this turn's exact cost to a stop, then the static estimate."""
        return min(self.reach.cost[s] + self.far[s].get(target, INF) for s in self.reach.stops())

    def _go_and_do(self, target: str, then: int) -> dict | None:
        """A step towards `target`, where he wants `then` PI left to act; None once there."""
        if target == self.at:
            return None
        cost = self.reach.cost.get(target)
        if cost is not None and target not in self.state["figures"] and cost + then <= self.pi:
            return self.reach.step_towards(target)
        best, best_key = None, None
        for stop in self.reach.stops():
            if stop == target or not self._safe_end(stop, self.pi - self.reach.cost[stop]):
                continue
            key = (self.far[stop].get(target, INF), self.reach.cost[stop], self.t.order[stop])
            if best_key is None or key < best_key:
                best, best_key = stop, key
        if best is None or best == self.at:
            return None
        if best_key[0] >= self.far[self.at].get(target, INF):
            return None                                   # no nearer: do something useful here
        return self.reach.step_towards(best)

    def _safe_end(self, stop: str, spare: int) -> bool:
        """Whether he may end his turn in `stop`: no Revolt left under him, no lost fight."""
        return self._can_stay(stop, spare) and not self._exposed(stop, spare)

    # 6. the rest of the turn

    def tidy(self) -> dict | None:
        """Subdue where he stands, place a disc if the team can spare it, never stay on Revolt."""
        disc = self.discs.get(self.at)
        costs = self.t.costs
        if disc == "revolt":
            if self.pi >= costs["subdue_revolt"]:
                return {"type": "subdue", "what": "revolt"}
            return self._step_off() or ({"type": "subdue", "what": "revolt_to_agitation"}
                                        if self.pi >= costs["revolt_to_agitation"]
                                        and self.state["reserve"]["agitation"] > 0 else None)
        if disc == "agitation" and self.pi >= costs["subdue_agitation"]:
            return {"type": "subdue", "what": "agitation"}
        if disc is None and self.at not in self.t.frontier and self._may_place() \
                and self.pi >= costs["protect"]:
            return {"type": "protect"}
        return None

    def _step_off(self) -> dict | None:
        for stop in sorted(self.reach.stops(), key=lambda p: (self.reach.cost[p],
                                                               self.t.order[p])):
            if stop != self.at and self.discs.get(stop) != "revolt":
                action = self.reach.step_towards(stop)
                if action is not None and action["to"] == stop:
                    return action
        return None

    def _may_place(self) -> bool:
        """Whether a disc can go on an ordinary province and leave enough for the frontiers."""
        if self.me["supply"] < 2:
            return False
        spare = sum(v["supply"] for v in self.state["emperors"].values())
        return spare - 1 > _open_frontiers(self.state, self.t)


# --- the team's view --------------------------------------------------------------------------------

def _armies_by_urgency(state: dict, t: Tables) -> list[str]:
    armies = [p for p, f in state["figures"].items() if f == "army"]
    return sorted(armies, key=lambda p: (t.distance.get(p, INF), t.order[p]))


def _route_ahead(t: Tables, army: str, count: int) -> list[str]:
    path, here = [], army
    while len(path) < count and here in t.route_next:
        here = t.route_next[here]
        path.append(here)
        if here == t.roma:
            break
    return path


def _revolts_in(state: dict, t: Tables, region: str) -> list[str]:
    discs = state["discs"]
    return [p for p in t.region_provinces[region] if discs.get(p) == "revolt"]


def _open_frontiers(state: dict, t: Tables) -> int:
    emperors = state["emperors"]
    return sum(1 for r in t.outer_regions if state["discs"].get(t.frontier_of[r]) not in emperors)


def _open_regions(state: dict, t: Tables) -> list[str]:
    """Outer regions whose frontier is still open, cheapest (fewest Revolt discs) first."""
    emperors = state["emperors"]
    regions = [r for r in t.outer_regions if state["discs"].get(t.frontier_of[r]) not in emperors]
    return sorted(regions, key=lambda r: (len(_revolts_in(state, t, r)), t.outer_regions.index(r)))


def _region_cost(state: dict, t: Tables, far: dict, at: str, region: str) -> int:
    """The PI an emperor in `at` would need to protect the region's frontier, roughly."""
    frontier = t.frontier_of[region]
    revolts = _revolts_in(state, t, region)
    subdue = t.costs["subdue_revolt"] + t.costs["revolt_surcharge"]
    if revolts:
        nearest = min(revolts, key=lambda p: far[at].get(p, INF))
        travel = far[at].get(nearest, INF) + far[nearest].get(frontier, INF)
    else:
        travel = far[at].get(frontier, INF)
    return travel + subdue * len(revolts) + t.costs["protect_frontier"]


def _assignment(state: dict, t: Tables) -> dict[str, str]:
    """Every emperor's region: the open frontiers shared out among the emperors with discs,
    cheapest pairs first; the emperors left over help where the most Revolt remains."""
    far = graph(state, t).far
    regions = [r for r in _open_regions(state, t)
               if state["figures"].get(t.frontier_of[r]) != "army"]
    pairs = []
    for emperor in t.emperors:
        record = state["emperors"][emperor]
        at = record["at"] or t.roma
        for region in regions:
            pairs.append((record["supply"] < 1, _region_cost(state, t, far, at, region),
                          t.emperors.index(emperor), t.outer_regions.index(region), emperor,
                          region))
    pairs.sort()
    given: dict[str, str] = {}
    taken: set[str] = set()
    for *_key, emperor, region in pairs:
        if emperor not in given and region not in taken and state["emperors"][emperor]["supply"]:
            given[emperor] = region
            taken.add(region)
    for *_key, emperor, region in pairs:              # helpers: subdue where work is left
        if emperor not in given and _revolts_in(state, t, region):
            given[emperor] = region
    return given
