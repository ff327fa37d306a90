"""The Flow of History in the terminal (the `terminal_view` hook): market, deck,
supply/reserve, age and every Nation."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

ICON_SHORT = {"attack": "atk", "culture": "cul", "defense": "def", "harvest": "har",
              "industry": "ind", "science": "sci", "trade": "trd"}
TYPE_SHORT = {"Construction": "Con", "Government": "Gov", "Knowledge": "Kno",
              "Military": "Mil", "Leader": "Ldr", "Wonder": "Won"}


AGES = ("A", "I", "II", "III", "IV", "V")  # the current age by number, as the cards print it

#: the card's timing as words (the rules summary's names)
TIMING_WORDS = {"none": "-", "instant": "instant", "attack": "attack", "attack_all": "attack all",
                "permanent": "permanent", "turn_action": "turn action", "end_game": "end of game"}


def _age(number: int) -> str:
    return AGES[number] if 0 <= number < len(AGES) else str(number)


def render(console: Console, view: dict[str, Any], seat: int | None) -> None:
    """The Flow of History: market, deck, supply/reserve, age, every Nation."""
    deck = view["deck"]
    by_age = " ".join(f"{a}:{n}" for a, n in deck["by_age"].items() if n)
    left = f"deck {deck['count']} ({by_age})" if deck["count"] else "deck empty"
    if view.get("over"):
        head = f"Game over after round {view['round']} · Age {_age(view['current_age'])} · {left}"
    else:
        head = (f"Round {view['round']} · turn {view['turn'] + 1} · Age {_age(view['current_age'])} · "
                f"{left}")
    head += f" · Supply {view['supply']} · Reserve {view['reserve']}"
    if view.get("end_triggered") and not view.get("over"):
        head += " · [bold yellow]the game ends after this turn[/]"
    console.print(head)
    market = Table(title="Market", title_justify="left", show_edge=False, pad_edge=False)
    for col in ("card", "age", "type", "effect", "investor", "stake"):
        market.add_column(col)
    for card in view["market"]:
        inv = card["investor"]
        who = "" if inv is None else ("Banker" if inv == "banker" else f"seat {inv}")
        timing = TIMING_WORDS.get(card["timing"], str(card["timing"]).replace("_", " "))
        market.add_row(escape(card["name"]), card["age"], card["type"], timing, who,
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

