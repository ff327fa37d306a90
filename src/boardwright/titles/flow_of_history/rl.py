"""The Flow of History's RL hooks: its fixed action universe and its observation encoding.

Declared on the spec as `rl_actions` (`action_universe`) and `rl_observation` (this module:
`OBSERVATION_SIZE` and `encode_view`); `boardwright.rl` and `boardwright.openspiel` find them
through `spec.hook`. Both read only the shipped card table and, for observations, the seat's
`view`; `encode_state(state, seat)` is the same vector read straight from the state (what
the view would hold, without building it), for speed: a test checks both agree.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from functools import cache
from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np

from .cards import AGES, ICONS, TYPES, load
from .constants import BANKER, TOKENS_TOTAL
from .nation import memo_age, memo_icons
from .tables import tables

if TYPE_CHECKING:
    from .state import FlowState

MAX_SEATS = 5


@cache
def card_ids() -> tuple[str, ...]:
    return tuple(c.id for c in load().cards)


@cache
def _universe() -> tuple[str, ...]:
    ids = ["harvest", "complete", "pass"]
    for card in card_ids():
        ids += [f"invest:{card}:{n}" for n in range(TOKENS_TOTAL + 1)]
        ids += [f"{verb}:{card}" for verb in ("snipe", "activate", "gain", "discard", "start", "banker")]
    ids += [f"target:{t}" for t in range(MAX_SEATS)]
    return tuple(ids)


def action_universe(players: int, options: Mapping[str, Any]) -> list[str]:
    """Every action id a game can offer: one list for every player count and option value, so
    an index means the same action in every setting. The attack targets run to the largest
    table (`target:0` .. `target:4`); with fewer players the higher ones are never legal.
    (Until this change the universe stopped at `target:{players-1}`, so its size was
    5298-5301 with the player count; every other index is unchanged.)"""
    return list(_universe())


KINDS = (
    "action",
    "completion_bonus",
    "gain_card",
    "attack_target",
    "discard_choice",
    "banker_pick",
    "starting_card",
)
_SEAT = 3 + len(ICONS) + len(TYPES)  # present, tokens, stake invested, icons, stack sizes


def observation_size() -> int:
    n = len(card_ids())
    return (
        MAX_SEATS * _SEAT
        + MAX_SEATS * n  # per seat summary, cards owned
        + n * (2 + MAX_SEATS + 1)  # market: present, stake, investor (relative seat or Banker)
        + n  # dealt starting cards (2 players)
        + len(AGES)
        + 6
        + len(KINDS)
    )


@cache
def _card_index() -> dict[str, int]:
    return {c: i for i, c in enumerate(card_ids())}


def encode_view(view: dict[str, Any]) -> np.ndarray:
    """A fixed-size float vector of one seat's view, seats relative to the observer (it is slot 0)."""
    cards = _card_index()
    n = len(cards)
    me = int(view["seat"] or 0)
    players = int(view["players"])
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)

    def slot(seat: int) -> int:
        return (seat - me) % players

    for nation in view["nations"]:
        k = slot(int(nation["seat"]))
        base = k * _SEAT
        out[base] = 1.0
        out[base + 1] = float(nation["tokens"]) / 10
        for i, icon in enumerate(ICONS):
            out[base + 3 + i] = float(nation["icons"].get(icon, 0)) / 10
        for i, kind in enumerate(TYPES):
            stack = nation["stacks"].get(kind, [])
            out[base + 3 + len(ICONS) + i] = len(stack) / 5
            for card in stack:
                out[MAX_SEATS * _SEAT + k * n + cards[card["id"]]] = 1.0
    base = MAX_SEATS * _SEAT + MAX_SEATS * n
    for card in view["market"]:
        c = cards[card["id"]] * (2 + MAX_SEATS + 1)
        out[base + c] = 1.0
        out[base + c + 1] = float(card["stake"]) / 10
        investor = card["investor"]
        if investor == "banker":
            out[base + c + 2 + MAX_SEATS] = 1.0
        elif isinstance(investor, int):
            k = slot(investor)
            out[base + c + 2 + k] = 1.0
            for nation in view["nations"]:
                if int(nation["seat"]) == investor:
                    out[slot(investor) * _SEAT + 2] = float(card["stake"]) / 10
    base += n * (2 + MAX_SEATS + 1)
    for card in view.get("dealt") or []:
        out[base + cards[card["id"]]] = 1.0
    base += n
    by_age = view["deck"]["by_age"]
    for i, age in enumerate(AGES):
        out[base + i] = float(by_age.get(age, 0)) / 12
    base += len(AGES)
    extra = (
        view["supply"] / 10,
        view["reserve"] / 72,
        view["current_age"] / 5,
        view["round"] / 40,
        1.0 if view["end_triggered"] else 0.0,
        players / 5,
    )
    out[base : base + 6] = extra
    base += 6
    decision = view.get("decision")
    if decision and decision["kind"] in KINDS:
        out[base + KINDS.index(decision["kind"])] = 1.0
    return out


