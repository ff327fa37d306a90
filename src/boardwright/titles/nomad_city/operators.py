"""The 8 Operator Character cards of Rhodes Island's deck (§17.4-§17.11).

A Persistent effect that takes hold registers its card in `s.persist[seat]`, so the
card stays in play (heroes.resolve_discard); a Once card goes to the box by itself.

Task shapes (kind first):
  op_replace seat chosen left rule     W: replace 1 influence of each of `left` opponents
  op_corp seat rule                    Kal'tsit: the corporation whose effects all trigger
  op_order seat effects rule           Kal'tsit: which unlocked effect resolves next
  op_trigger seat corp level rule      one unlocked effect, resolved now
  op_swap seat rule                    Dorothy: remove 2 of your influence → place 3?
  op_load seat card most rule          Dorothy, Passenger: how many markers go on the card
  dorothy_catch owner                  a removed influence may go onto Dorothy's card
  op_market seat card taken rule       Closure takes, Eunectes boxes market facilities
  op_sell seat kind rule               SilverAsh: resource type, then the seller
  op_cull seat done rule               SilverAsh: remove 1 influence of every player
  op_grab seat kind rule               Passenger: resource type, then the opponent
  shove mover owner loc                Eunectes: put a lifted influence somewhere else
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, Decision

from .build import refill_market
from .coop import corp_rule, effect_steps, name, triggerable, usable
from .explore import city_targets
from .influence import holdable, lose, place_targets, put, replace_with_own
from .rules import hero_ref, ref
from .steps import RESOURCE_NAMES, RESOURCES

if TYPE_CHECKING:
    from .state import NomadState, Task

ONCE = ref("17.1")
DOROTHY_MAX = 4  # markers on Dorothy's card (§17.7)
PASSENGER_MAX = 5  # markers on Passenger's card (§17.10)
GRAB_MAX = 4  # units Passenger's Strategy takes at most (§17.10)
SILVERASH_PRICE = 4  # Gold per unit sold by SilverAsh's Strategy (§17.8)
W_COST = {"gold": 4}
MUDROCK_END_COST = {"orirock": 2}




def _on_board(s: NomadState, seat: int) -> int:
    return sum(owners.count(seat) for owners in s.influence.values())


def _removals(s: NomadState, owners: set[int]) -> list[Action]:
    """One action per location and owner among `owners` holding influence there."""
    acts = []
    for loc in s.board.locations:
        for owner in sorted(set(s.influence.get(loc, ())) & owners):
            acts.append(Action(f"remove:{loc}:{owner}", f"Remove seat {owner}'s influence on {loc}"))
    return acts


# ---------------------------------------------------------------- W (§17.4)
def _w_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.push("end_add", seat, "w")  # 2 of your influence leave in this End Phase
    s.push("place", seat, 3, False, rule)


def _w_tactic(s: NomadState, seat: int, rule: str) -> None:
    left = min(2, s.players - 1)
    then = [["op_replace", seat, [], left, rule]]
    s.push("cond", seat, W_COST, then, rule,
           f"replace 1 influence of each of {left} different opponent(s)")


def replace_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, chosen, left, rule = task
    targets = set(range(s.players)) - {me} - set(chosen)
    acts = [Action(f"replace:{loc}:{owner}", f"Replace seat {owner}'s influence on {loc}")
            for loc in s.board.locations
            for owner in sorted(set(s.influence.get(loc, ())) & targets)]
    return Decision(me, "replace_influence",
                    f"Replace 1 influence of an opponent not chosen yet ({left} left)", rule,
                    tuple(acts))


def apply_replace(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    _, loc, who = action_id.split(":")
    owner = int(who)
    rule = task[4]
    task[2] = [*task[2], owner]
    task[3] -= 1
    if task[3] <= 0:
        s.tasks.pop()
    replace_with_own(s, seat, owner, loc, rule)


# ---------------------------------------------------------------- Kal'tsit (§17.5)
def _kaltsit_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.push("steps", seat, [{"kind": "gain", "points": 1}], rule)
    s.push("advance_pick", seat, 2, False, rule)


def _kaltsit_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("op_corp", seat, rule)


def corp_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, rule = task
    acts = []
    for corp in s.corps:
        got = triggerable(s, me, corp)
        if got:
            acts.append(Action(f"corp:{corp}", f"Trigger all {len(got)} effect(s) you have "
                                               f"unlocked on {name(s, corp)}"))
    return Decision(me, "corporation", "Choose a corporation: trigger every effect you "
                                       "unlocked there", rule, tuple(acts))


def apply_corp(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    rule = task[2]
    corp = action_id.partition(":")[2]
    got = [[c, n] for c, n in triggerable(s, seat, corp)]
    s.say(seat, f"triggers every effect it unlocked on {name(s, corp)}", rule)
    _next_effect(s, seat, got, rule)


def _next_effect(s: NomadState, seat: int, effects: list[list[Any]], rule: str) -> None:
    """One left: it resolves now; more: the player picks the next one (§17.5). An effect
    that cannot be used any more (§18.8) is dropped, never offered."""
    effects = [e for e in effects if usable(s, seat, e[0], e[1])]
    if len(effects) == 1:
        s.push("op_trigger", seat, effects[0][0], effects[0][1], rule)
    elif effects:
        s.push("op_order", seat, effects, rule)


def order_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, effects, rule = task
    acts = tuple(Action(f"effect:{c}:{n}", f"Resolve {name(s, c)} level {n} next")
                 for c, n in effects)
    return Decision(me, "corporation_effect", "Choose the unlocked effect to resolve next", rule,
                    acts)


def apply_order(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, effects, rule = task
    _, corp, level = action_id.split(":")
    rest = [e for e in effects if e != [corp, int(level)]]
    _next_effect(s, me, rest, rule)  # beneath: resolves after the chosen one
    s.push("op_trigger", me, corp, int(level), rule)


def resolve_trigger(s: NomadState, task: Task) -> None:
    _, seat, corp, level, rule = task
    s.say(seat, f"triggers {name(s, corp)} level {level}", rule)
    s.push("steps", seat, effect_steps(s, corp, level), corp_rule(corp))


# ---------------------------------------------------------------- Closure (§17.6)
def _closure_strategy(s: NomadState, seat: int, rule: str) -> None:
    for kind in RESOURCES:
        s.add(seat, kind, 1)
    s.say(seat, "gains 1 Orirock, 1 Originium Shard, 1 Oriron", rule)
    s.push("trigger", seat, "", rule)


def _closure_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("op_market", seat, "closure", [], rule)


# ---------------------------------------------------------------- Eunectes (§17.11)
def _eunectes_strategy(s: NomadState, seat: int, rule: str) -> None:
    if city_targets(s, seat):
        s.push("city_target", seat, "eunectes")
    else:
        s.say(seat, "its city has nowhere to go: skipped", ref("9.1"))


def _eunectes_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("steps", seat, [{"kind": "gain", "oriron": 3}], rule)
    s.push("op_market", seat, "eunectes", [], rule)


def market_decision(s: NomadState, task: Task, seat: int) -> Decision:
    """Up to 2 differently named facilities of the market, one at a time (§17.6, §17.11)."""
    _, me, card, taken, rule = task
    facs = s.content.facilities
    names = {facs.of(c).name for c in taken}
    verb, what = ("take", "Put {} under Closure") if card == "closure" else \
        ("box", "Return {} to the box")
    acts = [Action(f"{verb}:{c}", what.format(facs.of(c).name)) for c in s.market
            if facs.of(c).name not in names]
    if acts:
        acts.append(Action("stop", "Take no more" if card == "closure" else "Return no more"))
    prompt = (f"Choose a facility of the market ({2 - len(taken)} at most, "
              "each of a different name)")
    return Decision(me, "facility", prompt, rule, tuple(acts))


def apply_market(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    _, me, card, taken, rule = task
    if action_id == "stop":
        s.tasks.pop()
        s.say(me, "takes no more facility" if card == "closure" else "returns no more facility",
              rule)
        return
    fac = action_id.partition(":")[2]
    task[3] = [*taken, fac]
    if len(task[3]) >= 2:
        s.tasks.pop()
    s.market.remove(fac)
    fname = s.content.facilities.of(fac).name
    if card == "closure":
        entry = s.persist[me].get("closure")
        if entry is None:
            _keep(s, me, "closure", {"under": [fac]})
        else:
            entry["under"] = [*entry["under"], fac]
        s.say(me, f"puts {fname} under Closure", rule)
    else:
        s.fac_box.append(fac)
        s.say(me, f"returns {fname} to the box", rule)
    refill_market(s)


# ---------------------------------------------------------------- Dorothy (§17.7)
def _dorothy_strategy(s: NomadState, seat: int, rule: str) -> None:
    if _on_board(s, seat) >= 2:
        s.push("op_swap", seat, rule)
    else:
        s.say(seat, "has fewer than 2 influence on the board: skipped", ref("9.2"))


def swap_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, rule = task
    if _on_board(s, me) < 2:
        return Decision(me, "conditional", "Remove 2 influence → place 3", rule, ())
    acts = (Action("pay", "Remove 2 of your influence → place 3 influence"),
            Action("decline", "Decline"))
    return Decision(me, "conditional", "Remove 2 of your influence → place 3 influence?", rule,
                    acts)


def apply_swap(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    rule = task[2]
    if action_id == "decline":
        s.say(seat, "declines to remove 2 influence", ref("9.2"))
        return
    s.say(seat, "removes 2 of its influence to place 3", rule)
    s.push("place", seat, 3, False, rule)
    s.push("remove_own", seat, rule)
    s.push("remove_own", seat, rule)


def _dorothy_tactic(s: NomadState, seat: int, rule: str) -> None:
    if s.supply[seat] >= 1:
        s.push("op_load", seat, "dorothy", DOROTHY_MAX, rule)
    else:
        s.say(seat, "has no player marker to put on Dorothy", rule)
        _keep(s, seat, "dorothy", {"markers": 0})


def _passenger_tactic(s: NomadState, seat: int, rule: str) -> None:
    if s.supply[seat] >= 1:
        s.push("op_load", seat, "passenger", PASSENGER_MAX, rule)
    else:
        s.say(seat, "has no player marker to put on Passenger", rule)


def _keep(s: NomadState, seat: int, card: str, entry: dict[str, Any]) -> None:
    """The card's Persistent effect takes hold: it stays in play (§17.1)."""
    s.persist[seat][card] = entry
    s.say(seat, f"keeps {s.content.characters[card].name} in play (Persistent)", ONCE)


