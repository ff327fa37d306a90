"""The numbers of a balance report, computed from checked results lines (report/load.py).

Rates are 95% Wilson score intervals, means 95% Student t intervals (the same as
`simulate`'s summary); a shared competitive win counts 1/k for each of the k winners.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..simulate import Mean, Rate, mean_interval, wilson
from .panels import Breakdown, Observation, seat_results

SHARED_KINDS = ("cooperative", "solo")


def rate(label: str, wins: float, n: int) -> Rate:
    return Rate(label, n, wins, *wilson(wins, n))


@dataclass
class Speed:
    decisions: int
    seconds: float
    per_game: list[float]  # decisions per second of each game (games with a measured time)

    @property
    def overall(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


@dataclass
class Section:
    """The games played with one player count and one set of options (hence one kind)."""

    players: int
    options: dict[str, Any]
    kind: str
    rows: list[dict[str, Any]]
    #: the options worth naming in the heading (those that differ from the game's defaults)
    shown: dict[str, Any] = field(default_factory=dict)
    lineups: list[tuple[str, int]] = field(default_factory=list)  # bots seat by seat, games
    per_seat: list[Rate] = field(default_factory=list)
    per_position: list[Rate] = field(default_factory=list)  # by turn position, first player = 1
    positioned: int = 0  # games whose first player is known
    per_bot: list[Rate] = field(default_factory=list)
    success: Rate | None = None  # co-op/solo won; semi-co-op goal met
    per_lineup: list[Rate] = field(default_factory=list)  # co-op/solo success per lineup
    nobody: Rate | None = None
    scores: list[list[float]] = field(default_factory=list)  # per seat
    score_means: list[Mean] = field(default_factory=list)
    team_scores: list[float] = field(default_factory=list)
    team_mean: Mean | None = None
    lengths: list[int] = field(default_factory=list)
    length: Mean = field(default_factory=lambda: mean_interval([]))
    speed: Speed = field(default_factory=lambda: Speed(0, 0.0, []))

    @property
    def games(self) -> int:
        return len(self.rows)

    @property
    def shared(self) -> bool:
        return self.kind in SHARED_KINDS

    @property
    def heading(self) -> str:
        opts = ", ".join(f"{k}={_fmt_option(v)}" for k, v in sorted(self.shown.items()))
        return (f"{self.players} player{'s' if self.players != 1 else ''}, {self.kind}"
                + (f" ({opts})" if opts else ""))

    @property
    def first_advantage(self) -> tuple[float, float, float] | None:
        """The first player's win rate minus the fair share 1/players, with its interval."""
        if self.shared or not self.per_position:
            return None
        fair = 1.0 / self.players
        first = self.per_position[0]
        return first.rate - fair, first.low - fair, first.high - fair


