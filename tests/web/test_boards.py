"""Boards come from the titles: GET /api/boards/{game}/board.js (the `board_js` asset) and
GET /api/boards/{game}/data?players=N&... (the `board_data` hook); the web app names no game."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

from fastapi.testclient import TestClient

import boardwright as bw
import boardwright.web
from boardwright.titles.nomad_city.layout import HEIGHT, WIDTH, layout

from .conftest import bearer

WEB = Path(boardwright.web.__file__).parent


def test_nomad_board_layout(client: TestClient) -> None:
    for players, sites, routes, regions in ((4, 22, 32, 8), (3, 18, 26, 7), (2, 18, 26, 7)):
        r = client.get(f"/api/boards/nomad-city/data?players={players}")
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
    one = client.get("/api/boards/nomad-city/data?players=4").json()
    assert one == client.get("/api/boards/nomad-city/data?players=4&corporations=true").json()
    assert one == bw.game("nomad-city").hook("board_data")(4, {"corporations": False})


def test_board_data_refusals(client: TestClient) -> None:
    assert client.get("/api/boards/flow-of-history/data?players=3").status_code == 404  # no hook
    assert client.get("/api/boards/nomad-city/data?players=9").status_code == 422
    r = client.get("/api/boards/nomad-city/data?players=4&corporations=maybe")
    assert r.status_code == 422 and "corporations" in r.json()["reason"]
    assert client.get("/api/boards/nomad-city/data?players=4&colour=red").status_code == 422
    assert client.get("/api/boards/nomad-city/data").status_code == 422  # players is required
    assert client.get("/api/boards/chess/data?players=2").status_code == 404


def test_board_scripts_are_the_titles_assets(client: TestClient) -> None:
    for gid in bw.games():
        spec = bw.game(gid)
        r = client.get(f"/api/boards/{gid}/board.js")
        if spec.asset("board_js") is None:
            assert r.status_code == 404
            continue
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
        assert r.text == spec.asset("board_js")
        assert f'BW.registerBoard("{gid}"' in r.text
    assert client.get("/api/boards/chess/board.js").status_code == 404


def test_payload_and_meta_say_where_the_board_is(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "nomad-city", "players": 3, "seed": 1,
                                        "options": {"corporations": True},
                                        "bots": {"1": "random", "2": "random"}})
    d = client.get(f"/api/games/{r.json()['id']}", headers=bearer(r.json()["seats"][0]["token"])).json()
    assert d["options"] == {"corporations": True}
    assert d["board"] == {"script": "/api/boards/nomad-city/board.js",
                          "data": "/api/boards/nomad-city/data?players=3&corporations=true",
                          "glossary": "/api/glossary/nomad-city?players=3&corporations=true"}
    assert client.get(d["board"]["data"]).status_code == 200
    glossary = client.get(d["board"]["glossary"])
    assert glossary.status_code == 200 and all(
        set(e) == {"name", "text"} for e in glossary.json()["entries"].values())
    r = client.post("/api/games", json={"game": "beacon", "players": 1, "seed": 1,
                                        "options": {"mode": "solo"}})
    d = client.get(f"/api/games/{r.json()['id']}").json()
    assert d["board"] == {"script": "/api/boards/beacon/board.js", "data": None, "glossary": None}
    meta = {g["id"]: g for g in client.get("/api/meta").json()["games"]}
    assert meta["beacon"]["board"] is True
    assert meta["beacon"]["defaults"]["1"]["mode"] == "solo"
    assert meta["beacon"]["defaults"]["2"]["mode"] == "competitive"


def test_setup_check(client: TestClient) -> None:
    r = client.get("/api/setup/beacon?players=2&mode=solo").json()
    assert r["ok"] is False and "mode=solo is for 1 player" in r["problem"]
    assert r["defaults"]["mode"] == "competitive"
    r = client.get("/api/setup/beacon?players=1").json()  # options not given suit the count
    assert r["ok"] is True and r["defaults"] == {"mode": "solo", "nobody_wins_on_failure": False}
    assert r["options"] == r["defaults"]
    r = client.get("/api/setup/beacon?players=1&mode=competitive").json()
    assert r["ok"] is False and "1 player plays mode=solo" in r["problem"]
    r = client.get("/api/setup/beacon?players=1&mode=solo").json()
    assert r["ok"] is True and r["outcome_kind"] == "solo" and r["options"]["mode"] == "solo"
    r = client.get("/api/setup/beacon?players=3&mode=semi-cooperative&nobody_wins_on_failure=true").json()
    assert r["ok"] and r["outcome_kind"] == "semi-cooperative"
    assert r["options"]["nobody_wins_on_failure"] is True
    r = client.get("/api/setup/flow-of-history?players=1").json()
    assert r["ok"] is False and "not 1" in r["problem"] and r["defaults"] is None
    assert client.get("/api/setup/chess?players=2").status_code == 404
    # creating the refused combination gives the same reason
    r = client.post("/api/games", json={"game": "beacon", "players": 2, "options": {"mode": "solo"}})
    assert r.status_code == 422 and "mode=solo is for 1 player" in r.json()["reason"]


def test_the_web_app_names_no_game() -> None:
    """Nothing under web/ imports a title or names a game: games come through their spec."""
    names = set(bw.games())
    names |= {bw.game(g).package.rpartition(".")[2] for g in bw.games()}
    leak = re.compile(r"boardwright\.titles|from\s+[.\w]*titles[.\w]*\s+import|import\s+[.\w]*titles")
    found = []
    for path in sorted(WEB.rglob("*")):
        if path.suffix not in (".py", ".js", ".html", ".css") or "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if leak.search(text):
            found.append(f"{path.name}: imports a title")
        for name in names:
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                found.append(f"{path.name}: names {name!r}")
    assert found == []
    assert sorted(p.name for p in (WEB / "static").glob("board-*.js")) == ["board-generic.js"]


def test_layout_is_deterministic_and_spread() -> None:
    ids = [f"S{i}" for i in range(8)]
    edges = [(ids[i], ids[(i + 1) % 8]) for i in range(8)]
    one = layout(ids, edges, {"S0", "S4"})
    assert one == layout(ids, edges, {"S0", "S4"})
    assert min(math.dist(a, b) for a, b in itertools.combinations(one.values(), 2)) > 50
    assert layout([], [], set()) == {}
