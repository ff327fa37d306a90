"""Bots thinking in a shared Ray pool (`boardwright serve --bot-pool ray[:ADDRESS]`).

With the default pool (`thinking.Thinkers`) each server process starts worker processes of
its own, and a game's bots are thought about by the workers of whichever process drives
them. With several server processes (or machines) on one database, `--bot-pool ray:ADDRESS`
makes every process use the same workers instead: `Settings.bot_workers` Ray actors named
`boardwright-bots-<i>` in the namespace `boardwright` of the cluster at ADDRESS (created by
the first process that asks for them, found by the others), each keeping its games' states
warm exactly as a local worker does (`thinking.choose_warm`, the same module functions run in
the actor's process). A game goes to the actor its id hashes to (`crc32`), the same in every
process, so a game's state stays warm whichever process serves it; a process that did not
send the state itself sends it whole once (the actor answers `cold` when the moves it is sent
do not start from the state it holds, which also covers a restarted actor).

The actors are detached (they outlive the processes that made them, until the cluster stops)
and restarted by Ray if their process dies. A move that does not come back within the budget
(for each of the `PROCESSES` pipelines that may be queued ahead of it) and `GRACE` gets its
actor killed (and restarted: the other processes' moves on it are sent again whole); an
actor whose resident memory passed `thinking.MAX_MB` is restarted the same way; a move whose
actor died under it is sent again once Ray has started it again. Fairness between games is
kept per server process (each has a `FairGate` per actor), not across processes. Without an
ADDRESS (`--bot-pool ray`) a Ray instance local to the server process is started, with
`bot_workers` CPUs.
"""

from __future__ import annotations

import contextlib
import logging
import time
import zlib
from typing import Any, ClassVar

from .diag import rss_mb
from .thinking import GRACE, PIPELINE, Answer, Thinkers, choose_warm, drop, held

log = logging.getLogger("boardwright.web")
NAMESPACE = "boardwright"
PREFIX = "boardwright-bots-"
CONNECT_SECONDS = 30.0
PROCESSES = 4  # server processes whose moves may queue ahead of one in an actor (its timeout)


class PoolError(RuntimeError):
    """The bot pool cannot be used (Ray missing, or its cluster unreachable): says why."""


class BotKeeper:
    """The actor: one process keeping the states of the games hashed to it."""

    def choose_warm(self, key: str, game_id: str, base: int, moves: list[tuple[int, str]],
                    state_json: str | None, bot_spec: str, rng_state: int, seat: int,
                    budget: float) -> tuple[str, int] | str | None:
        return choose_warm(key, game_id, base, moves, state_json, bot_spec, rng_state, seat, budget)

    def drop(self, key: str) -> None:
        drop(key)

    def held(self) -> list[str]:
        return held()

    def rss_mb(self) -> float:
        return rss_mb()


def parse_pool(text: str) -> tuple[str, str | None]:
    """`local`, `ray` or `ray:ADDRESS` -> (kind, address); a ValueError naming what is wrong."""
    kind, _, address = text.strip().partition(":")
    kind = kind.lower()
    if kind == "local" and not address:
        return "local", None
    if kind == "ray":
        return "ray", address.strip() or None
    raise ValueError(f"unknown bot pool {text!r}: use 'local', 'ray' (a Ray instance of this "
                     "process) or 'ray:ADDRESS' (a running cluster, e.g. ray:auto or ray:host:6379)")


