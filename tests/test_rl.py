"""Standard interfaces: the PettingZoo AEC environment and the OpenSpiel adapter, for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import boardwright as bw
from boardwright import rl
from boardwright.engine import Rng
from boardwright.rl.actions import ActionIndex, action_index, explore_ids

GAMES = bw.games()


def _counts(game_id: str) -> list[int]:
    counts = bw.game(game_id).player_counts
    return sorted({counts[0], counts[len(counts) // 2]})


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test(game_id: str) -> None:
    from pettingzoo.test import api_test

    for players in _counts(game_id):
        env = rl.env(game_id, players=players, seed=5)
        with warnings.catch_warnings():
            # api_test warns that a Dict observation space is not a Box: the action-mask
            # convention of PettingZoo's own classic environments does the same.
            warnings.simplefilter("ignore")
            api_test(env, num_cycles=100_000)  # plays whole games
        env.close()


def _play_checking_masks(game_id: str, players: int, seed: int) -> dict[str, float]:
    env = rl.env(game_id, players=players, seed=seed)
    env.reset()
    rng = Rng(seed)
    steps = 0
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            final[agent] = float(reward)
            env.step(None)
            continue
        seat = env.seat_of(agent)
        state = env.game_state
        assert state is not None and seat in state.to_act
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.index.size,)
        legal = {a.id for a in state.legal_actions(seat)}
        masked = {env.index.id_of(int(i)) for i in np.flatnonzero(mask)}
        assert masked == legal  # exactly the legal actions, no more, no fewer
        assert env.observation_space(agent).contains(obs)
        choice = int(np.flatnonzero(mask)[rng.below(int(mask.sum()))])
        env.step(choice)
        steps += 1
    assert steps > 0 and env.game_state is not None and env.game_state.over and not env.agents
    assert set(final) == set(env.possible_agents)
    return final


@pytest.mark.parametrize("game_id", GAMES)
def test_action_mask_is_exactly_the_legal_actions(game_id: str) -> None:
    rewards = _play_checking_masks(game_id, bw.game(game_id).player_counts[0], 3)
    assert all(0.0 <= r <= 1.0 for r in rewards.values())
    assert sum(rewards.values()) == pytest.approx(1.0) or set(rewards.values()) <= {0.0, 1.0}


def test_flow_action_universe_is_fixed_and_covers_random_play() -> None:
    spec = bw.game("flow-of-history")
    for players in (2, 4):
        index = action_index(spec, players)
        assert index.fixed and index.size == len(index.ids)
        seen = explore_ids(spec, players, {}, games=3)
        assert seen <= set(index.index)
    # the same id has the same index whatever the options and player count
    a, b = action_index(spec, 2), action_index(spec, 5, {"zero_investment": True})
    assert a.index["harvest"] == b.index["harvest"] and a.index["snipe:archers"] == b.index["snipe:archers"]
    with pytest.raises(KeyError):
        a.index_of("teleport")


def test_flow_rl_hooks_keep_their_indices_with_a_fixed_bound() -> None:
    """The universe has one size for every player count (attack targets up to the largest
    table); every index below `target:{players}` is the one it had before the change (the
    5-player universe was already this list). The encoder is unchanged: its digest was taken
    from `boardwright/rl/flow_of_history.py` before the move into the title's folder."""
    import hashlib

    spec = bw.game("flow-of-history")
    digest = hashlib.sha256()
    for players in (2, 3, 4, 5):
        digest.update("\n".join(action_index(spec, players).ids).encode())
    assert digest.hexdigest()[:16] == "c041aaf949a9a68a"
    assert [action_index(spec, p).size for p in (2, 3, 4, 5)] == [5301] * 4
    index = action_index(spec, 3)
    assert [index.index[a] for a in ("harvest", "pass", "snipe:archers", "target:2", "target:4")] == [
        0, 2, 945, 5298, 5300]
    enc = rl.encoder_for(spec)
    assert enc.size == 1038 and "hook" in enc.name
    digest = hashlib.sha256()
    for players, seed in ((2, 1), (3, 4), (5, 7)):
        state = spec.new_game(players, seed)
        rng = Rng(seed)
        for step in range(60):
            if state.over:
                break
            if step % 10 == 0:
                for seat in range(players):
                    digest.update(np.asarray(enc.encode(state.view(seat)), dtype=np.float32).tobytes())
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert digest.hexdigest()[:16] == "327b9b5e1fb856da"


