"""Character cards: the 5 starting cards of each colour, the Corporation Module's 2 more
(Mountain, Młynar) and its 8 Operators (their effects are rules: see heroes.py,
corp_heroes.py and operators.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from boardwright.engine.data import Record

from .datafile import read

STARTING = ("liskarm", "elysium", "texas", "cannot", "tin-man")
MODULE_STARTING = ("mountain", "mlynar")  # added to every hand with the module (§15.2)
OPERATORS = ("w", "kaltsit", "closure", "dorothy", "silverash", "mudrock", "passenger",
             "eunectes")


class Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    text: str
    persistent: bool = False  # stays in play after use (§17.1)
    once: bool = False  # returned to the box instead of the discard pile (§17.1)


class CharacterRecord(Record):
    name: str
    title: str
    kind: Literal["starting", "module", "operator"] = "starting"
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
    missing = [c for c in (*STARTING, *MODULE_STARTING, *OPERATORS) if c not in out]
    if missing:
        raise ValueError(f"characters.json lacks the starting characters {missing}")
    return out
