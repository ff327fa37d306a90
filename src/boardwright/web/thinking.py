"""Bot thinking in worker processes, so a bot that computes hard never slows other games.

Python threads share one interpreter lock: a search bot thinking in a thread would slow
every request of the server. So bots choose in a small pool of worker processes (spawned,
never forked from the threaded server). A move is sent as the state's JSON, the bot's spec
and its random stream; the answer is the action id and the stream's new state.

Fairness: the pool's workers are handed out by a `FairGate`, one move per worker, to the
game that has used the least thinking time lately, so a game of expensive bots never
queues another game's moves behind its own. A move's budget starts when it gets a worker
(time spent waiting for one is not counted), and inside the worker an alarm stops a bot
that thinks past it. A worker that does not answer even then is terminated (the pool is
replaced); moves of other games that were running on the old pool are sent again.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from boardwright.bots.spec import parse_one
from boardwright.engine import Rng, game

log = logging.getLogger("boardwright.web")
_SHARED: dict[int, Thinkers] = {}
_SHARED_LOCK = threading.Lock()
GRACE = 15.0  # seconds past the budget (and a new worker's start) before a stuck worker is terminated
HALF_LIFE = 60.0  # seconds: how fast a game's past thinking time is forgiven


class OverBudget(Exception):
    """Raised inside a worker by the alarm when a bot thinks past its budget."""


@dataclass(frozen=True)
class Answer:
    """A bot's move (`action` and its random stream's new `rng`), or why there is none:
    `over` (past its budget), `failed` (the bot raised), `closed` (the server is stopping),
    `unusable` (worker processes cannot start here)."""

    action: str | None = None
    rng: int | None = None
    why: str | None = None


class FairGate:
    """`slots` places handed out to the waiting key that has used the least time lately."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        self._cond = threading.Condition()
        self._waiting: list[tuple[int, str]] = []  # (ticket, key) in arrival order
        self._used: dict[str, tuple[float, float]] = {}  # key -> (seconds, when last updated)
        self._ticket = 0

    def used(self, key: str, now: float | None = None) -> float:
        seconds, when = self._used.get(key, (0.0, 0.0))
        t = time.monotonic() if now is None else now
        return seconds * math.pow(0.5, max(0.0, t - when) / HALF_LIFE)

    def _first(self) -> int:
        t = time.monotonic()
        return min(self._waiting, key=lambda w: (self.used(w[1], t), w[0]))[0]

    @contextlib.contextmanager
    def slot(self, key: str) -> Iterator[None]:
        with self._cond:
            self._ticket += 1
            me = (self._ticket, key)
            self._waiting.append(me)
            while not (self.busy < self.slots and self._first() == me[0]):
                self._cond.wait()
            self._waiting.remove(me)
            self.busy += 1
        start = time.monotonic()
        try:
            yield
        finally:
            with self._cond:
                t = time.monotonic()
                self._used[key] = (self.used(key, t) + (t - start), t)
                if len(self._used) > 5000:  # forget games that have not thought for long
                    for k in [k for k in self._used if self.used(k, t) < 0.01]:
                        del self._used[k]
                self.busy -= 1
                self._cond.notify_all()


def _watch_parent(parent: int) -> None:
    """In a worker: exit as soon as the server process is gone (even if it was killed)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="watch-parent").start()


def _alarm(_signum: int, _frame: object) -> None:
    raise OverBudget


def choose(game_id: str, state_json: str, bot_spec: str, rng_state: int, seat: int,
           budget: float = 0.0) -> tuple[str, int] | None:
    """Runs in a worker: the bot's choice and its random stream's new state (None: the bot
    was stopped by the alarm after `budget` seconds)."""
    state = game(game_id).from_json(state_json)
    bot = parse_one(bot_spec).build(0)
    bot.rng = Rng.from_state(rng_state)
    timed = budget > 0 and hasattr(signal, "setitimer")
    try:
        if timed:
            signal.signal(signal.SIGALRM, _alarm)
            signal.setitimer(signal.ITIMER_REAL, budget)
        try:
            action = bot.choose(state, seat)
        finally:
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except OverBudget:
        return None
    return action.id, bot.rng.state


class Thinkers:
    """A replaceable process pool shared by every game of the server process."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.answered = False  # some worker has answered: the pool works in this process
        self.unusable = False  # workers cannot start here (e.g. the main program is stdin)
        self._stopped = 0  # pools terminated because a bot overran its budget
        self._closed = False
        self.gate = FairGate(workers)
        atexit.register(self.close)

    @classmethod
    def shared(cls, workers: int) -> Thinkers:
        """One pool per size for the whole process (apps and tests come and go; pools stay)."""
        with _SHARED_LOCK:
            if workers not in _SHARED:
                _SHARED[workers] = cls(workers)
            return _SHARED[workers]

    def _get(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                spawn = multiprocessing.get_context("spawn")  # never fork the threaded server
                self._pool = ProcessPoolExecutor(self.workers, mp_context=spawn,
                                                 initializer=_watch_parent, initargs=(os.getpid(),))
            return self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is not broken:
                return
            self._pool = None
        procs = list(getattr(broken, "_processes", {}).values())  # stuck workers cannot be cancelled
        broken.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            p.terminate()

    def think(
        self, key: str, game_id: str, state_json: str, bot_spec: str, rng_state: int, seat: int,
        budget: float,
    ) -> Answer:
        """The bot's answer once a worker is free for `key` (a game), thinking `budget` seconds
        at most; a move lost because another game's stuck worker had the pool replaced is sent
        again."""
        with self.gate.slot(key):
            for _ in range(5):
                if self._closed:
                    return Answer(why="closed")
                pool = self._get()
                try:
                    fut: Future[tuple[str, int] | None] = pool.submit(
                        choose, game_id, state_json, bot_spec, rng_state, seat, budget)
                    result = fut.result(timeout=budget + GRACE)
                except FutureTimeout:  # the alarm did not stop it (stuck outside Python code)
                    self._stopped += 1
                    self._replace(pool)
                    return Answer(why="over")
                except (BrokenProcessPool, CancelledError):
                    replaced = self._pool is not pool  # by another game's stuck worker: retry
                    self._replace(pool)
                    if not replaced and not self.answered and not self._stopped:
                        log.warning("bot worker processes cannot start here; bots think in threads")
                        self.unusable = True
                        return Answer(why="unusable")
                    continue  # the pool was replaced under this move: send it again
                except RuntimeError:  # submitted to a pool that was just shut down
                    continue
                except Exception as exc:
                    log.warning("a bot failed in seat %d of a %s game: %s: %s", seat, game_id,
                                type(exc).__name__, exc)
                    return Answer(why="failed")
                self.answered = True
                if result is None:
                    return Answer(why="over")
                return Answer(result[0], result[1])
        return Answer(why="failed")

    def close(self) -> None:
        self._closed = True
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            procs = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                p.terminate()
