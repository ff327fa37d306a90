"""`boardwright report`: a balance report (an HTML page with plots) from a `simulate --out` file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from .common import failure, out_console, usage


def default_folder(results: Path) -> Path:
    """`games.jsonl` -> `games-report/` beside it."""
    return results.with_name(f"{results.stem}-report")


def write(rows: list[dict[str, Any]], folder: Path, source: str, fmt: str) -> None:
    """Write the report and say where it is; a failure to write exits 1."""
    from ..report.page import write_report

    try:
        report = write_report(rows, folder, source=source, fmt=fmt)
    except OSError as exc:
        failure(f"could not write the report in {folder}: {exc}")
    console = out_console()
    for warning in report.warnings:
        console.print(f"[yellow]warning:[/] {escape(warning)}", soft_wrap=True)
    n = len(report.sections)
    console.print(f"report: {escape(str(report.page))} ({len(report.images)} plots, "
                  f"{n} section{'s' if n != 1 else ''})", soft_wrap=True)


def report(
    results: Annotated[Path, typer.Argument(metavar="RESULTS.jsonl",
                                            help="a file written by simulate --out")],
    out: Annotated[Path | None, typer.Option(
        help="the report's folder (default: RESULTS-report beside the file)")] = None,
    fmt: Annotated[str, typer.Option("--format", help="plot images: png or svg")] = "png",
) -> None:
    """A balance report from a simulation: an HTML page with plots and the numbers behind them.

    For every player count and set of options in the file: win rate (success rate in co-op
    and solo games) per seat, per turn position and per bot with 95% intervals, the
    first-player advantage, score distributions per seat, game length and decisions per
    second; then the game's own component figures when it has a `balance` hook. A bad or
    mixed file (two games, an unknown version, a damaged line) is refused naming the line.
    """
    from ..report.load import ResultsError, read_results

    if fmt not in ("png", "svg"):
        usage(f"bad --format {fmt!r}: choose png or svg")
    if not results.is_file():
        usage(f"no such file: {results}")
    try:
        rows = read_results(results)
    except ResultsError as exc:
        failure(f"{results}: {exc}")
    except OSError as exc:
        failure(f"could not read {results}: {exc}")
    write(rows, out or default_folder(results), results.name, fmt)
