"""boardwright: digital editions of four board games on one engine."""

from .engine import (
    Action,
    Decision,
    GameSpec,
    GameState,
    IllegalAction,
    LogEntry,
    Option,
    Rng,
    UnknownGame,
    game,
    games,
    replay,
)

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
    "replay",
]
__version__ = "0.1.0"
