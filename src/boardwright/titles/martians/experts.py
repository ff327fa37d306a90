"""Experts (§7.2): once per turn, paid, no time; face down until the owner's next turn.
Assistants (§7.1) are passive bonuses read where they apply (harvest, excavation,
research)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine.actions import Action, Decision

from .buildings import construct, construction_offers
from .rules import ref
from .setup import remove_token

if TYPE_CHECKING:
    from .state import MartiansState

TOKEN = {"disease": 1, "hunger": 2, "oxygen": 0}


def _targets(s: MartiansState, corp: int, kind: str) -> list[int]:
    return [q for q in s.allowed_quarters(corp) if s.quarters[q][TOKEN[kind]]]


def usable(s: MartiansState, corp: int, card: str) -> bool:
    rec = s.content.experts[card.split("#")[0]]
    p = s.purse(corp)
    if not s.can_pay(p, rec.cost):
        return False
    if rec.effect in TOKEN:
        return bool(_targets(s, corp, rec.effect))
    if rec.effect == "examine":
        return bool(s.regolith_deck)
    if rec.effect == "water":
        return s.supply["drinking_water"] > 0
    if rec.effect == "medicine":
        return s.supply["medicine"] > 0
    if rec.effect == "construction":
        # the Builder pays the construction action's markers on top of his fee (§12)
        fee: dict[str, int] = dict(rec.cost)
        for k in ("energy", "regolith", "supplies"):
            fee[k] = fee.get(k, 0) + 1
        if not s.can_pay(p, fee):
            return False
        return bool(construction_offers(s, corp))
    return True


def offers(s: MartiansState, corp: int) -> list[Action]:
    out = []
    for i, (card, up) in enumerate(s.experts[corp]):
        if up and usable(s, corp, card):
            hit = _OFFERS.get((i, card))
            if hit is None or hit[0] is not s.content:
                rec = s.content.experts[card.split("#")[0]]
                cost = ", ".join(f"{n} {k}" for k, n in rec.cost.items())
                if len(_OFFERS) >= 4096:
                    _OFFERS.clear()
                action = Action(f"expert:{i}", f"use the {rec.name} (pay {cost})")
                hit = _OFFERS[(i, card)] = (s.content, action)
            out.append(hit[1])
    return out


#: (place in the corporation's row, expert card) -> (the content, the action of using it);
#: the content is kept so that its id cannot be reused while the entry stands
_OFFERS: dict[tuple[int, str], tuple[Any, Action]] = {}


def use(s: MartiansState, corp: int, i: int) -> None:
    card = s.experts[corp][i][0]
    rec = s.content.experts[card.split("#")[0]]
    p = s.purse(corp)
    s.pay(p, rec.cost)
    s.experts[corp][i][1] = 0
    s.turn["expert"] = 1
    rule = ref("7.2")
    s.say(corp, f"pays the {rec.name}", rule)
    if rec.reputation:
        s.add_reputation(corp, rec.reputation, rule, f"the {rec.name}'s work")
    if rec.effect in TOKEN:
        s.push("remove_q", corp, rec.effect, rec.amount)
    elif rec.effect == "examine":
        s.draw_regolith(corp, rec.amount, rule)
    elif rec.effect == "water":
        s.gain(p, "drinking_water", rec.amount)
    elif rec.effect == "medicine":
        s.gain(p, "medicine", rec.amount)
    elif rec.effect == "construction":
        s.push("builder", corp)


def remove_q_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp, kind = int(task[1]), str(task[2])
    acts = tuple(Action(f"q:{q + 1}", f"remove a {kind} token from Q{q + 1}")
                 for q in _targets(s, corp, kind))
    return Decision(s.seat_of(corp), "expert", f"{s.name(corp)}: remove a {kind} token ({task[3]} left)",
                    ref("7.2"), acts)


def apply_remove_q(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp, kind = int(task[1]), str(task[2])
    q = int(action_id.split(":")[1]) - 1
    remove_token(s, q, kind)
    s.say(corp, f"removes a {kind} token from Q{q + 1}", ref("7.2"))
    task[3] = int(task[3]) - 1
    if task[3] <= 0 or not _targets(s, corp, kind):
        s.tasks.pop()


def builder_decision(s: MartiansState, task: Any, seat: int | None) -> Decision:
    corp = int(task[1])
    acts = tuple(Action(o.id, o.label) for o in construction_offers(s, corp))
    return Decision(s.seat_of(corp), "expert", f"{s.name(corp)}: the Builder's construction action",
                    ref("7.2"), acts)


def apply_builder(s: MartiansState, task: Any, seat: int, action_id: str) -> None:
    corp = int(task[1])
    s.tasks.pop()
    kind, _, arg = action_id.partition(":")
    construct(s, corp, kind, arg, ref("7.2"))