def load_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, card, most, rule = task
    top = min(most, s.supply[me])
    cname = s.content.characters[card].name
    acts = tuple(Action(f"put:{n}", f"Put {n} marker(s) from your supply on {cname}")
                 for n in range(top + 1)) if top else ()
    return Decision(me, "markers", f"How many player markers go on {cname}?", rule, acts)


def apply_load(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, card, _most, rule = task
    n = int(action_id.partition(":")[2])
    cname = s.content.characters[card].name
    s.say(me, f"puts {n} marker(s) on {cname}", rule)
    s.supply[me] -= n
    # Dorothy stays even with no marker, as she still catches removed influence (§17.7);
    # Passenger with none would leave play at once (§17.10)
    if n or card == "dorothy":
        _keep(s, me, card, {"markers": n})


def catch_decision(s: NomadState, task: Task, seat: int) -> Decision:
    owner = task[1]
    entry = s.persist[owner].get("dorothy")
    if entry is None or entry["markers"] >= DOROTHY_MAX or s.supply[owner] < 1:
        return Decision(owner, "dorothy", "Dorothy's card is full", hero_ref("dorothy"), ())
    acts = (Action("catch", f"Put the removed influence on Dorothy "
                            f"({entry['markers']}/{DOROTHY_MAX})"),
            Action("decline", "Leave it in your supply"))
    return Decision(owner, "dorothy", "Your influence was removed: put it on Dorothy?",
                    hero_ref("dorothy"), acts)


def apply_catch(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    owner = task[1]
    if action_id == "decline":
        s.say(owner, "leaves its removed influence in its supply", hero_ref("dorothy"))
        return
    s.supply[owner] -= 1
    s.persist[owner]["dorothy"]["markers"] += 1
    s.say(owner, "puts its removed influence on Dorothy", hero_ref("dorothy"))


# ---------------------------------------------------------------- End Phase (§17.7, §17.9)
def end_options(s: NomadState, seat: int, used: list[str]) -> list[Action]:
    """The End Phase placements `seat` may still use in this End Phase (§17.7, §17.9)."""
    mine = s.persist[seat]
    acts = []
    dorothy = mine.get("dorothy")
    if dorothy is not None and "dorothy" not in used and dorothy["markers"] >= 2 \
            and holdable(s, seat):
        acts.append(Action("dorothy", "Take 2 markers off Dorothy → place 1 influence"))
    if "mudrock" in mine and "mudrock" not in used and s.can_pay(seat, MUDROCK_END_COST) \
            and place_targets(s, seat):
        acts.append(Action("mudrock", "Pay 2 Orirock → place 1 influence (Mudrock)"))
    return acts


def use_end_option(s: NomadState, me: int, which: str) -> None:
    """Dorothy's or Mudrock's End Phase placement, chosen in rounds.end_order_decision."""
    s.push("place", me, 1, False, hero_ref(which))
    if which == "dorothy":
        s.persist[me]["dorothy"]["markers"] -= 2
        s.supply[me] += 2
        s.say(me, "takes 2 markers off Dorothy back to its supply", hero_ref("dorothy"))
    else:
        s.say(me, "pays 2 Orirock", hero_ref("mudrock"))
        s.pay(me, MUDROCK_END_COST, hero_ref("mudrock"))


# ---------------------------------------------------------------- SilverAsh (§17.8)
def _silverash_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.push("op_sell", seat, "", rule)


def _type_decision(me: int, prompt: str, rule: str) -> Decision:
    """The first step of SilverAsh's and Passenger's Strategies: the resource type."""
    acts = tuple(Action(f"type:{r}", f"{RESOURCE_NAMES[r]}") for r in RESOURCES)
    return Decision(me, "resource_type", prompt, rule, acts)


def sell_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, kind, rule = task
    if not kind:
        return _type_decision(me, "Business Acumen: which resource is sold?", rule)
    acts = tuple(Action(f"seat:{p}", f"Seat {p} sells its {s.have(p, kind)} "
                                     f"{RESOURCE_NAMES[kind]} at {SILVERASH_PRICE} Gold each")
                 for p in range(s.players))
    return Decision(me, "player", "Business Acumen: which player sells?", rule, acts)


def _typed_seat(s: NomadState, task: Task, action_id: str) -> int | None:
    """SilverAsh's and Passenger's two-step choice: the resource type is kept in the task;
    once the seat is chosen the task is done and the seat returned."""
    verb, _, arg = action_id.partition(":")
    if verb == "type":
        task[2] = arg
        return None
    s.tasks.pop()
    return int(arg)


def apply_sell(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    p = _typed_seat(s, task, action_id)
    if p is None:
        return
    _, me, kind, rule = task
    n = s.have(p, kind)
    s.add(p, kind, -n)
    s.add(p, "gold", n * SILVERASH_PRICE)
    s.say(p, f"sells {n} {RESOURCE_NAMES[kind]} for {n * SILVERASH_PRICE} Gold", rule)
    s.gain(me, "points", 1, rule)


def _silverash_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("place", seat, 2, False, rule)
    if any(_on_board(s, p) for p in range(s.players)):
        s.push("op_cull", seat, [], rule)


def cull_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, done, rule = task
    acts = _removals(s, set(range(s.players)) - set(done))
    return Decision(me, "remove_influence", "Remove 1 influence of a player not chosen yet", rule,
                    tuple(acts))


def apply_cull(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    _, loc, who = action_id.split(":")
    owner = int(who)
    task[2] = [*task[2], owner]
    if not _removals(s, set(range(s.players)) - set(task[2])):
        s.tasks.pop()
    lose(s, owner, loc)
    s.say(seat, f"removes seat {owner}'s influence on {loc}", task[3])


# ---------------------------------------------------------------- Mudrock (§17.9)
def _mudrock_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.push("cond", seat, {"orirock": 1}, [["build_pick", seat, 0, 0]], rule, "build")


def _mudrock_tactic(s: NomadState, seat: int, rule: str) -> None:
    _keep(s, seat, "mudrock", {})


# ---------------------------------------------------------------- Passenger (§17.10)
def _passenger_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.push("op_grab", seat, "", rule)


def grab_decision(s: NomadState, task: Task, seat: int) -> Decision:
    """Resource type, then the opponent, then how many: "up to 4" (§17.10)."""
    _, me, kind, rule = task[:4]
    if not kind:
        return _type_decision(me, "Reefsteep Black Market: which resource?", rule)
    if len(task) > 4:
        p = task[4]
        acts = tuple(Action(f"take:{n}", f"Take {n} {RESOURCE_NAMES[kind]} from seat {p}")
                     for n in range(min(GRAB_MAX, s.have(p, kind)) + 1))
        return Decision(me, "amount", f"Reefsteep Black Market: take how many (up to "
                                      f"{GRAB_MAX})?", rule, acts)
    acts = tuple(Action(f"seat:{p}", f"Take up to {min(GRAB_MAX, s.have(p, kind))} "
                                     f"{RESOURCE_NAMES[kind]} from seat {p}")
                 for p in range(s.players) if p != me)
    return Decision(me, "opponent", "Reefsteep Black Market: from which opponent?", rule, acts)


def apply_grab(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    verb, _, arg = action_id.partition(":")
    if verb == "type":
        task[2] = arg
        return
    if verb == "seat":
        task.append(int(arg))
        if s.have(int(arg), task[2]):
            return  # how many comes next
        n = 0
    else:
        n = int(arg)
    s.tasks.pop()
    _, me, kind, rule, p = task
    s.add(p, kind, -n)
    s.add(me, kind, n)
    s.say(me, f"takes {n} {RESOURCE_NAMES[kind]} from seat {p}", rule)
    s.gain(p, "points", 1, rule)
    s.gain(me, "points", 1, rule)


# ---------------------------------------------------------------- Eunectes' shove (§17.11)
def shove_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, mover, owner, loc = task
    acts = tuple(Action(f"to:{dest}", f"Move seat {owner}'s influence to {dest}")
                 for dest in holdable(s, owner) if dest != loc)
    return Decision(mover, "move_influence",
                    f"Where does seat {owner}'s influence from {loc} go?", hero_ref("eunectes"),
                    acts)


def apply_shove(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, mover, owner, loc = task
    dest = action_id.partition(":")[2]
    put(s, owner, dest)
    s.say(mover, f"moves seat {owner}'s influence from {loc} to {dest}", hero_ref("eunectes"))


EFFECTS: dict[str, Callable[[NomadState, int, str], None]] = {
    "w:strategy": _w_strategy, "w:tactic": _w_tactic,
    "kaltsit:strategy": _kaltsit_strategy, "kaltsit:tactic": _kaltsit_tactic,
    "closure:strategy": _closure_strategy, "closure:tactic": _closure_tactic,
    "dorothy:strategy": _dorothy_strategy, "dorothy:tactic": _dorothy_tactic,
    "silverash:strategy": _silverash_strategy, "silverash:tactic": _silverash_tactic,
    "mudrock:strategy": _mudrock_strategy, "mudrock:tactic": _mudrock_tactic,
    "passenger:strategy": _passenger_strategy, "passenger:tactic": _passenger_tactic,
    "eunectes:strategy": _eunectes_strategy, "eunectes:tactic": _eunectes_tactic,
}
DECISIONS: dict[str, Callable[..., Decision]] = {
    "op_replace": replace_decision, "op_corp": corp_decision, "op_order": order_decision,
    "op_market": market_decision, "op_swap": swap_decision, "op_load": load_decision,
    "dorothy_catch": catch_decision, "op_sell": sell_decision,
    "op_cull": cull_decision, "op_grab": grab_decision, "shove": shove_decision,
}
APPLY: dict[str, Callable[..., None]] = {
    "op_replace": apply_replace, "op_corp": apply_corp, "op_order": apply_order,
    "op_market": apply_market, "op_swap": apply_swap, "op_load": apply_load,
    "dorothy_catch": apply_catch, "op_sell": apply_sell,
    "op_cull": apply_cull, "op_grab": apply_grab, "shove": apply_shove,
}
AUTOMATIC: dict[str, Callable[..., None]] = {"op_trigger": resolve_trigger}
