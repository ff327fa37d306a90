"""A small seeded random number generator whose whole state is one integer.

The game's randomness lives in the state (save, clone and replay need it), so the
generator must be cheap to copy and trivially serialisable: splitmix64 fits.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """splitmix64: one 64-bit integer of state, deterministic on every platform."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def copy(self) -> Rng:
        return Rng.from_state(self.state)

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix written out
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (`next64` written out in the loop: the same draws
        without two calls, as every random pick and game draw goes through here)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        # The rejection bound `_MASK - (_MASK + 1) % n` is above `_MASK - n`: a draw up to
        # that accepts without computing it (as in `shuffle`; the same draws).
        safe = _MASK - n
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= safe or z <= _MASK - (_MASK + 1) % n:
                self.state = state
                return z % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates from the last position: `j = below(i + 1)` for i = n-1 .. 1, with
        `below`, `next64` and `_mix` written out in the loop (the same draws, without three
        calls per item: searches reshuffle hidden decks on every determinization). `below`'s
        rejection bound is computed only for a draw above `MASK - n` (below it every bound
        up to n accepts; above it, about once in 10^17 draws, the exact bound decides)."""
        state = self.state
        safe = _MASK - len(seq)
        for n in range(len(seq), 1, -1):  # n = i + 1 items still to place
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z <= safe or z <= _MASK - (_MASK + 1) % n:
                    break
            j = z % n
            i = n - 1
            seq[i], seq[j] = seq[j], seq[i]
        self.state = state

    def fork(self, salt: int) -> Rng:
        """An independent stream derived from this one without advancing it."""
        return Rng(self.state ^ _mix((salt * _GOLDEN) & _MASK))
