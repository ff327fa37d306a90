"""`boardwright replay`: step through a saved game record."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ..engine import IllegalAction, UnknownGame, games, replay
from .common import failure, log_line, out_console, usage
from .views import render_outcome


def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (JSON, from --save)")],
    step: Annotated[bool, typer.Option("--step", help="one action per Enter ('q' stops stepping)")] = False,
) -> None:
    """Step through a saved game record: the log, then the outcome."""
    if not file.is_file():
        usage(f"no such file: {file}")
    console = out_console()
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
        if not isinstance(record, dict):
            raise ValueError("a record is a JSON object")
        if "game" in record and str(record["game"]) not in games():
            failure(f"{file}: the record is for an unknown game {record['game']!r} "
                    f"(known games: {', '.join(games())})")
        state = replay(record, upto=0)
        actions = record["actions"]
        if not isinstance(actions, list):
            raise ValueError("'actions' must be a list")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        failure(f"{file} is not a game record: {exc}")
    except UnknownGame as exc:
        failure(f"{file}: {exc}")
    console.print(f"[bold]{escape(state.spec.title)}[/], {state.players} players, seed {state.seed}, "
                  f"{len(actions)} actions")
    shown = 0

    def flush() -> None:
        nonlocal shown
        entries = state.log[shown:]
        shown += len(entries)
        for entry in entries:
            console.print(log_line(entry.to_dict(), private_note=True))

    flush()
    stepping = step
    for i, item in enumerate(actions):
        try:
            seat, action_id = int(item[0]), str(item[1])
            label = next((a.label for a in state.legal_actions(seat) if a.id == action_id), action_id)
            state.apply(seat, action_id)
        except (IllegalAction, ValueError, TypeError, IndexError) as exc:
            failure(f"{file}: action {i + 1} {item!r} cannot be replayed: {exc}")
        console.print(f"[bold]{i + 1}. seat {seat}:[/] {escape(label)} [dim]\\[{escape(action_id)}][/]")
        flush()
        if stepping and i + 1 < len(actions):
            try:
                answer = console.input("[dim](Enter: next, q: run to the end)[/] ")
            except EOFError:
                answer = "q"
            if not sys.stdin.isatty():
                console.print()
            if answer.strip().lower() in ("q", "quit"):
                stepping = False
    render_outcome(console, state.outcome(), {})

