"""Per-CardSet lookup tables and memos for the hot paths (search bots call these a lot).

Everything here depends only on the immutable card data: action objects and labels that
are rebuilt on every decision otherwise, and icon totals and scores memoized by a
Nation's contents (a Nation is plain lists, so the key is a snapshot of them). Nothing
here is part of a game's state; results are the same with or without the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from boardwright.engine import Action

from .cards import AGES, ICONS, TYPES, WONDER, Card, CardSet

NationKey = tuple[tuple[int, ...], ...]
V = TypeVar("V")

#: memo entries kept per memo before it is emptied: bounds a long-lived process's memory (a web
#: server's bot worker levels off after ~8,000 moves at 5,000; at 20,000 it grew for ~9 minutes
#: of the load test). Paired in-process runs of greedy bots (2 x 30 games a limit, alternated,
#: load average 8): 3,145 / 3,685 us a decision at 5,000 against 3,318 / 4,034 at 20,000.
MEMO_LIMIT = 5_000

def memoized(memo: dict[Any, V], key: Hashable, compute: Callable[[], V]) -> V:
    """memo[key], computed on a miss; a full memo is emptied first (MEMO_LIMIT)."""
    hit = memo.get(key)
    if hit is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        hit = memo[key] = compute()
    return hit


# Permanent effects that change icon totals, compiled: (obsolete, kind, data) per card.
PROVIDE, PROVIDE_PER_CARD, PROVIDE_PER_ICON = range(3)
Compiled = tuple[bool, int, Any]


def _compile_permanent(card: Card) -> Compiled | None:
    """The icon-changing Permanent effect of a card as indices, or None (see nation.icons)."""
    if card.timing != "permanent":
        return None
    e = card.effect
    if e.kind == "provide":
        return (card.obsolete, PROVIDE, tuple((ICONS.index(i), n) for i, n in e.icons.items()))
    if e.kind == "provide_per_card":
        return (card.obsolete, PROVIDE_PER_CARD,
                (ICONS.index(e.icon), e.amount, TYPES.index(e.per_type)))
    if e.kind == "provide_per_icon":
        return (card.obsolete, PROVIDE_PER_ICON,
                (ICONS.index(e.icon), e.amount, ICONS.index(e.per_icon)))
    return None


def _byte_table(values: tuple[int, ...]) -> bytes:
    table = bytearray(256)
    table[: len(values)] = bytes(values)
    return bytes(table)


class Tables:
    """Precomputed, immutable-data-only helpers for one CardSet."""

    __slots__ = (
        "activate",
        "age_bytes",
        "age_number",
        "banker",
        "complete",
        "cs",
        "end_game",
        "gain_types",
        "icons_memo",
        "invest",
        "max_age",
        "permanent",
        "permanent_kind",
        "points_memo",
        "score_memo",
        "shuffle_bytes",
        "shuffle_group",
        "snipe",
        "stripe",
        "stripe_bytes",
        "stripe_mask",
        "stripe_packed",
        "stripe_shifts",
        "turn_action",
        "turn_action_types",
    )

    def __init__(self, cs: CardSet) -> None:
        self.cs = cs
        cards = cs.cards
        self.age_number: tuple[int, ...] = tuple(c.age_number for c in cards)
        self.stripe: tuple[tuple[int, ...], ...] = tuple(c.stripe for c in cards)
        # Each card's stripe packed into one int, `bits` bits an icon: the stripe totals of
        # any set of cards are then one sum of ints (in C), unpacked by shifts. Stripe counts
        # are never negative (cards.py) and a field is wide enough for the whole set's total,
        # so no field ever carries into the next.
        # Fields are a byte wide when that is wide enough (the shipped set), so the totals
        # unpack in C (`stripe_bytes`: int.to_bytes gives each field as a byte).
        bits = max((sum(col) for col in zip(*self.stripe, strict=True)), default=0).bit_length() or 1
        self.stripe_bytes = bits <= 8
        bits = max(bits, 8)
        self.stripe_shifts: tuple[int, ...] = tuple(bits * i for i in range(len(ICONS)))
        self.stripe_mask = (1 << bits) - 1
        self.stripe_packed: tuple[int, ...] = tuple(
            sum(n << shift for n, shift in zip(c.stripe, self.stripe_shifts, strict=True)) for c in cards
        )
        # card -> the place of its age in AGES, the order hidden deck parts are reshuffled
        # in; -1 for the two cards that keep their place (see FlowState._determinize)
        self.shuffle_group: tuple[int, ...] = tuple(
            -1 if c.id in ("the-future", "the-internet") else AGES.index(c.age) for c in cards
        )
        # the same two as bytes.translate tables (card number byte -> age number, or -> group
        # with 255 for the two fixed cards), so a deck is read in C; None past 256 cards
        small = len(cards) <= 256
        self.age_bytes: bytes | None = _byte_table(self.age_number) if small else None
        self.shuffle_bytes: bytes | None = (
            _byte_table(tuple(255 if g < 0 else g for g in self.shuffle_group)) if small else None
        )
        self.permanent: tuple[Compiled | None, ...] = tuple(_compile_permanent(c) for c in cards)
        self.end_game: tuple[bool, ...] = tuple(c.timing == "end_game" for c in cards)
        self.max_age = max(self.age_number, default=0)
        self.turn_action: tuple[bool, ...] = tuple(c.timing == "turn_action" for c in cards)
        # card -> the card types its "gain from the Market" effect may take (None: any type)
        self.gain_types: tuple[frozenset[int] | None, ...] = tuple(
            None if c.effect.kind != "gain_from_market" or c.effect.types is None
            else frozenset(TYPES.index(t) for t in c.effect.types)
            for c in cards
        )
        # card -> effect kind, for the cards with a Permanent effect only
        self.permanent_kind: dict[int, str] = {
            c.num: c.effect.kind for c in cards if c.timing == "permanent"
        }
        # card types (ascending) that hold at least one card with a Turn Action
        self.turn_action_types: tuple[int, ...] = tuple(sorted(
            {c.type for c in cards if c.timing == "turn_action"}
        ))
        self.activate: tuple[Action, ...] = tuple(
            Action(f"activate:{c.id}", f"Activate {c.name}") for c in cards
        )
        # card -> the 2-player Banker's pick of it (cleanup.banker_pick_decision)
        self.banker: tuple[Action, ...] = tuple(
            Action(f"banker:{c.id}", f"The Banker invests in {c.name}") for c in cards
        )
        # card -> invest actions for 0, 1, 2, ... tokens (grown on demand)
        self.invest: list[list[Action]] = [[] for _ in cards]
        # actions keyed by what their label shows, as ints (see turn.py): snipes by card,
        # owner (the Banker -1) and stake; completions by card and stake
        self.snipe: dict[int, Action] = {}
        self.complete: dict[int, Action] = {}
        self.icons_memo: dict[tuple[bool, NationKey], tuple[int, ...]] = {}
        self.score_memo: dict[tuple[bool, NationKey], dict[str, Any]] = {}
        self.points_memo: dict[tuple[bool, NationKey], float] = {}

    def invest_actions(self, card: int, low: int, tokens: int) -> list[Action]:
        """Action(f"invest:{id}:{n}", f"Invest {n} in {name}") for n in low..tokens."""
        table = self.invest[card]
        if len(table) <= tokens:
            c = self.cs.cards[card]
            table.extend(
                Action(f"invest:{c.id}:{n}", f"Invest {n} in {c.name}")
                for n in range(len(table), tokens + 1)
            )
        return table[low:tokens + 1]


_TABLES: dict[int, Tables] = {}


_LAST: list[Any] = [None, None]  # the CardSet asked for last and its tables


def tables(cs: CardSet) -> Tables:
    """The tables of a CardSet (kept alive by the entry, so its id cannot be reused)."""
    last = _LAST
    if last[0] is cs:
        return last[1]  # type: ignore[no-any-return]
    t = _TABLES.get(id(cs))
    if t is None or t.cs is not cs:
        if len(_TABLES) >= 32:
            _TABLES.clear()
        t = _TABLES[id(cs)] = Tables(cs)
    last[0], last[1] = cs, t
    return t


def nation_key(nation: list[list[int]]) -> NationKey:
    return tuple(map(tuple, nation))


def active_nums(nation: list[list[int]]) -> list[int]:
    """Card numbers of the active cards in `active_cards` order (stack tops, every Wonder)."""
    out: list[int] = []
    for t, stack in enumerate(nation):
        if stack:
            if t == WONDER:
                out.extend(stack)
            else:
                out.append(stack[-1])
    return out
