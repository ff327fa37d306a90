"""`greedy`: one step ahead on the game's heuristic, on determinized copies."""

from __future__ import annotations

import orjson

from boardwright.engine import Action, GameState

from .base import Bot, Param
from .heuristics import heuristic_for

_EPS = 1e-9
_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def position_key(state: GameState, seat: int) -> bytes:
    """What `seat` knows of a position (its log-free view), as bytes to compare."""
    return orjson.dumps(state.view(seat, log=False), option=_SORTED)


class GreedyBot(Bot):
    """For each legal action: apply it to a copy and score the result for this seat.

    The copies come from `state.determinize(seat, rng)`, so hidden information (deck
    order, secret choices) is re-sampled, never read. With `samples` > 1 each action's
    value is the mean over that many determinizations. If the action leaves this seat
    with further choices, the state is evaluated as it stands (no deeper search).
    Ties are broken by the bot's own random stream.

    Cycle guard: within one run of its own consecutive decisions (nobody else acting in
    between), the bot never takes an action that brings it back to a position it has
    already been in during that run (two effects that undo each other, such as "2 insight:
    1 special" and "1 special: 2 insight", would otherwise be taken turn after turn whenever
    each looks better than the other on a fresh determinization). It takes its best action
    that leads somewhere new instead; if none does, its best one.
    """

    name = "greedy"
    doc = "one step ahead on the game's heuristic"
    params = (
        Param("samples", 1, "determinizations averaged per decision", minimum=1, maximum=1000),
        Param("explore", 0.0, "chance of a uniformly random action instead", minimum=0.0, maximum=1.0),
    )

    def __init__(self, seed: int = 0, **params: object) -> None:
        super().__init__(seed, **params)
        self._run: tuple[int, int, int] | None = None  # (game seed, seat, history length) expected next
        self._seen: set[bytes] = set()  # positions of the current run of own decisions

    def _continues(self, state: GameState, seat: int) -> bool:
        """Whether this decision follows the bot's own last one directly."""
        return self._run == (state.seed, seat, len(state.history))

    def _moved(self, state: GameState, seat: int) -> None:
        self._run = (state.seed, seat, len(state.history) + 1)

    def choose(self, state: GameState, seat: int) -> Action:
        actions = self._legal(state, seat)
        if not self._continues(state, seat):
            self._seen = set()
        if len(actions) == 1:
            self._moved(state, seat)
            return actions[0]
        explore = float(self.config["explore"])
        if explore > 0 and self.rng.below(1_000_000) < explore * 1_000_000:
            self._moved(state, seat)
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
        pick = self._avoid_cycle(state, seat, pick, totals, children)
        self._moved(state, seat)
        return actions[pick]

    def _avoid_cycle(
        self, state: GameState, seat: int, pick: int, totals: list[float], children: list[GameState]
    ) -> int:
        seen = self._seen
        seen.add(position_key(state, seat))
        key = position_key(children[pick], seat)
        if key in seen:
            for i in sorted(range(len(totals)), key=lambda i: -totals[i]):  # best first, stable
                other = position_key(children[i], seat)
                if other not in seen:
                    pick, key = i, other
                    break
        seen.add(key)
        return pick
