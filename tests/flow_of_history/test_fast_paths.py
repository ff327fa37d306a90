"""The hot-path tables and memos (tables.py) give exactly what the plain rules code gives.

Each reference below is the straightforward reading of the rule (as the code was before
the tables): positions from random games are checked against them.
"""

from __future__ import annotations

from typing import Any, cast

from boardwright.engine import Action, Rng
from boardwright.titles.flow_of_history import effects, heuristic, rl
from boardwright.titles.flow_of_history.cards import ICONS, TYPES, CardSet
from boardwright.titles.flow_of_history.heuristic import TOKEN, points
from boardwright.titles.flow_of_history.nation import (
    Nation,
    active_cards,
    has_active,
    icons,
    memo_age,
    place,
    score,
)
from boardwright.titles.flow_of_history.state import FlowState
from boardwright.titles.flow_of_history.tables import nation_key

from .conftest import new


def ref_icons(cs: CardSet, nation: Nation, scoring: bool = False) -> list[int]:
    cards = cs.cards
    counts = [0] * len(ICONS)
    for stack in nation:
        for c in stack:
            for i in range(7):
                counts[i] += cards[c].stripe[i]
    later = []
    for card in active_cards(cs, nation):
        if card.timing != "permanent" or (scoring and card.obsolete):
            continue
        e = card.effect
        if e.kind == "provide":
            for icon, n in e.icons.items():
                counts[ICONS.index(icon)] += n
        elif e.kind == "provide_per_card":
            counts[ICONS.index(e.icon)] += e.amount * len(nation[TYPES.index(e.per_type)])
        elif e.kind == "provide_per_icon":
            later.append(e)
    base = counts.copy()
    for e in later:
        counts[ICONS.index(e.icon)] += e.amount * base[ICONS.index(e.per_icon)]
    return counts


def ref_current_age(s: FlowState) -> int:
    cards = s.cards.cards
    in_play = [*s.market, *(c for nation in s.nations for stack in nation for c in stack)]
    return max((cards[c].age_number for c in in_play), default=0)


def ref_main_actions(s: FlowState, me: int) -> list[Action]:
    acts: list[Action] = []
    tok = s.tokens[me]
    if s.invested[me] == -1 and tok >= 1:
        low = 0 if s.options["zero_investment"] else 1
        for c in s.market:
            if c not in s.investor:
                card = s.cards.cards[c]
                acts += [Action(f"invest:{card.id}:{n}", f"Invest {n} in {card.name}")
                         for n in range(low, tok + 1)]
    if s.invested[me] != -1:
        c = s.invested[me]
        acts.append(Action("complete", f"Complete {s.name(c)} ({s.stake[c]} invested)"))
    for c in s.market:
        owner = s.investor.get(c)
        if owner is None or owner == me or s.tokens[me] < s.stake[c]:
            continue
        card = s.cards.cards[c]
        acts.append(Action(f"snipe:{card.id}",
                           f"Snipe {card.name} from {s.seat_name(owner)} for {s.stake[c]}"))
    acts += [Action(f"activate:{card.id}", f"Activate {card.name}")
             for card in active_cards(s.cards, s.nations[me])
             if card.timing == "turn_action" and effects.can_activate(s, me, card.num)]
    acts.append(Action("harvest", "Harvest"))
    return acts


def ref_evaluate_values(s: FlowState) -> list[float]:
    out = s.outcome()
    return [points(b) + TOKEN * float(b["tokens"]) for b in out["breakdown"]]


def positions(players: int, seed: int, **options: Any) -> list[FlowState]:
    """Every position of one random game (copies), up to its end."""
    st = new(players, seed, **options)
    rng = Rng(seed)
    seen: list[FlowState] = []
    while not st.over:
        seen.append(cast(FlowState, st.clone()))
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)).id)
    seen.append(st)
    return seen


