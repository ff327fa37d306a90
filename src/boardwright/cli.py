"""The `boardwright` command line (Typer + Rich).

Exit codes: 0 success, 2 bad usage (the message names the bad argument), 1 failure.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.columns import Columns
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

from . import __version__
from .bots import Bot, BotSpec, bot_seed, for_seats, known_bots
from .cli_serve import register as _register_serve
from .engine import Action, GameSpec, GameState, IllegalAction, UnknownGame, game, games, replay
from .engine.data import DataError, overlay

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

LOG_LINES = 10  # new log lines shown before each of the human's decisions


# ---------------------------------------------------------------- helpers
def _out() -> Console:
    return Console(highlight=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False)


def usage(message: str) -> NoReturn:
    """Bad usage: one line naming the bad argument, exit code 2."""
    _err().print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)


def failure(message: str) -> NoReturn:
    """A failure that is not the user's wording: exit code 1."""
    _err().print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(1)


def _spec(game_id: str) -> GameSpec:
    try:
        return game(game_id)
    except UnknownGame as exc:
        usage(str(exc))


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`--option K=V` strings to a dict (values stay text; the game validates them)."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            usage(f"bad --option {pair!r}: expected KEY=VALUE")
        if key in out:
            usage(f"bad --option {pair!r}: option '{key}' given twice")
        out[key] = value.strip()
    return out


def _players(spec: GameSpec, players: int | None) -> int:
    if players is not None:
        return players
    return 3 if 3 in spec.player_counts else spec.player_counts[0]


def _validate(spec: GameSpec, players: int, options: dict[str, str]) -> None:
    try:
        spec.validate(players, options)
    except ValueError as exc:
        usage(str(exc))


def _bots_for(spec_text: str, seats: list[int]) -> dict[int, BotSpec]:
    try:
        return dict(for_seats(spec_text, seats))
    except ValueError as exc:
        usage(f"bad --bots {spec_text!r}: {exc}")


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_fmt(v)}" for k, v in value.items() if v) or "-"
    if isinstance(value, list | tuple):
        return ", ".join(_fmt(v) for v in value) or "-"
    if value is None:
        return "-"
    return str(value)


def _log_line(entry: dict[str, Any], private_note: bool = False) -> Text:
    who = "" if entry.get("seat") is None else f"seat {entry['seat']}: "
    line = Text(f"[r{entry.get('round', 0)}] ", style="dim")
    line.append(who + str(entry["text"]))
    line.append(f"  ({entry['rule']})", style="dim cyan")
    if private_note and entry.get("visible_to") is not None:
        line.append(f"  [seen only by seat {', '.join(map(str, entry['visible_to']))}]", style="dim")
    return line


# ---------------------------------------------------------------- views
ICON_SHORT = {"attack": "atk", "culture": "cul", "defense": "def", "harvest": "har",
              "industry": "ind", "science": "sci", "trade": "trd"}
TYPE_SHORT = {"Construction": "Con", "Government": "Gov", "Knowledge": "Kno",
              "Military": "Mil", "Leader": "Ldr", "Wonder": "Won"}


