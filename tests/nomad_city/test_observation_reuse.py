"""`encode_state` reuses blocks it built for earlier states (each seat's base fields while
what they show compares equal, the board's blocks while the state holds the same `derived`
dict): at every position of whole games played in place, the reused observation must equal
an encoding of the seat's view, whichever seats were observed before (the acting seat only,
as the environment asks, or every seat)."""

from __future__ import annotations

import numpy as np
import pytest

import boardwright as bw
from boardwright.engine import Rng
from boardwright.titles.nomad_city import rl
from boardwright.titles.nomad_city.state import NomadState


@pytest.mark.parametrize(("players", "corporations", "seed"),
                         [(2, True, 21), (3, False, 22), (3, True, 23), (4, False, 24)])
def test_reused_observation_equals_a_fresh_encoding(players: int, corporations: bool, seed: int) -> None:
    spec = bw.game("nomad-city")
    state = spec.new_game(players, seed, {**spec.default_options(players), "corporations": corporations})
    assert isinstance(state, NomadState)
    rl._LAST = rl._Last()  # nothing kept from other tests' games
    rng = Rng(seed)
    steps = 0
    while not state.over:
        acting = state.to_act[0]
        seats = range(players) if steps % 3 == 0 else (acting,)
        for seat in seats:
            fast = rl.encode_state(state, seat)
            slow = rl.encode_view(state.view(seat, log=False))
            assert np.array_equal(fast, slow), (steps, seat, state.history[-1:], np.flatnonzero(fast != slow))
        state.apply(acting, rng.choice(state.legal_actions(acting)))
        steps += 1
    assert steps > 200


def _edits(s: NomadState, p: int) -> list[tuple[str, object]]:
    """One change at a time to each thing a seat block's reused part shows (for seat p)."""
    chars = sorted(rl._ids()["characters"])
    card = next(c for g in s.grid for c in g if c and "#" in c)
    empty = s.grid[p].index("")

    def city() -> None:
        s.city[p] = next(x for x in s.board.sites if x != s.city[p])
        s.board_changed()

    return [
        ("city", city),
        ("gold", lambda: s.gold.__setitem__(p, s.gold[p] + 1)),
        ("pure", lambda: s.pure.__setitem__(p, s.pure[p] + 1)),
        ("points", lambda: s.points.__setitem__(p, s.points[p] + 1)),
        ("supply", lambda: s.supply.__setitem__(p, s.supply[p] - 1)),
        ("hand", lambda: s.hand[p].append(chars[0])),
        ("facedown", lambda: s.facedown.__setitem__(p, chars[1])),
        ("revealed", lambda: s.revealed.__setitem__(p, not s.revealed[p])),
        ("end_effects", lambda: s.end_effects[p].append(list(s.end_effects[p][:1]) or ["x"])),
        ("res", lambda: s.res[p].__setitem__(2, s.res[p][2] + 1)),
        ("grid", lambda: s.grid[p].__setitem__(empty, card)),
        ("used", lambda: s.used[p].append(empty)),
        ("discard", lambda: s.discard[p].append(chars[2])),
    ]


def test_each_seat_field_changed_alone_is_seen() -> None:
    """Each input of a seat's reused base fields, changed alone and in place, changes the
    observation (in games some only ever change together with others)."""
    spec = bw.game("nomad-city")
    state = spec.new_game(3, 5, spec.default_options(3))
    assert isinstance(state, NomadState)
    rng = Rng(5)
    for _ in range(120):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for p in range(3):
        names = [name for name, _ in _edits(state, p)]
        for i, name in enumerate(names):
            s = state.clone()
            assert isinstance(s, NomadState)
            for seat in range(3):
                rl.encode_state(s, seat)  # kept for this very state
            before = rl.encode_state(s, p)
            _edits(s, p)[i][1]()
            after = rl.encode_state(s, p)
            assert not np.array_equal(before, after), name
            assert np.array_equal(after, rl.encode_view(s.view(p, log=False))), name
