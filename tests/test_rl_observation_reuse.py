"""The Flow of History's `encode_state` reuses what it built for earlier states: each Nation's
block while the rules keep that Nation's memo (`FlowState.nation_changed` replaces it when its
cards change) and the deck's ages while the deck compares equal. At every position of whole
games played in place, as the environment plays them, the reused observation must equal a
fresh encoding of the seat's view, whichever seats were observed before (the acting seat
only, or every seat). Nomad City's reuse has its own test (tests/nomad_city)."""

from __future__ import annotations

import numpy as np
import pytest

import boardwright as bw
from boardwright import rl
from boardwright.engine import Rng
from boardwright.titles.flow_of_history import rl as flow_rl
from boardwright.titles.flow_of_history.state import FlowState


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, {}, 31), (3, {"zero_investment": True}, 32), (4, {}, 33), (5, {"future_ends": "immediately"}, 34)],
)
def test_flow_reused_observation_equals_a_fresh_encoding(
    players: int, options: dict[str, object], seed: int
) -> None:
    spec = bw.game("flow-of-history")
    state = spec.new_game(players, seed, {**spec.default_options(players), **options})
    assert isinstance(state, FlowState)
    flow_rl._LAST_DECK[0] = (None, flow_rl._LAST_DECK[0][1])  # nothing kept from other games
    rng = Rng(seed)
    for steps in range(10_000):
        if state.over:
            break
        acting = state.to_act[0]
        # every seat on every fifth position, else the acting seat only (the env's pattern)
        observed = range(players) if steps % 5 == 0 else (acting,)
        reused = [flow_rl.encode_state(state, seat) for seat in observed]
        fresh = [flow_rl.encode_view(state.view(seat, log=False)) for seat in observed]
        for seat, a, b in zip(observed, reused, fresh, strict=True):
            assert np.array_equal(a, b), (steps, seat, state.history[-1:], np.flatnonzero(a != b))
        state.apply(acting, rng.choice(state.legal_actions(acting)))
    assert state.over and steps > 60


@pytest.mark.parametrize("game_id", ["flow-of-history", "nomad-city", "martians", "steamfall"])
def test_env_observations_equal_fresh_encodings_along_a_game(game_id: str) -> None:
    """Every title, the environment's loop: `last()`'s observation and mask at every step equal
    the view's encoding and the decision's actions."""
    spec = bw.game(game_id)
    players = spec.player_counts[len(spec.player_counts) // 2]
    env = rl.env(game_id, players=players, seed=41)
    env.reset(seed=41)
    rng = Rng(41)
    steps = 0
    for agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.seat_of(agent)
        state = env.game_state
        assert state is not None
        slow = env.encoder.encode(state.view(seat, log=False))
        vector = obs["observation"]
        assert np.array_equal(vector, slow), (steps, seat, np.flatnonzero(vector != slow))
        legal = [env.index.index[a.id] for a in state.legal_actions(seat)]
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(legal)
        env.step(rng.choice(legal))
        steps += 1
        if steps >= 600:
            break
    assert steps > 30
