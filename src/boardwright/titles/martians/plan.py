"""What the colony still has to do before the end, for the co-operative bots: the work
(actions) and energy that the demand tokens to come, the open scenario requirements and
the buildings they need will cost, against the energy and time the team has left.

The estimate follows the production chains of the board: food from the corporations'
crop tiles, medicine from the Hospital (supplies and drinking water), drinking water from
dirty ice, dirty ice and regolith from excavation, build, upgrade and installation
markers from Facilities construction (energy, regolith, supplies). Goods in store cut the
chain where they are, so every step towards a need shows as less work left."""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, NamedTuple

from .buildings import CONSTRUCTION_COST, shared_crop_terms
from .content import RESOURCES
from .cycle import demand_for
from .setup import scenario_requirements

if TYPE_CHECKING:
    from .state import MartiansState


#: the goods the plan follows, with their place in a purse
_GOODS = tuple((k, RESOURCES.index(k))
               for k in ("regolith", "dirty_ice", "energy", "supplies", "food", "medicine", "drinking_water"))
#: share of a planned installation's output counted before it is developed: without its
#: markers in store, and with them
PLANNED, READY = 0.3, 0.6


class Plan(NamedTuple):
    actions: float  # actions still to perform
    energy: float  # energy those actions cost
    time: float  # actions the team can still perform (its time units left, less recreation)
    income: float  # energy in store, in the RTG and from the installations to come
    short: dict[str, float]  # goods missing at each step of the chains
    gated: float  # goods needed from a building not yet finished


def productions_left(s: MartiansState) -> int:
    """Energy productions still to come: after round 2 of this cycle and of each later one."""
    return max(0, s.cycles - s.cycle) + (1 if s.round <= 2 else 0)


def installed_output(s: MartiansState) -> int:
    """Energy the installations make at one production, before the weather."""
    out = 0
    for inst, stack in s.install.items():
        base = s.content.installations[inst].output
        tech = "solar_cells" if inst == "solar" else "kinetic_power"
        for corp in stack:
            out += base + (1 if s.has_tech(corp, tech) else 0)
    return out


def _turns_left(s: MartiansState) -> int:
    """Turns the living colonists still take: the rest of this cycle and every later one."""
    future = max(0, s.cycles - s.cycle)
    now = 0
    if s.round:  # during the work phase
        now = sum(
            max(0, (s.colonists[c] - s.dead[c]) - (s.placed[c] - s.dead_placed[c])) for c in range(s.corps)
        )
    else:
        future += 1
    alive = sum(c - d for c, d in zip(s.colonists, s.dead, strict=True))
    return now + future * alive


