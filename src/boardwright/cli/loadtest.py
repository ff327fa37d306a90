"""`boardwright loadtest`: many live games against a web server, at a human pace, timed.

Each GROUP is `COUNT:GAME:PLAYERS[:BOT,BOT...]`: COUNT games of GAME for PLAYERS seats, the
last seats played by the given bots on the server and the others by simulated people. Every
person holds a live stream (`/events`, rebuilt from its view and delta events) and acts a
random legal move `--think` seconds after the stream shows their turn. A game that ends is
replaced by a new one of its group until `--duration` is over. Without GROUPs it plays the
scenario of docs/web-scale.md (200 games: 100 of a first game against 2 greedy bots, 60 of a second
against 2 random bots, 40 two-person games; think 1-4 s, 10 minutes measured after a 30 s
warm-up), read from `web/static/loadtest-scenario.txt`, which names the games.

Without `--url` it starts `--servers` servers (`boardwright serve`, `--workers` processes each, by
default 1; bot pacing 0, no access log) on
`--db` (a new SQLite file by default; with PostgreSQL several processes share it and the games
are spread over them). Each simulated person sends an address of its own in X-Forwarded-For,
which the started servers trust from 127.0.0.1, so the per-client limits (8 live streams, the
request rate) apply per person; a server given by `--url` needs
`BOARDWRIGHT_TRUSTED_PROXIES=127.0.0.1` for the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer

from .common import failure, out_console


@dataclass
class Group:
    count: int
    game: str
    players: int
    bots: list[str]


@dataclass
class Stats:
    samples: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # (when, seconds)
    counts: dict[str, int] = field(default_factory=dict)
    # (game, version) -> when the move was acknowledged, and by which seat
    sent: dict[tuple[str, int], tuple[float, int]] = field(default_factory=dict)

    def add(self, what: str, seconds: float) -> None:
        self.samples.setdefault(what, []).append((time.monotonic(), seconds))

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1


def parse_group(text: str, scale: float) -> Group:
    parts = text.split(":")
    if len(parts) not in (3, 4) or not parts[0].isdigit() or not parts[2].isdigit():
        raise ValueError(f"{text!r}: a group is COUNT:GAME:PLAYERS[:BOT,BOT...]")
    bots = [b for b in parts[3].split(",") if b] if len(parts) == 4 else []
    players = int(parts[2])
    if len(bots) >= players:
        raise ValueError(f"{text!r}: at least one seat must be a person's")
    return Group(max(1, round(int(parts[0]) * scale)), parts[1], players, bots)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


_ADDRESSES = iter(range(1, 2**24))
LAG_TICK = 0.02  # seconds between the client's loop-lag samples


def _address() -> str:
    """A client address of its own for each simulated person (sent as X-Forwarded-For, which the
    started servers trust from 127.0.0.1), so per-client limits apply per person as in real use."""
    n = next(_ADDRESSES)
    return f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def _delta() -> Any:
    """The web app's delta module (importing it loads the whole app: done before the clock starts)."""
    from ..web import delta

    return delta


def default_scenario() -> list[str]:
    """The groups of the reference scenario (docs/web-scale.md, Load test), from the file that
    names the games."""
    text = (Path(__file__).resolve().parents[1] / "web" / "static" / "loadtest-scenario.txt").read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def _stored_moves(database: str) -> int | None:
    """Rows in the started servers' action log (SQLite only): every move, the bots' too."""
    import sqlite3

    if not database.startswith("sqlite:///"):
        return None
    try:
        with contextlib.closing(sqlite3.connect(database.removeprefix("sqlite:///"))) as c:
            return int(c.execute("SELECT count(*) FROM bw_actions").fetchone()[0])
    except sqlite3.Error:
        return None


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            if int(stat.read_text().rpartition(")")[2].split()[1]) == pid:
                out.append(int(stat.parent.name))
    return out


def _tree(pid: int, workers: int) -> tuple[list[int], list[int]]:
    """A started `serve`'s server processes and its bot workers: with `--workers` over 1 the
    server's children are its worker processes and their children the bot workers."""
    if workers <= 1:
        return [pid], _children(pid)
    kids = _children(pid)
    return [pid, *kids], [g for c in kids for g in _children(c)]


