"""Helpers to set up Steamfall positions for scenario tests."""

from __future__ import annotations

from typing import Any

import boardwright.titles.steamfall as sf
from boardwright.titles.steamfall.board import build
from boardwright.titles.steamfall.state import SteamfallState


def game(
    players: int = 2,
    scenario: str = "incredible-invention",
    chars: tuple[str, ...] = ("jb", "marcus"),
    seed: int = 1,
    complications: bool = False,
    **options: Any,
) -> SteamfallState:
    """A game at the first player's first turn, characters as given (in turn order); the
    round's complications are set aside unless asked for (they would change costs)."""
    st = sf.SPEC.new_game(
        players, seed=seed, options={"scenario": scenario, "characters": "choose", **options}
    )
    assert isinstance(st, SteamfallState)
    k = 0
    while st.tasks[-1][0] != "turn":
        seat = st.to_act[0]
        top = st.tasks[-1][0]
        if top == "char_pick":
            st.apply(seat, f"char:{chars[k]}")
            k += 1
        else:
            st.apply(seat, st.legal_actions(seat)[0].id)
    if not complications:
        st.comp_out += st.comps
        st.comps, st.cprog, st.cover = [], {}, []
        st._cache.clear()
    return st


def me(st: SteamfallState) -> int:
    return int(st.tasks[-1][1])


def ids(st: SteamfallState) -> list[str]:
    return [a.id for a in st.legal_actions(st.to_act[0])]


def put_district(st: SteamfallState, area: int, district: str) -> None:
    """Replace the tile at `area` (pathways unrotated), keeping the rest of the map."""
    names = list(st.board.districts)
    other = names.index(district) if district in names else -1
    if other >= 0:
        names[other] = names[area]
    names[area] = district
    paths = [list(st.content.districts[d].pathways) for d in names]
    st.board = build(names, list(st.board.cells), paths)
    st._cache.clear()


def hand(st: SteamfallState, p: int, *items: str) -> None:
    for i in items:
        for deck in st.decks.values():
            if i in deck:
                deck.remove(i)
        st.pl[p]["hand"].append(i)
    st._cache.clear()


def in_play(st: SteamfallState, p: int, item: str, power: int = 0) -> None:
    for deck in st.decks.values():
        if item in deck:
            deck.remove(item)
    st.pl[p]["play"].append(item)
    if power:
        st.pl[p]["power"][item] = power
    st._cache.clear()


def pool(st: SteamfallState, p: int, **amounts: int) -> None:
    for k, v in amounts.items():
        if k in st.pl[p]["pool"]:
            st.pl[p]["pool"][k] = v
        else:
            st.pl[p]["res"][k] = v
    st._cache.clear()


def activated(st: SteamfallState, p: int) -> None:
    """Mark the turn's column as used (so `end` is allowed) without gaining anything."""
    st.pl[p]["col"] = 0
    st._cache.clear()
