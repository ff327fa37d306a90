"""Cycles (§4): Supplementation, the rounds of the Work phase, what follows the second
round (event, weather, energy), the Quarters summary and population growth."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine.actions import Action, Decision

from .buildings import closed
from .glossary import name_of
from .rules import ref
from .setup import place_token, scenario_requirements, uses_scenario

if TYPE_CHECKING:
    from .state import MartiansState

KINDS = ("oxygen", "disease", "hunger")


# ------------------------------------------------------------------ supplementation (§4.1)
def resolve_cycle_start(s: MartiansState, task: Any) -> None:
    stage = int(task[1]) if len(task) > 1 else 0
    if stage == 0:
        s.placed = [0] * s.corps
        s.dead_placed = [0] * s.corps
        s.track = []
        s.round = 0
        s.say(None, f"cycle {s.cycle} begins", ref("4"))
        if s.cycle == 1:
            _start_rounds(s)
            return
        s.push("cycle_start", 1)
        if s.mode == "competitive":
            for corp in reversed(range(s.corps)):
                if s.colony_tech_active("birth_control", corp):
                    s.push("add_birth", corp)
        elif s.colony_tech_active("birth_control", 0):
            s.push("add_birth", -1)
        return
    _check_population(s)
    _place_demand(s)
    shown = s.content.setup.board_cards[str(s.corps)]
    while len(s.board_assistants) < shown and s.assistant_deck:
        card = s.assistant_deck.pop()
        s.board_assistants.append(card)
        s.say(None, f"a {card.split('#')[0]} joins the educational center", ref("4.1"))
    s.board_assistants.sort()
    _start_rounds(s)


def _start_rounds(s: MartiansState) -> None:
    s.rounds = max(s.colonists)
    s.push("round", 1)


def resolve_add_birth(s: MartiansState, task: Any) -> None:
    who = int(task[1])
    if who >= 0 and s.mode == "competitive":
        q = s.owner.index(who)
    else:
        if s.birth_q < 0:
            s.push(*task)
            s.push("birth_q", s.first)
            return
        q = s.birth_q
    if place_token(s, q, "birth", 1):
        s.say(None, f"a birth-rate token is placed in Q{q + 1}", ref("4.4"))


def birth_q_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp = int(task[1])
    acts = tuple(Action(f"q:{q + 1}", f"birth-rate tokens go to Q{q + 1}") for q in range(4))
    return Decision(s.seat_of(corp), "birth",
                    f"{s.name(corp)}: choose the quarters for the birth-rate tokens",
                    ref("4.4"), acts)


def apply_birth_q(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    s.tasks.pop()
    s.birth_q = int(action_id.split(":")[1]) - 1
    s.say(int(task[1]), f"chooses Q{s.birth_q + 1} for the birth-rate tokens", ref("4.4"))


def _check_population(s: MartiansState) -> None:
    """Three birth-rate tokens unblock the fourth colonist (§4.1)."""
    for corp in range(s.corps):
        if s.colonists[corp] >= 4:
            continue
        if s.mode == "competitive":
            births = s.quarters[s.owner.index(corp)][3]
        else:
            births = sum(q[3] for q in s.quarters)
        if births >= 3:
            s.colonists[corp] = 4
            s.say(corp, "gains its fourth colonist", ref("4.1"))


def demand_for(s: MartiansState, corp: int | None) -> dict[str, int]:
    """Demand tokens to place this supplementation (§4.1): the table, minus Medicine and
    CO2 converter; the population's size moves hunger by one a step: +1 once the fourth
    colonist is in, -1 for each colonist lost. Shared quarters count the colony's steps,
    not each corporation's: an oxygen failure kills a colonist of every corporation, one
    step for the colony (as the fourth colonist, gained by all at once, is one)."""
    if corp is None:
        base = dict(s.content.setup.demand[str(s.corps)])
        who = 0
        grown = 1 if any(n >= 4 for n in s.colonists) else 0
        dead = max(s.dead)
    else:
        base = dict(s.content.setup.competitive_demand)
        who = corp
        grown = 1 if s.colonists[corp] >= 4 else 0
        dead = s.dead[corp]
    if s.colony_tech_active("medicine", who):
        base["disease"] -= 1
    if s.colony_tech_active("co2_converter", who):
        base["oxygen"] -= 1
    base["hunger"] += grown - dead
    return {k: max(0, v) for k, v in base.items()}


def _place_demand(s: MartiansState) -> None:
    if s.mode == "competitive":
        for corp in range(s.corps):
            q = s.owner.index(corp)
            want = demand_for(s, corp)
            for k in KINDS:
                place_token(s, q, k, want[k])
            s.say(corp, "demand: " + ", ".join(f"{want[k]} {k}" for k in KINDS) + f" in Q{q + 1}", ref("4.1"))
        return
    want = demand_for(s, None)
    for i in range(max(want.values(), default=0)):
        for k in KINDS:
            if i < want[k]:
                place_token(s, i % 4, k, 1)
    s.say(None, "demand: " + ", ".join(f"{want[k]} {k}" for k in KINDS) + " placed from Q1 to Q4", ref("4.1"))


# ------------------------------------------------------------------ rounds (§4.2)
def resolve_round(s: MartiansState, task: Any) -> None:
    r = int(task[1])
    if r > s.rounds:
        s.round = 0
        s.push("cycle_end")
        s.push("growth")
        s.push("summary", 0)
        return
    s.round = r
    s.rtg_used = [False] * s.corps
    s.push("round", r + 1)
    s.push("round_end", r)
    for corp in reversed(s.order()):
        if s.placed[corp] < s.colonists[corp]:
            s.push("colonist", corp)


def resolve_round_end(s: MartiansState, task: Any) -> None:
    r = int(task[1])
    s.first = (s.first + 1) % s.corps
    if r == 2:
        _event(s)
        _weather(s)
        _energy(s)


def _event(s: MartiansState) -> None:
    stack = s.event_stacks[s.cycle - 1]
    if not stack:
        return
    eid = stack.pop()
    s.events_out.append(eid)
    ev = s.content.events[eid]
    rule = ref("10")
    s.say(None, f"event: {ev.name}", rule)
    prm = ev.params
    if ev.effect == "gain":
        for corp in range(s.corps):
            s.gain(s.purse(corp), str(prm["resource"]), int(prm["amount"]))
    elif ev.effect == "demand":
        kind, amount = str(prm["token"]), int(prm["amount"])
        if s.mode == "competitive":  # every player's own quarters, as in Supplementation (§4.1)
            for c in range(s.corps):
                q = s.owner.index(c)
                if place_token(s, q, kind, amount):
                    s.say(c, f"{amount} {kind} token(s) in its Q{q + 1}", rule)
        else:
            for q in event_quarters(s, kind, amount):
                if place_token(s, q, kind, 1):
                    s.say(None, f"a {kind} token is placed in Q{q + 1}", rule)
    elif ev.effect == "rtg":
        n = min(int(prm["amount"]), s.supply["energy"])
        s.supply["energy"] -= n
        s.rtg += n
    elif ev.effect in ("closed", "production", "harvest"):
        s.event_active = eid  # an event token lies on the board until the end of the cycle


def event_quarters(s: MartiansState, kind: str, amount: int) -> list[int]:
    """Where an event's demand tokens go in the shared quarters: one at a time, each to the
    quarters holding the fewest tokens of that kind, the leftmost on a tie, which carries
    on the Q1-to-Q4 round of Supplementation (§4.1, §12)."""
    idx = KINDS.index(kind)
    counts = [q[idx] for q in s.quarters]
    out = []
    for _ in range(amount):
        q = min(range(4), key=lambda i: (counts[i], i))
        counts[q] += 1
        out.append(q)
    return out


def _weather(s: MartiansState) -> None:
    if not s.weather_deck:
        return
    s.weather_out.append(s.weather)
    s.weather = s.weather_deck.pop()
    s.seen_top = []
    s.say(None, f"the weather changes: {s.content.weather[s.weather.split('#')[0]].name}", ref("9"))
    weather_looks(s)


def weather_looks(s: MartiansState) -> None:
    """Weather report lets its owner look at the top weather card at any time (§8): a look
    costs nothing, so it is taken as soon as there is a new card to see (the technology
    just developed, a turn begun, the weather changed)."""
    if not s.weather_deck:
        return
    for corp in range(s.corps):
        seat = s.seat_of(corp)
        if seat not in s.seen_top and s.has_tech(corp, "weather_report"):
            s.seen_top.append(seat)
            top = name_of(s.weather_deck[-1].split("#")[0])
            s.say(corp, f"looks at the top weather card: {top}", ref("8"), visible_to=(seat,))


def output(s: MartiansState, corp: int, inst: str) -> int:
    """One marker's energy on an installation: base, technology, weather, event (§6.11)."""
    n = s.content.installations[inst].output
    w = s.content.weather[s.weather.split("#")[0]]
    if inst == "solar":
        n += w.solar + (1 if s.has_tech(corp, "solar_cells") else 0)
    else:
        n += w.wind + (1 if s.has_tech(corp, "kinetic_power") else 0)
    if s.event_active:
        ev = s.content.events[s.event_active]
        if ev.effect == "production" and ev.params.get("building") == inst:
            n += int(ev.params["amount"])
    return max(0, n)


