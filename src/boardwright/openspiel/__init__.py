"""OpenSpiel adapter: every registered game as a pyspiel Python game.

    import boardwright as bw
    from boardwright import openspiel
    openspiel.register_all()                      # once per process
    game = pyspiel.load_game(openspiel.game_name(bw.games()[0]), {"players": 2})

Needs the `open_spiel` wheel (in the `sim` extra). See `boardwright.openspiel.game`.
"""

from .game import BoardwrightGame, BoardwrightState, game_name, register, register_all

__all__ = ["BoardwrightGame", "BoardwrightState", "game_name", "register", "register_all"]
