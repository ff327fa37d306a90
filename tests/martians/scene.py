"""Helpers for scenario tests: a game brought to a corporation's turn, with the board set
by hand where a rulebook example needs it."""

from __future__ import annotations

from typing import Any

import boardwright as bw
from boardwright.titles.martians.content import RESOURCES
from boardwright.titles.martians.state import MartiansState


def new(players: int = 2, seed: int = 1, **options: Any) -> MartiansState:
    state = bw.game("martians").new_game(players, seed=seed, options=options)
    assert isinstance(state, MartiansState)
    return state


def to_turn(s: MartiansState) -> int:
    """Play 'work' (and the semi-co-op quarters choice) until a corporation's turn; returns it."""
    while s.tasks[-1][0] != "turn":
        seat = s.to_act[0]
        ids = [a.id for a in s.legal_actions(seat)]
        pick = "work" if "work" in ids else ids[0]
        s.apply(seat, pick)
    return int(s.tasks[-1][1])


def ids(s: MartiansState) -> list[str]:
    return [a.id for a in s.legal_actions(s.to_act[0])]


def do(s: MartiansState, *actions: str) -> None:
    for a in actions:
        s.apply(s.to_act[0], a)


def setres(s: MartiansState, purse: int, **amounts: int) -> None:
    """Set a purse's resources, moving the markers from or to the supply."""
    for k, n in amounts.items():
        i = RESOURCES.index(k)
        diff = n - s.res[purse][i]
        if k == "credits":
            s.bank -= diff
        else:
            s.supply[k] -= diff
        s.res[purse][i] = n
    s._cache.clear()


def res(s: MartiansState, purse: int, kind: str) -> int:
    return s.res[purse][RESOURCES.index(kind)]


def give_card(s: MartiansState, purse: int, mineral: str) -> str:
    card = next(c for c in s.regolith_deck if c.startswith(mineral))
    s.regolith_deck.remove(card)
    s.regolith[purse].append(card)
    s._cache.clear()
    return card


def passive(s: MartiansState) -> None:
    """One step of a corporation that does nothing: work, end the turn, deliver nothing."""
    seat = s.to_act[0]
    a = [x.id for x in s.legal_actions(seat)]
    for pick in ("work", "end", "done", "leave", "no", "skip"):
        if pick in a:
            s.apply(seat, pick)
            return
    s.apply(seat, a[0])


def clear_quarters(s: MartiansState) -> None:
    """Remove every oxygen, disease and hunger token from the quarters, back to the supply."""
    for q in s.quarters:
        for i, k in enumerate(("oxygen", "disease", "hunger")):
            s.supply[k] += q[i]
            q[i] = 0
    s._cache.clear()
