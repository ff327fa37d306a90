"""Beacon's hooks: what the shared layers ask a title for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from boardwright.engine import GameState

MAX_KEEPERS = 3


def setup_check(players: int, options: Mapping[str, Any]) -> str | None:
    solo = options["mode"] == "solo"
    if solo and players != 1:
        return "mode=solo is for 1 player"
    if not solo and players == 1:
        return "1 player plays mode=solo"
    return None


def outcome_kind(players: int, options: Mapping[str, Any]) -> str:
    return str(options["mode"])


def evaluate(state: GameState, seat: int) -> float:
    view = state.view(seat)
    mine = sum(k["light"] + 0.5 * k["oil"] for k in view["keepers"] if k["seat"] == seat)
    if view["mode"] in ("solo", "cooperative"):
        return float(sum(k["light"] + 0.5 * k["oil"] for k in view["keepers"]))
    others = [sum(k["light"] + 0.5 * k["oil"] for k in view["keepers"] if k["seat"] == s)
              for s in range(state.players) if s != seat]
    return mine - max(others, default=0.0)


def action_universe(players: int, options: Mapping[str, Any]) -> list[str]:
    ids = [f"signal:{n}" for n in range(3)] + ["gather", "rest"]
    ids += [f"light:{n}" for n in range(1, 40)]
    ids += [f"strike:{k}" for k in range(MAX_KEEPERS)]
    return ids


def render(console: Console, view: dict[str, Any], seat: int | None) -> None:
    table = Table(title=f"Beacon · round {view['round']} · {view['phase']} · goal {view['goal']}")
    for col in ("keeper", "seat", "light", "oil"):
        table.add_column(col)
    for k, keeper in enumerate(view["keepers"]):
        table.add_row(str(k), str(keeper["seat"]), str(keeper["light"]), str(keeper["oil"]))
    console.print(table)
    console.print(f"storm deck {view['storm_deck']} · past storms {view['storm_discard']}")
