"""A title's `encode_state(state, seat)` (the environment's fast path) equals `encode_view` of
the seat's view, in settings the generic check (`test_rl_interfaces`, the first option sets
only) does not reach: every Martians mode, Steamfall's scenarios (read from the state in
Incredible Invention and Cipher Race, through the view in Crisis, Genesis and solo Genesis),
Nomad City with and without the Corporation Module and The Flow of History at 3 and 5
players (their memoized blocks: Nations, explored sites, influence, city boards)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright import rl
from boardwright.engine import GameState, Rng

SETTINGS = [
    ("martians", 1, {"mode": "solo", "solo_goal": "commissions"}),
    ("martians", 1, {"mode": "solo", "scenario": 3, "collectors_edition": True}),
    ("martians", 2, {"mode": "coop", "scenario": 2}),
    ("martians", 3, {"mode": "semi-coop", "scenario": 4, "collectors_edition": True}),
    ("martians", 4, {"mode": "competitive", "collectors_edition": True}),
    ("martians", 2, {"mode": "competitive"}),
    ("steamfall", 1, {"scenario": "incredible-invention", "solo_items": True}),
    ("steamfall", 2, {"scenario": "incredible-invention", "difficulty": "hard", "ii_events": True}),
    ("steamfall", 3, {"scenario": "incredible-invention", "characters": "choose", "eor_interaction": True}),
    ("steamfall", 4, {"scenario": "incredible-invention", "item_draft": True, "district_draft": True}),
    ("steamfall", 2, {"scenario": "cipher-race"}),
    ("steamfall", 4, {"scenario": "cipher-race", "item_draft": True}),
    ("steamfall", 2, {"scenario": "crisis"}),
    ("steamfall", 3, {"scenario": "genesis"}),
    ("steamfall", 1, {"scenario": "genesis", "opponent": "marcus"}),
    ("nomad-city", 2, {"corporations": True}),
    ("nomad-city", 3, {"corporations": False}),
    ("nomad-city", 4, {"corporations": True}),
    ("flow-of-history", 3, {"zero_investment": True}),
    ("flow-of-history", 5, {}),
]


def positions(game_id: str, players: int, options: dict[str, Any], every: int = 4) -> Iterator[GameState]:
    """Every `every`-th position of a seeded random game."""
    spec = bw.game(game_id)
    state = spec.new_game(players, 13, {**spec.default_options(players), **options})
    rng = Rng(players)
    for step in range(1500):
        if state.over:
            return
        if step % every == 0:
            yield state
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game_id", "players", "options"), SETTINGS)
def test_encode_state_equals_the_view_encoding(game_id: str, players: int, options: dict[str, Any]) -> None:
    mod = bw.game(game_id).hook("rl_observation")
    seen = 0
    for state in positions(game_id, players, options):
        for seat in range(players):
            fast, slow = mod.encode_state(state, seat), mod.encode_view(state.view(seat))
            assert fast.dtype == np.float32
            assert np.array_equal(fast, slow), (state.history[-1:], seat, np.flatnonzero(fast != slow))
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("game_id", bw.games())
def test_each_observation_is_a_new_array(game_id: str) -> None:
    """The environment hands the encoder's vector to the agent without a copy: two
    observations of the same state never share memory, so an agent may write into one."""
    env = rl.env(game_id, players=bw.game(game_id).player_counts[-1], seed=3)
    env.reset()
    first = env.observe(env.agent_selection)
    again = env.observe(env.agent_selection)
    assert not np.shares_memory(first["observation"], again["observation"])
    assert not np.shares_memory(first["action_mask"], again["action_mask"])
    before = again["observation"].copy()
    first["observation"][:] = 7.0
    first["action_mask"][:] = 1
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)
