"""The small decisions an effect can ask for, and the automatic steps between them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from .effects import fire, gain
from .rules import ref
from .scenarios import of

if TYPE_CHECKING:
    from .state import SteamfallState, Task

ESCORT_LIMIT = 2


def _area_name(st: SteamfallState, area: int) -> str:
    b = st.board
    if b.is_slot(area):
        return f"secret location {area}"
    return st.content.districts[b.districts[area]].name


# ---------------------------------------------------------------- drawing workshop cards
def _drawable(st: SteamfallState, deck: str) -> bool:
    return bool(st.decks[deck]) or any(st._deck_of(c) == deck for c in st.trash)


def pick_deck_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    acts = []
    for deck, name in (("base", "base items"), ("addon", "add-ons and power modules")):
        if _drawable(st, deck):
            acts.append(Action(f"deck:{deck}", f"draw from {name}"))
    return Decision(
        p, "workshop_deck", f"Draw a workshop card ({task[2]} to draw): which deck?", ref("6.8"), tuple(acts)
    )


def apply_pick_deck(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, n, where, discard = task
    st.draw_item(p, aid.split(":")[1], where)
    if n > 1 and (_drawable(st, "base") or _drawable(st, "addon")):
        st.tasks[-1] = ["pick_deck", p, n - 1, where, discard]
        return
    st.tasks.pop()
    # §15: with no workshop card left, the draw stops short; the cards not drawn come off the
    # discard first, so the number kept stays the same when enough were drawn
    discard -= n - 1
    if where == "pending" and discard > 0:
        st.tasks.append(["dd", p, discard])
    elif where == "pending":
        st.pl[p]["hand"].extend(st.pl[p]["pending"])
        st.pl[p]["pending"] = []


def dd_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    names = st.content.items
    acts = tuple(Action(f"discard:{c}", f"discard {names[c].name}") for c in sorted(set(st.pl[p]["pending"])))
    return Decision(p, "draw_discard", f"Discard {task[2]} of the cards you drew", ref("6.8"), acts)


def apply_dd(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    card = aid.split(":", 1)[1]
    pl = st.pl[seat]
    pl["pending"].remove(card)
    st.trash.append(card)
    st.say(seat, f"discards {st.content.items[card].name}", ref("6.8"))
    if task[2] > 1 and pl["pending"]:
        st.tasks[-1] = ["dd", seat, task[2] - 1]
        return
    st.tasks.pop()
    pl["hand"].extend(pl["pending"])
    pl["pending"] = []


# ---------------------------------------------------------------- power, quests, civilians
def power_target_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    names = st.content.items
    acts = tuple(Action(f"power:{i}", f"{task[2]} power onto {names[i].name}") for i in st.power_targets(p))
    return Decision(p, "power_target", "Which item gets the power?", ref("7.2"), acts)


def apply_power_target(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    item = aid.split(":", 1)[1]
    st.add_power(seat, item, task[2])
    st.say(seat, f"puts power on {st.content.items[item].name}", ref("7.2"))


def quest_target_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    acts = tuple(
        Action(f"quest:{c}", f"progress {st.content.civilians[c].name}") for c in st.quest_targets(p)
    )
    return Decision(p, "quest_target", "Which civilian's quest progresses?", ref("8"), acts)


def apply_quest_target(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    st.quest_step(seat, aid.split(":", 1)[1], 1)


def resolve_escort_draw(st: SteamfallState, task: Task) -> None:
    """§8 draw a civilian card into your play area; over the limit, one must go."""
    p = task[1]
    if not st.decks["civ"]:
        if not st.civ_discard:
            st.say(p, "no civilian card is left to draw", ref("15"))
            return
        st.decks["civ"] = st.civ_discard
        st.civ_discard = []
        st.shuffle("civilian deck", st.decks["civ"])
    civ = st.decks["civ"].pop()
    st.pl[p]["civs"].append(civ)
    st.say(p, f"escorts {st.content.civilians[civ].name}", ref("8"))
    fire(st, p, "escort")
    if len(st.pl[p]["civs"]) > escort_limit(st, p):
        st.tasks.append(["escort_over", p])


def escort_limit(st: SteamfallState, p: int) -> int:
    from .effects import mods

    return ESCORT_LIMIT + mods(st, p).get("escort_limit", 0)


def escort_over_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    acts = tuple(Action(f"release:{c}", f"let {st.content.civilians[c].name} go") for c in st.pl[p]["civs"])
    return Decision(p, "escort_limit", "Over your escort limit: discard a civilian", ref("8"), acts)


def apply_escort_over(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    st.discard_civilian(seat, aid.split(":", 1)[1])
    if len(st.pl[seat]["civs"]) > escort_limit(st, seat):
        st.tasks.append(["escort_over", seat])


# ---------------------------------------------------------------- free play, teleport, pick-up, ruins
def play_free_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    from .items import play_options

    p = task[1]
    acts = [Action(f"free:{aid}", label) for aid, label in play_options(st, p, free=True)]
    acts.append(Action("free:none", "play nothing"))
    return Decision(p, "play_free", "You may play an item from your hand for free", ref("7.1"), tuple(acts))


def apply_play_free(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    from .items import play

    st.tasks.pop()
    if aid != "free:none":
        play(st, seat, aid.split(":", 1)[1], free=True, eor=bool(task[2]))


def teleport_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    here = st.pl[p]["at"]
    gone = st.ai["gone"] if st.ai else ()  # removed from play by Stefan: no one enters (§18.7)
    acts = tuple(
        Action(f"to:{a}", f"travel to {_area_name(st, a)}")
        for a in range(st.board.n_districts)
        if a != here and a not in gone
    )
    return Decision(p, "teleport", "Travel to which district?", ref("10"), acts)


def apply_teleport(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    from .turn import enter

    st.tasks.pop()
    of(st).on_move(st, seat, st.pl[seat]["at"])  # a move like any other (J&B's Tracked, §18.4)
    enter(st, seat, int(aid.split(":")[1]))


def pick_up_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    acts = tuple(Action(f"take:{k}", f"pick up {k}") for k in st.pickable(st.pl[p]["at"]))
    return Decision(p, "pick_up", "Pick up which token?", ref("5.4"), acts)


def apply_pick_up(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    from .turn import take_token

    st.tasks.pop()
    take_token(st, seat, aid.split(":")[1], 1)


def ruins_free_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    p = task[1]
    area = st.pl[p]["at"]
    acts: tuple[Action, ...] = ()
    if st.ruins[area]:
        eff = ruins_effect(st, area)
        acts = tuple(Action(f"gain:{g}", f"explore the ruins for {g}") for g in range(len(eff.gains)))
    return Decision(p, "ruins", "Explore the ruins here for free", ref("5.8"), acts)


def ruins_effect(st: SteamfallState, area: int):  # type: ignore[no-untyped-def]
    r = st.content.ruins[st.ruins[area]]
    return r.explored if st.rside[area] else r.unexplored


def apply_ruins_free(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    st.tasks.pop()
    explore(st, seat, int(aid.split(":")[1]))


def explore(st: SteamfallState, p: int, g: int) -> None:
    """§5.8 gain the showing side's effect, then flip an unexplored token or remove an explored one."""
    area = st.pl[p]["at"]
    eff = ruins_effect(st, area)
    if st.rside[area]:
        st.ruins_stack.append(st.ruins[area])
        st.shuffle("ruins stack", st.ruins_stack)
        st.ruins[area] = ""
        st.rside[area] = 0
        st.say(p, "fully explores the ruins; the token returns to the supply", ref("5.8"))
    else:
        st.rside[area] = 1
        st.say(p, "explores the ruins and flips the token", ref("5.8"))
    gain(st, p, eff.gains[g])
    fire(st, p, "explore_ruins")


