"""`serve --workers N` passing each connection to the worker of its game (`web/router.py`)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from boardwright.web import router as routing
from boardwright.web.hub import Hub, Settings, shard_of
from boardwright.web.router import Router, game_of
from boardwright.web.workers import WORKER_HEADER, share

from .conftest import Server, bearer, wait_for


def test_the_game_is_read_from_the_request_line() -> None:
    assert game_of(b"GET /play/Ab3_x-9 HTTP/1.1\r\nHost: x\r\n\r\n") == "Ab3_x-9"
    assert game_of(b"POST /api/games/QzKvVd81dmDk/actions HTTP/1.1\r\n") == "QzKvVd81dmDk"
    assert game_of(b"GET /api/games/QzKvVd81dmDk/events?x=1 HTTP/1.1\n") == "QzKvVd81dmDk"
    assert game_of(b"GET /api/games/QzKvVd81dmDk HTTP/1.1\r\n") == "QzKvVd81dmDk"
    assert game_of(b"GET /api/games/QzKvVd81dmDk?token=t HTTP/1.1\r\n") == "QzKvVd81dmDk"
    assert game_of(b"GET http://example.org/play/abc HTTP/1.1\r\n") == "abc"  # the absolute form
    for head in (b"GET / HTTP/1.1\r\n", b"POST /api/games HTTP/1.1\r\n",
                 b"GET /api/games?ids=a,b HTTP/1.1\r\n", b"GET /api/meta HTTP/1.1\r\n",
                 b"GET /playground/abc HTTP/1.1\r\n", b"GET /play/ HTTP/1.1\r\n",
                 b"GET /static/play/abc HTTP/1.1\r\n", b"\x16\x03\x01\x02\x00\x01", b"", b"GET\r\n",
                 b"PRI * HTTP/2.0\r\n", b"GET http://example.org HTTP/1.1\r\n"):
        assert game_of(head) is None, head


def test_the_router_and_the_bots_agree_on_each_games_worker(tmp_path: Any) -> None:
    from boardwright.web.db import Store

    hubs = [Hub(Store(f"sqlite:///{tmp_path / 'g.sqlite'}"), share(Settings(bot_workers=0), i, 3))
            for i in range(3)]
    try:
        for n in range(40):
            gid = f"g{n}x"
            assert [h.drives(gid) for h in hubs] == [i == shard_of(gid, 3) for i in range(3)]
    finally:
        for h in hubs:
            h.close()


def test_a_worker_gives_the_games_it_creates_ids_of_its_own_share(tmp_path: Any) -> None:
    from dataclasses import replace

    from boardwright.web.db import Store

    settings = share(Settings(bot_workers=0, bot_delay=60.0), 2, 3)
    hub = Hub(Store(f"sqlite:///{tmp_path / 'g.sqlite'}"), settings)
    other = Hub(Store(f"sqlite:///{tmp_path / 'h.sqlite'}"), replace(settings, own_ids=False))
    try:
        made = [hub.create("flow-of-history", 2, seed, {}, {}, False)[0] for seed in range(12)]
        assert all(shard_of(gid, 3) == 2 and hub.drives(gid) for gid in made)
        anyhow = [other.create("flow-of-history", 2, seed, {}, {}, False)[0] for seed in range(12)]
        assert {shard_of(gid, 3) for gid in anyhow} != {2}
    finally:
        hub.close()
        other.close()


# ----------------------------------------------------------------- the router alone

class Bench:
    """A Router on a loopback port, with two stand-in workers: the ends of their sockets."""

    def __init__(self, count: int = 2) -> None:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self.router = Router(listener, count)
        self.ends: list[socket.socket] = []
        for i in range(count):
            self.ends.append(self.worker(i))
        self.clients: list[socket.socket] = []

    def worker(self, index: int) -> socket.socket:
        """A stand-in for worker `index`, started and ready: its end of its socket."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.router.attach(index, mine)
        theirs.settimeout(0)
        theirs.send(b"ready")
        return theirs

    def connect(self) -> socket.socket:
        c = socket.create_connection(("127.0.0.1", self.port))
        self.clients.append(c)
        return c

    def run(self, seconds: float) -> None:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            self.router.step(0.01)

    def taken(self, index: int) -> list[socket.socket]:
        """The connections worker `index` has been passed so far."""
        out: list[socket.socket] = []
        while True:
            try:
                _, fds, _, _ = socket.recv_fds(self.ends[index], 16, 64)
            except BlockingIOError:
                return out
            if not fds:
                return out
            out.extend(socket.socket(fileno=fd) for fd in fds)

    def wait_taken(self, index: int, timeout: float = 5.0) -> socket.socket:
        until = time.monotonic() + timeout
        while time.monotonic() < until:
            self.router.step(0.01)
            got = self.taken(index)
            if got:
                assert len(got) == 1
                return got[0]
        raise AssertionError(f"worker {index} was passed nothing")

    def close(self) -> None:
        self.router.close()
        for s in [*self.ends, *self.clients]:
            s.close()


@pytest.fixture
def bench() -> Iterator[Bench]:
    b = Bench()
    yield b
    b.close()


