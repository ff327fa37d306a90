"""Rendering a game's view and outcome in the terminal (shared by play and replay)."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..engine import UnknownGame, game
from .common import fmt_value


def render_generic(console: Console, view: dict[str, Any], seat: int | None) -> None:
    """Any game without its own renderer: the view as JSON (log and decision left out)."""
    shown = {k: v for k, v in view.items() if k not in ("log", "decision", "outcome")}
    console.print_json(json.dumps(shown, default=str))


def render_view(console: Console, view: dict[str, Any], seat: int | None, full: bool = False) -> None:
    """The game's own `terminal_view` hook, or the generic JSON view.

    `full`: draw the larger board whatever the terminal's height (the hook picks its compact
    or full form from the console's size)."""
    render = render_generic
    try:
        spec = game(str(view.get("game")))
    except UnknownGame:
        spec = None
    if spec is not None:
        render = spec.hook("terminal_view") or render_generic
    if full:
        console = Console(file=console.file, width=max(console.width, 100), height=200,
                          highlight=False, emoji=False, force_terminal=console.is_terminal,
                          color_system=console.color_system or None)  # type: ignore[arg-type]
    render(console, view, seat)


def glossary(game_id: str, players: int, options: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The game's `glossary` hook: id -> (name, what it does); empty without one."""
    try:
        spec = game(game_id)
    except UnknownGame:
        return {}
    hook = spec.hook("glossary")
    return dict(hook(players, options)) if hook is not None else {}


def render_outcome(console: Console, outcome: dict[str, Any], labels: dict[int, str],
                   names: dict[str, str] | None = None) -> None:
    """The result of any outcome kind (engine/outcome.py).

    competitive: scores with their breakdown, ranking, winners and tie-break reasons;
    semi-cooperative: the same ranking, whether the shared goal was met, then the winner or
    nobody; cooperative: the team won or lost, why, and the team score; solo: won or lost
    and/or the score. A game that is not over has no winner yet: its standing is shown
    as such. `names` turns component ids in the breakdown into their names.
    """
    kind = str(outcome.get("kind", "competitive"))
    final = bool(outcome.get("final", True))
    title = "Final result" if final else "Standing so far"
    if kind in ("cooperative", "solo"):
        _render_shared(console, outcome, kind, title, final)
    else:
        _render_ranking(console, outcome, labels, title if kind == "competitive" else f"{title} ({kind})",
                        names or {})
        if kind == "semi-cooperative":
            goal = outcome.get("goal_met")
            word = "is undecided" if goal is None else ("was met" if goal else "failed")
            console.print(f"[bold]The shared goal {word}:[/] {escape(str(outcome.get('reason', '')))}")
        winners = [int(w) for w in outcome.get("winners") or []]
        if not final:
            console.print("[bold]Nobody has won yet: the game is not over.[/]")
            return
        if winners:
            who = ", ".join(f"seat {w}" + (f" ({labels[w]})" if w in labels else "") for w in winners)
            word = "Winner" if len(winners) == 1 else "Shared victory"
            console.print(f"[bold]{word}: {escape(who)}[/]")
        else:
            console.print("[bold]Nobody wins.[/]")
    if not final:
        return
    for reason in outcome.get("tie_breaks") or []:
        console.print(f"  tie-break: {escape(str(reason))}")
    if outcome.get("rule"):
        console.print(f"  [dim]({escape(str(outcome['rule']))})[/]")


def _render_shared(console: Console, outcome: dict[str, Any], kind: str, title: str,
                   final: bool) -> None:
    """A cooperative or solo result: won/lost, the reason, the team or solo score."""
    won = outcome.get("won")
    reason = escape(str(outcome.get("reason") or ""))
    subject = "The team" if kind == "cooperative" else "The solo player"
    if won is None:
        verdict = "has no win or loss: the score is the result" if final else "has not won or lost yet"
    else:
        verdict = "won" if won else "lost"
    console.print(f"[bold]{title} ({kind}): {subject} {verdict}{':' if reason else '.'}[/]"
                  + (f" {reason}" if reason else ""))
    score = outcome.get("team_score") if kind == "cooperative" else outcome.get("score")
    if score is not None:
        console.print(f"[bold]{'Team score' if kind == 'cooperative' else 'Score'}: {fmt_value(score)}[/]")
    breakdown = outcome.get("breakdown")
    if isinstance(breakdown, dict) and breakdown:
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column("item")
        table.add_column("value", justify="right")
        for key, value in _flat(breakdown):
            table.add_row(escape(key), escape(value))
        console.print(table)


ABBREVIATIONS = {"vp": "VP", "ai": "AI"}  # breakdown key parts players read in capitals


def words(key: str) -> str:
    """A breakdown key as words ('ai_vp' -> 'AI VP', 'event_counts' -> 'event counts')."""
    return " ".join(ABBREVIATIONS.get(w, w) for w in key.replace("-", "_").split("_") if w)


def _flat(breakdown: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    """A breakdown as (words, value) rows: a nested part's entries get rows of their own
    ('AI event VP'), an empty one none, numbers by kind one line ('insight 2, steam 1')."""
    rows: list[tuple[str, str]] = []
    for key, value in breakdown.items():
        name = f"{prefix} {words(str(key))}".strip()
        if isinstance(value, dict) and value and all(isinstance(v, int | float) for v in value.values()):
            rows.append((name, _named(value, {})))
        elif isinstance(value, dict):
            rows.extend(_flat(value, name))
        elif not (isinstance(value, list) and not value):
            rows.append((name, fmt_value(value)))
    return rows


def _named(value: Any, names: dict[str, str]) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{names.get(str(k), words(str(k)))} {fmt_value(v)}"
                         for k, v in value.items() if v) or "-"
    return fmt_value(value)


def _render_ranking(console: Console, outcome: dict[str, Any], labels: dict[int, str], title: str,
                    names: dict[str, str]) -> None:
    """Scores with their breakdown, in ranking order."""
    scores = outcome.get("scores") or []
    breakdown = outcome.get("breakdown") or [{} for _ in scores]
    if not isinstance(breakdown, list):
        breakdown = [{} for _ in scores]
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
        table.add_column(words(col), justify="right" if col not in ("player",) else "left")
    for p in ranking:
        row = breakdown[p] if p < len(breakdown) else {}
        table.add_row(str(ranks.get(str(p), "")), str(p), escape(labels.get(p, "")),
                      fmt_value(scores[p]) if p < len(scores) else "",
                      *(fmt_value(row.get(k)) for k in scalar_keys))
    console.print(table)
    for p in ranking:
        row = breakdown[p] if p < len(breakdown) else {}
        parts = [f"{words(k)}: {_named(row[k], names)}" for k in nested_keys if row.get(k)]
        if parts:
            console.print(f"  seat {p}: " + escape("; ".join(parts)))
