"""Per-game evaluation functions for bots: game id -> function(state, seat) -> float.

Higher is better for `seat`. A heuristic may read only what `seat` may know. A game
declares its own as the `heuristic` hook of its spec (imported on first use); games
without one fall back to `score_difference`.

A heuristic may carry an attribute `every_seat(state) -> list[float]`: exactly
`[h(state, p) for p in range(state.players)]`, with what the seats share computed once
(search bots score every seat of the position where a rollout stops). `every_seat(h)`
gives it, or that loop for a heuristic without one.

A heuristic may also carry `turn_of(state) -> object`: a value that changes exactly when a
new turn begins (say, the character whose turn it is). Search bots that count rollouts in
turns (`ismcts:unit=turn`) then also end a turn where it changes while the same seat keeps
acting, as in a solo game where one seat plays every character; without it a turn is one
seat's run of consecutive decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardwright.engine import GameSpec, GameState, games
from boardwright.engine import game as registry_game

Heuristic = Callable[[GameState, int], float]
EverySeat = Callable[[GameState], list[float]]
TurnOf = Callable[[GameState], object]

_LOADED: dict[str, Heuristic] = {}


def register_heuristic(game_id: str, fn: Heuristic) -> Heuristic:
    _LOADED[game_id] = fn
    return fn


def _number(x: Any) -> float:
    return float(x) if isinstance(x, int | float) and not isinstance(x, bool) else 0.0


def score_difference(state: GameState, seat: int) -> float:
    """Own score minus the best opponent's, from `state.outcome()`; a win adds a bonus at the end.

    Co-operative and solo outcomes: the team (or solo) score, plus or minus 100 once won or lost.
    """
    out = state.outcome()
    kind = out.get("kind")
    if kind in ("cooperative", "solo"):
        # the team (or the lone seat) against the game: its score, and the result at the end
        value = _number(out.get("team_score") if kind == "cooperative" else out.get("score"))
        if out.get("final") and out.get("won") is not None:
            value += 100.0 if out["won"] else -100.0
        return value
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


def heuristic_for(game: GameSpec | str) -> Heuristic:
    """The game's `heuristic` hook (or one registered here), else `score_difference`."""
    if isinstance(game, GameSpec):
        spec = game
    elif game in games():
        spec = registry_game(game)
    else:
        return _LOADED.get(game, score_difference)
    fn = _LOADED.get(spec.id)
    if fn is not None:
        return fn
    hooked: Heuristic | None = spec.hook("heuristic")
    return hooked if hooked is not None else score_difference


def every_seat(h: Heuristic) -> EverySeat:
    """The heuristic's `every_seat` when it has one, else a loop over the seats."""
    fast = getattr(h, "every_seat", None)
    if callable(fast):
        return fast  # type: ignore[no-any-return]
    return lambda state: [h(state, p) for p in range(state.players)]


def turn_of(h: Heuristic) -> TurnOf | None:
    """The heuristic's `turn_of` when it has one, else None (turns are the seats' runs)."""
    fn = getattr(h, "turn_of", None)
    return fn if callable(fn) else None


def evaluate(state: GameState, seat: int) -> float:
    return heuristic_for(state.spec)(state, seat)


def known() -> list[str]:
    return sorted(set(_LOADED) | {g for g in games() if registry_game(g).hooks.get("heuristic")})
