"""The engine every game plugs into."""

from .actions import Action, Decision
from .errors import IllegalAction, UnknownGame
from .log import LogEntry
from .options import Option
from .registry import game, games, register
from .replay import replay
from .rng import Rng
from .spec import GameSpec
from .state import GameState

__all__ = [
    "Action",
    "Decision",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "LogEntry",
    "Option",
    "Rng",
    "UnknownGame",
    "game",
    "games",
    "register",
    "replay",
]
