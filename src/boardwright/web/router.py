"""Each new connection of a multi-process `serve` goes to the worker that holds its game.

The parent process of `serve --workers N` (`workers.py`) accepts the connections itself. It
looks at the start of each one's first request without reading it (`MSG_PEEK`), takes the
game id from the request line (`/play/{id}`, `/api/games/{id}/...`: the rule of the nginx
recipe in docs/web.md) and passes the connected socket to the worker whose share of the games
holds it (`hub.shard_of`, the rule that also gives each game's bots to one worker) over a Unix
socket of that worker's (`SCM_RIGHTS`), then closes its own copy. The worker serves the
connection as if it had accepted it: the client's address is the socket's own, so the limits
per address and `X-Forwarded-For` from trusted proxies work as before. So one process holds
each game, applies its moves and builds its streams' payloads, instead of every process that
some connection asked for it.

A request naming no game (the lobby, creating a game, the static files), a connection whose
request line is not complete after `HEAD_CAP` bytes or `WAIT` seconds, or one that is not
HTTP goes to the workers in turn. A connection closed before sending anything is closed here.
A worker being started (again) is sent nothing until it says it is ready: the others serve
its games meanwhile. A kept-alive connection stays with its worker: a later request on it for
another worker's game is served there too (every worker can serve every game), with that
game then held twice, and closes the connection after its answer (`Rehome`), so the client's
next request comes through the router.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import selectors
import socket
import time
from collections import deque
from typing import Any

import uvicorn

from .hub import shard_of

log = logging.getLogger("boardwright.web")

GAME = re.compile(rb"/(?:play|api/games)/([A-Za-z0-9_-]+)")
GAME_PATH = re.compile(GAME.pattern.decode())
HEAD_CAP = 4096  # bytes of a request looked at for its request line
WAIT = 2.0  # seconds a new connection may take to send its request line
RECHECK = 0.02  # seconds between looks at a request line that came in part
BATCH = 64  # connections passed to a worker in one message at most
ACCEPT_BATCH = 256  # connections accepted in one go
_LISTEN, _CONN = "listen", "conn"


def game_of(head: bytes) -> str | None:
    """The game id named by the request line at the start of `head`, if any."""
    line = head.split(b"\n", 1)[0]
    parts = line.split()
    if len(parts) < 2:
        return None
    target = parts[1]
    if not target.startswith(b"/"):  # the absolute form: http://host/path
        _, sep, rest = target.partition(b"://")
        slash = rest.find(b"/")
        if not sep or slash < 0:
            return None
        target = rest[slash:]
    found = GAME.match(target)
    return None if found is None else found.group(1).decode("ascii")


class Router:
    """The parent's side: accept, look, pass each connection on (see the module's doc).
    `step` runs one round of its loop; the caller restarts workers (`attach`, `detach`)."""

    def __init__(self, listener: socket.socket, count: int) -> None:
        listener.setblocking(False)
        self.listener: socket.socket | None = listener
        self.count = count
        self.channels: list[socket.socket | None] = [None] * count
        self.ready = [False] * count  # the worker said it serves (a byte on its socket)
        self.queued: list[deque[socket.socket]] = [deque() for _ in range(count)]
        self.selector = selectors.DefaultSelector()
        self.selector.register(listener, selectors.EVENT_READ, _LISTEN)
        self.waiting: dict[socket.socket, float] = {}  # nothing sent yet: its deadline
        self.partial: dict[socket.socket, float] = {}  # part of a request line sent: its deadline
        self.turn = 0  # the next worker of a connection that names no game
        self.routed = [0] * count  # connections passed to each worker
        self.by_game = 0  # of them, those that named a game
        self._accept_paused = 0.0  # out of descriptors: accept again at this time
        self._swept = 0.0

    # ------------------------------------------------------------- workers
    def attach(self, index: int, channel: socket.socket) -> None:
        """Worker `index` takes its connections from the other end of `channel` now."""
        self.detach(index)
        channel.setblocking(False)
        self.channels[index] = channel
        # readable: the worker is ready, or gone
        self.selector.register(channel, selectors.EVENT_READ, index)
        self._flush(index)

    def detach(self, index: int) -> None:
        """Worker `index` takes no more connections: its socket closed (those waiting for it
        stay queued; `gone` passes them to the others)."""
        channel, self.channels[index] = self.channels[index], None
        self.ready[index] = False
        if channel is not None:
            with contextlib.suppress(KeyError, ValueError):
                self.selector.unregister(channel)
            channel.close()

    def watch(self, fd: int) -> None:
        """`step` says when `fd` (a process's sentinel) is ready."""
        self.selector.register(fd, selectors.EVENT_READ, None)

    def unwatch(self, fd: int) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(fd)

    # ------------------------------------------------------------- the loop
    def step(self, timeout: float) -> bool:
        """Wait at most `timeout` seconds for something to do and do it; True if a watched
        descriptor was ready."""
        now = time.monotonic()
        if self.partial:
            timeout = min(timeout, RECHECK)
        if self.waiting:
            timeout = min(timeout, max(RECHECK, next(iter(self.waiting.values())) - now))
        if self._accept_paused:
            timeout = min(timeout, max(0.0, self._accept_paused - now))
        fired = False
        for key, mask in self.selector.select(timeout):
            what = key.data
            if what == _LISTEN:
                self._accept()
            elif what == _CONN:
                self._look(key.fileobj)  # type: ignore[arg-type]
            elif isinstance(what, int):
                if mask & selectors.EVENT_READ:
                    self._heard(what)
                elif mask & selectors.EVENT_WRITE:
                    self._flush(what)
            else:
                fired = True
        self._sweep()
        return fired

    def _accept(self) -> None:
        assert self.listener is not None
        deadline = time.monotonic() + WAIT
        for _ in range(ACCEPT_BATCH):
            try:
                conn, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as exc:  # out of descriptors, say: not in a tight loop
                log.warning("cannot accept a connection (%s); trying again in 0.1 s", exc)
                self.selector.unregister(self.listener)
                self._accept_paused = time.monotonic() + 0.1
                return
            conn.setblocking(False)
            self.waiting[conn] = deadline
            self.selector.register(conn, selectors.EVENT_READ, _CONN)

    def _look(self, conn: socket.socket) -> None:
        """Peek at what `conn` sent: pass it on, wait for more, or close it."""
        try:
            head = conn.recv(HEAD_CAP, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:  # reset
            self._drop(conn)
            return
        if not head:  # closed before sending anything
            self._drop(conn)
        elif b"\n" in head or len(head) >= HEAD_CAP:
            self._route(conn, game_of(head))
        elif conn in self.waiting:  # a part of the line: looked at again every RECHECK
            self.partial[conn] = self.waiting.pop(conn)
            self.selector.unregister(conn)  # the peeked bytes stay: it would be ready at once again

    def _sweep(self) -> None:
        now = time.monotonic()
        if self._accept_paused and now >= self._accept_paused and self.listener is not None:
            self._accept_paused = 0.0
            self.selector.register(self.listener, selectors.EVENT_READ, _LISTEN)
        if now - self._swept < RECHECK:
            return
        self._swept = now
        for conn, deadline in list(self.partial.items()):
            if now >= deadline:
                self._route(conn, None)
            else:
                self._look(conn)
        for conn, deadline in list(self.waiting.items()):
            if now < deadline:
                break  # in order of their deadlines
            self._route(conn, None)  # nothing sent: any worker (which then waits as it would)

    def _forget(self, conn: socket.socket) -> None:
        if self.waiting.pop(conn, None) is not None:
            self.selector.unregister(conn)
        self.partial.pop(conn, None)

    def _drop(self, conn: socket.socket) -> None:
        self._forget(conn)
        conn.close()

    def _route(self, conn: socket.socket, gid: str | None) -> None:
        self._forget(conn)
        if gid is not None:
            index = shard_of(gid, self.count)
            self.by_game += 1
        else:
            index = self.turn
            self.turn = (self.turn + 1) % self.count
        index = self._pick(index)
        self.routed[index] += 1
        self.queued[index].append(conn)
        self._flush(index)

    def _pick(self, index: int) -> int:
        """Worker `index` if it is ready; else (being started) the next one that is; if none
        is, `index` itself, or any worker at all when it has no socket."""
        if self.ready[index]:
            return index
        order = [(index + k) % self.count for k in range(1, self.count)]
        found = next((i for i in order if self.ready[i]), None)
        if found is None and self.channels[index] is None:
            found = next((i for i in order if self.channels[i] is not None), None)
        return index if found is None else found

    def _flush(self, index: int) -> None:
        """Pass worker `index`'s waiting connections on, as many as its socket takes."""
        queue = self.queued[index]
        channel = self.channels[index]
        if channel is None:
            return
        while queue:
            batch = [queue[i] for i in range(min(BATCH, len(queue)))]
            try:
                socket.send_fds(channel, [b"c"], [c.fileno() for c in batch])
            except (BlockingIOError, InterruptedError):  # its socket is full: when it has room
                self.selector.modify(channel, selectors.EVENT_READ | selectors.EVENT_WRITE, index)
                return
            except OSError:  # the worker is gone
                self.gone(index)
                return
            for _ in batch:
                queue.popleft().close()  # the worker has its own copy now
        self.selector.modify(channel, selectors.EVENT_READ, index)

    def _heard(self, index: int) -> None:
        """Worker `index` wrote on its socket: that it is ready, or (closed) that it ended."""
        channel = self.channels[index]
        if channel is None:
            return
        try:
            said = channel.recv(16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            said = b""
        if said:
            self.ready[index] = True
        else:
            self.gone(index)

    def gone(self, index: int) -> None:
        """Worker `index` ended: the others serve the connections waiting for it, and its
        games, until it is started again (`attach`) and ready."""
        self.detach(index)
        queue = self.queued[index]
        moved = list(queue)
        queue.clear()
        for conn in moved:
            self.queued[self._pick(index)].append(conn)
        for i in range(self.count):
            self._flush(i)

    def close(self) -> None:
        """Stop accepting; close every connection not passed on yet and the workers' sockets."""
        if self.listener is not None:
            with contextlib.suppress(KeyError, ValueError):
                self.selector.unregister(self.listener)
            self.listener.close()
            self.listener = None
        for conn in [*self.waiting, *self.partial, *(c for q in self.queued for c in q)]:
            conn.close()
        self.waiting.clear()
        self.partial.clear()
        for q in self.queued:
            q.clear()
        for i in range(self.count):
            self.detach(i)
        self.selector.close()


class Rehome:
    """ASGI middleware of a routed worker: an answer to a request for another worker's game
    closes its connection (`Connection: close`), so the client's next request comes through
    the router and reaches that game's worker. Such a request came on a kept-alive connection
    the router sent here for its first request (a browser going from the lobby to a game)."""

    def __init__(self, app: Any, index: int, count: int) -> None:
        self.app, self.index, self.count = app, index, count

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        found = GAME_PATH.match(scope.get("path", "")) if scope["type"] == "http" else None
        if found is None or shard_of(found.group(1), self.count) == self.index:
            await self.app(scope, receive, send)
            return

        async def closing(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), (b"connection", b"close")]}
            await send(message)

        await self.app(scope, receive, closing)


class RoutedServer(uvicorn.Server):
    """A worker's Uvicorn: no listening socket of its own; it serves the connections the
    parent's `Router` passes over `channel`, with Uvicorn's own protocol, lifespan, timeouts,
    access log and graceful shutdown."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket) -> None:
        super().__init__(config)
        self.channel = channel
        self._opening: set[asyncio.Task[Any]] = set()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # the lifespan; no listener
        if not self.started:
            return
        loop = asyncio.get_running_loop()
        config = self.config

        def protocol() -> asyncio.Protocol:  # as Uvicorn's own `create_protocol`
            return config.http_protocol_class(  # type: ignore[call-arg]
                config=config, server_state=self.server_state, app_state=self.lifespan.state,
                _loop=loop)

        self._protocol = protocol
        self.channel.setblocking(False)
        loop.add_reader(self.channel.fileno(), self._take, loop)
        with contextlib.suppress(OSError):
            self.channel.send(b"ready")  # the router may send this worker its own games now

    def _take(self, loop: asyncio.AbstractEventLoop) -> None:
        """Connections from the parent: each served as if accepted here."""
        while True:
            try:
                data, fds, _, _ = socket.recv_fds(self.channel, 16, BATCH, socket.MSG_CMSG_CLOEXEC)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data, fds = b"", []
            if not data and not fds:  # the parent is gone
                loop.remove_reader(self.channel.fileno())
                self.should_exit = True
                return
            for fd in fds:
                conn = socket.socket(fileno=fd)
                conn.setblocking(False)
                task = loop.create_task(self._open(loop, conn))
                self._opening.add(task)
                task.add_done_callback(self._opening.discard)

    async def _open(self, loop: asyncio.AbstractEventLoop, conn: socket.socket) -> None:
        try:
            await loop.connect_accepted_socket(self._protocol, conn)
        except OSError:  # gone meanwhile
            conn.close()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(self.channel.fileno())
        self.channel.close()  # connections not taken yet are closed with it
        await super().shutdown(sockets=None)
