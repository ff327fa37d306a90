"""The buildings' actions (§6): what each costs, when it can be done, what it does.

`offers(s, corp, building, time)` lists the actions a corporation could perform in a
building with that much time: one function decides it for placing a marker (§5.2: never
without the means for an action) and for the building's own decision (§5.3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from boardwright.engine.actions import Action, Decision

from . import excavation
from .asked import KEPT, keep
from .content import RESOURCES
from .glossary import name_of
from .rules import BUILDING_SECTION, ref
from .setup import remove_token, scenario_requirements, uses_commissions, uses_scenario

if TYPE_CHECKING:
    from .state import MartiansState

CONSTRUCTION_COST = {"energy": 1, "regolith": 1, "supplies": 1}
_MEDICINE_COST = {"energy": 1, "supplies": 1, "drinking_water": 1}  # the Hospital's action
_WATER_COST = {"energy": 1, "dirty_ice": 1}  # the Water purifier's
ENERGY, CREDITS = RESOURCES.index("energy"), RESOURCES.index("credits")


class Offer(NamedTuple):
    id: str
    label: str
    kind: str  # one action of the building: never twice with one marker (§5.2)
    time: int


def closed(s: MartiansState, building: str) -> bool:
    """A building or installation an event has shut until the end of the cycle (§10)."""
    if not s.event_active:
        return False
    ev = s.content.events[s.event_active]
    return ev.effect == "closed" and ev.params.get("building") == building


def installations_of(s: MartiansState, corp: int) -> int:
    return sum(v.count(corp) for v in s.install.values())


def condition_met(s: MartiansState, condition: str) -> bool:
    if condition == "all_built":
        return not s.unbuilt
    if condition in ("two_colony_technologies", "one_colony_technology"):
        return len(s.colony_tech) >= (2 if condition.startswith("two") else 1)
    if condition == "fourth_colonist":
        return any(n >= 4 for n in s.colonists)
    if condition == "two_birth_rate_tokens":
        return sum(q[3] for q in s.quarters) >= 2
    if condition in ("four_upgrades", "two_upgrades"):
        return 8 - sum(len(v) for v in s.upgrades.values()) >= (4 if condition.startswith("four") else 2)
    if condition == "three_installations":
        return sum(len(v) for v in s.install.values()) >= 3
    return True


def research_time(s: MartiansState, corp: int, tile: str) -> int:
    rec = s.content.research[tile]
    cut = 1 if rec.flask and any(a.startswith("scientist") for a in s.assistants[corp]) else 0
    return max(1, rec.time - cut)


def crop_terms(s: MartiansState, corp: int) -> tuple[dict[str, int], dict[str, int]]:
    """The harvest's cost and yield with weather, event and botanist modifiers (§6.8)."""
    cost, gain = shared_crop_terms(s, corp)
    return dict(cost), dict(gain)  # copies: the caller may change them


def shared_crop_terms(s: MartiansState, corp: int) -> tuple[dict[str, int], dict[str, int]]:
    """`crop_terms` as kept in the table, for a caller that only reads them."""
    botanists = 0
    for a in s.assistants[corp]:
        if a.startswith("botanist"):
            botanists += 1
    key = (id(s.content), s.crop[corp], s.weather, s.event_active, botanists)
    hit = _CROP_TERMS.get(key)
    if hit is None or hit[0] is not s.content:
        if len(_CROP_TERMS) >= 4096:
            _CROP_TERMS.clear()
        hit = _CROP_TERMS[key] = (s.content, _crop_terms(s, corp, botanists))
    return hit[1]


#: (content id, crop tile, weather card, event, botanists) -> (the content, the terms); the
#: content is kept so that its id is not reused while the entry stands
_CROP_TERMS: dict[tuple[Any, ...], tuple[Any, tuple[dict[str, int], dict[str, int]]]] = {}


def _crop_terms(s: MartiansState, corp: int, botanists: int) -> tuple[dict[str, int], dict[str, int]]:
    rec = s.content.crops[s.crop[corp].split("#")[0]]
    w = s.content.weather[s.weather.split("#")[0]]
    cost = dict(rec.cost)
    if "energy" in cost:
        cost["energy"] = max(0, cost["energy"] + w.harvest_energy)
    gain = dict(rec.gain)
    more = w.harvest_food + botanists
    if s.event_active and s.content.events[s.event_active].effect == "harvest":
        more += int(s.content.events[s.event_active].params["amount"])
    gain["food"] = max(0, gain.get("food", 0) + more)
    return cost, gain


