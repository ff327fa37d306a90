"""Steamfall's hooks for the shared layers: setup check, outcome kind (the heuristic is in
heuristic.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def setup_check(players: int, options: Mapping[str, Any]) -> str | None:
    scenario = options["scenario"]
    if scenario == "cipher-race":
        if players < 2:
            return "Cipher Race is for 2-4 players"
        if options.get("difficulty") != "normal":
            return "difficulty is a side of the Incredible Invention card; Cipher Race has none"
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Cipher Race always uses events)"
    if scenario == "genesis":
        if options.get("difficulty") != "normal":
            return "difficulty is a side of the Incredible Invention card; Genesis has none"
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Genesis has its own events)"
    from .scenarios.genesis.ai.solo import check_opponent  # §18.1 the solo AI opponent

    bad = check_opponent(players, options)
    if bad:
        return bad
    if options.get("solo_items") and players != 1:
        return "solo_items is a solo variant (1 player)"
    if options.get("solo_items") and options.get("item_draft"):
        return "solo_items and item_draft both replace the starting item draw; choose one"
    return None


def outcome_kind(players: int, options: Mapping[str, Any]) -> str:
    if options["scenario"] == "genesis" and players == 1:
        return "solo"  # §18 against the AI opponent
    return "cooperative" if options["scenario"] == "incredible-invention" else "competitive"
