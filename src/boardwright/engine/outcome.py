"""Ranking seats for a competitive outcome: a score, then the game's tie-breakers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def rank(keys: Sequence[tuple[int, ...]], names: tuple[str, ...]) -> dict[str, Any]:
    """Rank seats by `keys` (higher is better, compared in order).

    `keys[seat]` is the score followed by the tie-breakers; `names` says what each is
    ("VP", "cards in the Nation", ...). Seats equal on every key share the victory.
    Returns the `ranking`, `ranks` (1 = first; equal keys, equal rank), `winners` and
    `tie_breaks` (the reasons, in words) of an outcome.
    """
    if len(names) != len(keys[0]):
        raise ValueError("rank() needs one name per key")
    order = sorted(range(len(keys)), key=lambda p: (tuple(-k for k in keys[p]), p))
    best = keys[order[0]]
    winners = [p for p in order if keys[p] == best]
    reasons = []
    tied = [p for p in order if keys[p][0] == best[0]]
    for i in range(1, len(names)):
        if len(tied) <= 1:
            break
        reasons.append(f"seats {tied} tie on {best[i - 1]} {names[i - 1]}; more {names[i]} wins")
        tied = [p for p in tied if keys[p][i] == best[i]]
    if len(tied) > 1:
        reasons.append(f"seats {tied} tie on everything and share the victory")
    ranks = {str(p): 1 + sum(1 for q in range(len(keys)) if keys[q] > keys[p]) for p in order}
    return {"ranking": order, "ranks": ranks, "winners": winners, "tie_breaks": reasons}


# ------------------------------------------------------------------ outcome kinds
# Every outcome() carries `kind` (one of spec.OUTCOME_KINDS) and `final`, and `winners`
# (the seats that won: all seats for a co-operative win, [] when nobody did). The
# builders below give the other kinds the same shape, so bots, simulate, PettingZoo and
# OpenSpiel can read any game's outcome without knowing the game.


def competitive(keys: Sequence[tuple[int, ...]], names: tuple[str, ...], *, final: bool,
                breakdown: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A ranking outcome: `scores` is the first key of each seat (see rank())."""
    out: dict[str, Any] = {"kind": "competitive", "final": final, "scores": [k[0] for k in keys]}
    if breakdown is not None:
        out["breakdown"] = list(breakdown)
    out.update(rank(keys, names))
    return out


def cooperative(players: int, *, won: bool | None, reason: str, team_score: float | None = None,
                final: bool, breakdown: dict[str, Any] | None = None) -> dict[str, Any]:
    """All win or all lose. `won` is None while undecided; `team_score` is the team's
    score (victory points, remaining serenity...) when the game has one."""
    out: dict[str, Any] = {"kind": "cooperative", "final": final, "won": won, "reason": reason,
                           "team_score": team_score,
                           "winners": list(range(players)) if won else []}
    if breakdown is not None:
        out["breakdown"] = breakdown
    return out


def semi_cooperative(keys: Sequence[tuple[int, ...]], names: tuple[str, ...], *, goal_met: bool | None,
                     reason: str, nobody_wins_on_failure: bool, final: bool,
                     breakdown: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A shared goal, then one winner by ranking. When the goal failed and the game's
    option says so, nobody wins (`winners` is empty, the ranking is still given)."""
    out = competitive(keys, names, final=final, breakdown=breakdown)
    out["kind"] = "semi-cooperative"
    out["goal_met"] = goal_met
    out["reason"] = reason
    if goal_met is False and nobody_wins_on_failure:
        out["winners"] = []
        out["tie_breaks"] = [*out["tie_breaks"], "the shared goal failed: nobody wins"]
    return out


def solo(*, won: bool | None, reason: str, score: float | None = None, final: bool,
         breakdown: dict[str, Any] | None = None) -> dict[str, Any]:
    """One seat: won or lost (`won` None for a score-only game or while undecided), and/or a score."""
    out: dict[str, Any] = {"kind": "solo", "final": final, "won": won, "reason": reason,
                           "score": score, "scores": [score] if score is not None else [],
                           "winners": [0] if won else []}
    if breakdown is not None:
        out["breakdown"] = breakdown
    return out


def team_result(out: dict[str, Any], players: int) -> list[float]:
    """Per-seat results in [0, 1] for any outcome kind: 1 won (shared equally among tied
    competitive winners), 0 lost. A score-only solo game counts as won (its score is the
    measure; see `score_of`)."""
    kind = out.get("kind", "competitive")
    if kind in ("cooperative", "solo"):
        won = out.get("won")
        if won is None and kind == "solo" and out.get("score") is not None:
            won = True
        return [1.0 if won else 0.0] * players
    winners = [int(w) for w in out.get("winners") or []]
    share = 1.0 / len(winners) if winners else 0.0
    return [share if p in winners else 0.0 for p in range(players)]
