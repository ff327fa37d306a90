"""The bots' evaluation of a Martians position for one seat, from public information
and the seat's own purse. Co-operative and solo: the team's prospects (requirements met,
demand tokens left weighed by what they cost at the quarters summary, colonists lost,
penalty markers) and the work still ahead (plan.py: the actions and energy that the
demand to come, the open requirements and their buildings will cost, against the time and
energy the team has left, installations included); competitive and semi-co-op: the
seat's best corporation against the best rival.

Acting in a building is two decisions (put a marker, then the action), so inside a
building the value also counts the best single action still open there: one step of
look-ahead then sees why a marker is worth placing."""

from __future__ import annotations

from collections.abc import Callable

from boardwright.engine import GameState

from .content import RESOURCES
from .plan import ScenarioWork, quarters_plan, quarters_tokens, scenario_work
from .state import RES_INDEX, MartiansState

#: co-op and solo weights: satisfaction counts for little beside winning
REPUTATION = 0.3
#: an action still to perform, an energy marker the team will lack, an action beyond its time
ACTION, ENERGY_SHORT, TIME_SHORT = 0.8, 3.0, 2.0
#: energy beyond the plan, a good waiting for an unfinished building, a penalty marker,
#: a time unit left with work for it
SURPLUS, GATED, MARKER, IDLE = 0.15, 1.0, 1.5, 0.3
#: an open requirement: its condition met, its goods in store (a requirement done is 10)
REQ_CONDITION, REQ_GOODS = 6.0, 3.0
#: semi-co-op: weight of the team's prospects beside the seat's lead in reputation
SEMI_TEAM = 0.5

_FOOD, _MEDICINE, _CREDITS = RES_INDEX["food"], RES_INDEX["medicine"], RES_INDEX["credits"]

WORTH = {"regolith": 0.4, "dirty_ice": 0.4, "energy": 0.5, "supplies": 0.6, "food": 1.5, "medicine": 2.0,
         "drinking_water": 0.6, "credits": 0.2}


def _stock(s: MartiansState, purse: int, worth: dict[str, float] = WORTH) -> float:
    return sum(worth[k] * s.res[purse][i] for i, k in enumerate(RESOURCES))


def _team(s: MartiansState, purse: int = 0) -> float:
    last = s.cycle >= s.cycles
    ox, dis, hun, birth = quarters_tokens(s)  # the tokens of every quarters
    dead = sum(s.dead)
    alive = sum(s.colonists) - dead
    value = REPUTATION * s.reputation[purse] + 2.0 * alive - 6.0 * dead
    # an oxygen token left kills a colonist of every corporation; disease and hunger cost
    # an action marker, and at the end of the last cycle any token loses the game
    value -= (10.0 if last else 5.0 * s.corps) * ox
    # food and medicine in store will be delivered against hunger and disease (two a turn)
    res = s.res[purse]
    food, med = res[_FOOD], res[_MEDICINE]
    pen_d, pen_h = (8.0 if last else 3.0), (6.0 if last else 1.5)
    value -= pen_d * (max(0, dis - med) + 0.3 * min(dis, med))
    value -= pen_h * (max(0, hun - food) + 0.3 * min(hun, food))
    work = scenario_work(s, purse, birth) if _scenario(s) else None
    value += 10.0 * len(s.requirements_done) + _progress(res, work)
    # the work left to the end (plan.py): each action still needed, each energy marker
    # missing and each action beyond the time left is a step away from the win
    p = quarters_plan(s, purse, ox, dis, hun, birth, work)
    value -= ACTION * p.actions + ENERGY_SHORT * p.short["energy"] + TIME_SHORT * max(0.0, p.actions - p.time)
    value += IDLE * min(p.time, p.actions)  # time that still has work to do
    value += SURPLUS * max(0.0, p.income - p.energy) - GATED * p.gated
    value += 0.1 * res[_CREDITS] + 0.4 * sum(s.hand)
    # penalty markers: out of use until regained (the infirmary's time unit is in the plan)
    markers = 0
    for box in s.infirmary:
        markers += len(box)
    for box in s.apartments:
        markers += len(box)
    value -= MARKER * markers
    return value