def render_flow(console: Console, view: dict[str, Any], seat: int | None) -> None:
    """The Flow of History: market, deck, supply/reserve, age, every Nation."""
    deck = view["deck"]
    by_age = " ".join(f"{a}:{n}" for a, n in deck["by_age"].items())
    head = (f"Round {view['round']} · turn {view['turn'] + 1} · Current Age {view['current_age']} · "
            f"deck {deck['count']} ({by_age}) · Supply {view['supply']} · Reserve {view['reserve']}")
    if view.get("end_triggered"):
        head += " · [bold yellow]the game ends after this turn[/]"
    console.print(head)
    market = Table(title="Market", title_justify="left", show_edge=False, pad_edge=False)
    for col in ("card", "age", "type", "effect", "investor", "stake"):
        market.add_column(col)
    for card in view["market"]:
        inv = card["investor"]
        who = "" if inv is None else ("Banker" if inv == "banker" else f"seat {inv}")
        market.add_row(escape(card["name"]), card["age"], card["type"], card["timing"], who,
                       str(card["stake"]) if inv is not None else "")
    console.print(market)
    nations = Table(title="Nations", title_justify="left", show_edge=False, pad_edge=False)
    for col in ("seat", "tokens", "invested in", "icons", "stack tops"):
        nations.add_column(col)
    names = {c["id"]: c["name"] for c in view["market"]}
    for n in view["nations"]:
        tops = []
        for kind, stack in n["stacks"].items():
            short = TYPE_SHORT.get(kind, kind)
            if kind == "Wonder":
                tops.append(f"{short}: " + ", ".join(c["name"] for c in stack))
            else:
                under = f" (+{len(stack) - 1})" if len(stack) > 1 else ""
                tops.append(f"{short}: {stack[-1]['name']}{under}")
        icons = " ".join(f"{ICON_SHORT.get(k, k)} {v}" for k, v in n["icons"].items() if v) or "-"
        label = f"{n['seat']}" + (" (you)" if n["seat"] == seat else "")
        if n["seat"] == view.get("current_player"):
            label += " *"
        invested = n["invested_in"]
        nations.add_row(label, str(n["tokens"]),
                        escape(names.get(invested, invested)) if invested else "-",
                        icons, escape("\n".join(tops)) or "-")
    console.print(nations)
    if view.get("dealt"):
        dealt = ", ".join(c["name"] for c in view["dealt"])
        console.print(f"Your starting cards: {escape(dealt)}")


def render_generic(console: Console, view: dict[str, Any], seat: int | None) -> None:
    """Any game without its own renderer: the view as JSON (log and decision left out)."""
    shown = {k: v for k, v in view.items() if k not in ("log", "decision", "outcome")}
    console.print_json(json.dumps(shown, default=str))


RENDERERS: dict[str, Callable[[Console, dict[str, Any], int | None], None]] = {
    "flow-of-history": render_flow,
}


def render_view(console: Console, view: dict[str, Any], seat: int | None) -> None:
    RENDERERS.get(str(view.get("game")), render_generic)(console, view, seat)


def render_outcome(console: Console, outcome: dict[str, Any], labels: dict[int, str]) -> None:
    """Scores with their breakdown, ranking, winners and tie-break reasons."""
    title = "Final result" if outcome.get("final", True) else "Provisional result"
    scores = outcome.get("scores") or []
    breakdown = outcome.get("breakdown") or [{} for _ in scores]
    ranks = outcome.get("ranks") or {}
    ranking = outcome.get("ranking") or list(range(len(scores)))
    scalar_keys: list[str] = []
    nested_keys: list[str] = []
    for b in breakdown:
        for k, v in b.items():
            if k == "total" or k in scalar_keys or k in nested_keys:
                continue
            (nested_keys if isinstance(v, dict | list) else scalar_keys).append(k)
    table = Table(title=title, title_justify="left")
    for col in ("rank", "seat", "player", "score", *scalar_keys):
        table.add_column(col.replace("_", " "), justify="right" if col not in ("player",) else "left")
    for p in ranking:
        row = breakdown[p] if p < len(breakdown) else {}
        table.add_row(str(ranks.get(str(p), "")), str(p), escape(labels.get(p, "")),
                      _fmt(scores[p]) if p < len(scores) else "",
                      *(_fmt(row.get(k)) for k in scalar_keys))
    console.print(table)
    for p in ranking:
        row = breakdown[p] if p < len(breakdown) else {}
        parts = [f"{k.replace('_', ' ')}: {_fmt(row[k])}" for k in nested_keys if row.get(k)]
        if parts:
            console.print(f"  seat {p}: " + escape("; ".join(parts)))
    winners = outcome.get("winners")
    if "won" in outcome:
        verdict = "won" if outcome["won"] else "lost"
        console.print(f"[bold]The team {verdict}.[/] {escape(str(outcome.get('reason', '')))}")
    elif winners:
        names = ", ".join(f"seat {w}" + (f" ({labels[w]})" if w in labels else "") for w in winners)
        word = "Winner" if len(winners) == 1 else "Shared victory"
        console.print(f"[bold]{word}: {escape(names)}[/]")
    for reason in outcome.get("tie_breaks") or []:
        console.print(f"  tie-break: {escape(str(reason))}")
    if outcome.get("rule"):
        console.print(f"  [dim]({escape(str(outcome['rule']))})[/]")


