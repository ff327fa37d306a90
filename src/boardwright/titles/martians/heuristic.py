"""The bots' evaluation of a Martians position for one seat, from public information
and the seat's own purse. Co-operative and solo: the team's prospects (satisfaction,
requirements met, needs left, colonists lost); competitive and semi-co-op: the seat's
best corporation against the best rival."""

from __future__ import annotations

from boardwright.engine import GameState

from .content import RESOURCES
from .state import MartiansState

WORTH = {"regolith": 0.4, "dirty_ice": 0.4, "energy": 0.5, "supplies": 0.6, "food": 1.5, "medicine": 2.0,
         "drinking_water": 0.6, "credits": 0.2}


def _stock(s: MartiansState, purse: int) -> float:
    return sum(WORTH[k] * s.res[purse][i] for i, k in enumerate(RESOURCES))


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
    needs = sum(sum(q[:3]) for q in s.quarters)
    if s.mode in ("solo", "coop"):
        return (s.reputation[0] + 5.0 * len(s.requirements_done) - 1.5 * needs - 8.0 * sum(s.dead)
                + _stock(s, 0) + 2.0 * sum(s.colonists))
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
