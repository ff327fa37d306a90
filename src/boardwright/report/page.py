"""The report page: one HTML file with its plots beside it, readable offline.

`write_report(rows, folder)` computes the sections (report/stats.py), draws the plots
(report/figures.py), asks the game's `balance` hook for its panels and writes
`folder/index.html`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from .. import __version__
from ..engine import UnknownGame, game
from ..simulate import Mean, Rate
from . import figures
from .panels import Panel, Table
from .stats import Section, breakdown_stats, overall, quantiles, sections

CSS = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 68em; padding: 0 1em;
       color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; } h3 { margin-top: 1.4em; }
table { border-collapse: collapse; margin: .6em 0 1em; font-size: 13px; }
th, td { padding: .2em .7em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f3f3; }
tr.high td { background: #e7f5e7; } tr.low td { background: #fbe7e7; }
img { max-width: 100%; display: block; margin: .6em 0; }
.meta, .note { color: #555; } .warn { color: #a33; }
"""


FLAGS = {"high": "above the rest", "low": "below the rest"}


@dataclass
class Report:
    """What `write_report` wrote: the page, its images, and warnings (a failing hook)."""

    page: Path
    images: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)


def pct(x: float) -> str:
    return f"{x:.1%}"


def ci(r: Rate) -> str:
    return f"{pct(r.low)}–{pct(r.high)}"


def mean_cells(m: Mean | None) -> list[str]:
    if m is None or m.n == 0:
        return ["", ""]
    return [f"{m.mean:.2f}", f"{m.low:.2f}–{m.high:.2f}" if m.n > 1 else ""]