def _energy(s: MartiansState) -> None:
    for corp in s.order():
        total = 0
        for inst, stack in s.install.items():
            if inst in s.unbuilt or closed(s, inst):
                continue
            total += stack.count(corp) * output(s, corp, inst)
        if total:
            got = s.gain(s.purse(corp), "energy", total)
            s.say(corp, f"its installations produce {got} energy", ref("6.11"))


# ------------------------------------------------------------------ quarters summary (§4.3)
def resolve_summary(s: MartiansState, task: Any) -> None:
    q = int(task[1])
    if q >= 4:
        return
    s.push("summary", q + 1)
    ox, dis, hun, _ = s.quarters[q]
    competitive = s.mode == "competitive"
    who = ([s.owner[q]] if s.owner[q] >= 0 else []) if competitive else s.order()
    if ox:
        for corp in who:
            if s.dead[corp] < s.colonists[corp]:
                s.dead[corp] += 1
                s.say(corp, f"loses a colonist for lack of oxygen in Q{q + 1}: a token turns skull side up",
                      ref("4.3"))
        return
    for box, present in (("apartments", hun), ("infirmary", dis)):  # pushed in reverse: disease first
        if present:
            for corp in reversed(who):
                s.push("pay_penalty", corp, box, q)


def resolve_pay_penalty(s: MartiansState, task: Any) -> None:
    corp, box, q = int(task[1]), str(task[2]), int(task[3])
    where = s.infirmary if box == "infirmary" else s.apartments
    if s.hand[corp] > 0:
        s.hand[corp] -= 1
        where[q].append(corp)
        s.say(corp, f"puts an action marker in the {box} of Q{q + 1}", ref("4.3"))
    elif any(corp in occ for occ in s.fields.values()):
        s.push("penalty", corp, box, q)


