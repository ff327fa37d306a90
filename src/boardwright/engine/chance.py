"""Explicit chance: a game's random events as nodes with their outcomes and probabilities.

Games draw through `GameState.draw(kind, outcomes)` and `GameState.shuffle(kind, seq)`.
Without the creation flag (`new_game(..., explicit_chance=True)`) a draw is one call of the
state's generator (`rng.below(n)`; a shuffle is `rng.shuffle`), so records, goldens and
speed are those of a game that calls the generator itself. With the flag, a draw whose
outcome is not known yet stops the action (or the setup) it happens in: the state keeps
its position from before that action, `chance()` returns the pending `ChanceEvent`, and
`apply_chance(k)` chooses outcome `k` and runs the action again from its start with the
outcomes chosen so far, until it completes or meets its next draw. A shuffle is a chain
of draws, one per position from the last (the same order as `Rng.shuffle`), so a game
with the flag whose chance outcomes are sampled with `ChanceEvent.sample(Rng(seed))` is
the game without the flag dealt by `seed`, action for action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rng import Rng

#: history's seat for a chance outcome
CHANCE_SEAT = -1


@dataclass(frozen=True)
class ChanceEvent:
    """A pending random event: `kind` (what is drawn: "deck", "die", ...), the outcomes'
    labels in order (outcome `k` is `labels[k]`) and their probabilities (uniform)."""

    kind: str
    labels: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.labels)

    @property
    def probabilities(self) -> list[float]:
        return [1.0 / len(self.labels)] * len(self.labels)

    def outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs, as OpenSpiel's `chance_outcomes`."""
        p = 1.0 / len(self.labels)
        return [(k, p) for k in range(len(self.labels))]

    def sample(self, rng: Rng) -> int:
        """An outcome drawn as the game without the flag draws it (one `rng.below(n)`)."""
        return rng.below(len(self.labels))

    def outcome_id(self, k: int) -> str:
        """The history's text for outcome `k` (`chance:KIND:k`)."""
        return f"chance:{self.kind}:{k}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "outcomes": list(self.labels), "probabilities": self.probabilities}


class ChancePending(Exception):
    """Raised by a draw whose outcome is not chosen yet (caught by the engine)."""

    def __init__(self, event: ChanceEvent) -> None:
        super().__init__(event.kind)
        self.event = event


@dataclass
class Feed:
    """The chance outcomes chosen so far for the action being run, read in order."""

    known: tuple[int, ...] = ()
    pos: int = 0

    def next(self, kind: str, outcomes: Sequence[Any], label: Callable[[Any], str] = str) -> int:
        if self.pos < len(self.known):
            k = self.known[self.pos]
            self.pos += 1
            if not 0 <= k < len(outcomes):
                raise ValueError(f"chance outcome {k} of {kind!r} is not one of its {len(outcomes)}")
            return k
        raise ChancePending(ChanceEvent(kind, tuple(map(label, outcomes))))


@dataclass(frozen=True)
class Pending:
    """An action (seat None: the setup) stopped at a draw: its outcomes so far and the event."""

    seat: int | None
    action_id: str | None
    known: tuple[int, ...]
    event: ChanceEvent = field(compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action_id, "outcomes": list(self.known)}


def parse_outcome(text: str) -> int:
    """The outcome number of a history entry `chance:KIND:k`."""
    head, _, k = text.rpartition(":")
    if not head.startswith("chance:") or not k.isdigit():
        raise ValueError(f"not a chance outcome: {text!r} (expected 'chance:KIND:N')")
    return int(k)
