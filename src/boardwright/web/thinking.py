"""Bot thinking in worker processes, so a bot that computes hard never slows other games.

Python threads share one interpreter lock: a search bot thinking in a thread would slow
every request of the server. So bots choose in a small pool of worker processes (spawned,
never forked from the threaded server). A move is sent as the state's JSON, the bot's spec
and its random stream; the answer is the action id and the stream's new state. A bot that
overruns its budget is abandoned (the caller plays a fallback); since a running worker
cannot be interrupted, the pool is then replaced and the stuck workers are terminated.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool

from boardwright.bots.spec import parse_one
from boardwright.engine import Rng, game

log = logging.getLogger("boardwright.web")
_SHARED: dict[int, Thinkers] = {}
_SHARED_LOCK = threading.Lock()


def _watch_parent(parent: int) -> None:
    """In a worker: exit as soon as the server process is gone (even if it was killed)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="watch-parent").start()


def choose(game_id: str, state_json: str, bot_spec: str, rng_state: int, seat: int) -> tuple[str, int]:
    """Runs in a worker: the bot's choice and its random stream's new state."""
    state = game(game_id).from_json(state_json)
    bot = parse_one(bot_spec).build(0)
    bot.rng = Rng.from_state(rng_state)
    action = bot.choose(state, seat)
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
        self, game_id: str, state_json: str, bot_spec: str, rng_state: int, seat: int, budget: float
    ) -> tuple[str, int] | None:
        """The bot's answer, or None if it failed or did not answer within `budget` seconds."""
        deadline = time.monotonic() + budget
        for _ in range(2):  # once more if another game's stuck bot had the pool replaced
            pool = self._get()
            try:
                fut: Future[tuple[str, int]] = pool.submit(choose, game_id, state_json, bot_spec,
                                                           rng_state, seat)
                result = fut.result(timeout=max(0.0, deadline - time.monotonic()))
                self.answered = True
                return result
            except FutureTimeout:
                self._stopped += 1
                self._replace(pool)
                return None
            except BrokenProcessPool:
                self._replace(pool)
                if not self.answered and not self._stopped:
                    log.warning("bot worker processes cannot start here; bots think in threads")
                    self.unusable = True
                    return None
            except RuntimeError:  # the pool was shut down: this process is exiting
                return None
            except Exception:
                log.exception("a bot failed in seat %d of a %s game", seat, game_id)
                return None
        return None

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            procs = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                p.terminate()
