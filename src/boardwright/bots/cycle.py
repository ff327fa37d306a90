"""The bots' cycle guard: within one run of a seat's own consecutive decisions, never take an
action that leads back to a position of that run.

Two effects that undo each other (a civilian's "2 insight: 1 special" beside another's "1
special: 2 insight", "1 charm: 2 movement" beside "2 movement: 1 charm") are each legal any
number of times, and a bot that likes each on its own would take them in turn for ever: the
game would never end. The guard remembers what the seat knows of each position of the run
(its log-free view) and, when the bot's pick leads to one of them, takes its next best pick
that leads somewhere new; if none does, its first pick."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import orjson

from boardwright.engine import GameState

_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def position_key(state: GameState, seat: int) -> bytes:
    """What `seat` knows of a position (its log-free view), as bytes to compare."""
    return orjson.dumps(state.view(seat, log=False), option=_SORTED)


class CycleGuard:
    """The positions of the current run of one bot's own decisions."""

    def __init__(self) -> None:
        self._run: tuple[int, int, int] | None = None  # (game seed, seat, history length) expected next
        self._seen: set[bytes] = set()

    def begin(self, state: GameState, seat: int) -> None:
        """Call at each decision: a decision that does not follow the bot's own last one
        directly starts a new run."""
        if self._run != (state.seed, seat, len(state.history)):
            self._seen = set()

    def moved(self, state: GameState, seat: int) -> None:
        """Call with the state before the chosen action is applied."""
        self._run = (state.seed, seat, len(state.history) + 1)

    def pick(
        self, state: GameState, seat: int, ranked: Sequence[int], child: Callable[[int], GameState]
    ) -> int:
        """The first of `ranked` (best first) whose `child(i)` position is new in this run,
        else `ranked[0]`; the current position and the pick's are remembered."""
        seen = self._seen
        seen.add(position_key(state, seat))
        first = ranked[0]
        key = position_key(child(first), seat)
        if key in seen:
            for i in ranked[1:]:
                other = position_key(child(i), seat)
                if other not in seen:
                    first, key = i, other
                    break
        seen.add(key)
        return first
