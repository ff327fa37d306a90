"""The report's plots, drawn with matplotlib's Agg backend (no display, no internet).

Each function returns a `Figure` (built without pyplot, so nothing global is kept);
`save` writes it as PNG or SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from ..simulate import Rate
from .stats import GroupStat, Section

FORMATS = ("png", "svg")
BAR = "#4C72B0"
HIGH = "#2CA02C"
LOW = "#D62728"
GREY = "#7F7F7F"


def save(fig: Figure, path: Path) -> Path:
    fig.savefig(path, format=path.suffix.lstrip("."), dpi=90, bbox_inches="tight",
                metadata={"Software": None} if path.suffix == ".png" else {"Date": None})
    return path


def _rate_bars(ax: Axes, rates: Sequence[Rate], title: str, fair: float | None, what: str) -> None:
    labels = [r.label for r in rates]
    values = [r.rate for r in rates]
    err = [[max(0.0, r.rate - r.low) for r in rates], [max(0.0, r.high - r.rate) for r in rates]]
    xs = range(len(rates))
    ax.bar(xs, values, yerr=err, capsize=4, color=BAR, alpha=0.85)
    ax.set_xticks(list(xs), labels, rotation=20 if max((len(x) for x in labels), default=0) > 8 else 0,
                  ha="right" if max((len(x) for x in labels), default=0) > 8 else "center", fontsize=8)
    if fair is not None:
        ax.axhline(fair, color=GREY, linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        ax.legend(fontsize=7, loc="upper right")
    ax.set_ylim(0, min(1.0, max([r.high for r in rates] + [fair or 0.0]) * 1.25 + 0.02))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel(what)
    ax.set_title(title, fontsize=10)
    for x, r in zip(xs, rates, strict=True):
        ax.annotate(f"n={r.games}", (x, 0), xytext=(0, 2), textcoords="offset points",
                    ha="center", va="bottom", fontsize=6, color="white")


def rates_figure(sec: Section) -> Figure:
    """Win (success) rates with 95% intervals: per seat, per turn position, per bot."""
    panels: list[tuple[Sequence[Rate], str, float | None, str]] = []
    if sec.shared:
        if sec.success is not None:
            panels.append(([sec.success, *sec.per_lineup] if len(sec.per_lineup) > 1 else [sec.success],
                           "success rate (and per bot lineup)", None, "success rate"))
    else:
        fair = 1.0 / sec.players
        if sec.success is not None:
            panels.append(([sec.success], "shared goal met", None, "rate"))
        panels.append((sec.per_seat, "win rate per seat", fair, "win rate"))
        if sec.per_position:
            panels.append((sec.per_position, "win rate by turn position", fair, "win rate"))
        if len(sec.per_bot) > 1:
            panels.append((sec.per_bot, "win rate per bot (all seats)", fair, "win rate"))
    fig = Figure(figsize=(3.4 * max(1, len(panels)), 3.0), layout="constrained")
    axes = fig.subplots(1, max(1, len(panels)), squeeze=False)[0]
    for ax, (rates, title, fair_share, what) in zip(axes, panels, strict=False):
        _rate_bars(ax, rates, title, fair_share, what)
    if not panels:
        axes[0].text(0.5, 0.5, "no decided games", ha="center", va="center")
        axes[0].set_axis_off()
    fig.suptitle(sec.heading, fontsize=11)
    return fig


def scores_figure(sec: Section) -> Figure:
    """Score distributions: a box plot per seat (and the team or solo score's histogram)."""
    per_seat = [(f"seat {s}", v) for s, v in enumerate(sec.scores) if v]
    n = (1 if per_seat and not sec.shared else 0) + (1 if sec.team_scores else 0)
    fig = Figure(figsize=(4.2 * max(1, n), 3.0), layout="constrained")
    axes = list(fig.subplots(1, max(1, n), squeeze=False)[0])
    if per_seat and not sec.shared:
        ax = axes.pop(0)
        ax.boxplot([v for _, v in per_seat], showmeans=True)
        ax.set_xticks(range(1, len(per_seat) + 1), [label for label, _ in per_seat], fontsize=8)
        ax.set_ylabel("final score")
        ax.set_title("score per seat (box: quartiles, ▲ mean)", fontsize=10)
    if sec.team_scores:
        ax = axes.pop(0)
        ax.hist(sec.team_scores, bins=min(30, max(5, len(set(sec.team_scores)))), color=BAR, alpha=0.85)
        ax.set_xlabel("team score" if sec.kind == "cooperative" else "score")
        ax.set_ylabel("games")
        ax.set_title("team score" if sec.kind == "cooperative" else "score", fontsize=10)
    for ax in axes:
        ax.text(0.5, 0.5, "no scores", ha="center", va="center")
        ax.set_axis_off()
    fig.suptitle(sec.heading, fontsize=11)
    return fig


def length_figure(sec: Section) -> Figure:
    """Game length in decisions, and decisions per second of each game."""
    fig = Figure(figsize=(8.4, 2.8), layout="constrained")
    left, right = fig.subplots(1, 2)
    left.hist(sec.lengths, bins=min(30, max(5, len(set(sec.lengths)))), color=BAR, alpha=0.85)
    left.axvline(sec.length.mean, color=GREY, linestyle="--", linewidth=1)
    left.set_xlabel("decisions per game")
    left.set_ylabel("games")
    left.set_title(f"game length (mean {sec.length.mean:.1f})", fontsize=10)
    if sec.speed.per_game:
        right.hist(sec.speed.per_game, bins=min(30, max(5, len(sec.speed.per_game) // 4)), color=GREY,
                   alpha=0.85)
        right.set_xlabel("decisions per second (one game)")
        right.set_ylabel("games")
        right.set_title(f"speed ({sec.speed.overall:,.0f} decisions/s overall)", fontsize=10)
    else:
        right.text(0.5, 0.5, "no timings", ha="center", va="center")
        right.set_axis_off()
    fig.suptitle(sec.heading, fontsize=11)
    return fig


def breakdown_figure(title: str, stats: Sequence[GroupStat], what: str, reference: float) -> Figure:
    """Horizontal bars: each label's rate and mean score with 95% intervals; flagged labels
    coloured (green above the rest's interval, red below)."""
    rows = list(reversed(stats))  # highest rate at the top
    height = 1.0 + 0.19 * len(rows)
    fig = Figure(figsize=(9.0, max(2.4, height)), layout="constrained")
    with_scores = any(g.score is not None for g in rows)
    axes = fig.subplots(1, 2 if with_scores else 1, squeeze=False, sharey=True)[0]
    ys = range(len(rows))
    colours = [HIGH if g.flag == "high" else LOW if g.flag == "low" else BAR for g in rows]
    ax = axes[0]
    ax.barh(ys, [g.rate.rate for g in rows], color=colours, alpha=0.85,
            xerr=[[max(0.0, g.rate.rate - g.rate.low) for g in rows],
                  [max(0.0, g.rate.high - g.rate.rate) for g in rows]],
            error_kw={"elinewidth": 0.8, "capsize": 2})
    ax.axvline(reference, color=GREY, linestyle="--", linewidth=1, label=f"all {reference:.1%}")
    ax.set_yticks(list(ys), [f"{g.label} ({g.rate.games})" for g in rows], fontsize=7)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_xlim(0, 1)
    ax.set_xlabel(what)
    ax.legend(fontsize=7, loc="lower right")
    if with_scores:
        sx = axes[1]
        pts = [(y, g.score) for y, g in zip(ys, rows, strict=True) if g.score is not None]
        sx.errorbar([m.mean for _, m in pts], [y for y, _ in pts],
                    xerr=[[max(0.0, m.mean - m.low) for _, m in pts],
                          [max(0.0, m.high - m.mean) for _, m in pts]],
                    fmt="o", markersize=3, color=BAR, elinewidth=0.8, capsize=2)
        sx.set_xlabel("mean score")
        sx.grid(axis="x", alpha=0.3)
    fig.suptitle(title, fontsize=11)
    return fig
