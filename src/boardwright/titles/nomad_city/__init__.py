"""Nomad City: The Founders for 2-4 players (2 = the appendix variant), with the
Corporation Module as the option `corporations`."""

from boardwright.engine import GameSpec, Option, register

from .state import NomadState

SPEC = register(GameSpec(
    id="nomad-city",
    title="Nomad City: The Founders",
    player_counts=(2, 3, 4),
    state_cls=NomadState,
    version="1",
    hooks={
        "heuristic": ".heuristic:evaluate",
        "ismcts_defaults": ".heuristic:ISMCTS_DEFAULTS",
        "bot_levels": ".heuristic:BOT_LEVELS",
        "board_data": ".layout:board_data",
        "data_pack": ".datapack:HOOK",
        "balance": ".balance_report:HOOK",
        "terminal_view": ".terminal:render",
        "glossary": ".glossary:entries",
        "rl_actions": ".rl:action_universe",
        "rl_observation": ".rl",
    },
    assets={"board_js": "web/board.js"},
    rules_doc="docs/games/nomad-city/rules.md",
    explicit_chance=True,  # every draw goes through draw/shuffle (engine/chance.py)
    options=(
        Option("corporations", False, "Play with the Corporation Module; see §15-§18."),
    ),
))

__all__ = ["SPEC", "NomadState"]
