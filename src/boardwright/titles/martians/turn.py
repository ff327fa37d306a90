"""A corporation's turn (§5): colonist token, time units, action markers, free steps
(RTG, regaining penalty markers, experts), and products delivery at its end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine.actions import Action, Decision

from . import buildings, cycle, experts
from .asked import KEPT, keep
from .content import RESOURCES
from .glossary import name_of
from .rules import BUILDING_SECTION, ref
from .setup import remove_token

if TYPE_CHECKING:
    from .state import MartiansState


#: the actions whose text never changes, made once
_WORK = Action("work", "take your turn")
_REST = Action("rest", "place a dead colonist's token: no turn this round")
_RECREATION = Action("recreation", "recreation: take back your action markers from the board (1 time)")
_END = Action("end", "end your turn")
_RTG = Action("rtg", "draw 1 energy from the RTG (-1 reputation)")
_INFIRMARY = Action("infirmary", "take an action marker back from the infirmary (1 time)")
_APARTMENTS = Action("apartments", "take an action marker back from the apartments (2 credits)")
_DONE = Action("done", "deliver nothing more")
#: (product, its token's place in a quarters, its place in a purse, the action of delivering
#: it to each quarters)
_DELIVERIES = tuple(
    (kind, idx, RESOURCES.index(kind),
     tuple(Action(f"{kind}:{q + 1}", f"deliver 1 {kind} to Q{q + 1} (remove a {token} token)")
           for q in range(4)))
    for kind, token, idx in (("food", "hunger", 2), ("medicine", "disease", 1)))
_CREDITS = RESOURCES.index("credits")
_COLONIST_RULE, _TURN_RULE, _DELIVERY_RULE = ref("4.2"), ref("5"), ref("5.8")


# ------------------------------------------------------------------ colonist token
def live_left(s: MartiansState, corp: int) -> int:
    return (s.colonists[corp] - s.dead[corp]) - (s.placed[corp] - s.dead_placed[corp])


def dead_left(s: MartiansState, corp: int) -> int:
    return s.dead[corp] - s.dead_placed[corp]


def colonist_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    """Work with a living colonist, or place a dead colonist's token this round (§4.3)."""
    corp = int(task[1])
    acts = []
    if s.placed[corp] < s.colonists[corp]:
        if live_left(s, corp) > 0:
            acts.append(_WORK)
        if dead_left(s, corp) > 0:
            acts.append(_REST)
    seat = s.seat_of(corp)
    key = ("colonist", seat, corp, s.round, s.cycle, *map(id, acts))
    hit = KEPT.get(key)
    if hit is None:
        hit = keep(key, Decision(seat, "colonist", f"{s.name(corp)}: round {s.round} of cycle {s.cycle}",
                                 _COLONIST_RULE, tuple(acts)))
    return hit


