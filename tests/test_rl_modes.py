"""PettingZoo and OpenSpiel on solo and every outcome kind, played on the test title Beacon."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright import rl
from boardwright.engine import Rng
from boardwright.rl.settings import game_options, seat_rewards

BEACON = "beacon"


def _settings() -> list[tuple[int, dict[str, Any]]]:
    spec = bw.game(BEACON)
    return [(players, opts) for players in spec.player_counts for opts in spec.option_sets(players)]


def _label(setting: tuple[int, dict[str, Any]]) -> str:
    players, opts = setting
    return f"{players}p-{opts['mode']}-{'nobody' if opts['nobody_wins_on_failure'] else 'best'}"


SETTINGS = _settings()


def test_beacon_covers_every_kind() -> None:
    spec = bw.game(BEACON)
    kinds = {spec.kind_of_outcome(p, o) for p, o in SETTINGS}
    assert kinds == {"solo", "cooperative", "semi-cooperative", "competitive"}


# ---------------------------------------------------------------- settings and rewards
def test_game_options_fill_in_what_suits_the_player_count() -> None:
    spec = bw.game(BEACON)
    assert game_options(spec, 1)["mode"] == "solo"  # the declared default is competitive
    assert game_options(spec, 2)["mode"] == "competitive"
    assert game_options(spec, 1, {"nobody_wins_on_failure": True}) == {
        "mode": "solo", "nobody_wins_on_failure": True}
    assert game_options(spec, 3, {"mode": "cooperative"})["mode"] == "cooperative"
    with pytest.raises(ValueError, match="solo"):
        game_options(spec, 2, {"mode": "solo"})
    with pytest.raises(ValueError, match="solo"):
        game_options(spec, 1, {"mode": "competitive"})


def test_seat_rewards_follow_the_outcome_kind() -> None:
    from boardwright.engine import outcome as kinds

    comp = kinds.competitive([(3, 0), (5, 0), (5, 0)], ("VP", "x"), final=True)
    assert seat_rewards(comp, 3) == [0.0, 0.5, 0.5]
    won = kinds.cooperative(3, won=True, reason="", team_score=7, final=True)
    lost = kinds.cooperative(3, won=False, reason="", team_score=7, final=True)
    assert seat_rewards(won, 3) == [1.0] * 3 and seat_rewards(lost, 3) == [0.0] * 3
    keys = [(4, 0), (2, 0)]
    semi_ok = kinds.semi_cooperative(keys, ("VP", "x"), goal_met=True, reason="",
                                     nobody_wins_on_failure=True, final=True)
    semi_fail = kinds.semi_cooperative(keys, ("VP", "x"), goal_met=False, reason="",
                                       nobody_wins_on_failure=True, final=True)
    semi_fail_best = kinds.semi_cooperative(keys, ("VP", "x"), goal_met=False, reason="",
                                            nobody_wins_on_failure=False, final=True)
    assert seat_rewards(semi_ok, 2) == [1.0, 0.0]
    assert seat_rewards(semi_fail, 2) == [0.0, 0.0]
    assert seat_rewards(semi_fail_best, 2) == [1.0, 0.0]
    assert seat_rewards(kinds.solo(won=True, reason="", final=True), 1) == [1.0]
    assert seat_rewards(kinds.solo(won=False, reason="", score=9, final=True), 1) == [0.0]
    scored = kinds.solo(won=None, reason="", score=42, final=True)
    assert seat_rewards(scored, 1) == [42.0]  # a score-only solo game: the score
    bounded = seat_rewards(scored, 1, bounded=True)[0]
    assert 0.5 < bounded <= 1.0
    assert seat_rewards(kinds.solo(won=None, reason="", score=-42, final=True), 1, bounded=True)[0] < 0.5


# ---------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("setting", SETTINGS, ids=_label)
def test_pettingzoo_api_test_in_every_mode(setting: tuple[int, dict[str, Any]]) -> None:
    from pettingzoo.test import api_test

    players, opts = setting
    env = rl.env(BEACON, players=players, options=opts, seed=11)
    assert len(env.possible_agents) == players
    assert env.kind == bw.game(BEACON).kind_of_outcome(players, opts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a Dict observation space, as in test_rl.py
        api_test(env, num_cycles=10_000)
    env.close()


def _play(players: int, opts: dict[str, Any], seed: int) -> tuple[dict[str, float], dict[str, Any]]:
    env = rl.env(BEACON, players=players, options=opts, seed=seed)
    env.reset()
    rng = Rng(seed)
    final: dict[str, float] = {}
    outcome: dict[str, Any] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            outcome = info["outcome"]
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if seed % 2:  # half the games play well enough to win some: distinct signals, light all
            want = f"signal:{2 - env.seat_of(agent)}"
            env.step(env.index.index[want] if want in env.index.index and
                     env.index.index[want] in legal else int(legal[-1]))
            continue
        env.step(int(legal[rng.below(len(legal))]))
    assert set(final) == set(env.possible_agents)
    return final, outcome


@pytest.mark.parametrize("setting", SETTINGS, ids=_label)
def test_pettingzoo_rewards_follow_the_kind(setting: tuple[int, dict[str, Any]]) -> None:
    players, opts = setting
    kind = bw.game(BEACON).kind_of_outcome(players, opts)
    seen_results: set[tuple[float, ...]] = set()
    for seed in range(12):
        final, outcome = _play(players, opts, seed)
        assert outcome["kind"] == kind and outcome["final"]
        rewards = [final[f"player_{s}"] for s in range(players)]
        seen_results.add(tuple(rewards))
        if kind in ("cooperative", "solo"):
            assert rewards == [1.0 if outcome["won"] else 0.0] * players
        elif kind == "semi-cooperative" and outcome["goal_met"] is False and opts["nobody_wins_on_failure"]:
            assert rewards == [0.0] * players
        else:
            winners = outcome["winners"]
            assert winners and sum(rewards) == pytest.approx(1.0)
            assert all((r > 0) == (s in winners) for s, r in enumerate(rewards))
    if kind in ("cooperative", "solo"):
        assert len(seen_results) == 2  # the games both win and lose
    if kind == "semi-cooperative" and opts["nobody_wins_on_failure"]:
        assert (0.0,) * players in seen_results and len(seen_results) > 1


def test_a_solo_environment_has_one_agent() -> None:
    env = rl.env(BEACON, players=1, seed=3)
    env.reset()
    assert env.possible_agents == ["player_0"] and env.options["mode"] == "solo" and env.kind == "solo"
    assert env.agent_selection == "player_0"
    obs = env.observe("player_0")
    assert obs["action_mask"].sum() > 0


# ---------------------------------------------------------------- OpenSpiel
def _load(players: int, opts: dict[str, Any], seeds: int = 16) -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    from boardwright import openspiel

    return pyspiel.load_game(openspiel.register(BEACON), {"players": players, "seeds": seeds, **opts})


@pytest.mark.parametrize("setting", SETTINGS, ids=_label)
def test_openspiel_random_sim_test_in_every_mode(setting: tuple[int, dict[str, Any]]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    players, opts = setting
    game = _load(players, opts)
    assert game.num_players() == players
    kind = bw.game(BEACON).kind_of_outcome(players, opts)
    utility = game.get_type().utility
    expected = {
        "cooperative": pyspiel.GameType.Utility.IDENTICAL,
        "competitive": pyspiel.GameType.Utility.CONSTANT_SUM,
        "semi-cooperative": pyspiel.GameType.Utility.GENERAL_SUM,
        "solo": pyspiel.GameType.Utility.GENERAL_SUM,
    }[kind]
    assert utility == expected
    if kind == "competitive":
        assert game.utility_sum() == 1.0
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("setting", SETTINGS, ids=_label)
def test_openspiel_returns_follow_the_kind(setting: tuple[int, dict[str, Any]]) -> None:
    players, opts = setting
    game = _load(players, opts)
    kind = bw.game(BEACON).kind_of_outcome(players, opts)
    rng = np.random.default_rng(players)
    results = set()
    for _ in range(12):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            else:  # mostly the play that wins Beacon sometimes (see _play), else random
                legal, player = state.legal_actions(), state.current_player()
                named = {state.action_to_string(player, a): a for a in legal}
                good = named.get(f"signal:{2 - player}", legal[-1])
                state.apply_action(int(good if rng.random() < 0.8 else rng.choice(legal)))
        returns = state.returns()
        results.add(tuple(returns))
        assert len(returns) == players
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        if kind == "cooperative":
            assert len(set(returns)) == 1  # identical returns: the team result
        if kind == "competitive":
            assert sum(returns) == pytest.approx(1.0)
    if kind in ("cooperative", "solo"):
        assert {r[0] for r in results} == {0.0, 1.0}


def test_openspiel_defaults_suit_the_player_count() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from boardwright import openspiel

    name = openspiel.register(BEACON)
    solo = pyspiel.load_game(name)  # players defaults to 1: the solo mode, not the declared default
    assert solo.num_players() == 1 and solo.get_parameters()["players"] == 1
    registered = next(t for t in pyspiel.registered_games() if t.short_name == name)
    assert registered.min_num_players == 1 and registered.max_num_players == 3
    two = pyspiel.load_game(name, {"players": 2})
    assert two.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM and two.utility_sum() == 1.0
    coop = pyspiel.load_game(f"{name}(players=3,mode=cooperative)")
    assert coop.get_type().utility == pyspiel.GameType.Utility.IDENTICAL and coop.num_players() == 3
    with pytest.raises(Exception, match="solo"):
        pyspiel.load_game(name, {"players": 2, "mode": "solo"})
