"""Random playouts end at every player count in both scenarios; the II resolution."""

from __future__ import annotations

import pytest

import boardwright.titles.steamfall as sf
from boardwright.engine import Rng
from boardwright.titles.steamfall.rounds import requirement, resolve_ii_check

from .scene import game


@pytest.mark.parametrize(
    "scenario,players",
    [("incredible-invention", p) for p in (1, 2, 3, 4)] + [("cipher-race", p) for p in (2, 3, 4)],
)
def test_random_playouts_end(scenario: str, players: int) -> None:
    for seed in range(4):
        st = sf.SPEC.new_game(
            players, seed=seed, options={"scenario": scenario, "eor_interaction": seed % 2 == 1}
        )
        rng = Rng(seed)
        steps = 0
        while not st.over:
            seat = st.to_act[0]
            acts = st.legal_actions(seat)
            # prefer anything over ending the turn, so games reach round 3
            pick = [a for a in acts if a.id != "end"] if rng.below(5) else acts
            st.apply(seat, (pick or acts)[rng.below(len(pick or acts))])
            steps += 1
            assert steps < 20_000
        out = st.outcome()
        assert out["final"] and out["kind"] == (
            "cooperative" if scenario == "incredible-invention" else "competitive"
        )


def test_cipher_race_needs_two_players() -> None:
    with pytest.raises(ValueError, match="2-4"):
        sf.SPEC.new_game(1, options={"scenario": "cipher-race"})


def test_resolution_fails_the_team_when_a_row_is_missed_and_wins_after_round_three() -> None:
    st = game(players=2)
    st.tasks = []
    st.paid = {"vp": 0, "cubes": 0}
    resolve_ii_check(st, ["ii_check"])
    assert st.over and st.outcome()["won"] is False
    st = game(players=2)
    st.round = 3
    vp, cubes, comp = requirement(st)
    st.paid = {"vp": vp, "cubes": cubes}
    st.completion = comp
    st.tasks = []
    resolve_ii_check(st, ["ii_check"])
    assert st.over and st.outcome()["won"] is True


def test_completion_is_4_insight_or_2_steam_split_among_players_never_mixed() -> None:
    st = game(players=2)
    from boardwright.titles.steamfall.rounds import contribute

    st.pl[0]["res"]["insight"] = 4
    st.pl[1]["res"]["steam"] = 2
    st.pl[1]["res"]["insight"] = 0
    contribute(st, 0, "insight")
    contribute(st, 0, "insight")
    contribute(st, 1, "steam")
    assert st.completion == 0  # 2 insight and 1 steam pay neither printed option
    contribute(st, 0, "insight")
    contribute(st, 0, "insight")
    assert st.completion == 1 and st.paid.get("steam") == 1  # 4 insight; the steam waits
    st.pl[0]["res"]["steam"] = 1
    contribute(st, 0, "steam")  # a second player finishes the 2 steam
    assert st.completion == 2 and st.quarters == 0 and "steam" not in st.paid
