"""Several server processes behind one listening socket (`boardwright serve --workers N`).

The parent binds the address and starts N worker processes that accept connections on it
(the kernel hands each new connection to one of them), then only watches them: a worker
that dies is started again, and the workers end with the parent, even when it is killed
(`PR_SET_PDEATHSIG`). A connection may reach any worker, so every worker serves every game;
they share the database and keep each other informed of changes (PostgreSQL's notifications,
or `peers.py` on SQLite), a move is stored only if the log is still as long as the worker
thought (`db.Store.append`), and each game's bots are played by one worker only
(`hub.Settings.shard`), so no bot thinks twice about a move.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import socket
import sys
import time
from dataclasses import replace
from multiprocessing.connection import wait
from typing import Any

from .hub import Settings

log = logging.getLogger("boardwright.web")


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (elsewhere: nothing)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG


def share(settings: Settings, index: int, count: int) -> Settings:
    """Worker `index`'s settings: its share of the games' bots, and of the bot processes."""
    bots = settings.bot_workers
    if bots > 0 and settings.bot_pool == "local":
        bots = max(1, -(-bots // count))  # the local bot processes are split between the workers
    return replace(settings, shard=(index, count), bot_workers=bots)


CANNOT_START = 3  # a worker's exit code: its bot pool cannot be used (the parent stops, saying why)
GIVE_UP = 5  # workers in a row that died within seconds of starting: the parent stops


def worker(sock: socket.socket, index: int, count: int, db: str, access_log: bool,
           kw: dict[str, Any], errors: Any) -> None:
    import uvicorn

    from boardwright.engine import games

    from .app import create_app, limit_malloc_arenas
    from .collector import tune
    from .raypool import PoolError

    die_with_parent()
    limit_malloc_arenas()
    settings = kw.pop("settings", None) or Settings()
    try:
        app = create_app(db, settings=share(settings, index, count), **kw)
    except PoolError as exc:
        errors.put(str(exc))
        sys.exit(CANNOT_START)
    games()
    tune()
    config = uvicorn.Config(app, log_level="info", timeout_graceful_shutdown=2,
                            proxy_headers=False, access_log=access_log)
    uvicorn.Server(config).run(sockets=[sock])


def run(host: str, port: int, db: str, count: int, access_log: bool = True, **kw: Any) -> None:
    """Serve on HOST:PORT in `count` worker processes until interrupted."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    ctx = multiprocessing.get_context("spawn")
    errors = ctx.SimpleQueue()
    stopping = False
    failure: str | None = None

    def start(index: int) -> multiprocessing.process.BaseProcess:
        proc = ctx.Process(target=worker, args=(sock, index, count, db, access_log, dict(kw), errors),
                           name=f"boardwright-web-{index}")
        proc.start()
        return proc

    def stop(_signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    procs = [start(i) for i in range(count)]
    log.info("serving in %d worker processes: %s", count, ", ".join(str(p.pid) for p in procs))
    started = [time.monotonic()] * count
    quick = 0  # workers in a row that died soon after starting
    while not stopping:
        wait([p.sentinel for p in procs], timeout=0.5)
        for i, p in enumerate(procs):
            if p.exitcode is None or stopping:
                continue
            if p.exitcode == CANNOT_START:
                failure = errors.get() if not errors.empty() else "the bot pool cannot be used"
                stopping = True
                break
            quick = quick + 1 if time.monotonic() - started[i] < 10 else 0
            if quick >= GIVE_UP:
                failure, stopping = f"{quick} worker processes in a row ended at start-up (see above)", True
                break
            log.error("worker %d (process %s) ended with %s; starting it again", i, p.pid, p.exitcode)
            if quick:
                time.sleep(1)  # one that cannot start: not in a tight loop
            procs[i], started[i] = start(i), time.monotonic()
    for p in procs:
        if p.exitcode is None and p.pid is not None:
            p.terminate()  # SIGTERM: Uvicorn's graceful shutdown
    for p in procs:
        p.join(10)
        if p.exitcode is None:
            p.kill()
    sock.close()
    if failure is not None:
        from .raypool import PoolError

        raise PoolError(failure)
