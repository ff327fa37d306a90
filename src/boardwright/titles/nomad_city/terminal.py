"""Nomad City in the terminal (the `terminal_view` hook): the board as text.

Every seat's city, points, Gold, resources and markers; your hand; your City board as a
grid beside the facility market; the map region by region (sites with their resource
marker, the cities docked there and the influence on each space; routes with their
influence, which decides who is paid the toll); the City Styles; the corporations' tracks.

On a terminal under 50 lines or 100 columns (80×24, 120×40) the compact board leaves
room for the choices: the map lists only sites and routes where something lies, the
other seats' City boards and (under 100 columns) the styles' requirements are left out,
the styles flowed on a few lines. On a larger one the
whole map, every City board and the styles are drawn. Everything is plain text with
styles (no markup is interpreted), and no line is wider than the console.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .layout import board_data

COLOUR = {"green": "green", "yellow": "yellow", "red": "red", "blue": "blue",
          "multi": "magenta", "none": "white"}
COLOUR_LETTER = {"green": "g", "yellow": "y", "red": "r", "blue": "b", "multi": "m", "none": "-"}
RES_SHORT = {"orirock": "rock", "shard": "shard", "oriron": "iron"}
RED_ZONE_OPENS = {4: 4, 3: 5, 2: 6}  # the first round in which the Red Zone is open (§8)
ROUNDS = 8


def _abbrev(name: str) -> str:
    """Two or three letters for a facility on the City board grid."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalpha()]
    if len(words) >= 2:
        return "".join(w[0] for w in words[:3]).upper()
    return name[:3].capitalize()


def compact_for(console: Console) -> bool:
    # the full board is about 40 lines: below 50 it would push the choices off the screen
    return console.size.height < 50 or console.size.width < 100


def render(console: Console, view: dict[str, Any], seat: int | None) -> None:
    """The `terminal_view` hook."""
    data = board_data(len(view["players"]))
    compact = compact_for(console)
    width = console.size.width
    _header(console, view)
    _map(console, view, data, compact, width)
    _styles(console, view, data, compact)
    _corporations(console, view, data)
    me = next((p for p in view["players"] if p["seat"] == seat), None)
    if not compact:
        _other_boards(console, view, seat, data)
    _city_and_market(console, view, me, data, compact)
    _seats(console, view, seat, data)
    if me is not None:
        _hand(console, me, data)


def _header(console: Console, view: dict[str, Any]) -> None:
    players = len(view["players"])
    rnd = view["round"]
    if view.get("over"):
        head = Text("Game over after round 8", style="bold")
    elif rnd == 0:
        head = Text("Initial Entry", style="bold")
    else:
        head = Text(f"Round {rnd}/{ROUNDS}", style="bold")
        head.append(f" · first: seat {view['first_player']}")
    if view.get("red_zone_open"):
        head.append(" · Red Zone open", style="red")
    else:
        head.append(f" · Red Zone opens round {RED_ZONE_OPENS.get(players, 5)}")
    decks = view["event_decks"]
    head.append(" · events " + " ".join(f"{c[0]}{n}" for c, n in decks.items()))
    head.append(f" · facility deck {view['facility_deck']}")
    console.print(head)


def _seats(console: Console, view: dict[str, Any], seat: int | None, data: dict[str, Any]) -> None:
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1), header_style="dim")
    for col, just in (("seat", "left"), ("city", "left"), ("pts", "right"), ("Gold", "right"),
                      ("Orirock", "right"), ("Shard", "right"), ("Oriron", "right"),
                      ("Pure", "right"), ("mk", "right"), ("hand", "right"), ("character", "left")):
        table.add_column(col, justify=just, no_wrap=True,  # type: ignore[arg-type]
                         min_width=9 if col == "character" else None,
                         overflow="ellipsis")
    chars = data["characters"]
    for p in view["players"]:
        label = Text(f"{p['seat']}")
        if p["seat"] == seat:
            label.append(" you", style="bold")
        if p["seat"] in view.get("to_act", []):
            label.append(" *", style="bold")
        res = p["resources"]
        if p.get("character_revealed"):
            char = chars.get(p["character_revealed"], {}).get("name", p["character_revealed"])
        elif p.get("has_face_down"):
            char = "hidden"
        else:
            char = "-"
        table.add_row(label, p["city"] or "-", str(p["points"]), str(p["gold"]),
                      str(res["orirock"]), str(res["shard"]), str(res["oriron"]),
                      str(p["pure_originium"]), str(p["markers_in_supply"]), str(p["hand_size"]),
                      Text(char))
    console.print(table)


