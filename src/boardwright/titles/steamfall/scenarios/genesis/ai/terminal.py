"""Genesis solo in the terminal: the AI opponent's panel (rules.md §18)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ....content import Content


def render(console: Console, c: Content, view: dict[str, Any], width: int) -> None:
    ai = view["ai"]
    area = view["areas"][ai["at"]] if 0 <= ai["at"] < len(view["areas"]) else {}
    where = (
        c.districts[area["district_id"]].name
        if area.get("kind") == "district"
        else f"secret location {ai['at']}"
    )
    head = Text(f"AI opponent: {ai['name']} ({ai['title']})", style="bold")
    head.append(f"  standee in {where}", style="")
    console.print(head)
    pool = ", ".join(f"{n} {k}" for k, n in ai["pool"].items() if n) or "empty"
    console.print(Text(f"  pool: {pool}; cubes left {ai['cubes_left']}", overflow="fold"), width=width)
    rolls = " · ".join(f"R{r['round']} {r['d20']} ({r['band']})" for r in ai["rolls"]) or "none yet"
    console.print(Text(f"  d20 rolls: {rolls}", overflow="fold"), width=width)
    if ai["clues"]:
        console.print(Text("  clue tokens: " + ", ".join(f"area {a}: {n}" for a, n in ai["clues"].items())))
    if ai["central_events"]:  # §18.9 events beside the central district's own
        extra = ", ".join(c.events[e].name for e in ai["central_events"])
        console.print(Text(f"  also in the central district: {extra}", overflow="fold"), width=width)
    for area, eid in ai.get("beside_events", []):  # placed on a district beside its event
        console.print(Text(f"  also in area {area}: {c.events[eid].name}", overflow="fold"), width=width)
    if ai["gone"]:
        console.print(Text(f"  removed from play: areas {', '.join(map(str, ai['gone']))}", style="red"))
    for line in ai["sheet"]["player"]:
        console.print(Text(f"  you: {line}", style="dim", overflow="fold"), width=width)
