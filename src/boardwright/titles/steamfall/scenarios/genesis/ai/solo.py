"""Genesis solo: where the AI sheet meets the round (rules.md §18).

Setup of the AI opponent, its Journal-phase line before the player's choice, its start of
round (after every other start-of-round effect), its turn after each of the player's turns,
its end of round (after the characters' end-of-round effects, before the round's clean-up),
its end-game scoring, the solo outcome, and the events steps of the sheets (events joining
the pile, placed at once, replaced). The steps themselves are in `genesis_ai`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....rules import ref
from . import sheets as gai
from .schema import Step

if TYPE_CHECKING:
    from ....state import SteamfallState

#: the scoring events' required element, counted in the AI's pool
ELEMENT_POOL = {"steam": "steam", "insight": "insight", "civilians": "civilian", "items": "workshop"}


def solo(st: SteamfallState) -> bool:
    return st.scenario == "genesis" and st.players == 1


def check_opponent(players: int, options: Any) -> str | None:
    """Setup errors of the `opponent` option (§18.1)."""
    opp = str(options.get("opponent", "") or "")
    if options.get("scenario") != "genesis" or players != 1:
        if opp:
            return f"option opponent: only solo Genesis has an AI opponent (§18.1, {ref('18.1')})"
        return None
    if not opp:
        names = ", ".join(gai.sheets())
        return f"option opponent: solo Genesis needs an AI opponent, one of {names} ({ref('18.1')})"
    if opp not in gai.sheets():
        return f"option opponent: '{opp}' is not one of {', '.join(gai.sheets())} ({ref('18.1')})"
    mine = options.get("character")
    if mine and mine == opp:
        return f"option opponent: the AI opponent cannot be your own character '{opp}' ({ref('18.1')})"
    return None


def setup(st: SteamfallState) -> None:
    """§18.1 the AI opponent's standee in the central district, its pool and 8 cubes."""
    opp = str(st.options["opponent"])
    if st.pl[0]["char"] == opp:
        raise ValueError(f"option opponent: the AI opponent cannot be your own character '{opp}' (§18.1)")
    st.ai = gai.new_ai(opp, gai.central(st), st.board.n_areas)
    gai.say(st, f"is your opponent: {gai.sheet(st).title}", "18.1")


# ------------------------------------------------------------------ the round
def journal(st: SteamfallState) -> None:
    """§18.2 the AI's Journal-phase line for this round, before the player's choice."""
    rnd = min(max(st.round + 1, 1), 4)
    st.ai["journal_round"] = rnd
    ln = gai.sheet(st).journal[rnd - 1]
    gai.say(st, f"Journal phase, round {rnd}: {ln.text}", "18.2")
    gai.run_line(st, ln.steps, "18.2")


def start_of_round(st: SteamfallState) -> None:
    """§18.5 after every other start-of-round effect; Alice's first placement first."""
    ai = st.ai
    if ai["start_at"]:
        a = gai.event_area(st, ai["start_at"])
        if a is not None:
            ai["at"] = a
            gai.say(st, f"starts in {gai.area_name(st, a)}", "18.2")
        ai["start_at"] = ""
    for ln in gai.sheet(st).start:
        gai.run_line(st, ln.steps, "18.5")


def after_turn(st: SteamfallState) -> None:
    st.ai["moved"] = False
    for ln in gai.sheet(st).turn:
        gai.run_line(st, ln.steps, "18.5")


def end_of_round(st: SteamfallState) -> None:
    for ln in gai.sheet(st).end:
        if st.result is not None:
            return
        gai.run_line(st, ln.steps, "18.5")


def end_game(st: SteamfallState) -> None:
    """§18.8 the AI's scoring lines, top to bottom, each as often as it can pay."""
    st.ai["final"] = {}
    for ln in gai.sheet(st).scoring:
        gai.run_line(st, ln.steps, "18.8")


# ------------------------------------------------------------------ events
def ids_named(st: SteamfallState, name: str) -> list[str]:
    key = name.casefold().replace("'", "")
    return [e.id for e in st.content.comp.genesis_events if e.name.casefold().replace("'", "") == key]


def is_scoring(st: SteamfallState, eid: str) -> bool:
    ev = st.content.genesis_events.get(eid)
    return ev is not None and bool(ev.scoring)


def on_map(st: SteamfallState, eid: str) -> int | None:
    for a in gai.districts(st):
        if eid in gai.events_in(st, a):
            return a
    return None


