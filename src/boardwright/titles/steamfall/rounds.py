"""Setup, the round (start, turns, end), the Incredible Invention resolution and the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from .board import build, rotate
from .effects import gain
from .rules import ref
from .scenarios import of
from .schema import ACTIONS

if TYPE_CHECKING:
    from .state import SteamfallState, Task

ROUNDS = 3
TOKENS = ("scrap", "steam", "workshop", "insight", "civilian", "mechanized")
#: finite token supplies (component counts, §1 and §15): civilian tokens (25), workshop
#: item tokens (6 + 4) and the four VP diamonds; scrap, steam, insight, VP and stamina are
#: unlimited (their multiplier tokens stand in)
SUPPLY = {"civilian": 25, "workshop": 10, "diamond": 4}
START_INSIGHT = 4
CUBES = 8
GENERIC = 3
BOXES = (2, 2, 1)  # selection boxes of columns I-III (IV activates by itself)


def _scenario_ok(st: SteamfallState, symbol: str, cipher: bool) -> bool:
    """A card's scenario symbol (always, co-operative or competitive) and cipher mark."""
    comp = of(st).competitive_decks
    if cipher and not comp:
        return False
    return symbol == "always" or (symbol == "competitive") == comp


def uses_events(st: SteamfallState) -> bool:
    return of(st).uses_events(st)


# ------------------------------------------------------------------ setup
def setup(st: SteamfallState) -> None:
    c = st.content
    st.scenario = str(st.options["scenario"])
    st.round = 0
    st.turn_idx = 0
    st.tasks = []
    st.result = None
    st.trash, st.box, st.civ_discard, st.ev_discard = [], [], [], []
    st.comps, st.cprog, st.cover, st.comp_out = [], {}, [], []
    st.completion, st.quarters = 0, 0
    st.paid = {"vp": 0, "cubes": 0}
    # §2.1 decks by scenario symbol; the workshop deck split into base items and add-ons/modules
    items = [i for i in c.comp.items if _scenario_ok(st, i.scenario, i.cipher)]
    decks: dict[str, list[str]] = {
        "base": [i.id for i in items if i.deck == "workshop" and i.kind in ("base", "plain")],
        "addon": [i.id for i in items if i.deck == "workshop" and i.kind in ("addon", "module")],
        "relic": [i.id for i in items if i.deck == "relic"],
        "civ": [
            v.id
            for v in c.comp.civilians
            if _scenario_ok(st, v.scenario, v.quest.trigger.event == "break_cipher")
        ],
        "loc": [s.id for s in c.comp.locations if _scenario_ok(st, s.scenario, s.cipher)],
        "event": [e.id for e in c.comp.events] if uses_events(st) else [],
        "comp": [x.id for x in c.comp.complications] if of(st).complications else [],
    }
    for d in decks.values():
        st.shuffle("deck", d)
    st.decks = decks
    st.ruins_stack = [r.id for r in c.comp.ruins]
    st.shuffle("ruins stack", st.ruins_stack)
    st.supply = dict(SUPPLY)
    st.draft = []
    st.tablets_left = [t.id for t in c.comp.tablets]
    st.shuffle("cipher tablets", st.tablets_left)
    n = of(st).characters(st.players)
    st.first = st.draw("first player", range(n))
    st.pl = [{"char": "", "at": -1} for _ in range(n)]
    st.order = _order(st)
    st.cr = {}
    st.ai = {}
    st.gn = {}
    of(st).setup(st)  # the scenario's pieces and first tasks (by default the first round)
    st.tasks.append(["start_items"])
    if st.options.get("district_draft"):
        # §14 district draft: each player in turn order picks a tile; the map is built after
        _empty_map(st)
        st.tasks.append(["map"])
        for p in reversed(st.order):
            st.tasks.append(["district_pick", p])
    else:
        build_map(st, [])
    if st.options.get("characters") == "choose":
        for p in reversed(st.order):
            st.tasks.append(["char_pick", p])
    else:
        reserved = of(st).reserved_character(st)
        chars = [ch for ch in c.characters if ch != reserved]
        st.shuffle("characters", chars)
        for p in range(len(st.pl)):
            _give_character(st, p, chars[p])


