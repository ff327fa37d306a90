"""The map sizes by player count (§2.3). The rulebook describes only the 4-player map (3x3,
Central District in the middle); our 3- and 1-2-player maps are stand-ins, but they must
agree with the rulebook's own figures: its Genesis events example at three players counts
7 districts outside the central one (2 permanent events and a stack of 5 more)."""

from __future__ import annotations

import pytest

from .scene import game


@pytest.mark.parametrize(("players", "districts", "ancient"), [(4, 9, 4), (3, 8, 3), (2, 5, 2)])
def test_districts_by_player_count(players: int, districts: int, ancient: int) -> None:
    st = game(players=players, chars=("jb", "marcus", "luis", "alice")[:players])
    kinds = [st.content.districts[d].type for d in st.board.districts]
    assert st.board.n_districts == districts
    assert kinds.count("central") == 1
    assert kinds.count("ancient") == ancient
