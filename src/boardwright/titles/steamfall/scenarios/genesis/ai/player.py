"""Genesis solo: the player abilities an AI sheet imposes, as if printed on the player's
ability cards (rules.md §18.4). The turn offers and applies them through the small hooks
`turn_actions`, `filter_actions`, `apply`, `on_move`, `extra_move`, `on_fire`,
`quest_need` and `end_turn`; the choices they open are decisions for the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from ....rules import ref
from . import sheets as gai

if TYPE_CHECKING:
    from ....state import SteamfallState, Task

ROMAN = ("I", "II", "III", "IV")
HEADS = frozenset({"feint", "lost", "execute"})
EXECUTE_COSTS = (("insight", 6), ("violence", 2), ("special", 1))


def rules(st: SteamfallState) -> set[str]:
    if not st.ai:
        return set()
    return {a.rule for a in gai.sheet(st).player}


# ------------------------------------------------------------------ passives read by the core
def extra_move(st: SteamfallState, p: int, dest: int) -> int:
    """Luis's Crowd: entering the central district costs 1 movement more."""
    if "crowd" in rules(st) and dest == gai.central(st):
        return 1
    return 0


def quest_need(st: SteamfallState, n: int) -> int:
    """Marcus: quests need 1 progress less, never below 2 (one below 2 stays as printed)."""
    if "quest_discount" in rules(st):
        return max(min(n, 2), n - 1)
    return n


def on_move(st: SteamfallState, p: int, left: int) -> None:
    """J&B's Tracked: the first move of a turn leaves a clue token where you were."""
    if "tracked" in rules(st) and not st.ai["moved"]:
        st.ai["clues"][left] += 1
        st.say(p, f"leaves a clue token in {gai.area_name(st, left)} (Tracked)", ref("18.4"))
    if st.ai:
        st.ai["moved"] = True


def on_fire(st: SteamfallState, p: int, event: str) -> None:
    r = rules(st)
    if event == "explore_ruins" and "strange_vibrations" in r:
        st.tasks.append(["ai_vibrations", p])
    elif event == "attach" and "show_invention" in r:
        st.tasks.append(["ai_show", p])


def end_turn(st: SteamfallState, p: int) -> None:
    """Alice's spores: a turn ended on her cube adds an action token; her cubes there go."""
    if "alice_cubes" not in rules(st):
        return
    ai = st.ai
    here = st.pl[p]["at"]
    n = ai["dcubes"].count(here) + (1 if here in ai["loc"] else 0)
    if not n:
        return
    ai["dcubes"] = [a for a in ai["dcubes"] if a != here]
    ai["loc"] = [a for a in ai["loc"] if a != here]
    ai["cubes"] += n
    st.say(
        p, f"ends the turn on Alice's cube: {n} of her cube(s) removed, an action token added", ref("18.4")
    )
    if free_token_actions(st, p):
        st.tasks.append(["ai_token", p])


# ------------------------------------------------------------------ actions in the turn
def filter_actions(st: SteamfallState, p: int, acts: list[Action]) -> list[Action]:
    r = rules(st)
    gone = {f"move:{a}" for a in st.ai["gone"]}
    out = [a for a in acts if a.id not in gone]  # removed from play by Stefan (§18.7)
    if "hallucinations" in r:
        out = [a for a in out if not a.id.startswith("token:")]
    if "tough_crowd" in r:
        out = [a for a in out if a.id != "meet:violence"]
    return out


def turn_actions(st: SteamfallState, p: int, eor: bool) -> list[Action]:
    from ....effects import can_pay, one

    r = rules(st)
    if eor or not r:
        return []
    pl = st.pl[p]
    here = pl["at"]
    out: list[Action] = []
    if "feint" in r:
        for how, cost in (("scrap", 2), ("steam", 1)):
            if pl["res"][how] >= cost:
                for a in gai.adjacent(st, here):
                    out.append(
                        Action(
                            f"feint:{how}:{a}", f"Feint: {cost} {how}: a clue token in {gai.area_name(st, a)}"
                        )
                    )
    if "lost_and_found" in r and st.tok[here]["civilian"] and pl["res"]["insight"] >= 3:
        out.append(Action("lost:insight", "Lost and found: 3 insight: encounter a civilian here"))
    if "execute" in r and st.tok[here]["mechanized"]:
        for how, n in EXECUTE_COSTS:
            if can_pay(st, p, [one(how, n)]):
                out.append(
                    Action(f"execute:{how}", f"Execute: {n} {how}: remove a Mechanized here, gain 2 scrap")
                )
    return out


