"""End of the game per mode (§11) and the outcome, provisional while the game runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import outcome as oc

from .buildings import installations_of
from .glossary import name_of
from .goals import met
from .setup import scenario_requirements, uses_scenario

if TYPE_CHECKING:
    from .state import MartiansState


def demand_left(s: MartiansState, quarters: list[int]) -> int:
    return sum(sum(s.quarters[q][:3]) for q in quarters)


def requirements_met(s: MartiansState) -> bool:
    if not uses_scenario(s):
        return True
    reqs = scenario_requirements(s)
    return {r for r, _ in s.requirements_done} >= {r.id for r in reqs}


def mission(s: MartiansState) -> tuple[bool, str]:
    """The scenario's requirements met and no demand token left in the quarters (§11.1-§11.3)."""
    ok = requirements_met(s)
    left = demand_left(s, [0, 1, 2, 3])
    if ok and not left:
        return True, "every scenario requirement is met and the quarters hold no demand token"
    why = []
    if not ok:
        done = {r for r, _ in s.requirements_done}
        reqs = scenario_requirements(s)
        why.append("requirements not met: " + ", ".join(name_of(r.id) for r in reqs if r.id not in done))
    if left:
        why.append(f"{left} demand token(s) left in the quarters")
    return False, "; ".join(why)


def corp_score(s: MartiansState, corp: int, seat: int | None = None) -> dict[str, int]:
    """Competitive lines (§11.4), also used by solo commissions (§11.1) for both corporations.
    `seat`: the lines as that seat may know them mid-game: another player's hidden goals are
    secret until the end (§11.5), so they are left out."""
    p = s.purse(corp)
    own = [q for q in range(4) if s.owner[q] == corp]
    out = {"reputation": s.reputation[p], "demand_tokens": -3 * demand_left(s, own),
           "dead_colonists": -3 * s.dead[corp], "energy": s.have(p, "energy") // 3,
           "fourth_colonist": 2 if s.colonists[corp] >= 4 else 0}
    if s.mode == "competitive" and s.goals and (seat is None or seat == s.seat_of(corp)):
        out["hidden_goals"] = sum(s.content.goals[g].reputation for g in s.goals[corp] if met(s, corp, g))
    out["total"] = sum(out.values())
    return out


def outcome(s: MartiansState, seat: int | None = None) -> dict[str, Any]:
    """The outcome; with `seat`, the running one as that seat may know it (§11.5)."""
    final = s.over
    if s.mode == "solo" and not uses_scenario(s):
        b = {"reputation": s.reputation[0], "demand_tokens": -3 * demand_left(s, [0, 1, 2, 3]),
             "dead_colonists": -3 * sum(s.dead), "energy": s.have(0, "energy") // 3,
             "fourth_colonist": 2 if any(n >= 4 for n in s.colonists) else 0}
        score = sum(b.values())
        return oc.solo(won=None, reason=f"commissions: {score} reputation", score=score, final=final,
                       breakdown=b)
    if s.mode in ("solo", "coop"):
        won, why = mission(s)
        b = {"satisfaction": s.reputation[0], "requirements_done": len(s.requirements_done),
             "demand_tokens": demand_left(s, [0, 1, 2, 3]), "dead_colonists": sum(s.dead)}
        if s.mode == "solo":
            return oc.solo(won=won if final else None, reason=why, score=None, final=final, breakdown=b)
        return oc.cooperative(s.players, won=won if final else None, reason=why, team_score=s.reputation[0],
                              final=final, breakdown=b)
    if s.mode == "semi-coop":
        met_goal, why = mission(s)
        keys: list[tuple[int, ...]] = []
        breakdown = []
        for corp in range(s.corps):
            p = s.purse(corp)
            own = [q for q in range(4) if s.owner[q] == corp]
            b = {"reputation": s.reputation[p], "energy": s.have(p, "energy") // 3}
            b["total"] = b["reputation"] + b["energy"]
            keys.append((b["total"], -demand_left(s, own), s.have(p, "credits")))
            breakdown.append(b)
        return oc.semi_cooperative(keys, ("reputation", "fewer demand tokens in own quarters", "credits"),
                                   goal_met=met_goal if final else None, reason=why,
                                   nobody_wins_on_failure=bool(s.options["scenario_required"]),
                                   final=final, breakdown=breakdown)
    breakdown = [corp_score(s, corp, seat) for corp in range(s.corps)]
    keys = [(b["total"], s.have(s.purse(c), "credits"), -s.dead[c], installations_of(s, c))
            for c, b in enumerate(breakdown)]
    return oc.competitive(keys, ("reputation", "credits", "fewer dead colonists", "installations"),
                          final=final, breakdown=breakdown)
