"""The shared ranking with tie-breakers used by competitive outcomes, and `outcome(seat)`."""

import pytest

import boardwright as bw
from boardwright.engine.outcome import rank


def test_score_then_tie_breakers_then_shared_victory() -> None:
    out = rank([(10, 3, 1), (12, 0, 0), (12, 2, 5), (12, 2, 5)], ("VP", "cards", "tokens"))
    assert out["ranking"] == [2, 3, 1, 0]
    assert out["winners"] == [2, 3]
    assert out["ranks"] == {"2": 1, "3": 1, "1": 3, "0": 4}
    assert out["tie_breaks"] == [
        "seats [2, 3, 1] tie on 12 VP; more cards wins",
        "seats [2, 3] tie on 2 cards; more tokens wins",
        "seats [2, 3] tie on everything and share the victory",
    ]


def test_a_clear_winner_needs_no_tie_break() -> None:
    out = rank([(5, 0), (9, 0)], ("points", "Gold"))
    assert out["winners"] == [1] and out["tie_breaks"] == []


def test_every_kind_has_final_winners_and_its_own_fields() -> None:
    from boardwright.engine.outcome import competitive, cooperative, semi_cooperative, solo, team_result

    comp = competitive([(3, 1), (5, 0)], ("VP", "tokens"), final=True)
    assert comp["kind"] == "competitive" and comp["winners"] == [1] and comp["scores"] == [3, 5]
    won = cooperative(3, won=True, reason="all needs met", team_score=12, final=True)
    lost = cooperative(3, won=False, reason="a colonist died", final=True)
    assert won["winners"] == [0, 1, 2] and lost["winners"] == [] and won["team_score"] == 12
    assert team_result(won, 3) == [1.0] * 3 and team_result(lost, 3) == [0.0] * 3
    semi = semi_cooperative([(4, 0), (6, 0)], ("rep", "x"), goal_met=False, reason="scenario failed",
                            nobody_wins_on_failure=False, final=True)
    assert semi["winners"] == [1] and semi["goal_met"] is False
    none = semi_cooperative([(4, 0), (6, 0)], ("rep", "x"), goal_met=False, reason="scenario failed",
                            nobody_wins_on_failure=True, final=True)
    assert none["winners"] == [] and none["ranking"] == [1, 0]
    assert team_result(none, 2) == [0.0, 0.0]
    scored = solo(won=None, reason="commissions", score=17, final=True)
    assert scored["scores"] == [17] and team_result(scored, 1) == [1.0]
    lost_solo = solo(won=False, reason="demand left", final=True)
    assert lost_solo["winners"] == [] and team_result(lost_solo, 1) == [0.0]


def test_outcome_for_a_seat_checks_the_seat() -> None:
    state = bw.game("flow-of-history").new_game(2, seed=1)
    assert state.outcome(0) == state.outcome()  # nothing hidden in its running score
    for bad in (2, -1, "0"):
        with pytest.raises(ValueError, match="seat must be a number"):
            state.outcome(bad)  # type: ignore[arg-type]