def plan(s: MartiansState, purse: int = 0) -> Plan:
    res = s.res[purse]
    have = {k: float(res[i]) for k, i in _GOODS}
    future = max(0, s.cycles - s.cycle)
    per = demand_for(s, None)
    ox, dis, hun, _ = map(sum, zip(*s.quarters, strict=True))  # the tokens now in the quarters
    ox += per["oxygen"] * future
    dis += per["disease"] * future
    hun += per["hunger"] * future
    need = {
        "food": float(hun),
        "medicine": float(dis),
        "energy": float(ox),
        "supplies": 0.0,
        "drinking_water": 0.0,
        "dirty_ice": 0.0,
        "regolith": 0.0,
    }
    actions = float(ox)  # Moxie, once per oxygen token
    actions += sum(len(b) for b in s.infirmary)  # a time unit for each marker to regain
    builds = 0
    minerals = 0
    all_built = False  # every build token is in the plan already
    gated = 0.0  # goods that wait for a building still to finish
    scenario = s.content.scenarios.get(int(s.options.get("scenario") or 0)) if s.content.scenarios else None
    if scenario is not None and s.options.get("solo_goal", "scenario") == "scenario":
        done = {str(r[0]) for r in s.requirements_done}
        held: dict[str, int] = {}
        regolith = s.content.regolith
        for c in s.regolith[purse]:
            m = regolith[c.split("#")[0]].mineral
            held[m] = held.get(m, 0) + 1
        for req in scenario_requirements(s):
            if req.id in done:
                continue
            actions += 1  # the mission execution
            for k, n in req.cost.items():
                if k in need:
                    need[k] += n
            for m in req.minerals:  # mineral cards in hand need no examination
                if held.get(m, 0):
                    held[m] -= 1
                else:
                    minerals += 1
            cond = req.condition
            if cond == "all_built":
                builds += len(s.unbuilt)
                all_built = True
            elif cond in ("two_colony_technologies", "one_colony_technology"):
                techs = max(0, (2 if cond.startswith("two") else 1) - len(s.colony_tech))
                actions += 3 * techs
                need["energy"] += techs
                builds += 1 if "laboratory" in s.unbuilt and techs else 0
            elif cond in ("four_upgrades", "two_upgrades"):
                wanted = 4 if cond.startswith("four") else 2
                builds += max(0, wanted - (8 - sum(len(v) for v in s.upgrades.values())))
            elif cond == "three_installations":
                builds += max(0, 3 - sum(len(v) for v in s.install.values()))
                builds += 1 if "wind" in s.unbuilt else 0
            elif cond == "fourth_colonist" and not any(n >= 4 for n in s.colonists):
                actions += 2 * max(0, 3 - sum(q[3] for q in s.quarters))
            elif cond == "two_birth_rate_tokens":
                actions += 2 * max(0, 2 - sum(q[3] for q in s.quarters))
    short: dict[str, float] = {}

    def take(kind: str) -> float:
        missing = max(0.0, need[kind] - have[kind])
        short[kind] = missing
        return missing

    # food from the crop tiles (the team's best tile)
    terms = [shared_crop_terms(s, c) for c in range(s.corps)]  # each corporation's (cost, gain)
    food = take("food")
    if food:
        best = max(
            terms,
            key=lambda t: t[1].get("food", 0) / (1 + t[0].get("drinking_water", 0)),
        )
        cost, gain = best
        harvests = ceil(food / max(1, gain.get("food", 1)))
        actions += harvests
        for k, n in cost.items():
            need[k] = need.get(k, 0.0) + n * harvests
    medicine = take("medicine")
    grown = max(t[1].get("medicine", 0) for t in terms)
    if medicine and grown:  # a medicinal crop on a corporation card: harvests
        cost, gain = max(terms, key=lambda t: t[1].get("medicine", 0))
        harvests = ceil(medicine / grown)
        actions += harvests
        for k, n in cost.items():
            need[k] = need.get(k, 0.0) + n * harvests
    elif medicine:
        actions += medicine
        need["energy"] += medicine
        need["supplies"] += medicine
        need["drinking_water"] += medicine
        if "hospital" in s.unbuilt:
            builds += 0 if all_built else 1
            gated += medicine  # no medicine at all until the Hospital stands
    water = take("drinking_water")
    if water:
        runs = ceil(water / 2)
        actions += runs
        need["energy"] += runs
        need["dirty_ice"] += runs
    builds = min(builds, 12)
    actions += builds
    for k, n in CONSTRUCTION_COST.items():
        need[k] += n * builds
    productions = productions_left(s)
    income = have["energy"] + s.rtg + installed_output(s) * productions
    # installations the team could still develop while the energy falls short: each is
    # worth part of its output (more once its markers are in store), paid from the chain
    markers = [who for stack in s.install.values() for who in stack]
    slots = 0
    for corp in range(s.corps):
        free = 2 - markers.count(corp)
        if free > 0:
            slots += free
    if slots and productions > (1 if s.round <= 2 else 0):
        inst = max(s.install, key=lambda i: s.content.installations[i].output)
        if inst in s.unbuilt and not all_built:
            actions += 1  # its build token first
            for k, n in CONSTRUCTION_COST.items():
                need[k] += n
        each = s.content.installations[inst].output * productions
        planned = min(slots, ceil(max(0.0, need["energy"] - income) / max(1, each)))
        ready = min(planned, int(min(have["regolith"], have["supplies"], have["energy"])))
        income += PLANNED * each * (planned - ready) + READY * each * ready - planned
        actions += planned
        need["regolith"] += planned - ready
        need["supplies"] += planned - ready
    supplies = take("supplies")
    actions += ceil(supplies / 2)  # the Landing pod gives up to 2 a visit
    raw = take("dirty_ice") + take("regolith")
    digs = ceil(raw / 2) + minerals
    actions += digs + minerals  # an examination per mineral card wanted
    need["energy"] += digs
    short["energy"] = max(0.0, need["energy"] - income)
    # the turn under way counts with the time units it has left: ending it early loses them
    time = 0.75 * 3 * _turns_left(s) + (s.turn["time"] - 0.75 * 3 if s.turn else 0.0)
    return Plan(actions, need["energy"], time, income, short, gated)
