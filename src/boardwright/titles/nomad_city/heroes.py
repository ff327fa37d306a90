"""The five starting characters (§11) and the life of a Character card (§6.1, §4.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from . import corp_heroes, operators
from .build import refill_market
from .explore import city_targets
from .influence import can_move
from .rules import hero_ref, ref
from .steps import RESOURCE_NAMES, RESOURCES

if TYPE_CHECKING:
    from .state import NomadState, Task

SELL_PRICES = {"orirock": 3, "shard": 3, "oriron": 4, "pure": 15}  # Cannot's Trade Channel
REQUISITION_PRICE = 2



def reveal(s: NomadState, seat: int, parts: list[str]) -> None:
    """Flip the face-down card and use the chosen effects in the chosen order (§6.1)."""
    char = s.facedown[seat]
    s.revealed[seat] = True
    s.turn_flags["character"] = 1
    rec = s.content.characters[char]
    if not s.quiet:  # search copies keep no log (the hottest messages skip their text)
        names = " then ".join(getattr(rec, p).name for p in parts)
        s.say(seat, f"reveals {rec.name} and uses {names}", ref("6.1"))
    s.push("discard_char", seat, parts)
    for part in reversed(parts):
        s.push("hero", seat, char, part)


def resolve_discard(s: NomadState, task: Task) -> None:
    """The used card goes to the discard pile; a Persistent effect that took hold keeps
    it in play, a Once effect sends it to the box instead (§17.1)."""
    seat = task[1]
    parts = task[2] if len(task) > 2 else []
    card = s.facedown[seat]
    s.facedown[seat] = ""
    rec = s.content.characters[card]
    if card in s.persist[seat]:
        s.say(seat, f"keeps {rec.name} in play", ref("17.1"))
    elif any(getattr(rec, p).once for p in parts):
        s.box[seat].append(card)
        s.say(seat, f"returns {rec.name} to the box (Once)", ref("17.1"))
    else:
        s.discard[seat].append(card)


def resolve_end_add(s: NomadState, task: Task) -> None:
    s.end_effects[task[1]].append(task[2])


def resolve_hero(s: NomadState, task: Task) -> None:
    _, seat, char, part = task
    EFFECTS[f"{char}:{part}"](s, seat, hero_ref(char))


def _liskarm_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.push("end_add", seat, "liskarm")
    s.push("place", seat, 2, False, rule)


def _liskarm_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("cond", seat, {"gold": 3}, [["replace", seat, rule]], rule, "replace 1 influence")


def _elysium_strategy(s: NomadState, seat: int, rule: str) -> None:
    low = min(s.res[seat])
    tied = [r for i, r in enumerate(RESOURCES) if s.res[seat][i] == low]
    if len(tied) == 1:
        s.gain(seat, tied[0], 4, rule)
    else:
        s.push("hero_choice", seat, "elysium_type", tied)


def _elysium_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("hero_choice", seat, "elysium_move", [])


def _texas_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.gain(seat, "gold", 12, rule)
    s.push("hero_choice", seat, "texas_bottom", [])


def _texas_tactic(s: NomadState, seat: int, rule: str) -> None:
    then = [["replace", seat, rule], ["move", seat, 1, False, rule, ""],
            ["move", seat, 1, False, rule, ""]]
    s.push("cond", seat, {"gold": 3}, then, rule, "replace 1, move 1, move 1 influence")


def _cannot_strategy(s: NomadState, seat: int, rule: str) -> None:
    for kind in reversed([*RESOURCES, "pure"]):
        s.push("hero_choice", seat, "cannot_sell", [kind])


def _cannot_tactic(s: NomadState, seat: int, rule: str) -> None:
    s.push("hero_choice", seat, "cannot_type", list(RESOURCES))


def _tin_man_strategy(s: NomadState, seat: int, rule: str) -> None:
    s.gain(seat, "points", 1, rule)
    pure = [["steps", seat, [{"kind": "gain", "pure": 1}], rule]]
    s.push("cond", seat, {"gold": 12}, pure, rule, "gain 1 Pure Originium")
    s.push("cond", seat, {"gold": 15}, pure, rule, "gain 1 Pure Originium")


def _tin_man_tactic(s: NomadState, seat: int, rule: str) -> None:
    back = s.discard[seat]
    s.hand[seat].extend(back)
    s.discard[seat] = []
    s.say(seat, f"takes back {len(back)} card(s) from the discard pile", rule)
    for _ in back:
        s.push("hero_choice", seat, "tinman_card", [])


# "character:effect" -> its resolution, the Corporation Module's characters included
EFFECTS: dict[str, Callable[[NomadState, int, str], None]] = {
    "liskarm:strategy": _liskarm_strategy, "liskarm:tactic": _liskarm_tactic,
    "elysium:strategy": _elysium_strategy, "elysium:tactic": _elysium_tactic,
    "texas:strategy": _texas_strategy, "texas:tactic": _texas_tactic,
    "cannot:strategy": _cannot_strategy, "cannot:tactic": _cannot_tactic,
    "tin-man:strategy": _tin_man_strategy, "tin-man:tactic": _tin_man_tactic,
    "mountain:strategy": corp_heroes.mountain_strategy,
    "mountain:tactic": corp_heroes.mountain_tactic,
    "mlynar:strategy": corp_heroes.mlynar_strategy, "mlynar:tactic": corp_heroes.mlynar_tactic,
    **operators.EFFECTS,
}



def choice_decision(s: NomadState, task: Task, seat: int) -> Decision:
    _, me, kind, args = task
    acts: list[Action] = []
    if kind == "elysium_type":
        acts = [Action(f"type:{r}", f"Gain 4 {RESOURCE_NAMES[r]}") for r in args]
        return Decision(me, "resource_type", "Logistics Support: which resource?", hero_ref("elysium"),
                        tuple(acts))
    if kind == "elysium_move":
        if s.can_pay(me, {"shard": 3}):
            acts = [Action(f"city:{site}", f"Pay 3 Originium Shard → move your city to {site}")
                    for _route, site in city_targets(s, me, need_own=True)]
        if acts:
            acts.append(Action("decline", "Decline"))
        return Decision(me, "city_target", "Navigation Comms: where does your city go?",
                        hero_ref("elysium"), tuple(acts))
    if kind == "texas_bottom":
        acts = [Action(f"bottom:{c}", f"Put {s.content.facilities.of(c).name} at the bottom")
                for c in s.market]
        return Decision(me, "facility", "Special Delivery: which facility goes under the deck?",
                        hero_ref("texas"), tuple(acts))
    if kind == "cannot_sell":
        res = args[0]
        held = s.have(me, res)
        if held:
            acts = [Action(f"sell:{n}", f"Sell {n} {RESOURCE_NAMES[res]} for "
                                         f"{n * SELL_PRICES[res]} Gold") for n in range(held + 1)]
        return Decision(me, "sell", f"Trade Channel: how many {RESOURCE_NAMES[res]} do you sell?",
                        hero_ref("cannot"), tuple(acts))
    if kind == "cannot_type":
        acts = [Action(f"type:{r}", f"Everyone sells all their {RESOURCE_NAMES[r]}") for r in args]
        return Decision(me, "resource_type", "Requisition: which resource?", hero_ref("cannot"),
                        tuple(acts))
    # tinman_card
    acts = [Action("gold", "Gain 5 Gold")]
    if can_move(s, me):
        acts.append(Action("move", "Move 1 influence"))
    return Decision(me, "foresight", "Foresight: for this card, gain 5 Gold or move 1 influence",
                    hero_ref("tin-man"), tuple(acts))


def apply_choice(s: NomadState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _, me, kind, args = task
    verb, _, arg = action_id.partition(":")
    if kind == "elysium_type":
        s.gain(me, arg, 4, hero_ref("elysium"))
    elif kind == "elysium_move":
        if verb == "decline":
            s.say(me, "declines Navigation Comms", ref("9.2"))
            return
        route = next(r for r, o in s.board.links[s.city[me]] if o == arg)
        s.say(me, f"pays 3 Originium Shard and targets {arg}", hero_ref("elysium"))
        s.push("city_move", me, route, arg)
        s.pay(me, {"shard": 3}, hero_ref("elysium"))
    elif kind == "texas_bottom":
        s.market.remove(arg)
        s.fac_deck.insert(0, arg)
        s.fac_known += 1
        s.say(me, f"puts {s.content.facilities.of(arg).name} at the bottom of the facility deck",
              hero_ref("texas"))
        refill_market(s)
    elif kind == "cannot_sell":
        res, n = args[0], int(arg)
        if n:
            s.add(me, res, -n)
            s.add(me, "gold", n * SELL_PRICES[res])
            s.say(me, f"sells {n} {RESOURCE_NAMES[res]} for {n * SELL_PRICES[res]} Gold",
                  hero_ref("cannot"))
    elif kind == "cannot_type":
        for p in s.order():
            n = s.have(p, arg)
            if n:
                s.add(p, arg, -n)
                s.add(p, "gold", n * REQUISITION_PRICE)
            s.say(p, f"sells {n} {RESOURCE_NAMES[arg]} for {n * REQUISITION_PRICE} Gold",
                  hero_ref("cannot"))
        s.gain(me, "points", 1, hero_ref("cannot"))
    elif verb == "gold":
        s.gain(me, "gold", 5, hero_ref("tin-man"))
    else:
        s.push("move", me, 1, False, hero_ref("tin-man"), "")
