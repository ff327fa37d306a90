"""Bot thinking in worker processes, so a bot that computes hard never slows other games.

Python threads share one interpreter lock: a search bot thinking in a thread would slow
every request of the server. So bots choose in a small pool of worker processes (spawned,
never forked from the threaded server). Workers are kept warm with their games: each game
is pinned to one worker, which keeps the game's state (the most recently used `WARM_GAMES`
of them) and is sent only the moves made since it last thought for that game, as
(seat, action) pairs it applies itself. The whole state (its JSON) is sent only the first
time, after an undo, or when the worker no longer has it (replaced, or the state evicted).
The answer is the action id and the bot's random stream's new state.

Fairness: each worker takes `PIPELINE` (2) moves at once, so the next move waits in the
worker's own queue while one is thought (the round trip through the server's busy interpreter
no longer idles the worker), handed out by a `FairGate`: games whose bots used little time
lately first, in the order their bot runs started (a run in progress goes first, so a person
waits for one queue, not one per bot move); a game whose bots used more than half the budget
lately goes after them, and at most one such move is in a worker at once, so a game of
expensive bots never delays another game's move by more than one of its moves. A move's
budget is counted in the worker from when it starts thinking, where an alarm stops a bot
that thinks past it. A worker that does not answer even then is terminated (and replaced); a move of another
game that was waiting on it is sent again (with the whole state).
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import math
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from boardwright.bots.spec import parse_one
from boardwright.engine import GameState, Rng, game

from .diag import rss_mb  # run in a worker: its resident memory

log = logging.getLogger("boardwright.web")
_SHARED: dict[tuple[int, int], Thinkers] = {}
_SHARED_LOCK = threading.Lock()
GRACE = 15.0  # seconds past the budget (and a new worker's start) before a stuck worker is terminated
HALF_LIFE = 60.0  # seconds: how fast a game's past thinking time is forgiven
PIPELINE = 2  # moves sent to a worker at once: the next waits in its queue while one is thought
WARM_GAMES = 400  # game states a worker keeps (the least recently used are dropped)
COLD = "cold"  # a worker's answer: it does not hold the state the moves were sent for
MAX_MB = 512.0  # a worker whose resident memory passed this is replaced (0: never)
CHECK_EVERY = 500  # a worker's answers between two looks at its memory
_WARM: OrderedDict[str, GameState] = OrderedDict()  # in a worker: game key -> its state


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
    seconds: float | None = None  # from sending the move to the answer (not waiting for a worker)


class FairGate:
    """`slots` places handed out one at a time, a freed place going straight to the chosen
    waiter (only that thread is woken).

    Which waiter: a *light* key (one that used at most `heavy` seconds lately, a decaying
    sum with half-life `HALF_LIFE`) before any heavy one; light keys in the order their
    `since` came (a game's bot run: a run in progress goes before runs that started after it,
    so a person waits for one queue, not for one queue per bot move); heavy keys the least
    used first. At most `slots - 1` places (at least one) are held by heavy keys at once, so
    a light key never waits for more than one heavy move per gate."""

    def __init__(self, slots: int, heavy: float = math.inf) -> None:
        self.slots = max(1, slots)
        self.heavy = heavy
        self.busy = 0
        self.busy_heavy = 0
        self._lock = threading.Lock()
        # waiting: [ticket, key, since, its wake-up, granted as heavy]
        self._waiting: list[list[Any]] = []
        self._used: dict[str, tuple[float, float]] = {}  # key -> (seconds, when last updated)
        self._ticket = 0

    def used(self, key: str, now: float | None = None) -> float:
        seconds, when = self._used.get(key, (0.0, 0.0))
        t = time.monotonic() if now is None else now
        return seconds * math.pow(0.5, max(0.0, t - when) / HALF_LIFE)

    def _grant(self) -> None:
        """Hand free places to the chosen waiters (call with the lock held)."""
        t = time.monotonic()
        while self.busy < self.slots and self._waiting:
            room_heavy = self.busy_heavy < max(1, self.slots - 1)
            best: tuple[Any, ...] | None = None
            chosen: list[Any] | None = None
            for w in self._waiting:
                used = self.used(w[1], t)
                heavy = used > self.heavy
                if heavy and not room_heavy:
                    continue
                rank = (1, used, w[0]) if heavy else (0, w[2], w[0])
                if best is None or rank < best:
                    best, chosen = rank, w
            if chosen is None:
                return
            self._waiting.remove(chosen)
            chosen[4] = best is not None and best[0] == 1
            self.busy += 1
            self.busy_heavy += chosen[4]
            chosen[3].set()

    @contextlib.contextmanager
    def slot(self, key: str, since: float | None = None) -> Iterator[None]:
        me: list[Any]
        with self._lock:
            self._ticket += 1
            me = [self._ticket, key, time.monotonic() if since is None else since, threading.Event(), False]
            self._waiting.append(me)
            self._grant()
        me[3].wait()  # the place is ours when set
        start = time.monotonic()
        try:
            yield
        finally:
            with self._lock:
                t = time.monotonic()
                self._used[key] = (self.used(key, t) + (t - start), t)
                if len(self._used) > 5000:  # forget games that have not thought for long
                    for k in [k for k in self._used if self.used(k, t) < 0.01]:
                        del self._used[k]
                self.busy -= 1
                self.busy_heavy -= me[4]
                self._grant()


class Drivers:
    """Threads that run bot drivers, kept between runs (a game's bot run used to start a
    thread of its own): a run is handed to an idle thread, or to a new one if none is idle.
    Threads idle for `IDLE` seconds end; all are daemons."""

    IDLE = 30.0

    def __init__(self, name: str = "bots") -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[tuple[Callable[..., None], tuple[Any, ...]]] = queue.SimpleQueue()
        self._idle = threading.Semaphore(0)
        self.started = 0  # threads started (for tests)
        self.runs = 0  # runs handed out

    def submit(self, fn: Callable[..., None], *args: Any) -> None:
        self.runs += 1
        self._jobs.put((fn, args))
        if not self._idle.acquire(blocking=False):
            self.started += 1
            threading.Thread(target=self._run, daemon=True, name=f"{self.name}-{self.started}").start()

    def _run(self) -> None:
        while True:
            try:
                fn, args = self._jobs.get(timeout=self.IDLE)
            except queue.Empty:
                if self._idle.acquire(blocking=False):
                    return  # idle, and no run was promised to this thread
                continue
            try:
                fn(*args)
            except Exception:
                log.exception("a bot driver failed")
            self._idle.release()


def _watch_parent(parent: int, nice: int = 0) -> None:
    """In a worker: exit as soon as the server process is gone (even if it was killed); lower
    its own scheduling priority by `nice` (so the server's requests get a busy machine's
    cores first)."""
    if nice > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)

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
    return _choose(game(game_id).from_json(state_json), bot_spec, rng_state, seat, budget)


def choose_warm(key: str, game_id: str, base: int, moves: list[tuple[int, str]],
                state_json: str | None, bot_spec: str, rng_state: int, seat: int,
                budget: float = 0.0) -> tuple[str, int] | str | None:
    """Runs in a worker: as `choose`, for the game `key` whose state this worker keeps. With
    `state_json` the state is that; else it is the kept one (which must have `base` moves)
    after `moves`. `COLD` if the worker does not hold that state (then send it whole)."""
    if state_json is not None:
        state = game(game_id).from_json(state_json)
    else:
        kept = _WARM.pop(key, None)
        if kept is None or len(kept.history) != base:
            return COLD
        state = kept
        try:
            for s, action in moves:
                state.apply(s, action)
        except Exception:  # not the state the server has: start again from the whole one
            return COLD
    _WARM[key] = state
    while len(_WARM) > WARM_GAMES:
        _WARM.popitem(last=False)
    return _choose(state.clone(), bot_spec, rng_state, seat, budget)


def drop(key: str) -> None:
    """Runs in a worker: forget the game's kept state."""
    _WARM.pop(key, None)


