"""The OpenSpiel adapter with explicit chance (`explicit_chance=True`): each draw of the rules
is a chance node with its outcomes and probabilities, so algorithms that enumerate chance
run (expectiminimax on Beacon's last round), and pyspiel's own checks pass."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import boardwright as bw
from boardwright.engine import Rng

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import expected_game_score, ismcts, minimax  # noqa: E402

from boardwright import openspiel  # noqa: E402

EXPLICIT = [g for g in bw.games() if bw.game(g).explicit_chance]


def _load(game_id: str, players: int = 2, **params: Any) -> Any:
    return pyspiel.load_game(
        openspiel.register(game_id), {"players": players, "explicit_chance": True, **params}
    )


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_random_sim_test_with_explicit_chance(game_id: str) -> None:
    game = _load(game_id)
    assert game.get_parameters()["explicit_chance"] is True
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_chance_nodes_are_the_draws(game_id: str) -> None:
    state = _load(game_id).new_initial_state()
    assert state.is_chance_node()  # the setup's first draw, not a seed
    event = openspiel.engine_state(state).chance()
    assert event is not None
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(event.size))
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    names = {state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes}
    assert len(names) == len(outcomes) and all(n.startswith(event.kind) for n in names)
    assert "chance: the setup draws" in state.information_state_string(0)


@pytest.mark.parametrize("game_id", EXPLICIT)
def test_new_state_samples_the_setup_like_the_engine_seed(game_id: str) -> None:
    game = _load(game_id)
    state = openspiel.new_state(game, 9)
    assert not state.is_chance_node()
    inner = openspiel.engine_state(state)
    dealt = bw.game(game_id).new_game(2, 9, inner.options)
    assert inner.to_dict()["state"] == dealt.to_dict()["state"]
    # the pyspiel history is the setup's chance outcomes, as the engine recorded them
    assert len(state.history()) == sum(1 for s, _ in inner.history if s == -1)


def _last_round(seed: int) -> Any:
    """Beacon solo at the start of its third and last round (chance sampled on the way)."""
    game = _load("beacon", players=1, mode="solo")
    state = openspiel.new_state(game, seed)
    rng = Rng(seed)
    while openspiel.engine_state(state).view(0)["round"] < 3:
        if state.is_chance_node():
            state.apply_action(openspiel.engine_state(state).chance().sample(rng))  # type: ignore[union-attr]
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return game, state


def test_expectiminimax_enumerates_chance_on_beacons_last_round() -> None:
    """The whole tree of Beacon's last round (the gust die is a chance node of 6 outcomes):
    expectiminimax's value is the best a solo player can expect, at least the uniformly
    random policy's expected value (which enumerates chance too), and at most 1."""
    game, state = _last_round(4)
    value, best = minimax.expectiminimax(state.clone(), 50, lambda s: 0.0, 0)
    assert best in state.legal_actions()
    uniform = expected_game_score.policy_value(state.clone(), [os_policy.UniformRandomPolicy(game)])
    assert 0.0 <= uniform[0] <= value <= 1.0
    # the die is reached: a chance node with six equally likely faces
    probe, seen = state.clone(), set()
    while not probe.is_terminal():
        if probe.is_chance_node():
            seen.add(tuple(p for _, p in probe.chance_outcomes()))
            probe.apply_action(probe.chance_outcomes()[0][0])
        else:
            probe.apply_action(probe.legal_actions()[0])
    assert (1 / 6,) * 6 in seen


def test_ismcts_runs_with_explicit_chance() -> None:
    game = _load("flow-of-history")
    state = openspiel.new_state(game, 2)
    bot = ismcts.ISMCTSBot(
        game,
        openspiel.EngineRolloutEvaluator(depth=4, seed=1),
        0.7,
        30,
        random_state=np.random.RandomState(1),
    )
    bot.set_resampler(lambda s, p: s.resample_from_infostate(p, bot.random_number))
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])


def test_flag_needs_a_title_that_draws_through_the_engine() -> None:
    others = [g for g in bw.games() if not bw.game(g).explicit_chance]
    if not others:
        pytest.skip("every title supports explicit chance")
    with pytest.raises(pyspiel.SpielError, match="explicit_chance"):  # not one of its parameters
        pyspiel.load_game(openspiel.register(others[0]), {"explicit_chance": True})