def test_rl_and_openspiel_reach_games_only_through_hooks() -> None:
    """No module of the shared RL layers imports a title or names a game."""
    from pathlib import Path

    root = Path(rl.__file__).parent.parent
    names = [*bw.games(), *(g.replace("-", "_") for g in bw.games())]
    for folder in ("rl", "openspiel"):
        for path in sorted((root / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            assert "boardwright.titles" not in text and "import titles" not in text, path
            for name in names:
                assert name not in text, f"{path} names the game {name!r}"


def test_catalogue_fallback_grows_then_refuses() -> None:
    cat = ActionIndex(["a", "b"], capacity=3, source="catalogue")
    assert cat.index_of("b") == 1 and cat.index_of("c") == 2
    with pytest.raises(RuntimeError, match="full"):
        cat.index_of("d")


@pytest.mark.parametrize("game_id", GAMES)
def test_seeded_reset_and_observations(game_id: str) -> None:
    players = bw.game(game_id).player_counts[0]

    def first_obs(seed: int) -> np.ndarray:
        env = rl.env(game_id, players=players)
        env.reset(seed=seed)
        obs = env.observe(env.agent_selection)["observation"]
        assert obs.shape == env.observation_space(env.agent_selection)["observation"].shape
        assert obs.dtype == np.float32
        return obs

    assert np.array_equal(first_obs(1), first_obs(1))
    env = rl.env(game_id, players=players, seed=1)
    env.reset()
    assert env.game_seed == 1
    env.reset()
    assert env.game_seed == 2  # later resets move on to the next seed


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_hides_what_the_seat_may_not_know(game_id: str) -> None:
    """Re-sampling everything hidden from a seat leaves its observation unchanged."""
    spec = bw.game(game_id)
    players = spec.player_counts[0]
    state = spec.new_game(players, 9, spec.default_options(players))
    rng = Rng(2)
    for _ in range(15):
        if state.over:
            break
        state.apply(state.to_act[0], rng.choice(state.legal_actions(state.to_act[0])))
    enc = rl.encoder_for(spec)
    for seat in range(players):
        other = state.determinize(seat, Rng(seat + 50))
        assert np.array_equal(enc.encode(state.view(seat)), enc.encode(other.view(seat)))


def test_hashed_bag_fallback() -> None:
    view = {"a": 1, "b": {"c": "x", "d": [1, 2]}, "log": ["ignored"], "e": None, "f": True}
    vec = rl.hashed_bag(view, size=64)
    assert vec.shape == (64,) and vec.dtype == np.float32
    assert np.array_equal(vec, rl.hashed_bag(dict(view), size=64))
    assert vec.sum() == pytest.approx(1 + 1 + 3 + 1 + 1)


# ---------------------------------------------------------------- OpenSpiel
@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_loads_and_plays_random_games(game_id: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")  # the wheel is in the test extra: present in CI
    from boardwright import openspiel

    name = openspiel.register(game_id)
    assert name in pyspiel.registered_names()
    players = bw.game(game_id).player_counts[0]
    game = pyspiel.load_game(name, {"players": players, "seeds": 16})
    assert game.num_players() == players
    rng = np.random.default_rng(0)
    for _ in range(2):
        state = game.new_initial_state()
        assert state.is_chance_node() and len(state.chance_outcomes()) == 16
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            if len(state.history()) % 25 == 0:
                assert len(state.observation_tensor(player)) == game.observation_tensor_size()
                assert state.information_state_string(player)
                copy = state.clone()
                assert copy.legal_actions() == legal and copy.history() == state.history()
                resampled = state.resample_from_infostate(player, lambda: 0.25)
                assert resampled.information_state_string(player) == state.information_state_string(player)
            state.apply_action(int(rng.choice(legal)))
        returns = state.returns()
        assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_own_random_sim_test(game_id: str) -> None:
    """pyspiel's C++ checks: sorted legal actions, empty for other seats, clone, serialize, returns
    within the declared utilities, history."""
    pyspiel = pytest.importorskip("pyspiel")
    from boardwright import openspiel

    players = bw.game(game_id).player_counts[0]
    game = pyspiel.load_game(openspiel.register(game_id), {"players": players, "seeds": 8})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiels_own_ismcts_runs_on_a_game() -> None:
    pytest.importorskip("pyspiel")
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    from boardwright import openspiel

    game = pyspiel.load_game(openspiel.register("flow-of-history"), {"players": 2, "seeds": 8})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=np.random.RandomState(1),
                           allow_inconsistent_action_sets=True)
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_pettingzoo_api_test_with_nomad_city_corporation_module() -> None:
    from pettingzoo.test import api_test

    env = rl.env("nomad-city", players=3, options={"corporations": True}, seed=7)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observation space, as above
        api_test(env, num_cycles=100_000)
    env.close()
