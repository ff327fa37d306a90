"""`cheapest_tolls` (a search by layers) gives `cheapest`'s distances (Dijkstra's search)
for any start, free routes and avoided sites, on both board sides."""

from __future__ import annotations

import random

import pytest

from boardwright.titles.nomad_city.board import cheapest, cheapest_tolls
from boardwright.titles.nomad_city.content import load


@pytest.mark.parametrize("players", [3, 4])
def test_tolls_by_layers_equal_dijkstra(players: int) -> None:
    board = load().board(players)
    sites, routes = sorted(board.sites), sorted(board.routes)
    rng = random.Random(players)
    for _ in range(400):
        starts = tuple(rng.sample(sites, rng.choice([1, 1, 2, 3])))
        start: str | tuple[str, ...] = starts[0] if len(starts) == 1 else starts
        free = None if rng.random() < 0.1 else frozenset(rng.sample(routes, rng.randrange(12)))
        avoid = frozenset(rng.sample([s for s in sites if s not in starts], rng.randrange(6)))
        toll = rng.choice([2, 2, 3])
        got = cheapest_tolls(board, start, toll, free, avoid)
        costs = {r: 0 if free is None or r in free else toll for r in routes}
        want = cheapest(board, start, costs.__getitem__, avoid)
        assert got == want
