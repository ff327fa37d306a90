"""Standard multi-agent interfaces: PettingZoo AEC and parallel environments for every
registered game.

    import boardwright as bw
    from boardwright import rl
    e = rl.env(bw.games()[0], seed=7)   # any registered game id; players: the smallest count
    e.reset()
    p = rl.parallel_env(bw.games()[0], players=3, max_cycles=500)

An illegal action ends the game with -1 for the mover by default, as in PettingZoo's
classic games (`illegal="raise"` raises instead, `illegal="random"` charges the mover and
plays a random legal action). Needs the `sim` extra (pettingzoo, gymnasium, numpy). See
`rl.env`, `rl.actions` (the action index) and `rl.observations` (the observation encodings).
"""

from .actions import ActionIndex, action_index
from .env import BoardwrightEnv, BoardwrightParallelEnv, env, parallel_env
from .observations import Encoder, encoder_for, hashed_bag

__all__ = [
    "ActionIndex",
    "BoardwrightEnv",
    "BoardwrightParallelEnv",
    "Encoder",
    "action_index",
    "encoder_for",
    "env",
    "hashed_bag",
    "parallel_env",
]
