"""Helpers shared by the commands: consoles, exit-code helpers, argument checks."""

from __future__ import annotations

from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from ..bots import BotSpec, for_seats
from ..engine import GameSpec, UnknownGame, game
from ..engine.options import OptionValue

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="a game id (see `boardwright list`)")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="K=V", help="a game option, repeatable (see `list`)"),
]


def out_console() -> Console:
    """The console for normal output (stdout).

    Emoji codes are never interpreted: ids such as `invest:castle:2` or `factory` must be
    printed as typed (`:castle:` would become a castle). Game texts are printed as `Text`
    or escaped, so no markup in them is read either.
    """
    return Console(highlight=False, emoji=False)


def err_console() -> Console:
    """The console for error messages (stderr)."""
    return Console(stderr=True, highlight=False, emoji=False)


def usage(message: str) -> NoReturn:
    """Bad usage: one line naming the bad argument, exit code 2."""
    err_console().print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)


def failure(message: str) -> NoReturn:
    """A failure that is not the user's wording: exit code 1."""
    err_console().print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(1)


def game_spec(game_id: str) -> GameSpec:
    """The game called `game_id`, or bad usage."""
    try:
        return game(game_id)
    except UnknownGame as exc:
        usage(str(exc))


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`--option K=V` strings to a dict (values stay text; the game validates them)."""
    result: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            usage(f"bad --option {pair!r}: expected KEY=VALUE")
        if key in result:
            usage(f"bad --option {pair!r}: option '{key}' given twice")
        result[key] = value.strip()
    return result


def player_count(spec: GameSpec, players: int | None) -> int:
    """`--players`, or the game's default (3 if the game allows it, else its smallest count)."""
    if players is not None:
        return players
    return 3 if 3 in spec.player_counts else spec.player_counts[0]


def setup_options(spec: GameSpec, players: int, options: dict[str, str]) -> dict[str, OptionValue]:
    """The options to play with: those given, checked by the game (`setup_check` included).

    Options the user did not name may be adapted to the player count when the declared
    defaults do not suit it (Beacon with 1 player plays mode=solo): the option set closest
    to the defaults that the game accepts. Bad usage, with the game's reason, otherwise.
    """
    try:
        return spec.validate(players, options)
    except ValueError as exc:
        problem = str(exc)
    defaults = {o.name: o.default for o in spec.options}
    candidates = sorted(spec.option_sets(players),
                        key=lambda s: sum(1 for k, v in s.items() if defaults.get(k) != v))
    for chosen in candidates:
        try:
            return spec.validate(players, {**chosen, **options})
        except ValueError:
            continue
    usage(problem)


def not_default(spec: GameSpec, chosen: dict[str, OptionValue]) -> str:
    """The chosen options that differ from the declared defaults, as `k=v` text."""
    parts = [f"{o.name}={fmt_value(chosen[o.name])}" for o in spec.options
             if o.name in chosen and chosen[o.name] != o.default]
    return ", ".join(parts)


def bots_for(spec_text: str, seats: list[int]) -> dict[int, BotSpec]:
    """`--bots` assigned to the seats, or bad usage."""
    try:
        return dict(for_seats(spec_text, seats))
    except ValueError as exc:
        usage(f"bad --bots {spec_text!r}: {exc}")


def fmt_value(value: Any) -> str:
    """A score-breakdown value as short text."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return ", ".join(f"{k} {fmt_value(v)}" for k, v in value.items() if v) or "-"
    if isinstance(value, list | tuple):
        return ", ".join(fmt_value(v) for v in value) or "-"
    if value is None:
        return "-"
    return str(value)


def log_line(entry: dict[str, Any], private_note: bool = False, who: bool = True) -> Text:
    """One game-log entry, with its rule reference (`who`: prefixed by its seat)."""
    seat = "" if entry.get("seat") is None or not who else f"seat {entry['seat']}: "
    line = Text(seat + str(entry["text"]))
    line.append(f"  ({entry['rule']})", style="dim cyan")
    if private_note and entry.get("visible_to") is not None:
        line.append(f"  [seen only by seat {', '.join(map(str, entry['visible_to']))}]", style="dim")
    return line


def print_log(console: Console, entries: list[dict[str, Any]], labels: dict[int, str],
              private_note: bool = False, last_round: int | None = None,
              round_names: dict[str, str] | None = None) -> int | None:
    """Log entries grouped by seat: a heading per run of one seat's entries (and a round
    heading when a seat acts in a new round), every entry printed, none cut. `round_names`
    (a view's, where the game numbers its rounds its own way) names the round headings.

    Returns the last round shown, to pass back in for the next batch.
    """
    current: object = object()
    for entry in entries:
        seat = entry.get("seat")
        rnd = entry.get("round")
        if seat is not None and rnd is not None and rnd != last_round:
            name = (round_names or {}).get(str(rnd)) or f"round {rnd}"
            console.print(Text(f"— {name} —", style="dim"))
            last_round = rnd
            current = object()
        if seat != current:
            if seat is None:
                console.print(Text("game:", style="bold"))
            else:
                name = labels.get(int(seat), "")
                console.print(Text(f"seat {seat}" + (f" ({name})" if name else "") + ":", style="bold"))
            current = seat
        # indented as a block: a long line's rule reference wraps under its text, not at the edge
        console.print(Padding(log_line(entry, private_note, who=False), (0, 0, 0, 2), expand=False))
    return last_round


def once(entries: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The log as `seat` reads it, each of its own secret moves once: a public line that
    only says what the seat did in secret ('places a character face down') is left out
    beside the seat's own private line about the same move ('places Cannot face down')."""
    def verb(e: dict[str, Any]) -> str:
        return str(e.get("text", "")).split(" ", 1)[0]

    def twin(e: dict[str, Any], i: int) -> bool:  # the seat's private line about the same move
        return (0 <= i < len(entries) and entries[i].get("seat") == seat
                and entries[i].get("visible_to") == [seat] and verb(entries[i]) == verb(e)
                and entries[i].get("text") != e.get("text"))

    return [e for i, e in enumerate(entries)
            if not (e.get("seat") == seat and e.get("visible_to") is None
                    and (twin(e, i - 1) or twin(e, i + 1)))]
