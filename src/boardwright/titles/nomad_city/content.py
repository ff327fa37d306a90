"""All of Nomad City's component data, loaded once and shared by every state."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .board import Board, load_boards
from .characters import CharacterRecord, load_characters
from .corporations import CorporationFile, CorporationRecord, DepartmentRecord, load_corporations
from .events import EventRecord, load_events
from .facilities import Facilities, load_facilities
from .styles import StyleRecord, load_styles


class Content(NamedTuple):
    boards: dict[int, Board]
    events: dict[str, EventRecord]
    facilities: Facilities
    styles: dict[str, StyleRecord]
    characters: dict[str, CharacterRecord]
    corporations: CorporationFile

    def corp(self, cid: str) -> CorporationRecord:
        return next(c for c in self.corporations.corporations if c.id == cid)

    def department(self, tid: str) -> DepartmentRecord:
        return next(t for t in self.corporations.departments if t.id == tid)

    def board(self, players: int) -> Board:
        """The 4-player side for 4 players; the 3-player side for 3 and 2 (§2, §12)."""
        return self.boards[4 if players == 4 else 3]


@lru_cache(maxsize=8)
def load(pack: str | None = None) -> Content:
    return Content(load_boards(pack), load_events(pack), load_facilities(pack),
                   load_styles(pack), load_characters(pack), load_corporations(pack))
