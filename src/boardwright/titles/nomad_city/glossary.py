"""Nomad City's `glossary` hook: what each named component does, in the project's words.

Built from the data files (facilities, characters, events, City Styles, corporations and
Rhine Lab's Department tiles) through the same step wording the game's log uses
(`steps.describe`); the character texts are the data file's own summaries. Keys are ids
(a character's Strategy and Tactic also by the slug of their names), values are
`(name, text)`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from .content import load
from .steps import RESOURCE_NAMES, describe

_SPECIAL = {
    "place": "place {count} influence",
    "explore_free": "explore without paying the toll",
    "refine": "convert resources as printed",
    "double_move": "move your city twice (City Movement)",
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _cost(cost: Mapping[Any, int]) -> str:
    return ", ".join(f"{n} {RESOURCE_NAMES.get(k, k)}" for k, n in cost.items() if n) or "nothing"


@lru_cache(maxsize=4)
def _entries() -> dict[str, tuple[str, str]]:
    content = load()
    out: dict[str, tuple[str, str]] = {}
    for f in content.facilities.types.values():
        parts = [f"{f.colour} facility, {f.points} point{'s' if f.points != 1 else ''}"
                 if f.colour != "none" else "no colour, no points"]
        if f.gold_cost or f.resource_cost:
            parts.append(f"costs {_cost(f.resource_cost)} or {f.gold_cost} Gold")
        if f.entry:
            parts.append(f"when built: {describe(f.entry)}")
        if f.unique:
            parts.append("one per City board")
        out[f.id] = (f.name, "; ".join(parts) + ".")
    for c in content.characters.values():
        kind = {"starting": "starting character", "module": "Corporation Module character",
                "operator": "Operator"}[c.kind]
        out[c.id] = (c.name, f"{kind}. Strategy {c.strategy.name}: {c.strategy.text} "
                             f"Tactic {c.tactic.name}: {c.tactic.text}")
        for side, eff in (("Strategy", c.strategy), ("Tactic", c.tactic)):
            out.setdefault(_slug(eff.name), (eff.name, f"{c.name}'s {side}: {eff.text}"))
    for e in content.events.values():
        marker = f"{e.marker.amount} {RESOURCE_NAMES[e.marker.resource]}"
        options = " ".join(f"({i}) {describe(o)}" for i, o in enumerate(e.options, 1))
        out[e.id] = (e.name, f"{e.colour} event: its site yields {marker} at collection; "
                             f"choose one option: {options}.")
    for s in content.styles.values():
        need = ", ".join(f"{'/'.join(p.colours)} at row {p.row + 1} column {p.col + 1}"
                         for p in s.pattern)
        text = (f"City Style, level {'I' * s.level}, {s.points} points: needs unused facilities "
                f"{need} (turned by quarter turns, never mirrored); when declared: "
                f"{describe(s.declaration)}")
        if s.special is not None:
            sp = s.special
            what = _SPECIAL[sp.kind].format(count=sp.count)
            if sp.cost:
                what = f"pay {_cost(sp.cost)} → {what}"
            if sp.gain:
                what += f", gain {_cost(sp.gain)}"
            if sp.no_character:
                what += " (no Character card that turn)"
            text += f"; special action: {what}"
        out[s.id] = (s.name, text + ".")
    corps = content.corporations
    for corp in corps.corporations:
        levels = "; ".join(f"level {i}: {'effect to trigger: ' if lv.locked else ''}{describe(lv.effect)}"
                           for i, lv in enumerate(corp.levels, 1))
        out[corp.id] = (corp.name, f"corporation; {levels}.")
    for tile in corps.departments:
        rewards = "; ".join(f"level {n}: {describe(steps)}" for n, steps in sorted(tile.rewards.items()))
        out[tile.id] = (tile.name, f"Rhine Lab Department tile; {rewards}.")
    return out


def entries(players: int, options: Mapping[str, Any] | None = None) -> dict[str, tuple[str, str]]:
    """The `glossary` hook: every named component by id → (name, what it does), and the map's
    sites and routes for this player count (`? A-01`)."""
    return {**_entries(), **_map_entries(players)}


def _map_entries(players: int) -> dict[str, tuple[str, str]]:
    from .layout import board_data  # the map of this player count

    data = board_data(players, {})
    points = {r["id"]: r["points"] for r in data["regions"]}
    out: dict[str, tuple[str, str]] = {}
    for site in data["sites"]:
        rid = site["region"]
        where = "the Red Zone" if site["red_zone"] else f"region {rid}"
        text = (f"{site['colour']} mining site in {where} (a {points.get(rid, 0)}-VP region); "
                f"{site['spaces']} influence space{'s' if site['spaces'] != 1 else ''}")
        if site.get("arrival_bonus"):
            text += "; a bonus for the first city to arrive"
        out[site["id"]] = (site["id"], text + ".")
    for route in data["routes"]:
        spaces = f"{route['spaces']} influence space{'s' if route['spaces'] != 1 else ''}"
        out[route["id"]] = (route["id"], f"route between {route['a']} and {route['b']}; {spaces}: "
                                         "travelling along it costs a toll paid to its owner.")
    return out
