"""The Crisis team heuristic with greedy bots: a game ends (a bonus the acting character could
not cash once kept greedy in its turn, paying 1 charm with stamina for 1 stamina forever)."""

from __future__ import annotations

from boardwright.bots.spec import make_bots
from boardwright.titles.steamfall import SPEC


def test_greedy_crisis_game_ends() -> None:
    st = SPEC.new_game(2, seed=5010, options={"scenario": "crisis", "difficulty": "easy"})
    seats = make_bots("greedy", 2, 5010)
    for _ in range(1500):
        if st.over:
            break
        s = st.to_act[0]
        st.apply(s, seats[s].choose(st, s))
    assert st.over, f"round {st.round}: {[e.text for e in st.log[-5:]]}"