class RayThinkers(Thinkers):
    """`Thinkers` whose workers are the cluster's named actors (see the module's docstring)."""

    _shared: ClassVar[dict[tuple[str | None, int], RayThinkers]] = {}

    def __init__(self, workers: int, address: str | None = None) -> None:
        super().__init__(workers)
        if address:
            from boardwright.simulate import token_auth

            token_auth()  # before ray is imported
        try:
            import ray
        except ImportError as exc:  # ray is in the sim and test extras
            raise PoolError("--bot-pool ray needs Ray: pip install 'boardwright[sim]'") from exc
        self._ray = ray
        self.started = False
        if not ray.is_initialized():
            if address:
                from boardwright.simulate import connect_ray

                try:
                    connect_ray(address, CONNECT_SECONDS)
                except ConnectionError as exc:
                    raise PoolError(str(exc)) from exc
            else:
                ray.init(address="local", num_cpus=self.workers, include_dashboard=False, log_to_driver=False,
                         namespace=NAMESPACE)
                self.started = True
        options: dict[str, Any] = {"namespace": NAMESPACE, "get_if_exists": True, "max_restarts": -1,
                                   "num_cpus": 1, "scheduling_strategy": "SPREAD"}
        if address:
            options["lifetime"] = "detached"
        remote = ray.remote(BotKeeper)
        self._actors: list[Any] = [
            remote.options(name=f"{PREFIX}{i}", **options).remote() for i in range(self.workers)]

    @classmethod
    def shared_on(cls, workers: int, address: str | None) -> RayThinkers:
        """One pool per cluster and size for the whole process."""
        key = (address, max(1, workers))
        if key not in cls._shared:
            cls._shared[key] = cls(workers, address)
        return cls._shared[key]

    def _pin(self, key: str) -> int:
        """The same actor for a game in every process."""
        i = zlib.crc32(key.encode()) % self.workers
        with self._lock:
            if key not in self._pinned:
                self._pinned[key] = i
                self._slots[i].games += 1
        return i

    def _drop(self, i: int, key: str) -> None:
        self._actors[i].drop.remote(key)

    def _restart(self, i: int) -> None:
        """Kill actor `i` (Ray starts it again, holding nothing): its moves in flight fail and
        are sent again whole."""
        with self._lock:
            self._slots[i].generation += 1
            self._slots[i].answers = 0
        with contextlib.suppress(Exception):
            self._ray.kill(self._actors[i], no_restart=False)

    def _look_at(self, i: int) -> None:
        if not self._due(i):
            return
        with contextlib.suppress(Exception):
            if self._ray.get(self._actors[i].rss_mb.remote(), timeout=GRACE) > self.max_mb:
                self.retired += 1
                self._restart(i)

    def think(
        self, key: str, game_id: str, state: Any, bot_spec: str, rng_state: int, seat: int,
        budget: float, since: float | None = None,
    ) -> Answer:
        ray = self._ray
        from ray.exceptions import GetTimeoutError, RayActorError, RayTaskError

        i = self._pin(key)
        worker = self._slots[i]
        worker.gate.heavy = budget / 2
        with worker.gate.slot(key, since):
            for attempt in range(6):
                if self._closed:
                    return Answer(why="closed")
                generation = worker.generation
                base, moves, whole = self._message(key, i, state)
                sent = time.monotonic()
                ref = self._actors[i].choose_warm.remote(
                    key, game_id, base, moves, whole, bot_spec, rng_state, seat, budget)
                try:
                    # other processes' moves may be ahead of it in the actor's queue: room for
                    # `PROCESSES` processes' pipelines before it counts as stuck
                    result = ray.get(ref, timeout=PROCESSES * PIPELINE * budget + GRACE)
                except GetTimeoutError:
                    self._stopped += 1
                    self._restart(i)
                    return Answer(why="over")
                except RayActorError:  # the actor died or was restarted under this move
                    with self._lock:
                        self._synced.pop(key, None)
                    time.sleep(0.25 * 2**attempt)  # while Ray starts it again
                    continue
                except RayTaskError as exc:
                    return self._failed(key, seat, game_id, exc)
                answer = self._settled(key, i, generation, state, result, sent)
                if answer is None:
                    continue  # cold: send the whole state
                self._look_at(i)
                return answer
        return Answer(why="failed")

    def actors_holding(self) -> list[list[str]]:
        """Each actor's kept games (tests, diagnostics)."""
        return [self._ray.get(a.held.remote(), timeout=GRACE) for a in self._actors]

    def close(self) -> None:
        self._closed = True
        if self.started and self._ray.is_initialized():
            with contextlib.suppress(Exception):
                self._ray.shutdown()
        for k, v in list(type(self)._shared.items()):
            if v is self:
                del type(self)._shared[k]
