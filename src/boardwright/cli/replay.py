"""`boardwright replay`: step through a saved game record."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from ..engine import IllegalAction, UnknownGame, games, replay
from . import savefile
from .common import failure, out_console, print_log, usage
from .views import glossary, render_outcome, render_view


def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (JSON, from --save)")],
    step: Annotated[bool, typer.Option("--step", help="one action per Enter, with the board after "
                                                      "each ('q' stops stepping)")] = False,
) -> None:
    """Step through a saved game record: who played each seat, the log, the board, the outcome."""
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
    seats = savefile.seats_of(record)
    labels = {s: ("person" if who == savefile.HUMAN else who) for s, who in seats.items()}
    head = Text(state.spec.title, style="bold")
    head.append(f", {state.players} players, seed {state.seed}, {len(actions)} actions")
    console.print(head)
    console.print(Text("Seats: " + (", ".join(f"seat {s}: {w}" for s, w in sorted(labels.items()))
                                    if labels else "not recorded (an older record)")))
    shown = 0
    last_round: int | None = None
    try:  # a game that numbers its rounds its own way names them in its view
        round_names = state.view(None, log=False).get("round_names")
    except ValueError:  # a position still waiting for chance has no view yet
        round_names = None

    def flush() -> None:
        nonlocal shown, last_round
        entries = state.log[shown:]
        shown += len(entries)
        last_round = print_log(console, [e.to_dict() for e in entries], labels, private_note=True,
                               last_round=last_round, round_names=round_names)

    flush()
    stepping = step
    for i, item in enumerate(actions):
        try:
            seat, action_id = int(item[0]), str(item[1])
            label = next((a.label for a in state.legal_actions(seat) if a.id == action_id), action_id)
            state.apply(seat, action_id)
        except (IllegalAction, ValueError, TypeError, IndexError) as exc:
            failure(f"{file}: action {i + 1} {item!r} cannot be replayed: {exc}")
        line = Text(f"{i + 1}. seat {seat}" + (f" ({labels[seat]})" if seat in labels else "") + ": ",
                    style="bold")
        line.append(label)
        line.append(f" [{action_id}]", style="dim")
        console.print(line)
        flush()
        if stepping and i + 1 < len(actions):
            render_view(console, state.view(None), None)
            try:
                answer = console.input(Text("(Enter: next, q: run to the end) ", style="dim"))
            except (EOFError, KeyboardInterrupt):
                answer = "q"
            if not sys.stdin.isatty():
                console.print()
            if answer.strip().lower() in ("q", "quit"):
                stepping = False
    console.rule("Game over" if state.over else f"Not finished after {len(actions)} actions")
    render_view(console, state.view(None), None)
    names = {k: n for k, (n, _) in glossary(state.spec.id, state.players, dict(state.options)).items()}
    render_outcome(console, state.outcome(), labels, names)