def apply(st: SteamfallState, p: int, aid: str) -> None:
    from ....effects import one, pay

    head, _, rest = aid.partition(":")
    pl = st.pl[p]
    here = pl["at"]
    if head == "feint":
        how, area = rest.split(":")
        pay(st, p, [one(how, 2 if how == "scrap" else 1)])
        st.ai["clues"][int(area)] += 1
        st.say(p, f"Feint: a clue token in {gai.area_name(st, int(area))}", ref("18.4"))
    elif head == "lost":
        pl["res"]["insight"] -= 3
        st.tok[here]["civilian"] -= 1
        st.supply["civilian"] += 1
        st.say(p, "Lost and found: encounters a civilian for 3 insight", ref("18.4"))
        st.tasks.append(["escort_draw", p])
    elif head == "execute":
        n = dict(EXECUTE_COSTS)[rest]
        pay(st, p, [one(rest, n)])
        st.tok[here]["mechanized"] -= 1
        st.supply["civilian"] += 1
        pl["res"]["scrap"] += 2
        st.say(p, "Execute: removes a Mechanized and gains 2 scrap", ref("18.4"))


# ------------------------------------------------------------------ decisions the abilities open
def free_token_actions(st: SteamfallState, p: int) -> list[Action]:
    pl = st.pl[p]
    ch = st.content.characters[pl["char"]]
    out = []
    for k in range(4):
        if len(pl["cols"][k]) < ch.columns[k].capacity:
            for tid in sorted(pl["spare"]):
                out.append(Action(f"token:{tid}:{k}", f"add action token {tid} to column {ROMAN[k]}"))
    return out


def token_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    return Decision(
        p,
        "ai_token",
        "Alice's cube: add an action token for free",
        ref("18.4"),
        tuple(free_token_actions(st, p)),
    )


def apply_token(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    _, tid, col = aid.split(":")
    pl = st.pl[seat]
    pl["spare"].remove(tid)
    pl["cols"][int(col)].append(tid)
    st.say(seat, f"adds an action token to column {int(col) + 1} (Alice's cube)", ref("18.4"))


def vibrations_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    hand = st.pl[p]["hand"]
    relics = sorted({c for c in hand if st.content.items[c].deck == "relic"})
    acts = tuple(Action(f"discard:{c}", f"discard {st.content.items[c].name}") for c in relics)
    return Decision(
        p,
        "ai_vibrations",
        "Strange vibrations: discard 1 relic item (then 1 stamina, 2 insight)",
        ref("18.4"),
        acts,
    )


def apply_vibrations(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    card = aid.split(":", 1)[1]
    pl = st.pl[seat]
    pl["hand"].remove(card)
    st.trash.append(card)
    pl["res"]["stamina"] += 1
    pl["res"]["insight"] += 2
    st.say(seat, "Strange vibrations: discards a relic, gains 1 stamina and 2 insight", ref("18.4"))


def show_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    from .solo import would_isolate

    p = task[1]
    dest = _destination(st)
    acts = []
    if dest is not None:  # any district but the central one, where the explosion cuts nothing off
        for a in gai.districts(st):
            if a != dest[1] and not would_isolate(st, a):
                acts.append(Action(f"dest:{a}", f"move Destination to {gai.area_name(st, a)}"))
    if not acts:
        acts.append(Action("dest:-1", "Destination cannot move (no other district)"))
    return Decision(
        p, "ai_show", "Show invention: move the Destination event to a district", ref("18.4"), tuple(acts)
    )


def _destination(st: SteamfallState) -> tuple[str, int] | None:
    from .solo import ids_named, on_map

    for eid in ids_named(st, "Destination"):
        a = on_map(st, eid)
        if a is not None:
            return eid, a
    return None


def apply_show(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    from .solo import place

    st.tasks.pop()
    dest = _destination(st)
    area = int(aid.split(":")[1])
    if dest is not None and area >= 0 and area != dest[1]:
        place(st, dest[0], area)
    pool = st.ai["pool"]
    if pool["workshop"]:
        pool["workshop"] -= 1
        st.supply["workshop"] += 1
        gai.say(st, "discards 1 workshop item token (Show invention)", "18.4")


DECISIONS: dict[str, Any] = {
    "ai_token": token_decision,
    "ai_vibrations": vibrations_decision,
    "ai_show": show_decision,
}
APPLY: dict[str, Any] = {
    "ai_token": apply_token,
    "ai_vibrations": apply_vibrations,
    "ai_show": apply_show,
}
