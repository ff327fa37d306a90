"""The map (both board sides): schema, loading and route arithmetic.

Influence locations are mining sites ("B-02") and routes ("B-02/C-02"); the spaces of
one location are interchangeable, so a location holds a list of owners.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardwright.engine.data import Record

from .datafile import read

Colour = Literal["green", "yellow", "red"]


class Region(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    points: int = Field(ge=0)


class Site(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[A-Z]-\d\d$")
    region: str
    colour: Colour
    spaces: int = Field(ge=1)
    red_zone: bool = False
    arrival_bonus: dict[Literal["orirock", "shard", "oriron"], int] = {}


class Route(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    a: str
    b: str
    region: str
    spaces: int = Field(ge=1)


class BoardRecord(Record):
    name: str
    players: int
    regions: list[Region]
    sites: list[Site]
    routes: list[Route]

    @model_validator(mode="after")
    def _consistent(self) -> BoardRecord:
        sites = {s.id for s in self.sites}
        regions = {r.id for r in self.regions}
        for s in self.sites:
            if s.region not in regions:
                raise ValueError(f"site {s.id} is in unknown region {s.region}")
        for r in self.routes:
            if r.a not in sites or r.b not in sites or r.a == r.b:
                raise ValueError(f"route {r.id} must join two different known sites")
            if r.id != f"{min(r.a, r.b)}/{max(r.a, r.b)}":
                raise ValueError(f"route {r.id} must be named '<site>/<site>' in order")
            if r.region not in regions:
                raise ValueError(f"route {r.id} is in unknown region {r.region}")
        return self


class BoardFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    schema_: Literal["nomad-city/board@1"] = Field(alias="schema")
    boards: list[BoardRecord]


class Board(NamedTuple):
    """Runtime map: lookups the rules use on every decision."""

    record: BoardRecord
    sites: dict[str, Site]
    routes: dict[str, Route]
    capacity: dict[str, int]  # location -> influence spaces
    region_of: dict[str, str]  # location -> region
    links: dict[str, tuple[tuple[str, str], ...]]  # site -> ((route, other site), ...)
    regions: dict[str, int]  # region -> control points
    locations: tuple[str, ...]  # sites then routes, in file order


def build(rec: BoardRecord) -> Board:
    links: dict[str, list[tuple[str, str]]] = {s.id: [] for s in rec.sites}
    for r in rec.routes:
        links[r.a].append((r.id, r.b))
        links[r.b].append((r.id, r.a))
    capacity = {s.id: s.spaces for s in rec.sites} | {r.id: r.spaces for r in rec.routes}
    region_of = {s.id: s.region for s in rec.sites} | {r.id: r.region for r in rec.routes}
    return Board(rec, {s.id: s for s in rec.sites}, {r.id: r for r in rec.routes}, capacity,
                 region_of, {k: tuple(v) for k, v in links.items()},
                 {g.id: g.points for g in rec.regions},
                 tuple(s.id for s in rec.sites) + tuple(r.id for r in rec.routes))


def load_boards(pack: str | None = None) -> dict[int, Board]:
    """Board by player count: 4 uses the 4-player side; 3 (and 2) the 3-player side."""
    file = read("board.json", BoardFile, "boards", pack)
    return {rec.players: build(rec) for rec in file.boards}


def cheapest(board: Board, start: str | Iterable[str], cost: Callable[[str], int],
             avoid: Iterable[str] = ()) -> dict[str, int]:
    """Least total toll from `start` (a site, or the nearest of several) to every site,
    never entering the `avoid` sites. Routes cost the same both ways."""
    banned = set(avoid)
    starts = [start] if isinstance(start, str) else list(start)
    best = dict.fromkeys(starts, 0)
    heap = [(0, s) for s in starts]
    while heap:
        d, site = heapq.heappop(heap)
        if d > best.get(site, 1 << 30):
            continue
        for route, other in board.links[site]:
            if other in banned:
                continue
            nd = d + cost(route)
            if nd < best.get(other, 1 << 30):
                best[other] = nd
                heapq.heappush(heap, (nd, other))
    return best


#: per board (kept alive by its entry, so its id cannot be reused): (board, memo)
_TOLL_MEMO: dict[int, tuple[Board, dict[tuple[object, ...], dict[str, int]]]] = {}
TOLL_MEMO_LIMIT = 4_096  # entries per board (about 2.5 kB each) before the memo is emptied


def cheapest_tolls(board: Board, start: str | tuple[str, ...], toll: int,
                   free: frozenset[str] | None, avoid: frozenset[str] = frozenset()) -> dict[str, int]:
    """`cheapest` for the rules' tolls: a route costs 0 when it is in `free` (every route
    when `free` is None) and `toll` otherwise. Memoized per board, start, free routes and
    avoided sites; the result is shared, so callers must not change it."""
    entry = _TOLL_MEMO.get(id(board))
    if entry is None or entry[0] is not board:
        if len(_TOLL_MEMO) >= 16:
            _TOLL_MEMO.clear()
        entry = _TOLL_MEMO[id(board)] = (board, {})
    memo = entry[1]
    key = (start, toll, free, avoid)
    hit = memo.get(key)
    if hit is not None:
        return hit
    if len(memo) >= TOLL_MEMO_LIMIT:
        memo.clear()
    # `cheapest`'s distances, found by layers: a route costs 0 or `toll`, so the sites at
    # toll distance d are those one paid route beyond the layer before, closed under free
    # routes (a search by breadth, no heap; tests/nomad_city/test_tolls.py compares them)
    layer = [start] if isinstance(start, str) else list(dict.fromkeys(start))
    best = dict.fromkeys(layer, 0)
    links = board.links
    d = 0
    while layer:
        stack = list(layer)
        while stack:  # the free routes' closure of this layer: the same distance
            for route, other in links[stack.pop()]:
                if other not in best and other not in avoid and (free is None or route in free):
                    best[other] = d
                    stack.append(other)
                    layer.append(other)
        d += toll
        after = []
        for site in layer:  # one paid route further
            for _route, other in links[site]:
                if other not in best and other not in avoid:
                    best[other] = d
                    after.append(other)
        layer = after
    memo[key] = best
    return best
