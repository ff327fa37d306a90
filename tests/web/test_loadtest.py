"""`boardwright loadtest`: its own HTTP connection for the moves, and a short run end to end."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from boardwright.cli.loadtest import Conn

from .conftest import run_async


def test_a_persons_connection_is_kept_reopened_when_idle_and_closed_on_errors() -> None:
    seen: list[tuple[int, bytes]] = []  # (connection number, request body)

    async def run() -> None:
        count = 0

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal count
            count += 1
            me = count
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                body = await reader.readexactly(length)
                seen.append((me, body))
                if body == b"bye":
                    writer.close()  # as a server that closed a kept-alive connection
                    return
                answer = b'{"ok":true}'
                writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                             b"content-length: %d\r\n\r\n%s" % (len(answer), answer))
                await writer.drain()

        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        conn = Conn("127.0.0.1", port, f"127.0.0.1:{port}")
        assert await conn.post("/x", {"Authorization": "Bearer t"}, b"one") == (200, b'{"ok":true}')
        assert await conn.post("/x", {}, b"two") == (200, b'{"ok":true}')
        with pytest.raises((asyncio.IncompleteReadError, IndexError, ConnectionError)):
            await conn.post("/x", {}, b"bye")
        assert conn.writer is None  # closed after the error: the next move opens another
        assert await conn.post("/x", {}, b"three") == (200, b'{"ok":true}')
        conn.used -= Conn.IDLE + 1  # idle too long: opened again before sending
        assert await conn.post("/x", {}, b"four") == (200, b'{"ok":true}')
        conn.close()
        server.close()
        await server.wait_closed()

    run_async(run)  # not asyncio.run: see run_async
    assert seen == [(1, b"one"), (1, b"two"), (1, b"bye"), (2, b"three"), (3, b"four")]


def test_a_short_load_test_plays_and_reports() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "boardwright", "loadtest", "2:flow-of-history:3:random,random",
         "1:flow-of-history:2", "--duration", "6", "--warmup", "1", "--think", "0.05-0.2",
         "--json"], capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout)
    rows = {r["what"]: r for r in report["latency"]}
    assert rows["action POST"]["n"] >= 5
    assert report["counts"].get("streams opened") == 4
    assert not any(k.startswith("action error") for k in report["counts"]), report["counts"]
    assert report["stored_moves"] and report["stored_moves"] >= rows["action POST"]["n"]


def test_two_servers_with_games_pinned_share_one_database() -> None:
    """`--servers 2 --pin`: every person of a game on the server that made it (as a balancer
    routing by game), both servers writing to one SQLite file; every move stored once."""
    out = subprocess.run(
        [sys.executable, "-m", "boardwright", "loadtest", "2:flow-of-history:3:random,random",
         "2:flow-of-history:2", "--servers", "2", "--pin", "--duration", "6", "--warmup", "1",
         "--think", "0.05-0.2", "--json"], capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout)
    assert report["pinned"] is True and len(report["servers"]) == 2
    rows = {r["what"]: r for r in report["latency"]}
    assert rows["action POST"]["n"] >= 5
    assert report["counts"].get("streams opened") == 6
    assert not any(k.startswith("action error") for k in report["counts"]), report["counts"]
    assert report["stored_moves"] and report["stored_moves"] >= rows["action POST"]["n"]
    assert all(s > 0 for s in report["cpu_s"]["servers"])  # both served games
