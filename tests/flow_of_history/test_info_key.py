"""FlowState._info_key: the information of a seat's log-free view, compactly (OpenSpiel's
information-state strings use it). Two positions give equal keys exactly when they give the
seat equal views."""

from __future__ import annotations

import random

import orjson
import pytest

from boardwright.engine import Rng, registry


def _positions(players: int, seed: int) -> list:
    spec = registry.game("flow-of-history")
    g = spec.new_game(players, seed, {})
    rng = random.Random(seed)
    out = []
    while not g.over:
        seat = g.to_act[0]
        out.append((g.clone(), seat))
        g.apply(seat, rng.choice(sorted(g._legal_ids(seat))))
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_keys_are_equal_exactly_when_views_are(players: int) -> None:
    pairs = 0
    for seed in range(3):
        positions = _positions(players, seed)
        for i, (st, seat) in enumerate(positions):
            for look in (seat, None, (seat + 1) % players):
                same = st.determinize(seat, Rng(i))  # what `seat` knows is unchanged
                assert same._info_key(seat) == st._info_key(seat)
                a, b = st, positions[min(i + 1, len(positions) - 1)][0]
                va = orjson.dumps(a._view(look), option=orjson.OPT_SORT_KEYS)
                vb = orjson.dumps(b._view(look), option=orjson.OPT_SORT_KEYS)
                assert (a._info_key(look) == b._info_key(look)) == (va == vb)
                pairs += 1
    assert pairs > 100


def test_a_hidden_pick_is_in_its_owners_key_only() -> None:
    st, _ = next((s, seat) for s, seat in _positions(2, 4) if s.picks[0] != -1 and s.picks[1] == -1)
    other = st.clone()
    other.picks[0] = next(c for c in other.dealt[0] if c != st.picks[0])
    assert other._info_key(0) != st._info_key(0)
    assert other._info_key(1) == st._info_key(1)
    assert other._info_key(None) == st._info_key(None)
