"""Random play through the public contract only, for the conformance suite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import boardwright as bw
from boardwright.engine import Rng

# A generous ceiling: any game that has not ended after this many decisions is a bug.
MAX_DECISIONS = 20_000


def cases() -> Iterator[tuple[str, int, dict[str, Any]]]:
    """Every registered game x every player count x every option set."""
    for game_id in bw.games():
        spec = bw.game(game_id)
        for players in spec.player_counts:
            for options in spec.option_sets(players):
                yield game_id, players, options


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = case
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game_id}-{players}p-{opts}"


def random_step(state: bw.GameState, rng: Rng) -> tuple[int, str]:
    seats = state.to_act
    seat = seats[rng.below(len(seats))]
    actions = state.legal_actions(seat)
    assert actions, f"seat {seat} must act but has no legal action"
    action = actions[rng.below(len(actions))]
    state.apply(seat, action)
    return seat, action.id


def play(state: bw.GameState, seed: int, limit: int = MAX_DECISIONS) -> list[tuple[int, str]]:
    rng = Rng(seed)
    steps = []
    while not state.over:
        assert len(steps) < limit, f"no end after {limit} decisions"
        steps.append(random_step(state, rng))
    return steps