# ---------------------------------------------------------------- list
@app.command("list")
def list_games() -> None:
    """The games, their player counts and options."""
    console = _out()
    table = Table(title="Games")
    for col in ("id", "title", "players", "version"):
        table.add_column(col)
    specs = [game(g) for g in games()]
    for spec in specs:
        table.add_row(spec.id, spec.title, ", ".join(map(str, spec.player_counts)), spec.version)
    console.print(table)
    for spec in specs:
        opts = Table(title=f"{spec.title} options (--option NAME=VALUE)", title_justify="left")
        for col in ("name", "default", "choices", "doc"):
            opts.add_column(col)
        for o in spec.options:
            if o.choices:
                choices = " | ".join(map(str, o.choices))
            elif isinstance(o.default, bool):
                choices = "true | false"
            elif o.minimum is not None or o.maximum is not None:
                choices = f"{o.minimum if o.minimum is not None else ''}..{o.maximum or ''}"
            else:
                choices = ""
            opts.add_row(o.name, str(o.default).lower() if isinstance(o.default, bool) else str(o.default),
                         choices, escape(o.doc))
        console.print(opts)
    console.print(f"Bots for --bots: {', '.join(known_bots())} (e.g. random,greedy:samples=2)")


# ---------------------------------------------------------------- play
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
            self.console.print(_log_line(entry))

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


GameArg = Annotated[str, typer.Argument(metavar="GAME", help="a game id (see `boardwright list`)")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="K=V", help="a game option, repeatable (see `list`)"),
]


@app.command()
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
    """Play in the terminal: you take one seat, bots the rest."""
    spec = _spec(game_id)
    n = _players(spec, players)
    options = parse_options(option)
    _validate(spec, n, options)
    if not 0 <= seat < n:
        usage(f"bad --seat {seat}: choose a seat from 0 to {n - 1}")
    others = [s for s in range(n) if s != seat]
    bot_specs = _bots_for(bots, others)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    seat_bots = {s: bs.build(bot_seed(seed, s)) for s, bs in bot_specs.items()}
    if data is not None and not data.is_dir():
        usage(f"bad --data {data}: not a folder")
    try:
        state = spec.new_game(n, seed, options, str(data) if data is not None else None)
    except DataError as exc:
        usage(f"bad --data {data}: " + "; ".join(exc.problems))
    console = _out()
    who = ", ".join(f"seat {s}: {b.describe()}" for s, b in seat_bots.items())
    console.print(f"[bold]{escape(spec.title)}[/], {n} players, seed {seed}. "
                  f"You are seat {seat}; {escape(who)}. Type ? for help.")
    Session(state, seat, seat_bots, console, save).run()


# ---------------------------------------------------------------- replay
@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (JSON, from --save)")],
    step: Annotated[bool, typer.Option("--step", help="one action per Enter ('q' stops stepping)")] = False,
) -> None:
    """Step through a saved game record: the log, then the outcome."""
    if not file.is_file():
        usage(f"no such file: {file}")
    console = _out()
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
            console.print(_log_line(entry.to_dict(), private_note=True))

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


# ---------------------------------------------------------------- simulate
class RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} games/s", style="progress.data.speed")


