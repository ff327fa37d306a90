"""Hook `balance`: what `boardwright report` shows about Crisis at Steamfall games.

Each game records its scenario, difficulty and the character each seat played; the
report then shows the team's success rate per scenario and difficulty (the co-operative
scenarios) and the win rate and mean score per character (every scenario: in co-op every
character of a winning team counts as a win).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.report.panels import BalanceHook, Breakdown, Observation, Panel, seat_results, seat_score

if TYPE_CHECKING:
    from .state import SteamfallState


def record(state: SteamfallState) -> dict[str, Any]:
    chars = state.content.characters
    return {
        "scenario": str(state.options["scenario"]),
        "difficulty": str(state.options.get("difficulty", "")),
        "characters": [chars[pl["char"]].name if pl.get("char") is not None else None for pl in state.pl],
    }


def panels(rows: list[dict[str, Any]]) -> list[Panel]:
    by_setting: dict[str, list[Observation]] = {}
    by_char: dict[str, dict[str, list[Observation]]] = {}
    for row in rows:
        data = row.get("balance")
        if not isinstance(data, dict) or "scenario" not in data:
            continue
        scenario, players = str(data["scenario"]), int(row["players"])
        results = seat_results(row)
        if row.get("kind") in ("cooperative", "solo"):
            label = f"{scenario} ({data.get('difficulty') or 'default'}), {players} players"
            score = row.get("team_score")
            by_setting.setdefault(label, []).append((results[0], float(score) if score is not None else None))
        for seat, name in enumerate(data.get("characters") or []):
            if name is not None and seat < len(results):
                by_char.setdefault(scenario, {}).setdefault(str(name), []).append(
                    (results[seat], seat_score(row, seat)))
    out: list[Panel] = []
    if by_setting:
        out.append(Breakdown("Team success rate by scenario, difficulty and player count", by_setting,
                             what="success rate", unit="games"))
    for scenario, groups in sorted(by_char.items()):
        out.append(Breakdown(f"By character: {scenario}", groups, flag=True,
                             note="A character's seat result in the games it was played."))
    return out


HOOK = BalanceHook(record=record, panels=panels)
