"""Beacon: a small test title (not shipped) that proves a game is one folder.

It uses every engine feature the four games need: 1-3 players; four modes (solo,
cooperative, semi-cooperative, competitive); a seat that controls two keepers (solo);
a simultaneous secret choice revealed together; a scripted storm (a shuffled deck and a
d6) that acts on its own inside apply; a tie the rules hand to a named seat; and every
hook (heuristic, outcome kind, setup check, RL actions, terminal view, browser board).
Registered only when `BOARDWRIGHT_TITLES=beacon` and `tests/titles` is importable.
"""

from boardwright.engine import GameSpec, Option, register

from .state import BeaconState

SPEC = register(GameSpec(
    id="beacon",
    title="Beacon (test title)",
    player_counts=(1, 2, 3),
    state_cls=BeaconState,
    version="1",
    rules_doc="",
    explicit_chance=True,
    options=(
        Option("mode", "competitive", "solo (1 player), cooperative, semi-cooperative or competitive",
               choices=("solo", "cooperative", "semi-cooperative", "competitive")),
        Option("nobody_wins_on_failure", False, "semi-cooperative: nobody wins when the goal fails"),
    ),
    hooks={
        "heuristic": ".hooks:evaluate",
        "outcome_kind": ".hooks:outcome_kind",
        "setup_check": ".hooks:setup_check",
        "rl_actions": ".hooks:action_universe",
        "terminal_view": ".hooks:render",
    },
    assets={"board_js": "board.js"},
))

__all__ = ["SPEC", "BeaconState"]
