"""Rebuild a game from its record."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .chance import CHANCE_SEAT, parse_outcome
from .errors import UnknownGame
from .registry import game
from .state import GameState


def replay(record: Mapping[str, Any] | str, upto: int | None = None) -> GameState:
    """Rebuild the state a record describes (the first `upto` actions, or all)."""
    rec = json.loads(record) if isinstance(record, str) else record
    try:
        spec = game(str(rec["game"]))
        if str(rec.get("version", spec.version)) != spec.version:
            raise ValueError(
                f"record is for version {rec['version']} of {spec.id}, this is {spec.version}"
            )
        state = spec.new_game(
            int(rec["players"]), int(rec["seed"]), rec.get("options") or {}, rec.get("data"),
            explicit_chance=bool(rec.get("explicit_chance", False)),
        )
        actions = rec["actions"]
    except UnknownGame as exc:
        raise ValueError(f"cannot replay: {exc}") from None
    except KeyError as exc:
        raise ValueError(f"not a game record: missing {exc}") from None
    for seat, action_id in actions[:upto]:
        if int(seat) == CHANCE_SEAT:
            state.apply_chance(parse_outcome(str(action_id)))
        else:
            state.apply(int(seat), str(action_id))
    return state
