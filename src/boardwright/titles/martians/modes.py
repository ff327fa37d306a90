"""The four modes: who plays, what is shared, which outcome they end with (§2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MODES = ("solo", "coop", "semi-coop", "competitive")
MODE_PLAYERS = {"solo": (1,), "coop": (2, 3, 4), "semi-coop": (2, 3, 4), "competitive": (2, 3, 4)}
KINDS = {"solo": "solo", "coop": "cooperative", "semi-coop": "semi-cooperative",
         "competitive": "competitive"}


def outcome_kind(players: int, options: Mapping[str, Any]) -> str:
    """The outcome kind of a game in this mode (engine hook `outcome_kind`)."""
    return KINDS[str(options.get("mode", "solo" if players == 1 else "coop"))]


def setup_check(players: int, options: Mapping[str, Any]) -> str | None:
    """Why a mode cannot be played with this many players (engine hook `setup_check`)."""
    mode = str(options["mode"])
    if players not in MODE_PLAYERS[mode]:
        counts = " or ".join(map(str, MODE_PLAYERS[mode]))
        return f"option 'mode': {mode} is played by {counts} player(s)"
    return None


def shared_purse(mode: str) -> bool:
    """Solo and co-op pool every resource, the reputation (satisfaction) track and regolith
    cards; semi-co-op and competitive keep them per corporation (§2)."""
    return mode in SHARED_PURSE


#: the modes of `shared_purse`
SHARED_PURSE = frozenset(("solo", "coop"))