def _cpu(pid: int, workers: int = 1) -> tuple[float, float]:
    """Processor seconds of a server (all its processes) and of its bot workers so far."""
    def own(p: int) -> float:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    server, bots = _tree(pid, workers)
    return sum(own(p) for p in server), sum(own(c) for c in bots)


def _own_cpu() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _server_rss(pid: int, count: int) -> float | None:
    """A started server's resident memory, all its processes (without its bot workers)."""
    found = [_rss_mb(p) for p in _tree(pid, count)[0]]
    return None if found[0] is None else sum(x or 0.0 for x in found)


def _sample(procs: list[subprocess.Popen[bytes]], t0: float, count: int = 1) -> dict[str, Any]:
    """The started servers' memory (and their bot workers') and the load average, now."""
    trees = [_tree(p.pid, count) for p in procs]
    rss = [sum(_rss_mb(s) or 0.0 for s in server) for server, _ in trees]
    workers = [sum(_rss_mb(c) or 0.0 for c in bots) for _, bots in trees]
    return {"t": round(time.monotonic() - t0, 1), "rss_mb": [round(x) for x in rss],
            "workers_rss_mb": [round(x) for x in workers], "load1": round(os.getloadavg()[0], 2)}


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "n/a"


class Conn:
    """One person's kept-alive HTTP/1.1 connection for its moves, over a plain socket: httpx
    cost the client more processor time per move than the server's whole work (its POSTs were
    two thirds of the client's time), and the client shares the machine with the server. A
    connection idle for `IDLE` seconds is opened again first (the server closes idle ones
    after 5 s); any error closes it and is the caller's to count."""

    IDLE = 4.0

    def __init__(self, host: str, port: int, netloc: str) -> None:
        self.host, self.port, self.netloc = host, port, netloc
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def post(self, path: str, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
        if self.writer is None or time.monotonic() - self.used > self.IDLE:
            self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port, limit=2**24)
        assert self.reader is not None and self.writer is not None
        try:
            self.writer.write((f"POST {path} HTTP/1.1\r\nHost: {self.netloc}\r\n"
                               "Content-Type: application/json\r\n"
                               f"Content-Length: {len(body)}\r\n"
                               + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
                               + "\r\n").encode() + body)
            status = int((await self.reader.readline()).split()[1])
            length, close = -1, False
            while (line := await self.reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                name = name.strip().lower()
                if name == b"content-length":
                    length = int(value)
                elif name == b"connection" and b"close" in value.lower():
                    close = True
            if length < 0:
                raise ValueError("an answer without Content-Length")
            data = await self.reader.readexactly(length)
        except BaseException:
            self.close()
            raise
        self.used = time.monotonic()
        if close:
            self.close()
        return status, data


class Person:
    """One simulated person: a live stream and a move `think` seconds after their turn shows."""

    def __init__(self, client: Any, url: str, gid: str, seat: int, token: str, humans: set[int],
                 stats: Stats, think: tuple[float, float], until: float, rnd: random.Random) -> None:
        self.client, self.url, self.gid, self.seat, self.token = client, url, gid, seat, token
        self.humans, self.stats, self.think, self.until, self.rnd = humans, stats, think, until, rnd
        self.headers = {"Authorization": f"Bearer {token}", "X-Forwarded-For": _address()}
        self.base: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.opened = False  # the stream was opened once
        self.waiting_bots: float | None = None  # when this person's move handed the turn to bots
        from urllib.parse import urlsplit

        where = urlsplit(url)
        self.conn = (Conn(where.hostname, where.port or 80, where.netloc)
                     if where.scheme == "http" and where.hostname is not None else None)
        self.prefix = where.path

    async def _post_action(self, action: str, version: int) -> tuple[int, bytes]:
        body = orjson.dumps({"action": action, "version": version})
        if self.conn is None:  # https or the like: httpx
            r = await self.client.post(f"{self.url}/api/games/{self.gid}/actions", content=body,
                                       headers={**self.headers, "Content-Type": "application/json"})
            return r.status_code, r.content
        return await self.conn.post(f"{self.prefix}/api/games/{self.gid}/actions", self.headers, body)

    async def stream(self) -> None:
        """The live stream, opened again (as the page does) when a connection fails before it
        showed anything (a kept-alive connection the server had closed)."""
        for attempt in range(4):
            if await self._stream() or time.monotonic() >= self.until:
                return
            self.stats.count("stream opened again")
            await asyncio.sleep(0.5 * (attempt + 1))

    async def _stream(self) -> bool:
        """True if the stream ended normally or showed something. Read over a plain socket
        (HTTP/1.1, chunked): the client shares the machine with the server, and parsing 240
        streams through httpx cost more processor time than the server's work per move."""
        from urllib.parse import urlsplit

        where = urlsplit(self.url)
        if where.scheme != "http" or where.hostname is None:
            return await self._stream_httpx()
        writer = None
        try:
            reader, writer = await asyncio.open_connection(where.hostname, where.port or 80,
                                                           limit=2**24)
            writer.write((f"GET {where.path}/api/games/{self.gid}/events HTTP/1.1\r\n"
                          f"Host: {where.netloc}\r\nAccept: text/event-stream\r\n"
                          + "".join(f"{k}: {v}\r\n" for k, v in self.headers.items())
                          + "\r\n").encode())
            status = int((await reader.readline()).split()[1])
            chunked = False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                chunked |= line.lower().startswith(b"transfer-encoding:") and b"chunked" in line.lower()
            if status != 200:
                self.stats.count(f"stream refused ({status})")
                return True
            self._opened()
            buf = b""
            while True:
                if chunked:
                    size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
                    if size == 0:
                        break
                    chunk = (await reader.readexactly(size + 2))[:-2]
                else:
                    chunk = await reader.read(65536)
                    if not chunk:
                        break
                buf += chunk
                while b"\n\n" in buf:
                    block, buf = buf.split(b"\n\n", 1)
                    self._event(block.decode())
        except asyncio.CancelledError:  # the run is over
            return True
        except Exception as exc:  # the server went away, or closed the connection
            self.stats.count(f"stream error ({type(exc).__name__})")
            return self.base is not None
        finally:
            if writer is not None:
                writer.close()
        return True

    async def _stream_httpx(self) -> bool:
        try:
            async with self.client.stream("GET", f"{self.url}/api/games/{self.gid}/events",
                                          headers=self.headers, timeout=None) as r:
                if r.status_code != 200:
                    self.stats.count(f"stream refused ({r.status_code})")
                    return True
                self._opened()
                buf = ""
                async for chunk in r.aiter_text():
                    buf += chunk
                    while "\n\n" in buf:
                        block, buf = buf.split("\n\n", 1)
                        self._event(block)
        except asyncio.CancelledError:  # the run is over
            return True
        except Exception as exc:  # the server went away, or closed a kept-alive connection
            self.stats.count(f"stream error ({type(exc).__name__})")
            return self.base is not None
        return True

    def _opened(self) -> None:
        if not self.opened:
            self.stats.count("streams opened")
        self.opened = True

    def _event(self, block: str) -> None:
        """One server-sent event: a whole payload (`view`) or a delta to the last one."""
        lines = block.splitlines()
        kind = next((x[6:].strip() for x in lines if x.startswith("event:")), "")
        data = "".join(x[5:] for x in lines if x.startswith("data:"))
        if not data:
            return
        msg = orjson.loads(data)
        if kind == "delta" and self.base is not None:
            self.base = _delta().apply(self.base, msg["ops"], inplace=True, fresh=True)
        else:
            self.base = msg
        self._arrived()
        self.changed.set()

    def _arrived(self) -> None:
        assert self.base is not None
        now = time.monotonic()
        sent = self.stats.sent.pop((self.gid, int(self.base["version"])), None)
        if sent is not None and sent[1] != self.seat:
            self.stats.add("move reaches another person's stream", now - sent[0])
        if self.waiting_bots is not None and (self.base["over"] or set(self.base["to_act"]) & self.humans):
            self.stats.add("bot turnaround", now - self.waiting_bots)
            self.waiting_bots = None

    async def play(self) -> None:
        try:
            await self._play()
        finally:
            if self.conn is not None:
                self.conn.close()

    async def _play(self) -> None:
        acted = -1
        while time.monotonic() < self.until:
            self.changed.clear()
            b = self.base
            if b is not None and (b["over"] or b["ended"]):
                return
            if b is None or self.seat not in b["to_act"] or b["version"] <= acted or not b["legal_actions"]:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), timeout=5)
                continue
            await asyncio.sleep(self.rnd.uniform(*self.think))
            b = self.base
            assert b is not None
            if self.seat not in b["to_act"] or not b["legal_actions"]:
                continue
            action = self.rnd.choice(b["legal_actions"])["id"]
            version = int(b["version"])  # the stream changes `b` in place meanwhile
            t0 = time.monotonic()
            try:
                status, data = await self._post_action(action, version)
            except Exception as exc:  # a kept-alive connection the server closed meanwhile...
                self.stats.count(f"action error ({type(exc).__name__})")
                continue  # asked again with the same version: never applied twice
            t1 = time.monotonic()
            acted = version
            if status == 200:
                self.stats.add("action POST", t1 - t0)
                got = orjson.loads(data)
                if len(self.humans) > 1:
                    self.stats.sent[(self.gid, int(got["version"]))] = (t1, self.seat)
                bots_next = [s for s in got["to_act"] if s not in self.humans]
                if bots_next and not got["over"]:
                    self.waiting_bots = t1
            else:
                self.stats.add("action POST", t1 - t0)
                self.stats.count(f"action refused ({status})")


