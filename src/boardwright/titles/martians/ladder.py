"""Martians' difficulty ladder (hook `bot_levels`; bots/ladder.py has the levels), one per mode.

In competitive Martians the one-step greedy bot is a weak player: it beat random in 28 of 40
2-player games, and greedy with a random move a quarter of the time (the ladder's default
`easy`) in 20.5 of 40, so greedy cannot sit two steps above anything that is not random.
A small search is far stronger: 20 ISMCTS iterations a decision beat greedy in 12 of 12.
So there greedy is `easy` (sensible moves, a gentle first game), a 10-iteration search is
`normal`, and `hard` and `expert` keep the ladder's timed searches.

In the co-operative, semi-co-operative and solo modes the colony wins or fails as a team,
and the tree search, whose rewards come late and vary from deal to deal, plays worse than
greedy. There the ladder is the default's `easy` and `normal` (greedy), and `hard` and
`expert` plan each whole turn with the team's rollout search. docs/bots.md has the figures.
"""

from collections.abc import Mapping
from typing import Any

from boardwright.bots.ladder import TEAM_SEARCH

COMPETITIVE = {"easy": "greedy", "normal": "ismcts:iters=10"}
TEAM = {"hard": f"{TEAM_SEARCH}:seconds=0.5", "expert": f"{TEAM_SEARCH}:seconds=1.5"}


def bot_levels(options: Mapping[str, Any]) -> dict[str, str]:
    """The ladder of the mode `options` name (co-op when none is given, the game's default)."""
    return COMPETITIVE if options.get("mode", "coop") == "competitive" else TEAM
