"""Incredible Invention in the terminal: the round's row of the invention card to meet, the
completion track and the complications in play."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ...content import Content
from ...terminal import _flow, _line


def render(console: Console, c: Content, view: dict[str, Any], width: int, compact: bool) -> None:
    inv = view["invention"]
    vp = sum(p.get("res", {}).get("vp", 0) + p.get("diamonds", 0) for p in view["players"])
    cubes = sum(len(a["cubes"]) for a in view["areas"] if a["kind"] == "secret-location")
    line = Text("Invention ", style="bold")
    req = inv.get("requirement")
    paid = inv["paid"]
    if req:  # the words of the round's check in the log and the result
        line.append(f"this round: marketing {paid['vp']}/{req[0]} VP, permissions {paid['cubes']}/{req[1]}"
                    f" cubes, completion {inv['completion']}/{req[2]}", style="bold")
    else:
        line.append("rows checked at each round's end", style="bold")
        line.append(f" · completion {inv['completion']}")
    steam = paid.get("steam", 0)  # paid toward completions not yet whole (§12.2)
    line.append(f" toward the next: {inv['quarters'] - 2 * steam}/4 insight or {steam}/2 steam")
    line.append(f" · team has {vp} VP, {cubes} cube{'s' if cubes != 1 else ''}")
    if not req and (paid["vp"] or paid["cubes"]):
        line.append(f" · paid {paid['vp']} VP {paid['cubes']} cubes")
    _line(console, line, width)
    items = []
    for comp in inv["complications"]:
        name = c.complications[comp["id"]].name
        t = Text(name, style="green" if comp["overcome"] else "red")
        t.append(f" {comp['progress']}/{comp['need']}" + (" overcome" if comp["overcome"] else ""))
        if not compact:
            from ...glossary import modifier

            lim = "; ".join(modifier(m) for m in c.complications[comp["id"]].limitation)
            t.append(f" ({lim})", style="dim")
        t.append(",")
        items.append(t)
    if items:
        items[-1].right_crop(1)  # the last one's comma
        _flow(console, Text("Complications:", style="bold"), items, width)
