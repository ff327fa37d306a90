"""What each seat sees: everything in The Flow of History is public except the deck
order and, in the 2-player game, the other seat's dealt starting cards and pick."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from .cards import ICONS, TYPES
from .constants import BANKER
from .tables import tables

if TYPE_CHECKING:
    from .state import FlowState

def _card(s: FlowState, c: int) -> dict[str, Any]:
    card = s.cards.cards[c]
    return {"id": card.id, "name": card.name, "age": card.age, "type": TYPES[card.type],
            "timing": card.timing}


def view(s: FlowState, seat: int | None) -> dict[str, Any]:
    cards = s.cards.cards
    ages: dict[str, int] = {}
    for c in s.deck:
        ages[cards[c].age] = ages.get(cards[c].age, 0) + 1
    market = []
    for c in s.market:
        entry = _card(s, c)
        owner = s.investor.get(c)
        entry["investor"] = None if owner is None else ("banker" if owner == BANKER else owner)
        entry["stake"] = s.stake.get(c, 0)
        market.append(entry)
    nations = []
    for p in range(s.players):
        counts = s.icons(p)
        nations.append({
            "seat": p,
            "tokens": s.tokens[p],
            "invested_in": None if s.invested[p] == -1 else cards[s.invested[p]].id,
            "stacks": {TYPES[t]: [_card(s, c) for c in stack]
                       for t, stack in enumerate(s.nations[p]) if stack},
            "icons": dict(zip(ICONS, counts, strict=True)),
            "starting_card_chosen": s.picks[p] != -1 if s.dealt[p] else None,
        })
    out: dict[str, Any] = {
        "current_player": s.current,
        "turn": s.turn,
        "round": s._round(),
        "current_age": s.current_age(),
        "market": market,
        "deck": {"count": len(s.deck), "by_age": ages},
        "supply": s.supply,
        "reserve": s.reserve,
        "nations": nations,
        "end_triggered": s.end_triggered,
    }
    if seat is not None and s.dealt[seat]:
        out["dealt"] = [_card(s, c) for c in s.dealt[seat]]
        out["my_pick"] = None if s.picks[seat] == -1 else cards[s.picks[seat]].id
    return out


def info_key(s: FlowState, seat: int | None) -> str:
    """The information of `view(s, seat)` as a compact hex string of small numbers (an IS-MCTS
    search builds one per tree level; the view's dicts and names cost ten times more).
    Left out because the view derives them from what is here: the round (from the turn),
    the current age and the icons (from the cards in play), the ids and names of cards."""
    t = tables(s.cards)
    if t.age_bytes is not None:  # counted in C
        ages = bytes(s.deck).translate(t.age_bytes)
        by_age = [ages.count(a) for a in range(t.max_age + 1)]
    else:
        by_age = [0] * (t.max_age + 1)
        for c in s.deck:
            by_age[t.age_number[c]] += 1
    # one flat list of small integers (lists prefixed by their length), packed as 16-bit
    # values and written in hex: about half the cost of repr() of the nested lists
    investor, stake = s.investor, s.stake
    flat = [s.current, s.turn, s.supply, s.reserve, s.end_triggered, len(s.market)]
    for c in s.market:
        flat += (c, investor.get(c, -2), stake.get(c, 0))
    flat += by_age
    flat += s.tokens
    flat += s.invested
    for nation in s.nations:
        for stack in nation:
            flat.append(len(stack))
            flat += stack
    for p, d in zip(s.picks, s.dealt, strict=True):
        flat.append(-1 if not d else p != -1)
    if seat is not None and s.dealt[seat]:
        flat.append(s.picks[seat])
        flat += s.dealt[seat]
    return array("h", flat).tobytes().hex()
