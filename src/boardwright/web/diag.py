"""Where a slow request's time went: the server's own timings, on when `BOARDWRIGHT_DIAG` names
a file (off by default: nothing is measured and nothing is written).

With it, the server records the garbage collector's pauses (per generation: count, total,
longest, and every pause of 5 ms or more with its time), the event loop's lag (a task that
asks to wake every 20 ms and notes how late it woke), the action POSTs as the server saw them
(from the body read to the answer sent) and named sections (`timed`: game creation, payload
building, the running score...). Every 10 s and at shutdown it writes them as one JSON object
to the file, replacing what was there; slow POSTs can then be laid beside pauses and lags by
their times (`time.monotonic`, the same clock in every thread of the process).

Every `MEM_EVERY` seconds it also notes what the memory is made of (`memory`): the resident
size, the collector's counters, the objects in its oldest generation (and the commonest types
among them), `gc.garbage`, and what the hub holds (`probes`: games kept, finished games kept,
log entries' dicts, streams), so that what grows over a long run can be named. With
`BOARDWRIGHT_DIAG_TRACE=N` as well it traces the allocations (`tracemalloc`, N frames each:
slow, and the traces and snapshots take memory of their own) and notes where the memory grew
since the first sample after `TRACE_BASE` seconds.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import json
import os
import sys
import threading
import time
import tracemalloc
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

SLOW = 0.005  # seconds: pauses, lags and sections this long are kept one by one
TICK = 0.02  # seconds between the loop-lag task's wake-ups
KEEP = 20_000  # events kept per kind (the oldest dropped)
MEM_EVERY = 30.0  # seconds between samples of what the memory is made of
TOP_TYPES = 25  # the commonest types in the oldest generation, per sample
TRACE_BASE = 180.0  # seconds: traced growth is counted from the first sample after this


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def native_mb() -> dict[str, float]:
    """Memory outside Python's objects (Linux with glibc; empty elsewhere): the C allocator's
    heap in use and free but kept (`in_use`, `free_kept`, `mmapped`) and SQLite's own."""
    out: dict[str, float] = {}
    try:
        libc = ctypes.CDLL(None)
        libc.mallinfo2.restype = _Mallinfo2
        m = libc.mallinfo2()
        out |= {"malloc_in_use": m.uordblks / 2**20, "malloc_free_kept": m.fordblks / 2**20,
                "malloc_mmapped": m.hblkhd / 2**20, "malloc_arena": m.arena / 2**20}
    except (OSError, AttributeError):
        pass
    try:
        found = ctypes.util.find_library("sqlite3")
        if found:
            lib = ctypes.CDLL(found)
            lib.sqlite3_memory_used.restype = ctypes.c_int64
            out["sqlite"] = lib.sqlite3_memory_used() / 2**20
    except (OSError, AttributeError):
        pass
    return {k: round(v, 1) for k, v in out.items()}


