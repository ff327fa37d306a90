"""`boardwright simulate`: batch play between bots, with a summary table."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .common import (
    GameArg,
    OptionOpt,
    bots_for,
    failure,
    game_spec,
    not_default,
    out_console,
    parse_options,
    player_count,
    setup_options,
    usage,
)

if TYPE_CHECKING:
    from ..simulate import GameResult, Rate, Summary


def _print_table(console: Console, table: Table) -> None:
    """A table in full: never an ellipsis. On a terminal narrower than the table the long
    columns (bots, intervals) wrap; when the output is piped or redirected the table gets the
    width it needs, whatever COLUMNS says."""
    if console.is_terminal:
        console.print(table)
        return
    wide = Console(file=console.file, width=max(console.width, 1000), highlight=False, emoji=False,
                   color_system=None, force_terminal=False)
    wide.print(table)


class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        # games finished over the time since the start, not Rich's short moving window (which
        # claimed thousands of games/s when two games ended at once)
        elapsed = task.finished_time if task.finished else task.elapsed
        if not elapsed or not task.completed:
            return Text("")
        return Text(f"{task.completed / elapsed:.1f} games/s", style="progress.data.speed")


def simulate(
    game_id: GameArg,
    games_n: Annotated[int, typer.Option("--games", "-n", help="how many games", min=1)],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    bots: Annotated[str, typer.Option(help="bots per seat, comma list, cycled")] = "random",
    seed: Annotated[int, typer.Option(help="game i uses seed S+i (0 or more)", min=0)] = 0,
    option: OptionOpt = None,
    out: Annotated[Path | None, typer.Option(help="write one JSON line per game here")] = None,
    workers: Annotated[int | None, typer.Option(help="worker processes (default: the CPU count)",
                                                min=1)] = None,
    backend: Annotated[str, typer.Option(help="local (a process pool) or ray (Ray tasks)")] = "local",
    ray_address: Annotated[str | None, typer.Option(help="join this Ray cluster (--backend ray)")] = None,
    rotate: Annotated[bool, typer.Option(help="rotate the bots one seat further each game")] = False,
    records: Annotated[Path | None, typer.Option(help="save each game's record in this folder")] = None,
    report: Annotated[Path | None, typer.Option(help="write a balance report (HTML with plots) in this "
                                                     "folder, as `boardwright report` does")] = None,
) -> None:
    """Batch play between bots, with a progress bar and a summary that follows the outcome kind.

    Competitive: win rates per seat and per bot (a shared victory counts 1/k of a win for
    each of the k winners). Cooperative and solo: the success rate and the mean team (solo)
    score. Semi-cooperative: how often the shared goal was met, then win rates per seat and
    the share of games nobody won. Rates carry 95% Wilson score intervals, mean scores 95%
    t intervals. Results depend only on the command and the seed, never on --workers or
    --backend. `--report DIR` then writes the balance report of these games (see `report`).
    """
    import os

    from ..simulate import BACKENDS, summarize
    from ..simulate import simulate as run_simulation

    spec = game_spec(game_id)
    n = player_count(spec, players)
    options = setup_options(spec, n, parse_options(option))
    kind = spec.kind_of_outcome(n, options)
    bots_for(bots, list(range(n)))
    if backend not in BACKENDS:
        usage(f"bad --backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if ray_address and backend != "ray":
        usage("--ray-address needs --backend ray")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            failure("--backend ray needs Ray: pip install 'boardwright[sim]'")
    n_workers = workers or os.cpu_count() or 1
    # --out is opened before any game is played (a bad path fails now, not after the run), and
    # each line is written as soon as it and every earlier game are done (seed order)
    out_file: IO[str] | None = None
    if out is not None:
        try:
            out_file = out.open("w", encoding="utf-8")
        except OSError as exc:
            failure(f"could not write {out}: {exc}")
    written: dict[int, GameResult] = {}
    next_line = 0

    def write_line(index: int, result: GameResult) -> None:
        nonlocal next_line
        if out_file is None:
            return
        written[index] = result
        while next_line in written:
            out_file.write(json.dumps(written.pop(next_line).to_dict(), separators=(",", ":")) + "\n")
            next_line += 1
        out_file.flush()

    save: Callable[[int, dict[str, Any]], None] | None = None
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            failure(f"could not create {records}: {exc}")
        width = len(str(seed + games_n - 1))

        def save(index: int, record: dict[str, Any]) -> None:
            path = records / f"{spec.id}-{str(seed + index).zfill(width)}.json"
            path.write_text(json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8")

    console = out_console()
    start = time.perf_counter()
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(),
                      TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                      console=console, disable=not console.is_terminal) as progress:
            task = progress.add_task(f"{spec.id}, {n} players", total=games_n)
            results = run_simulation(spec.id, games_n, n, bots, seed, options, n_workers,
                                     progress=lambda _r: progress.advance(task), backend=backend,
                                     ray_address=ray_address, rotate=rotate, records=save,
                                     on_result=write_line)
    except ConnectionError as exc:
        failure(str(exc))
    except OSError as exc:
        failure(f"could not write {'--out' if out_file is not None else 'a record'}: {exc}")
    finally:
        if out_file is not None:
            out_file.close()
    wall = time.perf_counter() - start
    summary = summarize(results)
    chosen = not_default(spec, options)
    heading = (f"{spec.title}: {games_n} games, {n} player{'s' if n != 1 else ''}, {kind}"
               + (f" ({chosen})" if chosen else "")
               + f", seeds {seed}..{seed + games_n - 1}" + (", bots rotated" if rotate else ""))
    console.print(f"[bold]{escape(heading)}[/]", soft_wrap=True)
    if kind in ("cooperative", "solo"):
        _shared_tables(console, summary, results, "Success" if kind == "cooperative" else "Solo results",
                       kind, rotate)
    else:
        if kind == "semi-cooperative" and summary.success is not None:
            _print_table(console, _rates_table("Shared goal", [summary.success]))
        _seat_tables(console, summary, results, "Win rates per seat", rotate)
        if kind == "semi-cooperative" and summary.nobody is not None:
            _print_table(console, _rates_table("Nobody won", [summary.nobody]))
    note = "shared wins count 1/k for each of k winners · " if kind not in ("cooperative", "solo") else ""
    console.print(f"{note}game length "
                  f"{summary.decisions_mean:.1f} ± {summary.decisions_stdev:.1f} decisions "
                  f"({summary.decisions_min}–{summary.decisions_max}) · "
                  f"{summary.decisions_total / wall if wall > 0 else 0:,.0f} decisions/s "
                  f"({wall:.2f} s wall, {backend} backend, {n_workers} worker{'s' if n_workers > 1 else ''})",
                  soft_wrap=True)
    if out is not None:
        console.print(f"{len(results)} games written to {escape(str(out))}", soft_wrap=True)
    if records is not None:
        console.print(f"{len(results)} records saved in {escape(str(records))}", soft_wrap=True)
    if report is not None:
        from ..report.load import check_row
        from .report import write

        write([check_row(r.to_dict(), i + 1) for i, r in enumerate(results)], report,
              out.name if out is not None else f"simulate {spec.id}", "png")



def _rates_table(title: str, rates: list[Rate]) -> Table:
    table = Table(title=title, title_justify="left")
    for col in ("", "games", "count", "rate", "95% CI"):
        table.add_column(col, justify="left" if not col else "right", overflow="fold")
    for rate in rates:
        table.add_row(escape(rate.label), str(rate.games), f"{rate.wins:g}", f"{rate.rate:.1%}",
                      f"{rate.low:.1%}–{rate.high:.1%}")
    return table


def _seat_tables(console: Console, summary: Summary, results: list[GameResult], heading: str,
                 rotate: bool) -> None:
    """Win rates per seat and (with several bots or rotation) per bot."""
    table = Table(title=escape(heading), title_justify="left")
    for col in ("seat", "bot", "wins", "win rate", "95% CI", "mean score", "stdev"):
        table.add_column(col, justify="left" if col in ("seat", "bot") else "right", overflow="fold")
    seat_bots = results[0].bots if results and not rotate else []
    for s, rate in enumerate(summary.per_seat):
        table.add_row(str(s), escape(seat_bots[s] if s < len(seat_bots) else "(rotated)" if rotate else ""),
                      f"{rate.wins:g}", f"{rate.rate:.1%}", f"{rate.low:.1%}–{rate.high:.1%}",
                      f"{summary.score_mean[s]:.2f}", f"{summary.score_stdev[s]:.2f}")
    _print_table(console, table)
    if len(summary.per_bot) > 1 or rotate:
        bots_table = Table(title="Per bot (all seats)", title_justify="left")
        for col in ("bot", "seat-games", "wins", "win rate", "95% CI", "mean score", "stdev"):
            bots_table.add_column(col, justify="left" if col == "bot" else "right", overflow="fold")
        for rate in summary.per_bot:
            bots_table.add_row(escape(rate.label), str(rate.games), f"{rate.wins:g}", f"{rate.rate:.1%}",
                               f"{rate.low:.1%}–{rate.high:.1%}",
                               f"{summary.bot_score_mean.get(rate.label, 0.0):.2f}",
                               f"{summary.bot_score_stdev.get(rate.label, 0.0):.2f}")
        _print_table(console, bots_table)


def _shared_tables(console: Console, summary: Summary, results: list[GameResult], heading: str,
                   kind: str, rotate: bool) -> None:
    """Cooperative and solo: the success rate and the mean team (solo) score, with 95% intervals."""
    table = Table(title=escape(heading), title_justify="left")
    for col in ("", "games", "value", "95% CI", "stdev"):
        table.add_column(col, justify="left" if not col else "right", overflow="fold")
    if summary.success is not None:
        rate = summary.success
        table.add_row("success rate", str(rate.games), f"{rate.rate:.1%} ({rate.wins:g} won)",
                      f"{rate.low:.1%}–{rate.high:.1%}", "")
    score = summary.team_score
    if score is not None:
        label = "mean team score" if kind == "cooperative" else "mean score"
        table.add_row(label, str(score.n), f"{score.mean:.2f}", f"{score.low:.2f}–{score.high:.2f}",
                      f"{score.stdev:.2f}")
    _print_table(console, table)
    if results and not rotate:
        lineup = ", ".join(f"seat {s}: {b}" for s, b in enumerate(results[0].bots))
        console.print(f"bots: {escape(lineup)}")
