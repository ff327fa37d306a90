"""Steamfall's hooks for the shared layers: the setup check and the outcome kind, each the
scenario's (scenarios/); the heuristic is in heuristic.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .scenarios import every, get


def setup_check(players: int, options: Mapping[str, Any]) -> str | None:
    scenario = get(str(options["scenario"]))
    if scenario.own_checks_only:
        return scenario.setup_check(players, options)
    # in the registry's order: the played scenario's own rules, the others' options set
    for sc in every():
        bad = sc.setup_check(players, options) if sc is scenario else sc.check_foreign(players, options)
        if bad:
            return bad
    if options.get("solo_items") and players != 1:
        return "solo_items is a solo variant (1 player)"
    if options.get("solo_items") and options.get("item_draft"):
        return "solo_items and item_draft both replace the starting item draw; choose one"
    return None


def outcome_kind(players: int, options: Mapping[str, Any]) -> str:
    return get(str(options["scenario"])).outcome_kind(players)
