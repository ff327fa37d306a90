"""The 5 starting Character cards of each colour (their effects are rules: see heroes.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from boardwright.engine.data import Record

from .datafile import read

STARTING = ("liskarm", "elysium", "texas", "cannot", "tin-man")


class Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    text: str


class CharacterRecord(Record):
    name: str
    title: str
    strategy: Effect
    tactic: Effect


class CharacterFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    schema_: Literal["nomad-city/characters@1"] = Field(alias="schema")
    colours: list[Literal["green", "yellow", "red", "blue"]]
    characters: list[CharacterRecord]


def load_characters(pack: str | None = None) -> dict[str, CharacterRecord]:
    file = read("characters.json", CharacterFile, "characters", pack)
    out = {c.id: c for c in file.characters}
    missing = [c for c in STARTING if c not in out]
    if missing:
        raise ValueError(f"characters.json lacks the starting characters {missing}")
    return out
