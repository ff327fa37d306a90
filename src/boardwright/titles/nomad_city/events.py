"""The 22 Event cards (6 green, 10 yellow, 6 red) and the Corporation Module's 2
replacements: schema and loading."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardwright.engine.data import Record

from .datafile import read
from .steps import Resource, Step

COLOURS = ("green", "yellow", "red")
COUNTS = {"green": 6, "yellow": 10, "red": 6}


class Marker(BaseModel):
    """The resource marker the card puts on its mining site (x2 ones in the Red Zone)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    resource: Resource
    amount: int = Field(ge=1, le=2)


class EventRecord(Record):
    name: str
    colour: Literal["green", "yellow", "red"]
    four_player: bool  # the "4" badge: used only in 4-player games
    marker: Marker
    options: list[list[Step]] = Field(min_length=1)
    module: bool = False  # a Corporation Module card (§15.1)
    replaces: str | None = None  # the base card it takes the place of

    @model_validator(mode="after")
    def _double_only_red(self) -> EventRecord:
        if self.marker.amount == 2 and self.colour != "red":
            raise ValueError("only Red Zone (red) events carry x2 resource markers")
        return self


class EventFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    schema_: Literal["nomad-city/events@1"] = Field(alias="schema")
    events: list[EventRecord]

    @model_validator(mode="after")
    def _counts(self) -> EventFile:
        ids = [e.id for e in self.events]
        if len(ids) != len(set(ids)):
            raise ValueError("event ids must be unique")
        by_id = {e.id: e for e in self.events}
        for e in self.events:
            if e.module != (e.replaces is not None):
                raise ValueError(f"event {e.id}: a module card names the base card it replaces")
            base = by_id.get(e.replaces or "")
            if e.replaces is not None and (base is None or base.module or base.colour != e.colour):
                raise ValueError(f"event {e.id}: replaces no base card of its colour")
        for colour, n in COUNTS.items():
            got = sum(1 for e in self.events if e.colour == colour and not e.module)
            if got != n:
                raise ValueError(f"there are {n} {colour} events, not {got}")
        return self


def load_events(pack: str | None = None) -> dict[str, EventRecord]:
    return {e.id: e for e in read("events.json", EventFile, "events", pack).events}
