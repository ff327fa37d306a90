"""Rules where a "may", a free step "at any time" or a secret had been played more narrowly
than the rulebook prints it (§4.1, §5.6-§5.7, §7.2, §8, §11.3, §11.5)."""

from __future__ import annotations

from .scene import new


def _drafted(players: int, seed: int = 3):  # type: ignore[no-untyped-def]
    s = new(players, seed=seed, mode="competitive", collectors_edition=True)
    while s.tasks and s.tasks[-1][0] == "goal_keep":
        for seat in s.to_act:
            s.apply(seat, s.legal_actions(seat)[0].id)
    return s


def test_running_score_counts_only_ones_own_hidden_goals() -> None:
    s = _drafted(2)
    s.goals = [["banker", "technocrat"], ["no_losses", "banker"]]  # seat 1's no_losses is met now
    seen_by_0, seen_by_1, truth = s.outcome(0), s.outcome(1), s.outcome()
    assert truth["breakdown"][1]["hidden_goals"] == 3
    assert "hidden_goals" not in seen_by_0["breakdown"][1]  # secret until the end (§11.5)
    assert seen_by_0["scores"][1] == truth["scores"][1] - 3
    assert seen_by_1["scores"] == truth["scores"]  # its own goal: it knows
    s.finished = True
    assert s.outcome(0) == s.outcome(1) == s.outcome()  # the final count shows everything


def test_terminal_score_line_shows_the_seats_own_view() -> None:
    import io

    from rich.console import Console

    from boardwright.cli.play import Session

    s = _drafted(2)
    s.goals = [["banker", "technocrat"], ["no_losses", "banker"]]
    buf = io.StringIO()
    Session(state=s, human=0, bots={}, console=Console(file=buf, width=100), save=None).score_line()
    mine = s.outcome(0)["scores"]
    assert mine != s.outcome()["scores"]
    assert buf.getvalue().split() == ["Score:", "you", str(mine[0]), "·", "seat", "1", str(mine[1])]
