"""Martians in the terminal (the `terminal_view` hook): the board as text.

The cycle, round, weather and event; the quarters Q1-Q4 with their oxygen, disease,
hunger and birth-rate tokens and the penalty markers in infirmary (+) and apartments (^);
the buildings and installations with their action fields; the colonist tokens on the
cycle track; each purse (resources, regolith cards, reputation or colony satisfaction);
each corporation (colonists, action markers, experts, assistants, technologies, crop);
the research tiles, the scenario's requirements or the open commissions; the educational
center; one's own hidden goals; the excavation grid.

On a small terminal (under 40 lines or 100 columns, e.g. 80×24) the compact board leaves
room for the choices: the excavation grid shrinks to the machine and the uncovered tokens,
and the technologies, supply and past cards are left out. On a larger one everything is
drawn, the excavation grid as a hex map. Everything is plain text with styles (no markup
or emoji code is interpreted), and no line is wider than the console.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .excavation import toward
from .glossary import SHORT_NAMES, entries

COLOUR = {"blue": "blue", "red": "red", "yellow": "yellow", "green": "green"}
RES_SHORT = {"regolith": "Reg", "dirty_ice": "Ice", "energy": "En", "supplies": "Sup", "food": "Food",
             "medicine": "Med", "drinking_water": "Wat", "credits": "Cr"}
TOKEN_SHORT = {"regolith-2": "RR", "ice-2": "II", "mixed": "RI", "rich": "RRI"}
ASSISTANTS = ("botanist", "geologist", "scientist")
MODE = {"solo": "solo", "coop": "co-op", "semi-coop": "semi-co-op", "competitive": "competitive"}
BUILDING_SHORT = {"moxie": "Moxie", "hospital": "Hosp", "water": "Water", "construction": "Constr",
                  "excavation": "Excav", "landing_pod": "Pod", "greenhouses": "Green", "laboratory": "Lab",
                  "education": "Edu", "solar": "Solar", "wind": "Wind"}


LEGEND = ("O", "D", "H", "B", "+", "^", "sat", "rep", "Reg", "Ice", "En", "Sup", "Med", "Wat", "Cr",
          "min", "col", "mk")  # the short names the full board explains under the purses


def compact_for(console: Console) -> bool:
    return console.size.height < 40 or console.size.width < 100


def _name(key: str) -> str:
    return entries(0).get(key, (key.replace("_", " "), ""))[0]


def _weather_name(card: str) -> str:
    return _name("wind-weather" if card == "wind" else card)


def _short_corp(view: dict[str, Any], corp: int) -> str:
    return str(view["corporations"][corp]["name"]).split(" ")[0]


def _corp_text(view: dict[str, Any], corp: int, label: str | None = None) -> Text:
    c = view["corporations"][corp]
    return Text(label if label is not None else _short_corp(view, corp), style=COLOUR.get(c["colour"], ""))


def _letter(view: dict[str, Any], corp: int) -> Text:
    c = view["corporations"][corp]
    return Text(str(c["colour"])[0].upper(), style="bold " + COLOUR.get(c["colour"], ""))


def render(console: Console, view: dict[str, Any], seat: int | None) -> None:
    """The `terminal_view` hook."""
    compact = compact_for(console)
    width = console.size.width
    _header(console, view, compact, width)
    _quarters(console, view, width)
    _buildings(console, view, compact, width)
    _track(console, view, width)
    _purses(console, view, seat, compact)
    _corporations(console, view, seat, compact, width)
    _board_cards(console, view, compact, width)
    _excavation(console, view, compact, width)
    _goals(console, view, compact, width)


def _flow(console: Console, head: Text, items: list[Text], width: int, indent: int = 2) -> None:
    """`head` then the items, wrapped at item boundaries with a hanging indent."""
    line = head.copy()
    for item in items:
        if line.cell_len + 1 + item.cell_len > width and line.cell_len > indent:
            console.print(line, no_wrap=True, overflow="ellipsis")
            line = Text(" " * indent)
        if line.plain.strip():
            line.append(" ")
        line.append_text(item)
    console.print(line, no_wrap=True, overflow="ellipsis")


def _header(console: Console, view: dict[str, Any], compact: bool, width: int) -> None:
    if view.get("over"):
        head = Text(f"Game over after cycle {view['cycle']}", style="bold")
    else:
        when = (f"round {view['round']}/{view['rounds']}" if view["round"]
                else "between cycles" if view["cycle"] > 1 else "setting up")
        head = Text(f"Cycle {view['cycle']}/{view['cycles']} {when}", style="bold")
    head.append(f" · {MODE.get(view['mode'], view['mode'])}")
    if not view.get("over") and view["corporations"]:
        head.append(" · first ")
        head.append_text(_corp_text(view, int(view["first"])))
    turn = view.get("turn")
    if turn and not view.get("over"):
        head.append(" · ")
        head.append_text(_corp_text(view, int(turn["corp"])))
        head.append(f": {turn['time']} time")
        if turn.get("building"):
            head.append(f" in {view['buildings'][turn['building']]['name']}")
    w = view["weather"]
    items = [Text(f"Weather: {w['name']}", style="bold")]
    effect = entries(0).get("wind-weather" if w["card"] == "wind" else w["card"], ("", ""))[1]
    if effect:
        items.append(Text(f"({effect.removeprefix('weather card: ').rstrip('.')})", style="dim"))
    if w.get("top_seen"):
        items.append(Text(f"next: {_weather_name(w['top_seen'])}"))
    ev = view["events"]
    if ev.get("active"):
        items.append(Text(f"· event in force: {_name(ev['active'])}", style="bold"))
    elif ev["played"]:
        items.append(Text(f"· last event: {_name(ev['played'][-1])}"))
    items.append(Text(f"· RTG {view['rtg_energy']}"))
    conv = view["conversion"]
    if not compact:
        items.append(Text(f"· delivery food +{conv['food']} medicine +{conv['medicine']}", style="dim"))
    console.print(head, no_wrap=True, overflow="ellipsis")
    _flow(console, Text(""), items, width)


def _quarters(console: Console, view: dict[str, Any], width: int) -> None:
    items = []
    for i, q in enumerate(view["quarters"]):
        t = Text(q["quarters"], style="bold")
        if q.get("owner") is not None:
            t.append("=")
            t.append_text(_letter(view, int(q["owner"])))
        if view.get("birth_quarters") == i + 1:
            t.append("*")
        for key, short in (("oxygen", "O"), ("disease", "D"), ("hunger", "H"), ("birth_rate", "B")):
            n = q[key]
            style = "dim" if not n else "green" if key == "birth_rate" else "bold red"
            t.append(f" {short}{n}", style=style)
        for box, mark in (("infirmary", "+"), ("apartments", "^")):
            for corp in q[box]:
                t.append(" " + mark)
                t.append_text(_letter(view, corp))
        items.append(t)
    _flow(console, Text("Quarters", style="bold"), items, width)


def _field(view: dict[str, Any], f: dict[str, Any]) -> Text:
    if f["unavailable"]:
        return Text("x", style="dim")
    if f["occupant"] is not None:
        return _letter(view, int(f["occupant"]))
    return Text("+" if f["upgrade_token"] else ".", style="")


def _buildings(console: Console, view: dict[str, Any], compact: bool, width: int) -> None:
    items = []
    for b, bd in view["buildings"].items():
        t = Text(BUILDING_SHORT.get(b, b) if compact else bd["name"],
                 style="" if bd["built"] else "dim")
        if not bd["built"]:
            t.append("!", style="bold")
        t.append("[")
        for f in bd["fields"]:
            t.append_text(_field(view, f))
        t.append("]")
        items.append(t)
    for i, inst in view["installations"].items():
        t = Text(BUILDING_SHORT.get(i, i) if compact else inst["name"], style="" if inst["built"] else "dim")
        if not inst["built"]:
            t.append("!", style="bold")
        t.append("(")
        for corp in inst["markers"]:
            t.append_text(_letter(view, corp))
        t.append(")")
        items.append(t)
    head = Text("Buildings", style="bold")
    if not compact:
        head.append(" (fields: . free, + upgrade token, x closed, letter a marker; ! not built;"
                    " (markers) on installations)", style="dim")
        console.print(head, no_wrap=True, overflow="ellipsis")
        head = Text(" ")
    _flow(console, head, items, width)


def _track(console: Console, view: dict[str, Any], width: int) -> None:
    items = []
    for r in range(1, int(view["rounds"]) + 1):
        t = Text(f"r{r}:", style="bold" if r == view["round"] else "dim")
        here = [x for x in view["cycle_track"] if x["round"] == r]
        for x in here:
            t.append(" ")
            letter = _letter(view, int(x["corp"]))
            if x["dead"]:
                letter = Text(letter.plain.lower() + "†", style=letter.style)
            t.append_text(letter)
        if not here:
            t.append(" -", style="dim")
        items.append(t)
    stacks = "/".join(str(n) for n in view["events"]["stacks"])
    items.append(Text(f"· event stacks {stacks}", style="dim"))
    _flow(console, Text("Cycle track", style="bold"), items, width)


def _purses(console: Console, view: dict[str, Any], seat: int | None, compact: bool) -> None:
    shared = view["reputation_track"] == "satisfaction"
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1), header_style="dim")
    table.add_column("purse", no_wrap=True, overflow="ellipsis", max_width=14)
    table.add_column("sat" if shared else "rep", justify="right", no_wrap=True)
    for short in RES_SHORT.values():
        table.add_column(short, justify="right", no_wrap=True)
    table.add_column("min", no_wrap=True, overflow="ellipsis")
    merged = compact and not shared  # one row per corporation: its colonists, markers and crop too
    if merged:
        table.add_column("col", no_wrap=True)
        table.add_column("mk", justify="right", no_wrap=True)
        table.add_column("crop", no_wrap=True, overflow="ellipsis", max_width=9)
    for p, purse in enumerate(view["purses"]):
        if shared:
            label = Text("shared")
        else:
            corp = next(c for c in view["corporations"] if c["purse"] == p)
            label = _corp_text(view, int(corp["corp"]))
            if corp["seat"] == seat:
                label.append(" you", style="bold")
        res = purse["resources"]  # the short names are explained below (full) or by `? sat`
        minerals = purse.get("regolith_minerals")
        cards = str(purse["regolith_cards"])
        if minerals:
            cards += " " + "".join(m[0].upper() for m in minerals)
        more: list[Text] = []
        if merged:
            c = next(c for c in view["corporations"] if c["purse"] == p)
            more = [_colonists(c), Text(str(c["action_markers_in_hand"])), Text(_name(c["crop"]))]
        table.add_row(label, str(purse["reputation"]), *(str(res[k]) for k in RES_SHORT), Text(cards), *more)
    console.print(table)
    if not compact:
        legend = " · ".join(f"{k} {v}" for k, v in SHORT_NAMES.items() if k in LEGEND)
        console.print(Text(f"{legend} (? and a short name explains it)", style="dim"))


def _colonists(c: dict[str, Any]) -> Text:
    t = Text(str(c["colonists"] - c["dead_colonists"]))
    if c["dead_colonists"]:
        t.append(f"+{c['dead_colonists']}†", style="red")
    return t


def _corporations(console: Console, view: dict[str, Any], seat: int | None, compact: bool,
                  width: int) -> None:
    for c in view["corporations"]:
        corp = int(c["corp"])
        head = _corp_text(view, corp)
        head.stylize("bold")
        if c["seat"] == seat:
            head.append(" (you)")
        elif len({x["seat"] for x in view["corporations"]}) > 1:
            head.append(f" s{c['seat']}", style="dim")
        merged = compact and view["reputation_track"] != "satisfaction"  # in the purse table
        items = []
        if not merged:
            col = Text("col ").append_text(_colonists(c))
            col.append(f" placed {c['colonists_placed']}")
            items.append(col)
            items.append(Text(f"mk {c['action_markers_in_hand']}"))
        experts = [_name(e["expert"]) + ("" if e["face_up"] else " (down)") for e in c["experts"]]
        if experts:
            items.append(Text("exp " + ", ".join(experts)))
        if c["assistants"]:
            items.append(Text("asst " + ", ".join(_name(a) for a in c["assistants"])))
        if c["technologies"]:
            items.append(Text("tech " + ", ".join(_name(t) for t in c["technologies"])))
        if not merged:
            items.append(Text("crop " + _name(c["crop"])))
        inst = [f"{BUILDING_SHORT.get(i, i)}{n}" for i, n in c["installations"].items() if n]
        if inst:
            items.append(Text("inst " + " ".join(inst)))
        if not items:
            continue
        if not compact:
            items.append(Text(f"research {c['research_done']} commissions {c['commissions_done']}",
                              style="dim"))
            if c["rtg_used"]:
                items.append(Text("RTG used", style="dim"))
        _flow(console, head, items, width, indent=4)


def _board_cards(console: Console, view: dict[str, Any], compact: bool, width: int) -> None:
    names = entries(0)
    items = []
    for t in view["research"]["tiles"]:
        items.append(Text(names.get(t, (_name(t), ""))[0]))
    ed = view["educational_center"]
    kinds: dict[str, int] = {}
    for card in ed["experts"] + ed["assistants"]:
        kinds[card.split("#")[0]] = kinds.get(card.split("#")[0], 0) + 1
    edu = [Text(_name(k) + (f" x{n}" if n > 1 else ""), style="green" if k in ASSISTANTS else "")
           for k, n in kinds.items()]
    if compact:
        _flow(console, Text("Research", style="bold"),
              [*(items or [Text("-")]), Text("· Edu center", style="bold"), *(edu or [Text("-")])], width)
    else:
        _flow(console, Text("Research", style="bold"), items or [Text("-")], width)
    sc = view.get("scenario")
    if sc:
        items = []
        for req in sc["requirements"]:
            t = Text(_name(req["id"]))
            if req["done_by"] is not None:
                t.append(" done ")
                t.append_text(_letter(view, int(req["done_by"])))
                t.stylize("green")
            else:
                parts = [f"{n}{RES_SHORT.get(k, k)}" for k, n in req["cost"].items()]
                parts += [m + "-card" for m in req["minerals"]]
                t.append(" " + " ".join(parts), style="dim")
                if req["condition"]:
                    t.append(f" if {req['condition'].replace('_', ' ')}", style="dim")
                t.append(f" +{req['reputation']}")
            items.append(t)
        _flow(console, Text(f"Mission {sc['number']} {sc['name']}:", style="bold"), items, width)
    cm = view.get("commissions")
    if cm:
        items = [Text(_name(card)) for card in cm["open"]]
        _flow(console, Text(f"Commissions (deck {cm['deck']}):", style="bold"), items or [Text("-")], width)
    if compact:
        return
    _flow(console, Text(f"Edu center (experts deck {ed['expert_deck']}, assistants deck "
                        f"{ed['assistant_deck']})", style="bold"), edu or [Text("-")], width)
    colony = {t["technology"]: t for t in view["colony_technologies"]}
    items = []
    for tid, (name, _) in names.items():
        if tid in ("medicine", "co2_converter", "birth_control"):
            t = Text(name)
            if tid in colony:
                t.append(" by ")
                t.append_text(_letter(view, int(colony[tid]["corp"])))
            else:
                t.stylize("dim")
            items.append(t)
    _flow(console, Text("Colony technologies", style="bold"), items, width)
    crops: dict[str, int] = {}
    for k in view["crop_supply"]:
        crops[k] = crops.get(k, 0) + 1
    _flow(console, Text("Crop supply", style="bold"),
          [Text(f"{_name(k)} x{n}") for k, n in crops.items()] or [Text("-")], width)
    _flow(console, Text("Supply", style="bold"),
          [Text(f"{k.replace('_', ' ')} {n}") for k, n in view["supply"].items()]
          + [Text(f"bank {view['bank']}"), Text(f"regolith deck {view['regolith_deck']}")], width)
    if view["weather"]["past"]:
        _flow(console, Text("Past weather", style="bold"),
              [Text(_weather_name(w)) for w in view["weather"]["past"]], width)


def _near(h: str) -> set[str]:
    q, r = (int(x) for x in h.split(","))
    return {f"{q + dq},{r + dr}" for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))}


def _excavation(console: Console, view: dict[str, Any], compact: bool, width: int) -> None:
    ex = view["excavation"]
    fields: dict[str, str | None] = ex["fields"]
    digging = (view.get("turn") or {}).get("building") == "excavation"
    if compact and not digging:  # the grid when it is being dug, a line otherwise
        near = _near(ex["machine"])
        items = [Text(f"{toward(ex['machine'], h)} {TOKEN_SHORT.get(t, t)}") for h, t in fields.items()
                 if t is not None and t != "face-down" and h in near]
        gone = sum(1 for t in fields.values() if t is None)
        up = sum(1 for t in fields.values() if t not in (None, "face-down"))
        head = Text(f"Excavation: dug {gone} · {up} uncovered, beside the machine:", style="bold")
        _flow(console, head, items or [Text("none")], width)
        return
    console.print(Text("Excavation (M machine, ? face down, _ dug out; R regolith, I dirty ice)",
                       style="bold"))
    coords = [(int(h.split(",")[0]), int(h.split(",")[1]), h) for h in fields]
    radius = max(max(abs(q), abs(r)) for q, r, _ in coords)
    for r in range(-radius, radius + 1):
        first = max(-radius, -radius - r)
        line = Text(f"r{r:+d} q{first:+d}", style="dim")
        line.append(" " * (2 + 3 * abs(r)))
        for q in range(-radius, radius + 1):
            h = f"{q},{r}"
            if h not in fields:
                continue
            t = fields[h]
            cell = "?" if t == "face-down" else "_" if t is None else TOKEN_SHORT.get(t, t)
            if h == ex["machine"]:
                label = "[M" + ("" if cell in "_?" else cell) + "]"
                line.append(f"{label:^6}", style="bold yellow")
            else:
                line.append(f"{cell:^6}", style="dim" if t in (None, "face-down") else "")
        console.print(line, no_wrap=True, overflow="ellipsis")
    if not compact:
        console.print(Text("  north is up; each row starts at the q shown, a field is q,r (as in move:q,r)",
                           style="dim"), no_wrap=True, overflow="ellipsis")


def _goals(console: Console, view: dict[str, Any], compact: bool, width: int) -> None:
    hg = view.get("hidden_goals")
    if not hg:
        return
    names = entries(0)
    if compact:
        items = [Text(names.get(g, (g, ""))[0]) for g in hg.get("mine", [])]
    else:
        items = [Text(f"{g}: {names.get(g, (g, ''))[1].removeprefix('hidden goal: ')}")
                 for g in hg.get("mine", [])]
    if hg.get("offered"):
        items.append(Text("offered: " + " ".join(hg["offered"]), style="dim"))
    if hg.get("revealed"):
        items += [Text("revealed: " + "; ".join(f"{_short_corp(view, i)} {'+'.join(g) or '-'}"
                                                for i, g in enumerate(hg["revealed"])))]
    _flow(console, Text("Your hidden goals:", style="bold"), items or [Text("none yet")], width)
