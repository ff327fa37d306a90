"""Cipher Race (§12): competitive, always with events, cipher tablets on the ancient districts."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from boardwright.bots.ladder import TEAM_SEARCH

from .. import Scenario


class CipherRace(Scenario):
    id = "cipher-race"
    name = "Cipher Race"
    deck_study = True
    ability_cards = MappingProxyType({"cipher-race": 2})
    competitive_decks = True
    #: a player plans whole turns (a column and its pooled actions) at `hard` and `expert`: at
    #: 0.5 s a decision this won 8 of 12 2-player games against the tree search it replaces
    #: (docs/bots.md)
    bot_levels = MappingProxyType({"hard": f"{TEAM_SEARCH}:seconds=0.5",
                                   "expert": f"{TEAM_SEARCH}:seconds=1.5"})

    def setup_check(self, players: int, options: Mapping[str, Any]) -> str | None:
        if players < 2:
            return "Cipher Race is for 2-4 players"
        if options.get("difficulty") != "normal":
            return "difficulty is a side of the Incredible Invention card; Cipher Race has none"
        if options.get("ii_events"):
            return "ii_events is an Incredible Invention variant (Cipher Race always uses events)"
        return None

    def uses_events(self, st: Any) -> bool:
        return True

    def map_built(self, st: Any) -> None:
        """A cipher tablet on each ancient district."""
        c, b = st.content, st.board
        for area in range(b.n_districts):
            if c.districts[b.districts[area]].type == "ancient":
                st.tablet[area] = st.tablets_left.pop()

    def terminal_panel(self, console: Any, c: Any, view: dict[str, Any], width: int, compact: bool) -> None:
        from .terminal import render

        render(console, view, width)

    def check_content(self, comp: Any) -> list[str]:
        problems = super().check_content(comp)
        for t in comp.tablets:
            if len(t.ciphers) != 3:
                problems.append(f"tablets.json, tablets '{t.id}': a tablet shows three ciphers")
        return problems


SCENARIO = CipherRace()