def penalty_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp, box, q = int(task[1]), str(task[2]), int(task[3])
    acts = tuple(Action(f"field:{b}:{f + 1}", f"take your marker from {s.content.buildings[b].name}")
                 for b, occ in s.fields.items() for f, o in enumerate(occ) if o == corp)
    return Decision(s.seat_of(corp), "penalty",
                    f"{s.name(corp)}: which action marker goes to the {box} of Q{q + 1}?", ref("4.3"), acts)


def apply_penalty(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp, box, q = int(task[1]), str(task[2]), int(task[3])
    s.tasks.pop()
    _, b, f = action_id.split(":")
    s.fields[b][int(f) - 1] = -1
    (s.infirmary if box == "infirmary" else s.apartments)[q].append(corp)
    s.say(corp, f"moves its action marker from {name_of(b)} to the {box} of Q{q + 1}", ref("4.3"))


def clean(s: MartiansState, quarters: list[int]) -> bool:
    return all(not any(s.quarters[q][:3]) for q in quarters)


def resolve_growth(s: MartiansState, task: Any) -> None:
    """A birth-rate token where every need was met (§4.4); then, in semi-co-op with the
    scenario done, the players may end the game early (§11.3)."""
    if s.mode == "competitive":
        for corp in reversed(range(s.corps)):
            if clean(s, [s.owner.index(corp)]):
                s.push("add_birth", corp)
        return
    if clean(s, [0, 1, 2, 3]):
        if s.mode == "semi-coop" and uses_scenario(s):
            reqs = scenario_requirements(s)
            if len(s.requirements_done) == len(reqs) and s.cycle < s.cycles:
                s.say(None, "every requirement is met and the quarters are clear: the players may end "
                      "the game now", ref("11.3"))
                for corp in reversed(s.order()):  # asked in turn order, after the birth-rate token
                    s.push("early_end", corp)
        s.push("add_birth", -1)


def early_end_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    """Semi-co-op: the players may end the game after this cycle, all of them agreeing (§11.3)."""
    corp = int(task[1])
    acts = (Action("end-game", "end the game now (every player must agree)"),
            Action("play-on", "play on to the last cycle"))
    return Decision(s.seat_of(corp), "early end",
                    f"{s.name(corp)}: the mission is complete; end the game early?", ref("11.3"), acts)


def apply_early_end(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    s.tasks.pop()
    if action_id == "play-on":
        while s.tasks and s.tasks[-1][0] == "early_end":
            s.tasks.pop()
        s.say(corp, "wants to play on: the game goes on", ref("11.3"))
        return
    s.say(corp, "agrees to end the game early", ref("11.3"))
    if not (s.tasks and s.tasks[-1][0] == "early_end"):
        s.early_end = True
        s.say(None, "every player agrees: the game ends early", ref("11.3"))


def resolve_cycle_end(s: MartiansState, task: Any) -> None:
    last = s.cycle >= s.cycles or s.early_end
    if not last:
        for q in range(4):
            for i, k in enumerate(KINDS):
                s.supply[k] += s.quarters[q][i]
                s.quarters[q][i] = 0
    if s.event_active:
        s.say(None, f"the {s.content.events[s.event_active].name} event token is removed", ref("10"))
        s.event_active = ""
    if last:
        s.finished = True
        s.cycle += 0
        s.say(None, "the game ends", ref("11"))
        return
    s.cycle += 1
    s.push("cycle_start", 0)
