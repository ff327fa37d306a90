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


def test_the_observation_names_the_scenario() -> None:
    """The RL observation's first block is one slot per scenario (Crisis and Genesis were
    encoded as Cipher Race)."""
    from boardwright.titles.steamfall import rl

    seen = {}
    for scenario in rl.SCENARIOS:
        st = game(players=2, scenario=scenario)
        vec = rl.encode_view(st.view(0))
        seen[scenario] = tuple(float(x) for x in vec[: len(rl.SCENARIOS)])
    assert len(set(seen.values())) == len(rl.SCENARIOS)
    assert all(sum(v) == 1.0 for v in seen.values())