@app.command()
def simulate(
    game_id: GameArg,
    games_n: Annotated[int, typer.Option("--games", "-n", help="how many games", min=1)],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    bots: Annotated[str, typer.Option(help="bots per seat, comma list, cycled")] = "random",
    seed: Annotated[int, typer.Option(help="game i uses seed S+i")] = 0,
    option: OptionOpt = None,
    out: Annotated[Path | None, typer.Option(help="write one JSON line per game here")] = None,
    workers: Annotated[int | None, typer.Option(help="worker processes (default: the CPU count)",
                                                min=1)] = None,
    backend: Annotated[str, typer.Option(help="local (a process pool) or ray (Ray tasks)")] = "local",
    ray_address: Annotated[str | None, typer.Option(help="join this Ray cluster (--backend ray)")] = None,
    rotate: Annotated[bool, typer.Option(help="rotate the bots one seat further each game")] = False,
    records: Annotated[Path | None, typer.Option(help="save each game's record in this folder")] = None,
) -> None:
    """Batch play between bots, with a progress bar and a summary table.

    Win rates count a shared victory as 1/k of a win for each of the k winners; the
    intervals are 95% Wilson score intervals. Results depend only on the command and the
    seed, never on --workers or --backend.
    """
    import os

    from .simulate import BACKENDS, summarize
    from .simulate import simulate as run_simulation

    spec = _spec(game_id)
    n = _players(spec, players)
    options = parse_options(option)
    _validate(spec, n, options)
    _bots_for(bots, list(range(n)))
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

    console = _out()
    start = time.perf_counter()
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(),
                      TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                      console=console) as progress:
            task = progress.add_task(f"{spec.id}, {n} players", total=games_n)
            results = run_simulation(spec.id, games_n, n, bots, seed, options, n_workers,
                                     progress=lambda _r: progress.advance(task), backend=backend,
                                     ray_address=ray_address, rotate=rotate, records=save)
    except OSError as exc:
        failure(f"could not write a record: {exc}")
    wall = time.perf_counter() - start
    if out is not None:
        try:
            with out.open("w", encoding="utf-8") as fh:
                for r in results:
                    fh.write(json.dumps(r.to_dict(), separators=(",", ":")) + "\n")
        except OSError as exc:
            failure(f"could not write {out}: {exc}")
    summary = summarize(results)
    table = Table(title=f"{spec.title}: {games_n} games, {n} players, seeds {seed}..{seed + games_n - 1}"
                        + (", bots rotated" if rotate else ""), title_justify="left")
    for col in ("seat", "bot", "wins", "win rate", "95% CI", "mean score", "stdev"):
        table.add_column(col, justify="left" if col in ("seat", "bot") else "right")
    seat_bots = results[0].bots if results and not rotate else []
    for s, rate in enumerate(summary.per_seat):
        table.add_row(str(s), escape(seat_bots[s] if s < len(seat_bots) else "(rotated)" if rotate else ""),
                      f"{rate.wins:g}", f"{rate.rate:.1%}", f"{rate.low:.1%}–{rate.high:.1%}",
                      f"{summary.score_mean[s]:.2f}", f"{summary.score_stdev[s]:.2f}")
    console.print(table)
    if len(summary.per_bot) > 1 or rotate:
        bots_table = Table(title="Per bot (all seats)", title_justify="left")
        for col in ("bot", "seat-games", "wins", "win rate", "95% CI", "mean score", "stdev"):
            bots_table.add_column(col, justify="left" if col == "bot" else "right")
        for rate in summary.per_bot:
            bots_table.add_row(escape(rate.label), str(rate.games), f"{rate.wins:g}", f"{rate.rate:.1%}",
                               f"{rate.low:.1%}–{rate.high:.1%}",
                               f"{summary.bot_score_mean.get(rate.label, 0.0):.2f}",
                               f"{summary.bot_score_stdev.get(rate.label, 0.0):.2f}")
        console.print(bots_table)
    console.print(f"shared wins count 1/k for each of k winners · game length "
                  f"{summary.decisions_mean:.1f} ± {summary.decisions_stdev:.1f} decisions "
                  f"({summary.decisions_min}–{summary.decisions_max}) · "
                  f"{summary.decisions_total / wall if wall > 0 else 0:,.0f} decisions/s "
                  f"({wall:.2f} s wall, {backend} backend, {n_workers} worker{'s' if n_workers > 1 else ''})")
    if out is not None:
        console.print(f"{len(results)} games written to {escape(str(out))}")
    if records is not None:
        console.print(f"{len(results)} records saved in {escape(str(records))}")


# ---------------------------------------------------------------- data
@dataclass
class DataReport:
    problems: list[str]
    summary: list[str]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class DataHook:
    """How one game exports and validates its data files."""

    files: tuple[str, ...]
    export: Callable[[Path, bool], list[Path]]
    validate: Callable[[Path], DataReport]


