"""Several server processes behind one address (`boardwright serve --workers N`).

The parent binds the address, starts N worker processes and passes each new connection to
the worker that holds the game its first request names (`router.py`, `--routing game`, the
default): the one whose share of the games (`hub.Settings.shard`) has it, which also plays
its bots. So each game is held, moved and streamed by one process. A request naming no game
goes to the workers in turn. With `--routing kernel` the workers accept on the parent's
socket themselves and the kernel spreads the connections, so every worker ends up holding
every game (kept to compare the two).

Every worker can serve every game either way: they share the database and keep each other
informed of changes (PostgreSQL's notifications, or `peers.py` on SQLite), a move is stored
only if the log is still as long as the worker thought (`db.Store.append`), and each game's
bots are played by one worker only, so no bot thinks twice about a move. A worker that dies
is started again, and the workers end with the parent, even when it is killed
(`PR_SET_PDEATHSIG`).
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


ROUTINGS = ("game", "kernel")  # how a connection finds a worker (`run`)
WORKER_HEADER = "X-Boardwright-Worker"  # in every answer of a worker: its index


def worker(sock: socket.socket, index: int, count: int, db: str, access_log: bool,
           kw: dict[str, Any], errors: Any, routed: bool = False) -> None:
    """Worker `index`: `sock` is the listening socket, or (`routed`) its end of the socket
    the parent passes it connections over."""
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
    if routed:
        from .router import Rehome

        app = Rehome(app, index, count)  # type: ignore[assignment]
    # the worker's index in every answer's headers: which process served a connection
    config = uvicorn.Config(app, log_level="info", timeout_graceful_shutdown=2, proxy_headers=False,
                            access_log=access_log, headers=[(WORKER_HEADER, str(index))])
    if routed:
        from .router import RoutedServer

        RoutedServer(config, sock).run()
    else:
        uvicorn.Server(config).run(sockets=[sock])


def run(host: str, port: int, db: str, count: int, access_log: bool = True, routing: str = "game",
        **kw: Any) -> None:
    """Serve on HOST:PORT in `count` worker processes until interrupted; `routing`: "game"
    (the parent passes each connection to the worker of its game) or "kernel"."""
    if routing not in ROUTINGS:
        raise ValueError(f"routing: one of {', '.join(ROUTINGS)}, not {routing!r}")
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    router = None
    if routing == "game":
        from .router import Router

        router = Router(sock, count)
    else:
        sock.set_inheritable(True)
    ctx = multiprocessing.get_context("spawn")
    errors = ctx.SimpleQueue()
    stopping = False
    failure: str | None = None

    def start(index: int) -> multiprocessing.process.BaseProcess:
        given = sock
        if router is not None:
            mine, given = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        proc = ctx.Process(target=worker, args=(given, index, count, db, access_log, dict(kw), errors,
                                                router is not None),
                           name=f"boardwright-web-{index}")
        proc.start()
        if router is not None:
            given.close()  # the worker has its own copy
            router.attach(index, mine)
            router.watch(proc.sentinel)
        return proc

    def stop(_signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    procs = [start(i) for i in range(count)]
    how = "each connection to the worker of its game" if router is not None else \
        "connections spread by the kernel"
    log.info("serving in %d worker processes (%s): %s", count, how, ", ".join(str(p.pid) for p in procs))
    started = [time.monotonic()] * count
    quick = 0  # workers in a row that died soon after starting
    looked = 0.0
    while not stopping:
        if router is None:
            wait([p.sentinel for p in procs], timeout=0.5)
        elif not router.step(0.5) and time.monotonic() - looked < 0.5:
            continue  # no process ended: back to the connections
        looked = time.monotonic()
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
            if router is not None:
                router.unwatch(p.sentinel)
                router.gone(i)
            if quick:
                time.sleep(1)  # one that cannot start: not in a tight loop
            procs[i], started[i] = start(i), time.monotonic()
    if router is not None:
        log.info("connections passed to the workers: %s (%d naming a game)",
                 ", ".join(map(str, router.routed)), router.by_game)
        router.close()  # no new connections; each worker's socket closed
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
