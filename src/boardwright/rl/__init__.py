"""Standard multi-agent interfaces: a PettingZoo AEC environment for every registered game.

    import boardwright as bw
    from boardwright import rl
    e = rl.env(bw.games()[0], seed=7)   # any registered game id; players: the smallest count
    e.reset()

Needs the `sim` extra (pettingzoo, gymnasium, numpy). See `rl.env`, `rl.actions` (the
action index) and `rl.observations` (the observation encodings).
"""

from .actions import ActionIndex, action_index
from .env import BoardwrightEnv, env
from .observations import Encoder, encoder_for, hashed_bag

__all__ = [
    "ActionIndex",
    "BoardwrightEnv",
    "Encoder",
    "action_index",
    "encoder_for",
    "env",
    "hashed_bag",
]
