"""Steamfall's hooks for the shared layers: setup check, outcome kind, heuristic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine import GameState


def setup_check(players: int, options: Mapping[str, Any]) -> str | None:
    scenario = options["scenario"]
    if scenario == "cipher-race":
        if players < 2:
            return "Cipher Race is for 2-4 players"
        if options.get("difficulty") != "normal":
            return "difficulty is a side of the Incredible Invention card; Cipher Race has none"
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Cipher Race always uses events)"
    if options.get("solo_items") and players != 1:
        return "solo_items is a solo variant (1 player)"
    if options.get("solo_items") and options.get("item_draft"):
        return "solo_items and item_draft both replace the starting item draw; choose one"
    return None


def outcome_kind(players: int, options: Mapping[str, Any]) -> str:
    return "cooperative" if options["scenario"] == "incredible-invention" else "competitive"


def evaluate(state: GameState, seat: int) -> float:
    """Greedy/ISMCTS evaluation from public information: VP, tablets, resources, board growth."""
    view = state.view(seat)
    if view.get("scenario") == "incredible-invention":
        inv = view.get("invention") or {}
        team = sum(_worth(pl) for pl in view["players"])
        return float(team + 3.0 * inv.get("completion", 0) + 0.75 * inv.get("quarters", 0))
    mine = _worth(view["players"][seat])
    others = [_worth(pl) for p, pl in enumerate(view["players"]) if p != seat]
    return float(mine - max(others, default=0.0))


def _worth(pl: dict[str, Any]) -> float:
    res = pl.get("res", {})
    return float(
        res.get("vp", 0) * 1.0
        + 3.0 * len(pl.get("tablets", []))
        + 0.15 * res.get("scrap", 0)
        + 0.3 * res.get("steam", 0)
        + 0.2 * res.get("insight", 0)
        + 0.1 * res.get("stamina", 0)
        + 0.4 * len(pl.get("play", []))
        + 0.3 * len(pl.get("civs", []))
        + 0.6 * len(pl.get("done", []))
        + 0.2 * sum(len(c) for c in pl.get("cols", []))
    )
