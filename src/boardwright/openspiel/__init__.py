"""OpenSpiel adapter: every registered game as a pyspiel Python game.

    import boardwright as bw
    from boardwright import openspiel
    openspiel.register_all()                      # once per process
    game = pyspiel.load_game(openspiel.game_name(bw.games()[0]), {"players": 2})
    state = openspiel.new_state(game, seed=7)     # past the opening chance node: engine seed 7
    index = openspiel.action_index(game)          # action id <-> pyspiel action
    index.id_of(state.legal_actions()[0]), index.index_of("...")

Needs the `open_spiel` wheel (in the `sim` extra). See `boardwright.openspiel.game`, and
`boardwright.openspiel.cpp` for OpenSpiel's C++ bots (`mcts_step`, `GilSafeBot`).
"""

from .cpp import GilSafeBot, mcts_step
from .evaluators import EngineRolloutEvaluator
from .game import (
    BoardwrightGame,
    BoardwrightState,
    action_index,
    engine_state,
    game_name,
    new_state,
    register,
    register_all,
)

__all__ = [
    "BoardwrightGame",
    "BoardwrightState",
    "EngineRolloutEvaluator",
    "GilSafeBot",
    "action_index",
    "engine_state",
    "game_name",
    "mcts_step",
    "new_state",
    "register",
    "register_all",
]
