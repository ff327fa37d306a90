"""Bots: seeded players that use only a state's public surface.

    from boardwright.bots import make_bots
    bots = make_bots("random,greedy", seats=3, game_seed=7)
    action = bots[seat].choose(state, seat)
"""

from .base import Bot, Param
from .greedy import GreedyBot
from .heuristics import evaluate, heuristic_for, register_heuristic, score_difference
from .ismcts import IsmctsBot, outcome_rewards
from .ladder import LEVELS, LevelBot, level_spec
from .random_bot import RandomBot
from .spec import BotSpec, bot_seed, for_seats, known_bots, make_bots, parse_bots, register_bot

__all__ = [
    "LEVELS",
    "Bot",
    "BotSpec",
    "GreedyBot",
    "IsmctsBot",
    "LevelBot",
    "Param",
    "RandomBot",
    "bot_seed",
    "evaluate",
    "for_seats",
    "heuristic_for",
    "known_bots",
    "level_spec",
    "make_bots",
    "outcome_rewards",
    "parse_bots",
    "register_bot",
    "register_heuristic",
    "score_difference",
]
