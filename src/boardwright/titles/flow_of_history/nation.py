"""A player's Nation: stacks by card type, active effects, icon totals, final score."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import Any

from .cards import CULTURE, ICONS, LEADER, TYPES, WONDER, Card, CardSet
from .tables import (
    PROVIDE,
    PROVIDE_PER_CARD,
    NationKey,
    active_nums,
    memoized,
    nation_key,
    tables,
)

Nation = list[list[int]]  # one list per card type, bottom card first


def new_nation() -> Nation:
    return [[] for _ in TYPES]


class NationMemo:
    """What depends on one Nation's cards alone, computed when first asked.

    A state keeps one per seat (`FlowState.memo`). Copies of a state (clones, search
    determinizations) share it while that Nation keeps the same cards, so a value computed
    in one serves them all; a rule that changes a Nation's cards gives that seat a new,
    empty memo (`FlowState.nation_changed`), and anything that edits `nations` directly must
    do the same. Values are never changed once set (`icons` is a tuple; `block` belongs to
    the RL encoder).
    """

    __slots__ = ("age", "block", "icons", "key", "pacifist", "points", "values")

    def __init__(self) -> None:
        self.key: NationKey | None = None  # nation_key(nation)
        self.icons: tuple[int, ...] | None = None  # icons(cs, nation)
        self.age: int | None = None  # the highest age number of its cards (0: none)
        self.points: float | None = None  # heuristic.nation_points (tokens play no part)
        self.values: dict[int, float] | None = None  # card -> heuristic.card_value
        self.pacifist: bool | None = None  # whether an active card has the "pacifist" effect
        self.block: Any = None  # the RL observation's part for this Nation (rl.py)


def active_cards(cs: CardSet, nation: Nation) -> Iterator[Card]:
    """Cards whose effect shows: the top of each stack, the Leader, every Wonder (§2.4)."""
    cards = cs.cards
    for t, stack in enumerate(nation):
        if not stack:
            continue
        if t == WONDER:
            for c in stack:
                yield cards[c]
        else:
            yield cards[stack[-1]]


def card_count(nation: Nation) -> int:
    return sum(len(stack) for stack in nation)


def visible_count(nation: Nation) -> int:
    """Cards whose face shows: stack tops, the Leader and every Wonder."""
    return sum(len(stack) if t == WONDER else min(1, len(stack)) for t, stack in enumerate(nation))


def memo_key(memo: NationMemo, nation: Nation) -> NationKey:
    """`nation_key(nation)`, kept in the Nation's memo."""
    key = memo.key
    if key is None:
        key = memo.key = nation_key(nation)
    return key


def memo_icons(cs: CardSet, memo: NationMemo, nation: Nation, shared: bool = True) -> tuple[int, ...]:
    """`icons(cs, nation)` as a tuple, kept in the Nation's memo; with `shared`, also in the
    memo by contents, for the same cards met again in another Nation or game (searches do;
    a single game seldom does: the RL encoder passes False and skips building the key)."""
    hit = memo.icons
    if hit is None:
        if shared:
            hit = memoized(tables(cs).icons_memo, (False, memo_key(memo, nation)),
                           lambda: tuple(_icons(cs, nation, False)))
        else:
            hit = tuple(_icons(cs, nation, False))
        memo.icons = hit
    return hit


def memo_age(cs: CardSet, memo: NationMemo, nation: Nation) -> int:
    """The highest age number among the Nation's cards (0 when it has none), kept in its memo."""
    age = memo.age
    if age is None:
        tab = tables(cs)
        if tab.age_bytes is not None:  # the cards' ages read in C
            age = max(bytes(chain.from_iterable(nation)).translate(tab.age_bytes), default=0)
        else:
            age = max(map(tab.age_number.__getitem__, chain.from_iterable(nation)), default=0)
        memo.age = age
    return age


def icons(cs: CardSet, nation: Nation, scoring: bool = False) -> list[int]:
    """Icon totals: every production stripe plus the active Permanent effects (§2.1, §3.4).

    With scoring=True, obsolete effects are off (§6.2 step 1). Memoized by the Nation's
    contents; the caller gets a fresh list.
    """
    hit: tuple[int, ...] = memoized(tables(cs).icons_memo, (scoring, nation_key(nation)),
                                    lambda: tuple(_icons(cs, nation, scoring)))
    return list(hit)


