"""The `boardwright` command line (Typer + Rich).

Exit codes: 0 success, 2 bad usage (the message names the bad argument), 1 failure.

One module per command (listing, play, replay, simulate, data, bench, serve), helpers shared
by them in common.py, terminal rendering of views (each game's `terminal_view` hook) and of
every outcome kind in views.py. No module here imports a title or names a game: games are
reached through their spec and hooks. This module builds the Typer app from them, in the
order the commands appear in `--help`.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.markup import escape

from .. import __version__
from .bench import bench_cmd
from .common import GameArg, OptionOpt, err_console, failure, out_console, parse_options, usage
from .data import DataHook, DataReport, data_export, data_hook, data_validate
from .listing import list_games
from .play import HELP_TEXT, LOG_LINES, Session, play
from .replay import replay_cmd
from .report import report
from .serve import serve
from .simulate import RateColumn, simulate
from .views import render_generic, render_outcome, render_view

__all__ = [
    "HELP_TEXT",
    "LOG_LINES",
    "DataHook",
    "DataReport",
    "GameArg",
    "OptionOpt",
    "RateColumn",
    "Session",
    "app",
    "bench_cmd",
    "data_app",
    "data_export",
    "data_hook",
    "data_validate",
    "failure",
    "list_games",
    "main",
    "parse_options",
    "play",
    "render_generic",
    "render_outcome",
    "render_view",
    "replay_cmd",
    "report",
    "serve",
    "simulate",
    "usage",
]

app = typer.Typer(
    name="boardwright",
    help="Digital editions of modern board games: play, simulate, replay, benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
data_app = typer.Typer(
    help="Data packs: check one, or write a game's shipped data as a pack to edit.",
    no_args_is_help=True,
)
app.add_typer(data_app, name="data")

app.command("list")(list_games)
app.command()(play)
app.command("replay")(replay_cmd)
app.command()(simulate)
app.command()(report)
data_app.command("validate")(data_validate)
data_app.command("export")(data_export)
app.command("bench")(bench_cmd)


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="print the version and exit")] = False,
) -> None:
    if version:
        out_console().print(f"boardwright {__version__}")
        raise typer.Exit(0)


app.command()(serve)
app.command(name="loadtest")(__import__(f"{__name__}.loadtest", fromlist=["loadtest"]).loadtest)


def main() -> None:
    """Run the command line. Click's own usage errors (an unknown command, a flag value of the
    wrong type) are printed as the one-line `error:` every other bad usage uses, exit code 2."""
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            app([*sys.argv[1:], "--help"])  # a group called bare shows its help, as before
        fmt = getattr(exc, "format_message", None)
        message = fmt() if callable(fmt) else str(exc)
        command = getattr(getattr(exc, "ctx", None), "command_path", "boardwright")
        err_console().print(f"[bold red]error:[/] {escape(message)} (see '{escape(command)} --help')",
                            soft_wrap=True)
        sys.exit(int(getattr(exc, "exit_code", 2)))
    except typer.Abort:
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
