"""Invariants of the board checked after every decision of seeded random games."""

from __future__ import annotations

import pytest

from boardwright.engine import Rng
from boardwright.titles.nomad_city.state import NomadState

from .scene import new


def check(s: NomadState) -> None:
    board = s.board
    assert min(s.supply) >= 0 and min(s.gold) >= 0 and min(s.pure) >= 0
    assert all(min(r) >= 0 for r in s.res)
    cities = [c for c in s.city if c]
    assert len(cities) == len(set(cities)), "one mobile city per dock"
    for loc, owners in s.influence.items():
        assert owners and len(owners) <= board.capacity[loc], loc
        if loc in board.sites:
            assert loc in s.explored, f"influence on {loc} without its resource marker"
    for site in s.explored:
        assert site in board.sites
    if s.round <= {4: 3, 3: 4, 2: 5}[s.players]:
        assert not any(board.sites[x].red_zone for x in s.explored), "Red Zone explored early"
        assert not any(board.sites[c].red_zone for c in cities)
    assert len(s.market) <= 6
    assert all(len(h) + len(d) + (1 if f else 0) == 5
               for h, d, f in zip(s.hand, s.discard, s.facedown, strict=True))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_board_legal(players: int, seed: int) -> None:
    s = new(players, seed)
    rng = Rng(seed + 100 * players)
    rounds_seen = set()
    while not s.over:
        seat = s.to_act[rng.below(len(s.to_act))]
        actions = s.legal_actions(seat)
        s.apply(seat, actions[rng.below(len(actions))].id)
        check(s)
        rounds_seen.add(s.round)
    assert rounds_seen >= set(range(1, 9))
    assert s.round == 9 and s.log[-1].text.startswith("the eighth round is over")
