"""Standard multi-agent interfaces: a PettingZoo AEC environment for every registered game.

    from boardwright import rl
    e = rl.env("flow-of-history", players=2, seed=7)
    e.reset()

Needs the `sim` extra (pettingzoo, gymnasium, numpy). See `rl.env`, `rl.actions` (the
action index) and `rl.observations` (the observation encodings).
"""

from .actions import ActionIndex, action_index, register_action_universe
from .env import BoardwrightEnv, env
from .observations import Encoder, encoder_for, hashed_bag, register_encoder

__all__ = [
    "ActionIndex",
    "BoardwrightEnv",
    "Encoder",
    "action_index",
    "encoder_for",
    "env",
    "hashed_bag",
    "register_action_universe",
    "register_encoder",
]