# ---------------------------------------------------------------- compulsory effects with alternatives
def choose_gain_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    from .effects import gain_possible, label

    _, p, kind, cid, idx, eor = task
    eff = st.content.effects_of(kind, cid)[idx]
    acts = tuple(
        Action(f"gain:{g}", label(b)) for g, b in enumerate(eff.gains) if gain_possible(st, p, b, bool(eor))
    )
    return Decision(p, "choose_gain", f"{eff.text}: choose one", ref("6.5"), acts)


def apply_choose_gain(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, kind, cid, idx, eor = task
    st.tasks.pop()
    eff = st.content.effects_of(kind, cid)[idx]
    gain(st, p, eff.gains[int(aid.split(":")[1])], eor=bool(eor))


# ---------------------------------------------------------------- add-on triggers and Utilize
def trigger_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    from .effects import gain_possible, label

    _, p, addon, idx, eor = task
    eff = st.content.items[addon].effects[idx]
    acts = [
        Action(f"trigger:{g}", f"trigger: {label(b)}")
        for g, b in enumerate(eff.gains)
        if gain_possible(st, p, b, bool(eor))
    ]
    acts.append(Action("trigger:no", "do not trigger"))
    return Decision(
        p, "trigger", f"{st.content.items[addon].name}: use its trigger?", ref("7.3"), tuple(acts)
    )


def apply_trigger(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, addon, idx, eor = task
    st.tasks.pop()
    if aid != "trigger:no":
        gain(
            st,
            p,
            st.content.items[addon].effects[idx].gains[int(aid.split(":")[1])],
            item=addon,
            eor=bool(eor),
        )


def utilize_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    from .effects import gain_possible, label

    _, p, kind, cid, idx = task
    eff = st.content.effects_of(kind, cid)[idx]
    acts = [
        Action(f"utilize:{g}", f"utilize: {label(b)}")
        for g, b in enumerate(eff.gains)
        if gain_possible(st, p, b)
    ]
    acts.append(Action("utilize:no", "do not utilize"))
    return Decision(p, "utilize", f"Utilize '{eff.text}' with what you just spent?", ref("6.7"), tuple(acts))


def apply_utilize(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    _, p, kind, cid, idx = task
    st.tasks.pop()
    if aid != "utilize:no":
        eff = st.content.effects_of(kind, cid)[idx]
        st.say(p, f"utilizes {eff.text}", ref("6.7"))
        gain(st, p, eff.gains[int(aid.split(":")[1])])


# ---------------------------------------------------------------- entering a secret location
def location_decision(st: SteamfallState, task: Task, seat: int | None) -> Decision:
    _, p, area = task
    acts = []
    revealed = st.up[area]
    cube_ways = [""]
    if p not in st.cubes[area]:
        if st.pl[p]["cubes"] > 0:
            cube_ways.append("supply")
        else:
            cube_ways += [str(a) for a in range(st.board.n_areas) if p in st.cubes[a] and a != area]
            cube_ways += of(st).own_cubes(st, p)  # "from any other location or event" (§5.2)
    for reveal in (False, True) if not revealed else (False,):
        for cw in cube_ways:
            what = "reveal" if reveal else ("leave it" if revealed else "keep it face down")
            cube = (
                ""
                if not cw
                else " and place a cube"
                if cw == "supply"
                else f" and move your cube from {_cube_from(st, cw)}"
            )
            acts.append(Action(f"loc:{int(reveal)}:{cw or '-'}", what + cube))
    return Decision(
        p,
        "secret_location",
        "You looked at the secret location: reveal it? place a cube?",
        ref("5.2"),
        tuple(acts),
    )


def apply_location(st: SteamfallState, task: Task, seat: int, aid: str) -> None:
    from .turn import reveal

    _, p, area = task
    st.tasks.pop()
    _, rv, cw = aid.split(":")
    if cw != "-":
        place_cube(st, p, area, cw)
    if rv == "1":
        reveal(st, p, area, entering=True)


def _cube_from(st: SteamfallState, how: str) -> str:
    if how.startswith("e="):
        return f"the event {st.content.events[how[2:]].name}"
    return f"area {how}"


def place_cube(st: SteamfallState, p: int, area: int, how: str) -> None:
    if how == "supply":
        st.pl[p]["cubes"] -= 1
    elif how.startswith("e="):
        of(st).take_cube(st, p, how)
    else:
        src = int(how)
        st.cubes[src] = [x for x in st.cubes[src] if x != p]
    st.cubes[area] = [*st.cubes[area], p]
    st.say(p, f"places an influence cube on {_area_name(st, area)}", ref("5.2"))
    fire(st, p, "place_cube")


DECISIONS = {
    "pick_deck": pick_deck_decision,
    "dd": dd_decision,
    "power_target": power_target_decision,
    "quest_target": quest_target_decision,
    "escort_over": escort_over_decision,
    "play_free": play_free_decision,
    "teleport": teleport_decision,
    "pick_up": pick_up_decision,
    "ruins_free": ruins_free_decision,
    "choose_gain": choose_gain_decision,
    "trigger": trigger_decision,
    "utilize": utilize_decision,
    "location": location_decision,
}
APPLY = {
    "pick_deck": apply_pick_deck,
    "dd": apply_dd,
    "power_target": apply_power_target,
    "quest_target": apply_quest_target,
    "escort_over": apply_escort_over,
    "play_free": apply_play_free,
    "teleport": apply_teleport,
    "pick_up": apply_pick_up,
    "ruins_free": apply_ruins_free,
    "choose_gain": apply_choose_gain,
    "trigger": apply_trigger,
    "utilize": apply_utilize,
    "location": apply_location,
}
AUTOMATIC = {"escort_draw": resolve_escort_draw}
