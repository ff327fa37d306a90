"""`greedy`: one step ahead on the game's heuristic, on determinized copies."""

from __future__ import annotations

from boardwright.engine import Action, GameState

from .base import Bot, Param
from .cycle import CycleGuard, position_key
from .heuristics import heuristic_for

__all__ = ["GreedyBot", "position_key"]

_EPS = 1e-9


class GreedyBot(Bot):
    """For each legal action: apply it to a copy and score the result for this seat.

    The copies come from `state.determinize(seat, rng)`, so hidden information (deck
    order, secret choices) is re-sampled, never read. With `samples` > 1 each action's
    value is the mean over that many determinizations. If the action leaves this seat
    with further choices, the state is evaluated as it stands (no deeper search).
    Ties are broken by the bot's own random stream.

    Cycle guard (bots/cycle.py): within one run of its own consecutive decisions (nobody
    else acting in between), the bot never takes an action that brings it back to a
    position it has already been in during that run (two effects that undo each other, such
    as "2 insight: 1 special" and "1 special: 2 insight", would otherwise be taken turn after
    turn whenever each looks better than the other on a fresh determinization). It takes its
    best action that leads somewhere new instead; if none does, its best one.
    """

    name = "greedy"
    doc = "one step ahead on the game's heuristic"
    params = (
        Param("samples", 1, "determinizations averaged per decision", minimum=1, maximum=1000),
        Param("explore", 0.0, "chance of a uniformly random action instead", minimum=0.0, maximum=1.0),
    )

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self._guard = CycleGuard()

    def choose(self, state: GameState, seat: int) -> Action:
        actions = self._legal(state, seat)
        self._guard.begin(state, seat)
        if len(actions) == 1:
            self._guard.moved(state, seat)
            return actions[0]
        explore = float(self.config["explore"])
        if explore > 0 and self.rng.below(1_000_000) < explore * 1_000_000:
            self._guard.moved(state, seat)
            return self.rng.choice(actions)
        evaluate = heuristic_for(state.spec)
        samples = int(self.config["samples"])
        totals = [0.0] * len(actions)
        children: list[GameState] = []
        for _ in range(samples):
            base = state.determinize(seat, self.rng)
            children = []
            for i, action in enumerate(actions):
                child = base.clone()
                child.apply(seat, action.id)
                totals[i] += evaluate(child, seat)
                children.append(child)
        best = max(totals)
        top = [i for i, v in enumerate(totals) if v >= best - _EPS * samples]
        pick = top[0] if len(top) == 1 else self.rng.choice(top)
        ranked = [pick, *sorted(range(len(totals)), key=lambda i: -totals[i])]  # best first, stable
        pick = self._guard.pick(state, seat, ranked, children.__getitem__)
        self._guard.moved(state, seat)
        return actions[pick]