def _empty_map(st: SteamfallState) -> None:
    st.board = build([], [], [])
    _area_arrays(st, 0)


def _area_arrays(st: SteamfallState, n: int) -> None:
    st.tok = [dict.fromkeys(TOKENS, 0) for _ in range(n)]
    st.ruins = [""] * n
    st.rside = [0] * n
    st.event = [""] * n
    st.loc = [""] * n
    st.up = [False] * n
    st.looked = [[] for _ in range(n)]
    st.cubes = [[] for _ in range(n)]
    st.tablet = [""] * n


def build_map(st: SteamfallState, chosen: list[str]) -> None:
    """§2.3 the map: tiles shuffled by type (the drafted ones always among them, §14), each
    turned at random; a secret location with 2 insight on every outside border; the
    scenario's pieces (§2.4); the standees in the central district."""
    c = st.content
    cells = c.layout(st.players)
    by_type: dict[str, list[str]] = {}
    for dist in c.comp.districts:
        if dist.id not in chosen:
            by_type.setdefault(dist.type, []).append(dist.id)
    for ids in by_type.values():
        st.shuffle("district tiles", ids)
    for kind in by_type:
        need = sum(1 for cell in cells if cell[2] == kind)
        mine = [d for d in chosen if c.districts[d].type == kind]
        tiles = mine + by_type[kind][: need - len(mine)]
        st.shuffle("district tiles", tiles)
        by_type[kind] = tiles
    names, paths = [], []
    for _r, _c, kind in cells:
        did = by_type[kind].pop()
        names.append(did)
        paths.append(list(rotate(c.districts[did].pathways, st.draw("tile rotation", range(4)))))
    st.board = b = build(names, [(r, cc) for r, cc, _ in cells], paths)
    n = b.n_areas
    _area_arrays(st, n)
    for area in range(b.n_districts, n):
        st.loc[area] = st.decks["loc"].pop()
        st.tok[area]["insight"] = 2
    of(st).map_built(st)
    central = next(i for i in range(b.n_districts) if c.districts[b.districts[i]].type == "central")
    for pl in st.pl:
        pl["at"] = central


def resolve_map(st: SteamfallState, task: Task) -> None:
    chosen = [str(t) for t in st.draft]
    st.draft = []
    build_map(st, chosen)
    st.say(None, "the map is built with the drafted tiles among the random ones", ref("14"))


def district_pick_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    """§14 district draft: in turn order, each player names a tile that will be on the map
    (only a tile whose type still has a free cell in the layout)."""
    p = task[1]
    c = st.content
    cells = c.layout(st.players)
    acts = []
    for d in c.comp.districts:
        if d.id in st.draft:
            continue
        room = sum(1 for cell in cells if cell[2] == d.type)
        taken = sum(1 for x in st.draft if c.districts[x].type == d.type)
        if taken < room:
            acts.append(Action(f"tile:{d.id}", f"{d.name} ({d.type} district)"))
    return Decision(p, "district_draft", "Pick a district tile for the map", ref("14"), tuple(acts))


