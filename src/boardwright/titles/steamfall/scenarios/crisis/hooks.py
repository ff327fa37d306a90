"""The hooks with the Crisis scenario in them: the setup check (which option sets make
sense), the outcome kind, and the bots' evaluation (Crisis here; the other scenarios in the
title's heuristic module); the Crisis evaluation itself is in crisis_heuristic."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from boardwright.engine import GameState

from ... import hooks

CRISIS_ONLY = ("easy", "crushing")


def setup_check(players: int, options: Mapping[str, Any]) -> str | None:
    scenario = options["scenario"]
    difficulty = options.get("difficulty", "normal")
    if scenario == "crisis":
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Crisis uses no events)"
        if options.get("solo_items"):
            return "solo_items is a variant of Incredible Invention and Genesis solo, not of Crisis"
        if options.get("item_draft") and players == 1:
            return "solo Crisis plays both characters from one seat: the secret item draft needs two seats"
        return None
    if difficulty in CRISIS_ONLY:
        return f"difficulty {difficulty} is a Crisis level (Incredible Invention has normal and hard)"
    if options.get("crisis_promos"):
        return "crisis_promos adds the promo crisis cards: Crisis only"
    result: str | None = hooks.setup_check(players, options)
    return result


def outcome_kind(players: int, options: Mapping[str, Any]) -> str:
    if options["scenario"] == "crisis":
        return "cooperative"
    return str(hooks.outcome_kind(players, options))


def _other_evaluate() -> Any:
    for name in ("heuristic", "hooks"):
        try:
            mod = importlib.import_module(f"{__package__.partition('.scenarios')[0]}.{name}")
        except ImportError:
            continue
        fn = getattr(mod, "evaluate", None)
        if fn is not None:
            return fn
    raise RuntimeError("no Steamfall evaluation found")


def evaluate(state: GameState, seat: int) -> float:
    st: Any = state
    if st.scenario != "crisis":
        return float(_other_evaluate()(state, seat))
    from .heuristic import crisis_value

    return float(crisis_value(st))


def evaluate_every_seat(state: GameState) -> list[float]:
    """`evaluate` for every seat: in the co-operative scenarios (Incredible Invention, Crisis)
    the value is the team's, the same for every seat, so it is computed once."""
    st: Any = state
    if st.scenario in ("incredible-invention", "crisis"):
        return [evaluate(state, 0)] * state.players
    return [evaluate(state, p) for p in range(state.players)]


evaluate.every_seat = evaluate_every_seat  # type: ignore[attr-defined]
