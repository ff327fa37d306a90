"""The Crisis panel of the terminal board (§16): serenity, pylons, the Core Shard, the
crisis cards with their boxes and cubes, Mechanized and civilians, support tokens and the
encounter in progress."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ...content import Content


def area_name(c: Content, view: dict[str, Any], a: int) -> str:
    area = view["areas"][a]
    if area["kind"] == "district":
        return c.districts[area["district_id"]].name
    return f"secret location {a}"


def render(console: Console, c: Content, view: dict[str, Any], width: int) -> None:
    cr = view["crisis"]
    sh = cr["shard"]
    players = view["players"]
    holder = players[sh["holder"]].get("char", "") if sh["holder"] < len(players) else ""
    holder_name = c.characters[holder].name if holder else f"character {sh['holder']}"
    head = Text("Crisis ", style="bold")
    head.append(f"({cr['difficulty']}) ", style="bold")
    head.append(f"serenity {cr['serenity']}/20", style="bold red" if cr["serenity"] <= 3 else "bold")
    pylons = ", ".join(area_name(c, view, a) for a in cr["pylons"]) or "none"
    head.append(f" · pylons: {pylons} · Core Shard: {holder_name} {sh['power']}/{sh['gauge']}"
                f" (destroy {sh['destroy']})")
    head.append(" · optional boxes " + ("count" if cr["optional_active"] else "do not count"), style="dim")
    console.print(head, width=width, overflow="fold")
    for card in cr["cards"]:
        line = Text(f"{card['name']} @ {area_name(c, view, card['area'])}: ", style="bold")
        for b in card["boxes"]:
            mark = "■" if b["done_by"] >= 0 else "□"
            style = "green" if b["done_by"] >= 0 else ("dim" if not b["counts"] else "")
            extra = (" opt." if b["optional"] else "") + (" shard" if b["shard"] else "")
            line.append(f"{mark} {b['text']} ({b['chaos']} chaos{extra}) ", style=style)
        line.append(f"· reward {card['reward']} · penalty {card['penalty']}", style="dim")
        console.print(line, width=width, overflow="fold")
    tokens = []
    for a in view["areas"]:
        t = a["tokens"]
        if t.get("mechanized") or a["id"] in cr["support"]:
            bits = []
            if t.get("mechanized"):
                bits.append(f"{t['mechanized']} Mechanized")
            if a["id"] in cr["support"]:
                bits.append("support")
            tokens.append(f"{area_name(c, view, a['id'])}: {', '.join(bits)}")
    if tokens:
        console.print(Text("Threats and support: " + "; ".join(tokens)), width=width, overflow="fold")
    enc = cr["encounter"]
    if enc is not None:
        ch = players[enc["p"]].get("char", "")
        who = c.characters[ch].name if ch else f"character {enc['p']}"
        cards = ", ".join(
            c.encounters[x].name + (" (used)" if i in enc["used"] else "") for i, x in enumerate(enc["cards"])
        )
        sup = ", ".join(c.encounters[x].name for x in enc["sup"]) or "none"
        console.print(
            Text(f"Encounter: {who} vs a {enc['kind']} · cards {cards} · support {sup} · "
                 f"successes {enc['succ']}", style="bold"),
            width=width,
            overflow="fold",
        )