def _games(count: int = 2) -> list[str]:
    """A game id for each of `count` workers."""
    found: dict[int, str] = {}
    n = 0
    while len(found) < count:
        found.setdefault(shard_of(f"game{n}", count), f"game{n}")
        n += 1
    return [found[i] for i in range(count)]


def test_a_connection_goes_to_its_games_worker_whole_and_with_its_address(bench: Bench) -> None:
    for index, gid in enumerate(_games()):
        c = bench.connect()
        request = f"GET /api/games/{gid}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        c.sendall(request)
        got = bench.wait_taken(index)
        assert bench.taken(1 - index) == []
        assert got.getpeername() == c.getsockname()  # the client's own address, not the router's
        assert got.recv(1000) == request  # nothing read on the way
        got.sendall(b"hello")
        assert c.recv(5) == b"hello"
        got.close()
    assert bench.router.routed == [1, 1] and bench.router.by_game == 2


def test_requests_naming_no_game_go_to_the_workers_in_turn(bench: Bench) -> None:
    order = []
    for _ in range(4):
        bench.connect().sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
        bench.run(0.05)
        order.append([len(bench.taken(i)) for i in range(2)])
    assert sorted(map(tuple, order)) == [(0, 1), (0, 1), (1, 0), (1, 0)]
    assert order[0] != order[1] and order[2] != order[3]


def test_a_request_line_sent_slowly_still_finds_its_game(bench: Bench) -> None:
    gid = _games()[1]
    c = bench.connect()
    line = f"GET /api/games/{gid}/events HTTP/1.1\r\n".encode()
    for part in (line[:5], line[5:14], line[14:-2]):
        c.sendall(part)
        bench.run(0.1)
        assert bench.taken(0) == [] and bench.taken(1) == []  # not decided on a part of it
    c.sendall(line[-2:] + b"Host: x\r\n\r\n")
    got = bench.wait_taken(1)
    assert got.recv(1000) == line + b"Host: x\r\n\r\n"


def test_connections_that_send_nothing_garbage_or_close_at_once(bench: Bench,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routing, "WAIT", 0.3)
    closed = bench.connect()
    closed.close()  # closed before sending anything: closed by the router
    silent = bench.connect()
    silent_name = silent.getsockname()
    bench.run(0.1)
    assert len(bench.router.waiting) == 1  # the silent one waits; the closed one is gone
    assert bench.taken(0) == [] and bench.taken(1) == []
    bench.run(0.4)  # past WAIT: the silent one goes to a worker (which waits as it would)
    got = bench.taken(0) + bench.taken(1)
    assert [g.getpeername() for g in got] == [silent_name]
    assert not bench.router.waiting and not bench.router.partial
    garbage = bench.connect()
    garbage.sendall(b"\x16\x03\x01" + bytes(range(256)) * 20)  # no line end within the cap
    bench.run(0.1)
    got = bench.taken(0) + bench.taken(1)
    assert [g.getpeername() for g in got] == [garbage.getsockname()]
    unfinished = bench.connect()
    unfinished.sendall(b"GET /play/abc HT")  # never finished: any worker after WAIT
    bench.run(0.5)
    got = bench.taken(0) + bench.taken(1)
    assert [g.getpeername() for g in got] == [unfinished.getsockname()]
    assert got[0].recv(100) == b"GET /play/abc HT"


def test_a_gone_workers_connections_go_to_another_until_it_is_back(bench: Bench) -> None:
    gid = _games()[1]
    bench.ends[1].close()  # worker 1 ended
    bench.run(0.05)
    assert bench.router.channels[1] is None
    bench.connect().sendall(f"GET /play/{gid} HTTP/1.1\r\n\r\n".encode())
    bench.wait_taken(0)
    bench.ends[1] = bench.worker(1)  # started again
    bench.run(0.05)
    bench.connect().sendall(f"GET /play/{gid} HTTP/1.1\r\n\r\n".encode())
    bench.wait_taken(1)


def test_connections_wait_in_the_router_while_a_worker_does_not_take_them(bench: Bench) -> None:
    gid = _games()[0]
    clients = []
    held = 0
    for _ in range(300):  # more than a Unix socket holds: the rest wait for room
        c = bench.connect()
        c.sendall(f"GET /play/{gid} HTTP/1.1\r\n\r\n".encode())
        clients.append(c.getsockname())
        bench.run(0.001)
        held = max(held, len(bench.router.queued[0]))
    assert held > 0  # some waited in the router
    got: list[socket.socket] = []
    until = time.monotonic() + 10
    while len(got) < len(clients) and time.monotonic() < until:
        bench.run(0.01)
        got += bench.taken(0)
    assert [g.getpeername() for g in got] == clients  # all of them, in order
    for g in got:
        g.close()


# ----------------------------------------------------------------- a real serve

def _worker_pids(server: Server) -> list[int]:
    found = re.findall(r"serving in \d+ worker processes \([^)]*\): ([\d, ]+)", server.log.read_text())
    return [int(x) for x in found[-1].split(",")]


