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
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .buildings import CONSTRUCTION_COST, shared_crop_terms
from .content import RESOURCES
from .setup import scenario_requirements

if TYPE_CHECKING:
    from .state import MartiansState


#: the goods the plan follows: their places in a purse
_REGOLITH, _ICE, _ENERGY, _SUPPLIES, _FOOD, _MEDICINE, _WATER = (
    RESOURCES.index(k)
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
    future = s.cycles - s.cycle
    if future < 0:
        future = 0
    colonists, dead = s.colonists, s.dead
    now = 0
    if s.round:  # during the work phase
        placed, dead_placed = s.placed, s.dead_placed
        for c in range(s.corps):
            left = (colonists[c] - dead[c]) - (placed[c] - dead_placed[c])
            if left > 0:
                now += left
    else:
        future += 1
    alive = 0
    for c, d in zip(colonists, dead, strict=True):
        alive += c - d
    return now + future * alive


def colony_demand(s: MartiansState) -> tuple[int, int, int]:
    """`demand_for(s, None)` (cycle.py) as (oxygen, disease, hunger), without its dicts: the
    bots ask at every step. A test checks both agree at every step of random games."""
    base = s.content.setup.demand[str(s.corps)]
    cyc = s.cycle
    anyone = s.mode != "competitive"
    med = co2 = 0
    for t, who, when in s.colony_tech:  # `colony_tech_active(t, 0)` for both at once
        if when < cyc and (anyone or who == 0):
            if t == "medicine":
                med = 1
            elif t == "co2_converter":
                co2 = 1
    grown = 0
    for n in s.colonists:
        if n >= 4:
            grown = 1
            break
    oxygen = base["oxygen"] - co2
    disease = base["disease"] - med
    hunger = base["hunger"] + grown - max(s.dead)
    return (oxygen if oxygen > 0 else 0, disease if disease > 0 else 0, hunger if hunger > 0 else 0)


def plan(s: MartiansState, purse: int = 0) -> Plan:
    ox, dis, hun, birth = quarters_tokens(s)  # the tokens now in the quarters
    return quarters_plan(s, purse, ox, dis, hun, birth)


def quarters_tokens(s: MartiansState) -> tuple[int, int, int, int]:
    """The oxygen, disease, hunger and birth-rate tokens of every quarters."""
    ox = dis = hun = birth = 0
    for q in s.quarters:
        ox += q[0]
        dis += q[1]
        hun += q[2]
        birth += q[3]
    return ox, dis, hun, birth


def quarters_plan(s: MartiansState, purse: int, ox: int, dis: int, hun: int, birth: int,
                  work: ScenarioWork | None = None) -> Plan:
    """`plan(s, purse)` for a caller that has summed the quarters' tokens already (and
    read `scenario_work(s, purse, birth)`, when it gives `work`)."""
    res = s.res[purse]
    have_energy = float(res[_ENERGY])
    future = s.cycles - s.cycle
    if future < 0:
        future = 0
    per_ox, per_dis, per_hun = colony_demand(s)
    ox += per_ox * future
    dis += per_dis * future
    hun += per_hun * future
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
    for b in s.infirmary:
        actions += len(b)  # a time unit for each marker to regain
    builds = 0
    minerals = 0
    all_built = False  # every build token is in the plan already
    gated = 0.0  # goods that wait for a building still to finish
    unbuilt = s.unbuilt
    content = s.content
    options = s.options
    scenario = content.scenarios.get(int(options.get("scenario") or 0)) if content.scenarios else None
    if scenario is not None and options.get("solo_goal", "scenario") == "scenario":
        if work is None:
            work = scenario_work(s, purse, birth)
        actions += work.actions
        for k, n in work.need:
            need[k] += n
        minerals = work.minerals
        builds = work.builds
        all_built = work.all_built
    # what is missing at each step of the chains (`short`), in the order the chains are
    # followed: food, medicine, drinking water, supplies, dirty ice, regolith, energy
    # food from the crop tiles (the team's best tile)
    food_term, grown, medicine_term = crop_chain(s)
    food = need["food"] - float(res[_FOOD])
    if food < 0.0:
        food = 0.0
    if food:
        cost, gain = food_term
        harvests = ceil(food / max(1, gain.get("food", 1)))
        actions += harvests
        for k, n in cost.items():
            need[k] = need.get(k, 0.0) + n * harvests
    medicine = need["medicine"] - float(res[_MEDICINE])
    if medicine < 0.0:
        medicine = 0.0
    if medicine:
        if grown:  # a medicinal crop on a corporation card: harvests
            cost = medicine_term[0]
            harvests = ceil(medicine / grown)
            actions += harvests
            for k, n in cost.items():
                need[k] = need.get(k, 0.0) + n * harvests
        else:
            actions += medicine
            need["energy"] += medicine
            need["supplies"] += medicine
            need["drinking_water"] += medicine
            if "hospital" in unbuilt:
                builds += 0 if all_built else 1
                gated += medicine  # no medicine at all until the Hospital stands
    water = need["drinking_water"] - float(res[_WATER])
    if water < 0.0:
        water = 0.0
    if water:
        runs = ceil(water / 2)
        actions += runs
        need["energy"] += runs
        need["dirty_ice"] += runs
    if builds > 12:
        builds = 12
    actions += builds
    for k, n in CONSTRUCTION_COST.items():
        need[k] += n * builds
    productions = productions_left(s)
    install = s.install
    income = have_energy + s.rtg + installed_output(s) * productions
    # installations the team could still develop while the energy falls short: each is
    # worth part of its output (more once its markers are in store), paid from the chain
    if productions > (1 if s.round <= 2 else 0):
        slots = 0
        for corp in range(s.corps):
            free = 2
            for stack in install.values():
                free -= stack.count(corp)
            if free > 0:
                slots += free
        if slots:
            inst = _richest(s)
            if inst in unbuilt and not all_built:
                actions += 1  # its build token first
                for k, n in CONSTRUCTION_COST.items():
                    need[k] += n
            each = content.installations[inst].output * productions
            planned = min(slots, ceil(max(0.0, need["energy"] - income) / max(1, each)))
            ready = min(planned, int(min(float(res[_REGOLITH]), float(res[_SUPPLIES]), have_energy)))
            income += PLANNED * each * (planned - ready) + READY * each * ready - planned
            actions += planned
            need["regolith"] += planned - ready
            need["supplies"] += planned - ready
    supplies = need["supplies"] - float(res[_SUPPLIES])
    if supplies < 0.0:
        supplies = 0.0
    actions += ceil(supplies / 2)  # the Landing pod gives up to 2 a visit
    ice = need["dirty_ice"] - float(res[_ICE])
    if ice < 0.0:
        ice = 0.0
    rock = need["regolith"] - float(res[_REGOLITH])
    if rock < 0.0:
        rock = 0.0
    digs = ceil((ice + rock) / 2) + minerals
    actions += digs + minerals  # an examination per mineral card wanted
    energy = need["energy"] + digs
    short = {"food": food, "medicine": medicine, "drinking_water": water, "supplies": supplies,
             "dirty_ice": ice, "regolith": rock, "energy": max(0.0, energy - income)}
    # the turn under way counts with the time units it has left: ending it early loses them
    turn = s.turn
    time = 0.75 * 3 * _turns_left(s) + (turn["time"] - 0.75 * 3 if turn else 0.0)
    return Plan(actions, energy, time, income, short, gated)


def _richest(s: MartiansState) -> str:
    """The installation with the most output (the first of them), as the plan develops it."""
    install = s.install
    outputs = s.content.installations
    best = ""
    most = 0
    for inst in install:
        out = outputs[inst].output
        if not best or out > most:
            best, most = inst, out
    return best


class ScenarioWork(NamedTuple):
    """What the open scenario requirements ask, whatever the goods in store."""

    actions: int  # mission executions, technologies and births to come
    need: tuple[tuple[str, int], ...]  # goods they cost, by kind (the plan's goods only)
    minerals: int  # mineral cards still to find
    builds: int  # build, upgrade and installation markers they need
    all_built: bool  # every build token is among them
    #: each open requirement, in order: (share of its condition met, its cost as (place in a
    #: purse, amount), mineral cards held of those it asks, goods and cards it asks, at least 1)
    progress: tuple[tuple[float, tuple[tuple[int, int], ...], int, int], ...]


def condition_progress(s: MartiansState, condition: str) -> float:
    """How far the colony is towards a requirement's condition, 0 to 1."""
    # only the condition asked is measured (the bots ask at every step)
    if condition == "all_built":
        share = 1.0 - len(s.unbuilt) / 4
    elif condition == "two_colony_technologies":
        share = len(s.colony_tech) / 2
    elif condition == "one_colony_technology":
        share = float(len(s.colony_tech))
    elif condition == "fourth_colonist":
        share = 1.0 if any(n >= 4 for n in s.colonists) else sum(q[3] for q in s.quarters) / 3
    elif condition == "two_birth_rate_tokens":
        share = sum(q[3] for q in s.quarters) / 2
    elif condition in ("four_upgrades", "two_upgrades"):
        upgrades = 8 - sum(len(v) for v in s.upgrades.values())
        share = upgrades / (4 if condition == "four_upgrades" else 2)
    elif condition == "three_installations":
        share = sum(len(v) for v in s.install.values()) / 3
    else:
        share = 1.0
    return min(1.0, share)


def scenario_work(s: MartiansState, purse: int, birth: int) -> ScenarioWork:
    """The open requirements' work (`birth`: the birth-rate tokens in the quarters), kept by
    what it reads: the requirements done, the purse's mineral cards, the build tokens,
    technologies, upgrades, installations, colonists and births. A test checks the kept
    reading against a fresh one at every step of random games in every mode."""
    reqs = scenario_requirements(s)
    key = (tuple(s.regolith[purse]), tuple(map(_FIRST, s.requirements_done)), tuple(s.unbuilt),
           len(s.colony_tech), sum(map(len, s.upgrades.values())), sum(map(len, s.install.values())),
           max(s.colonists) >= 4, birth)
    hit = _WORK.get(key)
    if hit is None or hit[0] is not reqs:
        if len(_WORK) >= 4096:
            _WORK.clear()
        hit = _WORK[key] = (reqs, read_scenario_work(s, purse, birth))
    return hit[1]


_FIRST = itemgetter(0)
#: `scenario_work`'s key -> (the requirements read, the work); the requirements are kept so
#: that their id cannot be reused while the entry stands
_WORK: dict[tuple[Any, ...], tuple[Any, ScenarioWork]] = {}


def read_scenario_work(s: MartiansState, purse: int, birth: int) -> ScenarioWork:
    """`scenario_work` read afresh."""
    actions = 0
    need: dict[str, int] = {}
    builds = 0
    minerals = 0
    all_built = False
    progress = []
    unbuilt = s.unbuilt
    done = {str(r[0]) for r in s.requirements_done}
    held: dict[str, int] = {}
    regolith = s.content.regolith
    cards = [regolith[c.split("#")[0]].mineral for c in s.regolith[purse]]
    for m in cards:
        held[m] = held.get(m, 0) + 1
    for req in scenario_requirements(s):
        if req.id in done:
            continue
        actions += 1  # the mission execution
        for k, n in req.cost.items():
            if k in _NEEDED:
                need[k] = need.get(k, 0) + n
        for m in req.minerals:  # mineral cards in hand need no examination
            if held.get(m, 0):
                held[m] -= 1
            else:
                minerals += 1
        cond = req.condition
        if cond == "all_built":
            builds += len(unbuilt)
            all_built = True
        elif cond in ("two_colony_technologies", "one_colony_technology"):
            techs = max(0, (2 if cond.startswith("two") else 1) - len(s.colony_tech))
            actions += 3 * techs
            need["energy"] = need.get("energy", 0) + techs
            builds += 1 if "laboratory" in unbuilt and techs else 0
        elif cond in ("four_upgrades", "two_upgrades"):
            wanted = 4 if cond.startswith("four") else 2
            builds += max(0, wanted - (8 - sum(len(v) for v in s.upgrades.values())))
        elif cond == "three_installations":
            builds += max(0, 3 - sum(len(v) for v in s.install.values()))
            builds += 1 if "wind" in unbuilt else 0
        elif cond == "fourth_colonist" and not any(n >= 4 for n in s.colonists):
            actions += 2 * max(0, 3 - birth)
        elif cond == "two_birth_rate_tokens":
            actions += 2 * max(0, 2 - birth)
        # the heuristic's reading of the way made (`_requirements_progress`)
        want = len(req.minerals)
        cost = []
        for k, n in req.cost.items():
            cost.append((RESOURCES.index(k), n))
            want += n
        have = 0
        for m in req.minerals:
            if m in cards:
                have += 1
        progress.append((condition_progress(s, cond), tuple(cost), have, max(1, want)))
    return ScenarioWork(actions, tuple(need.items()), minerals, builds, all_built, tuple(progress))


#: the goods the plan follows
_NEEDED = frozenset(("food", "medicine", "energy", "supplies", "drinking_water", "dirty_ice", "regolith"))


Terms = tuple[dict[str, int], dict[str, int]]  # a crop tile's harvest: (cost, gain)


def crop_chain(s: MartiansState) -> tuple[Terms, int, Terms]:
    """The team's crop tiles for the plan: the best for food (cost, gain: the most food for
    the drinking water it costs, the first of them), the most medicine one yields, and the
    first tile that yields it (the first tile when none does). Kept by the crop tiles, the
    weather, the event and the assistants (botanists), with the content."""
    key = (tuple(s.crop), s.weather, s.event_active, tuple(map(tuple, s.assistants)))
    hit = _CHAINS.get(key)
    if hit is None or hit[0] is not s.content:
        if len(_CHAINS) >= 4096:
            _CHAINS.clear()
        hit = _CHAINS[key] = (s.content, read_crop_chain(s))
    return hit[1]


#: `crop_chain`'s key -> (the content, the chain)
_CHAINS: dict[tuple[Any, ...], tuple[Any, Any]] = {}


def read_crop_chain(s: MartiansState) -> tuple[Terms, int, Terms]:
    """`crop_chain` read afresh."""
    terms = [shared_crop_terms(s, c) for c in range(s.corps)]  # each corporation's (cost, gain)
    best = terms[0]
    best_key = best[1].get("food", 0) / (1 + best[0].get("drinking_water", 0))
    for t in terms[1:]:
        key = t[1].get("food", 0) / (1 + t[0].get("drinking_water", 0))
        if key > best_key:
            best, best_key = t, key
    grown = 0  # the best medicine yield of a crop tile, and the first tile that gives it
    medicine = terms[0]
    for t in terms:
        yield_ = t[1].get("medicine", 0)
        if yield_ > grown:
            grown, medicine = yield_, t
    return best, grown, medicine