def _hand(console: Console, me: dict[str, Any], data: dict[str, Any]) -> None:
    chars = data["characters"]
    line = Text("Your hand: ", style="bold")
    line.append(", ".join(chars.get(c, {}).get("name", c) for c in me.get("hand", [])) or "empty")
    if me.get("face_down") and not me.get("character_revealed"):
        line.append(f" · face down: {chars.get(me['face_down'], {}).get('name', me['face_down'])}")
    if me.get("discard"):
        line.append(" · discard: " + ", ".join(chars.get(c, {}).get("name", c) for c in me["discard"]))
    if me.get("end_of_round_effects"):
        line.append(f" · end of round: {len(me['end_of_round_effects'])} effect(s)")
    console.print(line)


def _grid(player: dict[str, Any], data: dict[str, Any]) -> list[Text]:
    grid = data["city_board"]
    facilities = data["facilities"]
    used = set(player.get("used_for_styles", []))
    rows = []
    for r in range(grid["rows"]):
        line = Text()
        for c in range(grid["columns"]):
            cell = f"{r}.{c}"
            card = player["city_board"].get(cell)
            if card is None:
                line.append(f"  {cell} ", style="dim")
            else:  # the colour as a letter too: City Styles need it, and not every terminal shows colour
                fac = facilities.get(card.partition("#")[0], {"name": card, "colour": "none"})
                mark = "*" if cell in used else " "
                letter = COLOUR_LETTER.get(fac["colour"], "-")
                line.append(f"{_abbrev(fac['name']):>3}:{letter}{mark}", style=COLOUR.get(fac["colour"], ""))
        rows.append(line)
    return rows


def _city_and_market(console: Console, view: dict[str, Any], player: dict[str, Any] | None,
                     data: dict[str, Any], compact: bool, market: bool = True) -> None:
    left: list[Text] = []
    if player is not None:
        title = "Your City board" if market else f"Seat {player['seat']}'s City board"
        left = [Text(title + " (:colour, * used for a style)", style="dim"), *_grid(player, data)]
    right: list[Text] = []
    if market:
        right.append(Text("Facility market (points, resources | Gold):", style="dim"))
        cards = [_market_card(card, compact) for card in view["facility_market"]]
        if compact:  # two cards a line, beside the three rows of the grid
            left = left[1:]
            right = []
            for i in range(0, len(cards), 2):
                t = cards[i].copy()
                if i + 1 < len(cards):
                    t.append("  ")
                    t.append_text(cards[i + 1])
                right.append(t)
        else:
            right.extend(cards)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for i in range(max(len(left), len(right))):
        grid.add_row(left[i] if i < len(left) else Text(), right[i] if i < len(right) else Text())
    console.print(grid)


def _other_boards(console: Console, view: dict[str, Any], seat: int | None,
                  data: dict[str, Any]) -> None:
    """The other seats' City boards side by side (the full board)."""
    others = [p for p in view["players"] if p["seat"] != seat]
    grid = Table.grid(padding=(0, 3))
    for _ in others:
        grid.add_column(no_wrap=True)
    columns = [[Text(f"Seat {p['seat']}'s City board", style="dim"), *_grid(p, data)] for p in others]
    for i in range(max((len(c) for c in columns), default=0)):
        grid.add_row(*(c[i] if i < len(c) else Text() for c in columns))
    console.print(grid)


def _market_card(card: dict[str, Any], compact: bool) -> Text:
    t = Text(card["name"], style=COLOUR.get(card["colour"], ""))
    if compact:
        cost = "+".join(f"{n}{RES_SHORT.get(k, k)[0]}" for k, n in card["resource_cost"].items())
        t.append(f" {card['points']}p {cost}|{card['gold_cost']}G")
    else:
        cost = ", ".join(f"{n} {RES_SHORT.get(k, k)}" for k, n in card["resource_cost"].items())
        t.append(f" {card['points']}p, {cost} | {card['gold_cost']} Gold")
    if card.get("unique"):
        t.append(" U" if compact else " (unique)", style="dim")
    return t


def _spaces(owners: list[int], spaces: int) -> str:
    cells = [str(o) for o in owners] + ["·"] * max(spaces - len(owners), 0)
    return "[" + "".join(cells) + "]"


