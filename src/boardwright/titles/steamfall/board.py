"""The city: districts on a grid, secret-location slots on the outside borders, pathways.

Areas are numbered: districts first (in layout order), then one secret-location slot per
outside border. Entering a district costs the triangles on its red pathway on the side you
come from; entering a secret location always costs 1 (§5.1). The map never changes after
setup, so the state shares one immutable `Board` between clones.
"""

from __future__ import annotations

from typing import Any, NamedTuple

SIDES = ("north", "east", "south", "west")
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))


class Board(NamedTuple):
    districts: tuple[str, ...]  # district id per district area
    cells: tuple[tuple[int, int], ...]
    paths: tuple[tuple[int, int, int, int], ...]  # triangles per side, after rotation
    slots: tuple[tuple[int, int], ...]  # (district area, side) per secret-location slot
    #: per area: ((neighbour area, movement cost to enter it), ...)
    moves: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def n_districts(self) -> int:
        return len(self.districts)

    @property
    def n_areas(self) -> int:
        return len(self.districts) + len(self.slots)

    def is_slot(self, area: int) -> bool:
        return area >= len(self.districts)

    def slot_district(self, area: int) -> int:
        return self.slots[area - len(self.districts)][0]

    def neighbours(self, area: int) -> list[int]:
        return [b for b, _ in self.moves[area]]

    def to_data(self) -> dict[str, object]:
        return {
            "districts": list(self.districts),
            "cells": [list(c) for c in self.cells],
            "paths": [list(p) for p in self.paths],
        }

    @staticmethod
    def from_data(data: dict[str, Any]) -> Board:
        cells = [(int(c[0]), int(c[1])) for c in data["cells"]]
        return build(list(data["districts"]), cells, [list(p) for p in data["paths"]])


def rotate(pathways: list[int], quarter_turns: int) -> tuple[int, int, int, int]:
    """A tile turned clockwise by `quarter_turns`: its north side now faces east, and so on."""
    k = quarter_turns % 4
    p = [pathways[(s - k) % 4] for s in range(4)]
    return (p[0], p[1], p[2], p[3])


def build(districts: list[str], cells: list[tuple[int, int]], paths: list[list[int]]) -> Board:
    at = {cell: i for i, cell in enumerate(cells)}
    n = len(districts)
    slots: list[tuple[int, int]] = []
    for i, (r, c) in enumerate(cells):
        for s, (dr, dc) in enumerate(_STEP):
            if (r + dr, c + dc) not in at:
                slots.append((i, s))
    moves: list[list[tuple[int, int]]] = [[] for _ in range(n + len(slots))]
    for i, (r, c) in enumerate(cells):
        for s, (dr, dc) in enumerate(_STEP):
            j = at.get((r + dr, c + dc))
            if j is not None:
                moves[i].append((j, paths[j][(s + 2) % 4]))
    for k, (d, s) in enumerate(slots):
        area = n + k
        moves[d].append((area, 1))
        moves[area].append((d, paths[d][s]))
    return Board(
        tuple(districts),
        tuple((r, c) for r, c in cells),
        tuple((p[0], p[1], p[2], p[3]) for p in paths),
        tuple(slots),
        tuple(tuple(m) for m in moves),
    )