def construction_offers(s: MartiansState, corp: int, labels: bool = True) -> list[Offer]:
    """Construction, upgrade and installation development (§6.4), cost aside from time
    (`labels` False: every label "", for a caller that reads the times only)."""
    if not s.can_pay(s.purse(corp), CONSTRUCTION_COST):
        return []
    out = [Offer(f"build:{b}", f"remove the build token of {name_of(b)}: +3 reputation" if labels else "",
                 "build", 1)
           for b in sorted(s.unbuilt)]
    out += [Offer(f"upgrade:{b}", f"remove an upgrade token of {name_of(b)}: +3 reputation" if labels else "",
                  "upgrade", 1)
            for b in sorted(s.upgrades) if s.upgrades[b]]
    if installations_of(s, corp) < 2:
        out += [Offer(f"install:{i}", f"place a marker on the {name_of(i)} installation" if labels else "",
                      "install", 1)
                for i in sorted(s.install) if i not in s.unbuilt and not closed(s, i)]
    return out


def offers(s: MartiansState, corp: int, building: str, time: int) -> list[Offer]:
    return [o for o in all_offers(s, corp, building) if o.time <= time]


def all_offers(s: MartiansState, corp: int, building: str) -> list[Offer]:
    """The building's actions for the corporation whatever the time they take."""
    return list(iter_offers(s, corp, building))


def iter_offers(s: MartiansState, corp: int, building: str, labels: bool = True) -> Iterator[Offer]:
    """`all_offers` one at a time: placing a marker needs only the first quick enough (and
    no label: with `labels` False every label is "", the rest as with labels)."""
    return _OFFERS.get(building, _nothing)(s, corp, s.purse(corp), labels)


