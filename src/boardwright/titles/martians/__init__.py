"""Martians: A Story of Civilization, for 1 (solo: two corporations) to 4 players, in its
four modes (solo, co-operative, semi-co-operative, competitive) and with the Collector's
Edition as an option."""

from __future__ import annotations

from boardwright.engine import GameSpec, Option, register

from .modes import MODES, outcome_kind
from .state import MartiansState

SPEC = register(GameSpec(
    id="martians",
    title="Martians: A Story of Civilization",
    player_counts=(1, 2, 3, 4),
    state_cls=MartiansState,
    version="1",
    hooks={"heuristic": ".heuristic:evaluate", "outcome_kind": ".modes:outcome_kind",
           "setup_check": ".modes:setup_check", "rl_actions": ".rl:action_universe",
           "rl_observation": ".rl", "data_pack": ".datapack:HOOK",
           "terminal_view": ".terminal:render", "glossary": ".glossary:entries",
           "board_data": ".glossary:board_data", "balance": ".balance_report:HOOK",
           "bot_levels": ".ladder:bot_levels"},
    assets={"board_js": "web/board.js"},
    rules_doc="docs/games/martians/rules.md",
    explicit_chance=True,  # every draw goes through draw/shuffle (engine/chance.py)
    outcome_kind="cooperative",
    options=(
        Option("mode", "coop", "solo (1 player, two corporations), coop, semi-coop or competitive "
               "(2-4 players); when not given: solo for 1 player, coop otherwise. See §2.",
               choices=MODES),
        Option("scenario", 1, "Mission scenario 1-4 (not used in competitive, nor in solo with "
               "solo_goal=commissions); see §13.", minimum=1, maximum=4),
        Option("solo_goal", "scenario", "Solo: play a mission scenario or 4 commission cards; §2.1.",
               choices=("scenario", "commissions")),
        Option("scenario_required", False, "Semi-co-op optional rule: nobody wins when the "
               "scenario fails; §11.3."),
        Option("collectors_edition", False, "Collector's Edition: its 5 experts in every mode and "
               "the hidden goals in competitive; §2.5, §7.2."),
    ),
))

__all__ = ["SPEC", "MartiansState", "outcome_kind"]
