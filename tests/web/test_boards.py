"""GET /api/boards/{game}/{players}: Nomad City's board data with a computed layout."""

from __future__ import annotations

import itertools
import math

from fastapi.testclient import TestClient

from boardwright.web.boards import HEIGHT, WIDTH, layout


def test_nomad_board_layout(client: TestClient) -> None:
    for players, sites, routes, regions in ((4, 22, 32, 8), (3, 18, 26, 7), (2, 18, 26, 7)):
        r = client.get(f"/api/boards/nomad-city/{players}")
        assert r.status_code == 200, r.text
        b = r.json()
        assert (len(b["sites"]), len(b["routes"]), len(b["regions"])) == (sites, routes, regions)
        pos = {s["id"]: (s["x"], s["y"]) for s in b["sites"]}
        assert all(0 < x < WIDTH and 0 < y < HEIGHT for x, y in pos.values())
        assert min(math.dist(a, c) for a, c in itertools.combinations(pos.values(), 2)) > 70
        assert {r["id"] for r in b["regions"] if r["red_zone"]} == {"R"}
        assert all(0 < g["label_x"] < WIDTH and 0 < g["label_y"] < HEIGHT for g in b["regions"])
        assert b["city_board"]["rows"] * b["city_board"]["columns"] == 12
        assert sum(not st["module"] for st in b["styles"].values()) == 6
        assert "core-command-tower" in b["facilities"]
    assert client.get("/api/boards/nomad-city/4").json() == client.get("/api/boards/nomad-city/4").json()


def test_boards_of_other_games_and_counts(client: TestClient) -> None:
    assert client.get("/api/boards/flow-of-history/3").status_code == 404
    assert client.get("/api/boards/nomad-city/9").status_code == 404
    assert client.get("/api/boards/chess/2").status_code == 404


def test_layout_is_deterministic_and_spread() -> None:
    ids = [f"S{i}" for i in range(8)]
    edges = [(ids[i], ids[(i + 1) % 8]) for i in range(8)]
    one = layout(ids, edges, {"S0", "S4"})
    assert one == layout(ids, edges, {"S0", "S4"})
    assert min(math.dist(a, b) for a, b in itertools.combinations(one.values(), 2)) > 50
    assert layout([], [], set()) == {}
