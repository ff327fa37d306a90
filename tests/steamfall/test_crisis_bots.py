"""The Crisis team heuristic with greedy bots: a game ends (a bonus the acting character could
not cash once kept greedy in its turn, paying 1 charm with stamina for 1 stamina forever)."""

from __future__ import annotations

import pytest

from boardwright.bots.spec import make_bots
from boardwright.titles.steamfall import SPEC


@pytest.mark.parametrize(("players", "seed", "difficulty"), [(2, 5010, "easy")])
def test_greedy_crisis_game_ends(players: int, seed: int, difficulty: str) -> None:
    """(1 player crushing, seed 5013 still stalls in round 3: see balance.md, Crisis)."""
    st = SPEC.new_game(players, seed=seed, options={"scenario": "crisis", "difficulty": difficulty})
    seats = make_bots("greedy", players, seed)
    for _ in range(1500):
        if st.over:
            break
        s = st.to_act[0]
        st.apply(s, seats[s].choose(st, s))
    assert st.over, f"round {st.round}: {[e.text for e in st.log[-5:]]}"