OBSERVATION_SIZE = observation_size()
_AGE_SLOT = {age: i for i, age in enumerate(AGES)}
_AGE_BYTES = tuple(bytes([i]) for i in range(len(AGES)))
_KIND_SLOT = {kind: i for i, kind in enumerate(KINDS)}


@cache
def _deck_table() -> bytes:
    """bytes.translate's table: byte c (a shipped card number) -> that card's age slot."""
    table = bytearray(256)
    for c in load().cards:
        table[c.num] = _AGE_SLOT[c.age]
    return bytes(table)


_ZEROS = bytes(4 * OBSERVATION_SIZE)


@cache
def _template(players: int) -> bytes:
    """The vector's bytes before `encode_state` writes a state: zeros but what depends on the
    player count alone (each seat present, players / 5)."""
    out = array("f", _ZEROS)
    for k in range(players):
        out[k * _SEAT] = 1.0
    out[OBSERVATION_SIZE - len(KINDS) - 1] = players / 5
    return out.tobytes()


@cache
def _shipped(card_set_ids: tuple[str, ...]) -> bool:
    return card_set_ids == card_ids()


# the CardSet `encode_state` last found to be the shipped one, and its cards' age bytes
# (tables(cs).age_bytes: a shipped set has at most 256 cards)
_SHIPPED: list[Any] = [None, b""]


Place = tuple[int, int, int, int, int, int]


@cache
def _places(players: int, me: int, n: int) -> tuple[Place, ...]:
    """For each seat p, where the observer `me` sees its block: (p, its tokens' slot, its icons
    and stacks' start and end, its owned cards' start and end), seats relative to the observer."""
    out = []
    for p in range(players):
        k = (p - me) % players
        base, owned = k * _SEAT, MAX_SEATS * _SEAT + k * n
        out.append((p, base + 1, base + 3, base + _SEAT, owned, owned + n))
    return tuple(out)


# (players, observer) -> (_template(players), _places(players, observer, shipped card count)):
# one dict lookup a call instead of two cached calls (encode_state looks it up inline)
_LAYOUTS: dict[tuple[int, int], tuple[bytes, tuple[Place, ...]]] = {}


def _layout(players: int, me: int) -> tuple[bytes, tuple[Place, ...]]:
    hit = _LAYOUTS.get((players, me))
    if hit is None:
        hit = _LAYOUTS[(players, me)] = (_template(players), _places(players, me, len(card_ids())))
    return hit


# The decision kind's slot by the task the seat is asked in (FlowState.DECISIONS: each task
# builds a decision of one kind). The Banker's pick ("banker_card") has no slot in KINDS.
_TASK_KIND_SLOT = {
    "main": _KIND_SLOT["action"],
    "bonus": _KIND_SLOT["completion_bonus"],
    "gain_choice": _KIND_SLOT["gain_card"],
    "attack_target": _KIND_SLOT["attack_target"],
    "hit_choice": _KIND_SLOT["discard_choice"],
    "start_pick": _KIND_SLOT["starting_card"],
}
_FLOAT32 = np.dtype(np.float32)  # a dtype object: numpy takes it faster than the type


_TENTHS = tuple(i / 10 for i in range(256))
_FIFTHS = tuple(i / 5 for i in range(128))  # a stack holds at most the whole card set


def _nation_block(s: FlowState, p: int, n: int) -> tuple[array[float], array[float], int]:
    """A Nation's part of the vector, which depends only on its cards: (icons and stack
    sizes, the cards it owns, its highest age). Kept in the Nation's memo by the caller
    (not memoized by the Nation's contents as well: in the env's games only 12% of the
    blocks come back, and such a key costs more than that saves)."""
    nation = s.nations[p]
    memo = s.memo[p]
    cs = s.cards
    counts = memo_icons(cs, memo, nation, shared=False)
    if max(counts) < len(_TENTHS):  # count / 10 looked up (the same floats), in C
        block = array("f", map(_TENTHS.__getitem__, counts))
    else:
        block = array("f", [count / 10 for count in counts])
    block.extend(map(_FIFTHS.__getitem__, map(len, nation)))  # stack sizes / 5
    owned = array("f", _zero_bytes(n))
    w: Any = memoryview(owned)  # a memoryview's item writes cost about half the array's
    for c in chain.from_iterable(nation):
        w[c] = 1.0
    return block, owned, memo_age(cs, memo, nation)