def _map(console: Console, view: dict[str, Any], data: dict[str, Any], compact: bool, width: int) -> None:
    influence: dict[str, list[int]] = view["influence"]
    markers = view["resource_markers"]
    cities: dict[str, list[int]] = {}
    for p in view["players"]:
        if p["city"]:
            cities.setdefault(p["city"], []).append(p["seat"])
    strength = view.get("region_strength", {})
    head = Text("Map", style="bold")
    head.append(" site marker @city [influence by seat, · free]; "
                + ("" if compact else "route a/b [influence]: tolls go to its owner; ")
                + "region VP strength", style="dim")
    console.print(head)
    for region in data["regions"]:
        rid = region["id"]
        line = Text(f"{rid} {region['points']}vp", style="bold red" if region["red_zone"] else "bold")
        line.append(" " + "/".join(str(x) for x in strength.get(rid, [])) + ":", style="dim")
        items: list[Text] = []
        for site in (s for s in data["sites"] if s["region"] == rid):
            sid = site["id"]
            marker = markers.get(sid)
            here = influence.get(sid, [])
            docked = cities.get(sid, [])
            if compact and not (marker or here or docked):
                continue
            t = Text(sid, style=COLOUR.get(site["colour"], ""))
            if marker:
                t.append(f" {RES_SHORT[marker['resource']]}{marker['amount']}")
            elif not compact:
                t.append(" ?", style="dim")
            for d in docked:
                t.append(f" @{d}", style="bold")
            if here or not compact:
                t.append(" " + _spaces(here, site["spaces"]))
            if site.get("arrival_bonus") and not compact and not marker:
                t.append(" +bonus", style="dim")
            items.append(t)
        for route in (r for r in data["routes"] if r["region"] == rid):
            here = influence.get(route["id"], [])
            if compact and not here:
                continue
            items.append(Text(f"{route['id']} {_spaces(here, route['spaces'])}",
                              style="" if here else "dim"))
        if not items:
            if compact:
                continue
            items.append(Text("-"))
        _flow(console, line, items, width)


def _flow(console: Console, head: Text, items: list[Text], width: int) -> None:
    """`head` then the items, wrapped at item boundaries with a hanging indent."""
    line = head.copy()
    indent = 4
    for item in items:
        if line.cell_len + 1 + item.cell_len > width and line.cell_len > indent:
            console.print(line, no_wrap=True, overflow="ellipsis")
            line = Text(" " * indent)
        line.append(" ")
        line.append_text(item)
    console.print(line, no_wrap=True, overflow="ellipsis")


def _styles(console: Console, view: dict[str, Any], data: dict[str, Any], compact: bool) -> None:
    styles = data["styles"]
    items = []
    wide = console.size.width >= 100  # a wide compact board still shows what each style needs
    for sid, by_seat in view["city_styles"].items():
        if compact and not wide and not any(v and v[0] for v in by_seat.values()):
            continue
        rec = styles.get(sid, {"name": sid, "level": 1, "colour": "none", "points": 0, "pattern": []})
        t = Text(rec["name"], style=COLOUR.get(rec["colour"], ""))
        t.append(f" {'I' * rec['level']} {rec['points']}p")
        declared = [f"s{s}x{v[0]}" for s, v in sorted(by_seat.items()) if v and v[0]]
        if declared:
            t.append(" " + " ".join(declared), style="bold")
        if not compact or wide:
            need = " ".join(f"{'/'.join(c[0] for c in p['colours'])}@{p['row']}.{p['col']}"
                            for p in rec["pattern"])
            t.append(f" needs {need}" + (" ·" if compact else ""), style="dim")
        items.append(t)
    if not items:
        return
    if compact and wide:
        items[-1].right_crop(2)
        _flow(console, Text("City Styles (colour@row.col):", style="bold"), items, console.size.width)
    elif compact:
        _flow(console, Text("Declared styles:", style="bold"), items, console.size.width)
    else:
        console.print(Text("City Styles (needs colour@row.col, turnable; sNxK: seat N declared K times)",
                           style="bold"))
        for t in items:
            console.print(Text("  ").append_text(t), overflow="ellipsis", no_wrap=True)


def _corporations(console: Console, view: dict[str, Any], data: dict[str, Any]) -> None:
    corps = view.get("corporations")
    if not corps:
        return
    items = []
    for info in corps.values():
        t = Text(info["name"], style="bold")
        t.append(" " + " ".join(f"s{i}:{lv}" for i, lv in enumerate(info["levels"])))
        items.append(t)
    head = Text("Corporations (level by seat):", style="bold")
    if view.get("rhine_lab_department"):
        dept = view["rhine_lab_department"]
        name = data.get("departments", {}).get(dept, {}).get("name", dept)
        items.append(Text(f"Rhine Lab: {name}", style="dim"))
    _flow(console, head, items, console.size.width)