def rss_mb() -> float:
    """This process's resident memory (Linux; 0 where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


class Diag:
    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.totals: dict[str, list[float]] = {}  # kind -> [count, total s, max s]
        self.events: dict[str, list[tuple[float, float]]] = {}  # kind -> [(start, seconds)]
        self.lags: list[float] = []  # every loop-lag sample (seconds late)
        self.started = time.monotonic()
        self._gc_t0 = self._gc_cpu0 = 0.0
        self.collected: dict[Any, int] = {}  # generation -> objects its collections freed
        self.probes: dict[str, Callable[[], Any]] = {}  # name -> a count of something held
        self.memory: list[dict[str, Any]] = []  # `sample_memory`'s samples
        self._first: tracemalloc.Snapshot | None = None
        frames = int(os.environ.get("BOARDWRIGHT_DIAG_TRACE", "0") or 0)
        if frames > 0:
            tracemalloc.start(frames)
        self._gc_seen: deque[tuple[Any, float, float, float, int]] = deque()  # see `_gc`
        gc.callbacks.append(self._gc)

    def close(self) -> None:
        """Stop recording the collector's pauses."""
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    def add(self, kind: str, start: float, seconds: float, keep: float = SLOW) -> None:
        with self.lock:
            t = self.totals.setdefault(kind, [0, 0.0, 0.0])
            t[0] += 1
            t[1] += seconds
            t[2] = max(t[2], seconds)
            if seconds >= keep:
                ev = self.events.setdefault(kind, [])
                ev.append((round(start - self.started, 4), round(seconds, 5)))
                if len(ev) > KEEP:
                    del ev[: KEEP // 10]

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        now = time.monotonic()
        if phase == "start":
            self._gc_t0 = now
            self._gc_cpu0 = time.thread_time()
        else:
            # noted without the lock: a collection can start in any thread that allocates,
            # also one holding the lock (it deadlocked `summary` under load); `_drain` adds them
            self._gc_seen.append((info.get("generation"), self._gc_t0, now - self._gc_t0,
                                  time.thread_time() - self._gc_cpu0, int(info.get("collected", 0))))

    def _drain(self) -> None:
        """The collections noted by `_gc`, added to the totals (call without the lock)."""
        while self._gc_seen:
            gen, t0, wall, cpu, collected = self._gc_seen.popleft()
            self.add(f"gc{gen}", t0, wall)
            self.add(f"gc{gen} cpu", t0, cpu)
            with self.lock:
                self.collected[gen] = self.collected.get(gen, 0) + collected

    def sample_memory(self) -> dict[str, Any]:
        """What the memory is made of now (a few tens of ms: the oldest generation is walked)."""
        old = gc.get_objects(2)
        types = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in old)
        probes: dict[str, Any] = {}
        for name, probe in self.probes.items():
            try:
                probes[name] = probe()
            except Exception as exc:  # a probe racing a change: noted, never fatal
                probes[name] = f"{type(exc).__name__}"
        sample = {"t": round(time.monotonic() - self.started, 1), "rss_mb": round(rss_mb(), 1),
                  "gc_count": gc.get_count(), "gen2": len(old), "garbage": len(gc.garbage),
                  "pymalloc_blocks": sys.getallocatedblocks(), "native_mb": native_mb(),
                  "frozen": gc.get_freeze_count(), "probes": probes,
                  "types": dict(types.most_common(TOP_TYPES))}
        del old
        if tracemalloc.is_tracing():
            sample["grown"] = self._grown()
        with self.lock:
            self.memory.append(sample)
        return sample

    def _grown(self, top: int = 15) -> list[dict[str, Any]]:
        """Where the traced memory grew since the base (the largest differences)."""
        if time.monotonic() - self.started < TRACE_BASE:
            return []
        snap = tracemalloc.take_snapshot()
        if self._first is None:
            self._first = snap
            return []
        diffs = snap.compare_to(self._first, "traceback")[:top]
        return [{"kb": round(d.size_diff / 1024), "count": d.count_diff,
                 "where": [f"{f.filename.rsplit('/', 3)[-1]}:{f.lineno}" for f in d.traceback]}
                for d in diffs]

    @contextmanager
    def timed(self, kind: str) -> Iterator[None]:
        t0 = time.monotonic()
        try:
            yield
        finally:
            self.add(kind, t0, time.monotonic() - t0)

    async def watch_loop(self) -> None:
        """The event loop's lag, sampled every `TICK`, and the file written every 10 s."""
        written = sampled = time.monotonic()
        while True:
            t0 = time.monotonic()
            await asyncio.sleep(TICK)
            now = time.monotonic()
            late = max(0.0, now - t0 - TICK)
            self.lags.append(late)
            if late >= SLOW:
                self.add("loop lag", t0 + TICK, late)
            if now - sampled >= MEM_EVERY:
                sampled = now
                await asyncio.get_running_loop().run_in_executor(None, self.sample_memory)
            if now - written >= 10:
                written = now
                await asyncio.get_running_loop().run_in_executor(None, self.write)

    def summary(self, final: bool = False) -> dict[str, Any]:
        self._drain()
        with self.lock:
            lags = sorted(self.lags)
            out: dict[str, Any] = {
                "seconds": round(time.monotonic() - self.started, 1),
                "gc_thresholds": gc.get_threshold(), "gc_frozen": gc.get_freeze_count(),
                "totals": {k: {"n": int(v[0]), "total_s": round(v[1], 3), "max_ms": round(1000 * v[2], 1)}
                           for k, v in sorted(self.totals.items())},
                "events": {k: list(v) for k, v in self.events.items()},
                "gc_collected": {str(k): v for k, v in sorted(self.collected.items())},
                "memory": list(self.memory),
            }
        if final:  # the objects the collector tracks, per generation (a costly count: at the end)
            out["gc_tracked"] = [len(gc.get_objects(g)) for g in range(3)]
            # the cyclic garbage that outlived the young collections since the last full one
            rss0 = rss_mb()
            out["final_collect"] = {"freed": gc.collect(), "gen2_after": len(gc.get_objects(2)),
                                    "rss_mb_before": round(rss0, 1), "rss_mb_after": round(rss_mb(), 1)}
        if lags:
            out["loop_lag_ms"] = {f"p{p}": round(1000 * lags[min(len(lags) - 1, len(lags) * p // 100)], 1)
                                  for p in (50, 90, 99)} | {"max": round(1000 * lags[-1], 1), "n": len(lags)}
        return out

    def write(self, final: bool = False) -> None:
        text = json.dumps(self.summary(final))
        tmp = f"{self.path}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, self.path)


DIAG: Diag | None = Diag(os.environ["BOARDWRIGHT_DIAG"]) if os.environ.get("BOARDWRIGHT_DIAG") else None


@contextmanager
def timed(kind: str) -> Iterator[None]:
    """A named section's time, when diagnostics are on (else nothing)."""
    if DIAG is None:
        yield
    else:
        with DIAG.timed(kind):
            yield
