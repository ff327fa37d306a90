"""OpenSpiel adapter: every registered game as a pyspiel Python game.

    from boardwright import openspiel
    openspiel.register_all()                      # once per process
    game = pyspiel.load_game("python_boardwright_flow_of_history", {"players": 2})

Needs the `open_spiel` wheel (in the `sim` extra). See `boardwright.openspiel.game`.
"""

from .game import BoardwrightGame, BoardwrightState, game_name, register, register_all

__all__ = ["BoardwrightGame", "BoardwrightState", "game_name", "register", "register_all"]
