"""Rendering a game's view and outcome in the terminal (shared by play and replay)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .common import fmt_value

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
                      fmt_value(scores[p]) if p < len(scores) else "",
                      *(fmt_value(row.get(k)) for k in scalar_keys))
    console.print(table)
    for p in ranking:
        row = breakdown[p] if p < len(breakdown) else {}
        parts = [f"{k.replace('_', ' ')}: {fmt_value(row[k])}" for k in nested_keys if row.get(k)]
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

