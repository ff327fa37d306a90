"""Martians: A Story of Civilization, for 1 (solo: two corporations) to 4 players, in its
four modes (solo, co-operative, semi-co-operative, competitive) and with the Collector's
Edition as an option."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.engine import GameSpec, Option, register
from boardwright.engine.options import OptionValue

from .modes import MODE_PLAYERS, MODES, outcome_kind
from .state import MartiansState


class MartiansSpec(GameSpec):
    """A spec that also checks the mode against the player count (solo is 1 player, the
    other modes 2-4). When `mode` is not given it follows the player count: solo for one
    player, co-operative otherwise."""

    def validate(self, players: int, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        chosen = super().validate(players, options)
        if "mode" not in (options or {}):
            chosen["mode"] = "solo" if players == 1 else "coop"
        mode = str(chosen["mode"])
        if players not in MODE_PLAYERS[mode]:
            counts = ", ".join(map(str, MODE_PLAYERS[mode]))
            raise ValueError(f"option 'mode': {mode} is played by {counts} player(s), not {players}")
        return chosen


SPEC = register(MartiansSpec(
    id="martians",
    title="Martians: A Story of Civilization",
    player_counts=(1, 2, 3, 4),
    state_cls=MartiansState,
    version="1",
    hooks={"heuristic": ".heuristic:evaluate", "outcome_kind": ".modes:outcome_kind"},
    rules_doc="docs/games/martians/rules.md",
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
