"""Crisis at Steamfall's difficulty ladder (hook `bot_levels`; bots/ladder.py has the levels).

In Cipher Race the one-step greedy bot is a weak player: it beat random in 14.5 of 24
2-player games, and lost 8 of 12 to greedy with a random move a quarter of the time (the
ladder's default `easy`). A small search is stronger: 20 ISMCTS iterations a decision beat
greedy in 9 of 12. So here greedy is `easy` (sensible moves, a gentle first game), a
20-iteration search is `normal`, and `hard` and `expert` keep the ladder's timed searches
(the co-operative scenarios search with the root baseline, which is what lets ISMCTS play
them at all). A scenario may play a level its own way (`Scenario.bot_levels`): Incredible
Invention's team, a Genesis player and a Cipher Race player plan whole turns at `hard` and
`expert`; Crisis keeps the tree search. docs/bots.md has
the round robin.
"""

from collections.abc import Mapping
from typing import Any

from .scenarios import DEFAULT, get

BOT_LEVELS = {"easy": "greedy", "normal": "ismcts:iters=20"}


def bot_levels(options: Mapping[str, Any]) -> dict[str, str]:
    """The ladder of the scenario `options` name (the default scenario when none is given)."""
    return {**BOT_LEVELS, **get(str(options.get("scenario", DEFAULT))).bot_levels}
