"""Hook `balance`: what `boardwright report` shows about Martians games.

Each game records its mode, scenario and solo goal; the report then shows the success
rate (the team's in co-op, the lone player's in solo, the shared goal's in semi-co-op)
per mode, per scenario and per mode and player count, and in the competitive and
semi-co-operative modes the win rate per turn position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.report.panels import BalanceHook, Breakdown, Observation, Panel, seat_results, seat_score

if TYPE_CHECKING:
    from .state import MartiansState


def record(state: MartiansState) -> dict[str, Any]:
    opts = state.options
    mode = str(opts["mode"])
    scenario = None if mode == "competitive" or (mode == "solo" and opts["solo_goal"] == "commissions") \
        else int(opts["scenario"])
    return {"mode": mode, "scenario": scenario, "solo_goal": opts["solo_goal"] if mode == "solo" else None}


def _success(row: dict[str, Any]) -> Observation | None:
    """One game's team result: won (co-op, solo) or the shared goal met (semi-co-op)."""
    kind = row.get("kind")
    score = row.get("team_score")
    if kind == "semi-cooperative":
        met = row.get("goal_met")
        return (1.0 if met else 0.0, None) if met is not None else None
    if kind in ("cooperative", "solo"):
        return (seat_results(row)[0], float(score) if score is not None else None)
    return None


def panels(rows: list[dict[str, Any]]) -> list[Panel]:
    by_mode: dict[str, list[Observation]] = {}
    by_scenario: dict[str, list[Observation]] = {}
    by_count: dict[str, list[Observation]] = {}
    by_seat: dict[str, list[Observation]] = {}
    for row in rows:
        data = row.get("balance")
        if not isinstance(data, dict) or "mode" not in data:
            continue
        mode, players = str(data["mode"]), int(row["players"])
        obs = _success(row)
        if obs is not None:
            label = mode if data.get("solo_goal") != "commissions" else "solo (commissions)"
            by_mode.setdefault(label, []).append(obs)
            by_count.setdefault(f"{label}, {players} players", []).append(obs)
            if data.get("scenario") is not None:
                by_scenario.setdefault(f"{label}, scenario {data['scenario']}", []).append(obs)
        if mode in ("competitive", "semi-coop"):
            results = seat_results(row)
            for seat in range(players):
                by_seat.setdefault(f"{mode}, {players} players, seat {seat}", []).append(
                    (results[seat], seat_score(row, seat)))
    out: list[Panel] = []
    if by_mode:
        note = ("Co-op and solo: the team won; semi-co-op: the shared scenario goal was met. "
                "A score-only solo game (commissions) counts as played, its score is the measure.")
        out.append(Breakdown("Success rate by mode", by_mode, what="success rate", unit="games", note=note))
    if by_scenario:
        out.append(Breakdown("Success rate by mode and mission scenario", by_scenario,
                             what="success rate", unit="games", flag=True))
    if by_count:
        out.append(Breakdown("Success rate by mode and player count", by_count,
                             what="success rate", unit="games"))
    if by_seat:
        out.append(Breakdown("Win rate by seat (competitive and semi-co-op)", by_seat))
    return out


HOOK = BalanceHook(record=record, panels=panels)
