"""What each seat sees: everything in The Flow of History is public except the deck
order and, in the 2-player game, the other seat's dealt starting cards and pick."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import ICONS, TYPES
from .constants import BANKER

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
