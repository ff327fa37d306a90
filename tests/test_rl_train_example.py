"""examples/train_flow_ppo.py: its one-agent wrapper plays whole games (the training itself
needs the `train` extra and minutes of CPU, so it is a script with its figure in docs/interfaces.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np


def _example() -> object:
    path = Path(__file__).parent.parent / "examples" / "train_flow_ppo.py"
    spec = importlib.util.spec_from_file_location("train_flow_ppo", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_versus_random_wrapper_plays_whole_games_in_either_seat() -> None:
    ex = _example()
    env = ex.VersusRandom(seed=3)  # type: ignore[attr-defined]
    rng = np.random.default_rng(0)
    for seat in (0, 1):
        obs, _ = env.reset(seed=10 + seat, options={"seat": seat})
        assert env.observation_space.contains(obs)
        done, reward, steps = False, 0.0, 0
        while not done:
            mask = env.action_masks()
            assert mask.any() and mask.dtype == bool
            obs, reward, done, _trunc, _info = env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        assert reward in (0.0, 0.5, 1.0) and steps > 10
