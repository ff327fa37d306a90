"""Fixed-size numeric observations of one seat's view.

A game's encoder (registered here, or a classmethod `encode_view(view)` with
`observation_size()` on its state class) turns `state.view(seat)` into a float32 vector of a
fixed length. Without one, the generic fallback is a **hashed bag of view features**: the view
is flattened into (path, value) leaves (list positions dropped, so lists count as bags; the
log and human-readable labels left out), a number adds its value to bucket
`hash(path) mod size`, a string or bool adds 1 to bucket `hash(path=value) mod size`. The
hash is BLAKE2b, so the encoding is the same in every process.

Both read only `view(seat)`: an observation never contains what the seat may not know.
"""

from __future__ import annotations

import hashlib
import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from boardwright.engine import GameSpec

HASHED_SIZE = 512
_SKIP = {"log", "label", "prompt", "name", "rule", "game"}


@dataclass(frozen=True)
class Encoder:
    size: int
    encode: Callable[[dict[str, Any]], np.ndarray]
    name: str


_LAZY: dict[str, str] = {
    "flow-of-history": "boardwright.rl.flow_of_history",
}
_LOADED: dict[str, Encoder] = {}


def register_encoder(game_id: str, encoder: Encoder) -> Encoder:
    _LOADED[game_id] = encoder
    return encoder


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
    cls: Any = spec.state_cls
    if callable(getattr(cls, "encode_view", None)) and callable(getattr(cls, "observation_size", None)):
        return Encoder(int(cls.observation_size()), cls.encode_view, f"{spec.id} (game hook)")
    hit = _LOADED.get(spec.id)
    if hit is not None:
        return hit
    module = _LAZY.get(spec.id)
    if module is not None:
        mod = importlib.import_module(module)
        return register_encoder(spec.id, Encoder(int(mod.observation_size()), mod.encode, spec.id))
    return Encoder(HASHED_SIZE, hashed_bag, "hashed bag of view features")
