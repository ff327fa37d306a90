"""Hook `balance`: what `boardwright report` shows about The Flow of History's cards.

Each game records, per seat, the card it started with and every card it gained (§2.4),
read from the log; the report then shows, at each player count, the win rate and mean
score of the players who gained each card (a card gained twice by one player, after it was
discarded, counts once), flagging the cards whose win rate lies outside the interval of
all the other cards' gains.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.report.panels import BalanceHook, Breakdown, Observation, Panel, seat_results, seat_score

from .rules import ref

if TYPE_CHECKING:
    from .state import FlowState

GAINS = "gains "
STARTS = "starts with "


def record(state: FlowState) -> dict[str, Any]:
    """`gained`: per seat, the names of the cards it gained, in order, each once; `start`: per
    seat, its starting card."""
    stacking = ref("2.4")
    gained: list[list[str]] = [[] for _ in range(state.players)]
    start: list[str | None] = [None] * state.players
    for entry in state.log:
        seat = entry.seat
        if seat is None or not 0 <= seat < state.players:
            continue
        if entry.rule == stacking and entry.text.startswith(GAINS) and " (" in entry.text:
            name = entry.text[len(GAINS):entry.text.rindex(" (")]
            if name not in gained[seat]:
                gained[seat].append(name)
        elif entry.text.startswith(STARTS) and entry.visible_to is None:
            start[seat] = entry.text[len(STARTS):]
    return {"gained": gained, "start": start}


def first_seat(state: FlowState) -> int:
    """The first player, drawn at setup (§4)."""
    return int(state.current)


def panels(rows: list[dict[str, Any]]) -> list[Panel]:
    """Per player count: win rate and mean score by card gained, then by starting card."""
    out: list[Panel] = []
    for players in sorted({int(r["players"]) for r in rows}):
        cards: dict[str, list[Observation]] = {}
        starts: dict[str, list[Observation]] = {}
        games = 0
        for row in rows:
            data = row.get("balance")
            if int(row["players"]) != players or not isinstance(data, dict) or "gained" not in data:
                continue
            games += 1
            results = seat_results(row)
            for seat in range(players):
                obs = (results[seat], seat_score(row, seat))
                for name in data["gained"][seat]:
                    cards.setdefault(str(name), []).append(obs)
                begun = data.get("start", [None] * players)[seat]
                if begun:
                    starts.setdefault(str(begun), []).append(obs)
        if not games:
            continue
        count = f"{players} players, {games} games"
        out.append(Breakdown(
            f"Cards gained ({count})", cards, flag=True, unit="card gains",
            note=f"Win rate and mean score of the players who gained each card (fair share "
                 f"{1 / players:.0%}). A card gained by the winner more often than by the others is "
                 "not proof it is strong: strong players gain more cards."))
        if starts:
            out.append(Breakdown(f"Starting card ({count})", starts, flag=True,
                                 note="Win rate and mean score by the card each player started with."))
    return out


HOOK = BalanceHook(record=record, panels=panels, first_seat=first_seat)
