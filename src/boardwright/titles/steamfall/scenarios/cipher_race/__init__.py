"""Cipher Race (§12): competitive, always with events, cipher tablets on the ancient districts."""

from __future__ import annotations

from typing import Any

from .. import Scenario


class CipherRace(Scenario):
    id = "cipher-race"
    competitive_decks = True

    def uses_events(self, st: Any) -> bool:
        return True

    def map_built(self, st: Any) -> None:
        """A cipher tablet on each ancient district."""
        c, b = st.content, st.board
        for area in range(b.n_districts):
            if c.districts[b.districts[area]].type == "ancient":
                st.tablet[area] = st.tablets_left.pop()


SCENARIO = CipherRace()