def add_event(st: SteamfallState, name: str, where: str, cube: bool, n: int = 1) -> None:
    """An event the sheet adds: from the box to the pile (or at once to the central
    district), with the AI's cube when the sheet says so; one already added is ignored."""
    known = ids_named(st, name)
    ids = [e for e in known if e in st.gn["box"]][:n]
    if not ids:
        gai.say(st, f"{name} is already added: ignored" if known else f"{name}: no such event", "18.2")
        if cube and known:
            _cube_event(st, known[0])
        return
    for eid in ids:
        st.gn["box"].remove(eid)
        if where == "central":
            put_central(st, eid)
        else:
            st.gn["pile"].append(eid)
            gai.say(st, f"{name} is set aside for this round", "18.2")
        if cube:
            _cube_event(st, eid)


def _cube_event(st: SteamfallState, eid: str) -> None:
    ai = st.ai
    if eid not in ai["ev_cubes"] and ai["cubes"] > 0:
        ai["ev_cubes"].append(eid)
        ai["cubes"] -= 1
        gai.say(st, f"puts a cube on {st.content.events[eid].name}", "18.2")


def put_central(st: SteamfallState, eid: str) -> None:
    """§18.9 an event in the central district; in solo several may share it."""
    from ....rounds import _drop
    from ..game import back_to_box, put_event

    c = gai.central(st)
    if not st.event[c]:
        put_event(st, c, eid)
        return
    ev = st.content.events[eid]
    st.ai["central_events"].append(eid)
    gai.say(
        st,
        f"{ev.name} is placed in the central district beside {st.content.events[st.event[c]].name}",
        "18.9",
    )
    for d in ev.drops:
        _drop(st, c, d)
    if ev.removal == "immediate":  # like any event: gone once its tokens are down (§9)
        st.ai["central_events"].remove(eid)
        back_to_box(st, eid)


def take_off(st: SteamfallState, eid: str) -> None:
    """An event leaves wherever it is (box, pile or map) to be placed again."""
    gn = st.gn
    for k in ("box", "pile"):
        if eid in gn[k]:
            gn[k].remove(eid)
    a = on_map(st, eid)
    if a is not None:
        if st.event[a] == eid:
            st.event[a] = ""
        st.ai["central_events"] = [e for e in st.ai.get("central_events", []) if e != eid]
        st.ai["beside"] = [x for x in st.ai.get("beside", []) if x[1] != eid]


def place(st: SteamfallState, eid: str, area: int) -> None:
    """An event placed at once on the district the sheet or the player names; the central
    district may hold several (§18.9), and another district holding an event takes it
    beside that one (the sheet names the district, not a free one)."""
    from ..game import put_event

    take_off(st, eid)
    if area == gai.central(st):
        put_central(st, eid)
    elif st.event[area]:
        from ....rounds import _drop
        from ..game import back_to_box

        ev = st.content.events[eid]
        gai.say(st, f"{ev.name} is placed in {gai.area_name(st, area)} beside its event", "18.9")
        for d in ev.drops:  # its tokens drop as any placed event's do (§9)
            _drop(st, area, d)
        if ev.removal == "immediate":
            back_to_box(st, eid)
        else:
            st.ai.setdefault("beside", []).append([area, eid])
    else:
        put_event(st, area, eid)


def place_events(st: SteamfallState) -> None:
    """Start of round in solo: one event from the pile on each district with the symbol and
    no event, the rest in the central district (§18.9). On Stefan's sheet, a Destination
    whose explosion would cut an ancient district off (or that would land in the central
    district) makes the events go back, shuffled, and be set up a second time; the second
    set-up stands (§18.3)."""
    from ..game import event_districts

    free = [a for a in event_districts(st) if not st.event[a]]
    pile = st.gn["pile"]
    dest = set(ids_named(st, "Destination"))
    if gai.sheet(st).id == "stefan" and dest & set(pile):
        for attempt in range(2):
            plan = list(reversed(pile))[: len(free)]
            spot = next((free[i] for i, e in enumerate(plan) if e in dest), gai.central(st))
            if not would_isolate(st, spot) or attempt:
                break
            st.shuffle("genesis event pile", pile)
            gai.say(
                st, "Destination would cut off an ancient district: the events are shuffled again", "18.3"
            )
    for a in free:
        if pile:
            from ..game import put_event

            put_event(st, a, pile.pop())
    while pile:
        put_central(st, pile.pop())


def would_isolate(st: SteamfallState, area: int) -> bool:
    """Whether removing `area` (Stefan's explosion) leaves an ancient district unreachable
    from the central district (the central district itself always would)."""
    c = gai.central(st)
    if area == c:
        return True
    left = {a for a in gai.districts(st) if a != area}
    seen = {c}
    todo = [c]
    while todo:
        x = todo.pop()
        for y in gai.district_neighbours(st, x):
            if y in left and y not in seen:
                seen.add(y)
                todo.append(y)
    b = st.board
    return any(st.content.districts[b.districts[a]].type == "ancient" and a not in seen for a in left)


