"""Final Scoring (§10): region control, leftover resources, winner and ties."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import ref

if TYPE_CHECKING:
    from .state import NomadState

LEFTOVER = {"orirock": 9, "shard": 8, "oriron": 6}  # resources per point (§10.2)
CITY_WEIGHT = 2  # a mobile city counts as 2 influence in its region (§10.1)


def region_strength(s: NomadState) -> dict[str, list[int]]:
    board = s.board
    strength = {region: [0] * s.players for region in board.regions}
    for loc, owners in s.influence.items():
        for o in owners:
            strength[board.region_of[loc]][o] += 1
    for seat, site in enumerate(s.city):
        if site:
            strength[board.region_of[site]][seat] += CITY_WEIGHT
    return strength


def region_control(s: NomadState) -> dict[str, int | None]:
    """The controller of each region, or None when nobody leads alone (§10.1)."""
    out: dict[str, int | None] = {}
    for region, counts in region_strength(s).items():
        best = max(counts)
        leaders = [p for p, n in enumerate(counts) if n == best]
        out[region] = leaders[0] if best > 0 and len(leaders) == 1 else None
    return out


def outcome(s: NomadState) -> dict[str, Any]:
    control = region_control(s)
    breakdown: list[dict[str, Any]] = []
    totals: list[tuple[int, int, int]] = []
    for seat in range(s.players):
        regions = sorted(r for r, who in control.items() if who == seat)
        region_pts = sum(s.board.regions[r] for r in regions)
        leftover = sum(s.res[seat][i] // n for i, n in enumerate(LEFTOVER.values()))
        leftover += s.pure[seat]
        breakdown.append({
            "during_play": s.points[seat], "regions": region_pts, "regions_controlled": regions,
            "leftover_resources": leftover,
            "total": s.points[seat] + region_pts + leftover,
            "gold": s.gold[seat], "pure_originium": s.pure[seat],
        })
        totals.append((s.points[seat] + region_pts + leftover, s.gold[seat], s.pure[seat]))
    key = [(-t, -g, -p) for t, g, p in totals]
    ranking = sorted(range(s.players), key=lambda p: (key[p], p))
    best = key[ranking[0]]
    winners = [p for p in ranking if key[p] == best]
    reasons = []
    top = [p for p in ranking if key[p][0] == best[0]]
    if len(top) > 1:
        reasons.append(f"seats {top} tie on {-best[0]} points; more Gold wins")
        top_gold = [p for p in top if key[p][1] == best[1]]
        if len(top_gold) > 1:
            reasons.append(f"seats {top_gold} tie on Gold too; more Pure Originium wins")
            if len(winners) > 1:
                reasons.append(f"seats {winners} tie on everything and share the victory")
    ranks = {str(p): 1 + sum(1 for q in range(s.players) if key[q] < key[p]) for p in ranking}
    return {
        "mode": "competitive",
        "scores": [b["total"] for b in breakdown],
        "breakdown": breakdown,
        "ranking": ranking,
        "ranks": ranks,
        "winners": winners,
        "tie_breaks": reasons,
        "region_control": control,
        "rule": ref("10.3"),
    }
