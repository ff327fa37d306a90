"""`boardwright list`: the games, their player counts and options."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from ..bots import known_bots
from ..engine import game, games
from .common import out_console


def list_games() -> None:
    """The games, their player counts and options."""
    console = out_console()
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

