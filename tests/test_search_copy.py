"""Search copies (`determinize(..., quiet=True)`) and `apply_listed`: the same play as the
ordinary calls, with no log where the game allows it (`QUIET_SEARCH`)."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.engine import Rng


def _positions(game_id: str, players: int, seed: int, every: int = 7) -> list[bw.GameState]:
    spec = bw.game(game_id)
    state = spec.new_game(players, seed, spec.default_options(players))
    rng = Rng(seed)
    out = []
    n = 0
    while not state.over and n < 400:
        if n % every == 0:
            out.append(state.clone())
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return out


def _play(state: bw.GameState, rng: Rng, steps: int, listed: bool) -> None:
    for _ in range(steps):
        if state.over:
            return
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        action = actions[rng.below(len(actions))]
        if listed:
            state.apply_listed(seat, action)
        else:
            state.apply(seat, action.id)


SETUPS = [("flow-of-history", 4), ("flow-of-history", 2), ("nomad-city", 3), ("martians", 2),
          ("steamfall", 2)]


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_quiet_copy_plays_the_same(game_id: str, players: int) -> None:
    for state in _positions(game_id, players, seed=5):
        seat = state.to_act[0]
        loud = state.determinize(seat, Rng(11))
        quiet = state.determinize(seat, Rng(11), quiet=True)
        allowed = type(state).QUIET_SEARCH
        assert quiet.quiet is allowed and not loud.quiet
        _play(loud, Rng(3), 30, listed=False)
        _play(quiet, Rng(3), 30, listed=True)
        a, b = loud.to_dict(), quiet.to_dict()
        assert a["state"] == b["state"] and a["history"] == b["history"] and a["rng"] == b["rng"]
        if allowed:
            assert b["log"] == [] and quiet.clone().quiet
        else:
            assert a["log"] == b["log"]


def test_the_two_titles_searched_most_allow_quiet_copies() -> None:
    for game_id in ("flow-of-history", "nomad-city"):
        state = bw.game(game_id).new_game(3, 1)
        assert type(state).QUIET_SEARCH
        copy = state.determinize(state.to_act[0], Rng(1), quiet=True)
        assert copy.log == [] and copy.view(copy.to_act[0])["log"] == []
        assert state.log  # the real game keeps its log


def test_apply_listed_is_apply() -> None:
    for state in _positions("nomad-city", 3, seed=2, every=11):
        a, b = state.clone(), state.clone()
        _play(a, Rng(9), 25, listed=False)
        _play(b, Rng(9), 25, listed=True)
        assert a.to_json() == b.to_json()


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_acting_decision_is_the_decision(game_id: str, players: int) -> None:
    """`acting_decision(seat)` for a seat read from `to_act` is `decision(seat)`, whether the
    decision was kept already or not (a fresh copy keeps none)."""
    for state in _positions(game_id, players, seed=6, every=3):
        for seat in state.to_act:
            fresh = state.clone()
            fresh._cache = {}
            assert fresh.acting_decision(seat) == state.decision(seat)
            assert state.acting_decision(seat) == state.decision(seat)
