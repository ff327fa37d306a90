"""The conformance suite's checks on Martians alone, over every playable mode x player
count x option set (the setup_check hook leaves out solo with 2-4 players and the other
modes with 1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import boardwright as bw
from boardwright.engine import Rng
from conformance.test_contract import _check_point
from conformance.walk import MAX_DECISIONS, random_step

SPEC = bw.game("martians")


def valid_cases() -> list[tuple[int, dict[str, Any]]]:
    return [(players, options) for players in SPEC.player_counts for options in SPEC.option_sets(players)]


CASES = valid_cases()


def _id(case: tuple[int, dict[str, Any]]) -> str:
    players, options = case
    return f"{players}p-" + ",".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_play_terminates_and_conserves(case: tuple[int, dict[str, Any]]) -> None:
    players, options = case
    state = SPEC.new_game(players, seed=11, options=options)
    start = state.components()
    assert start
    rng = Rng(5)
    n = 0
    while not state.over:
        assert n < MAX_DECISIONS
        random_step(state, rng)
        n += 1
        assert state.components() == start
    out = state.outcome()
    assert out["final"] is True
    assert set(out["winners"]) <= set(range(players))
    json.dumps(out)


@pytest.mark.parametrize("seed", range(6))
def test_every_step_keeps_the_contract(seed: int) -> None:
    rng = Rng(seed)
    players, options = CASES[rng.below(len(CASES))]
    state = SPEC.new_game(players, seed=seed, options=options)
    step = 0
    while not state.over and step < MAX_DECISIONS:
        if step % 9 == 0:
            _check_point(SPEC, state, rng)
        random_step(state, rng)
        step += 1
    assert state.over
    _check_point(SPEC, state, rng)


def test_mode_and_player_count_must_match() -> None:
    with pytest.raises(ValueError, match="mode"):
        SPEC.new_game(2, options={"mode": "solo"})
    with pytest.raises(ValueError, match="mode"):
        SPEC.new_game(1, options={"mode": "coop"})
    assert SPEC.new_game(1).options["mode"] == "solo"
    assert SPEC.new_game(3).options["mode"] == "coop"
