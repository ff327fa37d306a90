"""A heuristic's `every_seat(state)` is exactly its per-seat values, for every game that has one."""

from __future__ import annotations

import pytest

from boardwright.bots.heuristics import every_seat, heuristic_for
from boardwright.engine import Rng, game, games

WITH_EVERY_SEAT = [g for g in games() if hasattr(heuristic_for(game(g)), "every_seat")]


def test_the_searched_titles_have_one() -> None:
    assert {"flow-of-history", "nomad-city"} <= set(WITH_EVERY_SEAT)


@pytest.mark.parametrize("game_id", WITH_EVERY_SEAT)
def test_every_seat_equals_the_per_seat_values_along_random_games(game_id: str) -> None:
    spec = game(game_id)
    h = heuristic_for(spec)
    fast = every_seat(h)
    for players in (spec.player_counts[0], spec.player_counts[-1]):
        for seed in range(2):
            state = spec.new_game(players, seed, spec.default_options(players))
            rng = Rng(seed)
            checked = 0
            while True:
                if checked % 3 == 0 or state.over:
                    assert fast(state) == [h(state, p) for p in range(players)]
                checked += 1
                if state.over:
                    break
                seat = state.to_act[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert checked > 10


def test_a_heuristic_without_it_is_looped_over_the_seats() -> None:
    calls: list[int] = []

    def h(state: object, seat: int) -> float:
        calls.append(seat)
        return float(seat)

    spec = game("flow-of-history")
    state = spec.new_game(3, 0, spec.default_options(3))
    assert every_seat(h)(state) == [0.0, 1.0, 2.0]
    assert calls == [0, 1, 2]
