"""City Style cards: schema, loading, and matching a requirement on a City board.

A requirement may be turned in steps of 90 degrees but never mirrored (§6.3).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from boardwright.engine.data import Record

from .datafile import read
from .steps import Payable, Step

Cell = tuple[int, int]


class PatternCell(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    row: int = Field(ge=0)
    col: int = Field(ge=0)
    colours: list[Literal["red", "yellow", "blue", "green"]] = Field(min_length=1)


class Special(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["place", "explore_free", "refine", "double_move"]
    count: int = Field(default=1, ge=1)
    no_character: bool = False
    cost: dict[Payable, int] = {}
    gain: dict[Literal["orirock", "shard", "oriron", "gold", "pure", "points"], int] = {}


class StyleRecord(Record):
    name: str
    level: Literal[1, 2]
    colour: str
    points: int = Field(ge=0)
    pattern: list[PatternCell] = Field(min_length=1)
    declaration: list[Step]
    special: Special | None
    module: bool = False  # one of the Corporation Module's 6 cards (§15.1)


class StyleFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    schema_: Literal["nomad-city/styles@1"] = Field(alias="schema")
    styles: list[StyleRecord]


def load_styles(pack: str | None = None) -> dict[str, StyleRecord]:
    return {s.id: s for s in read("styles.json", StyleFile, "styles", pack).styles}


_SHAPES: dict[tuple[object, ...], list[list[tuple[Cell, frozenset[str]]]]] = {}


def _rotations(style: StyleRecord) -> list[list[tuple[Cell, frozenset[str]]]]:
    key = tuple((c.row, c.col, *c.colours) for c in style.pattern)
    shapes = _SHAPES.get(key)
    if shapes is None:
        shapes = _SHAPES[key] = rotations(style)
    return shapes


def rotations(style: StyleRecord) -> list[list[tuple[Cell, frozenset[str]]]]:
    """The requirement turned 0, 90, 180 and 270 degrees clockwise, each shifted to (0, 0)."""
    cells: list[tuple[Cell, frozenset[str]]] = [
        ((c.row, c.col), frozenset(str(k) for k in c.colours)) for c in style.pattern]
    out = []
    for _ in range(4):
        top = min(r for (r, _), _ in cells)
        left = min(c for (_, c), _ in cells)
        out.append([((r - top, c - left), k) for (r, c), k in cells])
        cells = [((c, -r), k) for (r, c), k in cells]  # 90 degrees clockwise
    return out


def placements(style: StyleRecord, rows: int, cols: int,
               colour_at: dict[Cell, str]) -> list[tuple[Cell, ...]]:
    """Every distinct set of free facilities meeting the requirement.

    `colour_at` maps a cell holding an unused facility to its colour ('multi' counts as
    any colour). Mirror images are never tried.
    """
    found: set[tuple[Cell, ...]] = set()
    if len(colour_at) < len(style.pattern):
        return []
    for shape in _rotations(style):
        height = max(r for (r, _), _ in shape) + 1
        width = max(c for (_, c), _ in shape) + 1
        for dr in range(rows - height + 1):
            for dc in range(cols - width + 1):
                cells = []
                for (r, c), allowed in shape:
                    colour = colour_at.get((r + dr, c + dc))
                    if colour is None or (colour != "multi" and colour not in allowed):
                        break
                    cells.append((r + dr, c + dc))
                else:
                    found.add(tuple(sorted(cells)))
    return sorted(found)
