"""PettingZoo's six stock tests on a small configuration of every game, and what an illegal
action does under each `illegal` setting (the full grid: scripts/pettingzoo_stock_tests.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright import rl

sys.path.insert(0, str(Path(__file__).parent.parent / "scripts"))
from pettingzoo_stock_tests import grid, run, stock_tests


@pytest.mark.parametrize("game_id", bw.games())
def test_pettingzoos_six_stock_tests_pass(game_id: str) -> None:
    """On the smallest configuration of each game: its fewest players, default options."""
    spec = bw.game(game_id)
    players = spec.player_counts[0]
    tests = stock_tests(game_id, players, spec.default_options(players), cycles=40)
    assert sorted(tests) == sorted(["api_test", "parallel_api_test", "seed_test", "parallel_seed_test",
                                    "max_cycles_test", "render_test"])
    results = {name: run(test)[0] for name, test in tests.items()}
    assert results == dict.fromkeys(tests, "ok")


def test_the_scripts_grid_has_every_player_count_and_option_value() -> None:
    configs = grid(["martians"])
    spec = bw.game("martians")
    assert {p for _g, p, _o in configs} == set(spec.player_counts)
    assert {o["mode"] for _g, _p, o in configs} == {"solo", "coop", "semi-coop", "competitive"}
    assert len({repr(c) for c in configs}) == len(configs)


def _illegal_index(obs: dict[str, Any]) -> int:
    return int(np.flatnonzero(obs["action_mask"] == 0)[0])


def test_an_illegal_action_ends_the_game_by_default() -> None:
    """PettingZoo's classic convention (TerminateIllegalWrapper): the mover gets -1, the
    others 0, every agent is done; the engine state is left as it was."""
    env = rl.env("flow-of-history", players=3, seed=4)
    env.reset()
    mover = env.agent_selection
    obs, *_ = env.last()
    assert env.game_state is not None
    before = env.game_state.to_json()
    env.step(_illegal_index(obs))
    assert env.game_state.to_json() == before
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.rewards == {a: (-1.0 if a == mover else 0.0) for a in env.possible_agents}
    assert env.infos[mover]["illegal_action"]["agent"] == mover
    assert "outcome" in env.infos[mover]
    seen = {}
    for agent in env.agent_iter():  # every agent then takes its dead step, the mover with -1
        _obs, reward, terminated, _truncated, _info = env.last()
        assert terminated
        seen[agent] = reward
        env.step(None)
    assert seen == {a: (-1.0 if a == mover else 0.0) for a in env.possible_agents}


def test_illegal_reward_is_a_setting() -> None:
    env = rl.env("nomad-city", players=2, seed=1, illegal_reward=-5)
    env.reset()
    mover = env.agent_selection
    obs, *_ = env.last()
    env.step(_illegal_index(obs))
    assert env.rewards[mover] == -5.0


def test_parallel_illegal_action_ends_the_game_by_default() -> None:
    env = rl.parallel_env("flow-of-history", players=2, seed=1)
    obs, _ = env.reset()
    acting = [a for a in env.agents if obs[a]["action_mask"].any()]
    assert len(acting) == 2  # the secret starting-card choice: both seats answer in one step
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in acting}
    actions[acting[0]] = _illegal_index(obs[acting[0]])  # the other seat's legal pick is not applied
    assert env.game_state is not None
    before = env.game_state.to_json()
    _obs, rewards, terminations, truncations, infos = env.step(actions)
    assert env.game_state.to_json() == before and not env.agents
    assert all(terminations.values()) and not any(truncations.values())
    assert rewards[acting[0]] == -1.0 and all(r == 0.0 for a, r in rewards.items() if a != acting[0])
    assert infos[acting[0]]["illegal_action"][0]["agent"] == acting[0]


def test_random_mode_charges_the_mover_and_plays_on_repeatably() -> None:
    def run_once() -> tuple[list[float], str]:
        env = rl.env("steamfall", players=2, seed=8, illegal="random")
        env.reset()
        rewards = []
        for _ in range(6):
            mover = env.agent_selection
            obs, *_ = env.last()
            env.step(_illegal_index(obs))
            assert not env.terminations[mover]
            note = env.infos[mover]["illegal_action"]
            assert obs["action_mask"][note["played"]] == 1  # a legal action was played instead
            rewards.append(env.rewards[mover])
        assert env.game_state is not None
        return rewards, env.game_state.to_json()

    rewards, state = run_once()
    assert rewards == [-1.0] * 6
    assert run_once()[1] == state  # seeded by the game seed


def test_random_mode_penalty_is_paid_once() -> None:
    env = rl.env("flow-of-history", players=2, seed=3, illegal="random")
    env.reset()
    mover = env.agent_selection
    obs, *_ = env.last()
    env.step(_illegal_index(obs))
    assert env._cumulative_rewards[mover] == -1.0  # what the mover's next last() reports
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))  # a legal move: no new penalty
    assert set(env.rewards.values()) == {0.0}


def test_a_bad_illegal_setting_is_refused() -> None:
    with pytest.raises(ValueError, match="illegal must be one of terminate, raise, random"):
        rl.env("flow-of-history", players=2, illegal="ignore")