def test_tables_agree_with_the_plain_rules_through_random_games() -> None:
    checked = 0
    cases: list[tuple[int, int, dict[str, Any]]] = [
        (4, 1, {}), (3, 2, {"tiebreak_cards": "visible"}), (5, 3, {"zero_investment": True}),
        (2, 4, {}),
    ]
    for players, seed, options in cases:
        for s in positions(players, seed, **options):
            visible = s.options["tiebreak_cards"] == "visible"
            assert s.current_age() == ref_current_age(s)
            for p in range(players):
                nation = s.nations[p]
                assert icons(s.cards, nation) == ref_icons(s.cards, nation)
                assert icons(s.cards, nation, scoring=True) == ref_icons(s.cards, nation, True)
                for kind in ("pacifist", "attack_tokens"):
                    assert has_active(s.cards, nation, kind) == [
                        c for c in active_cards(s.cards, nation)
                        if c.timing == "permanent" and c.effect.kind == kind]
            assert [heuristic.nation_points(s.cards, n, visible) + TOKEN * float(s.tokens[p])
                    for p, n in enumerate(s.nations)] == ref_evaluate_values(s)
            if s.tasks and s.tasks[-1][0] == "main":
                me = s.tasks[-1][1]
                assert list(s.legal_actions(me)) == ref_main_actions(s, me)
                checked += 1
    assert checked > 100


def test_memoized_results_are_fresh_copies() -> None:
    s = positions(4, 5)[60]
    cs, nation = s.cards, s.nations[0]
    first = icons(cs, nation)
    first[0] += 100
    assert icons(cs, nation) == ref_icons(cs, nation)
    sc = score(cs, nation, 3, False)
    expected = score(cs, nation, 3, False)
    sc["icons"]["culture"] = -1
    sc["end_game_vp"]["x"] = 1
    sc["granted_icons"]["x"] = 1
    sc["total"] = -1
    assert score(cs, nation, 3, False) == expected
    assert score(cs, nation, 7, False)["tokens"] == 7


def test_cached_decision_after_apply_is_the_one_built_fresh() -> None:
    for s in positions(3, 6)[:80]:
        for seat in s.to_act:
            cached = s.decision(seat)
            s._cache.clear()
            assert cached == s.decision(seat)


def ref_nation_age(s: FlowState, p: int) -> int:
    cards = s.cards.cards
    return max((cards[c].age_number for stack in s.nations[p] for c in stack), default=0)


def test_nation_memos_follow_every_change_of_a_nation() -> None:
    """Each seat's memo (icons, highest age, points, card values, the observation's block)
    holds what the Nation's cards give now, at every position of random games, whatever
    changed the Nation (gains, attacks' discards, Leaders replaced, cards removed); the
    positions are copies, which share a memo while a Nation keeps its cards."""
    changes = 0
    for players, seed in ((4, 1), (3, 2), (5, 3), (2, 4), (4, 11), (3, 12)):
        before: list[tuple[tuple[int, ...], ...]] = []
        for s in positions(players, seed):
            now = [nation_key(n) for n in s.nations]
            changes += sum(1 for a, b in zip(before, now, strict=False) if a != b)
            before = now
            for p in range(players):
                nation = s.nations[p]
                assert s.icons(p) == ref_icons(s.cards, nation)
                assert memo_age(s.cards, s.memo[p], nation) == ref_nation_age(s, p)
                assert s.pacifist(p) == any(c.timing == "permanent" and c.effect.kind == "pacifist"
                                            for c in active_cards(s.cards, nation))
                block, owned, age = rl._nation_block(s, p, len(s.cards.cards))
                assert s.memo[p].block in (None, (block, owned, age))
                assert age == ref_nation_age(s, p)
                for c in s.market:
                    trial = [stack.copy() for stack in nation]
                    place(s.cards, trial, c)
                    expected = (heuristic.nation_points(s.cards, trial, False)
                                - heuristic.nation_points(s.cards, nation, False))
                    assert heuristic.card_value(s, p, c) == expected
            assert heuristic._base_values(s) == ref_evaluate_values(s)
            assert heuristic.evaluate_every_seat(s) == [heuristic.evaluate(s, p) for p in range(players)]
            assert s.current_age() == ref_current_age(s)
            rl.encode_state(s, s.to_act[0] if s.to_act else 0)
    assert changes > 300