def discard_central(st: SteamfallState) -> None:
    """End of round: the central district's extra events leave like any other (§17.6)."""
    from ..game import back_to_box, is_permanent

    keep = []
    for eid in st.ai.get("central_events", []):
        if is_permanent(st, eid):
            keep.append(eid)
        else:
            back_to_box(st, eid)
    st.ai["central_events"] = keep
    beside = []
    for area, eid in st.ai.get("beside", []):
        if is_permanent(st, eid):
            beside.append([area, eid])
        else:
            back_to_box(st, eid)
    st.ai["beside"] = beside


def _add_event(st: SteamfallState, step: Step, rule: str) -> None:
    add_event(st, step.event, step.where, step.cube, step.n)


def _add_random_event(st: SteamfallState, step: Step, rule: str) -> None:
    name = step.events[st.draw("random event", step.events)]
    gai.say(st, f"draws at random between {' and '.join(step.events)}: {name}", rule)
    add_event(st, name, step.where, step.cube, step.n)


def _replace_event(st: SteamfallState, step: Step, rule: str) -> None:
    from ..game import back_to_box

    new = [e for e in ids_named(st, step.by) if e in st.gn["box"]]
    for eid in ids_named(st, step.event):
        a = on_map(st, eid)
        if not new:
            break
        if a is not None:
            take_off(st, eid)
            back_to_box(st, eid)
            place(st, new[0], a)
            gai.say(st, f"{step.by} replaces {step.event}", rule)
            return
        if eid in st.gn["pile"]:
            st.gn["pile"] = [new[0] if e == eid else e for e in st.gn["pile"]]
            st.gn["box"].remove(new[0])
            back_to_box(st, eid)
            gai.say(st, f"{step.by} replaces {step.event} among the events set aside", rule)
            return
    gai.say(st, f"{step.event} is not in play: nothing to replace", rule)


def _place_event(st: SteamfallState, step: Step, rule: str) -> None:
    ids = ids_named(st, step.event)
    a = gai.most(st, lambda x: gai.civilians(st, x), gai.districts(st))
    place(st, ids[0], gai.central(st) if a is None else a)


EVENT_STEPS = {
    "add_event": _add_event,
    "add_random_event": _add_random_event,
    "replace_event": _replace_event,
    "place_event": _place_event,
}


# ------------------------------------------------------------------ scoring
def ai_counts(st: SteamfallState) -> dict[str, int]:
    """The AI's count of each scoring event's element, taken when its sheet resolves them."""
    return {el: int(st.ai["pool"][k]) for el, k in ELEMENT_POOL.items()}


def score_events(st: SteamfallState) -> None:
    """§18.8 the scoring events, resolved when the AI's sheet says so: the AI counts its
    pool at that moment, the player their final count. Two contestants: 3 VP and 1 VP;
    ties by influence, then steam, then who started their first turn last (the AI, which
    acts after the player's turns)."""
    from .. import game as genesis
    from .. import journal

    counts = ai_counts(st)
    st.ai["final"]["event_counts"] = counts
    st.ai["final"]["event_vp"] = 0
    for a in gai.districts(st):
        for eid in gai.events_in(st, a):
            if not is_scoring(st, eid):
                continue
            kind = str(st.content.genesis_events[eid].scoring)
            name = st.content.events[eid].name
            who = []
            if 0 in st.gn["ecubes"].get(eid, []) or st.pl[0]["at"] == a:
                key = (genesis.measure(st, 0, kind), journal.cubes_placed(st, 0), st.pl[0]["res"]["steam"], 0)
                who.append((key, "player"))
            if eid in st.ai["ev_cubes"] or st.ai["at"] == a:
                key = (counts[kind], ai_influence(st), st.ai["pool"]["steam"], 1)
                who.append((key, "ai"))
            who.sort(reverse=True)
            for i, (_key, w) in enumerate(who):
                vp = 3 if i == 0 else 1
                if w == "player":
                    st.gn["event_vp"][0] += vp
                    st.say(0, f"scores {vp} VP from {name}", ref("18.8"))
                else:
                    st.ai["pool"]["vp"] += vp
                    st.ai["final"]["event_vp"] += vp
                    gai.say(st, f"scores {vp} VP from {name}", "18.8")


def ai_influence(st: SteamfallState) -> int:
    """Influence for scoring ties: cubes on secret locations (and, on Alice's sheet, on
    districts, §18.3)."""
    n = len(st.ai["loc"])
    if gai.has_passive(st, "district_cubes_count"):
        n += len(st.ai["dcubes"])
    return n