def _raw(server: Server, request: bytes, slowly: bool = False) -> tuple[bytes, str]:
    """The answer's head to `request` sent on a connection of its own (in parts with `slowly`),
    and the connection's own address as the access log shows it."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as c:
        host, port = c.getsockname()[:2]
        me = f"{host}:{port}"
        if slowly:
            for i in range(0, len(request), 7):
                c.sendall(request[i:i + 7])
                time.sleep(0.05)
        else:
            c.sendall(request)
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = c.recv(4096)
            if not chunk:
                break
            head += chunk
        return head.split(b"\r\n\r\n")[0], me


def _worker_of(head: bytes) -> int:
    found = re.search(rb"(?im)^" + WORKER_HEADER.encode() + rb":\s*(\d+)", head)
    assert found is not None, head
    return int(found.group(1))


def _started(server: Server) -> Server:
    """`server` once both its workers answer (until then one serves the other's games)."""
    seen: set[int] = set()
    wait_for(lambda: seen.add(int(httpx.get(server.url + "/api/meta").headers[WORKER_HEADER]))
             or seen == {0, 1}, timeout=60)
    return server


def test_serve_passes_each_connection_to_the_worker_that_plays_its_game(server_factory: Any) -> None:
    server = _started(server_factory(extra=("--workers", "2")).start())
    games: dict[int, tuple[str, str]] = {}
    while len(games) < 2:
        r = httpx.post(server.url + "/api/games", json={"game": "flow-of-history", "players": 2,
                                                        "bots": {"1": "random"}})
        assert r.status_code == 201
        gid = r.json()["id"]
        games.setdefault(shard_of(gid, 2), (gid, r.json()["seats"][0]["token"]))
    for index, (gid, token) in games.items():
        for path in (f"/api/games/{gid}", f"/play/{gid}", f"/api/games/{gid}/record"):
            head, me = _raw(server, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            assert head.startswith(b"HTTP/1.1 200") and _worker_of(head) == index, (path, head)
            wait_for(lambda me=me, path=path: f'{me} - "GET {path} HTTP/1.1" 200' in server.log.read_text())
        # the live stream, sent slowly, is held by the worker that plays the game's bots
        head, _ = _raw(server, f"GET /api/games/{gid}/events HTTP/1.1\r\nHost: x\r\n"
                       f"Authorization: Bearer {token}\r\n\r\n".encode(), slowly=True)
        assert head.startswith(b"HTTP/1.1 200") and _worker_of(head) == index
        # a move through a kept-alive connection, then another game's request on it: served
        # by the first game's worker (every worker serves every game)
        other, theirs = games[1 - index]
        with httpx.Client(base_url=server.url, headers=bearer(token)) as client:
            wait_for(lambda c=client, g=gid: c.get(f"/api/games/{g}").json()["to_act"] == [0])
            view = client.get(f"/api/games/{gid}").json()
            r = client.post(f"/api/games/{gid}/actions",
                            json={"action": view["legal_actions"][0]["id"], "version": view["version"]})
            assert r.status_code == 200 and int(r.headers[WORKER_HEADER]) == index
            assert r.headers.get("connection") != "close"
            r = client.get(f"/api/games/{other}", headers=bearer(theirs))
            assert r.status_code == 200 and int(r.headers[WORKER_HEADER]) == index
            assert r.headers.get("connection") == "close"  # the next request goes through the router
            r = client.get(f"/api/games/{other}", headers=bearer(theirs))
            assert r.status_code == 200 and int(r.headers[WORKER_HEADER]) == 1 - index
    # no game named: the workers in turn
    seen = {_worker_of(_raw(server, b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")[0]) for _ in range(4)}
    assert seen == {0, 1}
    # connections closed before sending anything, or half a request line and gone: nothing breaks
    for _ in range(5):
        socket.create_connection(("127.0.0.1", server.port)).close()
        with socket.create_connection(("127.0.0.1", server.port)) as c:
            c.sendall(b"GET /api/ga")
    head, _ = _raw(server, b"GET /api/meta HTTP/1.1\r\nHost: x\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    assert "Traceback" not in server.log.read_text()


def test_a_routed_worker_killed_is_replaced_and_its_games_served_meanwhile(server_factory: Any) -> None:
    server = _started(server_factory(extra=("--workers", "2")).start())
    gid = next(g for g in (httpx.post(server.url + "/api/games", json={
        "game": "flow-of-history", "players": 2}).json()["id"] for _ in range(20)) if shard_of(g, 2) == 1)
    pids = _worker_pids(server)
    os.kill(pids[1], signal.SIGKILL)
    served = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # answered throughout: by worker 0, then the new worker 1
        with contextlib.suppress(httpx.HTTPError):
            r = httpx.get(f"{server.url}/api/games/{gid}", timeout=10)
            assert r.status_code == 200
            served.append(int(r.headers[WORKER_HEADER]))
            if served[-1] == 1 and "starting it again" in server.log.read_text():
                break
        time.sleep(0.1)
    assert served[-1] == 1 and 0 in served, served
    assert "worker 1 (process" in server.log.read_text()
    assert int(httpx.get(f"{server.url}/play/{gid}").headers[WORKER_HEADER]) == 1
