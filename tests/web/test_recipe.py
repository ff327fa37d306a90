"""The documented recipe for several machines, end to end: two `boardwright serve` processes on
one PostgreSQL database sharing one Ray bot pool, behind a balancer that routes by the game's
id as docs/web.md's nginx example does (a small one here, so CI needs no nginx)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import subprocess
import sys
import threading
import zlib
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import Server, bearer, free_port, stop_ray_head, wait_for
from .test_postgres import Watcher

GAME = re.compile(rb"^[A-Z]+ /(?:play|api/games)/([A-Za-z0-9_-]+)")


class Balancer:
    """Each connection goes to the server its first request's game id hashes to (the same rule
    as nginx's `hash $bw_game`), a request naming no game to the first; then bytes are copied
    both ways. `routed` counts the connections per server."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.port = free_port()
        self.routed = [0] * len(ports)
        self.games: dict[bytes, int] = {}
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        threading.Thread(target=self._run, args=(started,), daemon=True).start()
        started.wait(10)

    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", self.port))
        started.set()
        with contextlib.closing(server):
            self.loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n")
        found = GAME.match(head)
        index = zlib.crc32(found.group(1)) % len(self.ports) if found else 0
        if found:
            self.games[found.group(1)] = index
        self.routed[index] += 1
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.ports[index])
        up_writer.write(head)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            with contextlib.suppress(Exception):
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)


def test_two_servers_behind_a_balancer_routing_by_game_on_postgresql_with_ray(
        server_factory: Any, pg_url: str, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    ray_cli = shutil.which("ray") or os.path.join(os.path.dirname(sys.executable), "ray")
    port = free_port()
    head = subprocess.Popen(
        [ray_cli, "start", "--head", "--block", "--port", str(port), "--num-cpus", "2",
         "--include-dashboard", "false", "--disable-usage-stats"],
        stdout=(tmp_path / "ray.log").open("wb"), stderr=subprocess.STDOUT)
    balancer: Balancer | None = None
    try:
        extra = ("--bot-pool", f"ray:127.0.0.1:{port}", "--workers", "1")
        servers: list[Server] = [server_factory(pg_url, extra=extra).start() for _ in range(2)]
        balancer = Balancer([s.port for s in servers])
        url = f"http://127.0.0.1:{balancer.port}"
        games: list[tuple[str, str]] = []
        while len(games) < 4 or len({zlib.crc32(g.encode()) % 2 for g, _ in games}) < 2:
            assert len(games) < 30
            seed = len(games)
            r = httpx.post(url + "/api/games", json={"game": "flow-of-history", "players": 3, "seed": seed,
                                                     "bots": {"1": "greedy", "2": "random"}})
            assert r.status_code == 201, r.text
            games.append((r.json()["id"], r.json()["seats"][0]["token"]))
        watchers = [Watcher(f"{url}/api/games/{gid}/events", token) for gid, token in games]
        for _ in range(3):
            for gid, token in games:
                game = f"{url}/api/games/{gid}"
                wait_for(lambda g=game, t=token: httpx.get(g, headers=bearer(t)).json()["to_act"] == [0], 60)
                v = httpx.get(game, headers=bearer(token)).json()
                r = httpx.post(game + "/actions", headers=bearer(token),
                               json={"action": v["legal_actions"][0]["id"], "version": v["version"]})
                assert r.status_code == 200, r.text
        for (gid, token), watcher in zip(games, watchers, strict=True):
            game = f"{url}/api/games/{gid}"
            wait_for(lambda g=game, t=token: httpx.get(g, headers=bearer(t)).json()["to_act"] == [0], 60)
            final = httpx.get(game, headers=bearer(token)).json()
            assert final["moves"] >= 9  # the bots replied to each move
            wait_for(lambda w=watcher, f=final: w.base is not None and w.base["version"] == f["version"])
            assert watcher.base is not None and watcher.base["view"] == final["view"]
            # the other server, asked directly, has the same game
            other = servers[1 - balancer.games[gid.encode()]]
            assert httpx.get(f"{other.url}/api/games/{gid}", headers=bearer(token)).json()["view"] == \
                final["view"]
        assert set(balancer.games.values()) == {0, 1}  # both servers served games
    finally:
        if balancer is not None:
            balancer.stop()
        stop_ray_head(head, port)
