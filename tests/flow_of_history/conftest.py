"""Helpers that build Flow of History positions by setting FlowState fields.

Positions are set up directly on the state; from then on the game is driven only
through the public ``apply(seat, action_id)`` with ids the game itself offers.
Every helper keeps the 67 cards and the 72 resource tokens conserved: a card is
always taken from wherever it is before being put somewhere else, and tokens are
taken from (or given back to) the Reserve.
"""

from __future__ import annotations

import json
from typing import Any, cast

import boardwright
from boardwright.engine import IllegalAction
from boardwright.titles.flow_of_history.cards import ICONS, LEADER, TYPES
from boardwright.titles.flow_of_history.constants import BANKER, TOKENS_TOTAL
from boardwright.titles.flow_of_history.state import FlowState

SPEC = boardwright.game("flow-of-history")
CARD_COUNT = 67

__all__ = [
    "BANKER",
    "CARD_COUNT",
    "SPEC",
    "IllegalAction",
    "blank",
    "card",
    "complete_card",
    "conserved",
    "deck_top",
    "give",
    "icons",
    "ids",
    "invest",
    "legal",
    "location",
    "market",
    "nation",
    "new",
    "play",
    "rejected",
    "score",
    "set_market",
    "set_supply",
    "set_tokens",
    "stripe_icons",
    "to_box",
    "to_market",
    "turn_of",
]


# ------------------------------------------------------------------ creation
def new(players: int = 3, seed: int = 0, **options: Any) -> FlowState:
    """A fresh game exactly as setup left it."""
    return cast(FlowState, SPEC.new_game(players, seed, options))


def blank(players: int = 3, seed: int = 0, **options: Any) -> FlowState:
    """A game after setup with an empty table: no Market, no Nations, no tokens.

    The deck keeps its setup order. In the 2-player game the starting picks are made
    through the public interface first; the Banker's investment is cleared too.
    Seat 0 is to act.
    """
    st = new(players, seed, **options)
    if players == 2:
        for seat in (0, 1):
            st.apply(seat, st.legal_actions(seat)[0].id)
    for c in list(st.market):
        to_box(st, c)
    for seat in range(players):
        for stack in st.nations[seat]:
            for c in list(stack):
                to_box(st, c)
        set_tokens(st, seat, 0)
    set_supply(st, 0)
    turn_of(st, 0)
    conserved(st)
    return st


def _touch(st: FlowState) -> None:
    """Drop cached decisions and every Nation's memo after a direct change of the state."""
    st._cache.clear()
    for seat in range(st.players):
        st.nation_changed(seat)


# ------------------------------------------------------------------ cards
def card(st: FlowState, ref: str | int) -> int:
    """The index of a card given by id (an index is passed through)."""
    if isinstance(ref, int):
        return ref
    return st.cards.by_id[ref]


def location(st: FlowState, ref: str | int) -> tuple[str, int | None]:
    """Where a card is: ('market'|'deck'|'box'|'dealt'|'nation', seat or None)."""
    c = card(st, ref)
    if c in st.market:
        return ("market", None)
    if c in st.deck:
        return ("deck", None)
    if c in st.box:
        return ("box", None)
    for seat, dealt in enumerate(st.dealt):
        if c in dealt:
            return ("dealt", seat)
    for seat, nat in enumerate(st.nations):
        if any(c in stack for stack in nat):
            return ("nation", seat)
    raise AssertionError(f"card {st.cards.cards[c].id} is nowhere")


def _detach(st: FlowState, c: int) -> None:
    """Take a card from wherever it is; an investment on it goes back to the Reserve."""
    if c in st.market:
        st.market.remove(c)
        if c in st.investor:
            who = st.investor.pop(c)
            st.reserve += st.stake.pop(c)
            if who != BANKER:
                st.invested[who] = -1
    elif c in st.deck:
        st.deck.remove(c)
    elif c in st.box:
        st.box.remove(c)
    else:
        for dealt in st.dealt:
            if c in dealt:
                dealt.remove(c)
                break
        else:
            for nat in st.nations:
                for stack in nat:
                    if c in stack:
                        stack.remove(c)
                        break


def give(st: FlowState, seat: int, *refs: str | int) -> None:
    """Put cards into a Nation in the order given (the last one given ends on top).

    A second Leader replaces the first, which goes to the box, as in play.
    """
    for ref in refs:
        c = card(st, ref)
        _detach(st, c)
        t = st.cards.cards[c].type
        stack = st.nations[seat][t]
        if t == LEADER and stack:
            st.box.extend(stack)
            stack.clear()
        stack.append(c)
    _touch(st)


def _not_owned(st: FlowState, c: int) -> None:
    where = location(st, c)
    assert where[0] != "nation", f"{st.cards.cards[c].id} is in seat {where[1]}'s Nation"


def to_market(st: FlowState, *refs: str | int) -> None:
    for ref in refs:
        c = card(st, ref)
        _not_owned(st, c)
        _detach(st, c)
        st.market.append(c)
    _touch(st)


def set_market(st: FlowState, *refs: str | int) -> None:
    """Make the Market exactly these cards; the cards it held go to the box."""
    wanted = [card(st, r) for r in refs]
    for c in list(st.market):
        if c not in wanted:
            to_box(st, c)
    for c in wanted:
        _not_owned(st, c)
        _detach(st, c)
        st.market.append(c)
    _touch(st)