def _requirements_progress(s: MartiansState, purse: int = 0) -> float:
    """Open requirements: part of their worth for the way made towards the condition and
    for the goods (and mineral cards) in store that the mission will pay."""
    if not _scenario(s):
        return 0.0
    return _progress(s.res[purse], scenario_work(s, purse, sum(q[3] for q in s.quarters)))


def _progress(res: list[int], work: ScenarioWork | None) -> float:
    """`_requirements_progress` from the requirements' reading (`plan.scenario_work`)."""
    if work is None:
        return 0.0
    value = 0.0
    for share, cost, have, want in work.progress:
        for i, n in cost:
            amount = res[i]
            have += n if n < amount else amount  # min(amount, n)
        value += REQ_CONDITION * share + REQ_GOODS * have / want
    return value


def _scenario(s: MartiansState) -> bool:
    return bool(s.content.scenarios) and s.options.get("solo_goal", "scenario") == "scenario"


#: decisions inside one action (a building's actions, excavation, regolith examination)
INSIDE = ("building", "dig", "examine")


def _inside(s: MartiansState, depth: int = 2, value: Callable[[MartiansState], float] = _team,
            base: float | None = None, spend: bool = False) -> float:
    """Inside a building, an excavation or an examination: the best open step's gain,
    discounted (look-ahead of `depth` steps), so that a marker placed or an excavation
    started is worth what it leads to. `base`: `value(s)` when the caller has it already;
    `spend`: `s` is a copy of the look-ahead's own, which its last step may play on."""
    if depth <= 0 or not s.tasks or s.tasks[-1][0] not in INSIDE or s.over:
        return 0.0
    corp = int(s.tasks[-1][1])
    seat = s.seat_of(corp)
    if base is None:
        base = value(s)
    steps = [a for a in s.legal_actions(seat) if a.id not in ("leave", "skip")]
    last = len(steps) - 1
    best = 0.0
    for i, a in enumerate(steps):
        child = s if spend and i == last else s.clone()
        assert isinstance(child, MartiansState)
        child.apply_listed(seat, a)  # listed in this very position's decision
        if child.over:
            continue
        # one excavation is several decisions (start, move the machine, dig, examine):
        # the look-ahead follows it to its end without spending a step on each
        step = 0 if child.tasks and child.tasks[-1][0] in ("dig", "examine") else 1
        worth = value(child)
        best = max(best, worth + _inside(child, depth - step, value, worth, True) - base)
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
        met = SEMI_TEAM * 50.0 if out.get("goal_met") else 0.0  # semi-co-op: the shared scenario
        return mine - max(others, default=0) + (100.0 if seat in out["winners"] else 0.0) + met
    if s.mode in ("solo", "coop"):
        team = _team(s)
        return team + _inside(s, base=team)
    if s.mode == "semi-coop" and _scenario(s):
        # the scenario is shared work: the team's plan beside the seat's lead in reputation,
        # with the look-ahead inside a building as in co-op
        def semi(x: MartiansState) -> float:
            return _rivalry(x, seat) + SEMI_TEAM * _team(x, x.purse(x.corps_of(seat)[0]))

        here = semi(s)
        return here + _inside(s, value=semi, base=here)
    return _rivalry(s, seat)


def _rivalry(s: MartiansState, seat: int) -> float:
    """Competitive and semi-co-op: the seat's best corporation against the best rival."""
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


def evaluate_every_seat(state: GameState) -> list[float]:
    """`[evaluate(state, p) for p in range(state.players)]`, computed once in solo and co-op
    where every seat has the team's value (a search scores every seat where a rollout stops)."""
    if isinstance(state, MartiansState) and state.mode in ("solo", "coop"):
        return [evaluate(state, 0)] * state.players
    return [evaluate(state, p) for p in range(state.players)]


def turn_of(state: GameState) -> int:
    """The corporation whose turn this is (its colonist decision, then the turn itself), -1
    between turns: a solo seat plays both corporations, and a search that counts rollouts in
    turns ends one where the corporation changes (bots/heuristics.py)."""
    if not isinstance(state, MartiansState):
        return -1
    if state.turn:
        return int(state.turn["corp"])
    top = state.tasks[-1] if state.tasks else None
    return int(top[1]) if top is not None and top[0] == "colonist" else -1


evaluate.every_seat = evaluate_every_seat  # type: ignore[attr-defined]
evaluate.turn_of = turn_of  # type: ignore[attr-defined]