def _write_json(path: Path, data: Any, force: bool) -> Path:
    if path.exists() and not force:
        failure(f"{path} already exists (use --force to overwrite it)")
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _flow_export(folder: Path, force: bool) -> list[Path]:
    from .titles.flow_of_history.cards import raw_shipped

    return [_write_json(folder / "cards.json", raw_shipped(), force)]


def _flow_validate(folder: Path) -> DataReport:
    from .titles.flow_of_history.cards import build, parse_card_file, raw_shipped

    pack_file = folder / "cards.json"
    report = DataReport([], [])
    if not pack_file.is_file():
        report.problems.append(f"{pack_file}: missing (this game's data files: cards.json)")
        return report
    try:
        extra = json.loads(pack_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        report.problems.append(f"{pack_file}: cannot be read: {exc}")
        return report
    except json.JSONDecodeError as exc:
        report.problems.append(f"{pack_file}: not valid JSON: {exc}")
        return report
    if not isinstance(extra, dict):
        report.problems.append(f"{pack_file}: the file must hold a JSON object with a 'cards' list")
        return report
    if not isinstance(extra.get("cards", []), list):
        report.problems.append(f"{pack_file}, field cards: must be a list of card records")
        return report
    base = raw_shipped()
    shipped_ids = {c["id"] for c in base["cards"]}
    try:
        merged = overlay(base, pack_file, "cards")
        cards = build(parse_card_file(merged, str(pack_file)))
    except DataError as exc:
        report.problems.extend(exc.problems)
        return report
    pack_ids = [r["id"] for r in extra.get("cards", [])]
    replaced = sum(1 for i in pack_ids if i in shipped_ids)
    stand_ins = [c for c in cards.cards if c.record.source == "stand-in"]
    report.summary.append(
        f"{len(cards.cards)} card records ({replaced} replaced and {len(pack_ids) - replaced} added "
        f"by the pack), {len(stand_ins)} of them stand-ins; {len(cards.file.card_types)} card types "
        f"({sum(1 for t in cards.file.card_types if t.source == 'stand-in')} stand-ins)")
    return report


# Nomad City: each data file, the key of its record list, and the loader that checks it
_NOMAD_FILES: dict[str, tuple[str, str]] = {
    "board.json": ("boards", "board:load_boards"),
    "characters.json": ("characters", "characters:load_characters"),
    "corporations.json": ("corporations", "corporations:load_corporations"),
    "events.json": ("events", "events:load_events"),
    "facilities.json": ("facilities", "facilities:load_facilities"),
    "styles.json": ("styles", "styles:load_styles"),
}


def _nomad_export(folder: Path, force: bool) -> list[Path]:
    from .engine.data import shipped_text

    return [_write_json(folder / name, json.loads(shipped_text("boardwright.titles.nomad_city", name)), force)
            for name in _NOMAD_FILES]


def _nomad_validate(folder: Path) -> DataReport:
    """Check every Nomad City file the pack holds, each overlaid by record id on the shipped
    one; problems of all files are reported, not only the first file's."""
    import importlib

    from .engine.data import shipped_text

    report = DataReport([], [])
    present = [name for name in _NOMAD_FILES if (folder / name).is_file()]
    if not present:
        report.problems.append(f"{folder}: holds none of this game's data files ({', '.join(_NOMAD_FILES)})")
        return report
    for name in present:
        list_key, loader = _NOMAD_FILES[name]
        pack_file = folder / name
        try:
            extra = json.loads(pack_file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            report.problems.append(f"{pack_file}: cannot be read: {exc}")
            continue
        except json.JSONDecodeError as exc:
            report.problems.append(f"{pack_file}: not valid JSON: {exc}")
            continue
        if not isinstance(extra, dict):
            report.problems.append(f"{pack_file}: the file must hold a JSON object with a '{list_key}' list")
            continue
        records = extra.get(list_key, [])
        if not isinstance(records, list):
            report.problems.append(f"{pack_file}, field {list_key}: must be a list of records")
            continue
        module, _, fn = loader.partition(":")
        load = getattr(importlib.import_module(f".titles.nomad_city.{module}", __package__), fn)
        try:
            load(str(folder))
        except DataError as exc:
            report.problems.extend(exc.problems)
            continue
        except ValueError as exc:
            report.problems.append(f"{pack_file}: {exc}")
            continue
        shipped = json.loads(shipped_text("boardwright.titles.nomad_city", name))
        shipped_ids = {r.get("id") for r in shipped[list_key]}
        pack_ids = [r.get("id") for r in records if isinstance(r, dict)]
        replaced = sum(1 for i in pack_ids if i in shipped_ids)
        merged = {r.get("id"): r for r in shipped[list_key]}
        merged |= {r.get("id"): r for r in records if isinstance(r, dict)}
        stand_ins = sum(1 for r in merged.values() if r.get("source") == "stand-in")
        report.summary.append(f"{name}: {len(merged)} {list_key} records ({replaced} replaced and "
                              f"{len(pack_ids) - replaced} added by the pack), {stand_ins} of them stand-ins")
    return report


DATA_HOOKS: dict[str, DataHook] = {
    "flow-of-history": DataHook(("cards.json",), _flow_export, _flow_validate),
    "nomad-city": DataHook(tuple(_NOMAD_FILES), _nomad_export, _nomad_validate),
}


def _hook(game_id: str) -> DataHook:
    _spec(game_id)
    hook = DATA_HOOKS.get(game_id)
    if hook is None:
        usage(f"{game_id} has no data files to export or validate")
    return hook


@data_app.command("validate")
def data_validate(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="the data pack folder")],
    game_id: Annotated[str, typer.Option("--game", help="the game the pack is for")] = "flow-of-history",
) -> None:
    """Check a data pack (overlaid on the shipped data); every problem names file, record and field."""
    hook = _hook(game_id)
    if not folder.is_dir():
        usage(f"no such folder: {folder}")
    console = _out()
    report = hook.validate(folder)
    known = set(hook.files)
    for extra in sorted(p.name for p in folder.iterdir() if p.is_file() and p.name not in known):
        console.print(f"[yellow]note:[/] {escape(extra)} is not a data file of {game_id}; ignored")
    if report.problems:
        for problem in report.problems:
            console.print(f"[red]problem:[/] {escape(problem)}", soft_wrap=True)
        console.print(f"{len(report.problems)} problem(s) in {escape(str(folder))}")
        raise typer.Exit(1)
    for line in report.summary:
        console.print(escape(line), soft_wrap=True)
    console.print(f"[green]OK:[/] {escape(str(folder))} is a valid data pack for {game_id}")


