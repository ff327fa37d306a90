"""Facility cards (41, the module's 3 Corporation Offices, 4 Core Command Towers and 3
Extension Hubs) and the City board."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardwright.engine.data import Record

from .datafile import read
from .steps import Payable, Step

FacilityColour = Literal["red", "yellow", "blue", "green", "multi", "none"]
DECK_SIZE = 41
MODULE_CARDS = 3  # Corporation Offices
TOWER = "core-command-tower"
HUB = "extension-hub"


class FacilityRecord(Record):
    name: str
    colour: FacilityColour
    points: int = Field(ge=0)
    resource_cost: dict[Payable, int]
    gold_cost: int = Field(ge=0)
    entry: list[Step]
    unique: bool = False
    copies: int = Field(ge=1)
    module: bool = False  # shuffled in with the Corporation Module (§15.1)


class CityBoard(Record):
    rows: int = Field(ge=1)
    columns: int = Field(ge=1)
    tower: tuple[int, int]


class FacilityFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    schema_: Literal["nomad-city/facilities@1"] = Field(alias="schema")
    facilities: list[FacilityRecord]
    special: list[FacilityRecord]
    city_board: CityBoard

    @model_validator(mode="after")
    def _counts(self) -> FacilityFile:
        total = sum(f.copies for f in self.facilities if not f.module)
        if total != DECK_SIZE:
            raise ValueError(f"the facility deck holds {DECK_SIZE} cards, not {total}")
        extra = sum(f.copies for f in self.facilities if f.module)
        if extra != MODULE_CARDS:
            raise ValueError(f"the Corporation Module adds {MODULE_CARDS} facilities, not {extra}")
        special = {f.id: f.copies for f in self.special}
        if special != {TOWER: 4, HUB: 3}:
            raise ValueError("special facilities must be 4 Core Command Towers and 3 Extension Hubs")
        return self


class Facilities:
    """Card types by id and the 41 deck cards as instance ids ('trading-post#2')."""

    def __init__(self, file: FacilityFile) -> None:
        self.file = file
        self.types = {f.id: f for f in [*file.facilities, *file.special]}
        self.deck = tuple(f"{f.id}#{n}" for f in file.facilities if not f.module
                          for n in range(1, f.copies + 1))
        self.module_deck = tuple(f"{f.id}#{n}" for f in file.facilities if f.module
                                 for n in range(1, f.copies + 1))
        self.grid = file.city_board
        # every card id ("trading-post#2") and type id -> its record: `of` is one look-up
        self.by_card = {**self.types, **{c: self.types[c.partition("#")[0]]
                                         for c in (*self.deck, *self.module_deck)}}

    def of(self, card: str) -> FacilityRecord:
        rec = self.by_card.get(card)
        return rec if rec is not None else self.types[card.partition("#")[0]]


def load_facilities(pack: str | None = None) -> Facilities:
    return Facilities(read("facilities.json", FacilityFile, "facilities", pack))
