"""Fixed-size numeric observations of one seat's view.

A title's `rl_observation` hook (`spec.hook("rl_observation")`, see engine/hooks.py) is a
module with `OBSERVATION_SIZE: int` and `encode_view(view) -> np.ndarray`, turning
`state.view(seat)` into a float32 vector of that fixed length (the same for every player
count and option: pad to the largest table), and optionally `encode_state(state, seat)`,
the same vector read from the state without building the view, for speed
(`tests/test_rl_interfaces.py` checks both agree along random games). Both return a new
array on every call: the environment hands it to the agent without a copy. Without one,
the generic fallback is a **hashed bag of view features**: the view is flattened into
(path, value) leaves (list positions dropped, so lists count as bags; the log and
human-readable labels left out), a number adds its value to bucket `hash(path) mod size`,
a string or bool adds 1 to bucket `hash(path=value) mod size`. The hash is BLAKE2b, so the
encoding is the same in every process.

Both read only `view(seat)`: an observation never contains what the seat may not know.
`Encoder.observe(state, seat)` encodes `state.view(seat, log=False)`: the log is never built
(encoders do not read it), which is most of the cost of a view late in a game.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from boardwright.engine import GameSpec, GameState

HASHED_SIZE = 512
_SKIP = {"log", "label", "prompt", "name", "rule", "game"}


@dataclass(frozen=True)
class Encoder:
    size: int
    encode: Callable[[dict[str, Any]], np.ndarray]
    name: str
    encode_state: Callable[[GameState, int], np.ndarray] | None = None

    def observe(self, state: GameState, seat: int) -> np.ndarray:
        """The float32 observation of `seat` in `state`: the title's `encode_state` when it
        has one, else its encoding of the view without the log."""
        if self.encode_state is not None:
            return np.asarray(self.encode_state(state, seat), np.float32)
        return np.asarray(self.encode(state.view(seat, log=False)), np.float32)


@lru_cache(maxsize=65536)
def _bucket(key: str, size: int) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little") % size


def _leaves(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in _SKIP:
                _leaves(v, f"{path}.{k}", out)
    elif isinstance(value, list | tuple):
        for v in value:
            _leaves(v, f"{path}[]", out)
    else:
        out.append((path, value))


def hashed_bag(view: dict[str, Any], size: int = HASHED_SIZE) -> np.ndarray:
    """The generic encoding: a hashed bag of the view's features (see the module docstring)."""
    vec = np.zeros(size, dtype=np.float32)
    leaves: list[tuple[str, Any]] = []
    _leaves(view, "", leaves)
    for path, value in leaves:
        if isinstance(value, bool | str):
            vec[_bucket(f"{path}={value}", size)] += 1.0
        elif isinstance(value, int | float):
            if math.isfinite(value):
                vec[_bucket(path, size)] += float(value)
        elif value is None:
            vec[_bucket(f"{path}=null", size)] += 1.0
    return vec


def encoder_for(spec: GameSpec) -> Encoder:
    """The title's `rl_observation` encoder, else the hashed bag of view features."""
    mod = spec.hook("rl_observation")
    if mod is None:
        return Encoder(HASHED_SIZE, hashed_bag, "hashed bag of view features")
    size, encode = getattr(mod, "OBSERVATION_SIZE", None), getattr(mod, "encode_view", None)
    if isinstance(size, bool) or not isinstance(size, int) or size <= 0 or not callable(encode):
        raise TypeError(f"{spec.id}: the rl_observation hook must be a module with "
                        "OBSERVATION_SIZE (a positive int) and encode_view(view)")
    fast = getattr(mod, "encode_state", None)
    return Encoder(size, encode, f"{spec.id} (rl_observation hook)", fast if callable(fast) else None)