def apply_district_pick(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    did = aid.split(":", 1)[1]
    st.draft = [*st.draft, did]
    st.say(seat, f"drafts the tile {st.content.districts[did].name}", ref("14"))


def _order(st: SteamfallState) -> list[int]:
    n = len(st.pl)
    return [(st.first + k) % n for k in range(n)]


def _give_character(st: SteamfallState, p: int, cid: str) -> None:
    c = st.content
    ch = c.characters[cid]
    placed = {t for col in ch.columns for t in col.start}
    st.pl[p].update(
        {
            "char": cid,
            "res": {"scrap": 0, "steam": 0, "insight": START_INSIGHT, "vp": 0, "stamina": 0},
            "diamonds": 0,
            "pool": dict.fromkeys(ACTIONS, 0),
            "cubes": CUBES,
            "mood": 0,
            "cols": [list(col.start) for col in ch.columns],
            "spare": [t.id for t in ch.tokens if t.id not in placed],
            "boxes": [0, 0, 0, 0],
            "hand": [],
            "play": [],
            "power": {},
            "attach": {},
            "used": [],
            "civs": [],
            "prog": {},
            "done": [],
            "abil": c.ability_ids(cid, st.scenario, st.players),
            "tablets": [],
            "pending": [],
            "col": -1,
            "reset": False,
            "fx_used": [],
            "asked": [],
        }
    )
    st.say(p, f"plays {ch.name}", ref("2.2"))


def char_pick_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    taken = {d["char"] for d in st.pl} | {of(st).reserved_character(st)}
    acts = tuple(
        Action(f"char:{cid}", ch.name) for cid, ch in st.content.characters.items() if cid not in taken
    )
    return Decision(p, "character", "Choose your character", ref("2.2"), acts)


def apply_char_pick(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    _give_character(st, seat, aid.split(":", 1)[1])


def resolve_start_items(st: SteamfallState, task: Task) -> None:
    """§2.2 draw 4 base items and trash 2 (solo variant: draw 6, keep 3; item draft: §14)."""
    if st.options.get("item_draft"):
        for p in st.order:
            for _ in range(4):
                st.draw_item(p, "base", "pending")
        st.draft = [""] * st.players
        st.tasks.append(["item_draft", 1])
        return
    solo = st.players == 1 and bool(st.options.get("solo_items"))
    draw, trash = (6, 3) if solo else (4, 2)
    for p in reversed(st.order):
        st.tasks.append(["start_trash", p, trash])
    for p in st.order:
        for _ in range(draw):
            st.draw_item(p, "base", "pending")


def draft_choosers(st: SteamfallState) -> tuple[int, ...]:
    return tuple(p for p in range(st.players) if not st.draft[p])


def item_draft_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    """§14 item draft: every player at once keeps one of the cards in front of them (secret
    until all have chosen); first of four (the rest go left), then of the three received."""
    p = 0 if seat is None else seat
    names = st.content.items
    acts = tuple(Action(f"keep:{c}", f"keep {names[c].name}") for c in sorted(set(st.pl[p]["pending"])))
    what = "keep one, pass the rest to your left" if task[1] == 1 else "keep one, trash the other two"
    return Decision(
        p, "item_draft", f"Starting item draft: {what}", ref("14"), acts, simultaneous=True, secret=True
    )


def apply_item_draft(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    card = aid.split(":", 1)[1]
    draft = list(st.draft)
    draft[seat] = card
    st.draft = draft
    st.say(seat, f"keeps {st.content.items[card].name}", ref("14"), visible_to=(seat,))
    if draft_choosers(st):
        return
    n = st.players
    rest = []
    for p in range(n):
        pl = st.pl[p]
        pl["pending"].remove(st.draft[p])
        pl["hand"].append(st.draft[p])
        rest.append(pl["pending"])
        pl["pending"] = []
    st.draft = [""] * n
    st.tasks.pop()
    if task[1] == 1:
        for p in range(n):
            st.pl[(p + 1) % n]["pending"] = sorted(rest[p])
        st.say(None, "every player keeps a card and passes the rest to the left", ref("14"))
        st.tasks.append(["item_draft", 2])
        return
    for p in range(n):
        st.trash.extend(sorted(rest[p]))
    st.draft = []
    st.say(None, "every player keeps a second card and trashes the other two", ref("14"))


def start_trash_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p, n = task[1], task[2]
    names = st.content.items
    acts = tuple(Action(f"trash:{c}", f"trash {names[c].name}") for c in sorted(set(st.pl[p]["pending"])))
    return Decision(p, "start_trash", f"Trash {n} of your starting workshop cards", ref("2.2"), acts)


def apply_start_trash(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    card = aid.split(":", 1)[1]
    pl = st.pl[seat]
    pl["pending"].remove(card)
    st.trash.append(card)
    st.say(seat, f"trashes {st.content.items[card].name}", ref("2.2"))
    if task[2] > 1:
        st.tasks[-1] = ["start_trash", seat, task[2] - 1]
    else:
        st.tasks.pop()
        pl["hand"].extend(pl["pending"])
        pl["pending"] = []


# ------------------------------------------------------------------ start of round
def resolve_round(st: SteamfallState, task: Task) -> None:
    c = st.content
    st.round += 1
    st.say(None, f"round {st.round} begins", ref("3.1"))
    of(st).round_begins(st)
    b = st.board
    for area in range(b.n_districts):
        if st.ai and area in st.ai["gone"]:
            continue  # removed by Stefan's explosion (§18.7)
        for drop in c.districts[b.districts[area]].drops:
            _drop(st, area, drop)
    of(st).round_started(st)
    st.turn_idx = 0
    st.tasks.append(["turns"])
    if st.ai:  # §18.5 solo: the events (§18.9), then the AI's start of round after everything else
        st.tasks.append(["ai_start"])


def put_token(st: SteamfallState, area: int, kind: str, n: int = 1) -> None:
    """Put tokens on an area; civilian and workshop item tokens come from their finite
    supply (none is placed when it is empty, §15)."""
    if kind in st.supply:
        n = min(n, st.supply[kind])
        if n <= 0:
            st.say(None, f"no {kind} token is left in the supply", ref("15"))
            return
        st.supply[kind] -= n
    st.tok[area][kind] += n


def _drop(st: SteamfallState, area: int, drop: str) -> None:
    t = st.tok[area]
    if drop == "ruins":
        if not st.ruins[area] and st.ruins_stack:  # never a second ruins (§3.1)
            st.ruins[area] = st.ruins_stack.pop(0)
            st.rside[area] = 0
    elif drop == "scrap2":
        t["scrap"] += 2
    elif drop in ("steam", "insight"):
        t[drop] += 1
    elif drop in ("workshop", "civilian"):
        put_token(st, area, drop)
    elif drop == "event" and uses_events(st) and st.decks["event"] and not st.event[area]:
        eid = st.decks["event"].pop()
        if lay_event(st, area, eid, ref("9")):
            st.ev_discard.append(eid)


def lay_event(st: SteamfallState, area: int, eid: str, rule: str) -> bool:
    """An event face up on a district with its token drops; True when it leaves at once
    (removed immediately after its drops, §9)."""
    ev = st.content.events[eid]
    st.event[area] = eid
    st.say(None, f"event {ev.name} in {st.content.districts[st.board.districts[area]].name}", rule)
    for d in ev.drops:
        _drop(st, area, d)
    if ev.removal == "immediate":
        st.event[area] = ""
        return True
    return False


def resolve_turns(st: SteamfallState, task: Task) -> None:
    if st.turn_idx >= 3 * len(st.pl):
        st.tasks.append(["end_round"])
        return
    p = st.order[st.turn_idx % len(st.pl)]
    st.turn_idx += 1
    st.tasks.append(["turns"])
    if st.ai:  # §18.5 the AI acts after each of the player's turns
        st.tasks.append(["ai_turn"])
    begin_turn(st, p)
    st.tasks.append(["turn", p, 0])


def begin_turn(st: SteamfallState, p: int) -> None:
    pl = st.pl[p]
    pl["pool"] = dict.fromkeys(ACTIONS, 0)
    pl["col"] = -1
    pl["reset"] = False
    pl["used"] = []
    pl["fx_used"] = [k for k in pl["fx_used"] if k.startswith("game:")]  # once per game stays
    pl["asked"] = []
    of(st).begin_turn(st, p)


def collect_insight(st: SteamfallState, p: int) -> None:
    """§5.3 insight on secret locations under your influence is picked up during your turn."""
    b = st.board
    tok = st.tok
    at, cubes = st.pl[p]["at"], st.cubes
    for area in range(len(b.districts), len(b.districts) + len(b.slots)):  # the secret locations
        if tok[area]["insight"] and (at == area or p in cubes[area]):  # `under_influence`
            n = st.tok[area]["insight"]
            st.tok[area]["insight"] = 0
            st.pl[p]["res"]["insight"] += n
            st.say(p, f"picks up {n} insight", ref("5.3"))


# ------------------------------------------------------------------ end of round
def resolve_end_round(st: SteamfallState, task: Task) -> None:
    st.say(None, f"end of round {st.round}", ref("3.3"))
    st.tasks.append(["end_finish"])
    if st.ai:  # §18.5 the AI's end of round after the other end-of-round effects
        st.tasks.append(["ai_end"])
    of(st).end_round_tasks(st)
    for p in reversed(st.order):
        st.tasks.append(["eor_turn", p])


def resolve_eor_turn(st: SteamfallState, task: Task) -> None:
    """Column IV, then the compulsory end-of-round effects, then actions without touching
    the map (§3.3); with the interaction variant, a normal fourth turn (§14)."""
    p = task[1]
    interact = bool(st.options.get("eor_interaction"))
    begin_turn(st, p)
    st.tasks.append(["turn", p, 0 if interact else 1])
    pl = st.pl[p]
    eor = not interact
    for tid in pl["cols"][3]:
        gain(st, p, st.content.tokens[tid].gains, eor=eor)
    pl["col"] = 3
    for kind, cid in eor_sources(st, p):
        for i, eff in enumerate(st.content.effects_of(kind, cid)):
            if eff.cause == "end_of_round":
                compulsory(st, p, kind, cid, i, eor)


def eor_sources(st: SteamfallState, p: int) -> list[tuple[str, str]]:
    pl = st.pl[p]
    b = st.board
    out: list[tuple[str, str]] = [("ability", a) for a in pl["abil"]]
    here = pl["at"]
    if not b.is_slot(here):
        out.append(("district", b.districts[here]))
        out += [("event", eid) for eid in of(st).events_at(st, here)]
    for area in range(b.n_districts, b.n_areas):
        if st.up[area] and st.under_influence(p, area):
            out.append(("location", st.loc[area]))
    return out


def compulsory(st: SteamfallState, p: int, kind: str, cid: str, idx: int, eor: bool = False) -> None:
    """A compulsory effect (§6.3): its gain at once, or a choice when it offers alternatives."""
    eff = st.content.effects_of(kind, cid)[idx]
    if len(eff.gains) > 1:
        st.tasks.append(["choose_gain", p, kind, cid, idx, 1 if eor else 0])
    elif eff.gains:
        st.say(p, f"{eff.text}", ref("6.3"))
        gain(st, p, eff.gains[0], eor=eor)


def resolve_end_finish(st: SteamfallState, task: Task) -> None:
    c = st.content
    for pl in st.pl:  # §7.6 recharge by green segments
        for i in pl["play"]:
            g = c.items[i].green
            if g:
                base = pl["attach"].get(i, i)
                room = sum(
                    c.items[x].gauge
                    for x in [
                        base,
                        *[k for k, v in pl["attach"].items() if v == base and c.items[k].kind == "module"],
                    ]
                )
                have = sum(
                    pl["power"].get(x, 0)
                    for x in [
                        base,
                        *[k for k, v in pl["attach"].items() if v == base and c.items[k].kind == "module"],
                    ]
                )
                add = min(g, room - have)
                if add > 0:
                    pl["power"][base] = pl["power"].get(base, 0) + add
        pl["boxes"] = [0, 0, 0, 0]
    if not of(st).discard_events(st):
        for area, eid in enumerate(st.event):  # §9 events leave at end of round
            if eid:
                st.ev_discard.append(eid)
                st.event[area] = ""
    if len(st.pl) != 2:  # §3.4 (solo Crisis plays two characters: the 2-player rule)
        st.first = (st.first + 1) % len(st.pl)
    st.order = _order(st)
    sc = of(st)
    st.tasks.append(sc.round_over(st) or (["game_end"] if st.round >= sc.rounds else sc.next_round_task()))


# ------------------------------------------------------------------ Incredible Invention resolution
def requirement(st: SteamfallState) -> tuple[int, int, int]:
    card = st.content.inventions[st.players]
    side = card.hard if st.options.get("difficulty") == "hard" else card.normal
    return side.rows[min(st.round, ROUNDS) - 1]


def resolve_resolution(st: SteamfallState, task: Task) -> None:
    st.say(None, f"resolution phase of round {st.round}", ref("12.4"))
    steam = st.paid.get("steam", 0)  # a steam paid toward a completion stays paid
    st.paid = {"vp": 0, "cubes": 0, **({"steam": steam} if steam else {})}
    st.tasks.append(["ii_check"])
    for p in reversed(st.order):
        st.tasks.append(["ii_pay", p])
    for cid in reversed(st.cover):
        st.tasks.append(["comp_reward", st.order[0], cid])


def comp_reward_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    name = st.content.complications[task[2]].name
    acts = (Action("reward:completion", "1 completion"), Action("reward:vp", "1 VP"))
    return Decision(task[1], "complication_reward", f"Reward for overcoming {name}", ref("12.3"), acts)


def apply_comp_reward(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    if aid == "reward:completion":
        st.completion += 1
    else:
        st.pl[seat]["res"]["vp"] += 1
    st.say(seat, f"takes {aid.split(':')[1]} for an overcome complication", ref("12.3"))


def ii_pay_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    vp, cubes, comp = requirement(st)
    pl = st.pl[p]
    acts = []
    if st.paid["vp"] < vp and pl["res"]["vp"] > 0:
        acts.append(Action("give:vp", "spend 1 VP on marketing"))
    if st.paid["vp"] < vp and pl["diamonds"] > 0:
        acts.append(Action("give:diamond", "spend a VP diamond (1 VP) on marketing"))
        if pl["diamonds"] >= 4:
            acts.append(Action("give:diamonds", "spend the four VP diamonds together (6 VP) on marketing"))
    if st.paid["cubes"] < cubes:
        for area in range(st.board.n_districts, st.board.n_areas):
            if p in st.cubes[area]:
                acts.append(Action(f"give:cube:{area}", f"spend your cube on area {area} on permissions"))
    if st.completion < comp:
        if pl["res"]["insight"] > 0:
            acts.append(Action("give:insight", "1 insight toward a completion (4 make one)"))
        if pl["res"]["steam"] > 0:
            acts.append(Action("give:steam", "1 steam toward a completion (2 make one)"))
    if may_stop(st, p):
        acts.append(Action("done", "done contributing"))
    return Decision(
        p,
        "resolution",
        f"Round {st.round} needs {vp} VP, {cubes} cubes, {comp} completion; "
        f"paid {st.paid['vp']} VP, {st.paid['cubes']} cubes, {st.completion} completion",
        ref("12.4"),
        tuple(acts),
    )


def may_stop(st: SteamfallState, p: int) -> bool:
    """§12.4 the players must pay the row together: a character stops only when the ones
    still to pay can meet the rest, or when the row cannot be met even with its help."""
    later = [t[1] for t in st.tasks[:-1] if t[0] == "ii_pay" and t[1] != p]
    return can_meet(st, later) or not can_meet(st, [p, *later])


def can_meet(st: SteamfallState, who: list[int]) -> bool:
    """Whether what `who` hold pays the rest of the current row."""
    vp, cubes, comp = requirement(st)
    pls = [st.pl[p] for p in who]
    held_vp = sum(pl["res"]["vp"] + diamond_vp(pl["diamonds"]) for pl in pls)
    slots = range(st.board.n_districts, st.board.n_areas)
    held_cubes = sum(1 for a in slots for p in st.cubes[a] if p in who)
    steam = st.paid.get("steam", 0)
    insight = st.quarters - 2 * steam + sum(pl["res"]["insight"] for pl in pls)
    steam += sum(pl["res"]["steam"] for pl in pls)
    return (
        st.paid["vp"] + held_vp >= vp
        and st.paid["cubes"] + held_cubes >= cubes
        and st.completion + insight // 4 + steam // 2 >= comp
    )


def apply_ii_pay(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    pl = st.pl[seat]
    if aid == "done":
        st.tasks.pop()
        return
    what = aid.split(":")[1]
    if what == "vp":
        pl["res"]["vp"] -= 1
        st.paid["vp"] += 1
    elif what in ("diamond", "diamonds"):
        k = 1 if what == "diamond" else 4
        pl["diamonds"] -= k
        st.supply["diamond"] += k
        st.paid["vp"] += diamond_vp(k)
    elif what == "cube":
        area = int(aid.split(":")[2])
        st.cubes[area] = [x for x in st.cubes[area] if x != seat]
        pl["cubes"] += 1
        st.paid["cubes"] += 1
    else:
        contribute(st, seat, what)
    st.say(seat, f"contributes {what}", ref("12.4"))


def contribute(st: SteamfallState, p: int, what: str) -> None:
    """§12.2 completion: 4 insight or 2 steam (one or the other, §6.5), split among players.
    `quarters` holds what is paid toward completions not yet whole (an insight a quarter, a
    steam two); `paid["steam"]` the steam among it, so the two ways never mix."""
    st.pl[p]["res"][what] -= 1
    st.quarters += 1 if what == "insight" else 2
    if what == "steam":
        st.paid["steam"] = st.paid.get("steam", 0) + 1
    steam = st.paid.get("steam", 0)
    if steam >= 2 or st.quarters - 2 * steam >= 4:
        st.quarters -= 4
        if steam >= 2:
            del st.paid["steam"]
        st.completion += 1
        way = "2 steam" if what == "steam" else "4 insight"
        st.say(p, f"the team gains 1 completion ({way})", ref("12.2"))


def resolve_ii_check(st: SteamfallState, task: Task) -> None:
    vp, cubes, comp = requirement(st)
    missing = [  # in the words of the board (terminal.py `_invention`)
        f"{name} {have}/{need}{unit}"
        for name, have, need, unit in (
            ("marketing", st.paid["vp"], vp, " VP"),
            ("permissions", st.paid["cubes"], cubes, " cubes"),
            ("completion", st.completion, comp, ""),
        )
        if have < need
    ]
    if missing:
        st.result = {"won": False, "reason": f"round {st.round} requirement not met: " + ", ".join(missing)}
        st.say(None, st.result["reason"], ref("12.4"))
        st.tasks = []
        return
    st.completion -= comp
    st.say(None, f"the round {st.round} requirements are met", ref("12.4"))
    if st.round >= ROUNDS:
        st.result = {"won": True, "reason": "the Incredible Invention is finished: round 3 requirements met"}
        st.tasks = []
        return
    st.tasks.append(["round"])


# ------------------------------------------------------------------ end of game
def resolve_game_end(st: SteamfallState, task: Task) -> None:
    for area in range(st.board.n_districts, st.board.n_areas):  # §11 reveal everything
        if not st.up[area]:
            st.up[area] = True
    of(st).game_end(st)
    st.result = {"won": None, "reason": of(st).end_reason}
    st.say(None, "the game ends; every secret location is revealed", ref("11"))
    st.tasks = []


def score(st: SteamfallState, p: int) -> dict[str, Any]:
    pl = st.pl[p]
    if "res" not in pl:  # characters still being chosen: nothing scored yet
        return {"vp_tokens": 0, "vp_diamonds": 0, "cipher_tablets": 0, "secret_locations": 0, "total": 0}
    vp = pl["res"]["vp"]
    tablets = 3 * len(pl["tablets"])
    locs = 0
    for area in range(st.board.n_districts, st.board.n_areas):
        if st.up[area] and st.under_influence(p, area):
            for e in st.content.locations[st.loc[area]].effects:
                for m in e.passive:
                    if m.kind == "end_vp_influence":
                        locs += m.n
    dia = diamond_vp(pl["diamonds"])
    out = {
        "vp_tokens": vp,
        "vp_diamonds": dia,
        "cipher_tablets": tablets,
        "secret_locations": locs,
        "total": vp + dia + tablets + locs,
    }
    of(st).score_extra(st, p, out)
    return out


def diamond_vp(n: int) -> int:
    """The VP diamonds (§11): one VP each; all four together count 6."""
    return 6 if n >= 4 else n


DECISIONS = {
    "char_pick": char_pick_decision,
    "start_trash": start_trash_decision,
    "comp_reward": comp_reward_decision,
    "ii_pay": ii_pay_decision,
    "item_draft": item_draft_decision,
    "district_pick": district_pick_decision,
}
APPLY = {
    "char_pick": apply_char_pick,
    "start_trash": apply_start_trash,
    "comp_reward": apply_comp_reward,
    "ii_pay": apply_ii_pay,
    "item_draft": apply_item_draft,
    "district_pick": apply_district_pick,
}
AUTOMATIC = {
    "round": resolve_round,
    "start_items": resolve_start_items,
    "turns": resolve_turns,
    "end_round": resolve_end_round,
    "eor_turn": resolve_eor_turn,
    "end_finish": resolve_end_finish,
    "resolution": resolve_resolution,
    "ii_check": resolve_ii_check,
    "game_end": resolve_game_end,
    "map": resolve_map,
}