def _moxie(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    if s.res[p][ENERGY] >= 1:
        quarters = s.quarters
        for q in s.allowed_quarters(corp):
            if quarters[q][0]:
                label = f"remove an oxygen token from Q{q + 1}: +2 reputation" if labels else ""
                yield Offer(f"oxygen:{q + 1}", label, "oxygen", 1)


def _hospital(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    if s.can_pay(p, _MEDICINE_COST) and s.supply["medicine"]:
        yield Offer("medicine", "make 1 medicine", "medicine", 1)


def _water(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    if s.can_pay(p, _WATER_COST) and s.supply["drinking_water"]:
        yield Offer("water", "purify 2 drinking water", "water", 1)


def _construction(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    yield from construction_offers(s, corp, labels)


def _excavation(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    if s.res[p][ENERGY] >= 1 and excavation.can_excavate(s, corp):
        yield Offer("excavate", "excavate (1 time unit, 1 energy)", "excavate", 1)


def _landing_pod(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    c = s.content
    for tile in s.research_board:
        rec = c.research[tile]
        if s.can_pay(p, rec.cost, rec.minerals):
            t = research_time(s, corp, tile)
            yield Offer(f"research:{tile}",
                        f"research {rec.name}: {t} time, {rec.credits} credits" if labels else "",
                        "research", t)
    for n in (1, 2):
        if s.supply["supplies"] >= n:
            yield Offer(f"supplies:{n}", f"take {n} supplies" if labels else "", "supplies", n)
    if uses_scenario(s):
        done = {r for r, _ in s.requirements_done}
        for req in scenario_requirements(s):
            ready = req.id not in done and condition_met(s, req.condition)
            if ready and s.can_pay(p, req.cost, req.minerals):
                yield Offer(f"mission:{req.id}",
                            f"realise {name_of(req.id)}: +{req.reputation} reputation" if labels else "",
                            "mission", 1)
    if uses_commissions(s):
        for card in s.commissions_open:
            rec2 = c.commissions[card]
            if s.can_pay(p, rec2.cost, rec2.minerals):
                yield Offer(f"commission:{card}",
                            f"complete {name_of(card)}: +{rec2.reputation} reputation" if labels else "",
                            "mission", 1)


def _greenhouses(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    cost, _ = shared_crop_terms(s, corp)
    if s.can_pay(p, cost):
        yield Offer("harvest", "harvest your crop tile", "harvest", 1)
    if s.res[p][ENERGY] >= 1:
        for kind in other_crops(s, corp):
            yield Offer(f"crops:{kind}", f"change your crop tile to {name_of(kind)}" if labels else "",
                        "crops", 1)


def other_crops(s: MartiansState, corp: int) -> tuple[str, ...]:
    """The kinds of crop tile in the supply other than the corporation's own, sorted, kept by
    the supply and the tile (a test checks them against `read_other_crops` at every step)."""
    key = (s.crop[corp], *s.crop_supply)
    hit = _OTHER_CROPS.get(key)
    if hit is None:
        if len(_OTHER_CROPS) >= 4096:
            _OTHER_CROPS.clear()
        hit = _OTHER_CROPS[key] = read_other_crops(s, corp)
    return hit


def read_other_crops(s: MartiansState, corp: int) -> tuple[str, ...]:
    """`other_crops` read afresh."""
    mine = s.crop[corp].split("#")[0]
    return tuple(sorted({t.split("#")[0] for t in s.crop_supply} - {mine}))


#: (the corporation's crop tile, the supply's tiles) -> `other_crops`
_OTHER_CROPS: dict[tuple[str, ...], tuple[str, ...]] = {}


def _laboratory(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    if s.res[p][ENERGY] < 1:
        return
    for tech in s.content.technologies.values():
        if tech.kind == "corporation":
            if tech.id not in s.corp_tech[corp]:
                yield Offer(f"tech:{tech.id}",
                            f"develop {tech.name} ({tech.time} time)" if labels else "",
                            "corp_tech", tech.time)
        elif not any(t == tech.id and (s.mode != "competitive" or who == corp)
                     for t, who, _ in s.colony_tech):
            yield Offer(f"tech:{tech.id}",
                        f"develop {tech.name} for the colony: +3 reputation" if labels else "",
                        "colony_tech", tech.time)


def _education(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    if s.res[p][CREDITS] < 2:
        return
    ex = len(s.experts[corp])
    asn = len(s.assistants[corp])
    pool = (s.board_experts if ex < 2 else []) + (s.board_assistants if asn < 2 else [])
    first = {card.split("#")[0]: card for card in sorted(pool, reverse=True)}
    yield from (Offer(f"hire:{card}", f"employ the {name_of(kind)}" if labels else "", "hire", 0)
                for kind, card in sorted(first.items()))


def _nothing(s: MartiansState, corp: int, p: int, labels: bool) -> Iterator[Offer]:
    return iter(())


#: building -> its actions for a corporation (purse `p`); any other place offers none
_OFFERS: dict[str, Callable[[MartiansState, int, int, bool], Iterator[Offer]]] = {
    "moxie": _moxie, "hospital": _hospital, "water": _water, "construction": _construction,
    "excavation": _excavation, "landing_pod": _landing_pod, "greenhouses": _greenhouses,
    "laboratory": _laboratory, "education": _education,
}


#: `quickest` when the building offers no action at all
NO_ACTION = 99


def quickest(s: MartiansState, corp: int, building: str) -> int:
    """The least time any action in the building takes for the corporation (`NO_ACTION`
    when it has none): `min(o.time for o in iter_offers(...))` without making the offers,
    for the turn's question whether a marker may go there (§5.2). A test checks both agree
    at every step of random games in every mode."""
    least = QUICKEST.get(building)
    return NO_ACTION if least is None else least(s, corp, s.purse(corp))


def _quick_moxie(s: MartiansState, corp: int, p: int) -> int:
    if s.res[p][ENERGY] >= 1:
        quarters = s.quarters
        for q in s.allowed_quarters(corp):
            if quarters[q][0]:
                return 1
    return NO_ACTION


def _quick_hospital(s: MartiansState, corp: int, p: int) -> int:
    return 1 if s.can_pay(p, _MEDICINE_COST) and s.supply["medicine"] else NO_ACTION


def _quick_water(s: MartiansState, corp: int, p: int) -> int:
    return 1 if s.can_pay(p, _WATER_COST) and s.supply["drinking_water"] else NO_ACTION


def _quick_construction(s: MartiansState, corp: int, p: int) -> int:
    if not s.can_pay(p, CONSTRUCTION_COST):
        return NO_ACTION
    if s.unbuilt or any(s.upgrades.values()):
        return 1
    if installations_of(s, corp) < 2:
        for i in s.install:
            if i not in s.unbuilt and not closed(s, i):
                return 1
    return NO_ACTION


def _quick_excavation(s: MartiansState, corp: int, p: int) -> int:
    return 1 if s.res[p][ENERGY] >= 1 and excavation.can_excavate(s, corp) else NO_ACTION


def _quick_landing_pod(s: MartiansState, corp: int, p: int) -> int:
    if s.supply["supplies"] >= 1:
        return 1  # no action there is quicker than 1
    if uses_scenario(s):
        done = {r for r, _ in s.requirements_done}
        for req in scenario_requirements(s):
            if req.id not in done and condition_met(s, req.condition) \
                    and s.can_pay(p, req.cost, req.minerals):
                return 1
    if uses_commissions(s):
        commissions = s.content.commissions
        for card in s.commissions_open:
            rec2 = commissions[card]
            if s.can_pay(p, rec2.cost, rec2.minerals):
                return 1
    least = NO_ACTION
    research = s.content.research
    for tile in s.research_board:
        rec = research[tile]
        if s.can_pay(p, rec.cost, rec.minerals):
            least = min(least, research_time(s, corp, tile))
            if least <= 1:
                break
    return least


def _quick_greenhouses(s: MartiansState, corp: int, p: int) -> int:
    cost, _ = shared_crop_terms(s, corp)
    if s.can_pay(p, cost):
        return 1
    if s.res[p][ENERGY] >= 1:
        mine = s.crop[corp].split("#")[0]
        for t in s.crop_supply:
            if t.split("#")[0] != mine:
                return 1
    return NO_ACTION


def _quick_laboratory(s: MartiansState, corp: int, p: int) -> int:
    if s.res[p][ENERGY] < 1:
        return NO_ACTION
    least = NO_ACTION
    for tech in s.content.technologies.values():
        if tech.time >= least:
            continue
        if tech.kind == "corporation":
            if tech.id not in s.corp_tech[corp]:
                least = tech.time
        elif not any(t == tech.id and (s.mode != "competitive" or who == corp)
                     for t, who, _ in s.colony_tech):
            least = tech.time
    return least


def _quick_education(s: MartiansState, corp: int, p: int) -> int:
    if s.res[p][CREDITS] < 2:
        return NO_ACTION
    if (s.board_experts and len(s.experts[corp]) < 2) or (s.board_assistants and len(s.assistants[corp]) < 2):
        return 0
    return NO_ACTION


#: building -> `quickest` for it (the same buildings as `_OFFERS`)
QUICKEST: dict[str, Callable[[MartiansState, int, int], int]] = {
    "moxie": _quick_moxie, "hospital": _quick_hospital, "water": _quick_water,
    "construction": _quick_construction, "excavation": _quick_excavation,
    "landing_pod": _quick_landing_pod, "greenhouses": _quick_greenhouses,
    "laboratory": _quick_laboratory, "education": _quick_education,
}


def building_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp = int(task[1])
    acts = building_actions(s, corp)
    if s.turn["done"]:
        acts.append(LEAVE)
    return building_asks(s, corp, acts)


def building_asks(s: MartiansState, corp: int, acts: list[Action]) -> Decision:
    """The building's decision offering `acts`."""
    b = s.turn["building"]
    seat = s.seat_of(corp)
    name = s.content.buildings[b].name
    time = s.turn["time"]
    key = ("building", seat, corp, b, name, time, *map(id, acts))
    hit = KEPT.get(key)
    if hit is None:
        hit = keep(key, Decision(seat, "building", f"{s.name(corp)} in {name}: {time} time left",
                                 _RULE[b], tuple(acts)))
    return hit


def building_actions(s: MartiansState, corp: int) -> list[Action]:
    """The building's actions still open in this turn (time enough, a kind not done yet),
    without "leave". A building whose every kind of action is done, or whose quickest
    action takes more time than is left (`KINDS`, `LEAST_TIME`), offers none without
    asking its offers. A test checks this against the offers at every step of random games."""
    turn = s.turn
    b = turn["building"]
    done = turn["done"]
    time = turn["time"]
    if time < LEAST_TIME.get(b, 1):
        return []
    if done:
        for kind in KINDS.get(b, ()):
            if kind not in done:
                break
        else:
            return []
    acts = []
    content = s.content
    for o in _OFFERS.get(b, _nothing)(s, corp, s.purse(corp), False):
        if o.time <= time and o.kind not in done:
            hit = _ACTIONS.get((b, o.id, o.kind, o.time))
            if hit is None or hit[0] is not (content if o.kind != "mission" else _label_source(s, o.id)):
                acts.append(_action(s, corp, b, o))
            else:
                acts.append(hit[1])
    return acts


#: building -> every kind of action it offers (`Offer.kind`); the least time one takes
KINDS = {"moxie": ("oxygen",), "hospital": ("medicine",), "water": ("water",),
         "construction": ("build", "upgrade", "install"), "excavation": ("excavate",),
         "landing_pod": ("research", "supplies", "mission"), "greenhouses": ("harvest", "crops"),
         "laboratory": ("corp_tech", "colony_tech"), "education": ("hire",)}
LEAST_TIME = {"education": 0}  # every other action takes 1 time unit or more (content.py)


def _label_source(s: MartiansState, offer_id: str) -> Any:
    """What fixes an offer's label beside its id: the scenario's requirements at this player
    count for a requirement's mission, the content otherwise (a commission, kind "mission")."""
    return scenario_requirements(s) if offer_id.startswith("mission:") else s.content


def _action(s: MartiansState, corp: int, building: str, offer: Offer) -> Action:
    """The action of an offer, its label from the labelled offers (the same few are asked at
    every step: kept by building, id, kind and time, which with the content, or for a
    requirement's mission the scenario's requirements, fix the label)."""
    labelled = next(o for o in iter_offers(s, corp, building)
                    if o.id == offer.id and o.kind == offer.kind and o.time == offer.time)
    action = Action(offer.id, f"{labelled.label} [{offer.time} time]")
    if len(_ACTIONS) >= 4096:
        _ACTIONS.clear()
    _ACTIONS[(building, offer.id, offer.kind, offer.time)] = (_label_source(s, offer.id), action)
    return action


#: (building, offer id, kind, time) -> (the content or the requirements, the offer's action in
#: the building's decision); they are kept so that their id cannot be reused while the entry stands
_ACTIONS: dict[tuple[str, str, str, int], tuple[Any, Action]] = {}
LEAVE = Action("leave", "leave the building")
_RULE = {b: ref(section) for b, section in BUILDING_SECTION.items()}


def offer_terms(s: MartiansState, corp: int, action_id: str) -> tuple[str, int]:
    """The kind and the time of a building action listed in this position's decision: what
    its offer says (`iter_offers`), read from the id. A test checks both agree at every step
    of random games in every mode."""
    kind, _, arg = action_id.partition(":")
    if kind == "research":
        return kind, research_time(s, corp, arg)
    if kind == "supplies":
        return kind, int(arg)
    if kind == "commission":
        return "mission", 1
    if kind == "tech":
        tech = s.content.technologies[arg]
        return ("corp_tech" if tech.kind == "corporation" else "colony_tech"), tech.time
    if kind == "hire":
        return kind, 0
    return kind, 1  # oxygen, medicine, water, build, upgrade, install, excavate, mission, harvest, crops


def apply_building(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    turn = s.turn
    if action_id == "leave":
        s.tasks.pop()
        turn["building"] = ""
        return
    b = turn["building"]
    kind, time = offer_terms(s, corp, action_id)
    turn["time"] -= time
    turn["done"].append(kind)
    perform(s, corp, action_id, _RULE[b])


def perform(s: MartiansState, corp: int, action_id: str, rule: str) -> None:
    """Pay for and carry out one building action (time already paid)."""
    c = s.content
    p = s.purse(corp)
    kind, _, arg = action_id.partition(":")
    if kind == "oxygen":
        s.pay(p, {"energy": 1})
        remove_token(s, int(arg) - 1, "oxygen")
        s.add_reputation(corp, 2, rule, f"removes an oxygen token from Q{arg}")
    elif kind == "medicine":
        s.pay(p, {"energy": 1, "supplies": 1, "drinking_water": 1})
        s.gain(p, "medicine", 1)
        s.say(corp, "makes 1 medicine", rule)
    elif kind == "water":
        s.pay(p, {"energy": 1, "dirty_ice": 1})
        n = s.gain(p, "drinking_water", 2)
        s.say(corp, f"purifies {n} drinking water", rule)
    elif kind in ("build", "upgrade", "install"):
        construct(s, corp, kind, arg, ref("6.4"))
    elif kind == "excavate":
        s.pay(p, {"energy": 1})
        excavation.start(s, corp)
    elif kind == "research":
        rec = c.research[arg]
        s.pay(p, rec.cost, rec.minerals, remove=True)
        s.research_board.remove(arg)
        s.research_out.append(arg)
        s.gain(p, "credits", rec.credits)
        s.stats[corp]["research"] += 1
        s.say(corp, f"researches {rec.name} for the Space Agency: +{rec.credits} credits", ref("6.7"))
    elif kind == "supplies":
        n = s.gain(p, "supplies", int(arg))
        s.say(corp, f"takes {n} supplies", ref("6.7"))
    elif kind == "mission":
        req = next(r for r in scenario_requirements(s) if r.id == arg)
        s.pay(p, req.cost, req.minerals)
        s.requirements_done.append([arg, corp])
        s.add_reputation(corp, req.reputation, ref("6.7"),
                         f"realises the scenario requirement {name_of(arg)}")
    elif kind == "commission":
        rec2 = c.commissions[arg]
        s.pay(p, rec2.cost, rec2.minerals)
        s.commissions_open.remove(arg)
        s.commissions_out.append(arg)
        s.stats[corp]["commissions"] += 1
        s.add_reputation(corp, rec2.reputation, ref("6.7"), f"completes {name_of(arg)}")
        if s.commission_deck:
            new = s.commission_deck.pop()
            s.commissions_open.append(new)
            s.say(corp, f"a new commission is drawn: {name_of(new)}", ref("6.7"))
    elif kind == "harvest":
        cost, gain = crop_terms(s, corp)
        s.pay(p, cost)
        got = [f"{s.gain(p, k, n)} {k}" for k, n in gain.items() if n]
        s.say(corp, f"harvests {', '.join(got) or 'nothing'}", ref("6.8"))
    elif kind == "crops":
        s.pay(p, {"energy": 1})
        new = next(t for t in s.crop_supply if t.split("#")[0] == arg)
        s.crop_supply.remove(new)
        s.crop_supply.append(s.crop[corp])
        s.crop_supply.sort()
        s.crop[corp] = new
        s.say(corp, f"changes its crop tile to {name_of(arg)}", ref("6.8"))
    elif kind == "tech":
        s.pay(p, {"energy": 1})
        tech = c.technologies[arg]
        if tech.kind == "corporation":
            s.corp_tech[corp].append(arg)
            s.say(corp, f"develops {tech.name} on its corporation card", ref("8"))
        else:
            s.colony_tech.append([arg, corp, s.cycle])
            s.add_reputation(corp, 3, ref("6.9"), f"develops {tech.name} for the colony (active next cycle)")
    elif kind == "hire":
        s.pay(p, {"credits": 2})
        if arg in s.board_experts:
            s.board_experts.remove(arg)
            s.experts[corp].append([arg, 1])
        else:
            s.board_assistants.remove(arg)
            s.assistants[corp].append(arg)
        s.say(corp, f"employs the {name_of(arg.split('#')[0])}", ref("6.10"))


def construct(s: MartiansState, corp: int, kind: str, arg: str, rule: str) -> None:
    s.pay(s.purse(corp), CONSTRUCTION_COST)
    if kind == "build":
        s.unbuilt.remove(arg)
        s.add_reputation(corp, 3, rule, f"finishes {name_of(arg)}")
    elif kind == "upgrade":
        s.upgrades[arg].pop(0)
        s.add_reputation(corp, 3, rule, f"upgrades {name_of(arg)}")
    else:
        s.install[arg].append(corp)
        s.say(corp, f"develops the {name_of(arg)} installation", ref("6.11"))
