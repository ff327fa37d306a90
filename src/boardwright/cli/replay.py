"""`boardwright replay`: step through a saved game record, forwards and back."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ..engine import GameState, IllegalAction, UnknownGame, games, replay
from . import savefile
from .common import not_default, out_console, print_log, usage
from .views import glossary, render_outcome, render_view

STEP_PROMPT = "(Enter: next, b: back one action, q: run to the end) "


def _load(file: Path) -> tuple[dict[str, Any], list[tuple[int, str]], GameState]:
    """The record, its moves and the game before the first move; bad usage (exit 2) naming
    what is wrong with a damaged record, as `play --resume` does."""
    if not file.is_file():
        usage(f"no such file: {file}")
    bad = f"{file} is not a game record this version can replay"
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        usage(f"{bad}: it is not text")
    except json.JSONDecodeError as exc:
        usage(f"{bad}: it is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg.lower()})")
    except OSError as exc:
        usage(f"cannot read {file}: {exc.strerror or exc}")
    if not isinstance(record, dict):
        usage(f"{bad}: a record is a JSON object with game, players, seed, options and actions")
    if "game" in record and str(record["game"]) not in games():
        usage(f"{bad}: it is a game of {str(record['game'])!r}, which this version does not have "
              f"(games: {', '.join(games())})")
    for key, what in (("players", "a whole number"), ("seed", "a whole number")):
        value = record.get(key)
        if key in record and (isinstance(value, bool) or not isinstance(value, int)):
            usage(f"{bad}: '{key}' should be {what}, not {json.dumps(value)[:40]}")
    if "options" in record and not isinstance(record["options"], dict):
        usage(f"{bad}: 'options' should be an object of option names and values")
    raw = record.get("actions")
    if not isinstance(raw, list):
        usage(f"{bad}: 'actions' is missing or not a list")
    moves: list[tuple[int, str]] = []
    for i, item in enumerate(raw, 1):
        if (not isinstance(item, list) or len(item) != 2 or isinstance(item[0], bool)
                or not isinstance(item[0], int) or not isinstance(item[1], str)):
            usage(f"{bad}: action {i} should be [seat number, action id], not {json.dumps(item)[:60]}")
        moves.append((item[0], item[1]))
    try:
        state = replay(record, upto=0)
    except UnknownGame as exc:
        usage(f"{bad}: {exc}")
    except KeyError as exc:
        usage(f"{bad}: {exc.args[0]!r} is missing")
    except (ValueError, TypeError, IllegalAction) as exc:
        usage(f"{bad}: " + str(exc).removeprefix("not a game record: "))
    return record, moves, state


def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (JSON, from --save)")],
    step: Annotated[bool, typer.Option("--step", help="one action per Enter, with the board after "
                                                      "each ('b' steps back, 'q' stops stepping)")] = False,
) -> None:
    """Step through a saved game record: who played each seat, the log, the board, the outcome."""
    record, moves, state = _load(file)
    console = out_console()
    seats = savefile.seats_of(record)
    labels = {s: ("person" if who == savefile.HUMAN else who) for s, who in seats.items()}
    spec = state.spec
    kind = spec.kind_of_outcome(state.players, dict(state.options))
    chosen = not_default(spec, dict(state.options))
    head = Text(spec.title, style="bold")
    head.append(f", {state.players} player{'s' if state.players != 1 else ''}, {kind}"
                + (f" ({chosen})" if chosen else "")
                + f", seed {state.seed}, {len(moves)} action{'s' if len(moves) != 1 else ''}")
    console.print(head)
    console.print(Text("Seats: " + (", ".join(f"seat {s}: {w}" for s, w in sorted(labels.items()))
                                    if labels else "not recorded (an older record)")))
    if not savefile.hints_allowed(record):
        console.print(Text("Played without hints.", style="dim"))
    try:  # a game that numbers its rounds its own way names them in its view
        round_names = state.view(None, log=False).get("round_names")
    except ValueError:  # a position still waiting for chance has no view yet
        round_names = None
    walk = _Walk(console, file, record, moves, state, labels, round_names)
    walk.flush()
    walk.run(step)
    state = walk.state
    console.rule("Game over" if state.over else f"Not finished after {len(moves)} actions")
    render_view(console, state.view(None), None)
    names = {k: n for k, (n, _) in glossary(spec.id, state.players, dict(state.options)).items()}
    render_outcome(console, state.outcome(), labels, names)


class _Walk:
    """The replay's position: the actions applied so far, the log printed so far."""

    def __init__(self, console: Console, file: Path, record: dict[str, Any], moves: list[tuple[int, str]],
                 state: GameState, labels: dict[int, str], round_names: dict[str, str] | None) -> None:
        self.console, self.file, self.record, self.moves = console, file, record, moves
        self.state, self.labels, self.round_names = state, labels, round_names
        self.at = 0  # actions applied
        self.shown = 0
        self.last_round: int | None = None

    def flush(self) -> None:
        entries = self.state.log[self.shown:]
        self.shown += len(entries)
        self.last_round = print_log(self.console, [e.to_dict() for e in entries], self.labels,
                                    private_note=True, last_round=self.last_round,
                                    round_names=self.round_names)

    def forward(self) -> None:
        seat, action_id = self.moves[self.at]
        try:
            label = next((a.label for a in self.state.legal_actions(seat) if a.id == action_id), action_id)
            self.state.apply(seat, action_id)
        except IllegalAction as exc:
            usage(f"{self.file}: action {self.at + 1} ({action_id!r} by seat {seat}) cannot be "
                  f"replayed: {exc.reason} ({exc.rule})")
        except ValueError as exc:
            usage(f"{self.file}: action {self.at + 1} ({action_id!r} by seat {seat}) cannot be "
                  f"replayed: {exc}")
        self.at += 1
        line = Text(f"{self.at}. seat {seat}" + (f" ({self.labels[seat]})" if seat in self.labels else "")
                    + ": ", style="bold")
        line.append(label)
        line.append(f" [{action_id}]", style="dim")
        self.console.print(line)
        self.flush()

    def back(self) -> None:
        """One action back: the game rebuilt from the record up to the action before."""
        if self.at == 0:
            self.console.print(Text("This is the start: nothing to step back to.", style="dim"))
            return
        self.at -= 1
        self.state = replay(self.record, upto=self.at)
        self.shown = len(self.state.log)
        if self.at == 0:
            self.console.print(Text("Back to the start, before the first action.", style="bold"))
            return
        seat, action_id = self.moves[self.at - 1]
        self.console.print(Text(f"Back to after action {self.at} (seat {seat}: [{action_id}]).",
                                style="bold"))

    def run(self, stepping: bool) -> None:
        while self.at < len(self.moves):
            self.forward()
            while stepping and self.at < len(self.moves):
                render_view(self.console, self.state.view(None), None)
                try:
                    answer = self.console.input(Text(STEP_PROMPT, style="dim"))
                except (EOFError, KeyboardInterrupt):
                    answer = "q"
                if not sys.stdin.isatty():
                    self.console.print()
                word = answer.strip().lower()
                if word in ("q", "quit"):
                    stepping = False
                elif word in ("b", "back"):
                    self.back()
                    continue
                break
