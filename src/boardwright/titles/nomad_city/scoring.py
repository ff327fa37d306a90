"""Final Scoring (§10): region control, leftover resources, winner and ties."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine.outcome import rank

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
    ranked = rank(totals, ("points", "Gold", "Pure Originium"))
    return {
        "kind": "competitive",
        "scores": [b["total"] for b in breakdown],
        "breakdown": breakdown,
        **ranked,
        "region_control": control,
        "rule": ref("10.3"),
    }