@data_app.command("export")
def data_export(
    game_id: GameArg,
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="where to write the files")],
    force: Annotated[bool, typer.Option(help="overwrite existing files")] = False,
) -> None:
    """Write the game's shipped data files into DIR, as a pack to edit."""
    hook = _hook(game_id)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = hook.export(folder, force)
    except OSError as exc:
        failure(f"could not write to {folder}: {exc}")
    console = _out()
    for path in written:
        console.print(f"wrote {escape(str(path))}")


# ---------------------------------------------------------------- bench
@app.command("bench")
def bench_cmd(
    game_id: Annotated[str | None, typer.Argument(metavar="[GAME]", help="one game (default: all)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")] = False,
    seconds: Annotated[float, typer.Option(help="time budget per game, in seconds", min=0.01)] = 3.0,
) -> None:
    """Random-playout speed, clone() against copy.deepcopy, and ISMCTS iterations/s, per game."""
    from .bench import bench, machine

    ids = [_spec(game_id).id] if game_id else games()
    rows = bench(ids, seconds)
    console = _out()
    if as_json:
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return
    console.print(f"[bold]boardwright bench[/] ({seconds:g} s per game): random playouts; clone() "
                  "against copy.deepcopy of a state 40% into a random game; ISMCTS (searches of 25 "
                  "iterations, default settings) on positions of a random game")
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
    ]
    for label, fmt in measures:
        table.add_row(label, *(fmt(r) for r in rows))
    console.print(table)
    m = machine()
    console.print(f"{m['python']} on {m['machine']}")


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="print the version and exit")] = False,
) -> None:
    if version:
        _out().print(f"boardwright {__version__}")
        raise typer.Exit(0)


def main() -> None:
    app()


_register_serve(app)  # `boardwright serve`, defined in cli_serve.py


if __name__ == "__main__":  # pragma: no cover
    main()
