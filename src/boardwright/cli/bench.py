"""`boardwright bench`: playout, clone and ISMCTS speed per game."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from ..engine import games
from .common import game_spec, out_console


def bench_cmd(
    game_id: Annotated[str | None, typer.Argument(metavar="[GAME]", help="one game (default: all)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")] = False,
    seconds: Annotated[float, typer.Option(help="time budget per game, in seconds", min=0.01)] = 3.0,
    search_workers: Annotated[int, typer.Option(
        "--search-workers", min=0, max=64,
        help="also time root-parallel ISMCTS in this many processes (0.25 s a decision)")] = 0,
) -> None:
    """Random-playout speed, clone() against copy.deepcopy, ISMCTS iterations/s and the
    PettingZoo environment's steps/s (and its ratio to the random playouts), per game."""
    from ..bench import bench, machine

    ids = [game_spec(game_id).id] if game_id else games()
    rows = bench(ids, seconds, search_workers)
    console = out_console()
    if as_json:
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return
    console.print(
        f"[bold]boardwright bench[/] ({seconds:g} s per game): random playouts; clone() "
        "against copy.deepcopy of a state 40% into a random game; ISMCTS (searches of 25 "
        "iterations, default settings) on positions of a random game; the PettingZoo AEC "
        "environment playing random legal actions from its masks"
    )
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("measure")
    for r in rows:
        table.add_column(r["game"], justify="right")
    measures: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        ("players", lambda r: str(r["players"])),
        ("random playout decisions/s", lambda r: f"{r['decisions_per_s']:,.0f}"),
        ("complete games/s", lambda r: f"{r['games_per_s']:,.1f}"),
        ("clone() µs", lambda r: f"{r['clone_us']:,.1f}"),
        ("copy.deepcopy µs", lambda r: f"{r['deepcopy_us']:,.1f}"),
        ("deepcopy / clone", lambda r: f"{r['clone_ratio']}×"),
        ("ISMCTS iterations/s", lambda r: f"{r['ismcts_iters_per_s']:,.0f}"),
        ("PettingZoo env steps/s", lambda r: _maybe(r.get("env_steps_per_s"), "{:,.0f}")),
        ("env ÷ random playouts", lambda r: _maybe(r.get("env_ratio"), "{:.2f}")),
    ]
    if search_workers:
        measures += [
            (f"ISMCTS in {search_workers} processes, iterations/s",
             lambda r: f"{r['ismcts_parallel_iters_per_s']:,.0f}"),
            ("  of which per process", lambda r: f"{r['ismcts_parallel_per_process']:,.0f}"),
        ]
    for label, fmt in measures:
        table.add_row(label, *(fmt(r) for r in rows))
    console.print(table)
    m = machine()
    load = rows[0].get("load_average") if rows else None
    console.print(
        f"{m['python']} on {m['machine']}"
        + (f", load average {load} when the first game ran" if load is not None else "")
    )


def _maybe(value: float | None, fmt: str) -> str:
    """A figure, or a dash where it was not measured (the env needs the `sim` extra)."""
    return "—" if value is None else fmt.format(value)
