"""The Corporation Module's boards (8 corporations, levels 1-5) and Rhine Lab's 3
Department tiles: schema and loading. What each level does is data in the effect
language of steps.py; the effects the language cannot say live in corp_effects.py."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardwright.engine.data import Record

from .datafile import read
from .steps import Step

TOP = 5  # the highest cooperation level
BOARDS = 8
RHINE_LAB = "rhine-lab"
RHODES_ISLAND = "rhodes-island"


class Level(BaseModel):
    """One space of a Corporation board. `locked`: reaching it unlocks a corporation
    effect that only a trigger applies; otherwise `effect` is the reward, at once."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    locked: bool
    effect: list[Step]


class CorporationRecord(Record):
    name: str
    levels: list[Level] = Field(min_length=TOP, max_length=TOP)  # levels 1..5


class DepartmentRecord(Record):
    """A Rhine Lab Department tile: the reward of reaching each of levels 2-5 on Rhine
    Lab while it is the active tile."""

    name: str
    rewards: dict[Literal["2", "3", "4", "5"], list[Step]]
    activation: list[Step] = Field(default_factory=list)  # gained by whoever activates it


class CorporationFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    schema_: Literal["nomad-city/corporations@1"] = Field(alias="schema")
    corporations: list[CorporationRecord]
    departments: list[DepartmentRecord]

    @model_validator(mode="after")
    def _counts(self) -> CorporationFile:
        ids = [c.id for c in self.corporations]
        if len(ids) != BOARDS or len(set(ids)) != BOARDS:
            raise ValueError(f"there are {BOARDS} distinct Corporation boards, not {len(set(ids))}")
        if len(self.departments) != 3:
            raise ValueError(f"Rhine Lab has 3 Department tiles, not {len(self.departments)}")
        for c in self.corporations:
            for n, level in enumerate(c.levels, start=1):
                if any(st.kind == "department_reward" for st in level.effect) and c.id != RHINE_LAB:
                    raise ValueError(f"{c.id} level {n}: only Rhine Lab has Department rewards")
        return self


def load_corporations(pack: str | None = None) -> CorporationFile:
    return read("corporations.json", CorporationFile, "corporations", pack)
