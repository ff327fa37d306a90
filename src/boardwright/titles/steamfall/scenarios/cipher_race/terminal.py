"""Cipher Race in the terminal: each seat's VP so far, tablets counted, and the tablets left on
the map."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ...terminal import SEAT_STYLE, _flow


def render(console: Console, view: dict[str, Any], width: int) -> None:
    parts = []
    for p, pl in enumerate(view["players"]):
        if not pl.get("res"):
            continue
        d = pl.get("diamonds", 0)
        vp = pl["res"]["vp"] + (6 if d >= 4 else d) + 3 * len(pl.get("tablets", []))
        parts.append(Text(f"seat {p} {vp}", style=SEAT_STYLE[p % 4]))
    on_map = sum(1 for a in view["areas"] if a.get("tablet"))
    head = Text("VP so far:", style="bold")
    items = [*parts, Text(f"· tablets on the map {on_map}, 3 VP each", style="dim")]
    if width >= 100:
        items.append(Text("(ciphers: red 5 violence, green 5 charm, blue 5 movement, or 6 insight each)",
                          style="dim"))
    _flow(console, head, items, width)
