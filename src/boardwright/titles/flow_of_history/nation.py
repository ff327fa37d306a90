"""A player's Nation: stacks by card type, active effects, icon totals, final score."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .cards import CULTURE, ICONS, LEADER, TYPES, WONDER, Card, CardSet

Nation = list[list[int]]  # one list per card type, bottom card first


def new_nation() -> Nation:
    return [[] for _ in TYPES]


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


def icons(cs: CardSet, nation: Nation, scoring: bool = False) -> list[int]:
    """Icon totals: every production stripe plus the active Permanent effects (§2.1, §3.4).

    With scoring=True, obsolete effects are off (§6.2 step 1).
    """
    cards = cs.cards
    counts = [0] * len(ICONS)
    for stack in nation:
        for c in stack:
            stripe = cards[c].stripe
            for i in range(7):
                counts[i] += stripe[i]
    later = []
    for card in active_cards(cs, nation):
        if card.timing != "permanent" or (scoring and card.obsolete):
            continue
        e = card.effect
        kind = e.kind
        if kind == "provide":
            for icon, n in e.icons.items():
                counts[ICONS.index(icon)] += n
        elif kind == "provide_per_card":
            counts[ICONS.index(e.icon)] += e.amount * len(nation[TYPES.index(e.per_type)])
        elif kind == "provide_per_icon":
            later.append(e)
    if later:
        base = counts.copy()
        for e in later:
            counts[ICONS.index(e.icon)] += e.amount * base[ICONS.index(e.per_icon)]
    return counts


def has_active(cs: CardSet, nation: Nation, kind: str) -> list[Card]:
    return [c for c in active_cards(cs, nation) if c.timing == "permanent" and c.effect.kind == kind]


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
    """Final score in the four steps of §6.2, with its breakdown."""
    counts = icons(cs, nation, scoring=True)
    granted: dict[str, int] = {}
    end_cards = [c for c in active_cards(cs, nation) if c.timing == "end_game"]
    for card in end_cards:
        if card.effect.kind == "grant_icons":
            for icon, n in card.effect.icons.items():
                counts[ICONS.index(icon)] += n
                granted[icon] = granted.get(icon, 0) + n
    culture = counts[CULTURE]
    others = sum(counts) - culture
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
        "tokens": tokens,
    }
