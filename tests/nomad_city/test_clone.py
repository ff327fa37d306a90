"""NomadState._clone_into is written out field by field: every field must be copied, and
deep enough that playing on the clone leaves the original as it was."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.engine import Rng
from boardwright.titles.nomad_city.state import FIELDS


@pytest.mark.parametrize("corporations", [False, True])
def test_clone_copies_every_field_and_shares_nothing_mutable(corporations: bool) -> None:
    spec = bw.game("nomad-city")
    state = spec.new_game(3, 4, {**spec.default_options(3), "corporations": corporations})
    rng = Rng(4)
    steps = 0
    while not state.over and steps < 600:
        if steps % 5 == 0:
            copy = state.clone()
            assert all(hasattr(copy, name) for name in FIELDS)
            before = state.to_json()
            assert copy.to_json() == before
            for _ in range(8):  # play on the copy: the original must not move
                if copy.over:
                    break
                seat = copy.to_act[0]
                copy.apply(seat, rng.choice(copy.legal_actions(seat)))
            assert state.to_json() == before
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1


def test_decisions_kept_by_the_rules_equal_rebuilt_ones() -> None:
    """`run` and the collection's apply keep the decisions they build in the engine's cache:
    each must be the one `_decision` would build for that position."""
    spec = bw.game("nomad-city")
    for seed in (1, 2):
        state = spec.new_game(3, seed, {**spec.default_options(3), "corporations": seed == 2})
        rng = Rng(seed)
        while not state.over:
            for seat in state.to_act:
                fresh = state.clone()
                fresh._cache = {}
                assert state.decision(seat) == fresh.decision(seat)
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
