"""A leaf evaluator for OpenSpiel's Python MCTS and IS-MCTS that rolls out in the engine.

OpenSpiel's `mcts.RandomRolloutEvaluator` plays each rollout through the pyspiel state (a
`legal_actions`, a numpy draw and an `apply_action` per step) to the end of the game, and
its value at a cut-off is `returns()`, which is 0 for every seat before the end. This one
is the rollout our own `ismcts` bot uses, run on the engine state behind the pyspiel state:
uniformly random legal actions for `depth` decisions (None: to the end; 0: no rollout, the
leaf itself is scored), then the seats' rewards at the end (`rl.settings.seat_rewards`, as
`returns()`), or at the cut-off the game's heuristic (`bots.heuristics`) squashed into
[0, 1] by a logistic of `value / scale`. (Our `ismcts` bot's `depth=0` means to the end;
here that is `None`.)

    from open_spiel.python.algorithms import ismcts
    from boardwright.openspiel import EngineRolloutEvaluator
    bot = ismcts.ISMCTSBot(game, EngineRolloutEvaluator(depth=20, seed=1), 0.7, 200, ...)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from boardwright.bots.heuristics import every_seat, heuristic_for
from boardwright.engine import Rng
from boardwright.rl.settings import seat_rewards

from .game import engine_state


def squash(value: float, scale: float) -> float:
    z = value / scale
    if z > 40:
        return 1.0
    if z < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


class EngineRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Random rollouts on an engine clone, cut after `depth` decisions (None: to the end) and
    scored by the game's heuristic; `n_rollouts` are averaged; `seed` makes them repeatable."""

    def __init__(
        self, depth: int | None = 20, n_rollouts: int = 1, seed: int = 0, scale: float = 10.0
    ) -> None:
        if (depth is not None and depth < 0) or n_rollouts < 1 or scale <= 0:
            raise ValueError("depth must be >= 0, n_rollouts >= 1 and scale > 0")
        self.depth = depth
        self.n_rollouts = n_rollouts
        self.scale = scale
        self.rng = Rng(seed)
        self._heuristics: dict[str, Any] = {}

    def evaluate(self, state: Any) -> np.ndarray:
        inner = engine_state(state)
        if self.depth == 0 and inner.chance() is None:  # the leaf is scored as it is: no clone
            return np.array(self._rollout(inner))
        if self.n_rollouts == 1:
            return np.array(self._rollout(inner.clone()))
        total = np.zeros(inner.players)
        for _ in range(self.n_rollouts):
            total += self._rollout(inner.clone())
        return total / self.n_rollouts

    def _rollout(self, st: Any) -> list[float]:
        rng, steps, players = self.rng, 0, st.players
        while True:
            event = st.chance()  # explicit chance: drawn as the engine would draw it
            if event is not None:
                st.apply_chance(event.sample(rng))
                continue
            acting = st.to_act
            if not acting:
                return seat_rewards(st.outcome(), players, bounded=True)
            if self.depth is not None and steps >= self.depth:
                scale = self.scale
                return [squash(v, scale) for v in self._heuristic(st.spec)(st)]
            seat = acting[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
            steps += 1

    def _heuristic(self, spec: Any) -> Any:
        hit = self._heuristics.get(spec.id)
        if hit is None:
            hit = self._heuristics[spec.id] = every_seat(heuristic_for(spec))
        return hit

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes at a chance node)."""
        if state.is_chance_node():
            return state.chance_outcomes()  # type: ignore[no-any-return]
        uniform = getattr(state, "uniform_prior", None)  # this adapter's states: memoized
        if uniform is not None:
            return uniform()  # type: ignore[no-any-return]
        legal = state.legal_actions(state.current_player())  # another pyspiel state
        return [(a, 1.0 / len(legal)) for a in legal]
