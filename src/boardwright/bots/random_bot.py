"""`random`: a uniformly random legal action."""

from __future__ import annotations

from boardwright.engine import Action, GameState

from .base import Bot


class RandomBot(Bot):
    name = "random"
    doc = "a uniformly random legal action"

    def choose(self, state: GameState, seat: int) -> Action:
        return self.rng.choice(self._legal(state, seat))
