"""`NomadState.derived` keeps what the rules derive from the board alone, shared by a state
and its clones until one of them changes the board: everything read from it must equal what
a state without it computes, at every position of whole games, also after clones sharing it
have played on."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.engine import Rng
from boardwright.titles.nomad_city import explore, influence, rounds
from boardwright.titles.nomad_city.state import NomadState


def _board_facts(s: NomadState) -> list[object]:
    out: list[object] = []
    for seat in range(s.players):
        out += [influence.holdable_spots(s, seat), influence.may_move(s, seat),
                explore.free_routes(s, seat), rounds.owned_sites(s, seat),
                explore.explore_targets(s, seat, False), explore.explore_targets(s, seat, True)]
    return out


@pytest.mark.parametrize(("players", "corporations", "seed"),
                         [(2, False, 5), (3, True, 6), (4, False, 7), (4, True, 8)])
def test_what_is_derived_from_the_board_equals_a_fresh_computation(
        players: int, corporations: bool, seed: int) -> None:
    spec = bw.game("nomad-city")
    state = spec.new_game(players, seed, {**spec.default_options(players), "corporations": corporations})
    assert isinstance(state, NomadState)
    rng = Rng(seed)
    steps = 0
    while not state.over:
        ahead = state.clone()  # shares the memo until its board changes
        for _ in range(4):
            if ahead.over:
                break
            seat = ahead.to_act[0]
            ahead.apply(seat, rng.choice(ahead.legal_actions(seat)))
        fresh = state.clone()
        fresh._cache = {}
        fresh.board_changed()  # nothing derived: everything computed again
        for seat in state.to_act:
            assert state.decision(seat) == fresh.decision(seat), (steps, seat)
        if steps % 3 == 0 and all(state.city):  # (explore: once every city is docked)
            assert _board_facts(state) == _board_facts(fresh), steps
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