def apply_colonist(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    s.tasks.pop()
    if action_id == "rest":
        s.placed[corp] += 1
        s.dead_placed[corp] += 1
        s.track.append([s.round, corp, 1])
        s.say(corp, "places a dead colonist's token on the cycle track", ref("4.3"))
        return
    begin(s, corp)


def begin(s: MartiansState, corp: int) -> None:
    time = 3 + (1 if s.has_tech(corp, "dna_alteration") else 0)
    s.turn = {"corp": corp, "time": time, "building": "", "done": [], "expert": 0}
    for card in s.experts[corp]:
        card[1] = 1  # experts turn face up at the owner's next turn (§7.2)
    cycle.weather_looks(s)
    s.push("turn", corp)


# ------------------------------------------------------------------ the turn
def placements(s: MartiansState, corp: int) -> list[Action]:
    """The actions of putting an action marker in a field, where the corporation may (§5.2)."""
    if s.hand[corp] <= 0:
        return []
    out: list[Action] = []
    time = s.turn["time"]
    unbuilt, upgrades, event = s.unbuilt, s.upgrades, s.event_active
    p = s.purse(corp)
    quick = buildings.QUICKEST
    names = s.content.buildings
    placing = _PLACING
    for b, occ in s.fields.items():
        if b in unbuilt or corp in occ or (event and buildings.closed(s, b)):
            continue
        least = -1  # the quickest action there, asked once per building (not per field)
        up = upgrades[b]
        for f, o in enumerate(occ):
            if o != -1:
                continue
            extra = 1 if f in up else 0
            if extra > time:
                continue
            if least < 0:
                q = quick.get(b)  # `buildings.quickest` written out
                least = buildings.NO_ACTION if q is None else q(s, corp, p)
                name = names[b].name
            if least <= time - extra:
                hit = placing.get((b, f, extra, name))
                out.append(_placing(b, f, extra, name) if hit is None else hit)
    return out


def turn_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp = int(task[1])
    t = s.turn["time"]
    acts = placements(s, corp)
    if t >= 1:
        for occ in s.fields.values():
            if corp in occ:
                acts.append(_RECREATION)
                break
    acts += free_steps(s, corp)
    acts.append(_END)
    seat = s.seat_of(corp)
    key = ("turn", seat, corp, t, *map(id, acts))
    hit = KEPT.get(key)
    if hit is None:
        hit = keep(key, Decision(seat, "turn", f"{s.name(corp)}: {t} time unit(s) left", _TURN_RULE,
                                 tuple(acts)))
    return hit


def _placing(building: str, field: int, extra: int, name: str) -> Action:
    """The action of putting a marker in a field (the same few are asked at every step)."""
    key = (building, field, extra, name)
    hit = _PLACING.get(key)
    if hit is None:
        if len(_PLACING) >= 4096:
            _PLACING.clear()
        more = " (+1 time: unfinished)" if extra else ""
        hit = _PLACING[key] = Action(f"place:{building}:{field + 1}",
                                     f"put an action marker in {name}, field {field + 1}{more}")
    return hit


#: (building, field, extra time, the building's name) -> the action of placing a marker there
_PLACING: dict[tuple[str, int, int, str], Action] = {}


def free_steps(s: MartiansState, corp: int) -> list[Action]:
    """What a corporation may do at any time in its turn because it is no action: the RTG
    draw (§5.6), regaining penalty markers (§5.7), an expert (§7.2); each only when it can
    be carried out."""
    p = s.purse(corp)
    acts = []
    if not s.rtg_used[corp] and s.rtg > 0 and s.reputation[p] >= 1:
        acts.append(_RTG)
    turn = s.turn
    if turn["time"] >= 1:
        for box in s.infirmary:
            if corp in box:
                acts.append(_INFIRMARY)
                break
    if s.res[p][_CREDITS] >= 2:
        for box in s.apartments:
            if corp in box:
                acts.append(_APARTMENTS)
                break
    if not turn["expert"] and s.experts[corp]:
        acts += experts.offers(s, corp)
    return acts


FREE = frozenset(("rtg", "infirmary", "apartments", "expert"))


def building_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    """A building's actions (§5.3) and, once one is done, the free steps between two of them:
    before the first they add nothing the turn did not offer before the marker went in, and
    a marker must serve an action (§5.2)."""
    corp = int(task[1])
    acts = buildings.building_actions(s, corp)
    if s.turn["done"]:
        acts += free_steps(s, corp)
        acts.append(buildings.LEAVE)  # "leave" stays last
    return buildings.building_asks(s, corp, acts)


def apply_building(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    if action_id.partition(":")[0] in FREE:
        _free_step(s, int(task[1]), action_id)
    else:
        buildings.apply_building(s, task, seat, action_id)
        if action_id == "tech:weather_report":
            cycle.weather_looks(s)  # its owner may look at once (§8)


def _free_step(s: MartiansState, corp: int, action_id: str) -> None:
    p = s.purse(corp)
    kind, _, arg = action_id.partition(":")
    if kind == "rtg":
        s.rtg_used[corp] = True
        s.rtg -= 1
        s.res[p][2] += 1  # energy
        s.add_reputation(corp, -1, ref("5.6"), "draws 1 energy from the RTG")
    elif kind == "infirmary":
        s.turn["time"] -= 1
        _regain(s, corp, s.infirmary)
        s.say(corp, "takes an action marker back from the infirmary", ref("5.7"))
    elif kind == "apartments":
        s.pay(p, {"credits": 2})
        _regain(s, corp, s.apartments)
        s.say(corp, "takes an action marker back from the apartments", ref("5.7"))
    else:  # expert
        experts.use(s, corp, int(arg))


def apply_turn(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    kind, _, arg = action_id.partition(":")
    if kind in FREE:
        _free_step(s, corp, action_id)
    elif kind == "place":
        b, fno = arg.split(":")
        field = int(fno) - 1
        extra = 1 if field in s.upgrades[b] else 0
        s.fields[b][field] = corp
        s.hand[corp] -= 1
        s.turn["time"] -= extra
        s.turn["building"] = b
        s.turn["done"] = []
        more = ", 1 extra time unit for the unfinished building" if extra else ""
        s.say(corp, f"puts an action marker in {s.content.buildings[b].name}{more}",
              ref("5.4") if extra else ref(BUILDING_SECTION[b]))
        s.push("building", corp)
    elif kind == "recreation":
        s.turn["time"] -= 1
        n = 0
        for occ in s.fields.values():
            for f, o in enumerate(occ):
                if o == corp:
                    occ[f] = -1
                    n += 1
        s.hand[corp] += n
        s.say(corp, f"recreation: takes {n} action marker(s) back", ref("5.5"))
    else:  # end
        s.tasks.pop()
        s.push("end_turn", corp)
        s.push("deliver", corp, 0)


def _regain(s: MartiansState, corp: int, boxes: list[list[int]]) -> None:
    for box in boxes:
        if corp in box:
            box.remove(corp)
            s.hand[corp] += 1
            return


# ------------------------------------------------------------------ products delivery
def deliver_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    """Up to two products: a medicine removes a disease token, a food a hunger token,
    each for reputation by the conversion factor (§5.8)."""
    corp, count = int(task[1]), int(task[2])
    p = s.purse(corp)
    acts = []
    if count < 2:
        res = s.res[p]
        for _kind, idx, resource, offers in _DELIVERIES:
            if res[resource] >= 1:
                quarters = s.quarters
                acts += [offers[q] for q in s.allowed_quarters(corp) if quarters[q][idx]]
    if acts:
        acts.append(_DONE)
    seat = s.seat_of(corp)
    key = ("delivery", seat, corp, count, *map(id, acts))  # most often none: skipped at once
    hit = KEPT.get(key)
    if hit is None:
        hit = keep(key, Decision(seat, "delivery", f"{s.name(corp)}: products delivery ({count} of 2)",
                                 _DELIVERY_RULE, tuple(acts)))
    return hit


def apply_deliver(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    if action_id == "done":
        s.tasks.pop()
        return
    kind, q = action_id.split(":")
    p = s.purse(corp)
    s.pay(p, {kind: 1})
    remove_token(s, int(q) - 1, "hunger" if kind == "food" else "disease")
    row = s.content.board.conversion[min(s.round, len(s.content.board.conversion)) - 1]
    s.add_reputation(corp, row.food if kind == "food" else row.medicine, ref("5.8"),
                     f"delivers 1 {kind} to Q{q}")
    task[2] = int(task[2]) + 1


def resolve_end_turn(s: MartiansState, task: Any) -> None:
    corp = int(task[1])
    s.placed[corp] += 1
    s.track.append([s.round, corp, 0])
    s.turn = {}
    s.say(corp, "places its colonist token on the cycle track", ref("5.8"))


# ------------------------------------------------------------------ helpful errors
def why_illegal(s: MartiansState, seat: int, action_id: str) -> tuple[str, str] | None:
    if not s.tasks or s.tasks[-1][0] != "turn":
        return None
    corp = int(s.tasks[-1][1])
    kind, _, arg = action_id.partition(":")
    if kind == "place":
        b, _, f = arg.partition(":")
        if b not in s.fields:
            return (f"there is no building called {b!r}", ref("6.1"))
        if b in s.unbuilt:
            return (f"{name_of(b)} is not built yet (a build token lies on it)", ref("5.2"))
        if corp in s.fields[b]:
            return (f"you already have an action marker in {name_of(b)}: recreation first", ref("5.2"))
        if s.hand[corp] <= 0:
            return ("you have no action marker in hand", ref("5.2"))
        if not f.isdigit() or not 0 < int(f) <= len(s.fields[b]):
            return (f"{name_of(b)} has no field {f}", ref("5.2"))
        occ = s.fields[b][int(f) - 1]
        if occ == -2:
            return ("an unavailability token lies on that field", ref("5.2"))
        if occ >= 0:
            return ("that field is taken", ref("5.2"))
        return ("you lack the time or resources for any action there", ref("5.2"))
    if kind == "recreation":
        return ("recreation needs 1 time unit and a marker of yours on the board", ref("5.5"))
    if kind == "rtg":
        return ("the RTG gives 1 energy once per round, for 1 reputation, while it has energy", ref("5.6"))
    if kind == "expert":
        return ("an expert works once per turn, face up, when you can pay and it has a target", ref("7.2"))
    return None
