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
    """Greedy/ISMCTS evaluation read from the state's public parts: a decided game is worth
    +-1000; Incredible Invention weighs the team's progress toward the round's row (VP,
    cubes on secret locations, completion) above everything else; Cipher Race is the seat's
    worth against the best opponent's."""
    st: Any = state
    res = st.result
    if st.scenario == "incredible-invention":
        if res is not None:
            return 1000.0 if res.get("won") else -1000.0 + 10.0 * st.round
        return _team(st)
    if res is not None:
        out = state.outcome()
        return 1000.0 if seat in out.get("winners", []) else -1000.0
    mine = _worth(st, seat)
    others = [_worth(st, p) for p in range(st.players) if p != seat]
    return float(mine - max(others, default=0.0))


def _team(st: Any) -> float:
    from .rounds import requirement

    if not st.round:
        return 0.0
    vp_need, cube_need, comp_need = requirement(st)
    vp = sum(pl["res"]["vp"] + pl.get("diamonds", 0) for pl in st.pl) + st.paid["vp"]
    cubes = st.paid["cubes"] + sum(len(st.cubes[a]) for a in range(st.board.n_districts, st.board.n_areas))
    quarters = 4 * st.completion + st.quarters
    spare = sum(pl["res"]["insight"] + 2 * pl["res"]["steam"] for pl in st.pl)
    progress = (
        6.0 * min(vp, vp_need)
        + 4.0 * min(cubes, cube_need)
        + 2.0 * min(quarters + spare, 4 * comp_need)
        + 1.5 * min(quarters, 4 * comp_need)
    )
    extra = 0.5 * max(0, vp - vp_need) + 0.3 * max(0, cubes - cube_need)
    rest = sum(_worth(st, p, ii=True) for p in range(st.players))
    return float(progress + extra + 0.3 * rest + 2.0 * len(st.cover))


def _worth(st: Any, p: int, ii: bool = False) -> float:
    pl = st.pl[p]
    if not pl.get("char"):
        return 0.0
    res = pl["res"]
    value = (
        0.15 * res["scrap"]
        + 0.1 * res["stamina"]
        + 0.4 * len(pl["play"])
        + 0.3 * len(pl["civs"])
        + 0.2 * sum(len(c) for c in pl["cols"])
        + 0.1 * len(pl["hand"])
    )
    if ii:
        return float(value)
    from .rounds import diamond_vp

    return float(
        value
        + res["vp"]
        + diamond_vp(pl.get("diamonds", 0))
        + 3.0 * len(pl["tablets"])
        + 0.3 * res["steam"]
        + 0.2 * res["insight"]
        + 0.6 * len(pl["done"])
    )
