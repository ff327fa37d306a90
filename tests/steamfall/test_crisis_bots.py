"""The Crisis team heuristic with greedy bots: a game ends (a bonus the acting character could
not cash once kept greedy in its turn, paying 1 charm with stamina for 1 stamina forever); the
team spreads over the crisis cards; the Core Shard's holder weighs its way round every pylon."""

from __future__ import annotations

import pytest

from boardwright.bots.spec import make_bots
from boardwright.titles.steamfall import SPEC
from boardwright.titles.steamfall.scenarios.crisis.heuristic import _paths, crisis_value

from .test_crisis import clear_map, crisis_game, go, place


@pytest.mark.parametrize(("players", "seed", "difficulty"), [(2, 5010, "easy"), (1, 5013, "crushing")])
def test_greedy_crisis_game_ends(players: int, seed: int, difficulty: str) -> None:
    """(1 player crushing, seed 5013 stalled in round 3 before greedy's cycle guard.)"""
    st = SPEC.new_game(players, seed=seed, options={"scenario": "crisis", "difficulty": difficulty})
    seats = make_bots("greedy", players, seed)
    for _ in range(1500):
        if st.over:
            break
        s = st.to_act[0]
        st.apply(s, seats[s].choose(st, s))
    assert st.over, f"round {st.round}: {[e.text for e in st.log[-5:]]}"


# the 4-player map: ancient districts (and pylons) in the corners 0, 2, 6, 8; centre 4
CORNERS = (0, 2, 6, 8)


def test_the_team_spreads_over_the_open_crisis_cards() -> None:
    """Two characters on one of two open cards is worse than one on each (each character's
    own pull toward its nearest card saw no difference)."""
    st = crisis_game(4)
    clear_map(st)
    place(st, 0, "street-riot")
    place(st, 8, "valve-burst")
    holder = st.cr["shard"]["holder"]
    a, b = [k for k in range(4) if k != holder][:2]
    for k in range(4):
        go(st, k, 4)
        st.pl[k]["pool"]["movement"] = 0
    go(st, a, 0)
    go(st, b, 0)
    stacked = crisis_value(st)
    go(st, b, 8)
    assert crisis_value(st) > stacked


def test_the_holder_weighs_its_way_round_every_pylon_left() -> None:
    """Standing on a pylon with two left, the holder's position is worth less when the other
    pylon is farther (only the nearest pylon counted before)."""
    st = crisis_game(4)
    clear_map(st)
    holder = st.cr["shard"]["holder"]
    st.cr["shard"]["power"] = 6
    go(st, holder, 0)
    d = _paths(st.board.moves)[0]
    near, far = sorted((x for x in CORNERS if x != 0), key=lambda x: d[x])[::2]
    assert d[near] < d[far]
    st.cr["pylons"] = [0, near]
    close = crisis_value(st)
    st.cr["pylons"] = [0, far]
    assert crisis_value(st) < close
