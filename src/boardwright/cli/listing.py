"""`boardwright list`: the games, their player counts, outcome kinds and options."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from ..bots import LEVELS, known_bots
from ..engine import GameSpec, game, games
from ..engine.options import OptionValue
from .common import fmt_value, out_console


def _kinds(spec: GameSpec) -> list[str]:
    """The outcome kinds the game can end with, over its player counts and option sets."""
    kinds: list[str] = []
    for players in spec.player_counts:
        for chosen in spec.option_sets(players):
            kind = spec.kind_of_outcome(players, chosen)
            if kind not in kinds:
                kinds.append(kind)
    return kinds or [spec.outcome_kind]


def restrictions(spec: GameSpec) -> list[str]:
    """Per player count, the option values the game allows when it refuses some combinations
    (its `setup_check` hook); empty when every combination can be played."""
    if spec.hook("setup_check") is None:
        return []
    lines: list[str] = []
    for players in spec.player_counts:
        sets = list(spec.option_sets(players))
        if not sets:
            lines.append(f"{players} player{'s' if players != 1 else ''}: no option set can be played")
            continue
        limited = []
        for o in spec.options:
            allowed: list[OptionValue] = []
            for s in sets:
                if s[o.name] not in allowed:
                    allowed.append(s[o.name])
            if len(allowed) < len(o.values()):
                limited.append(f"{o.name}=" + " | ".join(fmt_value(v) for v in allowed))
        if limited:
            lines.append(f"{players} player{'s' if players != 1 else ''}: only " + ", ".join(limited))
    return lines


def list_games() -> None:
    """The games, their player counts, outcome kinds and options."""
    console = out_console()
    table = Table(title="Games")
    for col in ("id", "title", "players", "outcome", "version"):
        # one outcome kind a line, never cut; the title wraps instead
        table.add_column(col, no_wrap=col in ("id", "outcome"))
    specs = [game(g) for g in games()]
    for spec in specs:
        players = ", ".join(map(str, spec.player_counts))
        if spec.hook("setup_check") is not None:
            players += " *"
        table.add_row(spec.id, escape(spec.title), players, "\n".join(_kinds(spec)), spec.version)
    console.print(table)
    if any(spec.hook("setup_check") is not None for spec in specs):
        console.print("* some combinations of player count and options are restricted (below); "
                      "`play` and `simulate` say why a refused one cannot be played")
    for spec in specs:
        opts = Table(title=f"{escape(spec.title)} options (--option NAME=VALUE)", title_justify="left")
        for col in ("name", "default", "choices", "doc"):
            opts.add_column(col, overflow="fold")
        for o in spec.options:
            if o.choices:
                choices = " | ".join(map(fmt_value, o.choices))
            elif isinstance(o.default, bool):
                choices = "true | false"
            elif o.minimum is not None or o.maximum is not None:
                choices = f"{o.minimum if o.minimum is not None else ''}..{o.maximum or ''}"
            else:
                choices = ""
            opts.add_row(o.name, fmt_value(o.default), choices, escape(o.doc))
        console.print(opts)
        for line in restrictions(spec):
            console.print(f"  restricted: {escape(line)}", soft_wrap=True)
    levels = ", ".join(LEVELS)
    others = ", ".join(b for b in known_bots() if b not in LEVELS)
    console.print(f"Bot levels for --bots: {levels}; bots: {others} "
                  "(e.g. hard,normal or random,greedy:samples=2)")
