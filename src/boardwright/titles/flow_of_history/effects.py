"""Gaining cards and resolving their effects (§2.4, §3, §8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardwright.engine import Action, Decision

from .cards import ATTACK, DEFENSE, ICONS, TYPES, WONDER
from .nation import active_cards, has_active, place, remove
from .rules import card_ref, ref
from .tables import tables

if TYPE_CHECKING:
    from .state import FlowState, Task

ON_GAIN = ("instant", "attack", "attack_all")


def gain(s: FlowState, seat: int, card: int) -> None:
    """Put a card in a Nation and queue its Instant/Attack effect (§2.4, §3.1)."""
    c = s.cards.cards[card]
    old = place(s.cards, s.nations[seat], card)
    s.nation_changed(seat)
    if not s.quiet:  # a search copy keeps no log: its text is not even built (hot path)
        s.say(seat, f"gains {c.name} ({TYPES[c.type]}, age {c.age})", ref("2.4"))
    if old is not None:
        s.box.append(old)
        s.say(seat, f"returns the previous Leader {s.name(old)} to the box", ref("2.4"))
    if c.effect.kind == "ends_game":
        trigger_end(s, seat, f"{c.name} was gained")
        return
    if c.timing not in ON_GAIN:
        return
    if c.timing != "instant" and s.pacifist(seat):
        s.say(seat, f"does not activate {c.name}'s attack (Mahatma Gandhi)",
              card_ref("mahatma-gandhi"))
        return
    s.push("effect", seat, card)


def trigger_end(s: FlowState, seat: int | None, why: str) -> None:
    s.end_triggered = True
    if s.options["future_ends"] == "immediately":
        s.say(seat, f"{why}: the game ends now", ref("9"))
        s.finished = True
        s.tasks.clear()
    else:
        s.say(seat, f"{why}: the game ends after this turn", ref("6.1"))


def strength_attack(s: FlowState, seat: int) -> int:
    return s.icon_count(seat, ATTACK)


def strength_defend(s: FlowState, seat: int) -> int:
    return s.icon_count(seat, ATTACK) + s.icon_count(seat, DEFENSE)


def _take(s: FlowState, seat: int, source: str, n: int) -> int:
    if source == "reserve":
        n = min(n, s.reserve)
        s.reserve -= n
    else:
        n = min(n, s.supply)
        s.supply -= n
    s.tokens[seat] += n
    return n


def _eligible_market(s: FlowState, card: int) -> list[int]:
    wanted = tables(s.cards).gain_types[card]
    cards = s.cards.cards
    return [c for c in s.market
            if c not in s.investor and (wanted is None or cards[c].type in wanted)]


def _gain_top(s: FlowState, seat: int, source: int) -> None:
    if not s.deck:
        s.say(seat, "the Civilization deck is empty", card_ref(s.cards.cards[source].id))
        return
    top = s.deck.pop()
    s.say(seat, f"takes the top card of the deck: {s.name(top)}", card_ref(s.cards.cards[source].id))
    gain(s, seat, top)


# ---------------------------------------------------------------- Turn Actions (§3.5)
def can_activate(s: FlowState, seat: int, card: int) -> bool:
    """A Turn Action is offered only when its effect can be carried out (§3.5)."""
    e = s.cards.cards[card].effect
    if e.kind == "gain_top_card":
        return bool(s.deck)
    if e.kind == "gain_from_market":
        if s.tokens[seat] < e.cost:
            return False
        if e.discard_top is not None and not s.nations[seat][TYPES.index(e.discard_top)]:
            return False
        # _eligible_market(s, card) is not empty: the first eligible card is enough
        wanted = tables(s.cards).gain_types[card]
        cards = s.cards.cards
        investor = s.investor
        return any(c not in investor and (wanted is None or cards[c].type in wanted)
                   for c in s.market)
    return False


def activate(s: FlowState, seat: int, card: int) -> None:
    c = s.cards.cards[card]
    e = c.effect
    s.say(seat, f"activates {c.name}", card_ref(c.id))
    if getattr(e, "remove_self", False):
        remove(s.cards, s.nations[seat], card)
        s.nation_changed(seat)
        s.box.append(card)
        s.say(seat, f"removes {c.name} from the game", card_ref(c.id))
    if e.kind == "gain_top_card":
        _gain_top(s, seat, card)
        return
    if e.cost:
        s.tokens[seat] -= e.cost
        s.supply += e.cost
        s.say(seat, f"pays {e.cost} to the Supply", card_ref(c.id))
    if e.discard_top is not None:
        stack = s.nations[seat][TYPES.index(e.discard_top)]
        lost = stack.pop()
        s.nation_changed(seat)
        s.box.append(lost)
        s.say(seat, f"discards {s.name(lost)}", card_ref(c.id))
    s.push("gain_choice", seat, card)


# ---------------------------------------------------------------- on-gain effects
def resolve_effect(s: FlowState, task: Task) -> None:
    _, seat, card = task
    c = s.cards.cards[card]
    e = c.effect
    rule = card_ref(c.id)
    kind = e.kind
    if c.timing in ("attack", "attack_all"):
        _start_attack(s, seat, card)
    elif kind == "gain_top_card":
        _gain_top(s, seat, card)
    elif kind == "gain_from_market":
        s.push("gain_choice", seat, card)
    elif kind == "tokens_per_icon":
        per = e.amount
        if e.glossary_amount is not None and s.options["irrigation"] == "glossary":
            per = e.glossary_amount
        n = _take(s, seat, e.source, per * s.icon_count(seat, ICONS.index(e.per_icon)))
        s.say(seat, f"{c.name}: takes {n} from the {e.source.capitalize()}", rule)
    elif kind == "tokens_per_card":
        want = e.amount * len(s.nations[seat][TYPES.index(e.per_type)])
        n = _take(s, seat, e.source, want)
        s.say(seat, f"{c.name}: takes {n} from the {e.source.capitalize()}", rule)
    elif kind == "share_supply":
        for p in range(s.players):
            s.supply += s.tokens[p]
            s.tokens[p] = 0
        share = s.supply // s.players
        for p in range(s.players):
            s.tokens[p] = share
        s.supply -= share * s.players
        s.say(seat, f"{c.name}: every player now holds {share}; {s.supply} stay in the Supply", rule)


def gain_choice_decision(s: FlowState, task: Task, seat: int | None) -> Decision:
    _, me, card = task
    src = s.cards.cards[card]
    acts = tuple(Action(f"gain:{s.cards.cards[c].id}", f"Gain {s.name(c)}")
                 for c in _eligible_market(s, card))
    return Decision(me, "gain_card", f"{src.name}: choose a card to gain from the Market",
                    card_ref(src.id), acts)


def apply_gain_choice(s: FlowState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    card = s.cards.by_id[action_id.partition(":")[2]]
    s.market.remove(card)
    gain(s, seat, card)


# ---------------------------------------------------------------- attacks (§3.2, §3.3)
def _start_attack(s: FlowState, seat: int, card: int) -> None:
    c = s.cards.cards[card]
    for khan in has_active(s.cards, s.nations[seat], "attack_tokens"):
        n = _take(s, seat, "supply", khan.effect.amount)
        s.say(seat, f"{khan.name}: takes {n} from the Supply for attacking", card_ref(khan.id))
    power = strength_attack(s, seat)
    order = [(seat + k) % s.players for k in range(1, s.players)]
    targets = []
    for o in order:
        if s.pacifist(o):
            s.say(o, "cannot be attacked (Mahatma Gandhi)", card_ref("mahatma-gandhi"))
            continue
        if strength_defend(s, o) < power:
            targets.append(o)
    rule = ref("3.3") if c.timing == "attack_all" else ref("3.2")
    s.say(seat, f"attacks with {c.name} at strength {power}; weaker: "
                f"{', '.join(f'seat {t}' for t in targets) or 'nobody'}", rule)
    if not targets:
        return
    if c.timing == "attack":
        s.push("attack_target", seat, card)
    else:
        for t in reversed(targets):
            s.push("hit", seat, card, t)


def _targets(s: FlowState, seat: int) -> list[int]:
    power = strength_attack(s, seat)
    return [o for o in ((seat + k) % s.players for k in range(1, s.players))
            if not s.pacifist(o) and strength_defend(s, o) < power]


def attack_target_decision(s: FlowState, task: Task, seat: int | None) -> Decision:
    _, me, card = task
    acts = tuple(Action(f"target:{t}", f"Attack seat {t} (strength {strength_defend(s, t)})")
                 for t in _targets(s, me))
    return Decision(me, "attack_target", f"{s.name(card)}: choose an opponent to attack",
                    ref("3.2"), acts)


def apply_attack_target(s: FlowState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    s.push("hit", seat, task[2], int(action_id.partition(":")[2]))


def _hit_options(s: FlowState, card: int, target: int) -> list[int]:
    e = s.cards.cards[card].effect
    nation = s.nations[target]
    if e.kind == "discard_wonder":
        return list(nation[WONDER])
    return [nation[TYPES.index(t)][-1] for t in e.types if nation[TYPES.index(t)]]


def resolve_hit(s: FlowState, task: Task) -> None:
    _, seat, card, target = task
    c = s.cards.cards[card]
    e = c.effect
    if e.kind == "steal_tokens":
        n = min(e.amount, s.tokens[target])
        s.tokens[target] -= n
        s.tokens[seat] += n
        s.say(seat, f"{c.name}: takes {n} token{'' if n == 1 else 's'} from seat {target}", card_ref(c.id))
    elif e.kind == "discard_top" and e.each:
        for lost in _hit_options(s, card, target):
            _discard(s, seat, card, target, lost)
    elif _hit_options(s, card, target):
        s.push("hit_choice", seat, card, target)
    else:
        s.say(seat, f"{c.name}: seat {target} has nothing to discard", card_ref(c.id))


def _discard(s: FlowState, seat: int, card: int, target: int, lost: int) -> None:
    remove(s.cards, s.nations[target], lost)
    s.nation_changed(target)
    s.box.append(lost)
    s.say(seat, f"{s.name(card)}: seat {target} discards {s.name(lost)}",
          card_ref(s.cards.cards[card].id))


def hit_choice_decision(s: FlowState, task: Task, seat: int | None) -> Decision:
    _, me, card, target = task
    acts = tuple(Action(f"discard:{s.cards.cards[c].id}", f"Seat {target} discards {s.name(c)}")
                 for c in _hit_options(s, card, target))
    return Decision(me, "discard_choice", f"{s.name(card)}: choose what seat {target} discards",
                    card_ref(s.cards.cards[card].id), acts)


def apply_hit_choice(s: FlowState, task: Task, seat: int, action_id: str) -> None:
    s.tasks.pop()
    _discard(s, seat, task[2], task[3], s.cards.by_id[action_id.partition(":")[2]])


__all__ = ["activate", "active_cards", "can_activate", "gain", "trigger_end"]
