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
