"""Steamfall's scenarios as plug-ins: the core (city, characters, effects, turn and round
skeleton, views, heuristic) knows a scenario only through the `Scenario` hooks below, the way
the engine knows a game only through its spec's hooks.

Each scenario is a package beside this module that sets `SCENARIO`, an instance of a
`Scenario` subclass overriding the hooks it needs; the core calls `of(st).<hook>(...)` at the
named points. This module's `_PACKAGES` is the one place that maps a scenario id to its
package (tests/steamfall/test_scenario_layout.py holds the core to that).
"""

from __future__ import annotations

import importlib
from typing import Any

# scenario id (the `scenario` option) -> package under scenarios/
_PACKAGES = {
    "incredible-invention": "invention",
    "cipher-race": "cipher_race",
    "crisis": "crisis",
    "genesis": "genesis",
}
_LOADED: dict[str, Scenario] = {}


class Scenario:
    """The hooks a scenario may override; each default is what a scenario without the rule
    does (no-op, nothing added)."""

    id: str = ""


def get(scenario_id: str) -> Scenario:
    """The scenario with this id, its package imported on first use (scenario packages import
    the core, never the other way round)."""
    found = _LOADED.get(scenario_id)
    if found is None:
        package = _PACKAGES.get(scenario_id)
        if package is None:
            raise ValueError(f"unknown Steamfall scenario {scenario_id!r}: one of {', '.join(_PACKAGES)}")
        found = _LOADED[scenario_id] = importlib.import_module(f"{__name__}.{package}").SCENARIO
    return found


def of(st: Any) -> Scenario:
    """The scenario a state plays."""
    return get(st.scenario)


def ids() -> tuple[str, ...]:
    return tuple(_PACKAGES)
