"""The Genesis scenario (§17): journals and their start areas, the Journal phase before
each of the four rounds, preparing and adding events, permanent events, the four scoring
events and the end-of-game scoring. Chapter rules are in journal.py.

Everything the scenario adds to the state lives in one JSON-ready dict, `st.gn` (empty in
the other scenarios):

- `j`: one journal record per character (see journal.py);
- `box`: Genesis events not in play (a chapter may add them); `peace`: the face-down
  Peace and Quiet deck; `pile`: the events set aside for this round, in their shuffled
  (hidden) order;
- `ecubes`: influence cubes on scoring events (event id -> characters);
- `first_order`: the turn order of round 1 (the last tie-break of scoring events);
- `destroyed`: journal abilities destroyed (one-shot, back to the box);
- `event_vp`: VP each character scored from scoring events at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision, Rng

from ...rules import ref
from . import journal
from .ai.sheets import events_in

if TYPE_CHECKING:
    from ...state import SteamfallState, Task

ROUNDS = 4
HEADS = frozenset({"gnjoin", "gndestroy"})
#: insight spent to put an influence cube on a scoring event (§17.7)
JOIN_COST = 4


def on(st: SteamfallState) -> bool:
    return st.scenario == "genesis"


def setup(st: SteamfallState) -> None:
    """§17.1 the Genesis event deck and the Peace and Quiet deck (shuffled, face down)."""
    c = st.content
    peace = [e.id for e in c.comp.genesis_events if e.peace]
    st.shuffle("peace and quiet deck", peace)
    st.gn = {
        "j": [journal.new_journal() for _ in st.pl],
        "box": [e.id for e in c.comp.genesis_events if not e.peace],
        "peace": peace,
        "pile": [],
        "ecubes": {},
        "first_order": [],
        "destroyed": [],
        "event_vp": [0] * len(st.pl),
    }


def copy_gn(gn: dict[str, Any]) -> dict[str, Any]:
    if not gn:
        return {}
    out = dict(gn)
    out["j"] = [journal.copy_journal(j) for j in gn["j"]]
    for k in ("box", "peace", "pile", "first_order", "destroyed", "event_vp"):
        out[k] = list(gn[k])
    out["ecubes"] = {k: list(v) for k, v in gn["ecubes"].items()}
    return out


def is_permanent(st: SteamfallState, eid: str) -> bool:
    ev = st.content.genesis_events.get(eid)
    return ev is not None and ev.permanent


def events_at(st: SteamfallState, area: int) -> list[str]:
    """The events in a district: its own and, in solo Genesis, the extra events of the
    central district (§18.9); each works like any event there."""
    if st.ai:
        return events_in(st, area)
    return [st.event[area]] if st.event[area] else []


def round_drops(st: SteamfallState) -> None:
    """The start-of-round tokens of the events standing on the map (a stand-in field of
    permanent events, as a district's start-of-round symbol), in district order."""
    from ...rounds import _drop

    for a in range(st.board.n_districts):
        if st.ai and a in st.ai["gone"]:
            continue
        for eid in events_at(st, a):
            ev = st.content.genesis_events.get(eid)
            if ev is not None and ev.round_drops:
                for d in ev.round_drops:
                    _drop(st, a, d)
                st.say(None, f"{ev.name} brings its start-of-round tokens", ref("9"))


def event_area(st: SteamfallState, eid: str) -> int:
    """The district holding an event, -1 when it is not on the map."""
    for a in range(st.board.n_districts):
        if eid in events_at(st, a):
            return a
    return -1


def remove_event(st: SteamfallState, area: int, eid: str) -> None:
    """An event leaves its district (one of the central district's extra events in solo)."""
    if st.event[area] == eid:
        st.event[area] = ""
    elif st.ai and eid in st.ai["central_events"]:
        st.ai["central_events"].remove(eid)
    elif st.ai and [area, eid] in st.ai.get("beside", []):
        st.ai["beside"].remove([area, eid])


def event_districts(st: SteamfallState) -> list[int]:
    """Districts that receive an event: those with the event or crisis symbol (never the
    Central District, §17.5), still in play (in solo, Stefan's explosion removes districts,
    §18.7: they neither count in the Peace and Quiet top-up nor receive an event)."""
    b = st.board
    c = st.content
    gone = set(st.ai.get("gone", ())) if st.ai else set()
    return [
        a
        for a in range(b.n_districts)
        if a not in gone
        and c.districts[b.districts[a]].type != "central"
        and any(d in ("event", "crisis") for d in c.districts[b.districts[a]].drops)
    ]


# ------------------------------------------------------------------ journals and start areas (§17.1)
def resolve_setup(st: SteamfallState, task: Task) -> None:
    """Each character takes their journal (Chapter 0 and the starting ability) and starts in
    the district type Chapter 0 names (a choice when the map has several)."""
    st.gn["first_order"] = list(st.order)
    for p in reversed(st.order):
        j = st.gn["j"][p]
        journal._take(j, "0")
        j["ch"], j["done"] = "0", True
        c0 = journal.chapter(st, p, "0")
        places = _start_districts(st, c0.setup.start)
        if len(places) == 1:
            st.pl[p]["at"] = places[0]
        elif places:
            st.tasks.append(["gn_start", p])
        journal.setup_chapter(st, p, c0)


def _start_districts(st: SteamfallState, kind: str) -> list[int]:
    b = st.board
    return [a for a in range(b.n_districts) if st.content.districts[b.districts[a]].type == kind]


def start_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    kind = journal.chapter(st, p, "0").setup.start
    acts = tuple(
        Action(f"start:{a}", f"start in {st.content.districts[st.board.districts[a]].name}")
        for a in _start_districts(st, kind)
    )
    return Decision(p, "start_area", f"Chapter 0: choose your start ({kind} district)", ref("17.1"), acts)


def apply_start(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    area = int(aid.split(":", 1)[1])
    st.pl[seat]["at"] = area
    st.say(seat, f"starts in {st.content.districts[st.board.districts[area]].name}", ref("17.1"))


# ------------------------------------------------------------------ the Journal phase (§17.2)
def resolve_journal(st: SteamfallState, task: Task) -> None:
    rnd = st.round + 1
    st.say(None, f"Journal phase before round {rnd}", ref("17.2"))
    st.tasks.append(["gn_prepare"])
    if journal.open_phase(st, rnd):
        st.tasks.append(["chapter_pick"])
    if st.ai:  # §18.2 solo: the AI's Journal-phase line before any choice of the player
        st.tasks.append(["ai_journal"])


def resolve_round_check(st: SteamfallState, task: Task) -> None:
    """End of round: every objective fulfilled during the round is rewarded now (§17.3)."""
    for p in reversed(st.order):
        journal.check(st, p, eor=True)


# ------------------------------------------------------------------ events (§17.5-17.6)
def set_aside(st: SteamfallState, p: int, eid: str) -> None:
    """A chapter's event goes to the pile unless it is already there or on the map."""
    name = st.content.events[eid].name
    if eid in st.gn["pile"] or event_area(st, eid) >= 0 or eid not in st.gn["box"]:
        st.say(p, f"{name} is already added: this part of the setup is ignored", ref("17.5"))
        return
    st.gn["box"].remove(eid)
    st.gn["pile"].append(eid)
    st.say(p, f"sets {name} aside for this round", ref("17.5"))


def place_here(st: SteamfallState, p: int, eid: str) -> int:
    """A chapter's event placed at once in the character's district; -1 when it cannot be
    (already in play elsewhere: its area is returned instead; district holding an event:
    the event is set aside)."""
    if event_area(st, eid) >= 0:
        return event_area(st, eid)
    b = st.board
    here = st.pl[p]["at"]
    area = b.slot_district(here) if b.is_slot(here) else here
    if st.event[area] or (eid not in st.gn["box"] and eid not in st.gn["pile"]):
        set_aside(st, p, eid)
        return -1
    if eid in st.gn["pile"]:
        st.gn["pile"].remove(eid)
    else:
        st.gn["box"].remove(eid)
    put_event(st, area, eid)
    return area if st.event[area] == eid else -1


def put_event(st: SteamfallState, area: int, eid: str) -> None:
    from ...rounds import lay_event

    if lay_event(st, area, eid, ref("17.5")):
        back_to_box(st, eid)


def back_to_box(st: SteamfallState, eid: str) -> None:
    if st.content.genesis_events[eid].peace:
        st.gn["peace"].append(eid)
        st.shuffle("peace and quiet deck", st.gn["peace"])
    else:
        st.gn["box"].append(eid)


def resolve_prepare(st: SteamfallState, task: Task) -> None:
    """§17.5 top the pile up with Peace and Quiet to the number of districts without an
    event (not the Central District), shuffle it, then the round starts."""
    need = sum(1 for a in event_districts(st) if not st.event[a])
    pile = st.gn["pile"]
    added = 0
    while len(pile) < need and st.gn["peace"]:
        pile.append(st.gn["peace"].pop())
        added += 1
    st.shuffle("genesis event pile", pile)
    st.say(
        None,
        f"{need} districts without an event: {added} Peace and Quiet added, {len(pile)} events shuffled",
        ref("17.5"),
    )
    st.tasks.append(["round"])


def place_events(st: SteamfallState) -> None:
    """Start of round: an event from the pile on each district with the event or crisis
    symbol and no event (permanent ones stay, §17.5-17.6); any left over wait for the next
    round (§15)."""
    for area in event_districts(st):
        if not st.event[area] and st.gn["pile"]:
            put_event(st, area, st.gn["pile"].pop())


def discard_events(st: SteamfallState) -> None:
    """End of round: events leave, except permanent ones (§17.6); back to the box."""
    for area, eid in enumerate(st.event):
        if eid and not is_permanent(st, eid):
            st.event[area] = ""
            if eid in st.content.genesis_events:
                back_to_box(st, eid)
            else:
                st.ev_discard.append(eid)


def after_use(st: SteamfallState, area: int, eid: str) -> None:
    remove_event(st, area, eid)
    back_to_box(st, eid)


# ------------------------------------------------------------------ scoring events (§17.7)
def scoring_areas(st: SteamfallState) -> list[tuple[int, str]]:
    out = []
    for a in range(st.board.n_districts):
        for eid in events_at(st, a):
            ev = st.content.genesis_events.get(eid)
            if ev is not None and ev.scoring:
                out.append((a, eid))
    return out


def join_id(st: SteamfallState, area: int, eid: str) -> str:
    """`gnjoin:AREA` for a district's own event, `gnjoin:AREA:EVENT` for an extra one."""
    return f"gnjoin:{area}" if st.event[area] == eid else f"gnjoin:{area}:{eid}"


def join_options(st: SteamfallState, p: int) -> list[Action]:
    pl = st.pl[p]
    out = []
    for a, eid in scoring_areas(st):
        mine = p in st.gn["ecubes"].get(eid, [])
        if pl["at"] == a and not mine and pl["res"]["insight"] >= JOIN_COST and cube_ways(st, p, eid):
            what = f"spend {JOIN_COST} insight: your influence cube on {st.content.events[eid].name}"
            out.append(Action(join_id(st, a, eid), what))
    return out


def cube_ways(st: SteamfallState, p: int, eid: str) -> list[str]:
    """Where the cube for joining comes from: the supply, or with none left one of p's cubes
    on the map (an area, or another event), moved (§5.2, the rulebook's FAQ)."""
    if st.pl[p]["cubes"] > 0:
        return ["supply"]
    return [str(a) for a in range(st.board.n_areas) if p in st.cubes[a]] + event_cubes(st, p, eid)


def event_cubes(st: SteamfallState, p: int, but: str = "") -> list[str]:
    """`e=ID` for each (scoring) event holding p's cube: a cube may be moved from there."""
    return [f"e={e}" for e, who in sorted(st.gn.get("ecubes", {}).items()) if p in who and e != but]


def take_event_cube(st: SteamfallState, p: int, how: str) -> None:
    eid = how[2:]
    st.gn["ecubes"][eid] = [x for x in st.gn["ecubes"][eid] if x != p]
    st.say(p, f"takes back the influence cube on {st.content.events[eid].name}", ref("5.2"))


def cube_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    from ...choices import _cube_from

    _, p, eid = task
    acts = tuple(
        Action(f"cubefrom:{w}", f"move your cube from {_cube_from(st, w)}") for w in cube_ways(st, p, eid)
    )
    name = st.content.events[eid].name
    return Decision(p, "gn_cube", f"No cube left: which of yours goes to {name}?", ref("17.7"), acts)


def apply_cube(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, eid = st.tasks.pop()
    how = aid.split(":", 1)[1]
    if how.startswith("e="):
        take_event_cube(st, p, how)
    else:
        st.cubes[int(how)] = [x for x in st.cubes[int(how)] if x != p]
    st.gn["ecubes"].setdefault(eid, []).append(p)
    st.say(p, f"moves an influence cube onto {st.content.events[eid].name}", ref("17.7"))


def measure(st: SteamfallState, p: int, kind: str) -> int:
    pl = st.pl[p]
    if kind in ("steam", "insight"):
        return int(pl["res"][kind])
    if kind == "civilians":
        return len(pl["civs"])
    return len(pl["play"])


def points(n_chars: int) -> list[int]:
    """3 / 2 / 1 for the first, the second and every other participant; 3 / 1 at two."""
    return [3, 1] if n_chars == 2 else [3, 2]


def rank_event(st: SteamfallState, area: int, eid: str) -> list[tuple[int, int]]:
    """(character, VP) for one scoring event: participants by cube or presence, ordered by
    the counted elements, then influence, then steam, then who started their first turn
    last."""
    ev = st.content.genesis_events[eid]
    who = set(st.gn["ecubes"].get(eid, [])) | {p for p, pl in enumerate(st.pl) if pl.get("at") == area}
    first = st.gn["first_order"]

    def key(p: int) -> tuple[int, int, int, int]:
        late = first.index(p) if p in first else -1
        return (measure(st, p, ev.scoring), journal.cubes_placed(st, p), st.pl[p]["res"]["steam"], late)

    ranked = sorted(who, key=key, reverse=True)
    pts = points(len(st.pl))
    return [(p, pts[i] if i < len(pts) else 1) for i, p in enumerate(ranked)]


def end_game(st: SteamfallState) -> None:
    for area, eid in scoring_areas(st):
        name = st.content.events[eid].name
        for p, vp in rank_event(st, area, eid):
            st.gn["event_vp"][p] += vp
            st.say(p, f"scores {vp} VP from {name}", ref("17.7"))


# ------------------------------------------------------------------ the turn
def filter_actions(st: SteamfallState, p: int, acts: list[Action]) -> list[Action]:
    """Trapped (§17.4): no leaving the area until the objective is met."""
    trap = journal.trapped_in(st, p)
    if trap < 0 or st.pl[p]["at"] != trap:
        return acts
    from ...turn import resolve_src

    out = []
    for a in acts:
        if a.id.startswith("move:"):
            continue
        if a.id.startswith("fx:"):
            _, src, idx, _c, g = a.id.split(":")[:5]
            kind, cid = resolve_src(st, p, src)
            gains = st.content.effects_of(kind, cid)[int(idx)].gains
            if gains and any(t.what == "teleport" for t in gains[int(g)]):
                continue
        out.append(a)
    return out


def turn_actions(st: SteamfallState, p: int, eor: bool) -> list[Action]:
    acts = [] if eor else join_options(st, p)
    return acts + journal.destroy_options(st, p, eor)


def apply(st: SteamfallState, p: int, aid: str, eor: bool) -> None:
    head, _, rest = aid.partition(":")
    if head == "gnjoin":
        area_s, _, eid = rest.partition(":")
        area = int(area_s)
        eid = eid or st.event[area]
        pl = st.pl[p]
        pl["res"]["insight"] -= JOIN_COST
        if pl["cubes"] <= 0:  # none in the supply: one of the map's is moved (cube_ways)
            st.say(p, f"spends {JOIN_COST} insight to join {st.content.events[eid].name}", ref("17.7"))
            st.tasks.append(["gn_cube", p, eid])
            return
        pl["cubes"] -= 1
        st.gn["ecubes"].setdefault(eid, []).append(p)
        st.say(p, f"spends {JOIN_COST} insight: influence cube on {st.content.events[eid].name}", ref("17.7"))
    elif head == "gndestroy":
        aid_, idx, g = rest.rsplit(":", 2)
        journal.destroy(st, p, aid_, int(idx), int(g), eor)


def end_turn(st: SteamfallState, p: int) -> None:
    journal.check(st, p)


# ------------------------------------------------------------------ views and bookkeeping
def view(st: SteamfallState, seat: int | None) -> dict[str, Any]:
    gn = st.gn
    return {
        "rounds": ROUNDS,
        "journals": [journal.view(st, p, seat) for p in range(len(gn["j"]))],
        "pile": sorted(gn["pile"]),
        "peace_left": len(gn["peace"]),
        "permanent": [a for a, e in enumerate(st.event) if e and is_permanent(st, e)],
        "scoring": [
            {
                "area": a,
                "event": e,
                "counts": st.content.genesis_events[e].scoring,
                "cubes": gn["ecubes"].get(e, []),
            }
            for a, e in scoring_areas(st)
        ],
        "event_vp": list(gn["event_vp"]),
        "first_order": list(gn["first_order"]),
    }


def components(st: SteamfallState) -> dict[str, int]:
    gn = st.gn
    return {
        "events_off_map": len(gn["box"]) + len(gn["peace"]) + len(gn["pile"]),
        "event_cubes": sum(len(v) for v in gn["ecubes"].values()),
        "journal_chapters": sum(len(j["deck"]) + len(j["kept"]) + len(j["out"]) for j in gn["j"]),
    }


def determinize(st: SteamfallState, seat: int, rng: Rng) -> None:
    """The pile's and the Peace and Quiet deck's order, and other seats' secret chapter
    choices, are unknown to `seat`."""
    gn = st.gn
    rng.shuffle(gn["pile"])
    rng.shuffle(gn["peace"])
    for p, j in enumerate(gn["j"]):
        if st.seat_of(p) != seat and j["pick"]:
            j["pick"] = j["offer"][rng.below(len(j["offer"]))]


def score_extra(st: SteamfallState, p: int) -> int:
    vp = st.gn.get("event_vp", []) if st.gn else []
    return int(vp[p]) if p < len(vp) else 0


DECISIONS = {"chapter_pick": journal.pick_decision, "gn_start": start_decision, "gn_cube": cube_decision}
APPLY = {"chapter_pick": journal.apply_pick, "gn_start": apply_start, "gn_cube": apply_cube}
AUTOMATIC = {
    "gn_setup": resolve_setup,
    "journal": resolve_journal,
    "gn_prepare": resolve_prepare,
    "gn_setup_chapter": journal.resolve_setup_chapter,
    "gn_round_check": resolve_round_check,
}
