"""A state whose pending work is a stack of plain tuples (or lists): the common dispatch.

A game lists which task kinds wait for a seat's choice (DECISIONS: kind -> function
building the Decision; APPLY: kind -> function performing a chosen action) and runs its
automatic tasks in `run()`. Both games use this shape; see docs/architecture.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from .actions import Decision
from .state import GameState


class TaskStackState(GameState):
    __slots__ = ()

    DECISIONS: ClassVar[Mapping[str, Callable[..., Decision]]]
    APPLY: ClassVar[Mapping[str, Callable[..., None]]]

    tasks: list[Any]

    def run(self) -> None:
        """Resolve automatic tasks until a choice is owed or the game is over."""
        raise NotImplementedError

    def _decision_for(self, task: Sequence[Any], seat: int | None = None) -> Decision:
        return self.DECISIONS[task[0]](self, task, seat)

    def _decision(self, seat: int) -> Decision:
        return self._decision_for(self.tasks[-1], seat)

    def _apply(self, seat: int, action_id: str) -> None:
        top = self.tasks[-1]
        self.APPLY[top[0]](self, top, seat, action_id)
        self.run()
