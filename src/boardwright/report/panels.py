"""The `balance` hook's shape: what a game counts about its games; the report draws it.

A title declares `"balance": ".balance_report:HOOK"`, a `BalanceHook`:

- `record(state) -> dict`: JSON-ready fields about one finished game (the cards each seat
  gained, the corporation it started with...). `simulate` writes them under `balance` in
  that game's `--out` line.
- `panels(rows) -> list[Breakdown | Table]`: given every line of a results file (plain
  dicts as written, `balance` included; None in lines written without it), what to show.
  A `Breakdown` groups observations (a seat's result in a game, with its score) under
  labels; the report computes each label's rate and mean score with 95% intervals, draws
  them and, with `flag`, marks the labels whose rate lies outside the interval of the rest.
  A `Table` is shown as given.
- `first_seat(state) -> int | None` (optional): the seat that takes the first turn, asked
  right after setup. Without it the first seat to owe a decision alone (not a simultaneous
  choice) counts as the first player.

This module draws nothing and imports no plotting library: titles import it freely.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.outcome import team_result

#: one observation: the result in [0, 1] (1 won, 1/k a shared win, 0 lost) and a score (or None)
Observation = tuple[float, float | None]


@dataclass(frozen=True)
class Breakdown:
    """Rates (and mean scores) of observations grouped by label.

    `groups` maps a label (a card, a corporation, a mode...) to its observations. `what`
    names the rate ("win rate", "success rate"); `unit` what one observation is ("player-games",
    "games"). With `flag`, a label is flagged when its rate lies outside the 95% interval of
    all other labels' observations pooled and their rate lies outside its own interval.
    `note` is shown under the title.
    """

    title: str
    groups: Mapping[str, Sequence[Observation]]
    what: str = "win rate"
    unit: str = "player-games"
    flag: bool = False
    note: str = ""


@dataclass(frozen=True)
class Table:
    """A table shown as given: column names and rows of cells (str, int or float)."""

    title: str
    columns: Sequence[str]
    rows: Sequence[Sequence[Any]]
    note: str = ""


Panel = Breakdown | Table


@dataclass(frozen=True)
class BalanceHook:
    """A game's `balance` hook: see the module docstring."""

    record: Callable[[Any], Mapping[str, Any]]
    panels: Callable[[list[dict[str, Any]]], list[Panel]]
    first_seat: Callable[[Any], int | None] | None = field(default=None)


def seat_results(row: Mapping[str, Any]) -> list[float]:
    """Each seat's result in one results line, in [0, 1], for any outcome kind: 1 won (1/k
    among k competitive winners), 0 lost; co-operative and solo games give every seat the
    team's result (a score-only solo game counts as won)."""
    out = {"kind": row.get("kind", "competitive"), "won": row.get("won"),
           "winners": row.get("winners") or [], "score": row.get("team_score")}
    return team_result(out, int(row["players"]))


def seat_score(row: Mapping[str, Any], seat: int) -> float | None:
    """A seat's score in one results line: its own score, or the team's (co-op, solo)."""
    scores = row.get("scores") or []
    if seat < len(scores) and scores[seat] is not None:
        return float(scores[seat])
    team = row.get("team_score")
    return float(team) if team is not None else None