def outcome(st: SteamfallState, player_vp: int) -> dict[str, Any]:
    from boardwright.engine.outcome import solo as solo_outcome

    final = st.over
    ai_vp = int(st.ai["pool"]["vp"])
    res = st.result or {}
    if final and res.get("won") is False:
        won: bool | None = False
        reason = str(res.get("reason", "lost"))
    elif final:
        won = player_vp > ai_vp
        tie = ""
        if player_vp == ai_vp:  # the core's tie-break, most insight (§11); even then: not won
            mine, its = int(st.pl[0]["res"]["insight"]), int(st.ai["pool"]["insight"])
            won = mine > its
            tie = f" (a tie, broken by insight: {mine} against {its}, §18.8)"
        reason = f"{player_vp} VP against {gai.name(st)}'s {ai_vp} VP{tie}"
    else:
        won = None
        reason = (f"so far {player_vp} VP against {gai.name(st)}'s {ai_vp} VP "
                  "(the score is your VP minus the AI opponent's)")
    return solo_outcome(
        won=won,
        reason=reason,
        score=float(player_vp - ai_vp),
        final=final,
        breakdown={"player_vp": player_vp, "ai_vp": ai_vp, "ai": dict(st.ai["final"])},
    )


def view(st: SteamfallState) -> dict[str, Any]:
    """The AI opponent for every viewer: sheet, standee, pool, cubes, clues, d20 rolls."""
    ai = st.ai
    sh = gai.sheet(st)
    return {
        "character": sh.id,
        "name": gai.name(st),
        "title": sh.title,
        "at": ai["at"],
        "pool": dict(ai["pool"]),
        "cubes_left": ai["cubes"],
        "locations": list(ai["loc"]),
        "districts": list(ai["dcubes"]),
        "events": list(ai["ev_cubes"]),
        "clues": {str(a): n for a, n in enumerate(ai["clues"]) if n},
        "gone": list(ai["gone"]),
        "central_events": list(ai["central_events"]),
        "beside_events": [list(x) for x in ai.get("beside", [])],
        "journal_round": int(ai.get("journal_round", 0)),
        "rolls": [{"round": r, "d20": n, "band": f"{lo}-{hi}"} for r, n, lo, hi in ai["rolls"]],
        "sheet": {
            "journal": [ln.text for ln in sh.journal],
            "player": [f"{a.name}: {a.text}" for a in sh.player],
            "start": [ln.text for ln in sh.start],
            "turn": [ln.text for ln in sh.turn],
            "end": [ln.text for ln in sh.end],
            "passive": [ln.text for ln in sh.passive],
            "random": [f"{b.lo}-{b.hi}: {b.text}" for b in sh.random],
            "scoring": [ln.text for ln in sh.scoring],
        },
        "final": dict(ai["final"]),
    }


def components(st: SteamfallState) -> dict[str, int]:
    """What the AI holds of the finite components: civilian and workshop item tokens in its
    pool, its 8 cubes wherever they are, the central district's extra events."""
    ai = st.ai
    if not ai:  # not set up yet: its cubes wait in the box
        return {"civilian": 0, "workshop": 0, "events": 0, "cubes": gai.CUBES}
    return {
        "civilian": int(ai["pool"]["civilian"]),
        "workshop": int(ai["pool"]["workshop"]),
        "events": len(ai["central_events"]) + len(ai.get("beside", [])),
        "cubes": ai["cubes"] + len(ai["loc"]) + len(ai["dcubes"]) + len(ai["ev_cubes"]),
    }


# ------------------------------------------------------------------ tasks in the round
def setup_tasks(st: SteamfallState) -> list[list[Any]]:
    return [["ai_setup"]] if solo(st) else []


def resolve_setup(st: SteamfallState, task: Any) -> None:
    setup(st)


def resolve_journal(st: SteamfallState, task: Any) -> None:
    journal(st)


def resolve_start(st: SteamfallState, task: Any) -> None:
    place_events(st)
    start_of_round(st)


def resolve_turn(st: SteamfallState, task: Any) -> None:
    from .player import end_turn

    if st.pl[0]["at"] in st.ai["gone"]:
        gai.lose(st, "the player stands where Stefan's explosion removed the map: the game is lost", "18.7")
        return
    end_turn(st, 0)
    after_turn(st)


def resolve_end(st: SteamfallState, task: Any) -> None:
    end_of_round(st)
    if st.result is None:
        discard_central(st)


AUTOMATIC = {
    "ai_setup": resolve_setup,
    "ai_journal": resolve_journal,
    "ai_start": resolve_start,
    "ai_turn": resolve_turn,
    "ai_end": resolve_end,
}
