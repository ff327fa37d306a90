"""`greedy`: one step ahead on the game's heuristic, on determinized copies."""

from __future__ import annotations

from boardwright.engine import Action, GameState

from .base import Bot, Param
from .heuristics import heuristic_for

_EPS = 1e-9


class GreedyBot(Bot):
    """For each legal action: apply it to a copy and score the result for this seat.

    The copies come from `state.determinize(seat, rng)`, so hidden information (deck
    order, secret choices) is re-sampled, never read. With `samples` > 1 each action's
    value is the mean over that many determinizations. If the action leaves this seat
    with further choices, the state is evaluated as it stands (no deeper search).
    Ties are broken by the bot's own random stream.
    """

    name = "greedy"
    doc = "one step ahead on the game's heuristic"
    params = (
        Param("samples", 1, "determinizations averaged per decision", minimum=1, maximum=1000),
        Param("explore", 0.0, "chance of a uniformly random action instead", minimum=0.0, maximum=1.0),
    )

    def choose(self, state: GameState, seat: int) -> Action:
        actions = self._legal(state, seat)
        if len(actions) == 1:
            return actions[0]
        explore = float(self.config["explore"])
        if explore > 0 and self.rng.below(1_000_000) < explore * 1_000_000:
            return self.rng.choice(actions)
        evaluate = heuristic_for(state.spec)
        samples = int(self.config["samples"])
        totals = [0.0] * len(actions)
        for _ in range(samples):
            base = state.determinize(seat, self.rng)
            for i, action in enumerate(actions):
                child = base.clone()
                child.apply(seat, action.id)
                totals[i] += evaluate(child, seat)
        best = max(totals)
        top = [a for a, v in zip(actions, totals, strict=True) if v >= best - _EPS * samples]
        return top[0] if len(top) == 1 else self.rng.choice(top)