def _fmt_option(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def sections(rows: list[dict[str, Any]],
             defaults: Callable[[int], Mapping[str, Any]] | None = None) -> list[Section]:
    """The results split by player count, options and kind (in that order), each computed.
    `defaults(players)`, when given, is the game's default options: only the options that
    differ from them are named in the headings."""
    groups: dict[tuple[int, str, str], list[dict[str, Any]]] = {}
    for row in rows:
        key = (int(row["players"]), json.dumps(row["options"], sort_keys=True), str(row["kind"]))
        groups.setdefault(key, []).append(row)
    out = []
    for (players, options, kind), group in sorted(groups.items()):
        chosen = json.loads(options)
        usual = dict(defaults(players)) if defaults is not None else {}
        shown = {k: v for k, v in chosen.items() if k not in usual or usual[k] != v}
        section = Section(players, chosen, kind, group, shown)
        _compute(section)
        out.append(section)
    return out


def _compute(sec: Section) -> None:
    p, rows, n = sec.players, sec.rows, len(sec.rows)
    lineups: dict[tuple[str, ...], int] = {}
    for row in rows:
        lineups[tuple(row["bots"])] = lineups.get(tuple(row["bots"]), 0) + 1
    sec.lineups = [(", ".join(k), v) for k, v in sorted(lineups.items(), key=lambda kv: -kv[1])]
    results = [seat_results(row) for row in rows]
    seat_wins = [sum(r[s] for r in results) for s in range(p)]
    sec.per_seat = [rate(f"seat {s}", seat_wins[s], n) for s in range(p)]
    pos_wins = [0.0] * p
    positioned = [(row, res) for row, res in zip(rows, results, strict=True) if row["first_seat"] is not None]
    for row, res in positioned:
        for s in range(p):
            pos_wins[(s - row["first_seat"]) % p] += res[s]
    sec.positioned = len(positioned)
    if positioned:
        sec.per_position = [rate(_ordinal(i + 1), pos_wins[i], len(positioned)) for i in range(p)]
    bot_wins: dict[str, float] = {}
    bot_games: dict[str, int] = {}
    for row, res in zip(rows, results, strict=True):
        for s, bot in enumerate(row["bots"]):
            bot_games[bot] = bot_games.get(bot, 0) + 1
            bot_wins[bot] = bot_wins.get(bot, 0.0) + res[s]
    sec.per_bot = [rate(b, bot_wins[b], bot_games[b]) for b in sorted(bot_games)]
    if sec.shared:
        decided = [row for row in rows if row["won"] is not None]
        if decided:
            sec.success = rate("won", sum(1 for r in decided if r["won"]), len(decided))
            by_lineup: dict[str, list[bool]] = {}
            for row in decided:
                by_lineup.setdefault(", ".join(row["bots"]), []).append(bool(row["won"]))
            sec.per_lineup = [rate(k, sum(v), len(v)) for k, v in sorted(by_lineup.items())]
    elif sec.kind == "semi-cooperative":
        sec.success = rate("goal met", sum(1 for r in rows if r["goal_met"]), n)
    if not sec.shared:
        sec.nobody = rate("nobody won", sum(1 for r in rows if not r["winners"]), n)
    sec.scores = [[float(row["scores"][s]) for row in rows
                   if s < len(row["scores"]) and row["scores"][s] is not None] for s in range(p)]
    sec.score_means = [mean_interval(v) for v in sec.scores]
    sec.team_scores = [float(r["team_score"]) for r in rows if r["team_score"] is not None]
    sec.team_mean = mean_interval(sec.team_scores) if sec.team_scores else None
    sec.lengths = [int(r["decisions"]) for r in rows]
    sec.length = mean_interval([float(x) for x in sec.lengths])
    sec.speed = Speed(sum(sec.lengths), sum(float(r["seconds"]) for r in rows),
                      [r["decisions"] / r["seconds"] for r in rows if r["seconds"] > 0])


def _ordinal(i: int) -> str:
    suffix = "th" if 10 <= i % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(i % 10, "th")
    return f"{i}{suffix} to play"


# ------------------------------------------------------------------ breakdown panels
@dataclass(frozen=True)
class GroupStat:
    label: str
    rate: Rate
    score: Mean | None
    rest: Rate  # every other label's observations pooled
    flag: str  # "" or "high" / "low": outside the rest's interval (see Breakdown)


def breakdown_stats(panel: Breakdown) -> list[GroupStat]:
    """Each label's rate and mean score with intervals, sorted by rate (highest first)."""
    groups: Mapping[str, Sequence[Observation]] = panel.groups
    total_wins = sum(r for obs in groups.values() for r, _ in obs)
    total_n = sum(len(obs) for obs in groups.values())
    out = []
    for label, obs in groups.items():
        if not obs:
            continue
        wins = sum(r for r, _ in obs)
        mine = rate(label, wins, len(obs))
        rest = rate("rest", total_wins - wins, total_n - len(obs))
        scores = [float(s) for _, s in obs if s is not None]
        flag = ""
        if panel.flag and rest.games:
            if mine.rate > rest.high and mine.low > rest.rate:
                flag = "high"
            elif mine.rate < rest.low and mine.high < rest.rate:
                flag = "low"
        out.append(GroupStat(label, mine, mean_interval(scores) if scores else None, rest, flag))
    out.sort(key=lambda g: (-g.rate.rate, -g.rate.games, g.label))
    return out


def overall(panel: Breakdown) -> Rate:
    wins = sum(r for obs in panel.groups.values() for r, _ in obs)
    return rate("all", wins, sum(len(obs) for obs in panel.groups.values()))


def quantiles(values: Sequence[float]) -> tuple[float, float, float]:
    """The 10th, 50th and 90th percentiles (all equal for one value; zeros for none)."""
    if not values:
        return 0.0, 0.0, 0.0
    if len(values) == 1:
        return values[0], values[0], values[0]
    q = statistics.quantiles(values, n=10, method="inclusive")
    return q[0], statistics.median(values), q[-1]