def held() -> list[str]:
    """Runs in a worker: the games whose states it keeps (for tests and diagnostics)."""
    return list(_WARM)


def _choose(state: GameState, bot_spec: str, rng_state: int, seat: int,
            budget: float) -> tuple[str, int] | None:
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


class Worker:
    """One worker process (replaceable) with the games pinned to it."""

    def __init__(self) -> None:
        self.pool: ProcessPoolExecutor | None = None
        self.generation = 0  # replaced this many times (a new process holds no state)
        self.gate = FairGate(PIPELINE)
        self.games = 0  # games pinned to it
        self.answers = 0  # answers from its current process
        self.retire = False  # its process passed `MAX_MB`: the next move goes to a new one


class Thinkers:
    """Worker processes shared by every game of the server process, each game pinned to one."""

    def __init__(self, workers: int, nice: int = 0) -> None:
        self.workers = max(1, workers)
        self.nice = nice  # the workers' niceness (`Settings.bot_nice`)
        self._slots = [Worker() for _ in range(self.workers)]
        self._pinned: dict[str, int] = {}  # game key -> its worker
        # game key -> (worker, its generation, the moves it holds the state after)
        self._synced: dict[str, tuple[int, int, list[tuple[int, str]]]] = {}
        self._lock = threading.Lock()
        self.answered = False  # some worker has answered: the pool works in this process
        self.unusable = False  # workers cannot start here (e.g. the main program is stdin)
        self._stopped = 0  # workers terminated because a bot overran its budget
        self._closed = False
        self.sent_whole = 0  # moves sent with the whole state (cold), for tests and the load test
        self.sent_moves = 0  # moves sent as the actions since the worker's state (warm)
        self.max_mb = MAX_MB
        self.check_every = CHECK_EVERY
        self.retired = 0  # worker processes replaced for their memory
        atexit.register(self.close)

    @classmethod
    def shared(cls, workers: int, nice: int = 0) -> Thinkers:
        """One pool per size and niceness for the whole process (apps and tests come and go;
        pools stay)."""
        with _SHARED_LOCK:
            if (workers, nice) not in _SHARED:
                _SHARED[workers, nice] = cls(workers, nice)
            return _SHARED[workers, nice]

    def _pin(self, key: str) -> int:
        with self._lock:
            found = self._pinned.get(key)
            if found is None:
                found = min(range(self.workers), key=lambda i: (self._slots[i].games, i))
                self._pinned[key] = found
                self._slots[found].games += 1
            return found

    def held(self) -> dict[str, int]:
        """Games pinned to workers and games whose state was sent (for diagnostics)."""
        with self._lock:
            return {"pinned": len(self._pinned), "synced": len(self._synced)}

    def forget(self, key: str) -> None:
        """The game needs no bot any more (over, or dropped from memory): its worker drops
        the state it kept."""
        with self._lock:
            found = self._pinned.pop(key, None)
            synced = self._synced.pop(key, None)
            if found is None:
                return
            self._slots[found].games -= 1
        if synced is not None and not self._closed:
            with contextlib.suppress(Exception):  # a worker being replaced holds nothing anyway
                self._drop(found, key)

    def _drop(self, i: int, key: str) -> None:
        """Worker `i` forgets `key`'s state."""
        pool = self._slots[i].pool
        if pool is not None:
            pool.submit(drop, key)

    def _get(self, i: int) -> ProcessPoolExecutor:
        old: ProcessPoolExecutor | None = None
        with self._lock:
            w = self._slots[i]
            if w.pool is not None and w.retire:  # its moves in hand finish there, then it exits
                old, w.pool, w.retire, w.answers = w.pool, None, False, 0
                w.generation += 1  # a new process holds no state: the next moves send it whole
                self.retired += 1
            if w.pool is None:
                spawn = multiprocessing.get_context("spawn")  # never fork the threaded server
                w.pool = ProcessPoolExecutor(1, mp_context=spawn, initializer=_watch_parent,
                                             initargs=(os.getpid(), self.nice))
            pool = w.pool
        if old is not None:
            old.shutdown(wait=False)
        return pool

    def _look(self, i: int, pool: ProcessPoolExecutor) -> None:
        """Every `check_every` answers, the worker's memory; past `max_mb` it is retired (the
        bound on what a worker may hold whatever its titles keep: its games' states, the
        titles' memos). The look runs in the worker's queue: it never delays a move."""
        w = self._slots[i]
        if not self._due(i):
            return

        def seen(fut: Future[float]) -> None:
            if not fut.cancelled() and fut.exception() is None and fut.result() > self.max_mb:
                with self._lock:
                    if w.pool is pool:
                        w.retire = True

        with contextlib.suppress(Exception):  # a worker being replaced: looked at next time
            pool.submit(rss_mb).add_done_callback(seen)

    def _due(self, i: int) -> bool:
        """One more answer from worker `i`: is it time to look at its memory?"""
        w = self._slots[i]
        w.answers += 1
        return self.max_mb > 0 and not w.answers % self.check_every

    def _settled(self, key: str, i: int, generation: int, state: GameState, result: Any,
                 sent: float) -> Answer | None:
        """A worker's result for `key`: None if it answered `COLD` (send the whole state), else
        the answer, the worker noted as holding `state` (its look at memory is done by the caller
        first: see `_look`)."""
        with self._lock:
            if result == COLD:
                self._synced.pop(key, None)
                return None
            self._synced[key] = (i, generation, list(state.history))
        self.answered = True
        if result is None:
            return Answer(why="over")
        return Answer(result[0], result[1], seconds=time.monotonic() - sent)

    def _failed(self, key: str, seat: int, game_id: str, exc: BaseException) -> Answer:
        """The bot raised: said in the log; its worker's state is sent whole next time."""
        log.warning("a bot failed in seat %d of a %s game: %s: %s", seat, game_id,
                    type(exc).__name__, exc)
        with self._lock:
            self._synced.pop(key, None)
        return Answer(why="failed")

    def _replace(self, i: int, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            w = self._slots[i]
            if w.pool is not broken:
                return
            w.pool = None
            w.generation += 1
            w.retire, w.answers = False, 0
        procs = list(getattr(broken, "_processes", {}).values())  # stuck workers cannot be cancelled
        broken.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            p.terminate()

    def _message(self, key: str, i: int, state: GameState) -> tuple[int, list[tuple[int, str]], str | None]:
        """What to send for `state`: the moves since the worker's state, or the whole state."""
        history = state.history
        with self._lock:
            synced = self._synced.get(key)
            generation = self._slots[i].generation
        if synced is not None and synced[:2] == (i, generation):
            held = synced[2]
            if len(history) >= len(held) and history[: len(held)] == held:
                self.sent_moves += 1
                return len(held), history[len(held):], None
        self.sent_whole += 1
        return 0, [], state.to_json()

    def think(
        self, key: str, game_id: str, state: GameState, bot_spec: str, rng_state: int, seat: int,
        budget: float, since: float | None = None,
    ) -> Answer:
        """The bot's answer once `key`'s worker has a place for it (`key`: a game; `since`: when
        its bot run started, see `FairGate`), thinking `budget` seconds at most; a move lost
        because its worker was replaced (another game's bot was stuck) is sent again."""
        i = self._pin(key)
        worker = self._slots[i]
        worker.gate.heavy = budget / 2  # a game whose bots used more lately is heavy
        with worker.gate.slot(key, since):
            for _ in range(6):
                if self._closed:
                    return Answer(why="closed")
                pool = self._get(i)
                generation = worker.generation
                base, moves, whole = self._message(key, i, state)
                sent = time.monotonic()
                try:
                    fut: Future[tuple[str, int] | str | None] = pool.submit(
                        choose_warm, key, game_id, base, moves, whole, bot_spec, rng_state, seat, budget)
                    # at most one move is ahead of it in the worker (`PIPELINE`)
                    result = fut.result(timeout=PIPELINE * budget + GRACE)
                except FutureTimeout:  # the alarm did not stop it (stuck outside Python code)
                    self._stopped += 1
                    self._replace(i, pool)
                    return Answer(why="over")
                except (BrokenProcessPool, CancelledError):
                    replaced = worker.pool is not pool  # by another game's stuck worker: retry
                    self._replace(i, pool)
                    if not replaced and not self.answered and not self._stopped:
                        log.warning("bot worker processes cannot start here; bots think in threads")
                        self.unusable = True
                        return Answer(why="unusable")
                    continue  # the worker was replaced under this move: send it again
                except RuntimeError:  # submitted to a worker that was just shut down
                    continue
                except Exception as exc:
                    return self._failed(key, seat, game_id, exc)
                answer = self._settled(key, i, generation, state, result, sent)
                if answer is None:
                    continue  # cold: send the whole state
                self._look(i, pool)
                return answer
        return Answer(why="failed")

    def close(self) -> None:
        self._closed = True
        for i, w in enumerate(self._slots):
            if w.pool is not None:
                self._replace(i, w.pool)
