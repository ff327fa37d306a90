"""Martians' `encode_state` (the environment's fast path) equals `encode_view` of the seat's
view in every mode, with and without the Collector's Edition (hidden goals in competitive),
for solo commissions and every scenario."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright.engine import GameState, Rng
from boardwright.titles.martians import rl

SETTINGS = [
    (1, {"mode": "solo", "solo_goal": "commissions"}),
    (1, {"mode": "solo", "scenario": 3, "collectors_edition": True}),
    (2, {"mode": "coop", "scenario": 2}),
    (3, {"mode": "semi-coop", "scenario": 4, "collectors_edition": True}),
    (4, {"mode": "competitive", "collectors_edition": True}),
    (2, {"mode": "competitive"}),
]


def positions(players: int, options: dict[str, Any], every: int = 5) -> Iterator[GameState]:
    """Every `every`-th position of a seeded random game."""
    state = bw.game("martians").new_game(players, 21, options)
    rng = Rng(players)
    for step in range(1500):
        if state.over:
            return
        if step % every == 0:
            yield state
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("players", "options"), SETTINGS)
def test_encode_state_equals_the_view_encoding(players: int, options: dict[str, Any]) -> None:
    seen = 0
    for state in positions(players, options):
        for seat in range(players):
            fast, slow = rl.encode_state(state, seat), rl.encode_view(state.view(seat))
            assert fast.dtype == np.float32
            assert np.array_equal(fast, slow), (state.history[-1:], seat, np.flatnonzero(fast != slow))
        seen += 1
    assert seen > 10
