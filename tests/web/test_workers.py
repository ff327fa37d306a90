"""Several server processes: `serve --workers N` behind one address, and separate servers on
one database (SQLite with `peers.py`, PostgreSQL with its notifications)."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx

from boardwright.web.hub import Hub, Settings
from boardwright.web.workers import share

from .conftest import Server, bearer, first_move, wait_for
from .test_postgres import Watcher


def test_each_worker_plays_the_bots_of_its_share_of_the_games(tmp_path: Path) -> None:
    from boardwright.web.db import Store

    hubs = [Hub(Store(f"sqlite:///{tmp_path / 'g.sqlite'}"), share(Settings(bot_workers=0), i, 3))
            for i in range(3)]
    try:
        ids = [f"game{n}" for n in range(60)]
        owners = [[h.drives(g) for h in hubs] for g in ids]
        assert all(sum(o) == 1 for o in owners)  # one worker each
        assert all(any(o[i] for o in owners) for i in range(3))  # and every worker has some
    finally:
        for h in hubs:
            h.close()
    assert share(Settings(bot_workers=2), 0, 2).bot_workers == 1  # the bot processes are split
    assert share(Settings(bot_workers=2, bot_pool="ray:x"), 1, 2).bot_workers == 2  # a shared pool is not


def _crossing(one: Server, two: Server) -> None:
    """A move through either server reaches a live stream on the other within a second."""
    r = httpx.post(one.url + "/api/games", json={"game": "flow-of-history", "players": 2, "seed": 5})
    gid = r.json()["id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    on_two = Watcher(f"{two.url}/api/games/{gid}/events", tokens[0])
    on_one = Watcher(f"{one.url}/api/games/{gid}/events", tokens[1])
    wait_for(lambda: on_two.base is not None and on_one.base is not None)
    for i in range(6):
        server, watcher = (one, on_two) if i % 2 == 0 else (two, on_one)
        version = first_move(server.url, gid, tokens)
        acked = time.monotonic()
        wait_for(lambda w=watcher, v=version: v in w.arrived, timeout=5)
        assert watcher.arrived[version] - acked < 1.0, "the move took over a second to cross processes"
    final = httpx.get(f"{two.url}/api/games/{gid}", headers=bearer(tokens[0])).json()
    wait_for(lambda: on_two.base is not None and on_two.base["version"] == final["version"])
    assert on_two.base is not None and on_two.base["view"] == final["view"]


def test_two_servers_on_one_sqlite_file_see_each_others_moves_live(server_factory: Any,
                                                                     tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    one = server_factory(db, extra=("--workers", "1")).start()
    two = server_factory(db, extra=("--workers", "1")).start()
    _crossing(one, two)


def test_two_multi_process_servers_on_postgresql_see_each_others_moves_live(
        server_factory: Any, pg_url: str) -> None:
    one = server_factory(pg_url, extra=("--workers", "2")).start()
    two = server_factory(pg_url, extra=("--workers", "2")).start()
    _crossing(one, two)


def _several_workers_play_one_game(server: Server) -> None:
    """Every request on a connection of its own (spread over the workers with `--routing
    kernel`; routed by game, the game's go to its worker): the bots reply once to each move, a
    live stream sees every version, and nothing is refused."""
    r = httpx.post(server.url + "/api/games", json={"game": "flow-of-history", "players": 3, "seed": 3,
                                                    "bots": {"1": "greedy", "2": "random"}})
    assert r.status_code == 201
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    watcher = Watcher(f"{server.url}/api/games/{gid}/events", token)
    url = f"{server.url}/api/games/{gid}"
    for _ in range(8):
        wait_for(lambda: httpx.get(url, headers=bearer(token)).json()["to_act"] == [0], timeout=30)
        v = httpx.get(url, headers=bearer(token)).json()
        r = httpx.post(url + "/actions", headers=bearer(token),
                       json={"action": v["legal_actions"][-1]["id"], "version": v["version"]})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == v["version"] + 1  # the answer comes from the worker that stored it
    wait_for(lambda: httpx.get(url, headers=bearer(token)).json()["to_act"] == [0], timeout=30)
    final = httpx.get(url, headers=bearer(token)).json()
    wait_for(lambda: watcher.base is not None and watcher.base["version"] == final["version"])
    assert watcher.base is not None and watcher.base["view"] == final["view"]
    record = httpx.get(url + "/record").json()
    assert record["moves"] == final["moves"] >= 8 * 3
    log = server.log.read_text()
    assert log.count("Started server process") == 2 and "Traceback" not in log


def test_the_default_serve_runs_several_processes_on_sqlite(server_factory: Any) -> None:
    _several_workers_play_one_game(server_factory(extra=("--workers", "2")).start())


def test_the_kernels_spreading_of_connections_on_sqlite(server_factory: Any) -> None:
    server = server_factory(extra=("--workers", "2", "--routing", "kernel")).start()
    assert "connections spread by the kernel" in server.log.read_text()
    _several_workers_play_one_game(server)


def test_several_processes_on_postgresql(server_factory: Any, pg_url: str) -> None:
    _several_workers_play_one_game(server_factory(pg_url, extra=("--workers", "2")).start())


def test_serve_uses_every_core_by_default() -> None:
    import os

    from boardwright.cli.serve import processes

    assert processes(0, "local") == max(1, os.cpu_count() or 1)
    assert processes(0, "ray:10.0.0.1:6379") == processes(0, "local")
    assert processes(0, "ray") == 1  # a Ray instance of the server's own: one process starts it
    assert processes(1, "local") == 1 and processes(3, "ray") == 3


def test_peers_hear_each_other_and_forget_a_killed_process(tmp_path: Path) -> None:
    import socket
    import threading

    from boardwright.web.peers import Peers, peers_dir

    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    folder = peers_dir(url)
    assert folder is not None and peers_dir("postgresql+psycopg://u@h/db") is None
    heard: list[tuple[str, str]] = []
    stop = threading.Event()
    one = Peers(folder, "one", lambda g, k: heard.append((g, k)), stop)
    two = Peers(folder, "two", lambda g, k: None, stop)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    dead.bind(str(folder / "gone.sock"))
    dead.close()  # a process killed without removing its socket
    try:
        two.announce("g1", "log")
        wait_for(lambda: heard == [("g1", "log")], timeout=5)
        assert not (folder / "gone.sock").exists()
    finally:
        stop.set()
        one.close()
        two.close()


def test_a_worker_that_starts_late_plays_the_bots_of_games_created_before(tmp_path: Path) -> None:
    """A game created while the process that plays its bots was not listening yet (its news
    went to nobody) is found by that process's look through the games in play."""
    from boardwright.web.db import Store

    db = f"sqlite:///{tmp_path / 'late.sqlite'}"
    settings = Settings(bot_workers=0, bot_delay=0.0, recheck=0.2)
    # games of the other worker's share, as a process outside this `serve` may create
    first = Hub(Store(db), replace(share(settings, 0, 2), own_ids=False))
    late: Hub | None = None
    try:
        made = [first.create("beacon", 2, seed, {}, {0: "random", 1: "random"}, False)[0]
                for seed in range(6)]
        theirs = [gid for gid in made if not first.drives(gid)]
        assert theirs, "no game fell to the second worker"
        time.sleep(0.5)
        assert all(first.store.game(gid).status == "active" for gid in theirs)  # nobody plays them
        late = Hub(Store(db), share(settings, 1, 2))
        wait_for(lambda: all(first.store.game(gid).status != "active" for gid in theirs), timeout=30)
    finally:
        first.close()
        if late is not None:
            late.close()