def to_box(st: FlowState, *refs: str | int) -> None:
    for ref in refs:
        c = card(st, ref)
        _detach(st, c)
        st.box.append(c)
    _touch(st)


def deck_top(st: FlowState, *refs: str | int) -> None:
    """Put cards on top of the deck; the first one named is the new top card."""
    for ref in reversed(refs):
        c = card(st, ref)
        _not_owned(st, c)
        _detach(st, c)
        st.deck.append(c)
    _touch(st)


# ------------------------------------------------------------------ tokens and turns
def set_tokens(st: FlowState, seat: int, n: int) -> None:
    st.reserve -= n - st.tokens[seat]
    st.tokens[seat] = n
    assert st.reserve >= 0
    _touch(st)


def set_supply(st: FlowState, n: int) -> None:
    st.reserve -= n - st.supply
    st.supply = n
    assert st.reserve >= 0
    _touch(st)


def invest(st: FlowState, seat: int, ref: str | int, n: int) -> None:
    """Give `seat` (or the BANKER) an investment of n tokens (from the Reserve) on a card."""
    c = card(st, ref)
    if c not in st.market:
        to_market(st, c)
    if seat != BANKER:
        assert st.invested[seat] == -1
        st.invested[seat] = c
    st.investor[c] = seat
    st.stake[c] = n
    st.reserve -= n
    assert st.reserve >= 0
    _touch(st)


def turn_of(st: FlowState, seat: int) -> None:
    """Make it the start of `seat`'s turn (its action phase)."""
    st.current = seat
    st.tasks = [("main", seat)]
    _touch(st)


# ------------------------------------------------------------------ reading
def names(st: FlowState, cs: list[int]) -> list[str]:
    return [st.cards.cards[c].id for c in cs]


def market(st: FlowState) -> list[str]:
    return names(st, st.market)


def nation(st: FlowState, seat: int) -> dict[str, list[str]]:
    """A Nation as {type name: [card ids bottom first]} (empty stacks left out)."""
    return {TYPES[t]: names(st, stack) for t, stack in enumerate(st.nations[seat]) if stack}


def icons(st: FlowState, seat: int) -> dict[str, int]:
    """Icon totals as the public view reports them."""
    return cast(dict[str, int], st.view(seat)["nations"][seat]["icons"])


def stripe_icons(st: FlowState, seat: int) -> dict[str, int]:
    """What the production stripes alone of a Nation show."""
    out = dict.fromkeys(ICONS, 0)
    for stack in st.nations[seat]:
        for c in stack:
            for i, n in enumerate(st.cards.cards[c].stripe):
                out[ICONS[i]] += n
    return out


def score(st: FlowState, seat: int) -> dict[str, Any]:
    return cast(dict[str, Any], st.outcome()["breakdown"][seat])


def ids(st: FlowState, seat: int) -> list[str]:
    return [a.id for a in st.legal_actions(seat)]


def legal(st: FlowState, seat: int, action_id: str) -> bool:
    return action_id in ids(st, seat)


# ------------------------------------------------------------------ acting
def play(st: FlowState, seat: int, action_id: str) -> None:
    """Apply an action the game offers (fails the test if it is not offered)."""
    offered = ids(st, seat)
    assert action_id in offered, f"{action_id!r} not offered to seat {seat}: {offered}"
    st.apply(seat, action_id)
    conserved(st)


def rejected(st: FlowState, seat: int, action_id: str) -> IllegalAction:
    """Apply an illegal action: it must raise and leave the saved state unchanged."""
    before = st.to_json()
    try:
        st.apply(seat, action_id)
    except IllegalAction as exc:
        assert st.to_json() == before, "a rejected action changed the state"
        return exc
    raise AssertionError(f"{action_id!r} was accepted for seat {seat}")


# ------------------------------------------------------------------ invariants
def conserved(st: FlowState) -> None:
    """Every card is in exactly one place and the 72 tokens are all accounted for."""
    seen: list[int] = list(st.market) + list(st.deck) + list(st.box)
    for dealt in st.dealt:
        seen += dealt
    for nat in st.nations:
        for stack in nat:
            seen += stack
    assert sorted(seen) == list(range(CARD_COUNT)), (
        f"cards not conserved: {len(seen)} placed, "
        f"duplicates {sorted({c for c in seen if seen.count(c) > 1})}"
    )
    assert len(st.cards.cards) == CARD_COUNT
    total = sum(st.tokens) + st.supply + st.reserve + sum(st.stake.values())
    assert total == TOKENS_TOTAL, f"tokens not conserved: {total}"
    assert st.components() == {"tokens": TOKENS_TOTAL, "cards": CARD_COUNT, "distinct_cards": CARD_COUNT}
    assert min(st.tokens) >= 0 and st.supply >= 0 and st.reserve >= 0
    assert set(st.stake) == set(st.investor) and set(st.investor) <= set(st.market)
    for seat, c in enumerate(st.invested):
        if c != -1:
            assert st.investor.get(c) == seat
    # the saved form stays loadable and equal
    assert json.loads(SPEC.from_json(st.to_json()).to_json())["state"] == json.loads(st.to_json())["state"]


def complete_card(st: FlowState, seat: int, ref: str | int, stake: int = 0) -> None:
    """Let `seat` gain a card by the Complete action (an investment of `stake` is set up first)."""
    invest(st, seat, ref, stake)
    turn_of(st, seat)
    play(st, seat, "complete")