@cache
def _zero_bytes(n: int) -> bytes:
    return bytes(4 * n)


# [(a copy of the deck last encoded, its ages block)], the pair replaced whole
_LAST_DECK: list[tuple[list[int] | None, array[float]]] = [(None, array("f"))]


def _deck_ages(deck: bytes) -> array[float]:
    """The deck's cards per age / 12 (counted in C: each card number becomes its age's slot
    byte)."""
    ages = deck.translate(_deck_table())
    return array("f", [ages.count(b) / 12 for b in _AGE_BYTES])


def encode_state(state: FlowState, seat: int) -> np.ndarray:
    """`encode_view(state.view(seat))`, read from the state without building the view."""
    s = state
    cs = s.cards
    if cs is not _SHIPPED[0]:  # the card set last seen shipped (a data pack: the view)
        if cs is not load() and not _shipped(tuple(c.id for c in cs.cards)):
            view = s.view(seat, log=False)
            return encode_view(view)
        _SHIPPED[0], _SHIPPED[1] = cs, tables(cs).age_bytes
    n = len(cs.cards)  # card number c is slot c: the shipped order
    me = seat
    players = s.players
    layout = _LAYOUTS.get((players, me))  # _layout, inline
    template, places = _layout(players, me) if layout is None else layout
    # written as a float32 array.array, handed to numpy at the end; single items are written
    # through a memoryview of it (about half the cost of the array's own item writes, which
    # parse each float's format), slices by the array
    out = array("f", template)
    w: Any = memoryview(out)  # typed Any: typeshed knows only int items
    market = s.market
    # the Market's highest age (FlowState.market_age), read in C (shipped: <= 256 cards);
    # max() without the default keyword, whose parsing costs more than the test
    age = max(bytes(market).translate(_SHIPPED[1])) if market else 0
    tokens = s.tokens
    memos = s.memo
    for p, token_slot, block_start, block_end, owned_start, owned_end in places:
        # a Nation's block is kept in its memo, which the rules replace when its cards change
        hit = memos[p].block
        if hit is None:
            hit = memos[p].block = _nation_block(s, p, n)
        seat_block, owned, oldest = hit
        out[block_start:block_end] = seat_block
        w[token_slot] = tokens[p] / 10
        out[owned_start:owned_end] = owned
        if oldest > age:
            age = oldest
    base = MAX_SEATS * _SEAT + MAX_SEATS * n
    width = 2 + MAX_SEATS + 1
    investor = s.investor
    stake = s.stake
    for c in market:
        slot = base + c * width
        w[slot] = 1.0
        owner = investor.get(c)
        if owner is None:  # no investment (a stake, if any, still shows)
            if c in stake:
                w[slot + 1] = stake[c] / 10
            continue
        st = stake.get(c, 0) / 10
        w[slot + 1] = st
        if owner == BANKER:
            w[slot + 2 + MAX_SEATS] = 1.0
        else:
            k = (owner - me) % players
            w[slot + 2 + k] = 1.0
            if 0 <= owner < players:
                w[k * _SEAT + 2] = st
    base += n * width
    dealt = s.dealt[me]
    if dealt:
        for c in dealt:
            w[base + c] = 1.0
    base += n
    deck = s.deck
    seen_deck = _LAST_DECK[0]
    if deck != seen_deck[0]:  # compared in C: the deck changes only when a card is drawn
        seen_deck = _LAST_DECK[0] = (deck.copy(), _deck_ages(bytes(deck)))
    out[base : base + len(AGES)] = seen_deck[1]
    base += len(AGES)
    w[base] = s.supply / 10
    w[base + 1] = s.reserve / 72
    w[base + 2] = age / 5
    w[base + 3] = (s.turn // players + 1) / 40  # the round (FlowState._round)
    if s.end_triggered:
        w[base + 4] = 1.0
    base += 6
    # the kind of the seat's decision, if it is asked: read from the task waiting for it
    # (FlowState._to_act), without building the decision, but with explicit chance (a draw
    # may be pending) from the engine
    kind: int | None = None
    if s.explicit_chance:
        decision = s.decision(me)
        if decision is not None:
            kind = _KIND_SLOT.get(decision.kind)
    elif s.tasks and not s.finished:
        top = s.tasks[-1]
        if s.picks[me] == -1 if top[0] == "start_pick" else top[1] == me:
            kind = _TASK_KIND_SLOT.get(top[0])
    if kind is not None:
        w[base + kind] = 1.0
    return np.frombuffer(out, _FLOAT32)  # a dtype object by position: numpy parses it fastest
