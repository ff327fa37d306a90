"""The bots' evaluation of a Martians position for one seat, from public information
and the seat's own purse. Co-operative and solo: the team's prospects (satisfaction,
requirements met and the goods they ask for, demand tokens left weighed by what they cost
at the quarters summary, colonists lost, energy and the installations that make it,
buildings finished); competitive and semi-co-op: the seat's best corporation against the
best rival.

Acting in a building is two decisions (put a marker, then the action), so inside a
building the value also counts the best single action still open there: one step of
look-ahead then sees why a marker is worth placing."""

from __future__ import annotations

from boardwright.engine import GameState

from .content import RESOURCES
from .state import MartiansState

WORTH = {"regolith": 0.4, "dirty_ice": 0.4, "energy": 0.5, "supplies": 0.6, "food": 1.5, "medicine": 2.0,
         "drinking_water": 0.6, "credits": 0.2}
#: co-op and solo: energy is what the team runs out of
TEAM_WORTH = {**WORTH, "regolith": 0.9, "energy": 1.2, "medicine": 2.5, "drinking_water": 0.8}


def _stock(s: MartiansState, purse: int, worth: dict[str, float] = WORTH) -> float:
    return sum(worth[k] * s.res[purse][i] for i, k in enumerate(RESOURCES))


def _team(s: MartiansState) -> float:
    last = s.cycle >= s.cycles
    left = max(0, s.cycles - s.cycle)  # whole cycles still to come after this one
    ox = sum(q[0] for q in s.quarters)
    dis = sum(q[1] for q in s.quarters)
    hun = sum(q[2] for q in s.quarters)
    alive = sum(c - d for c, d in zip(s.colonists, s.dead, strict=True))
    value = float(s.reputation[0]) + 2.0 * alive - 6.0 * sum(s.dead)
    # an oxygen token left kills a colonist of every corporation; disease and hunger cost
    # an action marker, and at the end of the last cycle any token loses the game
    value -= (10.0 if last else 5.0 * s.corps) * ox
    # food and medicine in store will be delivered against hunger and disease (two a turn)
    food, med = s.have(0, "food"), s.have(0, "medicine")
    pen_d, pen_h = (8.0 if last else 2.0), (6.0 if last else 1.5)
    value -= pen_d * (max(0, dis - med) + 0.3 * min(dis, med))
    value -= pen_h * (max(0, hun - food) + 0.3 * min(hun, food))
    reqs = s.content.scenarios[int(s.options["scenario"])].requirements if _scenario(s) else []
    value += 10.0 * len(s.requirements_done)
    value += _stock(s, 0, TEAM_WORTH) + 0.4 * sum(s.hand)
    # energy to come: each installation marker produces once a cycle after round 2
    outputs = {i.id: i.output for i in s.content.board.installations}
    made = sum(outputs.get(k, 0) * len(v) for k, v in s.install.items())
    value += TEAM_WORTH["energy"] * made * (left + (0.5 if s.round <= 2 else 0.0))
    value -= 3.5 * len(s.unbuilt) + (3.0 * min(dis, 2) if "hospital" in s.unbuilt else 0.0)
    value -= 0.5 * sum(len(b) for b in s.infirmary) + 0.5 * sum(len(b) for b in s.apartments)
    done = {str(x[0]) for x in s.requirements_done}
    for r in reqs:
        if r.id in done:
            continue
        cost = r.cost
        have = sum(min(s.have(0, k), n) for k, n in cost.items())
        value += 1.5 * have / max(1, sum(cost.values()))
    return value


def _scenario(s: MartiansState) -> bool:
    return bool(s.content.scenarios) and s.options.get("solo_goal", "scenario") == "scenario"


#: decisions inside one action (a building's actions, excavation, regolith examination)
INSIDE = ("building", "dig", "examine")


def _inside(s: MartiansState, depth: int = 2) -> float:
    """Inside a building, an excavation or an examination: the best open step's gain,
    discounted (look-ahead of `depth` steps), so that a marker placed or an excavation
    started is worth what it leads to."""
    if depth <= 0 or not s.tasks or s.tasks[-1][0] not in INSIDE or s.over:
        return 0.0
    corp = int(s.tasks[-1][1])
    seat = s.seat_of(corp)
    base = _team(s)
    best = 0.0
    for a in s.legal_actions(seat):
        if a.id in ("leave", "skip"):
            continue
        child = s.clone()
        assert isinstance(child, MartiansState)
        child.apply(seat, a.id)
        if child.over:
            continue
        best = max(best, _team(child) + _inside(child, depth - 1) - base)
    return 0.9 * best


def evaluate(state: GameState, seat: int) -> float:
    if not isinstance(state, MartiansState):
        return 0.0
    s = state
    if s.over:
        out = s.outcome()
        if out["kind"] in ("cooperative", "solo"):
            if out.get("won") is None:
                return float(out.get("score") or 0.0)
            return (100.0 if out["won"] else -100.0) + float(s.reputation[0])
        scores: list[float] = out["scores"]
        mine = max(scores[c] for c in s.corps_of(seat))
        others = [v for c, v in enumerate(scores) if s.seat_of(c) != seat]
        return mine - max(others, default=0) + (100.0 if seat in out["winners"] else 0.0)
    if s.mode in ("solo", "coop"):
        return _team(s) + _inside(s)
    vals = []
    for corp in range(s.corps):
        p = s.purse(corp)
        own = [q for q in range(4) if s.owner[q] == corp] if s.mode == "competitive" else []
        v = s.reputation[p] + 0.5 * _stock(s, p) - 8.0 * s.dead[corp] - 1.5 * sum(
            sum(s.quarters[q][:3]) for q in own)
        vals.append(v)
    mine = max(vals[c] for c in s.corps_of(seat))
    others = [v for c, v in enumerate(vals) if s.seat_of(c) != seat]
    return mine - max(others, default=0.0)
