"""`boardwright play`: a terminal game, one human seat and bots in the others."""

from __future__ import annotations

import json
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.columns import Columns
from rich.console import Console
from rich.markup import escape

from ..bots import Bot, bot_seed
from ..engine import Action, GameState, IllegalAction
from ..engine.data import DataError
from .common import (
    GameArg,
    OptionOpt,
    bots_for,
    failure,
    game_spec,
    log_line,
    not_default,
    out_console,
    parse_options,
    player_count,
    setup_options,
    usage,
)
from .views import render_outcome, render_view

LOG_LINES = 10  # new log lines shown before each of the human's decisions


HELP_TEXT = """\
Type the number of an action, or its id (shown in brackets); type an id that is not
offered to be told which rule forbids it. Other commands:
  log        the whole game log so far, with rule references
  board      show the board again
  ? / help   this help
  q / quit   leave the game (the record is saved if you give a file name)"""


@dataclass
class Session:
    """A terminal game: one human seat, bots elsewhere."""

    state: GameState
    human: int
    bots: dict[int, Bot]
    console: Console
    save: Path | None
    shown: int = 0  # how many log entries visible to the human have been printed
    echo: bool = field(default_factory=lambda: not sys.stdin.isatty())

    def labels(self) -> dict[int, str]:
        out = {s: b.describe() for s, b in self.bots.items()}
        out[self.human] = "you"
        return out

    def read(self, prompt: str) -> str | None:
        try:
            line = self.console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return None
        if self.echo:
            self.console.print(line, markup=False, highlight=False)
        return line.strip()

    def write_record(self, path: Path) -> None:
        try:
            path.write_text(json.dumps(self.state.record(), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            failure(f"could not save the record to {path}: {exc}")
        self.console.print(f"Game record saved to {escape(str(path))} "
                           f"(see it again with: boardwright replay {escape(str(path))})")

    def new_log(self, limit: int | None = LOG_LINES) -> None:
        entries = self.state.view(self.human)["log"]
        fresh = entries[self.shown:]
        self.shown = len(entries)
        if limit is not None and len(fresh) > limit:
            self.console.print(f"[dim]… {len(fresh) - limit} earlier lines (type 'log' to see all)[/]")
            fresh = fresh[-limit:]
        for entry in fresh:
            self.console.print(log_line(entry))

    def show_actions(self, actions: list[Action]) -> None:
        dec = self.state.decision(self.human)
        if dec is not None:
            self.console.print(f"[bold]{escape(dec.prompt)}[/]  [dim cyan]({escape(dec.rule)})[/]")
        items = [f"[bold]{i}.[/] {escape(a.label)} [dim]\\[{escape(a.id)}][/]"
                 for i, a in enumerate(actions, 1)]
        if len(items) > 12:
            self.console.print(Columns(items, column_first=True, padding=(0, 3)))
        else:
            for item in items:
                self.console.print(item)

    def quit(self, why: str, offer_save: bool = False) -> NoReturn:
        self.console.print(why)
        if self.save is not None:
            self.write_record(self.save)
        elif offer_save:
            name = self.read("Save the game record? Type a file name (Enter: don't save): ")
            if name:
                self.write_record(Path(name))
        raise typer.Exit(0)

    def human_turn(self) -> None:
        view = self.state.view(self.human)
        self.console.rule()
        render_view(self.console, view, self.human)
        self.new_log()
        actions = self.state.legal_actions(self.human)
        self.show_actions(actions)
        by_id = {a.id: a for a in actions}
        while True:
            line = self.read(f"seat {self.human}> ")
            if line is None:
                self.quit("End of input: leaving the game.")
            low = line.lower()
            if not line:
                continue
            if low in ("q", "quit", "exit"):
                self.quit("You leave the game.", offer_save=True)
            if low in ("?", "h", "help"):
                self.console.print(HELP_TEXT, markup=False)
                continue
            if low == "log":
                self.shown = 0
                self.new_log(limit=None)
                continue
            if low in ("board", "view"):
                render_view(self.console, self.state.view(self.human), self.human)
                self.show_actions(actions)
                continue
            action: Action | None = by_id.get(line)
            if action is None and line.isdigit():
                number = int(line)
                if 1 <= number <= len(actions):
                    action = actions[number - 1]
                else:
                    self.console.print(f"[red]There is no action {number}: choose 1 to "
                                       f"{len(actions)}.[/] Type ? for help.")
                    continue
            if action is None and ":" in line:
                try:  # not offered: let the game say why (a rejected action changes nothing)
                    self.state.apply(self.human, line)
                except IllegalAction as exc:
                    self.console.print(f"[red]Not allowed:[/] {escape(exc.reason)} "
                                       f"[dim cyan]({escape(exc.rule)})[/]")
                    continue
                return
            if action is None:
                self.console.print(f"[red]'{escape(line)}' is not an action number (1 to "
                                   f"{len(actions)}) or an action id.[/] Type ? for help.")
                continue
            try:
                self.state.apply(self.human, action.id)
            except IllegalAction as exc:
                self.console.print(f"[red]Not allowed:[/] {escape(exc.reason)} "
                                   f"[dim cyan]({escape(exc.rule)})[/]")
                continue
            self.console.print(f"You: {escape(action.label)}")
            return

    def run(self) -> None:
        state = self.state
        while not state.over:
            acting = state.to_act
            if not acting:
                failure("the game is not over but nobody is to act")
            bot_seats = [s for s in acting if s != self.human]
            if bot_seats:
                seat = bot_seats[0]
                state.apply(seat, self.bots[seat].choose(state, seat))
                continue
            self.human_turn()
        self.console.rule("Game over")
        render_view(self.console, state.view(self.human), self.human)
        self.new_log()
        render_outcome(self.console, state.outcome(), self.labels())
        if self.save is not None:
            self.write_record(self.save)


def play(
    game_id: GameArg,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    bots: Annotated[str, typer.Option(help="bots for the other seats, in seat order, cycled")] = "greedy",
    seed: Annotated[int | None, typer.Option(help="random seed (default: a fresh one)")] = None,
    option: OptionOpt = None,
    seat: Annotated[int, typer.Option(help="your seat")] = 0,
    save: Annotated[Path | None, typer.Option(help="write the game record here (JSON)")] = None,
    data: Annotated[Path | None, typer.Option(help="a data pack folder overlaying the shipped data")] = None,
) -> None:
    """Play in the terminal: you take one seat, bots the rest (none in a solo game)."""
    spec = game_spec(game_id)
    n = player_count(spec, players)
    options = setup_options(spec, n, parse_options(option))
    if not 0 <= seat < n:
        usage(f"bad --seat {seat}: choose a seat from 0 to {n - 1}")
    others = [s for s in range(n) if s != seat]
    bot_specs = bots_for(bots, others)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    seat_bots = {s: bs.build(bot_seed(seed, s)) for s, bs in bot_specs.items()}
    if data is not None and not data.is_dir():
        usage(f"bad --data {data}: not a folder")
    try:
        state = spec.new_game(n, seed, options, str(data) if data is not None else None)
    except DataError as exc:
        usage(f"bad --data {data}: " + "; ".join(exc.problems))
    except ValueError as exc:
        usage(str(exc))
    console = out_console()
    kind = spec.kind_of_outcome(n, options)
    who = ", ".join(f"seat {s}: {b.describe()}" for s, b in seat_bots.items())
    chosen = not_default(spec, options)
    setting = f"{n} player{'s' if n != 1 else ''}, {kind}" + (f" ({chosen})" if chosen else "")
    others_text = f"; {who}" if who else " (no other seats)"
    console.print(f"[bold]{escape(spec.title)}[/], {escape(setting)}, seed {seed}. "
                  f"You are seat {seat}{escape(others_text)}. Type ? for help.")
    Session(state, seat, seat_bots, console, save).run()
