"""The shared ranking with tie-breakers used by competitive outcomes."""

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