async def _run_game(client: Any, urls: list[str], n: int, group: Group, stats: Stats,
                    think: tuple[float, float], until: float, rnd: random.Random,
                    pin: bool = False) -> None:
    url = urls[n % len(urls)]
    while time.monotonic() < until:
        humans = set(range(group.players - len(group.bots)))
        bots = {str(group.players - len(group.bots) + i): b for i, b in enumerate(group.bots)}
        t0 = time.monotonic()
        try:
            r = await client.post(f"{url}/api/games", headers={"X-Forwarded-For": _address()}, json={
                "game": group.game, "players": group.players, "bots": bots, "bot_delay": 0,
                "seed": rnd.randrange(2**31)})
        except Exception as exc:
            stats.count(f"create error ({type(exc).__name__})")
            continue
        stats.add("create game", time.monotonic() - t0)
        if r.status_code != 201:
            stats.count(f"create refused ({r.status_code})")
            await asyncio.sleep(1)
            continue
        data = r.json()
        gid = data["id"]
        # every person's stream on its own server (several processes: any may serve any game),
        # or, pinned, all on the server that made the game (a load balancer routing by game)
        people = [Person(client, urls[(n + (0 if pin else k)) % len(urls)], gid, s["seat"], s["token"],
                         humans, stats, think, until, random.Random(rnd.random()))
                  for k, s in enumerate(data["seats"])]
        streams = [asyncio.create_task(p.stream()) for p in people]
        await asyncio.gather(*(p.play() for p in people))
        for t in streams:
            t.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
        if any(p.base is not None and p.base["over"] for p in people):
            stats.count("games finished")