def table(columns: Sequence[str], rows: Sequence[Sequence[Any]], classes: Sequence[str] = ()) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = []
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if i < len(classes) and classes[i] else ""
        body.append(f"<tr{cls}>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in row) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)


def _rate_rows(rates: Sequence[Rate]) -> list[list[str]]:
    return [[r.label, str(r.games), f"{r.wins:g}", pct(r.rate), ci(r)] for r in rates]


class _Page:
    def __init__(self, folder: Path, fmt: str) -> None:
        self.folder, self.fmt = folder, fmt
        self.parts: list[str] = []
        self.images: list[Path] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def p(self, text: str, cls: str = "") -> None:
        self.add(f"<p{f' class={chr(34)}{cls}{chr(34)}' if cls else ''}>{html.escape(text)}</p>")

    def image(self, fig: Figure, name: str, alt: str) -> None:
        path = figures.save(fig, self.folder / f"{name}.{self.fmt}")
        self.images.append(path)
        self.add(f'<img src="{html.escape(path.name)}" alt="{html.escape(alt)}">')


def _section(page: _Page, sec: Section, i: int) -> None:
    page.add(f'<h2 id="s{i}">{html.escape(sec.heading)}</h2>')
    lineups = "; ".join(f"{lineup} ({n} games)" for lineup, n in sec.lineups)
    page.p(f"{sec.games} games; bots by seat: {lineups}.", "meta")
    page.image(figures.rates_figure(sec), f"s{i}-rates", f"rates, {sec.heading}")
    cols = ["", "games", "count", "rate", "95% CI"]
    if sec.shared:
        if sec.success is not None:
            page.add("<h3>Success rate</h3>")
            page.add(table(cols, _rate_rows([sec.success])))
            if len(sec.per_lineup) > 1:
                page.add("<h3>Success rate per bot lineup</h3>")
                page.add(table(["lineup", "games", "won", "rate", "95% CI"], _rate_rows(sec.per_lineup)))
        else:
            page.p("These games have no win or loss (a score-only game): see the score below.", "note")
        if sec.team_mean is not None:
            label = "mean team score" if sec.kind == "cooperative" else "mean score"
            page.add(table(["", "games", "mean", "95% CI", "stdev"],
                           [[label, str(sec.team_mean.n), *mean_cells(sec.team_mean),
                             f"{sec.team_mean.stdev:.2f}"]]))
        page.p("Every seat shares the result, so there is no per-seat win rate or first-player "
               "advantage in this kind of game.", "note")
    else:
        if sec.success is not None:
            page.add("<h3>Shared goal</h3>")
            page.add(table(cols, _rate_rows([sec.success])))
        page.add("<h3>Win rate per seat</h3>")
        seat_bot = sec.lineups[0][0].split(", ") if len(sec.lineups) == 1 else []
        page.add(table(["seat", "bot", "wins", "win rate", "95% CI", "mean score", "95% CI"],
                       [[r.label, seat_bot[s] if seat_bot else "(varies)", f"{r.wins:g}", pct(r.rate),
                         ci(r), *mean_cells(sec.score_means[s])] for s, r in enumerate(sec.per_seat)]))
        page.add("<h3>First-player advantage</h3>")
        adv = sec.first_advantage
        if adv is not None:
            fair = 1.0 / sec.players
            page.p(f"The first player won {pct(sec.per_position[0].rate)} of {sec.positioned} games "
                   f"against a fair share of {pct(fair)}: an advantage of {adv[0]:+.1%} "
                   f"(95% CI {adv[1]:+.1%} to {adv[2]:+.1%}).")
            page.add(table(["turn position", "games", "wins", "win rate", "95% CI"],
                           _rate_rows(sec.per_position)))
        else:
            page.p("The first player is not recorded in these results (version 1 lines): "
                   "re-run simulate to measure it.", "note")
        if len(sec.per_bot) > 1:
            page.add("<h3>Win rate per bot (all seats)</h3>")
            page.add(table(["bot", "seat-games", "wins", "win rate", "95% CI"], _rate_rows(sec.per_bot)))
        if sec.nobody is not None and sec.nobody.wins:
            page.add(table(cols, _rate_rows([sec.nobody])))
    page.add("<h3>Scores, game length and speed</h3>")
    page.image(figures.scores_figure(sec), f"s{i}-scores", f"scores, {sec.heading}")
    page.image(figures.length_figure(sec), f"s{i}-length", f"game length, {sec.heading}")
    lo, med, hi = quantiles(sec.speed.per_game)
    page.add(table(["", "mean", "95% CI", "stdev", "min", "max"],
                   [["decisions per game", *mean_cells(sec.length), f"{sec.length.stdev:.2f}",
                     str(min(sec.lengths)), str(max(sec.lengths))]]))
    page.p(f"Speed: {sec.speed.overall:,.0f} decisions per second over {sec.speed.seconds:.2f} s of play "
           f"({sec.speed.decisions:,} decisions; per game: median {med:,.0f}, 10th percentile "
           f"{lo:,.0f}, 90th {hi:,.0f}). Timings are of the games themselves, in their worker.", "meta")


def _panel(page: _Page, panel: Panel, j: int) -> None:
    page.add(f"<h3>{html.escape(panel.title)}</h3>")
    if panel.note:
        page.p(panel.note, "note")
    if isinstance(panel, Table):
        page.add(table(panel.columns, panel.rows))
        return
    stats = breakdown_stats(panel)
    if not stats:
        page.p("Nothing to show: no observations.", "note")
        return
    everything = overall(panel)
    page.image(figures.breakdown_figure(panel.title, stats, panel.what, everything.rate),
               f"panel-{j}", panel.title)
    flagged = [g for g in stats if g.flag]
    if panel.flag:
        page.p(f"All {everything.games} {panel.unit}: {panel.what} {pct(everything.rate)} "
               f"({ci(everything)}). Flagged ({len(flagged)}): a {panel.what} outside the 95% "
               "interval of all the others pooled, whose own interval also excludes theirs.", "meta")
    page.add(table(["", panel.unit, "wins", panel.what, "95% CI", "mean score", "95% CI", "flag"],
                   [[g.label, str(g.rate.games), f"{g.rate.wins:g}", pct(g.rate.rate), ci(g.rate),
                     *mean_cells(g.score), FLAGS.get(g.flag, "")] for g in stats],
                   [g.flag for g in stats]))


def _game_panels(game_id: str, rows: list[dict[str, Any]], warnings: list[str]) -> list[Panel] | None:
    """The game's balance panels; None when it has no hook (or is not registered here)."""
    try:
        hook = game(game_id).hook("balance")
    except UnknownGame:
        return None
    if hook is None:
        return None
    try:
        return list(hook.panels(rows))
    except Exception as exc:  # a title's bug must not hide the generic report
        warnings.append(f"the game's balance panels failed: {type(exc).__name__}: {exc}")
        return []


def write_report(rows: list[dict[str, Any]], folder: Path, source: str = "", fmt: str = "png") -> Report:
    """Write `folder/index.html` and its plots for checked results lines of one game."""
    if fmt not in figures.FORMATS:
        raise ValueError(f"format must be one of {', '.join(figures.FORMATS)}, got {fmt!r}")
    folder.mkdir(parents=True, exist_ok=True)
    game_id = str(rows[0]["game"])
    defaults: Callable[[int], Mapping[str, Any]] | None = None
    try:
        spec = game(game_id)
        title = spec.title

        def defaults(players: int) -> Mapping[str, Any]:
            try:
                return spec.default_options(players)
            except ValueError:
                return {}
    except UnknownGame:
        title = game_id
    page = _Page(folder, fmt)
    report = Report(folder / "index.html")
    secs = sections(rows, defaults)
    report.sections = secs
    seeds = [int(r["seed"]) for r in rows]
    versions = sorted({int(r["version"]) for r in rows})
    page.add(f"<h1>Balance report: {html.escape(title)}</h1>")
    page.p(f"{len(rows)} games{f' from {source}' if source else ''}, seeds {min(seeds)}..{max(seeds)}; "
           f"results format version {', '.join(map(str, versions))}; boardwright {__version__}. "
           "Rates carry 95% Wilson score intervals, means 95% t intervals; a shared competitive "
           "win counts 1/k for each of the k winners.", "meta")
    page.add("<ul>" + "".join(f'<li><a href="#s{i}">{html.escape(s.heading)}</a> ({s.games} games)</li>'
                              for i, s in enumerate(secs))
             + '<li><a href="#components">Components</a></li></ul>')
    for i, sec in enumerate(secs):
        _section(page, sec, i)
    page.add('<h2 id="components">Components</h2>')
    panels = _game_panels(game_id, rows, report.warnings)
    for warning in report.warnings:
        page.p(warning, "warn")
    if panels is None:
        page.p("This game has no balance hook: the generic figures above are the whole report.", "note")
    elif not panels and not report.warnings:
        page.p("No per-game component fields in these results (lines written before version 2, "
               "or without the game's balance hook): re-run simulate to get them.", "note")
    for j, panel in enumerate(panels or []):
        _panel(page, panel, j)
    body = "\n".join(page.parts)
    report.page.write_text(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>Balance report: {html.escape(title)}</title><style>{CSS}</style></head>\n"
        f"<body>\n{body}\n</body></html>\n", encoding="utf-8")
    report.images = page.images
    return report