def _icons(cs: CardSet, nation: Nation, scoring: bool) -> list[int]:
    tab = tables(cs)
    total = sum(map(tab.stripe_packed.__getitem__, chain.from_iterable(nation)))  # see Tables
    if tab.stripe_bytes:
        counts = list(total.to_bytes(len(ICONS), "little"))
    else:
        mask = tab.stripe_mask
        counts = [(total >> shift) & mask for shift in tab.stripe_shifts]
    later = []
    permanent = tab.permanent
    for c in active_nums(nation):
        effect = permanent[c]
        if effect is None or (scoring and effect[0]):
            continue
        kind = effect[1]
        if kind == PROVIDE:
            for icon, n in effect[2]:
                counts[icon] += n
        elif kind == PROVIDE_PER_CARD:
            icon, amount, per_type = effect[2]
            counts[icon] += amount * len(nation[per_type])
        else:  # PROVIDE_PER_ICON: counted from the totals above
            later.append(effect[2])
    if later:
        base = counts.copy()
        for icon, amount, per_icon in later:
            counts[icon] += amount * base[per_icon]
    return counts


def has_active(cs: CardSet, nation: Nation, kind: str) -> list[Card]:
    """The active cards with a Permanent effect of this kind, in `active_cards` order."""
    perm = tables(cs).permanent_kind
    cards = cs.cards
    return [cards[c] for c in active_nums(nation) if perm.get(c) == kind]


def place(cs: CardSet, nation: Nation, card: int) -> int | None:
    """Put a gained card in the Nation; returns a Leader it replaced, if any (§2.4)."""
    t = cs.cards[card].type
    if t == LEADER and nation[LEADER]:
        old = nation[LEADER][0]
        nation[LEADER] = [card]
        return old
    nation[t].append(card)
    return None


def remove(cs: CardSet, nation: Nation, card: int) -> None:
    nation[cs.cards[card].type].remove(card)


def score(cs: CardSet, nation: Nation, tokens: int, visible_tiebreak: bool) -> dict[str, Any]:
    """Final score in the four steps of §6.2, with its breakdown (a fresh dict each call)."""
    hit = shared_score(cs, nation, visible_tiebreak)
    out = hit.copy()
    out["end_game_vp"] = hit["end_game_vp"].copy()
    out["granted_icons"] = hit["granted_icons"].copy()
    out["icons"] = hit["icons"].copy()
    out["tokens"] = tokens
    return out


def shared_score(cs: CardSet, nation: Nation, visible_tiebreak: bool,
                 key: NationKey | None = None) -> dict[str, Any]:
    """`score` without the tokens, memoized by the Nation's contents: shared, do not change it.
    `key`: `nation_key(nation)`, when the caller has it."""
    return memoized(tables(cs).score_memo,
                    (visible_tiebreak, nation_key(nation) if key is None else key),
                    lambda: _score(cs, nation, visible_tiebreak))


def _score(cs: CardSet, nation: Nation, visible_tiebreak: bool) -> dict[str, Any]:
    counts, granted, end_game = score_parts(cs, nation)
    culture = counts[CULTURE]
    others = sum(counts) - culture
    total = culture + others // 2 + sum(end_game.values())
    return {
        "total": total,
        "culture_vp": culture,
        "other_icons": others,
        "other_vp": others // 2,
        "end_game_vp": end_game,
        "granted_icons": granted,
        "icons": dict(zip(ICONS, counts, strict=True)),
        "cards": visible_count(nation) if visible_tiebreak else card_count(nation),
        "tokens": 0,  # filled in by score()
    }


def score_parts(cs: CardSet, nation: Nation) -> tuple[list[int], dict[str, int], dict[str, int]]:
    """The icon totals at scoring (granted icons included), the granted icons, and each
    End Game Scoring card's VP: what `_score` reports (the heuristic reads these alone)."""
    counts = _icons(cs, nation, True)
    granted: dict[str, int] = {}
    cards = cs.cards
    end_game_timing = tables(cs).end_game
    end_cards = [cards[c] for c in active_nums(nation) if end_game_timing[c]]
    if not end_cards:
        return counts, granted, {}
    for card in end_cards:
        if card.effect.kind == "grant_icons":
            for icon, n in card.effect.icons.items():
                counts[ICONS.index(icon)] += n
                granted[icon] = granted.get(icon, 0) + n
    end_game: dict[str, int] = {}
    for card in end_cards:
        e = card.effect
        if e.kind == "culture_per_card":
            vp = e.amount * len(nation[TYPES.index(e.per_type)])
        elif e.kind == "culture_per_icon":
            vp = counts[ICONS.index(e.per_icon)] // e.icons_per_culture
        elif e.kind == "culture_per_set":
            vp = e.amount * min(len(nation[TYPES.index(t)]) for t in e.types)
        else:
            continue
        end_game[card.id] = vp
    return counts, granted, end_game
