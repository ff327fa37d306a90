"""Crisis at Steamfall in the terminal (the `terminal_view` hook): the board as text.

The round and scenario; the Incredible Invention row to meet and the complications (or the
Cipher Race scores so far); the city as a grid of district tiles (name, standees @seat,
tokens, ruins, cipher tablet, event; on a large screen also the triangles of each side's
pathway); the secret locations (face down unless revealed or seen by this seat); then the
seat's character board: resources, actions to spend, the four columns with their tokens
and used selection boxes, the mood track, items in play with power, civilians with quest
progress and the hand; the other characters in one line each.

On a small terminal (under 40 lines or 100 columns, e.g. 80×24) the compact board leaves
room for the choices: the map shows tokens only, secret locations only where something is
known or lies, other seats one line each. Everything is printed as `Text` (no markup or
emoji code is interpreted), and no line is wider than the console.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from .content import Content, load
from .layout import SHORT as _SHORT
from .scenarios import get

SIDES = "NESW"
ROMAN = ("I", "II", "III", "IV")
BOXES = (2, 2, 1)
TOKEN_SHORT = {"scrap": "scr", "steam": "stm", "workshop": "wks", "insight": "ins", "civilian": "civ",
               "mechanized": "mch"}
RES = (("scrap", "scrap"), ("steam", "steam"), ("insight", "insight"), ("vp", "VP"), ("stamina", "stamina"))
SEAT_STYLE = ("red", "blue", "green", "yellow")
SHORT = {**_SHORT, "workshop": "wks", "relic": "rel", "diamond": "dia"}


def _short(terms: Any) -> str:
    return " ".join(f"{t.n}{SHORT.get(t.what, t.what[:3])}" for t in terms)


def compact_for(console: Console) -> bool:
    return console.size.height < 40 or console.size.width < 100


def _line(console: Console, t: Text, width: int) -> None:
    t.truncate(width, overflow="ellipsis")
    console.print(t, no_wrap=True, overflow="ellipsis")


def _flow(console: Console, head: Text, items: list[Text], width: int, indent: int = 2) -> None:
    """`head` then the items, wrapped at item boundaries with a hanging indent."""
    line = head.copy()
    for item in items:
        if line.cell_len + 1 + item.cell_len > width and line.cell_len > indent:
            _line(console, line, width)
            line = Text(" " * indent)
        elif line.cell_len:
            line.append(" ")
        line.append_text(item)
    if line.plain.strip():
        _line(console, line, width)


def _area_name(c: Content, view: dict[str, Any], a: int) -> str:
    if not 0 <= a < len(view["areas"]):
        return "(no map yet)"
    area = view["areas"][a]
    if area["kind"] == "district":
        return c.districts[area["district_id"]].name
    if area.get("location"):
        return c.locations[area["location"]].name
    return f"secret location {a}"


def _tokens(tokens: dict[str, int]) -> str:
    return " ".join(f"{n}{TOKEN_SHORT.get(k, k)}" for k, n in tokens.items() if n)


def _standees(view: dict[str, Any], a: int) -> list[int]:
    return [p for p, pl in enumerate(view["players"]) if pl.get("at") == a]


def render(console: Console, view: dict[str, Any], seat: int | None) -> None:
    """The `terminal_view` hook."""
    c = load()
    compact = compact_for(console)
    width = console.size.width
    _header(console, view, width)
    get(view["scenario"]).terminal_panel(console, c, view, width, compact)
    if any(a["kind"] == "district" for a in view["areas"]):
        _city(console, c, view, width, compact, seat)
        _locations(console, c, view, width, compact, seat)
    else:
        console.print(Text("The city is laid out once the district tiles are drafted.", style="dim"))
    others = [p for p in range(len(view["players"])) if p != seat]
    if seat is not None and 0 <= seat < len(view["players"]):
        _my_board(console, c, view, seat, width, compact)
    for p in others:
        if compact:
            _player_line(console, c, view, p, width, seat)
        else:
            _my_board(console, c, view, p, width, compact)


def _header(console: Console, view: dict[str, Any], width: int) -> None:
    if view.get("over"):
        head = Text("Game over", style="bold")
    elif view["round"]:
        head = Text(f"Round {view['round']}/{get(view['scenario']).rounds}", style="bold")
    else:
        head = Text("Setup", style="bold")
    head.append(f" · {get(view['scenario']).name} · first: seat {view['first']}")
    d = view["decks"]
    if width >= 100:
        head.append(f" · decks: base {d.get('base', 0)}, add-on {d.get('addon', 0)},"
                    f" relic {d.get('relic', 0)}, civilians {d.get('civ', 0)}, locations {d.get('loc', 0)}",
                    style="dim")
    else:
        head.append(f" · decks b{d.get('base', 0)} a{d.get('addon', 0)} r{d.get('relic', 0)}", style="dim")
    _line(console, head, width)


def _city(console: Console, c: Content, view: dict[str, Any], width: int, compact: bool,
          seat: int | None) -> None:
    districts = [a for a in view["areas"] if a["kind"] == "district"]
    r0 = min(a["cell"][0] for a in districts)
    c0 = min(a["cell"][1] for a in districts)
    ncols = max(a["cell"][1] for a in districts) - c0 + 1
    nrows = max(a["cell"][0] for a in districts) - r0 + 1
    cw = max(16, (width - 1) // ncols)
    grid: dict[tuple[int, int], dict[str, Any]] = {
        (a["cell"][0] - r0, a["cell"][1] - c0): a for a in districts}
    head = Text("City", style="bold")
    head.append(" @n standee, R ruins (Rx explored), T cipher tablet, E event", style="dim")
    if not compact:
        head.append(", NESW: triangles to enter from that side", style="dim")
    _line(console, head, width)
    events = []
    for r in range(nrows):
        rows: list[Text] = [Text(), Text()] + ([Text()] if not compact else [])
        for col in range(ncols):
            a = grid.get((r, col))
            cells = [Text(), Text(), Text()]
            if a is not None:
                here = _standees(view, a["id"])
                name = c.districts[a["district_id"]].name
                tag = "".join(f"@{p}" for p in here)
                mine = seat in here
                cells[0].append(name[: cw - 2 - len(tag)], style="bold" + (" underline" if mine else ""))
                for p in here:
                    cells[0].append(f"@{p}", style=f"bold {SEAT_STYLE[p % 4]}")
                info = [_tokens(a["tokens"])]
                if a["ruins"]:
                    info.append("Rx" if a["explored"] else "R")
                if a["tablet"]:
                    info.append("T")
                if a["event"]:
                    info.append("E")
                    events.append(f"{c.events[a['event']].name} ({name})")
                cells[1].append(" ".join(x for x in info if x) or "-", style="" if any(info) else "dim")
                cells[2].append(" ".join(f"{s}{n}" for s, n in zip(SIDES, a["pathways"], strict=True)),
                                style="dim")
            for k, line in enumerate(rows):
                cell = cells[k]
                cell.truncate(cw - 1)
                line.append_text(cell)
                line.append(" " * (cw - cell.cell_len))
        for line in rows:
            line.rstrip()
            _line(console, line, width)
    if events:
        named = [Text(e + ",") for e in events[:-1]] + [Text(events[-1])]
        _flow(console, Text("Events:", style="bold"), named, width)


def _locations(console: Console, c: Content, view: dict[str, Any], width: int, compact: bool,
               seat: int | None) -> None:
    items = []
    hidden = 0
    for a in view["areas"]:
        if a["kind"] != "secret-location":
            continue
        here = _standees(view, a["id"])
        host = c.districts[view["areas"][a["district"]]["district_id"]].name
        known = a.get("location")
        extra = {k: v for k, v in a["tokens"].items() if v and not (k == "insight" and v == 2)}
        if compact and not (known or a["cubes"] or here or extra):
            hidden += 1
            continue
        t = Text(f"{a['id']}:", style="dim")
        if known:
            name = c.locations[known].name
            t.append(name, style="bold" if a["revealed"] else "italic")
            if not a["revealed"]:
                t.append("(seen)", style="dim")
        else:
            t.append("?", style="dim")
        if not compact:
            t.append(f" {SIDES[a['side']]} of {host}", style="dim")
        if any(a["tokens"].values()):
            t.append(" " + _tokens(a["tokens"]))
        for p in a["cubes"]:
            t.append(f" #{p}", style=SEAT_STYLE[p % 4])
        for p in here:
            t.append(f" @{p}", style=f"bold {SEAT_STYLE[p % 4]}")
        items.append(t)
    head = Text("Secret locations", style="bold")
    head.append(" (#n cube)" if compact else " (?: face down · #n: cube of seat n)", style="dim")
    head.append(":")
    if hidden:
        items.append(Text(f"+{hidden} face down with 2 ins", style="dim"))
    _flow(console, head, items, width)


def _res(pl: dict[str, Any], short: bool = False) -> Text:
    t = Text()
    res = pl["res"]
    for key, word in RES:
        if short:
            t.append(f"{word[:3] if key != 'vp' else word}{res[key]} ", style="bold" if key == "vp" else "")
        else:
            t.append(f"{word} {res[key]}  ", style="bold" if key == "vp" else "")
    if pl.get("diamonds"):
        t.append(f"dia{pl['diamonds']} " if short else f"diamonds {pl['diamonds']}  ")
    t.append(f"cub{pl['cubes']}" if short else f"cubes {pl['cubes']}")
    if pl.get("tablets"):
        t.append(f" tab{len(pl['tablets'])}" if short else f"  tablets {len(pl['tablets'])}")
    return t


def _player_line(console: Console, c: Content, view: dict[str, Any], p: int, width: int,
                 seat: int | None) -> None:
    pl = view["players"][p]
    t = Text(f"Seat {p}", style=f"bold {SEAT_STYLE[p % 4]}")
    if p in view.get("to_act", []):
        t.append("*", style="bold")
    if not pl.get("char"):
        t.append(" choosing a character")
        _line(console, t, width)
        return
    t.append(f" {c.characters[pl['char']].name} @{_area_name(c, view, pl['at'])}: ")
    t.append_text(_res(pl, short=True))
    t.append(f" mood{pl['mood']:+d} hand{pl['hand_size']}")
    if pl["play"]:
        t.append(f" items{len(pl['play'])}")
    if pl["civs"]:
        t.append(f" civ{len(pl['civs'])}")
    _line(console, t, width)


def _my_board(console: Console, c: Content, view: dict[str, Any], p: int, width: int,
              compact: bool) -> None:
    pl = view["players"][p]
    if not pl.get("char"):
        _player_line(console, c, view, p, width, p)
        return
    ch = c.characters[pl["char"]]
    you = " (you)" if view.get("seat") == p else ""
    t = Text(f"Seat {p}{you}", style=f"bold {SEAT_STYLE[p % 4]}")
    if p in view.get("to_act", []):
        t.append("*", style="bold")
    t.append(f" {ch.name} @{_area_name(c, view, pl['at'])}")
    _line(console, t, width)
    t = Text("  ")
    t.append_text(_res(pl))
    _line(console, t, width)
    pool = ", ".join(f"{n} {k}" for k, n in pl["pool"].items() if n) or "none"
    t = Text("  actions to spend: ", style="dim")
    t.append(pool, style="bold")
    if pl["col"] >= 0:
        t.append(f" · column {ROMAN[pl['col']]} active")
    if pl.get("reset"):
        t.append(" · mood reset used")
    _line(console, t, width)
    cols = []
    for k, toks in enumerate(pl["cols"]):
        short = " ".join(_short(c.tokens[tid].gains) for tid in toks)
        room = ch.columns[k].capacity - len(toks)
        col = Text(f"{ROMAN[k]}", style="bold underline" if pl["col"] == k else "bold")
        col.append(f"[{short}{' +' + str(room) if room else ''}]")
        if k < 3:
            col.append("x" * pl["boxes"][k] + "." * (BOXES[k] - pl["boxes"][k]), style="dim")
        cols.append(col)
    _flow(console, Text(" "), cols, width, indent=4)
    mood = Text("  mood ", style="dim")
    for m in range(ch.mood_min, ch.mood_max + 1):
        mood.append(f"{m:+d}" if m else "0", style="reverse bold" if m == pl["mood"] else "dim")
        mood.append(" ")
    if not compact:
        mood.append("· reset gains " + "; ".join(
            f"{g.between[0]}..{g.between[1]} " + _short(g.gains) for g in ch.mood_groups) + " ", style="dim")
    if pl.get("spare"):
        mood.append(f"· {len(pl['spare'])} spare tokens", style="dim")
    _line(console, mood, width)
    cards: list[Text] = []
    for item in pl["play"]:
        if item in pl.get("attach", {}):
            continue
        group = [item] + [k for k, v in pl.get("attach", {}).items() if v == item]
        gauge = sum(c.items[i].gauge for i in group if i == item or c.items[i].kind == "module")
        power = sum(pl["power"].get(i, 0) for i in group)
        t = Text(c.items[item].name, style="bold")
        if gauge:
            t.append(f" {'|' * power}{'.' * (gauge - power)}")
        for extra in group[1:]:
            t.append(f" +{c.items[extra].name}", style="dim")
        cards.append(t)
    if not compact:
        shown = cards or [Text("nothing", style="dim")]
        _flow(console, Text("  in play:", style="dim"), shown, width, indent=4)
    civs: list[Text] = []
    for civ in pl["civs"]:
        q = c.civilians[civ].quest
        done = any(civ in o.get("done", []) for o in view["players"])  # once per game (§8)
        prog = q.n if done else pl.get("prog", {}).get(civ, 0)
        t = Text(c.civilians[civ].name, style="bold")
        t.append(f" quest {prog}/{q.n}" + (" done" if done else ""))
        if not compact:
            from .glossary import trigger

            t.append(f" ({trigger(q.trigger)})", style="dim")
        civs.append(t)
    hand = pl.get("hand")
    if hand is not None:
        names = [c.items[h].name for h in hand]
        names += [f"{c.items[h].name} (drawn)" for h in pl.get("pending", [])]
        civs.append(Text("· hand:"))
        last = len(names) - 1
        civs += [Text(n + ("," if k < last else "")) for k, n in enumerate(names)] or [Text("empty")]
    else:
        civs.append(Text(f"· hand {pl['hand_size']}"))
    if not pl["civs"]:
        civs.insert(0, Text("none", style="dim"))
    if compact:
        civs = [Text("items:", style="dim"), *(cards or [Text("none", style="dim")]),
                Text("· civilians:", style="dim"), *civs]
        _flow(console, Text(" "), civs, width, indent=4)
    else:
        _flow(console, Text("  civilians:", style="dim"), civs, width, indent=4)
    if not compact:
        abil = ", ".join(c.abilities[a].name for a in pl.get("abil", []))
        _line(console, Text(f"  abilities: {abil}", style="dim"), width)