async def _drive(urls: list[str], groups: list[Group], duration: float,
                 think: tuple[float, float], seed: int,
                 sample: Callable[[], None] | None = None, every: float = 30.0,
                 pin: bool = False) -> Stats:
    import httpx

    async def sampler() -> None:
        while sample is not None:
            sample()
            await asyncio.sleep(every)

    stats = Stats()

    async def lag() -> None:  # this client's own event-loop lag: it delays what it measures
        while True:
            t = time.monotonic()
            await asyncio.sleep(LAG_TICK)
            stats.add("client loop lag", max(0.0, time.monotonic() - t - LAG_TICK))

    watch = asyncio.create_task(sampler())
    lags = asyncio.create_task(lag())
    rnd = random.Random(seed)
    until = time.monotonic() + duration
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=400)
    async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(60.0)) as client:
        tasks = []
        n = 0
        for g in groups:
            for _ in range(g.count):
                tasks.append(_run_game(client, urls, n, g, stats, think, until, random.Random(rnd.random()),
                                       pin))
                n += 1
        await asyncio.gather(*tasks)
    watch.cancel()
    lags.cancel()
    if sample is not None:
        sample()
    return stats


def loadtest(
    groups: Annotated[list[str] | None, typer.Argument(
        metavar="[GROUP]...", help="COUNT:GAME:PLAYERS[:BOT,BOT...] (default: the scenario of "
        "docs/web-scale.md)")] = None,
    url: Annotated[list[str] | None, typer.Option(help="a running server (repeat for several)")] = None,
    db: Annotated[str | None, typer.Option(help="the started servers' database (default: a new SQLite file)")]
    = None,
    servers: Annotated[int, typer.Option(help="servers to start without --url", min=1)] = 1,
    workers: Annotated[int, typer.Option(help="the started servers' --workers (processes each; 0: one "
                                         "per core)", min=0)] = 1,
    pin: Annotated[bool, typer.Option(help="all people of a game on the server that made it (as a load "
                                      "balancer routing by game), instead of each person on the next")]
    = False,
    duration: Annotated[float, typer.Option(help="seconds measured (after --warmup)", min=1)] = 600.0,
    think: Annotated[str, typer.Option(help="a person's thinking time, seconds: LOW-HIGH")] = "1-4",
    scale: Annotated[float, typer.Option(help="multiply every group's COUNT", min=0.001)] = 1.0,
    seed: Annotated[int, typer.Option(help="seed of the simulated people", min=0)] = 1,
    warmup: Annotated[float, typer.Option(help="seconds at the start (all games being created) left "
                                           "out of the percentiles", min=0)] = 30.0,
    every: Annotated[float, typer.Option(help="seconds between samples of the servers' memory",
                                         min=1)] = 30.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")] = False,
    bot_pool: Annotated[str, typer.Option(help="the started servers' --bot-pool (local, ray or "
                                          "ray:ADDRESS)")] = "local",
    routing: Annotated[str, typer.Option(help="the started servers' --routing (game or kernel)")] = "game",
) -> None:
    """Live games played at a human pace against the web server: latency percentiles."""
    try:
        groups = list(groups or default_scenario())
        parsed = [parse_group(g, scale) for g in groups]
        low, _, high = think.partition("-")
        pace = (float(low), float(high or low))
    except ValueError as exc:
        failure(str(exc))
        return
    _delta()
    procs: list[subprocess.Popen[bytes]] = []
    tmp = tempfile.mkdtemp(prefix="bw-loadtest-")
    urls = list(url or [])
    database = db or ""
    if not urls:
        database = db or f"sqlite:///{tmp}/loadtest.sqlite"
        for i in range(servers):
            port = _free_port()
            log = open(Path(tmp) / f"server-{i}.log", "wb")  # noqa: SIM115 - kept open for the child
            env = {**os.environ, "BOARDWRIGHT_TRUSTED_PROXIES": "127.0.0.1"}
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "boardwright", "serve", "--port", str(port), "--db", database,
                 "--bot-delay", "0", "--no-access-log", "--bot-pool", bot_pool, "--workers", str(workers),
                 "--routing", routing],
                stdout=log, stderr=subprocess.STDOUT, env=env))
            urls.append(f"http://127.0.0.1:{port}")
        _wait_up(urls)
    count = workers if workers > 0 else max(1, os.cpu_count() or 1)
    rss0 = [_server_rss(p.pid, count) for p in procs]
    load0 = _load()
    cpu0 = {p.pid: _cpu(p.pid, count) for p in procs}
    me0 = _own_cpu()
    t0 = time.monotonic()
    samples: list[dict[str, Any]] = []
    from boardwright.web.collector import tune, untune

    tune()  # the client's own full collections would stall it mid-measurement (as the server's)
    try:
        stats = asyncio.run(_drive(urls, parsed, duration + warmup, pace, seed,
                                   lambda: samples.append(_sample(procs, t0, count)), every, pin))
    finally:
        untune()
        rss1 = [_server_rss(p.pid, count) for p in procs]
        load1 = _load()
        cpu1 = {p.pid: _cpu(p.pid, count) for p in procs}
        me1 = _own_cpu()
        for p in procs:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
    elapsed = time.monotonic() - t0
    stored = _stored_moves(database) if procs else None
    rows: list[dict[str, Any]] = []
    start = t0 + warmup
    measured = ("action POST", "bot turnaround", "move reaches another person's stream")
    for what, kind, after in (*((k, k, True) for k in measured),
                              ("create game (warm-up)", "create game", False),
                              ("create game (after warm-up)", "create game", True),
                              ("client loop lag", "client loop lag", True)):
        xs = [x for when, x in stats.samples.get(kind, []) if (when >= start) == after]
        if xs:
            rows.append({"what": what, "n": len(xs), "p50_ms": 1000 * percentile(xs, 50),
                         "p90_ms": 1000 * percentile(xs, 90), "p99_ms": 1000 * percentile(xs, 99),
                         "max_ms": 1000 * max(xs)})
    report: dict[str, Any] = {"groups": groups, "games": sum(g.count for g in parsed),
              "people": sum(g.count * (g.players - len(g.bots)) for g in parsed),
              "duration_s": round(elapsed, 1), "think_s": list(pace), "servers": urls, "pinned": pin,
              "routing": routing if procs else None,
              "load_before": load0, "load_after": load1,
              "server_rss_mb": [{"start": a, "end": b} for a, b in zip(rss0, rss1, strict=True)],
              "counts": dict(sorted(stats.counts.items())), "latency": rows,
              "warmup_s": warmup,
              "action_post_p99_ms_per_minute": _per_minute(stats.samples.get("action POST", []), t0),
              "moves_per_s": round(len(stats.samples.get("action POST", [])) / elapsed, 1),
              # processor time used (seconds) by each started server, by its bot workers, and by
              # this client: what the run cost whatever else the machine was doing
              "cpu_s": {"servers": [round(cpu1[p.pid][0] - cpu0[p.pid][0], 1) for p in procs],
                        "bot_workers": [round(cpu1[p.pid][1] - cpu0[p.pid][1], 1) for p in procs],
                        "client": round(me1 - me0, 1)},
              "stored_moves": stored,
              "samples": samples}
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return
    from rich import box
    from rich.table import Table

    console = out_console()
    console.print(f"[bold]boardwright loadtest[/]: {report['games']} games, {report['people']} people "
                  f"with a live stream each, think {pace[0]:g}-{pace[1]:g} s, {elapsed:.0f} s (percentiles "
                  f"after a {warmup:g} s warm-up unless named; load "
                  f"average {load0} before, {load1} after; the client's loop lag adds to what it measures)")
    table = Table(box=box.SIMPLE_HEAD)
    for col in ("measure", "n", "p50 ms", "p90 ms", "p99 ms", "max ms"):
        table.add_column(col, justify="left" if col == "measure" else "right")
    for r in rows:
        table.add_row(str(r["what"]), str(r["n"]), f"{r['p50_ms']:.0f}", f"{r['p90_ms']:.0f}",
                      f"{r['p99_ms']:.0f}", f"{r['max_ms']:.0f}")
    console.print(table)
    console.print("action POST p99 (ms) per minute from the start: "
                  + ", ".join(f"{x:.0f}" for x in report["action_post_p99_ms_per_minute"]))
    console.print("counts: " + ", ".join(f"{k} {v}" for k, v in report["counts"].items()))
    cpu = report["cpu_s"]
    per = (f"; {1000 * sum(cpu['servers']) / stored:.1f} ms of server and "
           f"{1000 * sum(cpu['bot_workers']) / stored:.1f} ms of bot worker time per stored move "
           f"({stored} moves, {stored / elapsed:.0f} a second)") if stored else ""
    console.print(f"processor seconds: servers {cpu['servers']}, their bot workers {cpu['bot_workers']}, "
                  f"this client {cpu['client']}{per}")
    if samples:
        console.print(f"every {every:g} s (s, server RSS MB, bot workers RSS MB, load): " + "; ".join(
            f"{x['t']:.0f} {x['rss_mb']} {x['workers_rss_mb']} {x['load1']}" for x in samples))
    if procs:
        console.print("server memory (RSS, MB): " + ", ".join(
            f"{a and round(a)} → {b and round(b)}" for a, b in zip(rss0, rss1, strict=True)))


def _per_minute(samples: list[tuple[float, float]], t0: float) -> list[float]:
    minutes: dict[int, list[float]] = {}
    for when, x in samples:
        minutes.setdefault(int((when - t0) // 60), []).append(x)
    return [1000 * percentile(minutes[m], 99) for m in sorted(minutes)]


def _wait_up(urls: list[str]) -> None:
    import httpx

    deadline = time.monotonic() + 60
    for u in urls:
        while True:
            try:
                if httpx.get(u + "/api/meta", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                failure(f"the server at {u} did not start")
            time.sleep(0.2)
