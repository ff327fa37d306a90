"""The balance hooks of Martians and Crisis at Steamfall draw what the issues ask for:
success per mode and scenario (Martians), per character and scenario/difficulty (Steamfall)."""

from __future__ import annotations

import boardwright as bw
from boardwright.report.panels import Breakdown
from boardwright.simulate import simulate


def _rows(game_id: str, players: int, options: dict[str, object], games: int = 2) -> list[dict[str, object]]:
    return [r.to_dict() for r in simulate(game_id, games, players, "random", seed=3, options=options)]


def test_martians_success_by_mode_scenario_and_count() -> None:
    rows = (_rows("martians", 2, {"mode": "coop", "scenario": 2})
            + _rows("martians", 1, {"mode": "solo", "solo_goal": "commissions"})
            + _rows("martians", 3, {"mode": "semi-coop"}) + _rows("martians", 2, {"mode": "competitive"}))
    panels = {p.title: p for p in bw.game("martians").hook("balance").panels(rows)}
    modes = panels["Success rate by mode"]
    assert isinstance(modes, Breakdown)
    assert set(modes.groups) == {"coop", "solo (commissions)", "semi-coop"}
    assert len(modes.groups["coop"]) == 2
    scen = panels["Success rate by mode and mission scenario"]
    assert isinstance(scen, Breakdown) and "coop, scenario 2" in scen.groups
    assert "solo (commissions), scenario 1" not in scen.groups  # commissions play no scenario
    seats = panels["Win rate by seat (competitive and semi-co-op)"]
    assert isinstance(seats, Breakdown) and "competitive, 2 players, seat 1" in seats.groups


def test_steamfall_by_character_and_by_setting() -> None:
    rows = _rows("steamfall", 2, {"scenario": "incredible-invention"}) + _rows(
        "steamfall", 2, {"scenario": "cipher-race"})
    panels = {p.title: p for p in bw.game("steamfall").hook("balance").panels(rows)}
    setting = panels["Team success rate by scenario, difficulty and player count"]
    assert isinstance(setting, Breakdown) and len(setting.groups) == 1
    for scenario in ("incredible-invention", "cipher-race"):
        chars = panels[f"By character: {scenario}"]
        assert isinstance(chars, Breakdown)
        assert sum(len(v) for v in chars.groups.values()) == 4  # 2 games x 2 seats
