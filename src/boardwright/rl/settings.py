"""What the PettingZoo and OpenSpiel adapters share: a game's settings and its rewards.

- `game_options(spec, players, options)`: the options a game is played with. Options not
  given take `spec.default_options(players)`: the declared defaults, or, when they do not
  suit that player count (a solo mode for 1 player, say), the first option set that does.
- `seat_rewards(outcome, players)`: one reward per seat from any outcome kind
  (`engine.outcome.team_result`): competitive and semi-cooperative, 1 to a sole winner and
  1/k to each of k tied winners, 0 to the others (nobody when a semi-cooperative goal failed
  and the game says nobody wins then); cooperative, the team result for every seat (1 won,
  0 lost); solo, 1 won or 0 lost, or the score itself for a score-only solo game
  (`bounded=True` squashes that score into [0, 1] instead, as the bots do).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardwright.bots.ismcts import outcome_rewards
from boardwright.engine import GameSpec
from boardwright.engine.options import OptionValue
from boardwright.engine.outcome import team_result


def game_options(spec: GameSpec, players: int, options: Mapping[str, Any] | None = None
                 ) -> dict[str, OptionValue]:
    """The validated options of a game with `players` seats (see the module docstring)."""
    given = dict(options or {})
    try:
        base = spec.default_options(players)
    except ValueError:
        base = {}  # no option set suits this count: validate() below says why
    return spec.validate(players, {**base, **given})


def score_only_solo(outcome: Mapping[str, Any]) -> bool:
    return (outcome.get("kind") == "solo" and outcome.get("won") is None
            and outcome.get("score") is not None)


def seat_rewards(outcome: dict[str, Any], players: int, *, bounded: bool = False) -> list[float]:
    """One reward per seat from `outcome()`, following its kind (see the module docstring)."""
    if score_only_solo(outcome):
        if bounded:
            return outcome_rewards(outcome, 1)
        return [float(outcome["score"])]
    return team_result(outcome, players)
