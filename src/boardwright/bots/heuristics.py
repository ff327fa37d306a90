"""Per-game evaluation functions for bots: game id -> function(state, seat) -> float.

Higher is better for `seat`. A heuristic may read only what `seat` may know. Games
register theirs here (lazily, by module path, so importing the bots does not import
every game); games without one fall back to `score_difference`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from boardwright.engine import GameState

Heuristic = Callable[[GameState, int], float]

# game id -> "module:function", imported the first time the game is evaluated
_LAZY: dict[str, str] = {
    "flow-of-history": "boardwright.titles.flow_of_history.heuristic:evaluate",
    "nomad-city": "boardwright.titles.nomad_city.heuristic:evaluate",
}
_LOADED: dict[str, Heuristic] = {}


def register_heuristic(game_id: str, fn: Heuristic) -> Heuristic:
    _LOADED[game_id] = fn
    return fn


def _number(x: Any) -> float:
    return float(x) if isinstance(x, int | float) and not isinstance(x, bool) else 0.0


def score_difference(state: GameState, seat: int) -> float:
    """Own score minus the best opponent's, from `state.outcome()`; a win adds a bonus at the end.

    A co-operative outcome (no per-seat scores, a `won` flag) scores 1 for a win, -1 for a loss.
    """
    out = state.outcome()
    scores = out.get("scores")
    if isinstance(scores, list) and len(scores) > seat:
        values = [_number(v) for v in scores]
        others = [v for i, v in enumerate(values) if i != seat]
        diff = values[seat] - (max(others) if others else 0.0)
        if out.get("final"):
            winners = out.get("winners") or []
            if seat in winners:
                diff += 100.0 / len(winners)
        return diff
    if out.get("final") and "won" in out:
        return 1.0 if out["won"] else -1.0
    return 0.0


def heuristic_for(game_id: str) -> Heuristic:
    fn = _LOADED.get(game_id)
    if fn is not None:
        return fn
    path = _LAZY.get(game_id)
    if path is None:
        return score_difference
    module, _, attr = path.partition(":")
    loaded: Heuristic = getattr(importlib.import_module(module), attr)
    _LOADED[game_id] = loaded
    return loaded


def evaluate(state: GameState, seat: int) -> float:
    return heuristic_for(state.spec.id)(state, seat)


def known() -> list[str]:
    return sorted(set(_LAZY) | set(_LOADED))
