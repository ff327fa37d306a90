"""The Genesis panel of the terminal board (§17): each journal's chapter, objective and
progress, the events set aside, permanent events and the scoring events with their cubes."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ...content import Content
from ..crisis.terminal import area_name


def _state(j: dict[str, Any]) -> str:
    if j["offer"]:
        return "chosen in secret" if j["chosen"] else f"choosing {' or '.join(j['offer'])}"
    if j["story"] == "over":
        return "story over (Chapter F)"
    if j["chapter"] in ("", "0"):
        return "prologue"
    return ("objective met" if j["done"] else "objective open") + (" · trapped" if j["trapped"] >= 0 else "")


def render(console: Console, c: Content, view: dict[str, Any], width: int) -> None:
    gn = view["genesis"]
    console.print(Text(f"Genesis · {gn['rounds']} rounds", style="bold"), width=width, overflow="fold")
    for p, j in enumerate(gn["journals"]):
        ch = view["players"][p].get("char", "")
        who = c.characters[ch].name if ch else f"seat {p}"
        line = Text(f"{who}: ", style="bold")
        if j["chapter"] not in ("", "0"):
            line.append(f"{j['chapter']} {j['title']} · {j['objective']} ")
        progress = ", ".join(f"{g['have']}/{g['need']} {g['what']}" for g in j["progress"])
        if progress:
            line.append(f"(so far {progress}) ", style="dim")
        line.append(f"[{_state(j)}]", style="green" if j["done"] else "yellow")
        if j.get("pick"):
            line.append(f" your choice: {j['pick']}", style="cyan")
        console.print(line, width=width, overflow="fold")
    perm = ", ".join(
        f"{c.events[view['areas'][a]['event']].name} @ {area_name(c, view, a)}" for a in gn["permanent"]
    )
    console.print(
        Text(
            f"Permanent events: {perm or 'none'} · set aside: {len(gn['pile'])} · Peace and Quiet left "
            f"{gn['peace_left']}",
            style="dim",
        ),
        width=width,
        overflow="fold",
    )
    for sc in gn["scoring"]:
        cubes = ", ".join(f"seat {s}" for s in sc["cubes"]) or "nobody yet"
        console.print(
            Text(
                f"Scoring event {c.events[sc['event']].name} @ {area_name(c, view, sc['area'])}: counts "
                f"{sc['counts']}; cubes: {cubes}"
            ),
            width=width,
            overflow="fold",
        )
    if any(gn["event_vp"]):
        vp = " · ".join(f"seat {p} {n}" for p, n in enumerate(gn["event_vp"]))
        console.print(Text(f"VP from scoring events: {vp}", style="bold"), width=width, overflow="fold")
